"""The protocol every rule keeps (docs/rules.md), and what rules share.

A rule gives what it can of: ``units`` (cells whose digits differ), ``conflicts``
(pairs of placements that cannot both hold), ``narrow`` (candidates it rules out),
``needs`` (digits it must have among some cells) and ``broken`` (why a grid breaks it).
Candidates are bit masks, bit ``d - 1`` for digit ``d``, one per cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..kinds.grid import InvalidPuzzleError, cell_name

__all__ = ["ORTHOGONAL", "ApartRule", "PairRule", "Rule", "Unsolvable", "cells_name", "check_cells", "digits_of", "keep", "mask_of",
           "narrow_sum", "neighbours", "orthogonal_pairs", "outside_line", "between", "union"]


class Unsolvable(Exception):
    """Raised by :meth:`Rule.narrow` when a rule leaves a cell no candidate."""


@dataclass(frozen=True)
class Rule:
    """A constraint beyond the grid's units. Subclasses set :attr:`key` and :attr:`name`
    and give the parts they need; each part's default gives nothing."""

    key: ClassVar[str] = ""
    #: The rule in a word or two ("thermometer"), for messages.
    name: ClassVar[str] = ""

    def cells(self) -> tuple[int, ...]:
        """The cells the rule is drawn on (none for a rule of the whole grid)."""
        return ()

    def units(self, n: int) -> Iterable[tuple[int, ...]]:
        """Groups of cells whose digits must differ."""
        return ()

    def conflicts(self, n: int) -> Iterable[tuple[int, int, int, int]]:
        """``(cell, digit, cell, digit)``: two placements that cannot both hold."""
        return ()

    def narrow(self, allowed: list[int], n: int) -> bool:
        """Rules out candidates in ``allowed`` (in place); True if it changed any.
        Raises :class:`Unsolvable` if a cell is left none."""
        return False

    def scope(self, n: int) -> tuple[int, ...]:
        """The cells whose candidates :meth:`narrow` reads: what it rules out is a function of
        theirs alone. Its own cells, or every cell for a rule of the whole grid."""
        return self.cells() or tuple(range(n * n))

    def needs(self, allowed: list[int], n: int) -> Iterable[tuple[tuple[int, ...], int]]:
        """``(cells, digits)``: each digit of the mask ``digits`` is somewhere in ``cells``."""
        return ()

    def fillings(self, n: int) -> Iterable[int]:
        """For a rule of one unit whose meaning is which digits it holds (a cage's sum, a
        renban line's run): each set of digits (a mask) its cells may hold. None for others."""
        return ()

    def whole(self) -> bool:
        """Whether an exact cover of its parts says the rule whole: a grid that keeps its
        units, its conflicts and one of its fillings, with no digit it rules out alone on an
        empty grid, keeps the rule. A rule that narrows or needs more (an arrow, a quadruple)
        is not whole unless it says so."""
        return type(self).narrow is Rule.narrow and type(self).needs is Rule.needs

    def broken(self, digits: tuple[int, ...], n: int) -> str | None:
        """Why the full grid ``digits`` breaks the rule, or None if it keeps it."""
        return None

    def fault(self, digits: tuple[int, ...], n: int) -> tuple[str, tuple[int, ...]] | None:
        """:meth:`broken`'s sentence and the cells at fault (the rule's own), or None."""
        why = self.broken(digits, n)
        return None if why is None else (why, self.cells())

    def words(self, n: int) -> str:
        """The rule in a sentence, for the list beside the grid."""
        return self.name

    def named(self, n: int) -> str:
        """This rule by name and cells, for a hint: "the thermometer r1c1-r1c2-r1c3"."""
        return f"the {self.name} {cells_name(self.cells(), n)}" if self.cells() else f"the {self.name}"


def mask_of(digits: Iterable[int]) -> int:
    """The mask of ``digits``."""
    mask = 0
    for d in digits:
        mask |= 1 << d - 1
    return mask


def union(masks: Iterable[int]) -> int:
    """The mask of every digit of ``masks``."""
    every = 0
    for mask in masks:
        every |= mask
    return every


