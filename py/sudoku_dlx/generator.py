"""Puzzle generation: a random complete grid, then clues removed while the solution stays unique.

1. The DLX engine fills the empty grid, trying the options of each item in the
   order of a seeded ``random.Random``: the same seed gives the same grid.
2. The cells are grouped into *orbits* of the chosen symmetry (a cell and its
   images), and the orbits are tried in random order. An orbit is removed only
   if the puzzle stays unique; one that must stay can never go later (removing
   more clues only adds solutions), so one pass leaves a *minimal* puzzle: no
   remaining orbit can go.

The uniqueness test is a DLX search for two solutions of the clues without
the orbit, in the engine's problem with those clues selected. The clues at the
test of an orbit are those kept before it plus all orbits not yet tried.
Splitting the orbits into halves, the second half's clues are selected once for
all tests of the first half, and the first half's kept clues once for all tests
of the second half, so each clue is selected about log2(orbits) times instead
of once per test. (The recursion is only that deep: at most 10 levels for 25x25.)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from .dlx import ExactCover
from .grid import InvalidPuzzleError, Puzzle, Shape, shape_for
from .rating import GRADES, rate
from .solver import exact_cover, solutions

__all__ = ["DEFAULT_BUDGET", "SYMMETRIES", "Generated", "Plan", "complete_grid", "generate", "orbits", "plan"]

#: Each symmetry as a map of (row, col) in an n x n grid. ``horizontal`` mirrors
#: in the horizontal middle line (top <-> bottom), ``vertical`` in the vertical
#: one (left <-> right), ``diagonal`` in the main diagonal (r1c1 to rNcN),
#: ``antidiagonal`` in the other; ``quarter`` turns by 90 degrees.
_MAPS = {
    "none": lambda r, c, n: (r, c),
    "rotational": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "quarter": lambda r, c, n: (c, n - 1 - r),
    "horizontal": lambda r, c, n: (n - 1 - r, c),
    "vertical": lambda r, c, n: (r, n - 1 - c),
    "diagonal": lambda r, c, n: (c, r),
    "antidiagonal": lambda r, c, n: (n - 1 - c, n - 1 - r),
}
#: The symmetry names; ``random`` (one of these, drawn with the seed) is also accepted.
SYMMETRIES = tuple(_MAPS)
#: Seconds a generation may take by default before it returns the best puzzle so far.
DEFAULT_BUDGET = 10.0


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution and how it was made.

    ``minimal``: every remaining clue orbit was tried and must stay (False when
    ``target_clues``, the time budget or ``minimal=False`` stopped the removal
    early). ``attempts``: orbits tried, one DLX search each. With a difficulty:
    the ``score`` and ``grade`` of the puzzle (None when the time ran out before
    any puzzle was rated), and how many ``puzzles`` were made (0 without one).
    """

    puzzle: Puzzle
    solution: Puzzle
    seed: int
    symmetry: str
    minimal: bool
    attempts: int
    ms: float
    score: float | None = None
    grade: str | None = None
    puzzles: int = 0

    @property
    def clues(self) -> int:
        return self.puzzle.clues

    def record(self) -> dict:
        """The JSON-able fields (of ``web.generate`` and ``generate --json``)."""
        return {
            "puzzle": str(self.puzzle),
            "solution": str(self.solution),
            "size": self.puzzle.n,
            "clues": self.clues,
            "seed": self.seed,
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "attempts": self.attempts,
            "ms": round(self.ms, 3),
        } | ({"score": self.score, "grade": self.grade, "puzzles": self.puzzles} if self.puzzles else {})


