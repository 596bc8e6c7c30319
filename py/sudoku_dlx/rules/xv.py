"""XV (f-puzzles ``xv``): an X between two cells means they add up to 10, a V to 5;
with the negative constraint, touching cells with neither add up to neither."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import PairRule, orthogonal_pairs
from .kropki import adjacent_pair

__all__ = ["NoXV", "XV", "XV_SUMS"]

#: What each letter adds up to.
XV_SUMS = {"X": 10, "V": 5}


@dataclass(frozen=True)
class XV(PairRule):
    """An X or a V between the cells ``a`` and ``b``."""

    a: int
    b: int
    letter: str
    key = "xv"
    name = "XV"

    @classmethod
    def read(cls, clue, n):
        letter = str(clue.value).upper()
        if letter not in XV_SUMS:
            raise InvalidPuzzleError(f"an XV clue is X or V, not {clue.value!r}", tuple(clue.cells))
        return [cls(*adjacent_pair(f"the {letter}", clue.cells, n), letter)]

    def cells(self):
        return self.a, self.b

    def pairs(self, n):
        return ((self.a, self.b),)

    def ok(self, x, y):
        return x + y == XV_SUMS[self.letter]

    def why(self, a, b, digits, n):
        return (f"the {self.letter} between {cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) says "
                f"they add up to {XV_SUMS[self.letter]}")

    def named(self, n):
        return f"the {self.letter} between {cell_name(self.a, n)} and {cell_name(self.b, n)}"

    def words(self, n):
        return "Digits either side of an X add up to 10, of a V to 5."


@dataclass(frozen=True)
class NoXV(PairRule):
    """The negative constraint: touching cells with no X or V between them (not in
    ``marked``) add up to neither 5 nor 10."""

    marked: frozenset[tuple[int, int]]
    key = "negative"
    name = "negative XV rule"

    def pairs(self, n):
        return (pair for pair in orthogonal_pairs(n) if pair not in self.marked)

    def ok(self, x, y):
        return x + y not in XV_SUMS.values()

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) have no X or V between them"

    def words(self, n):
        return "All Xs and Vs are given: touching cells without one add up to neither 5 nor 10."
