"""Palindromes (f-puzzles ``palindrome``): a line reads the same from either end."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import PairRule, cells_name
from .thermometer import line_of

__all__ = ["Palindrome"]


@dataclass(frozen=True)
class Palindrome(PairRule):
    """Its ``line``'s digits read the same from either end."""

    line: tuple[int, ...]
    key = "palindrome"
    name = "palindrome"

    @classmethod
    def read(cls, clue, n):
        return [cls(line_of("a palindrome", line, n)) for line in clue.lines or [()]]

    def cells(self):
        return self.line

    def pairs(self, n):
        k = len(self.line)
        return ((self.line[i], self.line[k - 1 - i]) for i in range(k // 2))

    def ok(self, x, y):
        return x == y

    def why(self, a, b, digits, n):
        return (f"the palindrome {cells_name(self.line, n)} reads differently back: {cell_name(a, n)} is {digits[a]}, "
                f"{cell_name(b, n)} {digits[b]}")

    def words(self, n):
        return "A grey line reads the same from either end."
