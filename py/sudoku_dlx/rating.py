"""Difficulty and hints from the logical solver.

The rating follows Sudoku Explainer (SE): solve by always taking the easiest
step available (the techniques in order of score), and rate the puzzle by the
hardest step that was needed. Beyond the last technique, *trial and error*
(10.0) asks the DLX engine which candidates of a cell lead to no solution.

Grades, by score: Easy below 2.0 (hidden singles and full houses), Medium below
3.0 (naked singles, pointing, claiming), Hard below 4.5 (subsets, X-wing,
swordfish, skyscraper, two-string kite, turbot fish, XY- and XYZ-wings), Expert
below 6.5 (uniqueness, jellyfish, quads, X-chains of three strong links,
colouring, WXYZ- and VWXYZ-wings, BUG), Extreme from 6.5 (longer X-chains,
XY-chains and other forcing chains, nishio, multiple and dynamic forcing
chains, trial and error).

Ratings and hints need a puzzle with exactly one solution: several of the
techniques (unique rectangles, BUG) are only sound then.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from . import basic, chains, patterns
from .grid import InvalidPuzzleError, Puzzle, cell_name
from .logic import Board, Step
from .solver import solve, solutions

__all__ = ["GRADES", "Hint", "Rating", "TECHNIQUES", "abc", "grade", "hint", "next_step", "rate", "steps", "trial_and_error"]

#: (lowest score, grade name), easiest first.
GRADES = (("Easy", 0.0), ("Medium", 2.0), ("Hard", 3.0), ("Expert", 4.5), ("Extreme", 6.5))


def trial_and_error(board: Board) -> Step | None:
    """In a blank cell with the fewest candidates, eliminate every candidate after which
    the engine finds no solution. Always progresses on a puzzle with one solution."""
    blanks = [x for x in board.blanks() if board.candidates[x]]
    if not blanks:
        return None
    cell = min(blanks, key=lambda x: board.candidates[x].bit_count())
    eliminations = tuple((cell, d) for d in board.digits(cell) if not _completes(board, cell, d))
    if not eliminations:
        return None
    text = (f"Trial and error: with {board.removal(eliminations).replace('<>', '=')} the grid "
            f"has no solution, so {board.removal(eliminations)}.")
    return Step("Trial and error", 10.0, text, (), eliminations, (cell,), board.units_of[cell])


def _completes(board: Board, cell: int, digit: int) -> bool:
    """Whether the placed digits plus ``digit`` in ``cell`` still have a solution."""
    if any(board.values[peer] == digit for peer in board.peers[cell]):
        return False
    values = board.values[:]
    values[cell] = digit
    return bool(solutions(Puzzle(board.shape, tuple(values)), 1)[0])


#: (base score, technique), easiest first; the registry the rating and hints use.
TECHNIQUES = tuple(sorted(basic.TECHNIQUES + patterns.TECHNIQUES + chains.TECHNIQUES, key=lambda entry: entry[0])) + (
    (10.0, trial_and_error),
)


def next_step(board: Board) -> Step | None:
    """The easiest step available on ``board``, or None."""
    for _, technique in TECHNIQUES:
        step = technique(board)
        if step:
            return step
    return None


def steps(board: Board) -> Iterator[Step]:
    """Solve ``board`` in place, yielding each step as it is applied (easiest first)."""
    while not board.solved:
        step = next_step(board)
        if step is None:
            return
        board.apply(step)
        yield step


def abc(board: Board) -> float:
    """The average number of candidates of a blank cell."""
    blanks = board.blanks()
    return sum(board.candidates[x].bit_count() for x in blanks) / len(blanks) if blanks else 0.0


def grade(score: float) -> str:
    """The grade name of a score (see :data:`GRADES`)."""
    return [name for name, low in GRADES if score >= low][-1]


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: the SE-style ``score`` (the hardest step's), its ``grade``
    and technique, the solving ``path``, and the engine's view (nodes, guesses)."""

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

    def record(self) -> dict:
        """The JSON-able fields (of ``rate --json``; the page adds the path)."""
        return {
            "puzzle": str(self.puzzle),
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


def _unique(puzzle: Puzzle | str):
    """The solve result of a puzzle that has exactly one solution, else InvalidPuzzleError."""
    result = solve(puzzle)
    if result.status == "invalid":
        raise InvalidPuzzleError(result.reason, result.cells)
    if result.status == "none":
        raise InvalidPuzzleError(f"the puzzle has no solution: {result.reason}", result.cells)
    if result.status == "multiple":
        raise InvalidPuzzleError("the puzzle has more than one solution; rating and hints need exactly one")
    return result


def rate(puzzle: Puzzle | str, deadline: float | None = None) -> Rating:
    """Rate a puzzle with one solution (else ``InvalidPuzzleError``). Raises
    ``TimeoutError`` once ``deadline`` (a :func:`time.perf_counter` value,
    checked after each step) has passed."""
    start = time.perf_counter()
    result = _unique(puzzle)
    board = Board.from_puzzle(result.puzzle)
    start_abc = abc(board)
    path = []
    for step in steps(board):
        path.append(step)
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError("the rating ran past its deadline")
    path = tuple(path)
    hardest = max(path, key=lambda step: step.score, default=None)
    return Rating(
        result.puzzle,
        hardest.score if hardest else 0.0,
        hardest.technique if hardest else "",
        path,
        start_abc,
        result.stats.nodes,
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


def hint(puzzle: Puzzle | str, entries: Puzzle | None = None, marks: list[int] | None = None) -> Hint:
    """The next step for a player of ``puzzle`` (givens) who has typed ``entries``
    (a grid of the same shape, 0 where blank) and noted ``marks`` (a candidate mask
    per cell, 0 for no notes). Mistakes come first."""
    result = _unique(puzzle)
    givens, solution = result.puzzle, result.solutions[0].digits
    n = givens.n
    typed = entries.digits if entries else (0,) * len(solution)
    wrong = tuple(x for x, d in enumerate(typed) if d and not givens.digits[x] and d != solution[x])
    if wrong:
        names = ", ".join(f"{cell_name(x, n)} ({givens.shape.symbol(typed[x])})" for x in wrong)
        what = "Wrong entry" if len(wrong) == 1 else "Wrong entries"
        return Hint("wrong", f"{what}: {names}. Erase {'it' if len(wrong) == 1 else 'them'} first.", wrong)
    digits = tuple(g or t for g, t in zip(givens.digits, typed))
    marks = marks or [0] * len(digits)
    lost = tuple(x for x, m in enumerate(marks) if m and not digits[x] and not m >> (solution[x] - 1) & 1)
    if lost:
        names = ", ".join(cell_name(x, n) for x in lost)
        return Hint("wrong", f"Your notes in {names} leave out the digit that goes there.", lost)
    board = Board.from_puzzle(Puzzle(givens.shape, digits), marks)
    if board.solved:
        return Hint("solved", "The grid is complete and right.")
    step = next_step(board)
    return Hint("step", step.text, step.cells, step)
