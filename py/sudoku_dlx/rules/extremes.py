"""Minimum and maximum cells (f-puzzles ``minimum``, ``maximum``): less, or more, than every
orthogonal neighbour that is not one too (as a fortress's cells, which touch)."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import ORTHOGONAL, PairRule, check_cells, neighbours

__all__ = ["Extreme"]


@dataclass(frozen=True)
class Extreme(PairRule):
    """The digit of each of ``marked`` is less (``least``) or more than each orthogonal
    neighbour's outside ``marked``."""

    marked: tuple[int, ...]
    least: bool

    @property
    def key(self):  # type: ignore[override]
        return "minimum" if self.least else "maximum"

    @property
    def name(self):  # type: ignore[override]
        return f"{self.key} cell"

    @classmethod
    def read(cls, clue, n, least=True):
        return [cls(check_cells(f"a {'minimum' if least else 'maximum'} cell", clue.cells, n), least)]

    def cells(self):
        return self.marked

    def pairs(self, n):
        return ((x, other) for x in self.marked for other in neighbours(x, n, ORTHOGONAL) if other not in self.marked)

    def ok(self, x, y):
        return x < y if self.least else x > y

    def why(self, a, b, digits, n):
        return (f"{cell_name(a, n)} ({digits[a]}) is a {self.key}, so it is {'less' if self.least else 'more'} than "
                f"{cell_name(b, n)} ({digits[b]})")

    def words(self, n):
        return f"A {self.key} cell is {'less' if self.least else 'more'} than each cell it touches orthogonally."
