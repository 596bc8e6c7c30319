"""Baseline clue diggers, the textbook ways to remove clues (compare :mod:`sudoku_dlx.generator`).

Both remove the orbits one by one in the given order, keeping a removal while
the puzzle stays unique, and test each removal from scratch:

* ``count``: count the solutions up to 2 with the DLX engine (the usual "DLX
  digger");
* ``naive``: put every other digit in each removed cell and ask the same
  engine for a solution (the usual "naive digger": try the other digits).

Given the same grid and orbit order they return the same puzzle as
:func:`~sudoku_dlx.generator.generate`, which makes the timings comparable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..grid import Puzzle, Shape
from ..solver import count_solutions, solutions

__all__ = ["DIGGERS", "dig"]


def _count_unique(shape: Shape, digits: list[int], orbit: tuple[int, ...], solution: tuple[int, ...]) -> bool:
    found, _ = solutions(Puzzle(shape, tuple(digits)), 2)
    return len(found) == 1


def _naive_unique(shape: Shape, digits: list[int], orbit: tuple[int, ...], solution: tuple[int, ...]) -> bool:
    trial = list(digits)
    for x in orbit:
        for d in range(1, shape.n + 1):
            if d != solution[x]:
                trial[x] = d
                if count_solutions(Puzzle(shape, tuple(trial)), 1):
                    return False
        trial[x] = solution[x]
    return True


#: name -> test(shape, clues with the orbit removed, orbit, solution) -> still unique?
DIGGERS: dict[str, Callable[[Shape, list[int], tuple[int, ...], tuple[int, ...]], bool]] = {
    "count": _count_unique,
    "naive": _naive_unique,
}


def dig(shape: Shape, solution: tuple[int, ...], order: Sequence[tuple[int, ...]], method: str) -> Puzzle:
    """Remove the orbits of ``order`` from the complete grid ``solution`` while ``method`` says unique."""
    unique = DIGGERS[method]
    digits = list(solution)
    for orbit in order:
        for x in orbit:
            digits[x] = 0
        if not unique(shape, digits, orbit, solution):
            for x in orbit:
                digits[x] = solution[x]
    return Puzzle(shape, tuple(digits))
