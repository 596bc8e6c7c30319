"""Region sum lines (f-puzzles ``regionsumline``): the digits of the line in each box it
passes through add up to the same sum. A part of the line lies in one box, so its digits
differ, as a killer cage's do."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError
from ..kinds.solver import combination_masks
from .base import Rule, Unsolvable, cells_name, keep, union
from .thermometer import line_of

__all__ = ["RegionSumLine"]


@dataclass(frozen=True)
class RegionSumLine(Rule):
    """The cells of ``line`` in each of its ``parts`` (one per box it passes through) add up alike."""

    line: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]
    key = "regionsumline"
    name = "region sum line"

    @classmethod
    def read(cls, clue, n, box):
        """Its line, split by the boxes of ``box`` (rows, cols); None: irregular regions, refused."""
        if box is None:
            raise InvalidPuzzleError("region sum lines on irregular regions are not solved here yet", ())
        rows, cols = box
        rules = []
        for line in clue.lines or [()]:
            line = line_of("a region sum line", line, n)
            boxes: dict[int, list[int]] = {}
            for x in line:
                boxes.setdefault(x // n // rows * rows + x % n // cols, []).append(x)
            rules.append(cls(line, tuple(tuple(part) for part in boxes.values())))
        return rules

    def cells(self):
        return self.line

    def narrow(self, allowed, n):
        """Keeps the sums every part can make with different digits its cells can hold (a part
        lies in one box), and in each part the digits of the combinations that make them."""
        fillings = [self._fillings(allowed, part, n) for part in self.parts]
        totals = set.intersection(*(set(found) for found in fillings))
        if not totals:
            raise Unsolvable(self.line[0])
        changed = False
        for part, found in zip(self.parts, fillings):
            kept = union(mask for total in totals for mask in found[total])
            for x in part:
                changed |= keep(allowed, x, kept)
        return changed

    @staticmethod
    def _fillings(allowed: list[int], part: tuple[int, ...], n: int) -> dict[int, list[int]]:
        """For each sum ``part`` can make, the masks of the sets of different digits that make it
        and that its cells can hold (each a digit of the set, all of them between them)."""
        k, masks = len(part), [allowed[x] for x in part]
        whole = union(masks)
        found: dict[int, list[int]] = {}
        for total in range(k * (k + 1) // 2, k * (2 * n - k + 1) // 2 + 1):
            for combination in combination_masks(k, total, n):
                if combination & whole == combination and all(mask & combination for mask in masks):
                    found.setdefault(total, []).append(combination)
        return found

    def broken(self, digits, n):
        if len(self.parts) < 2 or not all(digits[x] for x in self.line):
            return None
        sums = [sum(digits[x] for x in part) for part in self.parts]
        if len(set(sums)) == 1:
            return None
        told = ", ".join(f"{total} in {cells_name(part, n)}" for total, part in zip(sums, self.parts))
        return f"the region sum line {cells_name(self.line, n)} adds up to {told}"

    def words(self, n):
        return "The digits of a blue line add up to the same sum in each box it passes through."
