"""Anti-knight (f-puzzles ``antiknight``): cells a chess knight's move apart differ."""

from __future__ import annotations

from dataclasses import dataclass

from .base import ApartRule

__all__ = ["AntiKnight", "KNIGHT"]

#: A knight's moves.
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class AntiKnight(ApartRule):
    """No two cells a knight's move apart hold the same digit."""

    key = "antiknight"
    name = "anti-knight rule"
    moves = KNIGHT
    apart = "are a knight's move apart"

    def words(self, n):
        return "Cells a chess knight's move apart do not hold the same digit."
