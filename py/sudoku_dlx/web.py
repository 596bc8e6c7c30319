"""The functions the page's worker calls.

Plain values in (strings, numbers, booleans), JSON-able dicts out. Input errors
come back as values, ``{"error": message, "cells": [cell, ...]}``, never as
exceptions, so the page can show the message and mark the cells. A function
with a ``progress`` parameter may call it with JSON-able dicts while it works;
the worker passes them on to the page at once (see :func:`throttled`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict

from .generator import DEFAULT_BUDGET
from .generator import generate as _generate
from .grid import SYMBOLS, InvalidPuzzleError, Puzzle, cell_name, find_clash, parse
from .rating import hint as _hint
from .rating import rate as _rate
from .solver import clash_reason
from .solver import solve as _solve
from .trace import trace_search

__all__ = ["dlx_steps", "generate", "hint", "parse_puzzle", "rate", "solve"]


def throttled(progress: Callable[[dict], object] | None, seconds: float = 0.1) -> Callable[[dict], None]:
    """``progress``, passed on at most once every ``seconds`` (the first call always);
    a function that does nothing when ``progress`` is None."""
    last = -seconds

    def report(record: dict) -> None:
        nonlocal last
        now = time.perf_counter()
        if progress is not None and now - last >= seconds:
            last = now
            progress(record)

    return report


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
    difficulty: str | None = None,
) -> dict:
    """A new unique puzzle (see :func:`sudoku_dlx.generator.generate`); ``seed`` and
    ``symmetry`` in the answer reproduce it. With a ``difficulty`` (a grade name),
    also ``score``, ``grade`` (which may differ when the time ran out) and ``puzzles``."""
    try:
        made = _generate(size, symmetry, seed, minimal, target_clues, time_budget, difficulty)
    except InvalidPuzzleError as error:
        return _error(error)
    return made.record()



def dlx_steps(text: str, size: int = 0, max_steps: int = 5000) -> dict:
    """The DLX search of the givens step by step (at most ``max_steps``): the
    reduction's ``items`` and ``options``, those still ``open_items`` and
    ``open_options`` after the givens, and ``steps``: ``kind``, ``text``,
    ``placed``, ``open_items`` and ``open_options`` after the step, ``cell`` and
    ``digit`` (placed or cleared), ``cells``."""
    try:
        puzzle = _puzzle(text, size)
    except InvalidPuzzleError as error:
        return _error(error)
    clash = find_clash(puzzle)
    if clash:
        return {"error": f"The givens clash: {clash_reason(puzzle, clash)}.", "cells": list(clash)}
    walk = trace_search(puzzle, max_steps)
    return {
        "puzzle": str(puzzle),
        "size": puzzle.n,
        "clues": puzzle.clues,
        "items": walk.items,
        "options": walk.options,
        "open_items": walk.open_items,
        "open_options": walk.open_options,
        "nodes": walk.stats.nodes,
        "complete": walk.complete,
        "steps": [{**asdict(event), "cells": list(event.cells)} for event in walk.events],
    }


def rate(text: str, size: int = 0, progress: Callable[[dict], object] | None = None) -> dict:
    """The rating (``rate --json``'s fields) and the solving ``path``: every step in order.
    ``progress`` hears ``{"steps": count, "hardest": technique, "score": score}``
    (the hardest step so far) a few times a second while the rating works."""
    try:
        rating = _rate(_puzzle(text, size), progress=throttled(progress))
    except InvalidPuzzleError as error:
        return _error(error)
    shape = rating.puzzle.shape
    return {**rating.record(), "path": [step.record(shape) for step in rating.path]}


def hint(text: str, entries: str = "", notes: list[str] | None = None, size: int = 0) -> dict:
    """The next hint for the givens ``text``, the player's ``entries`` (same shape, one
    line) and ``notes`` (one string of candidate symbols per cell, "" for none):
    ``kind`` (wrong, step, solved), ``text``, ``cells``, and for a step its fields."""
    try:
        puzzle = _puzzle(text, size)
        shape = puzzle.shape
        typed = parse(entries, shape.n, (shape.box_rows, shape.box_cols)) if entries else None
        found = _hint(puzzle, typed, _marks(notes, puzzle) if notes else None)
    except InvalidPuzzleError as error:
        return _error(error)
    step = found.step.record(shape) if found.step else {}
    return {**step, "kind": found.kind, "text": found.text, "cells": list(found.cells)}


def _marks(notes: list[str], puzzle: Puzzle) -> list[int]:
    """Candidate masks from notes, one string of symbols per cell."""
    n = puzzle.n
    if len(notes) != n * n:
        raise InvalidPuzzleError(f"notes are needed for all {n * n} cells, not {len(notes)}")
    masks = []
    for cell, note in enumerate(notes):
        mask = 0
        for symbol in note:
            digit = SYMBOLS.find(symbol.upper()) + 1
            if not 0 < digit <= n:
                raise InvalidPuzzleError(f"note {symbol!r} in {cell_name(cell, n)} is no digit of this grid", (cell,))
            mask |= 1 << (digit - 1)
        masks.append(mask)
    return masks
