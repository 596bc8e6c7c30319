"""A variant puzzle from an f-puzzles or SudokuPad link, solved: :func:`solve_link`.

The link's clues become rules (:func:`~.table.rules_of`); what the solver cannot read is
refused by name, never ignored: a key no rule knows, or a shape f-puzzles only draws
(a line, a circle, a text) whose meaning is in the rules text alone.
"""

from __future__ import annotations

import time

from ..kinds.grid import SYMBOLS, InvalidPuzzleError, Shape, jigsaw_shape, shape_for
from ..kinds.read import VARIANT_LINK
from ..links import fpuzzles, reader
from ..links.variant import Variant
from .solve import Grid, VariantPuzzle, fault, solutions
from .table import rules_of

__all__ = ["is_link", "read_link", "solve_link"]

def is_link(text: str) -> bool:
    """Whether ``text`` is meant as a link (or SudokuPad's prefixed data), not a grid."""
    return bool(VARIANT_LINK.match(text))


def _shape(variant: Variant) -> tuple[Shape, tuple[int, int] | None]:
    """The grid's shape and its boxes' (rows, cols), None for irregular regions."""
    n = variant.size
    regions = variant.regions
    if regions is not None and -1 in regions:
        cells = tuple(x for x, k in enumerate(regions) if k == -1)
        raise InvalidPuzzleError("cells in no region are not solved here yet", cells)
    box = fpuzzles.box_shape(n)
    if regions is None and box[0] > 1:
        return shape_for(n, box), box
    return jigsaw_shape(regions or tuple(x // n for x in range(n * n))), None


def read_link(text: str) -> tuple[VariantPuzzle, Variant]:
    """The puzzle of a link (and what the link says); InvalidPuzzleError naming what it cannot read."""
    variant = reader.read(text)
    drawn = sorted({clue.key for clue in variant.clues if clue.key in fpuzzles.COSMETIC})
    if variant.unknown or drawn:
        names = ", ".join([*variant.unknown, *(f"{key} (drawn only)" for key in drawn)])
        raise InvalidPuzzleError(f"this puzzle has rules the solver does not know: {names}")
    shape, box = _shape(variant)
    rules = rules_of(variant.clues, variant.flags, variant.negative, variant.size, box)
    return VariantPuzzle(Grid(shape, rules), variant.givens), variant


def solve_link(text: str, limit: int = 2) -> dict:
    """``solve --json``'s record for a link: ``kind`` "variant", ``rules`` in words,
    ``title`` and ``author`` as the link gives them, plain text."""
    start = time.perf_counter()
    puzzle, variant = read_link(text)
    n = puzzle.grid.n
    base = {"puzzle": text.strip(), "kind": "variant", "size": n, "title": variant.title, "author": variant.author,
            "rules": sorted({rule.words(n) for rule in puzzle.grid.rules})}
    why = fault(puzzle, puzzle.digits)
    if why:
        return {**base, "status": "invalid", "solutions": [], "nodes": 0, "guesses": 0, "updates": 0, "ms": 0.0,
                "error": f"the givens break a rule: {why[0]}", "cells": list(why[1])}
    found, stats = solutions(puzzle, limit)
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    return {**base, "status": status, "solutions": ["".join(SYMBOLS[d - 1] for d in s) for s in found],
            "nodes": stats.tries, "guesses": stats.guesses, "updates": stats.updates,
            "ms": round((time.perf_counter() - start) * 1000, 3), "error": "" if found else "no solution keeps every rule",
            "cells": []}
