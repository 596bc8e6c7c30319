"""sudoku_dlx: sudoku of every size as exact cover, solved with dancing links.

>>> from sudoku_dlx import solve
>>> result = solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> result.status
'unique'
"""

from .dlx import ExactCover, SearchStats
from .generator import SYMMETRIES, Generated, generate
from .kinds.grid import BOX_SHAPES, InvalidPuzzleError, Puzzle, Shape, find_clash, format_grid, parse, read_puzzles
from .kinds.solver import SolveResult, count_solutions, solve
from .rating import GRADES, Hint, Rating, hint, rate
from .techniques.position import Position, Step

#: The published old name of :class:`Position` (the glossary's *board* is what a problem is drawn on).
Board = Position

__version__ = "0.1.0"

__all__ = [
    "BOX_SHAPES",
    "Board",
    "ExactCover",
    "GRADES",
    "Generated",
    "Hint",
    "InvalidPuzzleError",
    "Position",
    "Puzzle",
    "Rating",
    "SYMMETRIES",
    "SearchStats",
    "Shape",
    "SolveResult",
    "Step",
    "count_solutions",
    "find_clash",
    "format_grid",
    "generate",
    "hint",
    "parse",
    "rate",
    "read_puzzles",
    "solve",
]
