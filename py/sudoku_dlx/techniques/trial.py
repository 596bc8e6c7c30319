"""Trial and error: the DLX engine asked which candidates of a cell lead to no solution.

The last resort of the logical solver, above every technique's score: it
always progresses on a puzzle with one solution.
"""

from __future__ import annotations

from ..kinds.grid import Puzzle
from ..kinds.solver import fault, solutions
from .position import Position, Step, base_score

__all__ = ["trial_and_error"]


def trial_and_error(position: Position) -> Step | None:
    """In a blank cell with the fewest candidates, eliminate every candidate after which
    the engine finds no solution. Always progresses on a puzzle with one solution."""
    blanks = [x for x in position.blanks() if position.candidates[x]]
    if not blanks:
        return None
    cell = min(blanks, key=lambda x: position.candidates[x].bit_count())
    eliminations = tuple((cell, d) for d in position.digits(cell) if not _completes(position, cell, d))
    if not eliminations:
        return None
    text = (f"Trial and error: with {position.removal(eliminations).replace('<>', '=')} the grid "
            f"has no solution, so {position.removal(eliminations)}.")
    return Step("Trial and error", base_score("Trial and error"), text, (), eliminations, (cell,), position.units_of[cell])


def _completes(position: Position, cell: int, digit: int) -> bool:
    """Whether the placed digits plus ``digit`` in ``cell`` still have a solution (the
    exact cover of the position's kind, with its cages and signs)."""
    if any(position.values[peer] == digit for peer in position.peers[cell]):
        return False
    values = position.values[:]
    values[cell] = digit
    puzzle = Puzzle(position.shape, tuple(values), position.cages, position.signs)
    return not fault(puzzle) and bool(solutions(puzzle, 1)[0])
