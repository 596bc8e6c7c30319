"""Renban lines (f-puzzles ``renban``): a line's digits differ and make a run of
consecutive digits, in any order."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Rule, between, cells_name, keep
from .thermometer import line_of

__all__ = ["Renban"]


@dataclass(frozen=True)
class Renban(Rule):
    """Its ``line``'s digits are a run of consecutive digits, each once."""

    line: tuple[int, ...]
    key = "renban"
    name = "renban line"

    @classmethod
    def read(cls, clue, n):
        return [cls(line_of("a renban line", line, n, 1)) for line in clue.lines or [()]]

    def cells(self):
        return self.line

    def units(self, n):
        return (self.line,)

    def fillings(self, n):
        k = len(self.line)
        return [between(start, start + k - 1) for start in range(1, n - k + 2)]

    def whole(self):  # a unit, and one of its runs
        return True

    def narrow(self, allowed, n):
        """Keeps the digits of the runs each of whose cells can hold one of its digits."""
        kept = [0] * len(self.line)
        for run in self.fillings(n):
            if all(allowed[x] & run for x in self.line):
                kept = [m | allowed[x] & run for m, x in zip(kept, self.line)]
        changed = False
        for x, mask in zip(self.line, kept):
            changed |= keep(allowed, x, mask)
        return changed

    def broken(self, digits, n):
        held = sorted(digits[x] for x in self.line)
        if all(held) and held != list(range(held[0], held[0] + len(held))):
            return f"the renban line {cells_name(self.line, n)} holds {', '.join(map(str, held))}, not a run"
        return None

    def words(self, n):
        return "A purple line holds different consecutive digits, in any order."
