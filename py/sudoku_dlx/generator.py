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
find). Before each round, the clues that another solution one swap away from ours
(two digits, rows or columns traded: :func:`swaps`) breaks alone are known to stay,
without a search. The time one grid's tests take has a long tail: with a time budget,
a grid whose tests pass :data:`REGRID_AFTER` guesses is given up for another.

The kinds whose solver narrows with :func:`~.kinds.solver.bounds` (jigsaw, killer,
futoshiki: see ``Kind.narrowed``) test each orbit on a problem of its own: bounds
(without its fish, :data:`DIG_FISH`) first narrows the candidates with the orbit's
solution digit ruled out (which often rules out everything, or solves the grid), and
again at each guess once the search has made a few (:data:`PRUNE_AFTER`); without that a
futoshiki's search sees its signs only once both cells are placed, and from 8x8 its tests
ran past the budget. A futoshiki's clues (hundreds of signs) first go in batches while
bounds alone still solves the puzzle without them (:meth:`_Digger.propagate`); the exact
tests then take the few left (with a time budget, not above :data:`EXACT_MAX_N`: there the
puzzle keeps them, and solves without a guess).

A minimal 25x25 is out of reach of this search: below about 290 clues a test
that ends in "may go" must refute every other digit, which takes tens of
thousands of guesses or more (seconds to minutes each in Python); the time
budget then returns a unique puzzle that is not minimal.

Every kind goes the same way, its units (diagonals, windows, regions) in the
exact cover; what differs is what the seed draws before the removal:

* jigsaw: first ``n`` random regions of ``n`` connected cells (see
  :func:`random_regions`), then a grid of that shape (new regions if it has none);
  the givens are symmetric, as in Tatham's Solo (the regions are not).
* killer: a random partition of the grid into connected cages of 2 to 5 cells of
  different digits (see :func:`random_cages`); the givens start empty, and while
  the cages leave two solutions, the orbit of a cell where they differ becomes
  givens (:data:`KILLER_CAP` bounds each search; past it the next blank orbit
  does). Then those givens are removed where they can be, so the cages stay as
  drawn and the givens, often none, are minimal.
* futoshiki: a random Latin square with a sign between every two neighbours;
  the givens go first (no symmetry: Tatham's Unequal has none, and a symmetric
  pair would keep a given the signs make needless), then the signs, each removed
  if no solution breaks it (one search with the sign turned round). A sign
  between two givens says nothing, so givens first leaves few givens and many
  signs, as Tatham's puzzles have; one pass leaves both minimal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from .dlx import ExactCover
from .kinds.grid import KIND, Cage, InvalidPuzzleError, Puzzle, Shape, Sign, jigsaw_shape, kind_facts, shape_for
from .kinds.read import puzzle_id
from .kinds.solver import bounds, combinations, narrowing_prune, sign_marks, solutions, solve
from .rating import GRADES, grade, rate, steps
from .techniques.position import Position, Search
from .techniques.registry import Needed, needed, scored_for

__all__ = ["DEFAULT_BUDGET", "SYMMETRIES", "GenerateOptions", "Generated", "Plan", "add_clues", "complete_grid", "generate",
           "generate_from", "natural_size", "one_budget", "orbits", "plan", "random_cages", "random_regions"]

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
#: Guesses a search of :meth:`_Digger.another_narrowed` makes before :func:`bounds` narrows at
#: each guess (futoshiki 10x10, seed 1: 1.3 s against 1.8 s narrowing from the first guess and
#: 123 s never).
PRUNE_AFTER = 16
#: Whether the clue removal's :func:`bounds` looks for fish. It does not: they cost more than
#: they save there (futoshiki, the page's 10 s budget, seeds 1-6: 12x12 minimal in 5 of 6
#: against 2, 10x10 a median of 1.1 s against 1.5; jigsaws and killers level;
#: benchmarks/2026-12-07-generation.md).
DIG_FISH = False
#: The first batch of :meth:`_Digger.propagate` is this part of the clues.
PROPAGATE_PARTS = 8
#: With a time budget, a futoshiki larger than this keeps the clues :meth:`_Digger.propagate`
#: leaves: their exact tests took the page's whole 10 s budget from 12x12 and removed few
#: (13x13, seeds 1-3: 116-129 clues after propagate's 1.2-1.4 s, 111-119 after 10 s). Without
#: a budget they are tested at every size.
EXACT_MAX_N = 11
#: Guesses a uniqueness test may make in the first pass (see :meth:`_Digger.dig`): few, so
#: the hard tests wait while the easy ones remove clues (25x25, 10 s, seeds 1-4: 270-287
#: clues left against 300-310 with 1,000; 16x16 minimal: median 0.32 s against 0.49 s).
FIRST_CAP = 50


#: By kind and size, the guesses after which, with a time budget, the uniqueness tests of one
#: grid give it up for another (see :func:`generate_from`), where the time a grid takes has
#: a long tail (without a budget): 16x16 X, seeds 1-30 and 747849272 (random symmetries),
#: 0.2-1.7 s and 700-8,000 guesses but for 3.8 s (18,475) and 11.2 s (60,112); 11x11
#: futoshiki, seeds 1-20, 1.0-4.4 s and 1,700-5,500 guesses but for three over 10 s
#: (11,700-15,100); 15x15 jigsaw, seeds 1-20, at most 0.7 s and 2,600 guesses but for 9.4 s
#: (7,900).
REGRID_AFTER = {("futoshiki", 11): 5000, ("jigsaw", 15): 3000, ("x", 16): 6000}


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution and how it was made.

    ``minimal``: every remaining clue orbit was tried and must stay (False when
    ``target_clues``, the time budget or ``minimal=False`` stopped the removal
    early). ``reasoned``: the removal kept every clue that reasoning alone
    (:func:`~.kinds.solver.bounds`) could not do without, untested further (a
    futoshiki above :data:`EXACT_MAX_N` with a time budget): the puzzle solves
    without a guess and may not be minimal (``minimal`` is False). ``attempts``:
    uniqueness tests of an orbit (a DLX search per cell of it; an orbit left
    undecided is tested again later), on every grid tried (see :func:`generate_from`).
    With a difficulty: the ``difficulty`` asked, the ``score`` and ``grade`` of the
    puzzle (None when the time ran out before any puzzle was rated), and how many
    ``puzzles`` were made (0 without one).
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
    needs: str | None = None
    needs_only: bool = False
    needs_met: bool = False
    reasoned: bool = False

    @property
    def clues(self) -> int:
        return self.puzzle.clues

    @property
    def status(self) -> str:
        """``generated``; with a difficulty, ``nearest`` when the puzzle has another grade
        (none of that grade was made within the budget), ``ungraded`` when the budget ran
        out before any puzzle was rated; with a technique needed, ``unmet`` when no puzzle
        made within the budget needs it (the puzzle is the last one made)."""
        if self.needs is not None:
            return "generated" if self.needs_met else "unmet"
        if self.difficulty is None or self.grade == self.difficulty:
            return "generated"
        return "ungraded" if self.grade is None else "nearest"

    def record(self) -> dict:
        """The JSON-able fields (of ``web.generate`` and ``generate --json``)."""
        return {
            "puzzle": puzzle_id(self.puzzle),
            "kind": self.puzzle.kind,
            "status": self.status,
            "solution": str(self.solution),
            "size": self.puzzle.n,
            "clues": self.clues,
            "seed": self.seed,
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "reasoned": self.reasoned,
            "attempts": self.attempts,
            "ms": round(self.ms, 3),
        } | ({"score": self.score, "grade": self.grade, "puzzles": self.puzzles, "difficulty": self.difficulty}
             if self.difficulty else {}) | (
            {"score": self.score, "grade": self.grade, "puzzles": self.puzzles, "needs": self.needs,
             "needs_only": self.needs_only, "needs_met": self.needs_met} if self.needs else {})


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


