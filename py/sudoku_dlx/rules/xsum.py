"""X-sums (f-puzzles ``xsum``): a number outside a row or column is the sum of the first X
digits seen from it, where X is the first of those digits."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from ..kinds.solver import combination_masks
from .base import Rule, keep, outside_line, union

__all__ = ["XSum"]


@dataclass(frozen=True)
class XSum(Rule):
    """The first ``X`` digits of ``line`` (a row or column from the clue's side) add up to
    ``total``, ``X`` being the first digit."""

    line: tuple[int, ...]
    total: int
    where: str
    key = "xsum"
    name = "X-sum"

    @classmethod
    def read(cls, clue, n):
        line, where, side = outside_line("an X-sum", clue, n)
        text = str(clue.value).strip()
        most = n * (n + 1) // 2
        if not text.isdigit() or not 1 <= int(text) <= most:
            raise InvalidPuzzleError(f"the X-sum of {where} {side} is 1 to {most}, not {text!r}", line)
        return [cls(line, int(text), f"{where} {side}")]

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        """Keeps each cell's digits that some first digit ``x`` and some set of different
        digits for the next ``x - 1`` cells adding up to the rest allow: those cells hold that
        set, the cells after them the digits left."""
        line, k, every = self.line, len(self.line), (1 << n) - 1
        masks = [allowed[x] for x in line]
        kept = [0] * k
        for x in range(1, min(n, k) + 1):
            first = 1 << x - 1
            if not masks[0] & first:
                continue
            for combination in combination_masks(x - 1, self.total - x, n):
                if combination & first:
                    continue
                rest = every ^ first ^ combination
                counted = [masks[i] & combination for i in range(1, x)]
                after = [masks[i] & rest for i in range(x, k)]
                if not all(counted) or not all(after) or union(counted) != combination or union(after) != rest:
                    continue
                kept[0] |= first
                for i in range(1, k):
                    kept[i] |= counted[i - 1] if i < x else after[i - x]
        changed = False
        for cell, mask in zip(line, kept):
            changed |= keep(allowed, cell, mask)
        return changed

    def broken(self, digits, n):
        held = [digits[x] for x in self.line]
        if not held[0] or not all(held[:held[0]]):
            return None
        total = sum(held[:held[0]])
        return None if total == self.total else f"{self.named(n)} is {total}, not {self.total}"

    def named(self, n):
        return f"the X-sum of {self.where}"

    def words(self, n):
        return "A number outside the grid is the sum of the first X digits seen from it, where X is the first of them."

