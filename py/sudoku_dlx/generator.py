"""Puzzle generation: a random complete grid, then clues removed while the solution stays unique.

1. The DLX engine fills the empty grid, trying the options of each item in the
   order of a seeded ``random.Random``: the same seed gives the same grid.
2. The cells are grouped into *orbits* of the chosen symmetry (a cell and its
   images), and the orbits are tried in random order. An orbit is removed only
   if the puzzle stays unique; one that must stay can never go later (removing
   more clues only adds solutions), so one pass leaves a *minimal* puzzle: no
   remaining orbit can go.

The uniqueness test uses the known solution: a second solution of the clues
without an orbit differs from it in some removed cell, so for each cell of the
orbit one DLX search looks for a solution with that cell's digit excluded (the
cells before it keep theirs), instead of counting solutions to two. The
searches run on the exact cover of the blank cells alone (candidates seen by a
clue are never built), each cell's solution digit first. The orbits go in
rounds: the freest ones (whose cells could hold the most digits) first, so the
clues most likely to stay are tried last when the grid is sparse; one problem
is built per round. A search that needs many guesses starts again on a problem
with its items in another order, and one that stays long undecided is left for
a later pass with a larger allowance (removing clues never turns "must stay"
into "may go", and once more clues are gone a second solution is often quick to
find).

A minimal 25x25 is out of reach of this search: below about 290 clues a test
that ends in "may go" must refute every other digit, which takes tens of
thousands of guesses or more (seconds to minutes each in Python); the time
budget then returns a unique puzzle that is not minimal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from .dlx import ExactCover
from .kinds.grid import InvalidPuzzleError, Puzzle, Shape, shape_for
from .kinds.solver import solutions
from .rating import GRADES, rate

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
#: Orbits tried in one round, between which the order of the rest is drawn again.
ROUND = 16
#: Up to this size the freest orbits go first; on larger grids going freest first clusters
#: the blank cells, whose searches then get deep early: there the orbits go in the seed's
#: order (25x25, 5 s, seeds 1-3: 302-309 clues left against 328-359 freest first).
FREEST_MAX_N = 16
#: Guesses a uniqueness test may make at its first try (see :meth:`_Digger.another_digit`).
RESTART = 50
#: Guesses a uniqueness test may make in the first pass (see :meth:`_Digger.dig`): few, so
#: the hard tests wait while the easy ones remove clues (25x25, 10 s, seeds 1-4: 270-287
#: clues left against 300-310 with 1,000; 16x16 minimal: median 0.32 s against 0.49 s).
FIRST_CAP = 50


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution and how it was made.

    ``minimal``: every remaining clue orbit was tried and must stay (False when
    ``target_clues``, the time budget or ``minimal=False`` stopped the removal
    early). ``attempts``: uniqueness tests of an orbit (a DLX search per cell of
    it; an orbit left undecided is tested again later). With a difficulty: the
    ``difficulty`` asked, the ``score`` and ``grade`` of the puzzle (None when the
    time ran out before any puzzle was rated), and how many ``puzzles`` were made
    (0 without one).
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
    difficulty: str | None = None

    @property
    def clues(self) -> int:
        return self.puzzle.clues

    @property
    def status(self) -> str:
        """``generated``; with a difficulty, ``nearest`` when the puzzle has another grade
        (none of that grade was made within the budget), ``ungraded`` when the budget ran
        out before any puzzle was rated."""
        if self.difficulty is None or self.grade == self.difficulty:
            return "generated"
        return "ungraded" if self.grade is None else "nearest"

    def record(self) -> dict:
        """The JSON-able fields (of ``web.generate`` and ``generate --json``)."""
        return {
            "puzzle": str(self.puzzle),
            "status": self.status,
            "solution": str(self.solution),
            "size": self.puzzle.n,
            "clues": self.clues,
            "seed": self.seed,
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "attempts": self.attempts,
            "ms": round(self.ms, 3),
        } | ({"score": self.score, "grade": self.grade, "puzzles": self.puzzles, "difficulty": self.difficulty}
             if self.difficulty else {})


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
    digging: Callable[[int, int, int], None] | None = None,
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
    ``digging(clues, decided, orbits)`` hears the clue removal after each orbit
    decided (removed, or found to stay): the clues left, the orbits decided so
    far and all orbits of the grid.
    A bad argument raises ``InvalidPuzzleError``.
    """
    if difficulty is not None:
        return _graded(difficulty, progress, digging, size, symmetry, seed, minimal, target_clues, time_budget)
    start = time.perf_counter()
    if time_budget is not None and not (_is_number(time_budget) and time_budget > 0):
        raise InvalidPuzzleError(f"time_budget must be a positive number of seconds, not {time_budget!r}")
    shape, symmetry, seed, solution, order = plan(size, symmetry, seed)
    if target_clues is not None and not (_is_number(target_clues, int) and 0 <= target_clues <= shape.cells):
        raise InvalidPuzzleError(f"target_clues must be an integer 0..{shape.cells}, not {target_clues!r}")
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    digger = _Digger(shape, solution, order, deadline, target_clues or 0, stop_at_failure=not minimal,
                     digging=digging)
    digger.dig()
    return Generated(
        Puzzle(shape, tuple(digger.digits)),
        Puzzle(shape, solution),
        seed,
        symmetry,
        not digger.skipped,
        digger.attempts,
        (time.perf_counter() - start) * 1000,
    )


