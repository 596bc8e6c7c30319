"""Sudoku as exact cover, solved with :mod:`sudoku_dlx.dlx`.

The reduction: every blank cell needs a digit (a *cell* item), and every row,
column and box needs each digit it lacks (*row-digit*, *col-digit* and
*box-digit* items). Placing digit ``d`` in cell ``x`` is the option made of the
four items it satisfies. The givens are covered before any link is built: an
item a given already satisfies is never created, and only the (cell, digit)
pairs no given rules out become options. A 9x9 puzzle thus has at most 324 items
and 729 options, and a 17-clue one far fewer.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from .dlx import ExactCover, SearchStats
from .grid import Puzzle, cell_name, find_clash, parse

__all__ = ["SolveResult", "count_solutions", "solutions", "solve"]


def solutions(
    puzzle: Puzzle, limit: int = 0, rng: random.Random | None = None
) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The completions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics.

    The givens must not clash (see :func:`~sudoku_dlx.grid.find_clash`).
    """
    problem, placements = _exact_cover(puzzle)
    found = []
    for chosen in problem.search(limit, rng):
        digits = list(puzzle.digits)
        for option in chosen:
            cell, digit = placements[option]
            digits[cell] = digit
        found.append(tuple(digits))
    return found, problem.stats


def _exact_cover(puzzle: Puzzle) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact-cover problem of the blank cells, and each option's (cell, digit)."""
    shape = puzzle.shape
    n = shape.n
    digits = puzzle.digits
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    boxes = [set() for _ in range(n)]
    blanks = []
    for cell, d in enumerate(digits):
        r, c, b = cell // n, cell % n, shape.box(cell)
        if d:
            rows[r].add(d)
            cols[c].add(d)
            boxes[b].add(d)
        else:
            blanks.append((cell, r, c, b))
    item_of: dict[tuple[int, int, int], int] = {}  # (kind, unit or cell, digit) -> item

    def item(key: tuple[int, int, int]) -> int:
        number = item_of.get(key)
        if number is None:
            number = item_of[key] = len(item_of)
        return number

    everything = range(1, n + 1)
    for kind, placed in ((1, rows), (2, cols), (3, boxes)):
        for unit, present in enumerate(placed):
            for d in everything:
                if d not in present:
                    item((kind, unit, d))
    for cell, *_ in blanks:
        item((0, cell, 0))
    problem = ExactCover(len(item_of))
    placements = []
    for cell, r, c, b in blanks:
        used = rows[r] | cols[c] | boxes[b]
        for d in everything:
            if d not in used:
                problem.add_option(
                    (item_of[0, cell, 0], item_of[1, r, d], item_of[2, c, d], item_of[3, b, d])
                )
                placements.append((cell, d))
    return problem, placements


@dataclass
class SolveResult:
    """The answer for one puzzle.

    ``status`` is ``unique``, ``multiple`` or ``none``; ``solutions`` holds up to
    ``limit`` of them (two different ones for ``multiple``); ``reason`` says why
    there is none when the givens clash, naming the two cells.
    """

    puzzle: Puzzle
    status: str
    solutions: list[Puzzle]
    stats: SearchStats = field(default_factory=SearchStats)
    ms: float = 0.0
    reason: str = ""
    clash: tuple[int, ...] = ()


def solve(puzzle: Puzzle | str, limit: int = 2) -> SolveResult:
    """Solve ``puzzle`` (a :class:`Puzzle` or any text :func:`parse` takes).

    ``limit`` caps how many solutions are looked for (0: all); 2 is enough to
    tell ``unique`` from ``multiple``. Raises ``InvalidPuzzleError`` on text
    that is no puzzle.
    """
    start = time.perf_counter()
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    clash = find_clash(puzzle)
    if clash:
        a, b = clash
        n = puzzle.n
        digit = puzzle.shape.symbol(puzzle.digits[a])
        reason = f"{cell_name(a, n)} and {cell_name(b, n)} both have {digit}"
        return SolveResult(puzzle, "none", [], ms=_ms(start), reason=reason, clash=clash)
    found, stats = solutions(puzzle, limit)
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    reason = "no digit fits without a contradiction" if not found else ""
    return SolveResult(
        puzzle, status, [Puzzle(puzzle.shape, s) for s in found], stats, _ms(start), reason
    )


def count_solutions(puzzle: Puzzle | str, limit: int = 0) -> int:
    """How many solutions ``puzzle`` has, counting up to ``limit`` (0: all)."""
    return len(solve(puzzle, limit).solutions)


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000
