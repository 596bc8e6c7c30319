"""Difficulty and hints from the logical solver.

The rating follows Sudoku Explainer (SE): solve by always taking the easiest
step available (the techniques of :mod:`sudoku_dlx.techniques.registry`, in
order of score), and rate the puzzle by the hardest step that was needed.
Beyond the last technique, *trial and error* (13.0, above every technique)
asks the DLX engine which candidates of a cell lead to no solution.

Once a puzzle has needed a step of some score, a step of at most that score
will do: the long searches may stop at the first such, and before the chains
are searched, a contradiction found by an earlier search of
:mod:`sudoku_dlx.techniques.dynamic` is taken if it still scores no more (see
:data:`READY_FROM`). The path may then show a harder step where an easier one
was available; the rating seldom changes.

Grades, by score: Easy below 2.0 (hidden singles and full houses), Medium below
3.0 (naked singles, pointing, claiming), Hard below 4.5 (subsets, X-wing,
swordfish, skyscraper, two-string kite, turbot fish, XY- and XYZ-wings), Expert
below 6.5 (uniqueness, jellyfish, quads, X-chains of three strong links,
colouring, WXYZ- and VWXYZ-wings, BUG), Extreme from 6.5 (longer X-chains,
AICs and other forcing chains, nishio, multiple, dynamic and nested forcing
chains, trial and error).

The techniques SE lacks (``se=False`` in the registry) take part in hints and in the
solving path, but not in the score: it is the hardest step of the solve
without them, as SE would need. Once a puzzle has needed SE's dynamic forcing
chains (+), the path goes on without them too (:data:`SE_ALONE_FROM`).

Ratings and hints need a puzzle with exactly one solution: several of the
techniques (unique rectangles, BUG) are only sound then.

Every kind is rated so (its :data:`Rating.scale` says how): a classic sudoku on
SE's scale, the other kinds on the same scores over the techniques that serve
them (:func:`~sudoku_dlx.techniques.registry.techniques_for`: the units of the
kind, a killer's cages, a futoshiki's signs; no uniqueness).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from .kinds.grid import InvalidPuzzleError, Puzzle, mistakes
from .kinds.read import puzzle_id
from .kinds.solver import SolveResult, solve
from .techniques import dynamic
from .techniques.position import Position, Search, Step
from .techniques.registry import BEYOND_SE, Technique, scored_for, techniques_for

__all__ = ["GRADES", "Hint", "Rating", "SE_ALONE_FROM", "abc", "grade", "hint", "next_step", "rate", "steps"]

#: (grade name, lowest score), easiest first.
GRADES = (("Easy", 0.0), ("Medium", 2.0), ("Hard", 3.0), ("Expert", 4.5), ("Extreme", 6.5))


#: Where the searches for chains begin: before them, a step that an earlier
#: search found and that scores at most ``position.search.enough`` will do.
READY_FROM = 6.5

#: Below this base score, a step found is compared with the techniques of lower
#: base that come after it (a long chain may score more than a short pattern of
#: a later technique). From it on, the first technique that finds a step gives
#: it, as in SE.
LOWEST_BELOW = 8.5


#: Once a puzzle has needed a step of this score (SE's dynamic forcing chains (+),
#: the nets of :mod:`sudoku_dlx.techniques.dynamic`), the techniques SE lacks are
#: no longer searched: a step of at most that score will do, and on the hardest
#: puzzles their searches took a third of the rating for steps of the path alone.
SE_ALONE_FROM = 9.0


def next_step(position: Position, techniques: tuple[Technique, ...] | None = None) -> Step | None:
    """The easiest step available on ``position``, or None (but see :data:`READY_FROM`):
    the lowest-scoring step of ``techniques`` (by default those of the position's kind),
    tried in order of their base score."""
    found = _easiest(position, techniques or techniques_for(position.shape.kind))
    return found and found[0]


def alike(position: Position, step: Step) -> list[Step]:
    """Every step on ``position`` of the technique that found ``step`` (HoDoKu's "all
    steps" of it), ``step`` first; ``step`` alone for a step no listed technique gives."""
    for technique in techniques_for(position.shape.kind):
        if step.technique in technique.step_names:
            return [step, *(other for other in technique.every(position) if other != step)]
    return [step]


def _easiest(position: Position, techniques: tuple[Technique, ...]) -> tuple[Step, Callable] | None:
    """:func:`next_step` with the technique that found it."""
    asked = False
    best = None
    for technique in techniques:
        base, find = technique.score, technique.find
        if best and (base >= best[0].score or base >= LOWEST_BELOW):
            break
        if find in BEYOND_SE and position.search.enough >= SE_ALONE_FROM:
            continue
        if base >= READY_FROM and not asked:
            asked = True
            step = dynamic.ready(position)
            if step:
                return step, dynamic.ready
        step = find(position)
        if step and (best is None or step.score < best[0].score):
            best = step, find
    return best


def steps(position: Position, techniques: tuple[Technique, ...] | None = None) -> Iterator[Step]:
    """Solve ``position`` in place with ``techniques`` (by default those of the position's
    kind), yielding each step before it is applied (easiest first). A step as hard
    as one taken before will do: ``position.search.enough`` keeps the hardest score so far."""
    for step, _ in _solve(position, techniques or techniques_for(position.shape.kind)):
        yield step


def _solve(position: Position, techniques: tuple[Technique, ...]) -> Iterator[tuple[Step, Callable]]:
    """:func:`steps` with the technique of each step. A step that changes nothing
    would be found again and again: it raises ``RuntimeError`` (a technique's bug)."""
    while not position.solved:
        found = _easiest(position, techniques)
        if found is None:
            return
        yield found
        before = position.candidates[:]
        position.apply(found[0])
        if position.candidates == before:
            raise RuntimeError(f"a step that changes nothing: {found[0].text}")
        position.search.enough = max(position.search.enough, found[0].score)


def abc(position: Position) -> float:
    """The average number of candidates of a blank cell."""
    blanks = position.blanks()
    return sum(position.candidates[x].bit_count() for x in blanks) / len(blanks) if blanks else 0.0


def grade(score: float) -> str:
    """The grade name of a score (see :data:`GRADES`)."""
    return [name for name, low in GRADES if score >= low][-1]


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: the SE-style ``score``, its ``grade`` and technique
    (``hardest``: of the score's solve, see :func:`rate`), the solving ``path``,
    and the engine's view (nodes, guesses). ``scale``: how the score is measured."""

    puzzle: Puzzle
    score: float
    hardest: str
    path: tuple[Step, ...]
    abc: float
    nodes: int
    guesses: int
    ms: float

    @property
    def grade(self) -> str:
        return grade(self.score)

    @property
    def scale(self) -> str:
        """``SE`` for a classic sudoku; else ``SE scores, <kind> techniques``: SE's scores
        over the techniques that serve the kind (see the module docstring)."""
        kind = self.puzzle.kind
        return "SE" if kind == "sudoku" else f"SE scores, {kind} techniques"

    def record(self) -> dict:
        """The JSON-able fields (of ``rate --json``; the page adds the path): ``puzzle``
        is the canonical text (:func:`~.kinds.read.puzzle_id`), ``kind`` the puzzle's."""
        return {
            "puzzle": puzzle_id(self.puzzle),
            "kind": self.puzzle.kind,
            "scale": self.scale,
            "status": "rated",
            "score": self.score,
            "grade": self.grade,
            "hardest": self.hardest,
            "steps": len(self.path),
            "abc": round(self.abc, 2),
            "nodes": self.nodes,
            "guesses": self.guesses,
            "clues": self.puzzle.clues,
            "ms": round(self.ms, 3),
        }


def _unique(puzzle: Puzzle | str, deadline: float | None = None) -> SolveResult:
    """The solve result of a puzzle that has exactly one solution, else InvalidPuzzleError;
    ``TimeoutError`` once ``deadline`` (a :func:`time.perf_counter` value) has passed."""
    result = solve(puzzle, stop=None if deadline is None else lambda _: time.perf_counter() > deadline)
    if result.status == "invalid":
        raise InvalidPuzzleError(result.reason, result.cells)
    if result.status == "none":
        raise InvalidPuzzleError(f"the puzzle has no solution: {result.reason}", result.cells)
    if result.status == "multiple":
        raise InvalidPuzzleError("the puzzle has more than one solution; rating and hints need exactly one")
    return result


def rate(puzzle: Puzzle | str, deadline: float | None = None, progress: Callable[[dict], object] | None = None) -> Rating:
    """Rate a puzzle with one solution (else ``InvalidPuzzleError``). Raises
    ``TimeoutError`` once ``deadline`` (a :func:`time.perf_counter` value,
    checked in the solve that proves the solution unique, after each step and within
    the long searches) has passed.
    ``progress`` is called after each step (of the path, then of the score's
    solve beyond it) with ``{"steps": the path's steps so far, "hardest":
    technique, "score": score}``, the hardest step of the score so far.

    The path takes every technique of the puzzle's kind; the score (and ``hardest``)
    is SE's: the hardest step of a solve with the techniques SE has (and the kind's
    own: :func:`~.techniques.registry.scored_for`). The two solves
    are one until the path first takes a step of one it lacks; from that
    position on the score's solve goes on alone."""
    start = time.perf_counter()
    result = _unique(puzzle, deadline)
    solution, givens = result.solutions[0].digits, result.puzzle.digits
    position = Position.from_puzzle(result.puzzle)
    position.search = Search(solution=solution, givens=givens, deadline=deadline)
    start_abc = abc(position)
    path: list[Step] = []
    hardest = None
    fork = None  # the position where the score's solve leaves the path

    def scored(step: Step) -> None:
        nonlocal hardest
        if hardest is None or step.score > hardest.score:
            hardest = step

    def told() -> None:
        if progress is not None and hardest is not None:
            progress({"steps": len(path), "hardest": hardest.technique, "score": hardest.score})
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError("the rating ran past its deadline")

    kind = result.puzzle.kind
    for step, technique in _solve(position, techniques_for(kind)):
        if fork is None and technique in BEYOND_SE:
            fork = position.fork(Search(solution=solution, givens=givens, enough=position.search.enough, deadline=deadline))
        path.append(step)
        if fork is None:
            scored(step)
        told()
    if fork is not None:
        for step in steps(fork, scored_for(kind)):
            scored(step)
            told()
    return Rating(
        result.puzzle,
        hardest.score if hardest else 0.0,
        hardest.technique if hardest else "",
        tuple(path),
        start_abc,
        result.stats.tries,
        result.stats.guesses,
        (time.perf_counter() - start) * 1000,
    )


@dataclass(frozen=True)
class Hint:
    """The next thing to tell a player: ``kind`` is ``wrong`` (entries or notes that
    contradict the solution, in ``cells``), ``step`` (the easiest step, in ``step``)
    or ``solved``; ``text`` says it in one or two sentences."""

    kind: str
    text: str
    cells: tuple[int, ...] = ()
    step: Step | None = None
    others: tuple[Step, ...] = ()  # the other steps of the step's technique, when asked for


def hint(puzzle: Puzzle | str, entries: Puzzle | None = None, marks: list[int] | None = None,
         every: bool = False) -> Hint:
    """The next step for a player of ``puzzle`` (givens) who has typed ``entries``
    (a grid of the same shape, 0 where blank) and noted ``marks`` (a candidate mask
    per cell, 0 for no notes). Mistakes come first. ``every``: also the other steps
    its technique finds on the position (:func:`alike`)."""
    result = _unique(puzzle)
    givens, solution = result.puzzle, result.solutions[0].digits
    n = givens.n
    typed = entries.digits if entries else (0,) * len(solution)
    marks = marks or [0] * len(typed)
    wrong = mistakes(givens.digits, typed, marks, solution, n)
    if wrong:
        return Hint("wrong", *wrong)
    digits = tuple(g or t for g, t in zip(givens.digits, typed))
    position = Position.from_puzzle(replace(givens, digits=digits), marks)
    position.search = Search(solution=solution, givens=givens.digits)
    if position.solved:
        return Hint("solved", "The grid is complete and right.")
    step = next_step(position)
    assert step is not None  # trial and error progresses on a puzzle with one solution
    others = tuple(alike(position, step)[1:]) if every else ()
    return Hint("step", step.text, step.cells, step, others)
