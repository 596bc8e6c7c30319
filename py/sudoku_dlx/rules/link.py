"""A variant puzzle from an f-puzzles or SudokuPad link: read (:func:`parse_link`), solved
(:func:`solve_link`), and a player's grid checked against its rules (:func:`check_link`).

The link's clues become rules (:func:`~.table.rules_of`); what the solver cannot read is
refused by name, never ignored: a key no rule knows, or a shape f-puzzles only draws
(a line, a circle, a text) whose meaning is in the rules text alone.
"""

from __future__ import annotations

import time

from ..kinds.grid import SYMBOLS, InvalidPuzzleError, Puzzle, Shape, jigsaw_shape, parse, shape_for
from ..kinds.read import VARIANT_LINK
from ..links import fpuzzles, reader
from ..links.variant import Clue, Variant
from .solve import Grid, VariantPuzzle, fault, solutions
from .table import rules_of

__all__ = ["check_givens", "check_link", "drawing_of", "entry_digits", "fpuzzles_link", "is_link", "parse_link", "read_link", "rule_words",
           "solve_link", "variant_of"]

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


def _meant(variant: Variant) -> list[Clue]:
    """The link's clues but the drawings made from a constraint it types (they say nothing more)."""
    keys = {clue.key for clue in variant.clues}
    return [clue for clue in variant.clues if not fpuzzles.drawn_from(clue, keys)]


def read_link(text: str) -> tuple[VariantPuzzle, Variant]:
    """The puzzle of a link (and what the link says); InvalidPuzzleError naming what it cannot read."""
    variant = reader.read(text)
    drawn = sorted({clue.key for clue in _meant(variant) if clue.key in fpuzzles.COSMETIC})
    if variant.unknown or drawn:
        names = ", ".join([*variant.unknown, *(f"{key} (drawn only)" for key in drawn)])
        raise InvalidPuzzleError(f"this puzzle has rules the solver does not know: {names}")
    shape, box = _shape(variant)
    rules = rules_of(_meant(variant), variant.flags, variant.negative, variant.size, box)
    return VariantPuzzle(Grid(shape, rules), variant.givens), variant


def variant_of(puzzle: Puzzle) -> Variant:
    """A puzzle of a kind as a link describes it: its boxes (as regions where they are not
    f-puzzles' default ones), a jigsaw's regions, X's diagonals, windoku's windows as extra
    regions, a killer's cages. InvalidPuzzleError if f-puzzles cannot show it."""
    shape, n = puzzle.shape, puzzle.shape.n
    facts = shape.facts
    if facts.signs:
        raise InvalidPuzzleError(f"f-puzzles cannot show {facts.article}: it has no signs between cells")
    if not 4 <= n <= 16:
        raise InvalidPuzzleError(f"f-puzzles shows grids of 4x4 to 16x16, not {n}x{n}")
    default = not shape.regions and (shape.box_rows, shape.box_cols) == fpuzzles.box_shape(n)
    clues = [Clue("extraregion", unit) for unit in shape.extra_units if not facts.link_flags]
    clues += [Clue("killercage", cage.cells, value=str(cage.sum)) for cage in puzzle.cages]
    flags = frozenset(facts.link_flags)
    return Variant(n, puzzle.digits, None if default else shape.box_of, tuple(clues), flags)


def fpuzzles_link(text: str, puzzle: Puzzle | None = None) -> str:
    """The f-puzzles link that opens the link ``text`` (as f-puzzles writes it, whatever
    site it came from), or ``puzzle``, a puzzle of a kind (:func:`variant_of`)."""
    return fpuzzles.link(reader.read(text) if puzzle is None else variant_of(puzzle))


def rule_words(puzzle: VariantPuzzle) -> list[str]:
    """The puzzle's rules in words, each once, sorted (for the list beside the grid)."""
    n = puzzle.grid.n
    return sorted({rule.words(n) for rule in puzzle.grid.rules})


def check_givens(puzzle: VariantPuzzle) -> None:
    """InvalidPuzzleError, naming the rule and its cells, if the givens break a unit or a rule."""
    found = fault(puzzle, puzzle.digits)
    if found:
        raise InvalidPuzzleError(f"the givens break a rule: {found[0]}", found[1])


def entry_digits(puzzle: VariantPuzzle, entries: str) -> tuple[int, ...]:
    """The player's ``entries`` (the grid's digits, one line; "" for none) as digits, 0 where blank."""
    return parse(entries, shape=puzzle.grid.shape).digits if entries else (0,) * puzzle.grid.shape.cells


