"""Sudoku as exact cover, solved with :mod:`sudoku_dlx.dlx`.

The reduction: every cell needs a digit (a *cell* item), and every row, column
and box needs each digit once (*row-digit*, *col-digit* and *box-digit* items).
Placing digit ``d`` in cell ``x`` is the option made of the four items it
satisfies: 4n² items and n³ options, 324 and 729 for 9x9.

The links of the empty grid are built once per shape. A puzzle starts from a
copy of them (a few list copies) and covers its givens first, so the search
sees only the items still open and the options still possible, as if only those
had been built.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from ..dlx import ExactCover, SearchStats
from .grid import Puzzle, Shape, cell_name, find_clash, parse

__all__ = ["SolveResult", "clash_reason", "count_solutions", "exact_cover", "solutions", "solve", "with_givens"]


def solutions(
    puzzle: Puzzle,
    limit: int = 0,
    rng: random.Random | None = None,
    stop: Callable[[SearchStats], bool] | None = None,
) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The completions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics.

    ``rng`` and ``stop`` go to :meth:`ExactCover.search`. The givens must not
    clash (see :func:`~sudoku_dlx.kinds.grid.find_clash`).
    """
    n = puzzle.n
    problem = with_givens(puzzle)
    found = []
    for chosen in problem.search(limit, rng, stop):
        digits = list(puzzle.digits)
        for option in chosen:
            cell, d = divmod(option, n)
            digits[cell] = d + 1
        found.append(tuple(digits))
    return found, problem.stats


def with_givens(puzzle: Puzzle) -> ExactCover:
    """A copy of the grid's exact cover with the givens of ``puzzle`` selected."""
    n = puzzle.n
    problem = exact_cover(puzzle.shape).copy()
    problem.select(cell * n + digit - 1 for cell, digit in enumerate(puzzle.digits) if digit)
    return problem


@cache
def exact_cover(shape: Shape) -> ExactCover:
    """The exact cover of the empty grid: option ``cell * n + digit - 1`` places
    ``digit`` in ``cell`` and covers the items cell, row-digit, col-digit and
    box-digit (``n * n`` of each kind, numbered in that order; the order breaks
    ties in the search's choice of item). Built once per shape and shared:
    :meth:`~ExactCover.copy` it before selecting or searching."""
    n = shape.n
    nn = n * n
    problem = ExactCover(4 * nn)
    problem.add_options(
        (cell, nn + cell // n * n + d, 2 * nn + cell % n * n + d, 3 * nn + shape.box(cell) * n + d)
        for cell in range(nn)
        for d in range(n)
    )
    return problem


@dataclass
class SolveResult:
    """The answer for one puzzle.

    ``status`` is ``unique``, ``multiple``, ``none`` (the givens are a valid grid
    but no way of filling it works) or ``invalid`` (two givens clash, so the
    grid breaks the rules before any search); ``solutions`` holds up to ``limit``
    of them (two different ones for ``multiple``); ``reason`` says why there is
    none: ``clash`` holds two givens that clash, ``no_candidate`` the blank cells
    no digit fits.
    """

    puzzle: Puzzle
    status: str
    solutions: list[Puzzle]
    stats: SearchStats = field(default_factory=SearchStats)
    ms: float = 0.0
    reason: str = ""
    clash: tuple[int, ...] = ()
    no_candidate: tuple[int, ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells at fault: the clashing givens, or the blank cells no digit fits."""
        return self.clash or self.no_candidate

    def record(self) -> dict:
        """The JSON-able fields of ``solve --json`` and the page's solve (``error``: the reason)."""
        return {
            "puzzle": str(self.puzzle),
            "size": self.puzzle.n,
            "status": self.status,
            "solutions": [str(s) for s in self.solutions],
            "nodes": self.stats.nodes,
            "guesses": self.stats.guesses,
            "updates": self.stats.updates,
            "ms": round(self.ms, 3),
            "error": self.reason,
            "cells": list(self.cells),
        }


def solve(puzzle: Puzzle | str, limit: int = 2) -> SolveResult:
    """Solve ``puzzle`` (a :class:`Puzzle` or any text :func:`parse` takes).

    Givens that clash make the status ``invalid`` (no search is made). ``limit`` caps how many solutions are looked for (0: all); it is at least 2,
    which is enough to tell ``unique`` from ``multiple``. Raises
    ``InvalidPuzzleError`` on text that is no puzzle.
    """
    start = time.perf_counter()
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    clash = find_clash(puzzle)
    if clash:
        return SolveResult(puzzle, "invalid", [], ms=_ms(start), reason=clash_reason(puzzle, clash), clash=clash)
    found, stats = solutions(puzzle, limit and max(limit, 2))
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    stuck = _no_candidate(puzzle) if not found else ()
    if stuck:
        reason = f"{cell_name(stuck[0], puzzle.n)} has no candidate: its row, column and box hold every digit"
    else:
        reason = "every way of filling the grid runs into a contradiction" if not found else ""
    return SolveResult(
        puzzle, status, [Puzzle(puzzle.shape, s) for s in found], stats, _ms(start), reason,
        no_candidate=stuck,
    )


def clash_reason(puzzle: Puzzle, clash: tuple[int, int]) -> str:
    """Says which two givens clash: ``the givens clash: r1c3 and r1c7 both have 5``."""
    a, b = clash
    n = puzzle.n
    return f"the givens clash: {cell_name(a, n)} and {cell_name(b, n)} both have {puzzle.shape.symbol(puzzle.digits[a])}"


def _no_candidate(puzzle: Puzzle) -> tuple[int, ...]:
    """The blank cells whose peers hold every digit."""
    digits, peers, n = puzzle.digits, puzzle.shape.peers, puzzle.n
    return tuple(
        cell for cell, d in enumerate(digits)
        if not d and len({digits[p] for p in peers[cell]} - {0}) == n
    )


def count_solutions(puzzle: Puzzle | str, limit: int = 0) -> int:
    """How many solutions ``puzzle`` has, counting up to ``limit`` (0: all)."""
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    return 0 if find_clash(puzzle) else len(solutions(puzzle, limit)[0])


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000