def _graded(difficulty: str, progress, digging, size, symmetry, seed, minimal, target_clues, time_budget) -> Generated:
    """Generate and rate puzzles (their seeds drawn from ``seed``) until one has the grade
    ``difficulty`` or the time budget is spent; then the one nearest in grade (or,
    when the budget ran out during the first rating, that puzzle with no grade). Its
    ``seed`` alone reproduces it; ``puzzles`` counts the puzzles made; ``progress``
    hears each of them, ``digging`` the clue removal of each."""
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
        made = generate(size, symmetry, rng.randrange(2**31), minimal, target_clues, left, digging=digging)
        puzzles += 1
        try:
            if deadline is not None and time.perf_counter() >= deadline:
                raise TimeoutError  # spent making it (a rating's first solve would overrun the budget)
            rating = rate(made.puzzle, deadline)
        except TimeoutError:
            best = best or made  # the budget ran out before or while rating: if none was rated, this one, unrated
            return replace(best, puzzles=puzzles, ms=(time.perf_counter() - start) * 1000, difficulty=difficulty)
        made = replace(made, score=rating.score, grade=rating.grade, puzzles=puzzles)
        if progress:
            progress(made)
        if best is None or _distance(made, difficulty) < _distance(best, difficulty):
            best = made
        if best.grade == difficulty or (deadline is not None and time.perf_counter() >= deadline):
            return replace(best, puzzles=puzzles, ms=(time.perf_counter() - start) * 1000, difficulty=difficulty)


def _distance(made: Generated, difficulty: str) -> int:
    grades = [name for name, _ in GRADES]
    return abs(grades.index(made.grade) - grades.index(difficulty))


def _is_number(value: object, kind: type | tuple[type, ...] = (int, float)) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


