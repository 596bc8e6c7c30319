"""Arrows (f-puzzles ``arrow``): the digits along an arrow add up to the number in its circle.

A circle of two cells reads as a two-digit number, in the order the data gives its cells
(left to right, top to bottom as f-puzzles writes them); each line from a circle is an
arrow of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import SumRule, cells_name, check_cells, digits_of, keep, mask_of, narrow_sum, union
from .thermometer import line_of

__all__ = ["Arrow"]


@dataclass(frozen=True)
class Arrow(SumRule):
    """The digits of ``line`` add up to the number the ``circle`` cells spell."""

    circle: tuple[int, ...]
    line: tuple[int, ...]
    key = "arrow"
    name = "arrow"

    @classmethod
    def read(cls, clue, n):
        circle = check_cells("an arrow's circle", clue.cells, n)
        if len(circle) > 2:
            raise InvalidPuzzleError(f"an arrow's circle has 1 or 2 cells, not {len(circle)}", circle)
        if not clue.lines:
            raise InvalidPuzzleError(f"the arrow from {cell_name(circle[0], n)} has no line", circle)
        arrows = []
        for line in clue.lines:
            what = f"the arrow from {cell_name(circle[0], n)}"
            whole = line_of(what, line, n)
            if not whole or whole[0] not in circle:
                raise InvalidPuzzleError(f"{what} does not start in its circle", whole[:1])
            shaft = tuple(x for x in whole if x not in circle)
            if not shaft:
                raise InvalidPuzzleError(f"{what} has no cells beyond its circle", circle)
            arrows.append(cls(circle, line_of(what, shaft, n, 1)))
        return arrows

    def cells(self):
        return self.circle + self.line

    def summed(self):
        return self.line

    def totals(self, allowed, n):
        """The numbers the circle can spell."""
        if len(self.circle) == 1:
            return allowed[self.circle[0]] << 1
        return union(1 << 10 * a + b for a, b in self._numbers(allowed))

    def narrow(self, allowed, n):
        """Keeps the line's digits that some others complete to a number the circle can
        spell (different digits where they share a unit), and the circle's digits that
        spell a sum the line can make."""
        changed, reachable = narrow_sum(allowed, self.groups, self.totals(allowed, n))
        if len(self.circle) == 1:
            return keep(allowed, self.circle[0], reachable >> 1) or changed
        tens, ones = self.circle
        numbers = [(a, b) for a, b in self._numbers(allowed) if reachable >> 10 * a + b & 1]
        changed |= keep(allowed, tens, mask_of(a for a, _ in numbers))
        return keep(allowed, ones, mask_of(b for _, b in numbers)) or changed

    def _numbers(self, allowed: list[int]) -> list[tuple[int, int]]:
        """The (tens, ones) a circle of two cells can spell."""
        tens, ones = self.circle
        return [(a, b) for a in digits_of(allowed[tens]) for b in digits_of(allowed[ones])]

    def broken(self, digits, n):
        if not all(digits[x] for x in self.cells()):
            return None
        number = int("".join(str(digits[x]) for x in self.circle)) if len(self.circle) == 2 else digits[self.circle[0]]
        total = sum(digits[x] for x in self.line)
        if total == number:
            return None
        return f"the arrow {cells_name(self.line, n)} adds up to {total}, not {number} (its circle {cells_name(self.circle, n)})"

    def words(self, n):
        return "Digits along an arrow add up to the number in its circle."
