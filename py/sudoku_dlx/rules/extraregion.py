"""Extra regions (f-puzzles ``extraregion``): cells whose digits differ, as a box's."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Rule, cells_name, check_cells

__all__ = ["ExtraRegion"]


@dataclass(frozen=True)
class ExtraRegion(Rule):
    """An extra region: its ``region`` cells hold different digits (all ``n`` of them if it has ``n`` cells)."""

    region: tuple[int, ...]
    key = "extraregion"
    name = "extra region"

    @classmethod
    def read(cls, clue, n):
        return [cls(check_cells("an extra region", clue.cells, n, 2))]

    def cells(self):
        return self.region

    def units(self, n):
        return (self.region,)

    def broken(self, digits, n):
        held = [digits[x] for x in self.region]
        twice = next((d for d in held if d and held.count(d) > 1), None)
        return None if twice is None else f"the extra region {cells_name(self.region, n, ' ')} has {twice} twice"

    def words(self, n):
        return "Digits do not repeat in a shaded region."
