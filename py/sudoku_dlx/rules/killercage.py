"""Killer cages (f-puzzles ``killercage``): different digits, adding up to the sum if one is written."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..kinds.grid import InvalidPuzzleError
from ..kinds.solver import combination_masks
from .base import Rule, cells_name, check_cells, keep, union

__all__ = ["KillerCage"]


@dataclass(frozen=True)
class KillerCage(Rule):
    """A cage: its ``cage`` cells hold different digits that add up to ``total`` (if not None)."""

    cage: tuple[int, ...]
    total: int | None
    #: What the grid's other rules need among the cage's cells (:meth:`on`): for each need, how
    #: many of its cells are in the cage, how many are not, and its digits.
    shared: tuple[tuple[int, int, int], ...] = field(default=(), kw_only=True, compare=False, repr=False)
    key = "killercage"
    name = "killer cage"

    @classmethod
    def read(cls, clue, n):
        cells = check_cells("a killer cage", clue.cells, n)
        what = f"the cage {cells_name(sorted(cells), n, ' ')}"
        if len(cells) > n:
            raise InvalidPuzzleError(f"{what} has {len(cells)} cells: its digits cannot all differ", cells)
        total = None
        if str(clue.value).strip():
            text = str(clue.value).strip()
            k = len(cells)
            low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
            if not text.isdigit() or not low <= int(text) <= high:
                raise InvalidPuzzleError(f"{what} cannot add up to {text}: {k} different digits from 1-{n} make "
                                         f"{low} to {high}", cells)
            total = int(text)
        return [cls(cells, total)]

    def cells(self):
        return self.cage

    def units(self, n):
        return (self.cage,)

    def fillings(self, n):
        return combination_masks(len(self.cage), self.total, n) if self.total is not None else ()

    def whole(self):  # a unit, and one of its fillings if it has a sum
        return True

    def on(self, grid):
        """The cage knowing the digits the grid's other rules need among cells it shares (a
        quadruple's), as they need them on an empty grid (:attr:`shared`)."""
        if self.total is None:
            return self
        every, cage, shared = [(1 << grid.n) - 1] * grid.shape.cells, set(self.cage), []
        for rule in grid.rules:
            if rule is not self and cage.intersection(rule.cells()):  # the others' needs cannot meet it
                for cells, digits in rule.needs(every, grid.n):
                    inside = len(cage.intersection(cells))
                    if inside and digits.bit_count() > len(cells) - inside:
                        shared.append((inside, len(cells) - inside, digits))
        return replace(self, shared=tuple(shared))

    def combinations(self, allowed: list[int], n: int) -> list[int]:
        """The masks of the digits the cells can still make the sum with: different digits,
        each of which some cell can hold, and each cell one of them; and of each need
        :attr:`shared`, as many digits as its cells outside the cage cannot hold."""
        masks = [allowed[x] for x in self.cage]
        whole = union(masks)
        return [combination for combination in combination_masks(len(self.cage), self.total or 0, n)
                if combination & whole == combination and all(mask & combination for mask in masks)
                and all(digits.bit_count() - min(inside, (digits & combination).bit_count()) <= outside
                        for inside, outside, digits in self.shared)]

    def narrow(self, allowed, n):
        """Keeps the digits of the combinations the cells can still make (:meth:`combinations`)."""
        if self.total is None:
            return False
        kept = 0
        for combination in self.combinations(allowed, n):
            kept |= combination
        changed = False
        for x in self.cage:
            changed |= keep(allowed, x, kept)
        return changed

    def needs(self, allowed, n):
        """The digits every combination the cells can still make has."""
        if self.total is None:
            return ()
        every = (1 << n) - 1
        for combination in self.combinations(allowed, n):
            every &= combination
        return ((self.cage, every),)

    def broken(self, digits, n):
        held = [digits[x] for x in self.cage]
        what = f"the cage {cells_name(sorted(self.cage), n, ' ')}"
        twice = next((d for d in held if d and held.count(d) > 1), None)
        if twice is not None:
            return f"{what} has {twice} twice"
        if self.total is not None and all(held) and sum(held) != self.total:
            return f"{what} adds up to {sum(held)}, not {self.total}"
        return None

    def words(self, n):
        return "Digits in a cage differ, and add up to its number if it has one."

    def named(self, n):
        return super().named(n) + ("" if self.total is None else f" adding up to {self.total}")

