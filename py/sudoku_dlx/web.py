"""The functions the page's worker calls.

Plain values in (strings, numbers, booleans), JSON-able dicts out. Input errors
come back as values, ``{"error": message, "cells": [cell, ...]}``, never as
exceptions, so the page can show the message and mark the cells.
"""

from __future__ import annotations

from .generator import DEFAULT_BUDGET
from .generator import generate as _generate
from .grid import InvalidPuzzleError, Puzzle, parse
from .solver import solve as _solve

__all__ = ["generate", "parse_puzzle", "solve"]


def _puzzle(text: str, size: int) -> Puzzle:
    return parse(text, size or None)


def _error(error: InvalidPuzzleError) -> dict:
    return {"error": str(error), "cells": list(error.cells)}


def parse_puzzle(text: str, size: int = 0) -> dict:
    """``{"puzzle", "size", "box_rows", "box_cols", "clues"}`` for any text the engine parses."""
    try:
        puzzle = _puzzle(text, size)
    except InvalidPuzzleError as error:
        return _error(error)
    shape = puzzle.shape
    return {
        "puzzle": str(puzzle),
        "size": shape.n,
        "box_rows": shape.box_rows,
        "box_cols": shape.box_cols,
        "clues": puzzle.clues,
    }


def solve(text: str, size: int = 0, limit: int = 2) -> dict:
    """Solve; ``status`` is unique, multiple or none, with up to ``limit`` solutions."""
    try:
        puzzle = _puzzle(text, size)
    except InvalidPuzzleError as error:
        return _error(error)
    result = _solve(puzzle, limit)
    return {
        "puzzle": str(puzzle),
        "size": puzzle.n,
        "status": result.status,
        "solutions": [str(s) for s in result.solutions],
        "reason": result.reason,
        "cells": list(result.clash or result.no_candidate),
        "nodes": result.stats.nodes,
        "guesses": result.stats.guesses,
        "ms": round(result.ms, 3),
    }


def generate(
    size: int = 9,
    symmetry: str = "random",
    seed: int | None = None,
    minimal: bool = True,
    target_clues: int | None = None,
    time_budget: float | None = DEFAULT_BUDGET,
) -> dict:
    """A new unique puzzle (see :func:`sudoku_dlx.generator.generate`); ``seed`` and
    ``symmetry`` in the answer reproduce it."""
    try:
        made = _generate(size, symmetry, seed, minimal, target_clues, time_budget)
    except InvalidPuzzleError as error:
        return _error(error)
    return made.record()