def complete_grid(shape: Shape, rng: random.Random, tries: int | None = None) -> tuple[int, ...] | None:
    """A random complete grid: the engine's first solution of the empty grid, options in ``rng`` order.

    A search that needs more than ``4 * cells`` guesses starts over (the usual
    need is under one guess per cell); this cuts the rare runs of seconds for
    25x25 and keeps the result a function of ``rng``. None if the shape has no
    grid (a jigsaw's regions may not) or ``tries`` searches all stopped.
    """
    empty = Puzzle(shape, (0,) * shape.cells)
    most = 4 * shape.cells
    while tries is None or tries > 0:
        found, stats = solutions(empty, 1, rng, stop=lambda stats: stats.guesses >= most)
        if not stats.stopped:
            return found[0] if found else None
        tries = tries and tries - 1
    return None


#: A killer's cage sizes, drawn with these weights (Tatham's 9x9 killers average about
#: 2.3 cells a cage; more large cages leave two solutions more often and search longer:
#: 9x9, seeds 0-11, weights 4:3:2:1 took a median of 0.8 s against 0.2 s).
CAGE_SIZES = {2: 6, 3: 3, 4: 1, 5: 1}
#: Guesses a killer's search for a second solution may make while givens are added (see
#: :func:`generate`); past it the next blank orbit becomes givens and the search runs again.
KILLER_CAP = 150
#: The most guesses a test of a killer's givens may make (a given that would take more
#: stays, and the puzzle is not minimal): without givens a killer's dancing links
#: propagate little, and one test took 50,000 guesses (9x9, seed 0: 5 s) before the tests
#: narrowed with bounds at their guesses (9x9, seeds 0-59: all minimal, at most 0.7 s).
KILLER_DIG_CAP = 800
#: Random exchanges of cells between neighbouring regions per cell of a jigsaw (see
#: :func:`random_regions`).
SHUFFLES = 20
#: Searches for a grid of one jigsaw's regions before new regions are drawn.
GRID_TRIES = 3


class Plan(NamedTuple):
    """What the seed decides before any clue is removed."""

    shape: Shape
    symmetry: str
    seed: int
    solution: tuple[int, ...]
    order: list  # the clues in the order they are tried: orbits of cells (tuples), a futoshiki's signs
    cages: tuple[Cage, ...] = ()  # a killer's


def plan(size: int | None = None, symmetry: str = "random", seed: int | None = None, kind: str = "sudoku") -> Plan:
    """Draw the seed if None, then with one ``random.Random(seed)``: the symmetry
    if ``random`` (a futoshiki's is ``none``), a jigsaw's regions, the complete grid,
    the order of the orbits (then a futoshiki's signs), a killer's cages. ``size``
    None is the kind's natural size (:func:`natural_size`)."""
    size = natural_size(kind) if size is None else size
    shape = _shape(size, kind)
    if symmetry != "random" and symmetry not in _MAPS:
        names = ", ".join(SYMMETRIES + ("random",))
        raise InvalidPuzzleError(f"unknown symmetry {symmetry!r}; choose from {names}")
    facts = shape.facts
    if not facts.symmetric and symmetry not in ("random", "none"):
        raise InvalidPuzzleError(
            f"{facts.article}'s givens have no symmetry (its clues are mostly signs), not {symmetry!r}")
    seed = _seed(seed)
    rng = random.Random(seed)
    if symmetry == "random":
        symmetry = rng.choice(SYMMETRIES) if facts.symmetric else "none"
    solution = None
    while solution is None:
        if facts.irregular:
            shape = jigsaw_shape(random_regions(size, rng))
        solution = complete_grid(shape, rng, GRID_TRIES if facts.irregular else None)
    order: list = orbits(shape.n, symmetry)
    rng.shuffle(order)
    cages: tuple[Cage, ...] = ()
    if facts.signs:
        signs = _all_signs(shape.n, solution)
        rng.shuffle(signs)
        order += signs
    if facts.cages:
        cages = random_cages(shape, solution, rng)
    return Plan(shape, symmetry, seed, solution, order, cages)


def natural_size(kind: str) -> int:
    """The size ``generate`` makes of ``kind`` when none is asked: 9, and 7 for a
    futoshiki (a 9x9 futoshiki is rare in print; Tatham's Unequal offers 4 to 7 and
    more, and 7 is its largest preset)."""
    return kind_facts(kind).natural_size


