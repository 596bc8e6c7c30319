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
        """Keeps each cell's digits that some digits of the line allow, each digit seen
        (higher than every one before it) or hidden (lower than the highest before it),
        ``seen`` of them seen and the last seen ``n`` (hidden digits may repeat here)."""
        line = self.line
        ahead = [[1] + [0] * n]  # ahead[i][m]: the counts seen in the first i cells (bit c for c) whose highest is m
        for x in line:
            before, after, lower, mask = ahead[-1], [0] * (n + 1), 0, allowed[x]
            for d in range(1, n + 1):
                lower |= before[d - 1]  # the counts whose highest is below d
                if mask >> d - 1 & 1:
                    after[d] |= lower << 1
                if mask & (1 << d - 1) - 1:
                    after[d] |= before[d]
            ahead.append(after)
        goal = [0] * n + [1 << self.seen]  # goal[m]: the counts before the cell that can end at seen from highest m
        changed = False
        for i in range(len(line) - 1, -1, -1):
            x, before = line[i], ahead[i]
            mask = allowed[x]
            kept, lower, top = 0, 0, 0
            for d in range(1, n + 1):
                lower |= before[d - 1]
                if mask >> d - 1 & 1 and lower & goal[d] >> 1:
                    kept |= 1 << d - 1  # seen
                if before[d] & goal[d]:
                    top = d  # any digit below it may hide behind it
            changed |= keep(allowed, x, kept | mask & (1 << top) - 1 >> 1)
            sooner, higher = [0] * (n + 1), 0  # sooner: goal before this cell; higher: a seen digit above m
            for m in range(n, -1, -1):
                sooner[m] = higher | (goal[m] if mask & (1 << m) - 1 >> 1 else 0)
                if m and mask >> m - 1 & 1:
                    higher |= goal[m] >> 1
            goal = sooner
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
