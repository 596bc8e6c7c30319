"""Entropic lines (f-puzzles ``entropicline``): any three cells in a row along the line hold a
low, a middle and a high digit (1-3, 4-6, 7-9 on a 9x9; the digits in thirds on any size
that is a multiple of 3).

So cells a multiple of three steps apart along the line hold digits of one third, and any
other two cells of it digits of different thirds: its conflicts say it whole, and its
narrowing gives each of the line's three classes of cells (by their place mod 3) a third
of its own."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import Rule, cells_name, keep
from .thermometer import line_of

__all__ = ["EntropicLine"]


@dataclass(frozen=True)
class EntropicLine(Rule):
    """Any three cells in a row along ``line`` hold digits of the three thirds (1 to ``third``, ...)."""

    line: tuple[int, ...]
    third: int  # n / 3
    key = "entropicline"
    name = "entropic line"

    @classmethod
    def read(cls, clue, n):
        if n % 3:
            raise InvalidPuzzleError(f"an entropic line needs a grid whose size is a multiple of 3, not {n}x{n}", ())
        return [cls(line_of("an entropic line", line, n), n // 3) for line in clue.lines or [()]]

    def cells(self):
        return self.line

    def _of(self, d: int) -> int:
        return (d - 1) // self.third

    def whole(self):  # its conflicts are every pair of digits it forbids
        return True

    def conflicts(self, n):
        line = self.line
        for i, a in enumerate(line):
            for j in range(i + 1, len(line)):
                alike = (j - i) % 3 == 0
                for x in range(1, n + 1):
                    for y in range(1, n + 1):
                        if (self._of(x) == self._of(y)) != alike:
                            yield a, x, line[j], y

    def narrow(self, allowed, n):
        """Gives each class of cells (their place mod 3) the thirds all its cells can hold, less
        those another class must have."""
        thirds = [sum(((1 << self.third) - 1) << k * self.third for k in range(3) if 1 << k & t) for t in range(8)]
        classes = [self.line[k::3] for k in range(min(3, len(self.line)))]
        held = []
        for cells in classes:
            can = 7
            for x in cells:
                can &= sum(1 << k for k in range(3) if allowed[x] >> k * self.third & (1 << self.third) - 1)
            held.append(can)
        for k, can in enumerate(held):
            for other, theirs in enumerate(held):
                if other != k and theirs and not theirs & theirs - 1:
                    held[k] &= ~theirs
        changed = False
        for cells, can in zip(classes, held):
            for x in cells:
                changed |= keep(allowed, x, thirds[can])
        return changed

    def broken(self, digits, n):
        line = self.line
        for i in range(len(line)):
            for j in range(i + 1, len(line)):
                a, b = line[i], line[j]
                if digits[a] and digits[b] and (self._of(digits[a]) == self._of(digits[b])) != ((j - i) % 3 == 0):
                    return (f"on the entropic line {cells_name(line, n)}, {cell_name(a, n)} ({digits[a]}) and "
                            f"{cell_name(b, n)} ({digits[b]}) break its low, middle and high digits in turn")
        return None

    def fault(self, digits, n):
        why = self.broken(digits, n)
        return None if why is None else (why, self.line)

    def words(self, n):
        t = self.third
        return (f"Any three cells in a row along an orange line hold a low (1-{t}), a middle ({t + 1}-{2 * t}) "
                f"and a high digit ({2 * t + 1}-{n}).")
