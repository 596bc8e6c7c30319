"""Diagonals (f-puzzles ``diagonal+``, ``diagonal-``): each holds every digit once."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Rule

__all__ = ["Diagonal"]


@dataclass(frozen=True)
class Diagonal(Rule):
    """A main diagonal: ``rising`` (bottom left to top right, ``diagonal+``) or falling
    (top left to bottom right, ``diagonal-``)."""

    rising: bool
    name = "diagonal"

    @property
    def key(self) -> str:  # type: ignore[override]
        return "diagonal+" if self.rising else "diagonal-"

    def line(self, n: int) -> tuple[int, ...]:
        return tuple(r * n + (n - 1 - r if self.rising else r) for r in range(n))

    def units(self, n: int):
        return (self.line(n),)

    def broken(self, digits, n):
        held = [digits[x] for x in self.line(n)]
        twice = next((d for d in held if d and held.count(d) > 1), None)
        return None if twice is None else f"{self.named(n)} has {twice} twice"

    def named(self, n):
        return f"the {'rising' if self.rising else 'falling'} diagonal"

    def words(self, n):
        return f"Digits do not repeat on the {'rising' if self.rising else 'falling'} diagonal."
