"""Kropki dots (f-puzzles ``difference``, white, and ``ratio``, black) and their negative.

A white dot between two cells: their digits differ by its value (1 if none is written).
A black dot: one digit is its value (2 if none) times the other. With the negative
constraint, two orthogonal neighbours with no dot between them are neither.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import PairRule, check_cells, orthogonal_pairs

__all__ = ["Dot", "NoDot", "adjacent_pair"]


def adjacent_pair(what: str, cells, n: int) -> tuple[int, int]:
    """Two orthogonally touching cells, checked."""
    a, b = sorted(check_cells(what, cells, n, 2))
    if len((a, b)) != len(cells) or not (b - a == n or b - a == 1 and a // n == b // n):
        raise InvalidPuzzleError(f"{what} stands between two touching cells, not {len(cells)} cells from "
                                 f"{cell_name(a, n)}", tuple(cells))
    return a, b


def kept(white: bool, value: int, x: int, y: int) -> bool:
    """Whether digits ``x``, ``y`` keep a white (difference) or black (ratio) dot of ``value``."""
    return abs(x - y) == value if white else x == value * y or y == value * x


def _value(clue, default: int, what: str) -> int:
    text = str(clue.value or default)
    if not text.isdigit() or int(text) < 1:
        raise InvalidPuzzleError(f"{what} has the value {text!r}, not a whole number from 1", tuple(clue.cells))
    return int(text)


@dataclass(frozen=True)
class Dot(PairRule):
    """A kropki dot between the cells ``a`` and ``b``: ``white`` (their difference is
    ``value``) or black (their ratio is)."""

    a: int
    b: int
    white: bool
    value: int

    @property
    def key(self):  # type: ignore[override]
        return "difference" if self.white else "ratio"

    @property
    def name(self):  # type: ignore[override]
        return "white dot" if self.white else "black dot"

    @classmethod
    def read(cls, clue, n, white=True):
        what = "a white dot" if white else "a black dot"
        value = _value(clue, 1 if white else 2, what)
        return [cls(*adjacent_pair(what, clue.cells, n), white, value)]

    def cells(self):
        return self.a, self.b

    def pairs(self, n):
        return ((self.a, self.b),)

    def ok(self, x, y):
        return kept(self.white, self.value, x, y)

    def why(self, a, b, digits, n):
        how = f"differ by {self.value}" if self.white else f"have the ratio {self.value}"
        return f"the {self.name} between {cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) says they {how}"

    def named(self, n):
        return f"the {self.name} between {cell_name(self.a, n)} and {cell_name(self.b, n)}"

    def words(self, n):
        return ("Digits on either side of a white dot differ by its number (1 if none)." if self.white
                else "Digits on either side of a black dot have the ratio of its number (2 if none).")


@dataclass(frozen=True)
class NoDot(PairRule):
    """The negative constraint: touching cells with no dot between them (not in
    ``dotted``) differ by none of ``differences`` and have none of ``ratios``."""

    dotted: frozenset[tuple[int, int]]
    differences: tuple[int, ...] = (1,)
    ratios: tuple[int, ...] = (2,)
    key = "negative"
    name = "negative kropki rule"

    def pairs(self, n):
        return (pair for pair in orthogonal_pairs(n) if pair not in self.dotted)

    def ok(self, x, y):
        return not any(kept(True, v, x, y) for v in self.differences) and not any(kept(False, v, x, y) for v in self.ratios)

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) have no dot between them"

    def words(self, n):
        return "All possible dots are given: touching cells without one are neither consecutive nor in a 1:2 ratio."
