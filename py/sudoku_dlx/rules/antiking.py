"""Anti-king (f-puzzles ``antiking``): diagonally touching cells differ."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import PairRule, Rule, neighbours

__all__ = ["AntiKing"]

#: A king's diagonal steps (its orthogonal ones are in a row or column already).
CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class AntiKing(PairRule):
    """No two cells a king's move apart hold the same digit."""

    key = "antiking"
    name = "anti-king rule"

    def pairs(self, n):
        return ((a, b) for a in range(n * n) for b in neighbours(a, n, CORNERS) if a < b)

    def ok(self, x, y):
        return x != y

    narrow = Rule.narrow  # its conflicts say all: a single cell's digit leaves the cells it clashes with

    def conflicts(self, n):
        return ((a, d, b, d) for a, b in self.pairs(n) for d in range(1, n + 1))

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} and {cell_name(b, n)} touch at a corner and both hold {digits[a]}"

    def words(self, n):
        return "Cells a chess king's move apart do not hold the same digit."
