"""Two searches of one puzzle, handed out move by move (see :mod:`sudoku_dlx.baselines.moves`), so a
page can replay them side by side: plain backtracking, the rule-based search, the DLX engine, and the stochastic
solvers (annealing, a genetic algorithm, a Boltzmann machine), whose moves are the changes of
their state, with its cost and temperature beside them.

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
from collections.abc import Callable, Iterator

from ..baselines.annealing import anneal
from ..baselines.backtrack import Backtrack
from ..baselines.boltzmann import sample
from ..baselines.genetic import evolve
from ..baselines.moves import SOLUTION, clear, place
from ..baselines.rulebased import RuleBased
from ..baselines.stochastic import Stochastic
from ..dlx import SearchStats
from ..kinds.grid import Puzzle
from ..kinds.solver import with_givens
from .batch import outcome

__all__ = ["RACERS", "STOCHASTIC", "DlxMoves", "Race", "StochasticMoves", "unraced"]


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


class StochasticMoves:
    """A stochastic solver's run of ``puzzle`` (seed 0) as moves, with the interface of
    :class:`DlxMoves`: each change of its state puts new digits in cells. ``max_nodes`` caps
    its iterations (0: a million). Beside each chunk of moves, :attr:`costs`: its state's
    cost and temperature as they fall, ``[move index in the chunk, cost, temperature]`` at
    most every :data:`COST_EVERY` moves and at each new lowest cost."""

    COST_EVERY = 32

    def __init__(self, solve: Callable[..., Stochastic], puzzle: Puzzle, max_nodes: int = 0) -> None:
        self.solve = solve
        self.puzzle = puzzle
        self.max_iterations = max_nodes or 1_000_000
        self.stats = SearchStats()
        self.found: list[list[int]] = []
        self.finished = False
        self.costs: list[list[float]] = []

    def run(self, chunk: int) -> Iterator[list[int]]:
        """Run to the end (solved or at the cap), then yield the moves in lists of ``chunk``."""
        moves = array("i")
        shown = list(self.puzzle.digits)
        costs: list[tuple[int, int, float]] = []
        lowest = [-1]

        def watch(digits: list[int], cells: list[int] | None, cost: int, temperature: float) -> None:
            for x in range(len(digits)) if cells is None else cells:
                if digits[x] != shown[x]:
                    shown[x] = digits[x]
                    moves.append(place(x, digits[x]))
            if lowest[0] < 0 or cost < lowest[0] or not costs or len(moves) - costs[-1][0] >= self.COST_EVERY:
                lowest[0] = cost if lowest[0] < 0 else min(lowest[0], cost)
                costs.append((len(moves), cost, temperature))

        result = self.solve(self.puzzle, seed=0, max_iterations=self.max_iterations, watch=watch)
        self.stats.tries = result.iterations
        self.finished = result.solved
        if result.solution:
            self.found = [list(result.solution)]
            moves.append(SOLUTION)
        at = 0
        for start in range(0, len(moves), chunk):
            end = start + chunk
            self.costs = []
            while at < len(costs) and costs[at][0] < end:
                self.costs.append([costs[at][0] - start, costs[at][1], round(costs[at][2], 4)])
                at += 1
            yield moves[start:end].tolist()
        self.costs = []


def _stochastic(solve: Callable[..., Stochastic]) -> Callable[[Puzzle, int, int], StochasticMoves]:
    """A racer of ``solve`` (its ``limit`` unused: it finds one solution or none)."""
    return lambda puzzle, limit, max_nodes: StochasticMoves(solve, puzzle, max_nodes)


#: The searches a race can replay: name -> class(puzzle, limit, max_nodes).
RACERS: dict[str, Callable[[Puzzle, int, int], Backtrack | DlxMoves | StochasticMoves]] = {
    "backtrack": Backtrack, "dlx": DlxMoves, "rules": RuleBased,
    "annealing": _stochastic(anneal), "genetic": _stochastic(evolve), "boltzmann": _stochastic(sample),
}
#: The racers that search at random: they end solved or at their cap, and prove nothing.
STOCHASTIC = frozenset({"annealing", "genetic", "boltzmann"})


def unraced(puzzle: Puzzle, solver: str) -> str:
    """Why ``solver`` cannot race ``puzzle`` by its rules, or "" when it can: plain
    backtracking checks a digit against the cell's peers only, not a killer's cage sums
    or a futoshiki's signs; the rule-based and stochastic solvers take classic sudoku alone."""
    if solver in STOCHASTIC | {"rules"} and (puzzle.kind != "sudoku" or not puzzle.shape.box_rows):
        solvers = "the rule-based solver takes" if solver == "rules" else "the stochastic solvers take"
        return f"{solvers} classic sudoku alone, not {puzzle.shape.facts.article}"
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
        unfinished, the search having given up at the node cap; a stochastic solver's solved
        or unsolved, with ``costs`` in every chunk: see :class:`StochasticMoves`), ``moves``, ``ms``
        (search time so far, recording included: DLX's whole search falls in its first
        chunk) and ``done``; when done, also ``nodes`` and ``guesses``."""
        start = time.perf_counter()
        moves = None if self.done else next(self._chunks, None)
        self.ms += (time.perf_counter() - start) * 1000
        self.done = moves is None
        record = {"status": "running", "moves": moves or [], "ms": round(self.ms, 3), "done": self.done}
        search = self.search
        if isinstance(search, StochasticMoves):
            record["costs"] = search.costs
        if self.done:
            status = ("solved" if search.finished else "unsolved") if isinstance(search, StochasticMoves) \
                else outcome(len(search.found), search.finished)
            record.update(status=status, nodes=search.stats.tries, guesses=search.stats.guesses)
        return record