def drawing_of(variant: Variant) -> list[dict]:
    """Each clue of ``variant`` as the page's drawings take it (``static/rules/index.js``):
    ``key``, ``cells``, ``lines``, ``value``, ``outside`` (null if inside), ``direction``;
    a global rule by its ``key`` alone."""
    return [{"key": clue.key, "cells": list(clue.cells), "lines": [list(line) for line in clue.lines],
             "value": clue.value, "outside": list(clue.outside) if clue.outside else None,
             "direction": clue.direction} for clue in _meant(variant)] + [{"key": flag} for flag in sorted(variant.flags)]


def parse_link(text: str) -> dict:
    """``parse_puzzle``'s record for a link: ``puzzle`` (the text stripped), ``status``
    parsed, ``kind`` variant, ``size``, ``box_rows`` and ``box_cols`` (0 for irregular
    regions), ``regions`` (each cell's region), ``units`` (the rules' groups of cells whose
    digits differ, beyond the rows, columns and regions: diagonals, extra regions, cages,
    renban lines...), ``givens`` (one line, "." for blank) and ``clues`` (how many),
    ``drawing`` (:func:`drawing_of`), ``rules`` in words, ``named`` (each rule drawn on
    cells: its ``cells`` and itself by name, :meth:`~.base.Rule.named`, for the cells'
    labels), ``title``, ``author`` and ``text`` (the rules as the link writes them), all plain text."""
    puzzle, variant = read_link(text)
    grid = puzzle.grid
    shape = grid.shape
    own = set(shape.units)
    units: list[tuple[int, ...]] = []
    for unit in (*grid.full, *grid.small):
        if unit not in own and unit not in units:
            units.append(unit)
    return {"puzzle": text.strip(), "status": "parsed", "kind": "variant", "size": shape.n,
            "box_rows": shape.box_rows, "box_cols": shape.box_cols, "regions": list(shape.box_of),
            "units": [list(unit) for unit in units], "givens": "".join(shape.symbol(d) for d in puzzle.digits),
            "clues": sum(1 for d in puzzle.digits if d),
            "drawing": drawing_of(variant),
            "rules": rule_words(puzzle),
            "named": [{"cells": list(rule.cells()), "named": rule.named(shape.n)} for rule in grid.rules if rule.cells()],
            "title": variant.title, "author": variant.author, "text": variant.rules}


def check_link(text: str, entries: str) -> dict:
    """The player's grid (the givens and ``entries``) against the link's rules: ``status``
    kept (every cell filled, every rule kept: a solution), open (cells still blank, nothing
    broken so far) or broken, with ``error`` (the broken rule's sentence, "" if none) and
    ``cells`` (those at fault). Entries in a given's cell are not the player's: the given stands."""
    puzzle, _ = read_link(text)
    check_givens(puzzle)
    digits = tuple(g or t for g, t in zip(puzzle.digits, entry_digits(puzzle, entries)))
    found = fault(puzzle, digits)
    status = "broken" if found else "open" if 0 in digits else "kept"
    return {"puzzle": text.strip(), "status": status, "error": found[0] if found else "",
            "cells": list(found[1]) if found else []}


def solve_link(text: str, limit: int = 2) -> dict:
    """``solve --json``'s record for a link: ``kind`` "variant", ``rules`` in words,
    ``title`` and ``author`` as the link gives them, plain text."""
    start = time.perf_counter()
    puzzle, variant = read_link(text)
    n = puzzle.grid.n
    base = {"puzzle": text.strip(), "kind": "variant", "size": n, "title": variant.title, "author": variant.author,
            "rules": rule_words(puzzle)}
    try:
        check_givens(puzzle)
    except InvalidPuzzleError as error:
        return {**base, "status": "invalid", "solutions": [], "nodes": 0, "guesses": 0, "updates": 0, "ms": 0.0,
                "error": str(error), "cells": list(error.cells)}
    found, stats = solutions(puzzle, limit)
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    return {**base, "status": status, "solutions": ["".join(SYMBOLS[d - 1] for d in s) for s in found],
            "nodes": stats.tries, "guesses": stats.guesses, "updates": stats.updates,
            "ms": round((time.perf_counter() - start) * 1000, 3), "error": "" if found else "no solution keeps every rule",
            "cells": []}