class _Digger:
    """The clue removal of :func:`generate`; ``digits`` holds the clues so far."""

    def __init__(self, shape: Shape, solution: tuple[int, ...], order: list[tuple[int, ...]],
                 deadline: float | None, target: int, stop_at_failure: bool,
                 digging: Callable[[int, int, int], None] | None = None) -> None:
        self.shape = shape
        self.solution = solution
        self.order = order
        self.digits = list(solution)
        self.clues = shape.cells
        self.deadline = deadline
        self.target = target
        self.stop_at_failure = stop_at_failure
        self.stopped = False  # no more removals: budget spent, target reached, or first failure
        self.skipped = False  # some orbit was left untried or undecided
        self.attempts = 0
        self.decided = 0  # orbits removed or found to stay
        self.digging = digging
        self.rng = random.Random(0)

    def dig(self) -> None:
        """Try every orbit, a round of the freest ones at a time. A test that needs more
        than ``cap`` guesses is left for the next pass, which allows four times as many."""
        untried, cap = list(self.order), FIRST_CAP
        while untried and not self.stopped:
            later = []
            while untried and not self.stopped:
                batch = self.freest(untried, ROUND)
                untried = [orbit for orbit in untried if orbit not in batch]
                later += self.dig_round(batch, cap)
            untried, cap = later + untried, cap * 4
        self.skipped |= bool(untried)

    def freest(self, orbits: list[tuple[int, ...]], count: int) -> list[tuple[int, ...]]:
        """The ``count`` orbits whose cells could hold the most digits given the other
        clues (ties in the order of ``orbits``); above ``FREEST_MAX_N`` the first ``count``."""
        if self.shape.n > FREEST_MAX_N:
            return orbits[:count]
        n, digits, box = self.shape.n, self.digits, self.shape.box_of
        rows, cols, boxes = _unit_masks(self.shape, digits)
        full = (1 << n) - 1

        def freedom(orbit: tuple[int, ...]) -> int:
            return sum((full & ~(rows[x // n] | cols[x % n] | boxes[box[x]])).bit_count() for x in orbit)

        return sorted(orbits, key=freedom, reverse=True)[:count]

    def dig_round(self, batch: list[tuple[int, ...]], cap: int) -> list[tuple[int, ...]]:
        """Try to remove each orbit of ``batch``, the freest first; return those left undecided."""
        digits, solution = self.digits, self.solution
        for orbit in batch:
            for x in orbit:
                digits[x] = 0
        problem, option = _open_problem(self.shape, digits, solution, self.rng)
        for orbit in batch:
            for x in orbit:
                digits[x] = solution[x]
        waiting, undecided = list(batch), []
        while waiting and not self.stopped:
            orbit = self.freest(waiting, 1)[0]
            waiting.remove(orbit)
            trial = problem.copy()
            trial.select(option[x] for other in batch if other is not orbit for x in other if digits[x])
            if self.remove(trial, orbit, option, cap) is None:
                undecided.append(orbit)
            else:
                self.decided += 1
                if self.digging:
                    self.digging(self.clues, self.decided, len(self.order))
        return undecided + waiting

    def remove(self, problem: ExactCover, orbit: tuple[int, ...], option: dict[int, int], cap: int) -> bool | None:
        """Remove ``orbit`` from the clues if the solution stays unique; say whether it
        was (None: undecided within ``cap`` guesses or the time budget).

        ``problem`` has every clue but the orbit's selected; it is used up. A second
        solution differs from ``solution`` in a cell of the orbit: for each cell, one
        search for a solution with another digit there (the cells before it keep theirs)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.stopped = True
            return None
        if self.clues - len(orbit) < self.target:
            self.skipped = True
            return False
        self.attempts += 1
        digits, solution = self.digits, self.solution
        for x in orbit:
            digits[x] = 0
        for x in orbit:
            found = self.another_digit(problem.copy(), option[x], x, cap)
            if found is not False:
                for y in orbit:
                    digits[y] = solution[y]
                if found:
                    self.stopped = self.stop_at_failure
                    return False
                return None
            problem.select([option[x]])
            digits[x] = solution[x]
        for x in orbit:
            digits[x] = 0
        self.clues -= len(orbit)
        self.stopped = self.clues == self.target
        return True

    def another_digit(self, problem: ExactCover, ours: int, cell: int, cap: int) -> bool | None:
        """Whether ``problem`` (the clues so far with ``cell`` blank) has a solution without
        the option ``ours`` (``cell``'s digit in the solution); None if that takes more
        than ``cap`` guesses or the time budget runs out.

        How long a search takes depends much on which item it chooses among those with
        equally few options (the first in the item list): a search that needs more than
        ``limit`` guesses starts again, on the problem built with its items in another
        random order, with twice the limit."""
        limit, deadline = RESTART, self.deadline
        while True:
            problem.exclude([ours])
            found = any(True for _ in problem.search(1, stop=lambda stats: stats.guesses > limit or (
                deadline is not None and time.perf_counter() > deadline)))
            if not problem.stats.stopped:
                return found
            if deadline is not None and time.perf_counter() > deadline:
                self.stopped = True
                return None
            if limit >= cap:
                return None
            limit = min(2 * limit, cap)
            problem, option = _open_problem(self.shape, self.digits, self.solution, self.rng)
            ours = option[cell]


def _unit_masks(shape: Shape, digits: list[int]) -> tuple[list[int], list[int], list[int]]:
    """The digits present in each row, col and box, as bit masks (bit ``d - 1`` for ``d``)."""
    n, box = shape.n, shape.box_of
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    for x, d in enumerate(digits):
        if d:
            bit = 1 << (d - 1)
            rows[x // n] |= bit
            cols[x % n] |= bit
            boxes[box[x]] |= bit
    return rows, cols, boxes


def _open_problem(shape: Shape, digits: list[int], solution: tuple[int, ...],
                  rng: random.Random) -> tuple[ExactCover, dict[int, int]]:
    """The exact cover of the blank cells of ``digits`` alone: their items and candidates.

    Each blank cell's option for its ``solution`` digit comes first in every item's
    list, so a search tries the solution's digits first. Returns the problem and
    the number of that option for each blank cell."""
    n, nn, box = shape.n, shape.cells, shape.box_of
    rows, cols, boxes = _unit_masks(shape, digits)
    full = (1 << n) - 1
    blank = [x for x in range(nn) if not digits[x]]
    keys = blank + [kind * nn + unit * n + d for kind, masks in enumerate((rows, cols, boxes), 1)
                    for unit, mask in enumerate(masks) for d in range(n) if not mask >> d & 1]
    rng.shuffle(keys)
    item = {key: k for k, key in enumerate(keys)}  # the grid's item number (see solver.exact_cover) -> this problem's
    ours, others = [], []
    for x in blank:
        r, c, b = x // n, x % n, box[x]
        free = full & ~(rows[r] | cols[c] | boxes[b])
        for d in range(n):
            if free >> d & 1:
                items = (item[x], item[nn + r * n + d], item[2 * nn + c * n + d], item[3 * nn + b * n + d])
                (ours if d + 1 == solution[x] else others).append(items)
    problem = ExactCover(len(item))
    problem.add_options(ours + others)
    return problem, {x: k for k, x in enumerate(blank)}
