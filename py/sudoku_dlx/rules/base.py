"""The protocol every rule keeps (docs/rules.md), and what rules share.

A rule gives what it can of: ``units`` (cells whose digits differ), ``conflicts``
(pairs of placements that cannot both hold), ``narrow`` (candidates it rules out),
``needs`` (digits it must have among some cells) and ``broken`` (why a grid breaks it).
Candidates are bit masks, bit ``d - 1`` for digit ``d``, one per cell.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..kinds.grid import InvalidPuzzleError, cell_name

if TYPE_CHECKING:
    from .solve import Grid

__all__ = ["ORTHOGONAL", "ApartRule", "PairRule", "Rule", "SumRule", "Unsolvable", "cells_name", "check_cells", "differing",
           "digits_of", "keep", "mask_of", "narrow_sum", "neighbours", "orthogonal_pairs", "outside_line", "sum_needs",
           "between", "union"]


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

    def on(self, grid: Grid) -> Rule:
        """This rule on ``grid`` (its shape, its cells' peers, its other rules): a rule that
        narrows better knowing them gives a copy that knows (a sum which of its cells differ,
        :class:`SumRule`; a cage what others need among its cells); others give themselves."""
        return self

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


def narrow_sum(allowed: list[int], groups: tuple[tuple[int, ...], ...], totals: int) -> tuple[bool, int]:
    """Narrows the cells of ``groups`` to the digits that some digits of the others complete
    to a sum in ``totals`` (bit ``s`` for the sum ``s``); the digits of a group's cells differ,
    those of different groups may repeat. Returns whether it changed any cell, and the sums of
    ``totals`` still reachable; raises :class:`Unsolvable` if none is."""
    kept, _, reachable = _sum_kept(tuple(tuple([allowed[x] for x in group]) for group in groups), totals)
    if not reachable:
        raise Unsolvable(groups[0][0] if groups else -1)
    changed = False
    for group, masks in zip(groups, kept):
        for x, mask in zip(group, masks):
            changed |= keep(allowed, x, mask)
    return changed, reachable


def sum_needs(allowed: list[int], groups: tuple[tuple[int, ...], ...], totals: int
              ) -> list[tuple[tuple[int, ...], int]]:
    """For each group of two or more cells of :func:`narrow_sum`, the digits that every way of
    making a sum in ``totals`` holds there (none if no way is left)."""
    _, needed, _ = _sum_kept(tuple(tuple([allowed[x] for x in group]) for group in groups), totals)
    return [(group, digits) for group, digits in zip(groups, needed) if len(group) > 1 and digits]


@lru_cache(maxsize=1 << 14)
def _sum_kept(groups: tuple[tuple[int, ...], ...], totals: int
              ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """:func:`narrow_sum` on the candidates of each group's cells: what each cell keeps, the
    digits each group holds in every way kept (:func:`sum_needs`), and the sums of ``totals``
    reachable (0: none, and nothing kept or held)."""
    sums = [_group_sums(group) for group in groups]
    reach = [1]  # reach[i]: the sums the first i groups can make
    for made in sums:
        reach.append(union(reach[-1] << total for total in made))
    reachable = reach[-1] & totals
    kept: list[tuple[int, ...]] = []
    needed: list[int] = []
    goal = reachable  # the sums of the groups up to this one that can still end in a total
    for i in range(len(groups) - 1, -1, -1):
        cells, before, held = [0] * len(groups[i]), 0, -1
        for total, (masks, every) in sums[i].items():
            if reach[i] << total & goal:
                before |= goal >> total
                cells = [a | b for a, b in zip(cells, masks)]
                held &= every
        kept.append(tuple(cells))
        needed.append(held if held > 0 else 0)
        goal = before & reach[i]
    return tuple(reversed(kept)), tuple(reversed(needed)), reachable


@lru_cache(maxsize=1 << 12)
def _group_sums(group: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], int]]:
    """Each sum that different digits of cells with the candidates ``group`` can make, with
    the digits each cell holds in some way of making it, and the digits every way holds."""
    # the digits used so far -> their sum, and each cell's digits in the ways of using them
    ways: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for mask in group:
        grown: dict[int, tuple[int, tuple[int, ...]]] = {}
        for used, (total, cells) in ways.items():
            free = mask & ~used
            while free:
                bit = free & -free
                free ^= bit
                was, now = grown.get(used | bit), cells + (bit,)
                grown[used | bit] = (total + bit.bit_length(), now if was is None else
                                     tuple(a | b for a, b in zip(was[1], now)))
        ways = grown
    sums: dict[int, tuple[tuple[int, ...], int]] = {}
    for used, (total, cells) in ways.items():
        known = sums.get(total)
        sums[total] = ((cells, used) if known is None
                       else (tuple(a | b for a, b in zip(known[0], cells)), known[1] & used))
    return sums


def differing(cells: Iterable[int], peers: Sequence[Collection[int]]) -> tuple[tuple[int, ...], ...]:
    """``cells`` in groups whose digits differ: each cell joins the first group whose cells are
    all among its ``peers`` (each cell's, as a grid's), or starts a group of its own."""
    groups: list[list[int]] = []
    for x in cells:
        group = next((group for group in groups if all(y in peers[x] for y in group)), None)
        if group is None:
            groups.append([x])
        else:
            group.append(x)
    return tuple(tuple(group) for group in groups)


@dataclass(frozen=True)
class SumRule(Rule):
    """A rule that adds up cells (:meth:`summed`) whose digits may repeat unless they share a
    unit: :attr:`groups` says which differ once the rule is :meth:`on` a grid."""

    #: The summed cells in groups whose digits differ (:func:`differing`); each cell alone off a grid.
    groups: tuple[tuple[int, ...], ...] = field(default=(), kw_only=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.groups:
            object.__setattr__(self, "groups", tuple((x,) for x in self.summed()))

    def summed(self) -> tuple[int, ...]:
        """The cells whose digits the rule adds up."""
        return ()

    def totals(self, allowed: list[int], n: int) -> int:
        """The sums the cells may make (bit ``s`` for the sum ``s``), as its other cells allow."""
        return 0

    def on(self, grid):
        return replace(self, groups=differing(self.summed(), grid.peers))

    def needs(self, allowed, n):
        """In each group of cells that differ, the digits every way of making a sum has."""
        return sum_needs(allowed, self.groups, self.totals(allowed, n))


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
