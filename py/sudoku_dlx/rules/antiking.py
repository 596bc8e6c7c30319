"""Anti-king (f-puzzles ``antiking``): diagonally touching cells differ."""

from __future__ import annotations

from dataclasses import dataclass

from .base import ApartRule

__all__ = ["AntiKing"]

#: A king's diagonal steps (its orthogonal ones are in a row or column already).
CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class AntiKing(ApartRule):
    """No two cells a king's move apart hold the same digit."""

    key = "antiking"
    name = "anti-king rule"
    moves = CORNERS
    apart = "touch at a corner"

    def words(self, n):
        return "Cells a chess king's move apart do not hold the same digit."
