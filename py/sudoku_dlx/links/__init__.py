"""f-puzzles and SudokuPad links: read what a link says into a typed :class:`~.variant.Variant`, and write f-puzzles links.

``lzstring`` is LZ-String's base64 and URI-safe forms; ``fpuzzles`` decodes f-puzzles links
(and SudokuPad links carrying f-puzzles data), reads and writes their JSON; ``sudokupad`` reads
SudokuPad's own ``scl`` links as far as their meaning is recoverable. No solver objects: the
rules layer gives each key its meaning. Imports only :mod:`sudoku_dlx.kinds.grid`.
"""

from __future__ import annotations

from . import fpuzzles, sudokupad
from .variant import Clue, Variant

__all__ = ["Clue", "Variant", "read"]


def read(text: str) -> Variant:
    """The Variant of any link this package reads: f-puzzles, SudokuPad (f-puzzles data or scl), bare data."""
    form, data = fpuzzles.payload(text)
    if form == "scl":
        return sudokupad.read(data)
    if form == "json":
        value = fpuzzles.decode(data)
        if isinstance(value, dict) and "cells" in value and "size" not in value:
            return sudokupad.read_json(value)
        return fpuzzles.read_json(value)
    return fpuzzles.read_json(fpuzzles.restore(data))
