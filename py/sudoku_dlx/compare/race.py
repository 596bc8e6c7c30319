"""Two searches of one puzzle, handed out move by move (see :mod:`sudoku_dlx.baselines.moves`), so a
page can replay them side by side: plain backtracking and the DLX engine.

A :class:`Race` is pulled in chunks: :meth:`Race.next` searches on until it
has ``chunk`` more moves (backtracking pauses its generator there), so the
moves of a run of millions of tries are never all held at once. The DLX
engine's search cannot pause inside, so :class:`DlxMoves` records its moves in
one go, as 4-byte integers, and hands them out in slices (its runs are short:
64 to a few thousand tries on 9x9).

The DLX engine races every kind by its own rules; backtracking knows only the
units (:func:`unraced` says so for a killer's cages and a futoshiki's signs).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator

from ..baselines.backtrack import Backtrack
from ..baselines.moves import SOLUTION, clear, place
from ..dlx import SearchStats
from ..kinds.grid import Puzzle
from ..kinds.solver import with_givens
from .batch import outcome

__all__ = ["RACERS", "DlxMoves", "Race", "unraced"]


class DlxMoves:
    """The DLX engine's search of ``puzzle`` as moves, with the interface of
    :class:`~sudoku_dlx.baselines.backtrack.Backtrack`: ``stats``, ``found``, ``finished``, ``run``.
    ``max_nodes`` is checked at each guess, so a search may pass it a little. A killer's
    cage combinations, tried as options too, place no digit: they make no move."""

    def __init__(self, puzzle: Puzzle, limit: int = 0, max_nodes: int = 0) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.max_nodes = max_nodes
        self.problem = with_givens(puzzle)
        self.stats = self.problem.stats
        self.found: list[list[int]] = []
        self.finished = False

    def run(self, chunk: int) -> Iterator[list[int]]:
        """Search to the end, then yield the moves in lists of ``chunk``."""
        n = self.puzzle.n
        placements = self.puzzle.shape.cells * n
        moves = array("i")
        tried = 0
        guess = False

        def record(event: str, item: int, options: tuple[int, ...]) -> None:
            nonlocal tried, guess
            if event == "choose":
                guess = len(options) > 1
            elif event == "try":
                if options[0] < placements:
                    cell, d = divmod(options[0], n)
                    moves.append(place(cell, d + 1, guess))
                tried += 1
                guess = False
            elif event == "undo" and options[0] < placements:
                moves.append(clear(options[0] // n))
            elif event == "solution":
                moves.append(SOLUTION)

        def over(stats: SearchStats) -> bool:
            return bool(self.max_nodes) and tried >= self.max_nodes

        self.found = list(self.problem.search(self.limit, stop=over, trace=record))
        self.finished = not self.stats.stopped
        for start in range(0, len(moves), chunk):
            yield moves[start:start + chunk].tolist()


#: The searches a race can replay: name -> class(puzzle, limit, max_nodes).
RACERS: dict[str, type[Backtrack] | type[DlxMoves]] = {"backtrack": Backtrack, "dlx": DlxMoves}


def unraced(puzzle: Puzzle, solver: str) -> str:
    """Why ``solver`` cannot race ``puzzle`` by its rules, or "" when it can: plain
    backtracking checks a digit against the cell's peers only, not a killer's cage sums
    or a futoshiki's signs."""
    if solver != "backtrack" or not (puzzle.cages or puzzle.signs):
        return ""
    clues = "cages" if puzzle.cages else "signs"
    return (f"plain backtracking cannot race {puzzle.shape.facts.article}: it checks each digit against the rows, "
            f"columns{' and boxes' if puzzle.shape.box_of else ''} only, not the {clues}")


class Race:
    """One search of ``puzzle`` by ``solver`` (a name in :data:`RACERS`) for at most
    ``limit`` solutions, given up after ``max_nodes`` (0: never), handed out
    ``chunk`` moves at a time."""

    def __init__(self, puzzle: Puzzle, solver: str, limit: int = 2, max_nodes: int = 0, chunk: int = 50_000):
        self.search = RACERS[solver](puzzle, limit, max_nodes)
        self._chunks = self.search.run(chunk)
        self.ms = 0.0
        self.done = False

    def next(self) -> dict:
        """The next chunk: ``status`` (running; when done: unique, multiple, none or
        unfinished, the search having given up at the node cap), ``moves``, ``ms``
        (search time so far, recording included: DLX's whole search falls in its first
        chunk) and ``done``; when done, also ``nodes`` and ``guesses``."""
        start = time.perf_counter()
        moves = None if self.done else next(self._chunks, None)
        self.ms += (time.perf_counter() - start) * 1000
        self.done = moves is None
        record = {"status": "running", "moves": moves or [], "ms": round(self.ms, 3), "done": self.done}
        if self.done:
            stats = self.search.stats
            record.update(status=outcome(len(self.search.found), self.search.finished), nodes=stats.tries,
                          guesses=stats.guesses)
        return record