def orbits(n: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells of an ``n`` x ``n`` grid grouped by ``symmetry``, in order of their first cell."""
    step = _MAPS[symmetry]
    seen: set[int] = set()
    found = []
    for cell in range(n * n):
        if cell in seen:
            continue
        orbit = [cell]
        r, c = divmod(cell, n)
        while True:
            r, c = step(r, c, n)
            image = r * n + c
            if image in orbit:
                break
            orbit.append(image)
        seen.update(orbit)
        found.append(tuple(orbit))
    return found


def complete_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: the engine's first solution of the empty grid, options in ``rng`` order.

    A search that needs more than ``4 * cells`` guesses starts over (the usual
    need is under one guess per cell); this cuts the rare runs of seconds for
    25x25 and keeps the result a function of ``rng``.
    """
    empty = Puzzle(shape, (0,) * shape.cells)
    most = 4 * shape.cells
    while True:
        found, stats = solutions(empty, 1, rng, stop=lambda stats: stats.guesses >= most)
        if not stats.stopped:
            return found[0]


class Plan(NamedTuple):
    """What the seed decides before any clue is removed."""

    shape: Shape
    symmetry: str
    seed: int
    solution: tuple[int, ...]
    order: list[tuple[int, ...]]  # the orbits in the order they are tried


def plan(size: int = 9, symmetry: str = "random", seed: int | None = None) -> Plan:
    """Draw the seed if None, then with one ``random.Random(seed)``: the symmetry
    if ``random``, the complete grid, the order of the orbits."""
    shape = shape_for(size)
    if symmetry != "random" and symmetry not in _MAPS:
        names = ", ".join(SYMMETRIES + ("random",))
        raise InvalidPuzzleError(f"unknown symmetry {symmetry!r}; choose from {names}")
    if seed is None:
        seed = random.randrange(2**31)
    elif not _is_number(seed, int):
        raise InvalidPuzzleError(f"seed must be an integer, not {seed!r}")
    rng = random.Random(seed)
    if symmetry == "random":
        symmetry = rng.choice(SYMMETRIES)
    solution = complete_grid(shape, rng)
    order = orbits(shape.n, symmetry)
    rng.shuffle(order)
    return Plan(shape, symmetry, seed, solution, order)


def generate(
    size: int = 9,
    symmetry: str = "random",
    seed: int | None = None,
    minimal: bool = True,
    target_clues: int | None = None,
    time_budget: float | None = DEFAULT_BUDGET,
    difficulty: str | None = None,
    progress: Callable[[Generated], None] | None = None,
) -> Generated:
    """A puzzle with exactly one solution, its clue pattern symmetric under ``symmetry``.

    ``seed`` (drawn at random when None, and returned) determines the puzzle,
    unless the time budget cuts the removal short. ``minimal=True`` tries every
    orbit, so no clue orbit can be removed from the result; ``minimal=False``
    stops at the first orbit that must stay (faster, more clues).
    ``target_clues`` stops removing at that many clues, or just above when no
    orbit fits; fewer clues do not by themselves make a harder puzzle.
    ``time_budget`` (seconds, None: no limit) bounds the clue removal, which
    starts after the grid is filled (about 0.1 s for 25x25, rarely 0.5 s): when
    it is spent the puzzle so far, unique but not minimal, is returned.
    ``difficulty`` (a grade name of :data:`sudoku_dlx.rating.GRADES`) generates
    and rates puzzles until one has that grade, see :func:`_graded`.
    A bad argument raises ``InvalidPuzzleError``.
    """
    if difficulty is not None:
        return _graded(difficulty, progress, size, symmetry, seed, minimal, target_clues, time_budget)
    start = time.perf_counter()
    if time_budget is not None and not (_is_number(time_budget) and time_budget > 0):
        raise InvalidPuzzleError(f"time_budget must be a positive number of seconds, not {time_budget!r}")
    shape, symmetry, seed, solution, order = plan(size, symmetry, seed)
    if target_clues is not None and not (_is_number(target_clues, int) and 0 <= target_clues <= shape.cells):
        raise InvalidPuzzleError(f"target_clues must be an integer 0..{shape.cells}, not {target_clues!r}")
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    digger = _Digger(shape, solution, deadline, target_clues or 0, stop_at_failure=not minimal)
    digger.dig(exact_cover(shape).copy(), order)
    return Generated(
        Puzzle(shape, tuple(digger.digits)),
        Puzzle(shape, solution),
        seed,
        symmetry,
        not digger.skipped,
        digger.attempts,
        (time.perf_counter() - start) * 1000,
    )


def _graded(difficulty: str, progress, size, symmetry, seed, minimal, target_clues, time_budget) -> Generated:
    """Generate and rate puzzles (their seeds drawn from ``seed``) until one has the grade
    ``difficulty`` or the time budget is spent; then the one nearest in grade (or,
    when the budget ran out during the first rating, that puzzle with no grade). Its
    ``seed`` alone reproduces it; ``puzzles`` counts the puzzles made; ``progress``
    hears each of them."""
    grades = [name for name, _ in GRADES]
    if difficulty not in grades:
        raise InvalidPuzzleError(f"unknown difficulty {difficulty!r}; choose from {', '.join(grades)}")
    start = time.perf_counter()
    if seed is None:
        seed = random.randrange(2**31)
    elif not _is_number(seed, int):
        raise InvalidPuzzleError(f"seed must be an integer, not {seed!r}")
    rng = random.Random(seed)
    deadline = None if time_budget is None else start + time_budget
    best, puzzles = None, 0
    while True:
        left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
        made = generate(size, symmetry, rng.randrange(2**31), minimal, target_clues, left)
        puzzles += 1
        try:
            rating = rate(made.puzzle, deadline)
        except TimeoutError:
            best = best or made  # the budget ran out while rating: if none was rated, this one, unrated
            return replace(best, puzzles=puzzles, ms=(time.perf_counter() - start) * 1000)
        made = replace(made, score=rating.score, grade=rating.grade, puzzles=puzzles)
        if progress:
            progress(made)
        if best is None or _distance(made, difficulty) < _distance(best, difficulty):
            best = made
        if best.grade == difficulty or (deadline is not None and time.perf_counter() >= deadline):
            return replace(best, puzzles=puzzles, ms=(time.perf_counter() - start) * 1000)


def _distance(made: Generated, difficulty: str) -> int:
    grades = [name for name, _ in GRADES]
    return abs(grades.index(made.grade) - grades.index(difficulty))


def _is_number(value: object, kind: type | tuple[type, ...] = (int, float)) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


class _Digger:
    """The clue removal of :func:`generate`; ``digits`` holds the clues so far."""

    def __init__(self, shape: Shape, solution: tuple[int, ...], deadline: float | None,
                 target: int, stop_at_failure: bool) -> None:
        self.n = shape.n
        self.solution = solution
        self.digits = list(solution)
        self.clues = shape.cells
        self.deadline = deadline
        self.target = target
        self.stop_at_failure = stop_at_failure
        self.clock = None if deadline is None else lambda stats: time.perf_counter() > deadline
        self.stopped = False  # no more removals: budget spent, target reached, or first failure
        self.skipped = False  # some orbit was left untried
        self.attempts = 0

    def option(self, cell: int, digit: int) -> int:
        return cell * self.n + digit - 1

    def clue_options(self, group: list[tuple[int, ...]]) -> list[int]:
        return [self.option(x, self.solution[x]) for orbit in group for x in orbit]

    def dig(self, problem: ExactCover, group: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """Try to remove each orbit of ``group`` in order; return the orbits kept.

        ``problem`` has every current clue selected except those of ``group``;
        it is used up.
        """
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
        if not self.stopped and self.deadline is not None and time.perf_counter() > self.deadline:
            self.stopped = True
        if self.stopped or self.clues - len(orbit) < self.target:
            self.skipped = True
            return False
        self.attempts += 1
        unique = sum(1 for _ in problem.search(2, stop=self.clock)) == 1
        if problem.stats.stopped:  # undecided: the orbit stays
            self.stopped = self.skipped = True
            return False
        if not unique:
            self.stopped = self.stop_at_failure
            return False
        for x in orbit:
            self.digits[x] = 0
        self.clues -= len(orbit)
        self.stopped = self.clues == self.target
        return True
