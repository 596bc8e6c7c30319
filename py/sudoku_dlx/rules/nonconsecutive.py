"""Non-consecutive (f-puzzles ``nonconsecutive``): orthogonal neighbours never differ by 1,
except across a white kropki dot, which f-puzzles reads as the exception."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import PairRule, orthogonal_pairs

__all__ = ["NonConsecutive"]


@dataclass(frozen=True)
class NonConsecutive(PairRule):
    """No two orthogonal neighbours hold consecutive digits, but those ``dotted`` (a white dot between them)."""

    dotted: frozenset[tuple[int, int]] = frozenset()
    key = "nonconsecutive"
    name = "non-consecutive rule"

    def pairs(self, n):
        return (pair for pair in orthogonal_pairs(n) if pair not in self.dotted)

    def ok(self, x, y):
        return abs(x - y) != 1

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) touch and are consecutive"

    def words(self, n):
        return "Orthogonally touching cells do not hold consecutive digits."
