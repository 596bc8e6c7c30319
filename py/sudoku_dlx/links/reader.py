"""Any link the package reads, to its Variant: f-puzzles, SudokuPad (f-puzzles data or its own scl), bare data or JSON."""

from __future__ import annotations

from ..kinds.grid import InvalidPuzzleError
from . import fpuzzles, sudokupad
from .variant import Variant


def read(text: str) -> Variant:
    """The Variant of ``text``: a link, bare f-puzzles data, or either program's JSON."""
    form, data = fpuzzles.payload(text)
    if form == "scl":
        return sudokupad.read(data)
    if form == "json":
        try:
            value = fpuzzles.decode(data)
        except InvalidPuzzleError as error:  # SudokuPad's zipped JSON, or not JSON at all
            try:
                value = sudokupad.unzip(data)
            except InvalidPuzzleError:
                raise error from None
        if isinstance(value, dict) and "cells" in value and "size" not in value:
            return sudokupad.read_json(value)
        return fpuzzles.read_json(value)
    return fpuzzles.read_json(fpuzzles.restore(data))
