"""Every kind of puzzle as exact cover, solved with :mod:`sudoku_dlx.dlx`.

The reduction: every cell needs a digit (a *cell* item), and every unit needs each
digit once (a *unit-digit* item for every row, column, box or jigsaw region, and
the kind's extra units: X's diagonals, windoku's windows). Placing digit ``d`` in
cell ``x`` is the option made of the items it satisfies: for a classic sudoku 4n²
items and n³ options, 324 and 729 for 9x9.

A killer's cage needs different digits that add up to its sum: each cage has a
*cage* item and a *cage-digit* item for every digit. A placement covers the
cage-digit item of its cage; one more option per combination of different digits
with the cage's sum (the *combination* options) covers the cage item and the
cage-digit items of the digits left out. So the cage's cells take exactly the
digits of one combination, each once.

A futoshiki's sign (one cell's digit more than its neighbour's) gets ``n``
secondary items, ``1..n``: placing ``x`` in the greater cell covers the items
``x..n``, placing ``y`` in the lesser cell the items ``1..y``. Two placements
share an item, so they cannot both be chosen, exactly when ``x <= y``.

The links of the empty grid are built once per shape (and per set of cages and
signs). A puzzle starts from a copy of them (a few list copies) and covers its
givens first, so the search sees only the items still open and the options still
possible, as if only those had been built.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..dlx import ExactCover, SearchStats
from .grid import Cage, Puzzle, Shape, Sign, cell_name, find_clash, parse
from .read import puzzle_id

__all__ = ["Fault", "SolveResult", "combinations", "count_solutions", "exact_cover", "fault", "bounds", "solutions",
           "solve", "with_givens"]


def solutions(
    puzzle: Puzzle,
    limit: int = 0,
    rng: random.Random | None = None,
    stop: Callable[[SearchStats], bool] | None = None,
) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The completions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics.

    ``rng`` and ``stop`` go to :meth:`ExactCover.search`. The givens must break no
    rule (see :func:`fault`).
    """
    n = puzzle.n
    problem = with_givens(puzzle)
    placements = puzzle.shape.cells * n  # the options after those are a cage's combinations
    found = []
    for chosen in problem.search(limit, rng, stop):
        digits = list(puzzle.digits)
        for option in chosen:
            if option < placements:
                cell, d = divmod(option, n)
                digits[cell] = d + 1
        found.append(tuple(digits))
    return found, problem.stats


