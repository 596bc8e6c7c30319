"""Sandwiches (f-puzzles ``sandwichsum``): a number outside a row or column is the sum of
the digits between its 1 and its highest digit (``n``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from ..kinds.solver import combination_masks
from .base import Rule, keep, outside_line, union

__all__ = ["Sandwich"]


@dataclass(frozen=True)
class Sandwich(Rule):
    """The digits between the 1 and the ``n`` of ``line`` (a row or column, in order) add up to ``total``."""

    line: tuple[int, ...]
    total: int
    where: str
    key = "sandwichsum"
    name = "sandwich"

    @classmethod
    def read(cls, clue, n):
        line, where, _ = outside_line("a sandwich sum", clue, n)
        line = tuple(sorted(line))
        text = str(clue.value).strip()
        most = sum(range(2, n))
        if not text.isdigit() or int(text) > most:
            raise InvalidPuzzleError(f"the sandwich of {where} is 0 to {most}, not {text!r}", line)
        return [cls(line, int(text), where)]

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        """Keeps each cell's digits that some placing of the 1 and the ``n`` and some set of
        different digits for the cells between them (:func:`~..kinds.solver.combination_masks`)
        allow: the cells between hold that set, the cells outside the rest of 2 to n - 1."""
        ends, line, k = 1 | 1 << n - 1, self.line, len(self.line)
        masks = [allowed[x] for x in line]
        kept = [0] * k
        for i in range(k):
            for j in range(i + 1, k):
                ways = [(a, b) for a, b in ((1, 1 << n - 1), (1 << n - 1, 1)) if masks[i] & a and masks[j] & b]
                if not ways:
                    continue
                for combination in combination_masks(j - i - 1, self.total, n):
                    if combination & ends:
                        continue
                    rest = ends ^ ((1 << n) - 1) ^ combination
                    inside = [masks[x] & combination for x in range(i + 1, j)]
                    outside = [masks[x] & rest for x in (*range(i), *range(j + 1, k))]
                    if not (all(inside) and all(outside) and union(inside) == combination
                            and union(outside) == rest):
                        continue
                    for a, b in ways:
                        kept[i] |= a
                        kept[j] |= b
                    for x in (*range(i), *range(j + 1, k)):
                        kept[x] |= masks[x] & rest
                    for x in range(i + 1, j):
                        kept[x] |= masks[x] & combination
        changed = False
        for x, mask in zip(line, kept):
            changed |= keep(allowed, x, mask)
        return changed

    def broken(self, digits, n):
        held = [digits[x] for x in self.line]
        if not all(held) or 1 not in held or n not in held:
            return None
        i, j = sorted((held.index(1), held.index(n)))
        total = sum(held[i + 1:j])
        return None if total == self.total else f"{self.named(n)} is {total}, not {self.total}"

    def named(self, n):
        return f"the sandwich of {self.where}"

    def words(self, n):
        return f"A number beside a row or column is the sum of the digits between its 1 and its {n}."

