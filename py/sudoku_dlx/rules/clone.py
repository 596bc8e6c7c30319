"""Clones (f-puzzles ``clone``): two shapes of cells hold the same digits, cell for cell."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import PairRule, check_cells

__all__ = ["Clone"]


@dataclass(frozen=True)
class Clone(PairRule):
    """Cell ``one[i]`` holds the same digit as ``other[i]``."""

    one: tuple[int, ...]
    other: tuple[int, ...]
    key = "clone"
    name = "clone"

    @classmethod
    def read(cls, clue, n):
        one, other = check_cells("a clone", clue.cells, n), check_cells("a clone's copy", (clue.lines or ((),))[0], n)
        if len(one) != len(other):
            raise InvalidPuzzleError(f"a clone has {len(one)} cells and its copy {len(other)}", one + other)
        return [cls(one, other)]

    def cells(self):
        return self.one + self.other

    def pairs(self, n):
        return zip(self.one, self.other)

    def ok(self, x, y):
        return x == y

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} ({digits[a]}) and its clone {cell_name(b, n)} ({digits[b]}) differ"

    def words(self, n):
        return "Cloned shapes hold the same digits in the same places."