def with_givens(puzzle: Puzzle) -> ExactCover:
    """A copy of the puzzle's exact cover with its givens selected; for a futoshiki or
    a killer, with the placements and combinations its signs and cages rule out
    excluded too (see :func:`bounds`)."""
    n = puzzle.n
    problem = exact_cover(puzzle.shape, puzzle.cages, puzzle.signs).copy()
    problem.select(cell * n + digit - 1 for cell, digit in enumerate(puzzle.digits) if digit)
    if puzzle.signs or puzzle.cages:
        allowed = bounds(puzzle)
        placements = puzzle.shape.cells * n
        out = [option for option in range(placements) if not allowed[option // n] >> option % n & 1]
        option = placements
        for cage in puzzle.cages:  # the combination options, cage by cage, as exact_cover adds them
            for digits in combinations(cage, n):
                if not _can_take(_mask(digits), [allowed[x] for x in cage.cells]):
                    out.append(option)
                option += 1
        problem.exclude(option for option in out if problem.live(option))
    return problem


def _mask(digits) -> int:
    return sum(1 << d - 1 for d in digits)


def _can_take(mask: int, allowed: list[int]) -> bool:
    """Whether cells that may hold ``allowed`` (a mask each) can take the digits of
    ``mask``, one each, as far as a quick look tells: each cell one of them, each of
    them some cell."""
    union = 0
    for cell in allowed:
        if not cell & mask:
            return False
        union |= cell
    return union & mask == mask


def bounds(puzzle: Puzzle) -> list[int]:
    """The digits each cell may still hold (bit ``d - 1`` for ``d``), as far as the
    givens, a futoshiki's signs and a killer's cages tell without a guess: a digit
    alone in a cell leaves the cell's units (and cage), a digit with one place left in
    a unit goes there; a sign's greater cell is more than its lesser neighbour's least
    digit, the lesser one less than the greater's most; a cage's cells keep the digits
    of the combinations they can still make; until nothing changes (an empty cell: no
    solution). The dancing links see a sign only once both its cells are placed, and a
    cage's sum only through its combinations: without these bounds, a futoshiki with
    few givens took millions of nodes (a 7x7 of Tatham's hardest grade 6,126,080;
    with them, 4,610)."""
    n, units = puzzle.n, puzzle.shape.units
    full = (1 << n) - 1
    allowed = [1 << d - 1 if d else full for d in puzzle.digits]
    cages = [(cage.cells, [_mask(digits) for digits in combinations(cage, n)]) for cage in puzzle.cages]
    changed = True
    while changed:
        changed = False
        for unit in (*units, *(cells for cells, _ in cages)):
            for cell in unit:
                single = allowed[cell]
                if single and not single & single - 1:
                    for other in unit:
                        if other != cell and allowed[other] & single:
                            allowed[other] &= ~single
                            changed = True
        for unit in units:
            for bit in (1 << d for d in range(n)):
                places = [cell for cell in unit if allowed[cell] & bit]
                if len(places) == 1 and allowed[places[0]] != bit:
                    allowed[places[0]] = bit
                    changed = True
        for sign in puzzle.signs:
            g, l = allowed[sign.greater], allowed[sign.lesser]
            if not g or not l:
                continue
            above = g & ~((1 << (l & -l).bit_length()) - 1)  # more than l's least digit
            below = l & (1 << g.bit_length() - 1) - 1  # less than g's most digit
            if (above, below) != (g, l):
                allowed[sign.greater], allowed[sign.lesser] = above, below
                changed = True
        for cells, masks in cages:
            union = 0
            for mask in masks:
                if _can_take(mask, [allowed[x] for x in cells]):
                    union |= mask
            for x in cells:
                if allowed[x] & ~union:
                    allowed[x] &= union
                    changed = True
    return allowed


@lru_cache(maxsize=64)
def exact_cover(shape: Shape, cages: tuple[Cage, ...] = (), signs: tuple[Sign, ...] = ()) -> ExactCover:
    """The exact cover of the empty grid of ``shape`` with its ``cages`` and ``signs``:
    option ``cell * n + digit - 1`` places ``digit`` in ``cell`` (a cage's
    combinations are the options after those). Items: the cells, then each unit's
    digits (unit by unit, as :attr:`Shape.units` lists them; the order breaks ties in
    the search's choice of item), then each cage and its digits; the signs' items are
    secondary. Built once and shared: :meth:`~ExactCover.copy` it before selecting or
    searching."""
    n, nn = shape.n, shape.cells
    units_of = shape.units_of
    cage_base = nn + len(shape.units) * n
    cage_index = {x: k for k, cage in enumerate(cages) for x in cage.cells}
    sign_base = cage_base + len(cages) * (n + 1)
    # The sign items each placement covers: the greater cell's digit x covers x..n of its
    # sign's items, the lesser cell's y covers 1..y.
    marks: dict[tuple[int, int], list[int]] = {}
    for k, sign in enumerate(signs):
        base = sign_base + k * n
        for d in range(n):
            marks.setdefault((sign.greater, d), []).extend(range(base + d, base + n))
            marks.setdefault((sign.lesser, d), []).extend(range(base, base + d + 1))
    problem = ExactCover(sign_base, len(signs) * n)

    def placement(cell: int, d: int) -> list[int]:
        items = [cell, *(nn + u * n + d for u in units_of[cell])]
        if cell in cage_index:
            items.append(cage_base + cage_index[cell] * (n + 1) + 1 + d)
        return items + marks.get((cell, d), [])

    problem.add_options(placement(cell, d) for cell in range(nn) for d in range(n))
    for k, cage in enumerate(cages):
        base = cage_base + k * (n + 1)
        problem.add_options([base, *(base + 1 + d for d in range(n) if d + 1 not in digits)]
                            for digits in combinations(cage, n))
    return problem


def combinations(cage: Cage, n: int) -> list[frozenset[int]]:
    """The sets of different digits from 1-``n`` that fill ``cage`` with its sum."""
    return [frozenset(digits) for digits in itertools.combinations(range(1, n + 1), len(cage.cells))
            if sum(digits) == cage.sum]


@dataclass
class SolveResult:
    """The answer for one puzzle.

    ``status`` is ``unique``, ``multiple``, ``none`` (the givens are a valid grid
    but no way of filling it works) or ``invalid`` (the givens break a rule before
    any search: see :func:`fault`); ``solutions`` holds up to ``limit``
    of them (two different ones for ``multiple``); ``reason`` says why there is
    none: ``clash`` holds the givens at fault, ``no_candidate`` the blank cells
    no digit fits.
    """

    puzzle: Puzzle
    status: str
    solutions: list[Puzzle]
    stats: SearchStats = field(default_factory=SearchStats)
    ms: float = 0.0
    reason: str = ""
    clash: tuple[int, ...] = ()
    no_candidate: tuple[int, ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells at fault: the givens that break a rule, or the blank cells no digit fits."""
        return self.clash or self.no_candidate

    def record(self) -> dict:
        """The JSON-able fields of ``solve --json`` and the page's solve (``puzzle``: its
        canonical text, see :func:`~.read.puzzle_id`; ``error``: the reason)."""
        return {
            "puzzle": puzzle_id(self.puzzle),
            "kind": self.puzzle.kind,
            "size": self.puzzle.n,
            "status": self.status,
            "solutions": [str(s) for s in self.solutions],
            "nodes": self.stats.nodes,
            "guesses": self.stats.guesses,
            "updates": self.stats.updates,
            "ms": round(self.ms, 3),
            "error": self.reason,
            "cells": list(self.cells),
        }


def solve(puzzle: Puzzle | str, limit: int = 2) -> SolveResult:
    """Solve ``puzzle`` (a :class:`Puzzle` or any text :func:`parse` takes).

    Givens that break a rule (see :func:`fault`) make the status ``invalid`` (no
    search is made). ``limit`` caps how many solutions are looked for (0: all); it is
    at least 2, which is enough to tell ``unique`` from ``multiple``. Raises
    ``InvalidPuzzleError`` on text that is no puzzle.
    """
    start = time.perf_counter()
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    broken = fault(puzzle)
    if broken:
        return SolveResult(puzzle, "invalid", [], ms=_ms(start), reason=broken.reason, clash=broken.cells)
    found, stats = solutions(puzzle, limit and max(limit, 2))
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    stuck = _no_candidate(puzzle) if not found else ()
    if stuck:
        reason = f"{cell_name(stuck[0], puzzle.n)} has no candidate: its units hold every digit"
        if puzzle.kind in ("sudoku", "killer"):
            reason = f"{cell_name(stuck[0], puzzle.n)} has no candidate: its row, column and box hold every digit"
    else:
        reason = "every way of filling the grid runs into a contradiction" if not found else ""
    return SolveResult(
        puzzle, status, [replace(puzzle, digits=s) for s in found], stats, _ms(start), reason,
        no_candidate=stuck,
    )


@dataclass(frozen=True)
class Fault:
    """Givens that break a rule before any search: the ``cells`` at fault and the ``reason``."""

    cells: tuple[int, ...]
    reason: str


def fault(puzzle: Puzzle) -> Fault | None:
    """The first rule the givens break, or None: two equal digits in a unit (``the
    givens clash: r1c3 and r1c7 both have 5``, naming a unit beyond the row, column
    and box), or in a killer's cage, a cage whose givens cannot make its sum, a sign
    the givens contradict."""
    n, digits, symbol = puzzle.n, puzzle.digits, puzzle.shape.symbol

    def name(cell: int) -> str:
        return cell_name(cell, n)

    clash = find_clash(puzzle)
    if clash:
        a, b = clash
        shape = puzzle.shape
        where = next(u for u in shape.units_of[a] if b in shape.units[u])
        extra = f" on {shape.unit_name(where)}" if where >= 2 * n + (n if shape.box_of else 0) else ""
        return Fault(clash, f"the givens clash: {name(a)} and {name(b)} both have {symbol(digits[a])}{extra}")
    for cage in puzzle.cages:
        given = [x for x in cage.cells if digits[x]]
        seen: dict[int, int] = {}
        for x in given:
            if digits[x] in seen:
                return Fault((seen[digits[x]], x), f"the givens clash: {name(seen[digits[x]])} and {name(x)} both "
                                                   f"have {symbol(digits[x])} in one cage")
            seen[digits[x]] = x
        if not any(set(seen) <= digits_ for digits_ in combinations(cage, n)):
            cells = ", ".join(map(name, cage.cells))
            return Fault(cage.cells, f"the cage of {cells} cannot add up to {cage.sum} with its givens "
                                     + ", ".join(f"{name(x)}={symbol(digits[x])}" for x in given))
    for sign in puzzle.signs:
        g, l = sign.greater, sign.lesser
        if digits[g] and digits[l] and digits[g] <= digits[l]:
            return Fault((g, l), f"the givens break a sign: {name(g)} ({symbol(digits[g])}) must be more "
                                 f"than {name(l)} ({symbol(digits[l])})")
    return None


def _no_candidate(puzzle: Puzzle) -> tuple[int, ...]:
    """The blank cells whose peers hold every digit."""
    digits, peers, n = puzzle.digits, puzzle.shape.peers, puzzle.n
    return tuple(
        cell for cell, d in enumerate(digits)
        if not d and len({digits[p] for p in peers[cell]} - {0}) == n
    )


def count_solutions(puzzle: Puzzle | str, limit: int = 0) -> int:
    """How many solutions ``puzzle`` has, counting up to ``limit`` (0: all)."""
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    return 0 if fault(puzzle) else len(solutions(puzzle, limit)[0])


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000
