"""The thesis's rule-based solver: a person's rules until they stall, then a guess.

It applies the rules the thesis's rule-based solver used (:data:`RULES`: naked
and hidden singles, naked and hidden pairs, triples and quads, X-wings,
swordfish and jellyfish; the registry's techniques of those names), always the
easiest that applies, until none does. Then it guesses: in a blank cell with the
fewest candidates it tries each candidate in turn, depth first, and steps back
when the rules break the grid (a cell without candidates, a digit without a place
in a unit), as backtracking does. So it always finishes, and like DLX it tells a
unique solution from several or none.

No rule that argues from uniqueness takes part: a guess may leave a grid with
several solutions, or none. The rules know only the units: the solver takes
classic sudoku (as the other baselines do). Like :class:`~.backtrack.Backtrack`
it can hand out its moves (:mod:`.moves`) in chunks, for the race.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..dlx import SearchStats
from ..kinds.grid import Puzzle
from ..rating import next_step
from ..techniques.position import Position
from ..techniques.registry import techniques_for
from .backtrack import Backtrack, run_out
from .moves import SOLUTION, clear, place

__all__ = ["RULES", "RuleBased", "rule_based_solutions"]

#: The thesis's rules, by the registry's names.
RULES = ("Hidden single", "Naked single", "Naked pair", "Hidden pair", "Naked triple", "Hidden triple",
         "Naked quad", "Hidden quad", "X-wing", "Swordfish", "Jellyfish")


class RuleBased(Backtrack):
    """One rule-based search of ``puzzle``, backtracking with the rules between its guesses:
    at most ``limit`` solutions (0: all), given up after ``max_nodes`` digits placed (0: never;
    checked at each guess, so a search may pass it by the digits its rules placed since).

    ``stats.tries`` counts digits placed, by a rule or a guess; ``stats.guesses`` the
    cells guessed in (with two or more candidates); ``found`` holds the solutions,
    ``finished`` is False while the search runs and when it gave up at the cap.
    """

    def __init__(self, puzzle: Puzzle, limit: int = 0, max_nodes: int = 0) -> None:
        super().__init__(puzzle, limit, max_nodes)
        self.rules = tuple(t for t in techniques_for(puzzle.kind) if t.name in RULES)

    def run(self, chunk: int = 0) -> Iterator[list[int]]:
        """Search, yielding the moves in lists of ``chunk`` or a few more (the last may be
        shorter); with ``chunk`` 0 nothing is recorded and nothing is yielded."""
        moves: list[int] | None = [] if chunk else None
        position = Position.from_puzzle(self.puzzle)
        # Each guess: the position before it, its cell and the candidates left to try.
        guesses: list[tuple[Position, int, list[int]]] = []
        while True:
            alive = self._deduce(position, moves)
            if alive and position.solved:
                self.found.append(tuple(position.values))
                self.stats.solutions += 1
                if moves is not None:
                    moves.append(SOLUTION)
                if self.limit and len(self.found) >= self.limit:
                    break
                alive = False
            if alive:
                cell = min(position.blanks(), key=lambda x: position.candidates[x].bit_count())
                digits = position.digits(cell)
                self.stats.guesses += len(digits) > 1
                guesses.append((position, cell, digits))
            while guesses and not guesses[-1][2]:
                guesses.pop()
            if not guesses:
                break
            before, cell, digits = guesses[-1]
            if moves is not None:
                moves += [clear(x) for x, d in enumerate(position.values) if d and not before.values[x]]
            position = before.copy()
            digit = digits.pop(0)
            self._place(position, cell, digit, moves, guess=alive and len(digits) > 0)
            if moves is not None and len(moves) >= chunk:
                yield moves
                moves = []
            if self.max_nodes and self.stats.tries >= self.max_nodes:
                if moves:
                    yield moves
                return
        self.finished = True
        if moves:
            yield moves

    def _deduce(self, position: Position, moves: list[int] | None) -> bool:
        """Apply the rules to ``position`` until none applies; False if it breaks."""
        while not position.broken():
            if position.solved:
                return True
            step = next_step(position, self.rules)
            if step is None:
                return True
            for cell, digit in step.placements:
                self._place(position, cell, digit, moves)
            for cell, digit in step.eliminations:
                position.eliminate(cell, digit)
        return False

    def _place(self, position: Position, cell: int, digit: int, moves: list[int] | None,
               guess: bool = False) -> None:
        position.place(cell, digit)
        self.stats.tries += 1
        if moves is not None:
            moves.append(place(cell, digit, guess))


def rule_based_solutions(
    puzzle: Puzzle, limit: int = 0, max_nodes: int = 0
) -> tuple[list[tuple[int, ...]], SearchStats, bool]:
    """Completions (at most ``limit``; 0: all), statistics, and whether the search finished
    (see :class:`RuleBased`)."""
    return run_out(RuleBased(puzzle, limit, max_nodes))
