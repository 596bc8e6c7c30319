"""Anti-knight (f-puzzles ``antiknight``): cells a chess knight's move apart differ."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import PairRule, Rule, neighbours

__all__ = ["AntiKnight", "KNIGHT"]

#: A knight's moves.
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class AntiKnight(PairRule):
    """No two cells a knight's move apart hold the same digit."""

    key = "antiknight"
    name = "anti-knight rule"

    def pairs(self, n):
        return ((a, b) for a in range(n * n) for b in neighbours(a, n, KNIGHT) if a < b)

    def ok(self, x, y):
        return x != y

    narrow = Rule.narrow  # its conflicts say all: a single cell's digit leaves the cells it clashes with

    def conflicts(self, n):  # only the same digit: n per pair, not n * n checks
        return ((a, d, b, d) for a, b in self.pairs(n) for d in range(1, n + 1))

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} and {cell_name(b, n)} are a knight's move apart and both hold {digits[a]}"

    def words(self, n):
        return "Cells a chess knight's move apart do not hold the same digit."
