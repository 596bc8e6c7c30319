"""Narrowing candidates (a mask per cell, bit ``d - 1`` for digit ``d``) by the subsets of a
unit, the fish of rows and columns, and where two units cross: what the kinds' ``bounds``
(:mod:`.solver`) and the rules' solver (:mod:`sudoku_dlx.rules.solve`) both use. Each takes
``narrow(cell, mask)``, which keeps ``mask`` in the cell."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import lru_cache

__all__ = ["SUBSET_CELLS", "crossings", "fish", "subsets"]

#: The most cells (or digits) of the subsets ``subsets`` looks for, and rows (or
#: columns) of ``fish``': with three, 92 of 100 9x9 futoshikis of Tatham's "tricky" grade
#: (his set rule) need no search and the rest a few tries; four were slower on the
#: medians (7x7s 0.64-0.67 ms against 0.60, 9x9s 0.87-0.88 and 1.40-1.43 against 0.80-0.82
#: and 1.27-1.31), two on every measure.
SUBSET_CELLS = 3


def subsets(unit: tuple[int, ...], allowed: list[int], narrow: Callable[[int, int], None]) -> None:
    """Subsets in ``unit``: up to :data:`SUBSET_CELLS` open cells that
    hold as many digits between them (naked), or as many digits with as many places
    between them (hidden); ``narrow(cell, mask)`` takes what they rule out."""
    n = len(unit)
    spread, chunk = _spread(n), SPREAD_BITS * n
    small, placed, packed, open_count = [], 0, 0, 0  # packed: the places of digit d, bits d * n to d * n + n - 1
    for k, x in enumerate(unit):
        mask = allowed[x]
        if mask & mask - 1:
            open_count += 1
            rest, shift = mask, k
            while rest:  # one round for a unit of up to SPREAD_BITS digits
                packed |= spread[rest & SPREAD_MASK] << shift
                rest >>= SPREAD_BITS
                shift += chunk
            if mask.bit_count() <= SUBSET_CELLS:
                small.append(x)
        else:
            placed |= mask  # it may not have left the unit's other cells yet: the singles wait
    # A subset of all open cells but one leaves a single, which the singles take.
    top = min(SUBSET_CELLS, open_count - 2)
    for size in range(2, min(top, len(small)) + 1):  # naked
        for cells in itertools.combinations([x for x in small if allowed[x].bit_count() <= size], size):
            digits = 0
            for x in cells:
                digits |= allowed[x]
            if digits.bit_count() == size:
                for x in unit:
                    mask = allowed[x]
                    if mask & digits and mask & mask - 1 and x not in cells:
                        narrow(x, mask & ~digits)
    if top < 2:
        return
    # packed was read before the naked subsets narrowed: a digit's places can only have fewer since, so a
    # hidden subset it shows still holds (or the unit has no solution).
    field, places = (1 << n) - 1, []
    for d in range(n):
        where = packed >> d * n & field
        if where and not placed >> d & 1 and where.bit_count() <= top:
            places.append((1 << d, where))
    for size in range(2, min(top, len(places)) + 1):  # hidden
        for chosen in itertools.combinations([place for place in places if place[1].bit_count() <= size], size):
            where = keep = 0
            for bit, mask in chosen:
                where |= mask
                keep |= bit
            if where.bit_count() == size:
                for k, x in enumerate(unit):
                    if where >> k & 1 and allowed[x] & ~keep:
                        narrow(x, allowed[x] & keep)


#: ``subsets`` spreads a cell's mask this many digits at a time (:func:`_spread`'s table has
#: ``2 ** SPREAD_BITS`` entries: a table of every mask of 25 digits took 20 s and gigabytes).
SPREAD_BITS = 16
SPREAD_MASK = (1 << SPREAD_BITS) - 1


@lru_cache(maxsize=16)
def _spread(n: int) -> tuple[int, ...]:
    """For each mask of up to :data:`SPREAD_BITS` digits (bit ``d`` for digit ``d + 1``) in a
    unit of ``n`` cells, bit ``d * n`` for each of its bits ``d``: shifted by each cell's place
    in the unit and or-ed, bits ``d * n`` to ``d * n + n - 1`` hold the places of digit
    ``d + 1`` there (a mask of more digits: its next ``SPREAD_BITS`` shifted by
    ``SPREAD_BITS * n`` more)."""
    size = 1 << min(n, SPREAD_BITS)
    table = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        table[mask] = table[mask ^ low] | 1 << (low.bit_length() - 1) * n
    return tuple(table)


def fish(allowed: list[int], n: int, narrow: Callable[[int, int], None]) -> None:
    """Fish: up to :data:`SUBSET_CELLS` rows whose places for a digit lie
    in as many columns, or columns in as many rows; ``narrow(cell, mask)`` takes the
    digit from those columns' (or rows') other cells."""
    for d, (by_rows, by_cols, rows_done, cols_done) in enumerate(_places(allowed, n)):
        bit = 1 << d
        for by_row, lines, done, across in ((True, by_rows, rows_done, cols_done),
                                            (False, by_cols, cols_done, rows_done)):
            base = [(k, where & ~across) for k, where in enumerate(lines) if where and not done >> k & 1]
            for size in range(2, min(SUBSET_CELLS, len(base) - 2) + 1):
                for fish in itertools.combinations([line for line in base if line[1].bit_count() <= size], size):
                    cover = 0
                    for _, where in fish:
                        cover |= where
                    if cover.bit_count() == size:
                        inside = {k for k, _ in fish}
                        for k, where in base:
                            if where & cover and k not in inside:
                                for j in range(n):
                                    x = k * n + j if by_row else j * n + k
                                    if cover >> j & 1 and allowed[x] & bit:
                                        narrow(x, allowed[x] & ~bit)


def _places(allowed: list[int], n: int) -> list[tuple[list[int], list[int], int, int]]:
    """For each digit (``d - 1``), as masks: the columns each row may hold it in, the
    rows each column may, and the rows and the columns that hold it placed."""
    by_rows = [[0] * n for _ in range(n)]
    by_cols = [[0] * n for _ in range(n)]
    rows_done, cols_done = [0] * n, [0] * n
    for x, mask in enumerate(allowed):
        r, c = divmod(x, n)
        if mask & mask - 1:
            while mask:
                bit = mask & -mask
                mask ^= bit
                d = bit.bit_length() - 1
                by_rows[d][r] |= 1 << c
                by_cols[d][c] |= 1 << r
        elif mask:
            d = mask.bit_length() - 1
            rows_done[d] |= 1 << r
            cols_done[d] |= 1 << c
    return list(zip(by_rows, by_cols, rows_done, cols_done))


def crossings(units: Sequence[Sequence[int]], needing: int
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]]:
    """Each ordered pair of ``units`` that share two or more cells, the first of them one of the
    first ``needing`` (units that hold every digit: a digit it needs with all its places in the
    shared cells leaves the second unit's other cells): (the shared cells, the first unit's other
    cells, the second's, the first unit, the second)."""
    units_of: list[list[int]] = []
    for u, unit in enumerate(units):
        for x in unit:
            while len(units_of) <= x:
                units_of.append([])
            units_of[x].append(u)
    shared: dict[tuple[int, int], list[int]] = {}
    for x, mine in enumerate(units_of):
        for pair in itertools.combinations(mine, 2):
            shared.setdefault(pair, []).append(x)
    found = []
    sets = [set(unit) for unit in units]
    for (a, b), cells in shared.items():
        if len(cells) > 1:
            inside, rest_a, rest_b = tuple(cells), tuple(sets[a].difference(cells)), tuple(sets[b].difference(cells))
            if a < needing:
                found.append((inside, rest_a, rest_b, a, b))
            if b < needing:
                found.append((inside, rest_b, rest_a, b, a))
    return found
