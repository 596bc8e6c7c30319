"""Skyscrapers (f-puzzles ``skyscraper``): a number outside a row or column says how many
of its digits are seen from there, a digit being a building as tall as it is, which hides
every lower one behind it."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from .base import Rule, between, keep, outside_line

__all__ = ["Skyscraper"]


@dataclass(frozen=True)
class Skyscraper(Rule):
    """``seen`` digits of ``line`` (a row or column from the clue's side) are higher than
    every digit before them."""

    line: tuple[int, ...]
    seen: int
    where: str
    key = "skyscraper"
    name = "skyscraper"

    @classmethod
    def read(cls, clue, n):
        line, where, side = outside_line("a skyscraper clue", clue, n)
        text = str(clue.value).strip()
        if not text.isdigit() or not 1 <= int(text) <= n:
            raise InvalidPuzzleError(f"the skyscraper clue of {where} {side} is 1 to {n}, not {text!r}", line)
        return [cls(line, int(text), f"{where} {side}")]

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        """The ``i``-th cell (from 0) holds at most ``n + i + 1 - seen``: at most ``i + 1``
        buildings are seen up to it and ``n - d`` after a building of ``d``; one seen is
        the highest first."""
        changed = self.seen == 1 and keep(allowed, self.line[0], 1 << n - 1)
        for i, x in enumerate(self.line):
            changed |= keep(allowed, x, between(1, n + i + 1 - self.seen))
        return changed

    def broken(self, digits, n):
        held = [digits[x] for x in self.line]
        if not all(held):
            return None
        seen = sum(1 for i, d in enumerate(held) if all(e < d for e in held[:i]))
        return None if seen == self.seen else f"{self.named(n)} sees {seen}, not {self.seen}"

    def named(self, n):
        return f"the skyscraper clue of {self.where}"

    def words(self, n):
        return ("A number outside the grid is how many digits are seen from it, a digit hiding "
                "every lower one behind it.")
