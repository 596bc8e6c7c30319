"""Little killers (f-puzzles ``littlekillersum``): a number outside the grid is the sum of
the diagonal its arrow points along; digits may repeat on it."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from .base import SumRule, cells_name, check_cells, narrow_sum

__all__ = ["LittleKiller", "STEPS"]

#: A little killer's direction, as (row, col) steps.
STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def diagonal_from(outside: tuple[int, int], direction: str, n: int) -> tuple[int, ...]:
    """The cells of the diagonal from the clue at ``outside`` (1-based, 0 or n + 1 outside)
    in ``direction``."""
    (r, c), (dr, dc) = outside, STEPS[direction]
    r, c, cells = r + dr, c + dc, []
    while 1 <= r <= n and 1 <= c <= n:
        cells.append((r - 1) * n + c - 1)
        r, c = r + dr, c + dc
    return tuple(cells)


@dataclass(frozen=True)
class LittleKiller(SumRule):
    """The ``diagonal``'s digits add up to ``total``."""

    diagonal: tuple[int, ...]
    total: int
    key = "littlekillersum"
    name = "little killer"

    @classmethod
    def read(cls, clue, n):
        if clue.direction and clue.direction not in STEPS:
            raise InvalidPuzzleError(f"a little killer points UL, UR, DL or DR, not {clue.direction!r}", ())
        cells = clue.cells or (diagonal_from(clue.outside, clue.direction, n) if clue.outside and clue.direction else ())
        cells = check_cells("a little killer", cells, n)
        text = str(clue.value).strip()
        if not text.isdigit():
            raise InvalidPuzzleError(f"the little killer along {cells_name(cells, n)} has no sum ({text!r})", cells)
        if not len(cells) <= int(text) <= n * len(cells):
            raise InvalidPuzzleError(f"the little killer along {cells_name(cells, n)} cannot add up to {text}", cells)
        return [cls(cells, int(text))]

    def cells(self):
        return self.diagonal

    def summed(self):
        return self.diagonal

    def totals(self, allowed, n):
        return 1 << self.total

    def narrow(self, allowed, n):
        return narrow_sum(allowed, self.groups, self.totals(allowed, n))[0]

    def broken(self, digits, n):
        held = [digits[x] for x in self.diagonal]
        if all(held) and sum(held) != self.total:
            return f"the little killer along {cells_name(self.diagonal, n)} adds up to {sum(held)}, not {self.total}"
        return None

    def words(self, n):
        return "A number outside the grid is the sum of the diagonal its arrow points along (digits may repeat)."

    def named(self, n):
        return f"{super().named(n)} adding up to {self.total}"
