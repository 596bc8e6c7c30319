"""A killer's techniques: what its cages' sums tell.

Scores (no SE score exists; chosen beside the singles, the registry's): the
rule of 45 scores its base for a cell sticking in or out of a unit, and 0.1 more
for each more cell whose sum it finds.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
filling
    Digits for some cells that add up to a sum, each a candidate of its cell,
    cells that are peers holding different digits.
innies, outies
    The cells of a region (a unit, or a run of rows or columns) whose cages reach
    out of it, and those cages' cells outside it. The region adds up to
    ``n (n + 1) / 2`` per unit, so the innies add up to that minus the cages
    inside the region, and the outies to the cages reaching out minus the innies.
"""

from __future__ import annotations

from functools import cache

from ..kinds.grid import Cage, Shape
from ..kinds.solver import combinations
from .position import Position, Step, base_score, digits_of, join

__all__ = ["cage_combinations", "rule_of_45"]

#: The most blank innies (or outies) whose sum the rule of 45 works with.
MOST_INNIES = 3


def fillings(position: Position, cells: list[int], total: int, masks: list[int] | None = None) -> list[int]:
    """For each of the blank ``cells``, the candidates (of its mask in ``masks``, if
    given) it takes in some filling of ``total`` (see the glossary): a mask per cell,
    all 0 when there is none."""
    return _fill(position, tuple(cells), total, tuple(position.candidates[x] & (masks[i] if masks else -1)
                                                    for i, x in enumerate(cells)))[0]


def _fill(position: Position, cells: tuple[int, ...], total: int, candidates: tuple[int, ...]) -> tuple[list[int], int]:
    """:func:`fillings` of ``cells`` with these ``candidates``, and the digits every filling
    uses (remembered while the position's search lasts). The recursion is as deep as
    ``cells`` is long: a cage's size."""
    memo = position.search.memo.setdefault("fillings", {})
    key = (cells, total, candidates)
    if key not in memo:
        memo[key] = _fill_new(position, cells, total, candidates)
    return memo[key]


def _fill_new(position: Position, cells: tuple[int, ...], total: int, candidates: tuple[int, ...]) -> tuple[list[int], int]:
    k = len(cells)
    before = [[j for j in range(i) if cells[j] in position.peers[cells[i]]] for i in range(k)]
    mutual = all(len(before[i]) == i for i in range(k))  # a cage: the digits used tell the state
    possible = [0] * k
    every = -1
    known: dict[tuple, bool] = {}

    def fill(i: int, chosen: tuple[int, ...], used: int, left: int) -> bool:
        nonlocal every
        if i == k:
            if left == 0:
                every &= used
            return left == 0
        key = (i, used) if mutual else (i, chosen)
        if key not in known:
            found = False
            for d in digits_of(candidates[i]):
                if d > left:
                    break
                if all(chosen[j] != d for j in before[i]) and fill(i + 1, chosen + (d,), used | 1 << (d - 1), left - d):
                    possible[i] |= 1 << (d - 1)
                    found = True
            known[key] = found
        return known[key]

    found = fill(0, (), 0, total)
    return possible, every if found else 0


def _blank(position: Position, cells) -> tuple[list[int], int]:
    """The blank cells of ``cells`` and the sum of the others' digits."""
    return [x for x in cells if not position.values[x]], sum(position.values[x] for x in cells)


def cage_combinations(position: Position) -> Step | None:
    """A cage's cells keep only the digits of its fillings (its combinations whose
    digits the cells can still take); then a digit every filling of a cage uses
    leaves the cells outside it that see all its places in the cage; then a digit
    whose places in a unit are all in one cage makes the cage hold it."""
    for cage in position.cages:
        cells, placed = _blank(position, cage.cells)
        if not cells:
            continue
        possible = fillings(position, cells, cage.sum - placed)
        eliminations = tuple((x, d) for x, mask in zip(cells, possible)
                             for d in digits_of(position.candidates[x] & ~mask))
        if eliminations:
            text = (f"Cage combinations: {position.cage_name(cage)} can only be filled as "
                    f"{_ways(position, cage, cells, placed)}, so {position.removal(eliminations)}.")
            return Step("Cage combinations", base_score("Cage combinations"), text, (), eliminations, tuple(cage.cells))
    for cage in position.cages:
        cells, placed = _blank(position, cage.cells)
        for digit in _needed(position, cells, cage.sum - placed):
            places = [x for x in cells if position.has(x, digit)]
            seeing = set.intersection(*(set(position.peers[x]) for x in places)) - set(cage.cells)
            eliminations = tuple((x, digit) for x in sorted(seeing) if position.has(x, digit))
            if eliminations:
                d = position.symbol(digit)
                text = (f"Cage combinations: every filling of {position.cage_name(cage)} holds a {d}, "
                        f"which can only be in {join([position.name(x) for x in places], 'or')}, "
                        f"so the cells that see them all lose it: {position.removal(eliminations)}.")
                return Step("Cage combinations", base_score("Cage combinations"), text, (), eliminations, tuple(places))
    return _hidden_in_cage(position)


