"""German whispers (f-puzzles ``whispers``): neighbours on the line differ by at least a
given amount (5 on a 9x9: half the digits, rounded up)."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import PairRule
from .thermometer import line_of

__all__ = ["Whispers"]


@dataclass(frozen=True)
class Whispers(PairRule):
    """Neighbours along ``line`` differ by ``gap`` or more."""

    line: tuple[int, ...]
    gap: int
    key = "whispers"
    name = "whispers line"

    @classmethod
    def read(cls, clue, n):
        text = str(clue.value or (n + 1) // 2)
        if not text.isdigit() or not 0 < int(text) < n:
            raise InvalidPuzzleError(f"a whispers line's difference is 1 to {n - 1}, not {text!r}", ())
        return [cls(line_of("a whispers line", line, n), int(text)) for line in clue.lines or [()]]

    def cells(self):
        return self.line

    def pairs(self, n):
        return zip(self.line, self.line[1:])

    def ok(self, x, y):
        return abs(x - y) >= self.gap

    def why(self, a, b, digits, n):
        return (f"on the whispers line, {cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) differ by "
                f"less than {self.gap}")

    def words(self, n):
        return f"Neighbours on a green line differ by at least {self.gap}."