def _shape(size: int, kind: str) -> Shape:
    """The shape of ``kind`` and ``size`` (a jigsaw's with its rows for regions, until
    :func:`plan` draws them)."""
    if kind_facts(kind).irregular:
        if size not in KIND[kind].sizes:
            return Shape(size, kind=kind)  # raises, naming the kind's sizes
        return jigsaw_shape(tuple(x // size for x in range(size * size)))
    if not _is_number(size, int):
        raise InvalidPuzzleError(f"size must be an integer, not {size!r}")
    return shape_for(size, kind=kind)


def _neighbours(n: int) -> list[tuple[int, ...]]:
    """The cells beside each cell (up, left, right, down)."""
    return [tuple(y for y, ok in ((x - n, x >= n), (x - 1, x % n), (x + 1, x % n < n - 1), (x + n, x < n * n - n))
                  if ok) for x in range(n * n)]


def _connected(cells: set[int], beside: list[tuple[int, ...]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for y in beside[todo.pop()]:
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def random_regions(n: int, rng: random.Random) -> tuple[int, ...]:
    """``n`` connected regions of ``n`` cells (the region of each cell): the rows, then
    ``SHUFFLES * n * n`` tries to exchange a cell of a region with a cell of a
    neighbouring one, each kept when both regions stay connected."""
    beside = _neighbours(n)
    region = [x // n for x in range(n * n)]
    members = [set(range(r * n, r * n + n)) for r in range(n)]
    for _ in range(SHUFFLES * n * n):
        a = rng.randrange(n * n)
        others = [y for y in beside[a] if region[y] != region[a]]
        if not others:
            continue
        b = rng.choice(others)
        ra, rb = region[a], region[b]
        # a goes to rb, and a cell c of rb beside the rest of ra (or b, beside a) to ra
        back = sorted(c for c in members[rb] if any(region[y] == ra and y != a for y in beside[c]) or c == b)
        c = rng.choice(back)
        one, two = members[ra] - {a} | {c}, members[rb] - {c} | {a}
        if _connected(one, beside) and _connected(two, beside):
            members[ra], members[rb] = one, two
            region[a], region[c] = rb, ra
    first: dict[int, int] = {}  # renumbered in the order of their first cells, as a game ID reads back
    return tuple(first.setdefault(r, len(first)) for r in region)


def random_cages(shape: Shape, solution: tuple[int, ...], rng: random.Random) -> tuple[Cage, ...]:
    """A killer's cages: from each cell not yet in a cage (in a random order), a cage
    grown to a size drawn from :data:`CAGE_SIZES` (at most ``n``) by random
    neighbouring cells not yet in a cage whose digits it does not hold yet; a cage
    that could not grow past one cell joins a neighbouring cage with room for it."""
    n, nn = shape.n, shape.cells
    beside = _neighbours(n)
    sizes, weights = zip(*CAGE_SIZES.items())
    most = min(max(sizes), n)
    cage_of: dict[int, list[int]] = {}
    cells = list(range(nn))
    rng.shuffle(cells)
    for x in cells:
        if x in cage_of:
            continue
        size = min(rng.choices(sizes, weights)[0], most)
        cage = [x]
        while len(cage) < size:
            held = {solution[c] for c in cage}
            frontier = sorted({y for c in cage for y in beside[c] if y not in cage_of and y not in cage
                               and solution[y] not in held})
            if not frontier:
                break
            cage.append(rng.choice(frontier))
        if len(cage) == 1:
            hosts = [cage_of[y] for y in beside[x] if y in cage_of and len(cage_of[y]) < most
                     and solution[x] not in {solution[c] for c in cage_of[y]}]
            if hosts:
                cage = rng.choice(hosts)
                cage.append(x)
        for c in cage:
            cage_of[c] = cage
    unique = {id(cage): cage for cage in cage_of.values()}.values()
    return tuple(Cage(tuple(sorted(cage)), sum(solution[c] for c in cage)) for cage in unique)


def _all_signs(n: int, solution: tuple[int, ...]) -> list[Sign]:
    """A sign between every two neighbouring cells of a Latin square (rows, then columns)."""
    pairs = [(x, x + 1) for x in range(n * n) if x % n < n - 1] + [(x, x + n) for x in range(n * n - n)]
    return [Sign(a, b) if solution[a] > solution[b] else Sign(b, a) for a, b in pairs]


@dataclass(frozen=True)
class GenerateOptions:
    """What :func:`generate` is asked to make: a puzzle of ``kind`` (see
    :data:`~.kinds.grid.KINDS`; ``size`` None: its natural size, see
    :func:`natural_size`) with exactly one solution, its clue pattern symmetric under
    ``symmetry`` (see the module's docstring for each kind).

    ``seed`` (drawn at random when None, and returned) determines the puzzle,
    unless the time budget cuts the removal short. ``minimal=True`` tries every
    orbit, so no clue orbit can be removed from the result; ``minimal=False``
    stops at the first orbit that must stay (faster, more clues).
    ``target_clues`` stops removing at that many clues, or just above when no
    orbit fits; fewer clues do not by themselves make a harder puzzle.
    ``budget`` (seconds, None: no limit) bounds the whole generation, the grid's
    filling included (a 25x25 sudoku's takes up to 0.3 s, a 25x25 X's up to 1.6 s;
    the filling is never cut): when it is spent the puzzle so far, unique but not
    minimal, is returned.
    ``difficulty`` (a grade name of :data:`sudoku_dlx.rating.GRADES`) generates
    and rates puzzles until one has that grade, see :func:`_graded`.
    ``needs`` (a technique's name, see :func:`~.techniques.registry.needed`) generates
    puzzles until one's solving path uses it (with ``needs_only``, and no step
    harder than it), see :func:`_needing`; not with a ``difficulty``.
    """

    size: int | None = None
    symmetry: str = "random"
    seed: int | None = None
    minimal: bool = True
    target_clues: int | None = None
    budget: float | None = DEFAULT_BUDGET
    difficulty: str | None = None
    kind: str = "sudoku"
    needs: str | None = None
    needs_only: bool = False


def generate(
    size: int | None = None,
    symmetry: str = "random",
    seed: int | None = None,
    minimal: bool = True,
    target_clues: int | None = None,
    budget: float | None = DEFAULT_BUDGET,
    difficulty: str | None = None,
    progress: Callable[[Generated], None] | None = None,
    digging: Callable[[int, int, int], None] | None = None,
    kind: str = "sudoku",
    needs: str | None = None,
    needs_only: bool = False,
    *,
    time_budget: float | None = DEFAULT_BUDGET,
) -> Generated:
    """A puzzle as :class:`GenerateOptions` with these fields ask (the same names and
    defaults), made by :func:`generate_from`; ``progress`` and ``digging`` listen.
    ``time_budget`` is ``budget``'s old name (see :func:`one_budget`)."""
    options = GenerateOptions(size, symmetry, seed, minimal, target_clues, one_budget(budget, time_budget),
                              difficulty, kind, needs, needs_only)
    return generate_from(options, progress, digging)


def one_budget(budget: float | None, time_budget: float | None) -> float | None:
    """The time budget asked for as ``budget`` or by its published old name
    ``time_budget``: the one that is not the default (:data:`DEFAULT_BUDGET`); both
    given must agree."""
    if time_budget == DEFAULT_BUDGET:
        return budget
    if budget not in (DEFAULT_BUDGET, time_budget):
        raise InvalidPuzzleError(f"budget {budget!r} and time_budget {time_budget!r} (its old name) differ: give one")
    return time_budget


def generate_from(options: GenerateOptions, progress: Callable[[Generated], None] | None = None,
                  digging: Callable[[int, int, int], None] | None = None) -> Generated:
    """The puzzle ``options`` ask for. ``progress`` hears each puzzle made and rated
    with a ``difficulty`` or ``needs``; ``digging(clues, decided, orbits)`` hears the
    clue removal after each orbit decided (removed, or found to stay): the clues
    left, the orbits decided so far and all orbits of the grid.
    A bad option raises ``InvalidPuzzleError``.

    With a time budget, a grid whose uniqueness tests make more than
    :data:`REGRID_AFTER` guesses is given up for the plan of a seed its seed draws,
    and so on: the record then names that seed, which makes the same puzzle alone.
    """
    if options.needs_only and options.needs is None:
        raise InvalidPuzzleError("needs_only goes with needs, a technique's name")
    if options.needs is not None:
        if options.difficulty is not None:
            raise InvalidPuzzleError("ask for a difficulty or a technique needed, not both")
        return _needing(needed(options.needs, options.kind), options, progress, digging)
    if options.difficulty is not None:
        return _graded(options, progress, digging)
    start = time.perf_counter()
    budget, target_clues = options.budget, options.target_clues
    if budget is not None and not (_is_number(budget) and budget > 0):
        raise InvalidPuzzleError(f"budget must be a positive number of seconds, or none for no limit, not {budget!r}")
    deadline = None if budget is None else start + budget
    shape, symmetry, seed, solution, order, cages = plan(options.size, options.symmetry, options.seed, options.kind)
    if target_clues is not None and not (_is_number(target_clues, int) and 0 <= target_clues <= shape.cells):
        raise InvalidPuzzleError(f"target_clues must be an integer 0..{shape.cells}, not {target_clues!r}")
    regrid, attempts = None if deadline is None else REGRID_AFTER.get((options.kind, shape.n)), 0
    while True:
        digits = None
        if cages:
            digits, order = _killer_givens(shape, solution, order, cages)
        digger = _Digger(shape, solution, order, deadline, target_clues, stop_at_failure=not options.minimal,
                         digging=digging, digits=digits, cages=cages,
                         signs=[sign for sign in order if isinstance(sign, Sign)], most_guesses=regrid)
        digger.dig()
        attempts += digger.attempts
        if not digger.gave_up:
            break
        seed = random.Random(seed).randrange(2**31)
        shape, symmetry, seed, solution, order, cages = plan(options.size, options.symmetry, seed, options.kind)
    return Generated(
        Puzzle(shape, tuple(digger.digits), cages, tuple(digger.signs)),
        Puzzle(shape, solution, cages),
        seed,
        symmetry,
        not digger.skipped,
        attempts,
        (time.perf_counter() - start) * 1000,
        reasoned=digger.reasoned,
    )


def _killer_givens(shape: Shape, solution: tuple[int, ...], order: list[tuple[int, ...]],
                   cages: tuple[Cage, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
    """Givens that make the killer's cages unique, and their orbits: while a search finds
    two solutions, the first orbit of ``order`` with a cell where they differ becomes
    givens (when the search needs more than :data:`KILLER_CAP` guesses, the first
    blank orbit)."""
    digits = [0] * shape.cells
    added: list[tuple[int, ...]] = []
    while True:
        found, stats = solutions(Puzzle(shape, tuple(digits), cages), 2,
                                 stop=lambda stats: stats.guesses > KILLER_CAP)
        if not stats.stopped and len(found) < 2:
            return digits, added
        differ = {x for x in range(shape.cells) if found[0][x] != found[1][x]} if len(found) == 2 else None
        orbit = next(orbit for orbit in order if not digits[orbit[0]] and (differ is None or differ & set(orbit)))
        for x in orbit:
            digits[x] = solution[x]
        added.append(orbit)


def _graded(options: GenerateOptions, progress, digging) -> Generated:
    """Generate and rate puzzles of the ``options``' kind (their seeds drawn from its
    ``seed``; rated with the kind's techniques, see :mod:`sudoku_dlx.rating`) until one
    has the grade ``difficulty`` or the time budget is spent; then the one nearest in grade (or,
    when the budget ran out before any was rated, the last one made, with no grade). Its
    ``seed`` alone reproduces it; ``puzzles`` counts the puzzles made; ``progress``
    hears each one rated, ``digging`` the clue removal of each.

    A puzzle is rated only if :func:`_against` cannot tell it is of another grade, or
    when it is easier than asked and nearer than the nearest so far (an easy one is
    rated quickly): most of the time a rating takes goes to the hardest puzzles, and
    most puzzles made are of another grade than the one asked."""
    grades = [name for name, _ in GRADES]
    difficulty = options.difficulty
    if difficulty not in grades:
        raise InvalidPuzzleError(f"unknown difficulty {difficulty!r}; choose from {', '.join(grades)}")
    start = time.perf_counter()
    rng = random.Random(_seed(options.seed))
    deadline = None if options.budget is None else start + options.budget
    best, last, puzzles = None, None, 0
    while True:
        made = last = generate_from(_one(options, rng, deadline), digging=digging)
        puzzles += 1
        try:
            if deadline is not None and time.perf_counter() >= deadline:
                raise TimeoutError  # spent making it (a rating's first solve would overrun the budget)
            side, score = _against(made, difficulty, deadline)
            if side == 0 or side < 0 and (best is None or grades.index(difficulty) - grades.index(grade(score))
                                          < _distance(best, difficulty)):
                rating = rate(made.puzzle, deadline)
                made = replace(made, score=rating.score, grade=rating.grade, puzzles=puzzles)
                if progress:
                    progress(made)
                if best is None or _distance(made, difficulty) < _distance(best, difficulty):
                    best = made
        except TimeoutError:
            pass  # the budget ran out before or while rating
        if best is not None and best.grade == difficulty or deadline is not None and time.perf_counter() >= deadline:
            return replace(best or last, puzzles=puzzles, ms=(time.perf_counter() - start) * 1000, difficulty=difficulty)


def _against(made: Generated, difficulty: str, deadline: float | None) -> tuple[int, float]:
    """Whether ``made``'s score is surely below ``difficulty``'s band (-1), surely above it
    (1) or maybe in it (0), and the score its solve reached: it is solved with the
    techniques of its score (:func:`~.techniques.registry.scored_for`) whose base score is
    below the band's top (for the hardest grade, below its bottom), easiest first as the
    rating's own solve goes, which they follow while they find steps. Stuck, or past the
    top, it is harder; solved below the bottom, easier."""
    lows = [low for _, low in GRADES]
    k = [name for name, _ in GRADES].index(difficulty)
    low, top = lows[k], lows[k + 1] if k + 1 < len(lows) else float("inf")
    puzzle = made.puzzle
    position = Position.from_puzzle(puzzle)
    position.search = Search(solution=made.solution.digits, givens=puzzle.digits, deadline=deadline)
    below = low if top == float("inf") else top
    score = 0.0
    for step in steps(position, tuple(t for t in scored_for(puzzle.kind) if t.score < below)):
        score = max(score, step.score)
        if score >= top:
            return 1, score
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError("the rating ran past its deadline")
    if not position.solved:
        return (0 if top == float("inf") else 1), score
    return (-1 if score < low else 0), score


def _needing(need: Needed, options: GenerateOptions, progress, digging) -> Generated:
    """Generate puzzles of the ``options``' kind (their seeds drawn from its ``seed``)
    until one's rating path uses the technique ``need`` (and, with ``needs_only``, has
    no step scoring more than its steps) or the time budget is spent; then the last one made, ``needs_met``
    False.

    Each puzzle is first solved with the techniques up to the one needed
    (``need.techniques``; most puzzles need little, so this is cheap). One whose path
    there uses it is rated to be sure. One that they leave unsolved needs a harder
    technique first: from the position where they stopped, each blank orbit in turn is
    filled in (clues added) and the solve goes on; the first orbit after which it
    uses the technique makes the puzzle (no longer minimal), if its rating agrees.
    The result's ``seed`` is ``seed``: ``generate(seed=..., needs=...)`` makes it again
    (unless the budget cut it short); ``puzzles`` counts the puzzles made;
    ``progress`` hears each of them, ``digging`` the clue removal of each."""
    start = time.perf_counter()
    seed, only = _seed(options.seed), options.needs_only
    rng = random.Random(seed)
    deadline = None if options.budget is None else start + options.budget
    puzzles = 0
    while True:
        made = generate_from(_one(options, rng, deadline), digging=digging)
        puzzles += 1
        made = replace(made, seed=seed, puzzles=puzzles, needs=need.name, needs_only=only)
        try:
            for puzzle in _candidates(made, need, only, rng, deadline):
                rating = rate(puzzle, deadline)
                if need.met_by(rating.path, only):
                    made = replace(made, puzzle=puzzle, minimal=made.minimal and puzzle == made.puzzle,
                                   score=rating.score, grade=rating.grade, needs_met=True)
                    break
        except TimeoutError:
            pass
        if progress:
            progress(made)
        if made.needs_met or (deadline is not None and time.perf_counter() >= deadline):
            return replace(made, ms=(time.perf_counter() - start) * 1000)


def _one(options: GenerateOptions, rng: random.Random, deadline: float | None) -> GenerateOptions:
    """The options of one of the puzzles :func:`_graded` and :func:`_needing` make: its
    seed drawn from ``rng``, the time left before ``deadline``, no grade or technique asked."""
    left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
    return replace(options, seed=rng.randrange(2**31), budget=left, difficulty=None, needs=None,
                   needs_only=False)


def _candidates(made: Generated, need: Needed, only: bool, rng: random.Random, deadline: float | None):
    """The puzzles of :func:`_needing` worth rating: ``made`` if the path of the
    techniques up to ``need`` uses it (when ``only``: and they solve it). Unless
    ``only``, if they leave it unsolved without using it, also ``made`` with each blank
    orbit (in ``rng``'s order) added after which they go on to use it. (Where they
    stop, a harder technique is needed; such a puzzle is rarely solved by them alone,
    so ``only`` skips it.)"""
    puzzle, solution = made.puzzle, made.solution.digits
    position = Position.from_puzzle(puzzle)
    position.search = Search(solution=solution, givens=puzzle.digits, deadline=deadline)
    if _solves(position, need, only):
        if position.solved or not only:
            yield puzzle
        return
    if only or position.solved:
        return
    blank = [orbit for orbit in orbits(puzzle.n, made.symmetry) if not position.values[orbit[0]]]
    rng.shuffle(blank)
    for orbit in blank:
        added = position.fork(Search(solution=solution, givens=puzzle.digits, deadline=deadline))
        for x in orbit:
            if not added.values[x]:
                added.place(x, solution[x])
        if _solves(added, need, only):
            digits = list(puzzle.digits)
            for x in orbit:
                digits[x] = solution[x]
            yield replace(puzzle, digits=tuple(digits))


def _solves(position: Position, need: Needed, only: bool) -> bool:
    """Solve ``position`` in place with the techniques up to ``need`` until they stop (or,
    unless ``only``, until they use it); whether they used it."""
    used = False
    for step in steps(position, need.techniques):
        used |= need.used_by(step)
        if used and not only:
            break
    return used


def _seed(seed: int | None) -> int:
    """``seed``, or a random one if None; ``InvalidPuzzleError`` if it is no integer."""
    if seed is None:
        return random.randrange(2**31)
    if not _is_number(seed, int):
        raise InvalidPuzzleError(f"seed must be an integer, not {seed!r}")
    return seed


def _distance(made: Generated, difficulty: str) -> int:
    grades = [name for name, _ in GRADES]
    assert made.grade is not None  # only rated puzzles are compared
    return abs(grades.index(made.grade) - grades.index(difficulty))


def _is_number(value: object, kind: type | tuple[type, ...] = (int, float)) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


class _Digger:
    """The clue removal of :func:`generate`; ``digits`` holds the givens so far (all of
    the solution unless given), ``signs`` a futoshiki's signs so far."""

    def __init__(self, shape: Shape, solution: tuple[int, ...], order: list, deadline: float | None, target: int | None,
                 stop_at_failure: bool, digging: Callable[[int, int, int], None] | None = None,
                 digits: list[int] | None = None, cages: tuple[Cage, ...] = (), signs: Iterable[Sign] = (),
                 most_guesses: int | None = None) -> None:
        self.shape = shape
        self.solution = solution
        self.order = order
        self.digits = list(solution) if digits is None else digits
        self.clues = sum(1 for d in self.digits if d)
        self.cages = cages
        self.signs = set(signs)
        self.deadline = deadline
        self.target = target
        self.stop_at_failure = stop_at_failure
        self.stopped = False  # no more removals: budget spent, target reached, or first failure
        self.skipped = False  # some orbit was left untried or undecided
        self.reasoned = False  # the clues reasoning alone needs were kept untested (see Generated)
        self.attempts = 0
        self.decided = 0  # orbits removed or found to stay
        self.digging = digging
        self.rng = random.Random(0)
        self.most = KILLER_DIG_CAP if cages else None
        self.narrowed = shape.facts.narrowed
        self.total = len(order)
        self.orbit_of = {x: orbit for orbit in order if not isinstance(orbit, Sign) for x in orbit}
        self.swaps: list[dict[int, int]] | None = None  # made once they are needed
        self.most_guesses = most_guesses
        self.guesses = 0  # made by the uniqueness tests' searches
        self.gave_up = False  # on this grid, its tests past most_guesses

    def dig(self) -> None:
        """Try every orbit, a round of the freest ones at a time. A test that needs more
        than ``cap`` guesses is left for the next pass, which allows four times as many
        (up to ``most``, if set). A futoshiki's clues go first where :func:`bounds` alone
        still solves the puzzle without them (:meth:`propagate`); with a budget, above
        :data:`EXACT_MAX_N` those alone go. Each round skips the clues that must stay by
        :meth:`broken_by_swaps`."""
        untried, cap = list(self.order), FIRST_CAP
        if self.shape.facts.signs and self.target is None and not self.stop_at_failure:
            untried = self.propagate(untried)
            if self.deadline is not None and self.shape.n > EXACT_MAX_N:
                self.skipped = self.reasoned = bool(untried)
                return
        while untried and not self.stopped and (self.most is None or cap <= self.most):
            later = []
            while untried and not self.stopped:
                untried = self.skip_staying(untried)
                batch = self.freest(untried, ROUND)
                untried = [orbit for orbit in untried if orbit not in batch]
                later += self.dig_round(batch, cap)
            untried, cap = later + untried, cap * 4
        self.skipped |= bool(untried)

    def propagate(self, clues: list) -> list:
        """Remove the ``clues`` (orbits of givens and signs, in this order) that
        :func:`bounds` can do without: a batch goes at once if it still solves the
        puzzle to the solution (which is then its only one), the batch twice as long
        next; a batch that fails is halved, and a clue that fails alone stays for the
        exact tests, which get the clues left. Removing clues only widens what bounds
        leaves, so a clue it could not do without never becomes one it can.

        A half goes on from where bounds stalled without the whole batch, narrowed by
        the other half's clues (the same answer as from the givens, for less work: bounds'
        rules only narrow, so they meet at the same end)."""
        left: list = []
        size = max(len(clues) // PROPAGATE_PARTS, 1)
        stalled: tuple[list[int], int] | None = None  # bounds without the batch that failed last (and its length)
        while clues:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                self.stopped = True
                return left + clues
            batch = clues[:size]
            digits, signs = list(self.digits), self.signs.difference(batch)
            for orbit in batch:
                if not isinstance(orbit, Sign):
                    for x in orbit:
                        digits[x] = 0
            puzzle = Puzzle(self.shape, tuple(digits), self.cages, tuple(signs))
            if stalled is None:
                allowed = bounds(puzzle, fish=DIG_FISH)
            else:  # the other half back
                start, changed = put_back(stalled[0], clues[size:stalled[1]], self.solution)
                allowed = bounds(puzzle, start, changed=changed, fish=DIG_FISH)
            stalled = None
            if all(mask and not mask & mask - 1 for mask in allowed):
                self.digits[:], self.signs = digits, signs
                self.clues = sum(1 for d in digits if d)
                self.decide(len(batch))
                clues, size = clues[size:], size * 2
            elif size > 1:
                stalled, size = (allowed, size), size // 2
            else:
                left.append(clues.pop(0))
        return left

    def skip_staying(self, untried: list) -> list:
        """``untried`` without the clues :meth:`broken_by_swaps` finds (each decided, and heard so)."""
        staying = self.broken_by_swaps()
        for _ in range(sum(1 for clue in untried if clue in staying)):
            self.decide(1)
        return [clue for clue in untried if clue not in staying]

    def decide(self, count: int) -> None:
        """Count ``count`` more orbits decided, and tell ``digging``."""
        self.decided += count
        if self.digging:
            self.digging(self.clues, self.decided, self.total)

    def broken_by_swaps(self) -> set:
        """The clues (orbits of givens, signs) that a solution one swap away from ours
        (:func:`swaps`; none for a killer, whose cages a swap may break) breaks alone: it
        solves the puzzle without the clue, so the clue stays, and always will."""
        if self.cages:
            return set()
        if self.swaps is None:
            self.swaps = swaps(self.solution, self.shape)
        solution, digits, orbit_of = self.solution, self.digits, self.orbit_of
        signs_of: dict[int, list[Sign]] = {}
        for sign in self.signs:
            signs_of.setdefault(sign.greater, []).append(sign)
            signs_of.setdefault(sign.lesser, []).append(sign)
        staying = set()
        for changed in self.swaps:
            broken: set = set()
            for x in changed:
                if digits[x]:
                    broken.add(orbit_of[x])
                for sign in signs_of.get(x, ()):
                    if changed.get(sign.greater, solution[sign.greater]) < changed.get(sign.lesser, solution[sign.lesser]):
                        broken.add(sign)
                if len(broken) > 1:
                    break
            if len(broken) == 1:
                staying |= broken
        return staying

    def freest(self, orbits: list, count: int) -> list:
        """The ``count`` orbits whose cells could hold the most digits given the other
        clues (ties in the order of ``orbits``; signs after every orbit of cells); above
        ``FREEST_MAX_N`` the first ``count``."""
        if self.shape.n > FREEST_MAX_N:
            return orbits[:count]
        masks, units_of = _unit_masks(self.shape, self.digits), self.shape.units_of
        full = (1 << self.shape.n) - 1

        def freedom(orbit) -> int:
            if isinstance(orbit, Sign):
                return -1
            free = 0
            for x in orbit:
                seen = 0
                for u in units_of[x]:
                    seen |= masks[u]
                free += (full & ~seen).bit_count()
            return free

        return sorted(orbits, key=freedom, reverse=True)[:count]

    def open_problem(self) -> tuple[ExactCover, dict[int, int]]:
        """:func:`_open_problem` of the givens so far, and the option of each blank cell's solution digit."""
        problem, placements = _open_problem(self.shape, self.digits, self.solution, self.rng)
        return problem, {x: k for k, (x, d) in enumerate(placements) if d == self.solution[x]}

    def dig_round(self, batch: list, cap: int) -> list:
        """Try to remove each orbit of ``batch``, the freest first; return those left undecided.
        The kinds :func:`bounds` narrows test each orbit on a problem of its own
        (:meth:`remove_narrowed`), the others on one problem for the round."""
        digits, solution = self.digits, self.solution
        cells = [orbit for orbit in batch if not isinstance(orbit, Sign)]
        if not self.narrowed:
            for orbit in cells:
                for x in orbit:
                    digits[x] = 0
            problem, option = self.open_problem()
            for orbit in cells:
                for x in orbit:
                    digits[x] = solution[x]
        waiting, undecided = list(batch), []
        while waiting and not self.stopped:
            orbit = self.freest(waiting, 1)[0]
            waiting.remove(orbit)
            if self.narrowed:
                removed = self.remove_narrowed(orbit, cap)
            else:
                trial = problem.copy()
                trial.select(option[x] for other in cells if other is not orbit for x in other if digits[x])
                removed = self.remove(trial, orbit, option, cap)
            if removed is None:
                undecided.append(orbit)
            else:
                self.decide(1)
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
        if self.target is not None and self.clues - len(orbit) < self.target:
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
        self.stopped = self.clues == self.target  # never, without a target
        return True

    def remove_narrowed(self, clue: tuple[int, ...] | Sign, cap: int) -> bool | None:
        """:meth:`remove` for the kinds :func:`bounds` narrows: ``clue`` (an orbit, or a
        futoshiki's sign) goes if no other solution keeps the other clues: for an orbit,
        one search per cell with its solution digit ruled out (the cells before it keep
        theirs), for a sign one with the sign turned round (:meth:`another_narrowed`;
        turned between two givens, bounds finds it broken)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.stopped = True
            return None
        if isinstance(clue, Sign):
            self.attempts += 1
            turned = self.signs - {clue} | {Sign(clue.lesser, clue.greater)}
            found = self.another_narrowed(self.digits, turned, None, cap)
        else:
            if self.target is not None and self.clues - len(clue) < self.target:
                self.skipped = True
                return False
            self.attempts += 1
            digits = list(self.digits)
            for x in clue:
                digits[x] = 0
            for x in clue:
                found = self.another_narrowed(digits, self.signs, x, cap)
                if found is not False:
                    break
                digits[x] = self.solution[x]
        if found is None:
            return None
        if found:
            self.stopped = self.stop_at_failure
            return False
        if isinstance(clue, Sign):
            self.signs.discard(clue)
            return True
        for x in clue:
            self.digits[x] = 0
        self.clues -= len(clue)
        self.stopped = self.clues == self.target  # never, without a target
        return True

    def another_narrowed(self, digits: list[int], signs: Iterable[Sign], cell: int | None, cap: int) -> bool | None:
        """Whether the givens ``digits`` and ``signs`` have a solution, with ``cell``'s
        solution digit ruled out if given; None if that takes more than ``cap`` guesses
        or the time budget runs out. :func:`bounds` narrows the candidates first (it may
        rule every one out, or solve the puzzle), then again at each guess once the
        search has made :data:`PRUNE_AFTER`; each cell's solution digit is tried first
        (and :meth:`gives_up` counts its guesses)."""
        shape, solution = self.shape, self.solution
        puzzle = Puzzle(shape, tuple(digits), self.cages, tuple(signs))
        full = (1 << shape.n) - 1
        start = [1 << d - 1 if d else full for d in digits]
        if cell is not None:
            start[cell] &= ~(1 << solution[cell] - 1)
        allowed = bounds(puzzle, start, fish=DIG_FISH)
        if not all(allowed):
            return False
        if all(not mask & mask - 1 for mask in allowed):
            return True
        problem, placements = _open_problem(shape, digits, solution, self.rng, self.cages, signs, allowed)
        prune = narrowing_prune(puzzle, problem, allowed, placements, PRUNE_AFTER, DIG_FISH)
        deadline = self.deadline
        found = any(True for _ in problem.search(1, stop=lambda stats: stats.guesses > cap or (
            deadline is not None and time.perf_counter() > deadline), prune=prune))
        if self.gives_up(problem):
            return None
        if not problem.stats.stopped:
            return found
        self.stopped = deadline is not None and time.perf_counter() > deadline
        return None

    def another_digit(self, problem: ExactCover, ours: int, cell: int, cap: int) -> bool | None:
        """Whether ``problem`` (the clues so far with ``cell`` blank) has a solution without
        the option ``ours`` (``cell``'s digit in the solution); None if that takes more
        than ``cap`` guesses or the time budget runs out (see :meth:`another`)."""
        def rebuild() -> ExactCover:
            problem, option = self.open_problem()
            problem.exclude([option[cell]])
            return problem

        problem.exclude([ours])
        return self.another(problem, rebuild, cap)

    def another(self, problem: ExactCover, rebuild: Callable[[], ExactCover], cap: int) -> bool | None:
        """Whether ``problem`` has a solution; None if that takes more than ``cap`` guesses
        or the time budget runs out.

        How long a search takes depends much on which item it chooses: it learns where
        it fails (``learn``, see :meth:`ExactCover.search`; a 16x16 X, seed 7: 41.6 s
        against 4.6 s of tests), and one that needs more than ``limit`` guesses starts
        again, on the problem ``rebuild`` makes (its items in another random order), with
        twice the limit; :meth:`gives_up` counts its guesses."""
        limit, deadline = RESTART, self.deadline
        while True:
            found = any(True for _ in problem.search(1, stop=lambda stats: stats.guesses > limit or (
                deadline is not None and time.perf_counter() > deadline), learn=True))
            if self.gives_up(problem):
                return None
            if not problem.stats.stopped:
                return found
            if deadline is not None and time.perf_counter() > deadline:
                self.stopped = True
                return None
            if limit >= cap:
                return None
            limit = min(2 * limit, cap)
            problem = rebuild()


    def gives_up(self, problem: ExactCover) -> bool:
        """Count the guesses of ``problem``'s search; past ``most_guesses`` in all, give the grid up."""
        self.guesses += problem.stats.guesses
        if self.most_guesses is not None and self.guesses > self.most_guesses:
            self.stopped = self.gave_up = True
        return self.gave_up


def put_back(allowed: list[int], clues: list, solution: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """:func:`bounds`' ``start`` and ``changed`` for a puzzle with ``clues`` (orbits of givens,
    signs) back, from its answer ``allowed`` without them: the givens' cells keep their
    ``solution`` digits, and those cells and the signs' cells have changed."""
    start = list(allowed)
    changed: list[int] = []
    for clue in clues:
        if isinstance(clue, Sign):
            changed += (clue.greater, clue.lesser)
        else:
            changed += clue
            for x in clue:
                start[x] &= 1 << solution[x] - 1
    return start, changed


def swaps(square: tuple[int, ...], shape: Shape) -> list[dict[int, int]]:
    """The other solutions of ``shape``'s units one swap away from its solution ``square``,
    each as the cells it changes and their new digits: two digits traded on the cells of
    both that the units link (a unit's cell of one with its cell of the other), and two
    rows (or columns) that trade their digits along a cycle of columns (row a's digit in
    each is row b's in the next), where the other units allow it."""
    n, units, units_of = shape.n, shape.units, shape.units_of
    place = {(u, square[x]): x for u, unit in enumerate(units) for x in unit}  # every unit holds every digit
    found = []
    for d in range(1, n + 1):
        for e in range(d + 1, n + 1):
            seen: set[int] = set()
            for first in (x for x, digit in enumerate(square) if digit == d):
                if first in seen:
                    continue
                seen.add(first)
                changed, todo = {}, [first]
                while todo:
                    x = todo.pop()
                    other = changed[x] = d + e - square[x]
                    for u in units_of[x]:
                        y = place[u, other]
                        if y not in seen:
                            seen.add(y)
                            todo.append(y)
                found.append(changed)
    for cell in (lambda a, k: a * n + k, lambda a, k: k * n + a):  # rows, then columns
        for a in range(n):
            where = {square[cell(a, k)]: k for k in range(n)}
            for b in range(a + 1, n):
                done: set[int] = set()
                for first in range(n):
                    k, changed = first, {}
                    while k not in done:
                        done.add(k)
                        changed[cell(a, k)], changed[cell(b, k)] = square[cell(b, k)], square[cell(a, k)]
                        k = where[square[cell(b, k)]]
                    if changed and _keeps_units(square, changed, units_of):
                        found.append(changed)
    return found


def _keeps_units(square: tuple[int, ...], changed: dict[int, int], units_of) -> bool:
    """Whether every unit keeps its digits with ``square``'s cells ``changed``."""
    moved: dict[int, tuple[list[int], list[int]]] = {}  # a unit's changed cells: their digits before, after
    for x, digit in changed.items():
        for u in units_of[x]:
            before, after = moved.setdefault(u, ([], []))
            before.append(square[x])
            after.append(digit)
    return all(sorted(before) == sorted(after) for before, after in moved.values())


def _unit_masks(shape: Shape, digits: list[int]) -> list[int]:
    """The digits present in each unit of ``shape.units``, as bit masks (bit ``d - 1`` for ``d``)."""
    masks = [0] * len(shape.units)
    units_of = shape.units_of
    for x, d in enumerate(digits):
        if d:
            bit = 1 << (d - 1)
            for u in units_of[x]:
                masks[u] |= bit
    return masks


def _open_problem(shape: Shape, digits: list[int], solution: tuple[int, ...], rng: random.Random,
                  cages: tuple[Cage, ...] = (), signs=(), allowed: list[int] | None = None
                  ) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact cover of the blank cells of ``digits`` alone: their items and candidates
    (as :func:`~.kinds.solver.exact_cover` builds them, for the digits still open).

    A cage with blank cells keeps its item and the items of the digits its givens do
    not hold, and the combinations that hold its givens; a sign between two blank cells
    keeps its secondary items; with ``allowed`` (a mask per cell, see
    :func:`~.kinds.solver.bounds`) the candidates are those it leaves. Each blank cell's
    option for its ``solution`` digit comes first in every item's list (when allowed),
    so a search tries the solution's digits first. Returns the problem and the (cell,
    digit) of each placement option, which come first."""
    n, nn, units_of = shape.n, shape.cells, shape.units_of
    masks = _unit_masks(shape, digits)
    full = (1 << n) - 1
    blank = [x for x in range(nn) if not digits[x]]
    keys = blank + [nn + unit * n + d for unit, mask in enumerate(masks) for d in range(n) if not mask >> d & 1]
    cage_base = nn + len(masks) * n
    open_cages = []  # (number, cage, masks of its combinations holding its givens, the givens' mask, their union)
    for k, cage in enumerate(cages):
        held = sum(1 << digits[x] - 1 for x in cage.cells if digits[x])
        if any(not digits[x] for x in cage.cells):
            fits = [mask for mask in (sum(1 << d - 1 for d in found) for found in combinations(cage, n))
                    if mask & held == held]
            union = 0
            for mask in fits:
                union |= mask
            open_cages.append((k, cage, fits, held, union))
            base = cage_base + k * (n + 1)
            keys += [base] + [base + 1 + d for d in range(n) if not held >> d & 1]
    rng.shuffle(keys)
    item = {key: k for k, key in enumerate(keys)}  # the grid's item number (see solver.exact_cover) -> this problem's
    cage_of = {x: (k, held, union) for k, cage, _, held, union in open_cages for x in cage.cells}
    marks, secondary = sign_marks([sign for sign in signs if not digits[sign.greater] and not digits[sign.lesser]],
                                  allowed or [], len(item))
    ours: list[tuple[int, ...]] = []
    others: list[tuple[int, ...]] = []
    first: list[tuple[int, int]] = []
    second: list[tuple[int, int]] = []
    for x in blank:
        seen = 0
        for u in units_of[x]:
            seen |= masks[u]
        free = full & ~seen
        if x in cage_of:
            _, held, fit = cage_of[x]
            free &= ~held & fit
        if allowed is not None:
            free &= allowed[x]
        for d in range(n):
            if free >> d & 1:
                items = (item[x], *(item[nn + u * n + d] for u in units_of[x]))
                if x in cage_of:
                    items += (item[cage_base + cage_of[x][0] * (n + 1) + 1 + d],)
                if (x, d) in marks:
                    items += tuple(marks[x, d])
                ours_first = d + 1 == solution[x]
                (ours if ours_first else others).append(items)
                (first if ours_first else second).append((x, d + 1))
    problem = ExactCover(len(item), secondary - len(item))
    problem.add_options(ours + others)
    for k, _, fits, held, _ in open_cages:
        base = cage_base + k * (n + 1)
        problem.add_options([item[base], *(item[base + 1 + d] for d in range(n) if not (mask | held) >> d & 1)]
                            for mask in fits)
    return problem, first + second


def add_clues(puzzle: Puzzle, clues: int, seed: int) -> Puzzle:
    """``puzzle`` with clues added from its solution (the first DLX finds) in cells drawn by
    ``random.Random(seed)`` until it has ``clues`` (as it is if it has that many already):
    the thesis's easier puzzles, 46-clue ones made from the 17-clue set.
    InvalidPuzzleError if it has no solution."""
    result = solve(puzzle, 1)
    if not result.solutions:
        raise InvalidPuzzleError(f"the puzzle has no solution: {result.reason}" if result.reason
                                 else "the puzzle has no solution", result.cells)
    solution, digits = result.solutions[0].digits, list(puzzle.digits)
    blanks = [x for x, d in enumerate(digits) if not d]
    for x in random.Random(seed).sample(blanks, max(0, min(len(blanks), clues - puzzle.clues))):
        digits[x] = solution[x]
    return puzzle.with_digits(tuple(digits))
