"""Baseline clue diggers (compare :mod:`sudoku_dlx.generator`).

All remove the orbits one by one in the given order, keeping a removal while
the puzzle stays unique, so given the same grid and orbit order they return the
same puzzle. Two are the textbook ways and test each removal from scratch:

* ``count``: count the solutions up to 2 with the DLX engine (the usual "DLX
  digger");
* ``naive``: put every other digit in each removed cell and ask the same
  engine for a solution (the usual "naive digger": try the other digits).

:func:`dig_halving` is the generator's earlier digger, which shares the givens'
selection between tests (see :class:`_Halving`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..dlx import ExactCover
from ..kinds.grid import Puzzle, Shape
from ..kinds.solver import count_solutions, exact_cover, solutions

__all__ = ["DIGGERS", "dig", "dig_halving"]


def _count_unique(shape: Shape, digits: list[int], orbit: tuple[int, ...], solution: tuple[int, ...]) -> bool:
    found, _ = solutions(Puzzle(shape, tuple(digits)), 2)
    return len(found) == 1


def _naive_unique(shape: Shape, digits: list[int], orbit: tuple[int, ...], solution: tuple[int, ...]) -> bool:
    trial = list(digits)
    for x in orbit:
        for d in range(1, shape.n + 1):
            if d != solution[x]:
                trial[x] = d
                if count_solutions(Puzzle(shape, tuple(trial)), 1):
                    return False
        trial[x] = solution[x]
    return True


#: name -> test(shape, clues with the orbit removed, orbit, solution) -> still unique?
DIGGERS: dict[str, Callable[[Shape, list[int], tuple[int, ...], tuple[int, ...]], bool]] = {
    "count": _count_unique,
    "naive": _naive_unique,
}


def dig(shape: Shape, solution: tuple[int, ...], order: Sequence[tuple[int, ...]], method: str) -> Puzzle:
    """Remove the orbits of ``order`` from the complete grid ``solution`` while ``method`` says unique."""
    unique = DIGGERS[method]
    digits = list(solution)
    for orbit in order:
        for x in orbit:
            digits[x] = 0
        if not unique(shape, digits, orbit, solution):
            for x in orbit:
                digits[x] = solution[x]
    return Puzzle(shape, tuple(digits))


def dig_halving(shape: Shape, solution: tuple[int, ...], order: Sequence[tuple[int, ...]],
                deadline: float | None) -> tuple[Puzzle, bool]:
    """Remove the orbits of ``order`` while the puzzle stays unique, sharing the
    givens' selection between tests; stop at ``deadline`` (a ``time.perf_counter()``
    value, None: none). Returns the puzzle and whether every orbit was tried."""
    digger = _Halving(shape, solution, deadline)
    digger.dig(exact_cover(shape).copy(), list(order))
    return Puzzle(shape, tuple(digger.digits)), not digger.skipped


class _Halving:
    """Each test is a DLX search for two solutions of the clues without the orbit,
    in the engine's problem with those clues selected. The clues at the test of an
    orbit are those kept before it plus all orbits not yet tried. Splitting the
    orbits into halves, the second half's clues are selected once for all tests of
    the first half, and the first half's kept clues once for all tests of the
    second half, so each clue is selected about log2(orbits) times instead of once
    per test."""

    def __init__(self, shape: Shape, solution: tuple[int, ...], deadline: float | None) -> None:
        self.n = shape.n
        self.solution = solution
        self.digits = list(solution)
        self.deadline = deadline
        self.clock = None if deadline is None else lambda stats: time.perf_counter() > deadline
        self.stopped = False  # the budget is spent
        self.skipped = False  # some orbit was left untried

    def clue_options(self, group: list[tuple[int, ...]]) -> list[int]:
        return [x * self.n + self.solution[x] - 1 for orbit in group for x in orbit]

    def dig(self, problem: ExactCover, group: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """Try to remove each orbit of ``group`` in order; return the orbits kept.

        ``problem`` has every current clue selected except those of ``group``;
        it is used up."""
        if self.stopped:
            self.skipped = True
            return group
        if len(group) == 1:
            return [] if self.remove(problem, group[0]) else group
        half = len(group) // 2
        first, second = group[:half], group[half:]
        problem_first = problem.copy()
        problem_first.select(self.clue_options(second))
        kept = self.dig(problem_first, first)
        problem.select(self.clue_options(kept))
        return kept + self.dig(problem, second)

    def remove(self, problem: ExactCover, orbit: tuple[int, ...]) -> bool:
        """Remove ``orbit`` from the clues if the solution stays unique; say whether it was.

        ``problem`` has every clue but the orbit's selected."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.stopped = True
        if self.stopped:
            self.skipped = True
            return False
        unique = sum(1 for _ in problem.search(2, stop=self.clock)) == 1
        if problem.stats.stopped:  # undecided: the orbit stays
            self.stopped = self.skipped = True
            return False
        if not unique:
            return False
        for x in orbit:
            self.digits[x] = 0
        return True
