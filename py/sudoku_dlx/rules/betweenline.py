"""Between lines (f-puzzles ``betweenline``): the digits on the line lie strictly between
the digits in the circles at its two ends."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from .base import Rule, between, cells_name, digits_of, keep
from .thermometer import line_of

__all__ = ["BetweenLine"]


@dataclass(frozen=True)
class BetweenLine(Rule):
    """The cells of ``line`` between its ends hold digits strictly between the ends'."""

    line: tuple[int, ...]
    key = "betweenline"
    name = "between line"

    @classmethod
    def read(cls, clue, n):
        rules = []
        for line in clue.lines or [()]:
            line = line_of("a between line", line, n)
            if len(line) < 3:
                raise InvalidPuzzleError(f"the between line {cells_name(line, n)} has no cells between its ends", line)
            rules.append(cls(line))
        return rules

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        first, *middle, last = self.line
        kept_first = kept_last = kept_middle = 0
        for a in digits_of(allowed[first]):
            for b in digits_of(allowed[last]):
                inside = between(min(a, b) + 1, max(a, b) - 1)
                if all(allowed[x] & inside for x in middle):
                    kept_first |= 1 << a - 1
                    kept_last |= 1 << b - 1
                    kept_middle |= inside
        changed = keep(allowed, first, kept_first) | keep(allowed, last, kept_last)
        for x in middle:
            changed |= keep(allowed, x, kept_middle)
        return changed

    def broken(self, digits, n):
        first, *middle, last = self.line
        low, high = sorted((digits[first], digits[last]))
        if low and all(digits[x] for x in middle) and not all(low < digits[x] < high for x in middle):
            return f"the between line {cells_name(self.line, n)} has a digit outside {low}..{high}"
        return None

    def words(self, n):
        return "Digits on a line between two circles lie strictly between the circles' digits."
