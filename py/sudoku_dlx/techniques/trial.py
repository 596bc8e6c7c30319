"""Trial and error: the DLX engine asked which candidates of a cell lead to no solution.

The last resort of the logical solver, above every technique's score: it
always progresses on a puzzle with one solution.
"""

from __future__ import annotations

from ..kinds.grid import Puzzle
from ..kinds.solver import fault, solutions
from .board import Board, Step, base_score

__all__ = ["trial_and_error"]


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
    return Step("Trial and error", base_score("Trial and error"), text, (), eliminations, (cell,), board.units_of[cell])


def _completes(board: Board, cell: int, digit: int) -> bool:
    """Whether the placed digits plus ``digit`` in ``cell`` still have a solution (the
    exact cover of the board's kind, with its cages and signs)."""
    if any(board.values[peer] == digit for peer in board.peers[cell]):
        return False
    values = board.values[:]
    values[cell] = digit
    puzzle = Puzzle(board.shape, tuple(values), board.cages, board.signs)
    return not fault(puzzle) and bool(solutions(puzzle, 1)[0])
