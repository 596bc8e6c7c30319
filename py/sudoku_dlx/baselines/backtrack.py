"""Plain backtracking, the classic solver DLX is compared with (a baseline).

It fills the first blank cell with the first digit no peer holds, moves on,
and steps back when a cell has no digit left. Iterative, with a cap on tries. The
same search can hand out its moves (:mod:`.moves`) in chunks while it runs,
for watching it: :meth:`Backtrack.run` is a generator that pauses after each
chunk, so a run of millions of tries never holds more than one chunk.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..dlx import SearchStats
from ..kinds.grid import Puzzle
from .moves import SOLUTION, clear, place
__all__ = ["Backtrack", "backtrack_solutions", "run_out"]


class Backtrack:
    """One backtracking search of ``puzzle``: at most ``limit`` solutions (0: all),
    given up after ``max_nodes`` (0: never).

    ``stats.tries`` counts digits placed; ``stats.guesses`` the cells entered with
    two or more digits that fit (a cell with one is a forced move, as a naked
    single is); ``found`` holds the solutions, ``finished`` is False while the
    search runs and when it gave up at the cap.
    """

    def __init__(self, puzzle: Puzzle, limit: int = 0, max_nodes: int = 0) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.max_nodes = max_nodes
        self.stats = SearchStats()
        self.found: list[tuple[int, ...]] = []
        self.finished = False

    def run(self, chunk: int = 0) -> Iterator[list[int]]:
        """Search, yielding the moves in lists of ``chunk`` or a few more (a list ends
        with a digit placed; the last may be shorter); with ``chunk`` 0 nothing is
        recorded and nothing is yielded."""
        n = self.puzzle.shape.n
        digits = list(self.puzzle.digits)
        peers = [tuple(p) for p in self.puzzle.shape.peers]
        blanks = [x for x, d in enumerate(digits) if not d]
        stats, found, limit, max_nodes = self.stats, self.found, self.limit, self.max_nodes
        moves: list[int] | None = [] if chunk else None
        level = 0
        while level >= 0:
            if level == len(blanks):
                found.append(tuple(digits))
                stats.solutions += 1
                if moves is not None:
                    moves.append(SOLUTION)
                if limit and len(found) >= limit:
                    break
                level -= 1
                continue
            cell = blanks[level]
            current = digits[cell]
            taken = {digits[p] for p in peers[cell]}
            digit = current + 1
            while digit <= n and digit in taken:
                digit += 1
            if digit > n:
                digits[cell] = 0
                if moves is not None:
                    moves.append(clear(cell))
                level -= 1
                continue
            # Entering the cell afresh: a guess if another digit fits too.
            guess = not current and n - len(taken) + (0 in taken) > 1
            stats.guesses += guess
            digits[cell] = digit
            stats.tries += 1
            if moves is not None:
                moves.append(place(cell, digit, guess))
                if len(moves) >= chunk:
                    yield moves
                    moves = []
            if max_nodes and stats.tries >= max_nodes:
                if moves:
                    yield moves
                return
            level += 1
        self.finished = True
        if moves:
            yield moves


def backtrack_solutions(
    puzzle: Puzzle, limit: int = 0, max_nodes: int = 0
) -> tuple[list[tuple[int, ...]], SearchStats, bool]:
    """Completions (at most ``limit``; 0: all), statistics, and whether the search finished
    (see :class:`Backtrack`)."""
    return run_out(Backtrack(puzzle, limit, max_nodes))


def run_out(search: Backtrack) -> tuple[list[tuple[int, ...]], SearchStats, bool]:
    """Run ``search`` without recording its moves: its completions, statistics, and whether
    it finished."""
    for _ in search.run():
        pass
    return search.found, search.stats, search.finished
