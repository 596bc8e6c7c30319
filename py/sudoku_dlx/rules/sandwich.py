"""Sandwiches (f-puzzles ``sandwichsum``): a number outside a row or column is the sum of
the digits between its 1 and its highest digit (``n``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from .base import Rule, between, keep

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
        if not clue.outside:
            raise InvalidPuzzleError("a sandwich sum stands outside the grid, and this one has no place", ())
        r, c = clue.outside
        if r in (0, n + 1) and 1 <= c <= n:
            line, where = tuple(range(c - 1, n * n, n)), f"column {c}"
        elif c in (0, n + 1) and 1 <= r <= n:
            line, where = tuple(range((r - 1) * n, r * n)), f"row {r}"
        else:
            raise InvalidPuzzleError(f"a sandwich sum stands beside a row or column, not at R{r}C{c}", ())
        text = str(clue.value).strip()
        most = sum(range(2, n))
        if not text.isdigit() or int(text) > most:
            raise InvalidPuzzleError(f"the sandwich of {where} is 0 to {most}, not {text!r}", line)
        return [cls(line, int(text), where)]

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        """Keeps each cell's digits that some placing of the 1 and the ``n`` allows: the
        cells between them able to add up to the sum with digits from 2 to n - 1, and
        every other cell able to hold one of those."""
        inner = between(2, n - 1)
        line, k = self.line, len(self.line)
        masks = [allowed[x] & inner for x in line]  # what a cell may hold if neither end
        kept = [0] * k
        for i in range(k):
            for j in range(i + 1, k):
                middle = masks[i + 1:j]
                low = sum((m & -m).bit_length() for m in middle)
                high = sum(m.bit_length() for m in middle)
                if not all(masks[:i] + masks[j + 1:]) or not all(middle) or not low <= self.total <= high:
                    continue
                for a, b in ((1, 1 << n - 1), (1 << n - 1, 1)):
                    if allowed[line[i]] & a and allowed[line[j]] & b:
                        kept[i] |= a
                        kept[j] |= b
                        for x in (*range(i), *range(i + 1, j), *range(j + 1, k)):
                            kept[x] |= masks[x]
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
