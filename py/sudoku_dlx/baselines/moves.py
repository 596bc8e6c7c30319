"""A search's moves on the grid as small integers, for watching two searches race.

A move puts a digit in a cell or clears it: ``cell * 64 + digit * 2 + guess``,
where digit 0 clears the cell and ``guess`` is 1 on the first digit tried in a
cell (or for an item) that had two or more to choose from. :data:`SOLUTION`
marks the moment the grid is complete. Digits go up to 25, so ``digit * 2 + 1``
stays below 64.
"""

from __future__ import annotations

__all__ = ["SOLUTION", "clear", "place"]

SOLUTION = -1


def place(cell: int, digit: int, guess: bool = False) -> int:
    """The move that puts ``digit`` in ``cell`` (``guess``: the first of several choices)."""
    return cell * 64 + digit * 2 + guess


def clear(cell: int) -> int:
    """The move that empties ``cell``."""
    return cell * 64
