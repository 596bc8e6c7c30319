"""Quadruples (f-puzzles ``quadruple``): the digits in a circle on a corner all appear in
the cells around it (a digit written twice, twice)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from .base import Rule, cells_name, check_cells, keep, mask_of

__all__ = ["Quadruple"]


@dataclass(frozen=True)
class Quadruple(Rule):
    """The ``corner`` cells hold every digit of ``digits`` (as often as listed)."""

    corner: tuple[int, ...]
    digits: tuple[int, ...]
    key = "quadruple"
    name = "quadruple"

    @classmethod
    def read(cls, clue, n):
        cells = check_cells("a quadruple", clue.cells, n, 2)
        text = [t for t in str(clue.value).replace(",", " ").split() if t]
        if len(text) == 1 and len(text[0]) > 1 and n <= 9:
            text = list(text[0])
        if not text or not all(t.isdigit() and 1 <= int(t) <= n for t in text) or len(text) > len(cells):
            raise InvalidPuzzleError(f"the quadruple on {cells_name(cells, n, ' ')} has digits {clue.value!r}", cells)
        return [cls(cells, tuple(sorted(int(t) for t in text)))]

    def cells(self):
        return self.corner

    def narrow(self, allowed, n):
        changed = False
        if len(self.digits) == len(self.corner):
            for x in self.corner:
                changed |= keep(allowed, x, mask_of(self.digits))
        return changed

    def needs(self, allowed, n):
        return ((self.corner, mask_of(self.digits)),)

    def broken(self, digits, n):
        held = Counter(digits[x] for x in self.corner)
        if all(digits[x] for x in self.corner):
            missing = Counter(self.digits) - held
            if missing:
                return f"the quadruple on {cells_name(self.corner, n, ' ')} lacks {', '.join(map(str, sorted(missing)))}"
        return None

    def words(self, n):
        return "The digits in a circle on a corner appear in the cells around it."
