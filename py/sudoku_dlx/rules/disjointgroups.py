"""Disjoint groups (f-puzzles ``disjointgroups``): the cells in the same place of each box differ."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Rule

__all__ = ["DisjointGroups"]


@dataclass(frozen=True)
class DisjointGroups(Rule):
    """The cells in the same place of each ``rows`` by ``cols`` box hold different digits."""

    rows: int
    cols: int
    key = "disjointgroups"
    name = "disjoint groups"

    def groups(self, n: int) -> list[tuple[int, ...]]:
        return [tuple(r * n + c for r in range(i, n, self.rows) for c in range(j, n, self.cols))
                for i in range(self.rows) for j in range(self.cols)]

    def units(self, n):
        return self.groups(n)

    def broken(self, digits, n):
        for k, group in enumerate(self.groups(n)):
            held = [digits[x] for x in group]
            twice = next((d for d in held if d and held.count(d) > 1), None)
            if twice is not None:
                return f"the cells in place {k + 1} of the boxes hold {twice} twice"
        return None

    def words(self, n):
        return "Cells in the same place of each box hold different digits."