def digits_of(mask: int) -> list[int]:
    """The digits of ``mask``, smallest first."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def cells_name(cells: Iterable[int], n: int, joint: str = "-") -> str:
    """``r1c1-r1c4``: cells by name."""
    return joint.join(cell_name(x, n) for x in cells)


def check_cells(what: str, cells: Iterable[int], n: int, least: int = 1) -> tuple[int, ...]:
    """``cells`` as a tuple, checked to be at least ``least`` different cells of the grid;
    raises :class:`InvalidPuzzleError` naming ``what`` otherwise."""
    cells = tuple(cells)
    outside = [x for x in cells if not 0 <= x < n * n]
    if outside:
        raise InvalidPuzzleError(f"{what} has a cell outside the {n}x{n} grid", ())
    twice = [x for x in cells if cells.count(x) > 1]
    if twice:
        raise InvalidPuzzleError(f"{what} passes {cell_name(twice[0], n)} twice", (twice[0],))
    if len(cells) < least:
        raise InvalidPuzzleError(f"{what} needs {least} cell{'s' if least > 1 else ''}, not {len(cells)}", cells)
    return cells


def outside_line(what: str, clue, n: int) -> tuple[tuple[int, ...], str, str]:
    """The row or column that ``clue``, standing outside the grid (f-puzzles' 1-based
    ``outside``, row or col 0 or n + 1), looks along: its cells from the clue's side, its
    name ("column 3") and the side ("from the top"). InvalidPuzzleError naming ``what`` if
    the clue has no such place."""
    if not clue.outside:
        raise InvalidPuzzleError(f"{what} stands outside the grid, and this one has no place", ())
    r, c = clue.outside
    if r in (0, n + 1) and 1 <= c <= n:
        line = tuple(range(c - 1, n * n, n))
        return (line, f"column {c}", "from the top") if r == 0 else (line[::-1], f"column {c}", "from the bottom")
    if c in (0, n + 1) and 1 <= r <= n:
        line = tuple(range((r - 1) * n, r * n))
        return (line, f"row {r}", "from the left") if c == 0 else (line[::-1], f"row {r}", "from the right")
    raise InvalidPuzzleError(f"{what} stands beside a row or column, not at R{r}C{c}", ())


def neighbours(cell: int, n: int, steps: Iterable[tuple[int, int]]) -> Iterator[int]:
    """The cells ``steps`` (row, col offsets) away from ``cell`` that are in the grid."""
    r, c = divmod(cell, n)
    for dr, dc in steps:
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield (r + dr) * n + c + dc


#: The steps to a cell's orthogonal neighbours.
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


def orthogonal_pairs(n: int) -> Iterator[tuple[int, int]]:
    """Every pair of orthogonal neighbours, the smaller cell first."""
    for x in range(n * n):
        if x % n < n - 1:
            yield x, x + 1
        if x + n < n * n:
            yield x, x + n


def keep(allowed: list[int], cell: int, mask: int) -> bool:
    """Narrows ``cell`` to ``mask``; True if that changed it. Raises :class:`Unsolvable`
    if nothing is left."""
    kept = allowed[cell] & mask
    if kept == allowed[cell]:
        return False
    if not kept:
        raise Unsolvable(cell)
    allowed[cell] = kept
    return True


@dataclass(frozen=True)
class PairRule(Rule):
    """A rule on pairs of cells: the digits ``x`` and ``y`` of each pair ``(a, b)`` of
    :meth:`pairs` keep :meth:`ok`. It gives the pairs that break it as conflicts, narrows
    each cell to the digits some digit of its partner allows, and names the first broken pair."""

    def pairs(self, n: int) -> Iterable[tuple[int, int]]:
        return ()

    def whole(self):  # its conflicts are every pair of digits it forbids
        return True

    def ok(self, x: int, y: int) -> bool:
        return True

    def scope(self, n):
        return tuple(sorted({x for pair in self.pairs(n) for x in pair}))

    def conflicts(self, n):
        for a, b in self.pairs(n):
            for x in range(1, n + 1):
                for y in range(1, n + 1):
                    if not self.ok(x, y):
                        yield a, x, b, y

    def narrow(self, allowed, n):
        pairs, fits, fitted = _supports(self, n)  # fits[x]: the digits y with ok(x, y); fitted[y]: the x
        changed = False
        for a, b in pairs:
            for this, other, table in ((a, b, fits), (b, a, fitted)):
                mask, partner, kept = allowed[this], allowed[other], 0
                while mask:
                    bit = mask & -mask
                    if partner & table[bit.bit_length()]:
                        kept |= bit
                    mask ^= bit
                changed |= keep(allowed, this, kept)
        return changed

    def broken(self, digits, n):
        found = self.fault(digits, n)
        return None if found is None else found[0]

    def fault(self, digits, n):
        """The first broken pair: its sentence (:meth:`why`) and its two cells."""
        for a, b in self.pairs(n):
            if digits[a] and digits[b] and not self.ok(digits[a], digits[b]):
                return self.why(a, b, digits, n), (a, b)
        return None

    def why(self, a: int, b: int, digits: tuple[int, ...], n: int) -> str:
        """How the pair ``a``, ``b`` breaks the rule, in words."""
        return f"{cell_name(a, n)} ({digits[a]}) and {cell_name(b, n)} ({digits[b]}) break the {self.name}"


def between(low: int, high: int) -> int:
    """The mask of the digits ``low..high`` (0 if none)."""
    low = max(low, 1)
    return (1 << high) - (1 << low - 1) if low <= high else 0


def narrow_sum(allowed: list[int], cells: tuple[int, ...], totals: int) -> tuple[bool, int]:
    """Narrows ``cells`` to the digits that some digits of the others complete to a sum in
    ``totals`` (bit ``s`` for the sum ``s``; digits may repeat). Returns whether it changed
    any cell, and the sums of ``totals`` still reachable; raises :class:`Unsolvable` if none is."""
    reach = [1]  # reach[i]: the sums the first i cells can make
    for x in cells:
        sums, mask = 0, allowed[x]
        while mask:
            bit = mask & -mask
            mask ^= bit
            sums |= reach[-1] << bit.bit_length()
        reach.append(sums)
    reachable = reach[-1] & totals
    if not reachable:
        raise Unsolvable(cells[0] if cells else -1)
    changed, goal = False, reachable  # goal: the sums of the cells up to x that can still end in a total
    for i in range(len(cells) - 1, -1, -1):
        x, kept, before = cells[i], 0, 0
        mask = allowed[x]
        while mask:
            bit = mask & -mask
            mask ^= bit
            d = bit.bit_length()
            if reach[i] << d & goal:
                kept |= bit
                before |= goal >> d
        changed |= keep(allowed, x, kept)
        goal = before & reach[i]
    return changed, reachable


@dataclass(frozen=True)
class ApartRule(PairRule):
    """A rule of the whole grid: no two cells a chess piece's move (:attr:`moves`) apart hold
    the same digit. Its conflicts say it all (a single cell's digit leaves the cells it
    clashes with), so it does not narrow."""

    moves: ClassVar[tuple[tuple[int, int], ...]] = ()
    #: How two such cells stand, in words ("are a knight's move apart").
    apart: ClassVar[str] = ""
    narrow = Rule.narrow

    def pairs(self, n):
        return ((a, b) for a in range(n * n) for b in neighbours(a, n, self.moves) if a < b)

    def ok(self, x, y):
        return x != y

    def conflicts(self, n):  # only the same digit: n per pair, not n * n checks
        return ((a, d, b, d) for a, b in self.pairs(n) for d in range(1, n + 1))

    def why(self, a, b, digits, n):
        return f"{cell_name(a, n)} and {cell_name(b, n)} {self.apart} and both hold {digits[a]}"

@lru_cache(maxsize=256)
def _supports(rule: PairRule, n: int) -> tuple[tuple[tuple[int, int], ...], list[int], list[int]]:
    """``rule``'s pairs, and for each digit the mask of the digits it may pair with, as
    the first of a pair and as the second (index ``d`` for digit ``d``)."""
    digits = range(1, n + 1)
    fits = [0] + [mask_of(y for y in digits if rule.ok(x, y)) for x in digits]
    fitted = [0] + [mask_of(x for x in digits if rule.ok(x, y)) for y in digits]
    return tuple(rule.pairs(n)), fits, fitted
