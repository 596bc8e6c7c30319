"""What the stochastic solvers (``annealing``, ``genetic``, ``boltzmann``) share: their
result record, the check a solution passes before it is reported, and the boxes.

Each solver takes a classic sudoku of any box size, a ``seed`` (a run replays
iteration for iteration), a cap in iterations and one in seconds (0: none) and
an optional ``stop`` callable asked now and then; none can prove a solution
unique, or that there is none: a run ends solved or at a cap.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, Puzzle, Shape

__all__ = ["CHECK_EVERY", "Run", "Stochastic", "Watch", "box_fill", "conflicts", "is_solution", "needs_classic"]

#: What a run tells its watcher at each change of its state: the state's digits, the cells
#: that changed (None: any may have), its cost (the solver's own measure: 0 when solved)
#: and its temperature (0.0 for a solver without one).
Watch = Callable[[list[int], "list[int] | None", int, float], None]

#: Iterations between two looks at the clock and at ``stop``.
CHECK_EVERY = 1024


@dataclass(frozen=True)
class Stochastic:
    """A stochastic solver's run: ``solved`` with its ``solution`` (checked against the
    puzzle's rules; None when unsolved), the ``iterations`` made, the milliseconds,
    and ``conflicts``: pairs of cells in one unit that hold the same digit in the best
    state seen (0 when solved)."""

    solved: bool
    solution: tuple[int, ...] | None
    iterations: int
    ms: float
    conflicts: int


class Run:
    """The bookkeeping of one run: its random numbers, its caps and its clock."""

    def __init__(self, seed: int, max_iterations: int, max_seconds: float,
                 stop: Callable[[], bool] | None) -> None:
        self.rng = random.Random(seed)
        self.max_iterations = max_iterations
        self.stop = stop
        self.start = time.perf_counter()
        self.deadline = self.start + max_seconds if max_seconds > 0 else 0.0

    def over(self, iterations: int) -> bool:
        """Whether the run must end after ``iterations``: a cap reached, or ``stop`` said so
        (the clock and ``stop`` are asked every :data:`CHECK_EVERY` iterations)."""
        if self.max_iterations and iterations >= self.max_iterations:
            return True
        if iterations % CHECK_EVERY:
            return False
        return bool(self.deadline and time.perf_counter() > self.deadline or self.stop and self.stop())

    def result(self, puzzle: Puzzle, best: list[int], iterations: int) -> Stochastic:
        """The record of a run whose best state is ``best``: solved only if it passes
        :func:`is_solution`."""
        ms = (time.perf_counter() - self.start) * 1000
        if is_solution(puzzle, best):
            return Stochastic(True, tuple(best), iterations, ms, 0)
        return Stochastic(False, None, iterations, ms, conflicts(puzzle.shape, best))


def needs_classic(puzzle: Puzzle) -> None:
    """InvalidPuzzleError unless ``puzzle`` is a classic sudoku (rows, columns, boxes alone)."""
    if puzzle.kind != "sudoku" or not puzzle.shape.box_rows:
        raise InvalidPuzzleError(f"the stochastic solvers take classic sudoku, not {puzzle.shape.facts.article}")


def is_solution(puzzle: Puzzle, digits: list[int] | tuple[int, ...]) -> bool:
    """Whether ``digits`` keeps every given and holds each digit once in every unit."""
    shape, every = puzzle.shape, set(range(1, puzzle.n + 1))
    if len(digits) != shape.cells or any(d and digits[x] != d for x, d in enumerate(puzzle.digits)):
        return False
    return all({digits[x] for x in unit} == every for unit in shape.units)


def conflicts(shape: Shape, digits: list[int]) -> int:
    """Pairs of cells in one unit (row, col or box) holding the same digit (blanks aside)."""
    total = 0
    for unit in shape.units:
        seen: dict[int, int] = {}
        for x in unit:
            d = digits[x]
            if d:
                total += seen.get(d, 0)
                seen[d] = seen.get(d, 0) + 1
    return total


def box_fill(puzzle: Puzzle, rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """The givens with each box's blank cells filled by a random permutation of the digits
    the box misses, and each box's blank cells. Where givens clash in a box it misses more
    digits than it has blanks: some are left out, and the clash stays."""
    n, digits = puzzle.n, list(puzzle.digits)
    free: list[list[int]] = []
    for unit in puzzle.shape.units[2 * n:3 * n]:
        blanks = [x for x in unit if not digits[x]]
        missing = sorted(set(range(1, n + 1)) - {digits[x] for x in unit})
        rng.shuffle(missing)
        for x, d in zip(blanks, missing):
            digits[x] = d
        free.append(blanks)
    return digits, free