def _hidden_in_cage(position: Position) -> Step | None:
    """A digit whose places in a unit all lie in one cage: the cage holds it, so its
    cells keep only the digits of the fillings that do."""
    cage_of = {x: cage for cage in position.cages for x in cage.cells}
    for u in range(len(position.units)):
        for digit in range(1, position.n + 1):
            places = position.places(u, digit)
            cage = cage_of.get(places[0]) if len(places) > 1 else None
            if cage is None or any(cage_of.get(x) is not cage for x in places):
                continue
            cells, placed = _blank(position, cage.cells)
            possible = [0] * len(cells)
            for p in places:
                forced = fillings(position, cells, cage.sum - placed, [1 << (digit - 1) if x == p else -1 for x in cells])
                possible = [a | b for a, b in zip(possible, forced)]
            eliminations = tuple((x, d) for x, mask in zip(cells, possible) for d in digits_of(position.candidates[x] & ~mask))
            if eliminations:
                d = position.symbol(digit)
                text = (f"Cage combinations: in {position.unit_name(u)} the {d} can only be in "
                        f"{join([position.name(x) for x in places], 'or')}, all in {position.cage_name(cage)}, so the "
                        f"cage holds a {d} and its other digits fit the sum with it: {position.removal(eliminations)}.")
                return Step("Cage combinations", base_score("Cage combinations"), text, (), eliminations, tuple(cage.cells), (u,))
    return None


def _ways(position: Position, cage: Cage, cells: list[int], placed: int) -> str:
    """The digits the cage's blank cells may still take together, as ``1+9 or 2+8``."""
    given = sum(1 << (position.values[x] - 1) for x in cage.cells if position.values[x])
    ways = []
    for digits in combinations(cage, position.n):
        mask = sum(1 << (d - 1) for d in digits)
        if mask & given == given and all(fillings(position, cells, cage.sum - placed, [mask & ~given] * len(cells))):
            ways.append(mask & ~given)
    return " or ".join("+".join(position.symbol(d) for d in digits_of(mask)) for mask in ways)


def _needed(position: Position, cells: list[int], total: int) -> list[int]:
    """The digits every filling of ``cells`` uses (none if ``cells`` has no filling)."""
    return digits_of(_fill(position, tuple(cells), total, tuple(position.candidates[x] for x in cells))[1]) if cells else []


@cache
def _innies(shape: Shape, cages: tuple[Cage, ...]) -> tuple[tuple[str, int, str, tuple[int, ...], int], ...]:
    """Every group of innies and outies: ``(region, its units, "in" or "out", cells,
    their sum)``. The regions: every unit, then every run of two or more
    neighbouring rows (or columns) short of the grid."""
    n, units = shape.n, shape.units
    regions = [(shape.unit_name(u), 1, frozenset(unit)) for u, unit in enumerate(units)]
    for kind, first in (("rows", 0), ("columns", n)):
        for size in range(2, n):
            for start in range(n - size + 1):
                cells = frozenset(x for u in range(first + start, first + start + size) for x in units[u])
                regions.append((f"{kind} {start + 1}-{start + size}", size, cells))
    found = []
    for name, count, region in regions:
        inside = [cage for cage in cages if region.issuperset(cage.cells)]
        across = [cage for cage in cages if not region.isdisjoint(cage.cells) and cage not in inside]
        if across:
            innie_sum = count * n * (n + 1) // 2 - sum(cage.sum for cage in inside)
            found.append((name, count, "in", tuple(sorted(x for c in across for x in c.cells if x in region)), innie_sum))
            found.append((name, count, "out", tuple(sorted(x for c in across for x in c.cells if x not in region)),
                          sum(cage.sum for cage in across) - innie_sum))
    return tuple(found)


def rule_of_45(position: Position) -> Step | None:
    """The innies (or outies) of a region have a known sum (see the glossary): their
    blank cells keep the digits of its fillings; one blank cell takes the digit left.
    The step of fewest blank cells."""
    best, base = None, base_score("Rule of 45 (innies and outies)")
    for region, count, word, cells, total in _innies(position.shape, position.cages):
        blank, placed = _blank(position, cells)
        if 0 < len(blank) <= MOST_INNIES and (best is None or len(blank) - 1 < round((best.score - base) * 10)):
            step = _innies_step(position, region, count, word, cells, blank, total - placed, base)
            if step and (best is None or step.score < best.score):
                best = step
    return best


def _innies_step(position: Position, region: str, count: int, word: str, cells: tuple[int, ...], blank: list[int],
                 total: int, base: float) -> Step | None:
    """The step of innies (``word`` ``in``) or outies (``out``) ``cells`` whose blank ones add up to ``total``,
    scored ``base`` + 0.1 for each blank cell after the first."""
    possible = fillings(position, blank, total)
    eliminations = tuple((x, d) for x, mask in zip(blank, possible) for d in digits_of(position.candidates[x] & ~mask))
    placements: tuple[tuple[int, int], ...] = ()
    if len(blank) == 1 and possible[0]:
        placements, eliminations = ((blank[0], total),), ()
    if not placements and not eliminations:
        return None
    n = position.n
    units = f"{region} add{'s' if count == 1 else ''} up to {count * n * (n + 1) // 2}"
    names = join([position.name(x) for x in blank])
    sticking = f"sticking {word} of {region}"
    if placements:
        what = f"{names}, the one blank cell {sticking}, is {position.symbol(total)}"
    else:
        what = f"{names}, the blank cells {sticking}, add up to {total}: {position.removal(eliminations)}"
    text = f"Rule of 45: {units}; with the sums of the cages inside and across it, {what}."
    return Step("Rule of 45", round(base + 0.1 * (len(blank) - 1), 1), text, placements, eliminations, tuple(cells))
