"""Thermometers (f-puzzles ``thermometer``): digits rise from the bulb along the line."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from .base import Rule, Unsolvable, cells_name, check_cells, keep

__all__ = ["Thermometer", "line_of", "steps_apart"]


def steps_apart(a: int, b: int, n: int) -> bool:
    """Whether ``a`` and ``b`` touch (orthogonally or at a corner)."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def line_of(what: str, cells, n: int, least: int = 2) -> tuple[int, ...]:
    """A line's cells, checked: in the grid, each once, each touching the next."""
    line = check_cells(what, cells, n, least)
    for a, b in zip(line, line[1:]):
        if not steps_apart(a, b, n):
            raise InvalidPuzzleError(f"{what} jumps from {cell_name(a, n)} to {cell_name(b, n)}", (a, b))
    return line


@dataclass(frozen=True)
class Thermometer(Rule):
    """Its ``line``'s digits rise strictly from the bulb (the first cell)."""

    line: tuple[int, ...]
    key = "thermometer"
    name = "thermometer"

    @classmethod
    def read(cls, clue, n):
        return [cls(line_of(f"a thermometer ({cells_name(line[:2], n)}...)" if line else "a thermometer", line, n))
                for line in clue.lines or [()]]

    def cells(self):
        return self.line

    def conflicts(self, n):
        for a, b in zip(self.line, self.line[1:]):
            for x in range(1, n + 1):
                for y in range(1, x + 1):
                    yield a, x, b, y

    def whole(self):  # each step's conflicts make it rise
        return True

    def narrow(self, allowed, n):
        line = self.line
        low, floor = [], 0  # each cell's least digit above the least of the cell before
        for x in line:
            mask = allowed[x] >> floor
            if not mask:
                raise Unsolvable(x)
            floor += (mask & -mask).bit_length()
            low.append(floor)
        high, ceiling = [], n + 1  # each cell's most digit below the most of the cell after
        for x in reversed(line):
            ceiling = (allowed[x] & (1 << ceiling - 1) - 1).bit_length()
            if not ceiling:
                raise Unsolvable(x)
            high.append(ceiling)
        changed = False
        for x, least, most in zip(line, low, reversed(high)):
            changed |= keep(allowed, x, (1 << most) - (1 << least - 1) if least <= most else 0)
        return changed

    def broken(self, digits, n):
        for a, b in zip(self.line, self.line[1:]):
            if digits[a] and digits[b] and digits[a] >= digits[b]:
                return (f"the thermometer {cells_name(self.line, n)} does not rise: {cell_name(a, n)} is {digits[a]}, "
                        f"{cell_name(b, n)} is {digits[b]}")
        return None

    def words(self, n):
        return "Digits rise along a thermometer from its bulb."
