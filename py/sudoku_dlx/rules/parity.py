"""Odd and even cells (f-puzzles ``odd``, ``even``): a circle holds an odd digit, a square an even one."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import Rule, check_cells, keep

__all__ = ["Parity"]


@dataclass(frozen=True)
class Parity(Rule):
    """Cell ``cell`` holds an ``odd`` digit, or an even one."""

    cell: int
    odd: bool

    @property
    def key(self):  # type: ignore[override]
        return "odd" if self.odd else "even"

    @property
    def name(self):  # type: ignore[override]
        return f"{self.key} cell"

    @classmethod
    def read(cls, clue, n, odd=True):
        return [cls(x, odd) for x in check_cells(f"an {'odd' if odd else 'even'} cell", clue.cells, n)]

    def cells(self):
        return (self.cell,)

    def whole(self):  # what it rules out on an empty grid is all it says
        return True

    def narrow(self, allowed, n):
        return keep(allowed, self.cell, sum(1 << d - 1 for d in range(1 if self.odd else 2, n + 1, 2)))

    def broken(self, digits, n):
        d = digits[self.cell]
        return None if not d or d % 2 == self.odd else f"{cell_name(self.cell, n)} is {self.key}, not {d}"

    def words(self, n):
        return "A grey circle holds an odd digit." if self.odd else "A grey square holds an even digit."
