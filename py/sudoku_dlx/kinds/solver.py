"""Every kind of puzzle as exact cover, solved with :mod:`sudoku_dlx.dlx`.

The reduction: every cell needs a digit (a *cell* item), and every unit needs each
digit once (a *unit-digit* item for every row, column, box or jigsaw region, and
the kind's extra units: X's diagonals, windoku's windows). Placing digit ``d`` in
cell ``x`` is the option made of the items it satisfies: for a classic sudoku 4n²
items and n³ options, 324 and 729 for 9x9. A windoku's search (not the lab's trace) also
has the items of the five groups its windows imply (:attr:`Shape.implied_units`).

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
from itertools import chain
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..dlx import ExactCover, SearchStats
from .grid import KIND, Cage, Puzzle, Shape, Sign, cell_name, find_clash, parse
from . import narrowing
from .read import puzzle_id

__all__ = ["NARROWED", "Fault", "SolveResult", "combination_masks", "combinations", "count_solutions", "exact_cover", "fault", "bounds",
           "narrowing_prune", "open_cover", "sign_marks", "solutions", "solve", "with_givens"]


#: The kinds whose puzzles :func:`solutions` narrows with :func:`bounds` before it
#: searches, on the exact cover of the cells still open alone (:func:`open_cover`):
#: their own regions, cages or signs cannot share the empty grid's links. Classic
#: sudoku, X and windoku search the shared links with their givens selected, which is
#: quicker for them (see docs/benchmarks.md, "The kinds").
NARROWED = frozenset(name for name, kind in KIND.items() if kind.narrowed)


def solutions(
    puzzle: Puzzle,
    limit: int = 0,
    rng: random.Random | None = None,
    stop: Callable[[SearchStats], bool] | None = None,
    whole: bool = False,
) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The completions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics.

    ``rng`` and ``stop`` go to :meth:`ExactCover.search`. The givens must break no
    rule (see :func:`fault`). A puzzle of the :data:`NARROWED` kinds is first
    narrowed by :func:`bounds` (which may solve it: no search, no tries), then
    searched on :func:`open_cover`; the other kinds search :func:`with_givens` with
    their shape's implied units (windoku's). With ``rng`` (a random grid for the
    generator) or ``whole``, every kind searches :func:`with_givens` as the lab's
    trace shows it: the whole grid's exact cover, the kind's own units alone. All
    find the same solutions.
    """
    if rng is None and not whole and puzzle.kind in NARROWED:
        return _narrowed_solutions(puzzle, limit, stop)
    n = puzzle.n
    problem = with_givens(puzzle, implied=rng is None and not whole)
    placements = puzzle.shape.cells * n  # the options after those are a cage's combinations
    switch = rng is None and not whole and n in NARROW_LONG

    def patient(stats: SearchStats) -> bool:
        """Ends the search at ``stop``, or where it grows long enough to narrow."""
        return stats.guesses >= SWITCH_AFTER or (stop is not None and stop(stats))

    found = []
    for chosen in problem.search(limit, rng, patient if switch else stop):
        digits = list(puzzle.digits)
        for option in chosen:
            if option < placements:
                cell, d = divmod(option, n)
                digits[cell] = d + 1
        found.append(tuple(digits))
    if not (switch and problem.stats.stopped and problem.stats.guesses >= SWITCH_AFTER):
        return found, problem.stats
    # Long already: narrowed from the first guess, without the fish (they cost more than they save here).
    found, stats = _narrowed_solutions(puzzle, limit, stop, after=0, fish=False)
    return found, SearchStats(stats.tries + problem.stats.tries, stats.updates + problem.stats.updates,
                              stats.guesses + problem.stats.guesses, stats.solutions, stats.stopped)


def _narrowed_solutions(puzzle: Puzzle, limit: int, stop: Callable[[SearchStats], bool] | None,
                        after: int | None = None, fish: bool = True) -> tuple[list[tuple[int, ...]], SearchStats]:
    """:func:`solutions` by :func:`bounds` (with its ``fish`` or not), then :func:`open_cover`'s
    search, which runs :func:`bounds` again at each guess once it has made ``after`` (default
    :data:`PRUNE_AFTER`) and learns where it fails (``learn`` in :meth:`ExactCover.search`)."""
    allowed = bounds(puzzle, fish=fish)
    if not all(allowed):
        return [], SearchStats()
    known = [mask.bit_length() if not mask & mask - 1 else 0 for mask in allowed]
    if all(known):  # bounds' rules hold for every single digit: the grid is a solution
        return [tuple(known)], SearchStats(solutions=1)
    problem, placements = open_cover(puzzle, allowed)
    prune = narrowing_prune(puzzle, problem, allowed, placements, PRUNE_AFTER if after is None else after, fish)
    found = []
    for chosen in problem.search(limit, None, stop, prune=prune, learn=True):
        digits = known[:]
        for option in chosen:
            if option < len(placements):
                cell, digit = placements[option]
                digits[cell] = digit
        found.append(tuple(digits))
    return found, problem.stats


def narrowing_prune(puzzle: Puzzle, problem: ExactCover, allowed: list[int], placements: list[tuple[int, int]],
                    after: int, fish: bool = True) -> Callable[[list[int]], list[int]]:
    """A ``prune`` for ``problem``'s search (see :meth:`ExactCover.search`): ``problem`` is an
    exact cover of ``puzzle``'s open cells with the candidates ``allowed`` (a mask a cell,
    :func:`bounds`' answer) whose first options place the (cell, digit) ``placements``. Once
    the search has made ``after`` guesses, prune tells the placements :func:`bounds` rules out
    with the chosen ones made, beyond those it ruled out at the deepest point of the search's
    path it was asked at before: it goes on from the bounds there, and the search keeps what
    was hidden at that point until it backs up past it. ``fish`` goes to :func:`bounds`."""
    options_of: list[list[tuple[int, int]]] = [[] for _ in allowed]  # each cell's placements: (option, digit)
    for option, (cell, digit) in enumerate(placements):
        options_of[cell].append((option, digit))
    path: list[tuple[list[int], list[int]]] = [([], allowed)]  # shallowest first: (the options chosen, the bounds)

    def prune(chosen: list[int]) -> list[int]:
        if problem.stats.guesses < after:
            return []
        while len(path[-1][0]) > len(chosen) or chosen[:len(path[-1][0])] != path[-1][0]:
            path.pop()
        before, earlier = path[-1]
        start = earlier[:]
        changed = []
        for option in chosen[len(before):]:
            if option < len(placements):
                cell, digit = placements[option]
                start[cell] = 1 << digit - 1
                changed.append(cell)
        narrowed = bounds(puzzle, start, changed=changed, fish=fish)
        path.append((chosen[:], narrowed))
        return [option for cell, (mask, was) in enumerate(zip(narrowed, earlier)) if mask != was
                for option, digit in options_of[cell] if not mask >> digit - 1 & 1]

    return prune


def open_cover(puzzle: Puzzle, allowed: list[int]) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact cover of ``puzzle``'s cells ``allowed`` (a mask each, see
    :func:`bounds`) leaves open, built for it alone: the items :func:`exact_cover` has
    for the open cells, for each unit's digits no single cell holds, for each cage
    with open cells (its item and the digits its single cells do not hold), and the
    secondary items of each sign between two open cells; an option for each digit
    ``allowed`` in an open cell, then each cage's combinations that hold its single
    cells' digits. Returns the problem and the (cell, digit) of each placement option,
    which come first."""
    n, shape = puzzle.n, puzzle.shape
    nn, units_of = shape.cells, shape.units_of
    single = [mask if not mask & mask - 1 else 0 for mask in allowed]
    item: dict[int, int] = {}  # the grid's item number (see exact_cover) -> this problem's
    for x in range(nn):
        if not single[x]:
            item[x] = len(item)
    for u, unit in enumerate(shape.units):
        held = 0
        for x in unit:
            held |= single[x]
        for d in range(n):
            if not held >> d & 1:
                item[nn + u * n + d] = len(item)
    cage_base = nn + len(shape.units) * n
    cage_digit: dict[int, int] = {}  # an open caged cell -> its cage's item for digit 1
    combination_options = []
    for k, cage in enumerate(puzzle.cages):
        held = 0
        for x in cage.cells:
            held |= single[x]
        open_cells = [x for x in cage.cells if not single[x]]
        if not open_cells:
            continue
        base = cage_base + k * (n + 1)
        item[base] = len(item)
        for d in range(n):
            if not held >> d & 1:
                item[base + 1 + d] = len(item)
        for x in open_cells:
            cage_digit[x] = base + 1
        room = [allowed[x] for x in open_cells]
        for mask in combination_masks(len(cage.cells), cage.sum, n):
            if mask & held == held and _can_take(mask & ~held, room):
                combination_options.append([item[base], *(item[base + 1 + d] for d in range(n)
                                                          if not (mask | held) >> d & 1)])
    primary = len(item)
    marks, secondary = sign_marks([sign for sign in puzzle.signs if not single[sign.greater] | single[sign.lesser]],
                                  allowed, primary)
    options, placements = [], []
    for x in range(nn):
        if single[x]:
            continue
        for d in range(n):
            if allowed[x] >> d & 1:
                items = [item[x], *(item[nn + u * n + d] for u in units_of[x])]
                if x in cage_digit:
                    items.append(item[cage_digit[x] + d])
                options.append(items + marks.get((x, d), []))
                placements.append((x, d + 1))
    problem = ExactCover(primary, secondary - primary)
    problem.add_options(options + combination_options)
    return problem, placements


def with_givens(puzzle: Puzzle, implied: bool = False) -> ExactCover:
    """A copy of the puzzle's exact cover (with its shape's implied units if
    ``implied``: see :func:`exact_cover`) with its givens selected; for a futoshiki or
    a killer, with the placements and combinations its signs and cages rule out
    excluded too (see :func:`bounds`; not its subsets and fish, which the lab's trace
    leaves to the search)."""
    n = puzzle.n
    problem = exact_cover(puzzle.shape, puzzle.cages, puzzle.signs, implied).copy()
    problem.select(cell * n + digit - 1 for cell, digit in enumerate(puzzle.digits) if digit)
    if puzzle.signs or puzzle.cages:
        allowed = bounds(puzzle, subsets=False)
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


def _mask(digits: Iterable[int]) -> int:
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


def sign_marks(signs: list[Sign], allowed: list[int], first: int) -> tuple[dict[tuple[int, int], list[int]], int]:
    """The secondary items of ``signs`` between open cells, numbered from ``first``: a
    sign has an item for each digit from the least its greater cell may hold (``low``,
    as ``allowed`` says) to the most its lesser one may (``high``); the greater cell's
    digit ``x`` covers item ``x`` alone (none above ``high``), the lesser's ``y`` covers
    ``low..y``, so they clash exactly when ``x <= y``. Returns the items of each
    (cell, digit - 1) that has some, and the number after the last item."""
    marks: dict[tuple[int, int], list[int]] = {}
    for sign in signs:
        g, l = sign.greater, sign.lesser
        low, high = (allowed[g] & -allowed[g]).bit_length() - 1, allowed[l].bit_length() - 1
        for d in range(low, high + 1):
            marks.setdefault((g, d), []).append(first + d - low)
            marks.setdefault((l, d), []).extend(range(first, first + d - low + 1))
        first += max(high - low + 1, 0)
    return marks, first


def bounds(puzzle: Puzzle, start: list[int] | None = None, subsets: bool = True,
           changed: Sequence[int] | None = None, fish: bool = True) -> list[int]:
    """The digits each cell may still hold (bit ``d - 1`` for ``d``), as far as the
    givens (or the masks ``start``), a futoshiki's signs and a killer's cages tell
    without a guess. With ``changed``, ``start`` is an answer of ``bounds`` narrowed
    since at those cells alone, and the rules begin from those cells rather than from
    every cell. The rules, in this order, each on the units, cages and signs whose
    cells narrowed since it last looked, a later one only when the earlier ones stall,
    until nothing changes (an empty cell: no solution):

    - a digit alone in a cell leaves the cell's units (and cage);
    - a cage's cells keep the digits of the combinations they can still make, and a
      digit the cage needs with one place left in it goes there;
    - a sign's greater cell is more than its lesser neighbour's least digit, the
      lesser one less than the greater's most (along a chain of signs at once);
    - a digit with one place left in a unit goes there;
    - a digit a unit (or a cage: the digits all its combinations hold) needs, with all
      its places there inside another unit, leaves the rest of that unit;
    - with ``subsets``, up to :data:`~.narrowing.SUBSET_CELLS` cells of a unit that hold as many
      digits between them keep those digits from its other cells, and as many digits
      with as many places between them keep those places;
    - and, with ``subsets`` and ``fish``, fish: as many rows whose places for a digit lie in
      as many columns keep it from those columns' other cells, and the other way round.

    The dancing links see a sign only once both its cells are placed, and a cage's sum
    only through its combinations: without these bounds, a futoshiki with few givens
    took millions of tries (a 7x7 of Tatham's hardest grade 6,126,080; with them,
    4,610). With the crossings of units, most puzzles of Tatham's intermediate grade
    need no search at all; with the subsets, most futoshikis of his "tricky" grade, and
    with the fish nearly half of his "extreme" ones."""
    n, shape = puzzle.n, puzzle.shape
    full = (1 << n) - 1
    units = shape.units
    peers: Sequence[frozenset[int]] = shape.peers
    allowed = [1 << d - 1 if d else full for d in puzzle.digits] if start is None else list(start)
    narrowed = list(range(len(allowed)) if changed is None else changed)  # the cells narrowed, in turn; each rule reads on from where it stopped
    todo = [x for x in narrowed if not allowed[x] & allowed[x] - 1]  # single cells whose digit leaves their peers
    sums = _sums_of_units(puzzle)  # within one unit each: their cells are peers already
    cages = [(cage.cells, list(combination_masks(len(cage.cells), cage.sum, n))) for cage in (*puzzle.cages, *sums)]
    pairs = {k: _partners(cage.sum, n) for k, cage in enumerate((*puzzle.cages, *sums))
             if len(cage.cells) == 2 and n <= PAIR_DIGITS}
    if puzzle.cages:
        widened = list(peers)
        for cage in puzzle.cages:
            members = set(cage.cells)
            for x in cage.cells:
                mates = members.difference(widened[x])
                if len(mates) > 1:  # x itself and some cell no unit made its peer
                    widened[x] = widened[x].union(mates).difference((x,))
        peers = widened
    needed = [0] * len(cages)  # the digits all a cage's combinations hold that are not placed (its rule sets them)
    count = len(units)  # the groups: the units, then the cages
    cages_of: list[tuple[int, ...]] = [()] * len(allowed)
    groups_of = list(shape.units_of)
    for k, (cells, _) in enumerate(cages):
        for x in cells:
            cages_of[x] += (k,)
            groups_of[x] += (count + k,)
    crossings = _crossings(shape)
    cage_crossings: list[list | None] = [None] * len(cages)  # built once a cage needs a digit
    signs = [(sign.greater, sign.lesser) for sign in puzzle.signs]
    signs_of: list[list[tuple[int, int]]] = [[] for _ in allowed]
    for g, l in signs:
        signs_of[g].append((g, l))
        signs_of[l].append((g, l))
    signs_read = 0  # how far into narrowed the signs' rule has read
    solved: set[int] = set()  # the units whose cells are all placed
    seen = [0, 0, 0, 0]  # how far into narrowed the units', the cages', the crossings' and the subsets' rules have read

    def touched(rule: int, of: Sequence[Iterable[int]]) -> set[int]:
        """The groups ``of`` the cells that narrowed since ``rule`` last looked."""
        start, seen[rule] = seen[rule], len(narrowed)
        return set(chain.from_iterable(map(of.__getitem__, set(narrowed[start:]))))

    def narrow(x: int, mask: int) -> None:
        """Cell ``x`` keeps ``mask``: noted as narrowed, and queued when one digit is left."""
        allowed[x] = mask
        narrowed.append(x)
        if not mask & mask - 1:
            todo.append(x)

    while True:
        while todo:
            x = todo.pop()
            bit = allowed[x]
            for other in peers[x]:
                if allowed[other] & bit:
                    narrow(other, allowed[other] ^ bit)
        mark = len(narrowed)
        for k in touched(1, cages_of):
            cells, masks = cages[k]
            if k in pairs:  # the rule below for two cells: each keeps the digits whose partner the other may hold
                partners = pairs[k]
                x, y = cells
                a = allowed[x] & partners[allowed[y]]
                b = allowed[y] & partners[a]
                need = a | b
                more = need & need - 1
                if more & more - 1:  # two pairs of digits or more: neither is needed
                    need = 0
                for x, mask in ((x, a), (y, b)):
                    if not mask & mask - 1:  # placed: its digit has left the cage's units already
                        need &= ~mask
                    if mask != allowed[x]:
                        narrow(x, mask)
                needed[k] = need
                continue
            room = list(map(allowed.__getitem__, cells))
            once = twice = 0
            for cell in room:
                twice |= once & cell
                once |= cell
            kept = []
            union, need = 0, full
            for mask in masks:  # the combinations the cells can still take (see _can_take)
                if mask & once == mask:
                    for cell in room:
                        if not cell & mask:
                            break
                    else:
                        kept.append(mask)
                        union |= mask
                        need &= mask
            if len(kept) < len(masks):
                masks[:] = kept
            if need:
                for cell in room:
                    if not cell & cell - 1:  # placed: its digit has left the cage's units already
                        need &= ~cell
            needed[k] = need
            hidden = need & ~twice
            for x, cell in zip(cells, room):
                mask = cell & union
                if mask & hidden:
                    mask &= hidden
                if mask != cell:
                    narrow(x, mask)
        if todo:
            continue
        while signs and signs_read < len(narrowed):  # the signs of each cell narrowed, along chains as they narrow
            for g, l in signs_of[narrowed[signs_read]]:
                above, below = allowed[g], allowed[l]
                if above and below:
                    more = above & ~((1 << (below & -below).bit_length()) - 1)  # more than l's least digit
                    less = below & (1 << above.bit_length() - 1) - 1  # less than g's most digit
                    if more != above:
                        narrow(g, more)
                    if less != below:
                        narrow(l, less)
            signs_read += 1
        if todo:
            continue
        for u in touched(0, shape.units_of):
            unit = units[u]
            once = twice = placed = 0
            for x in unit:
                mask = allowed[x]
                if mask & mask - 1:
                    twice |= once & mask
                    once |= mask
                else:
                    placed |= mask
            if not once:
                solved.add(u)  # every cell placed: no crossing of it can narrow
            hidden = once & ~twice & ~placed
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for x in unit:
                    if allowed[x] & bit:  # none left if the cell of another hidden digit had it too
                        if allowed[x] != bit:
                            narrow(x, bit)
                        break
        if todo:
            continue
        if len(narrowed) > mark:
            continue
        groups = touched(2, groups_of)
        crossed = [crossing for crossing in crossings if (crossing[3] in groups or crossing[4] in groups)
                   and crossing[3] not in solved and crossing[4] not in solved]
        for k, need in enumerate(needed):
            if need:
                mine = cage_crossings[k]
                if mine is None:
                    mine = cage_crossings[k] = _cage_crossings(shape, cages[k][0], count + k)
                if count + k in groups:
                    crossed += mine
                else:
                    crossed += [crossing for crossing in mine if crossing[4] in groups]
        for inside, rest, others, a, b in crossed:
            need = needed[a - count] if a >= count else full
            there = elsewhere = 0
            for x in inside:
                mask = allowed[x]
                if mask & mask - 1:
                    there |= mask
                else:  # placed: it has left the other cells already
                    elsewhere |= mask
            for x in rest:
                elsewhere |= allowed[x]
            gone = there & need & ~elsewhere
            if gone:
                for x in others:
                    mask = allowed[x]
                    if mask & gone:
                        narrow(x, mask & ~gone)
        if len(narrowed) > mark:
            continue
        if not subsets or len(solved) == len(units):
            return allowed
        for u in touched(3, shape.units_of).difference(solved):
            narrowing.subsets(units[u], allowed, narrow)
        if len(narrowed) > mark:
            continue
        if fish:
            narrowing.fish(allowed, n, narrow)
        if len(narrowed) == mark:
            return allowed


@lru_cache(maxsize=64)
def _crossings(shape: Shape) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]]:
    """The crossings of the shape's units (:func:`~.narrowing.crossings`; every unit holds every digit)."""
    return narrowing.crossings(shape.units, len(shape.units))


def _cage_crossings(shape: Shape, cage: tuple[int, ...], group: int
                    ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]]:
    """As :func:`_crossings`, a cage (its cells; ``group``: its number in
    :func:`bounds`) with each unit it shares two or more cells with: (the shared
    cells, the cage's other cells, the unit's, ``group``, the unit)."""
    units, units_of = shape.units, shape.units_of
    shared: dict[int, list[int]] = {}
    for x in cage:
        for u in units_of[x]:
            shared.setdefault(u, []).append(x)
    return [(tuple(cells), _without(cage, cells), _without(units[u], cells), group, u)
            for u, cells in shared.items() if len(cells) > 1]


#: The guesses a search of the :data:`NARROWED` kinds makes before it runs :func:`bounds`
#: at each guess (see ``prune`` in :meth:`ExactCover.search`): a search of a few dozen
#: guesses is quicker without, a long one far quicker with (100 of Tatham's "extreme"
#: 9x9 futoshikis: a mean of 2.1 ms against 3.1, the slowest 17 ms against 75;
#: benchmarks/2026-11-26-kinds-rounds.md, round 4).
PRUNE_AFTER = 32

#: The sizes whose classic, X and windoku puzzles, once the search of the shared links has
#: made :data:`SWITCH_AFTER` guesses, start again narrowed (:func:`_narrowed_solutions`), at
#: every guess from the first: reasoning at each guess cuts the long tails of 16x16s (a
#: generated puzzle: 127 s to 0.3 s) and 25x25s (generated ones: over 60 s to 3 s), while a
#: 9x9 search never grows long enough to pay (benchmarks/2026-12-07-tails.md, which also
#: times narrowing from the first guess against from PRUNE_AFTER's, and the switch after
#: 100 guesses against 300: generated 16x16s and 25x25s 0.8-0.9x the time). It narrows without
#: the fish, whose cost there outweighs the guesses they save (generated 16x16s 0.77x the time,
#: 25x25s 0.89-0.95x; vukr's 16x16s, few of which switch, 1.1 s -> 1.9 s for 100).
NARROW_LONG = frozenset({16, 25})
SWITCH_AFTER = 100

#: The most cells of a cage the rule of 45 makes (more have too many combinations to pay).
SUM_CELLS = 3


def _sums_of_units(puzzle: Puzzle) -> list[Cage]:
    """The cages a killer's units make by the rule of 45 (a unit's digits add up to
    ``n * (n + 1) / 2``): a unit's cells outside the cages that lie wholly in it add up
    to that less those cages' sums; the cells outside a unit of the cages that reach
    into it add up to their sums less the unit's. Each such set of at most
    :data:`SUM_CELLS` cells in one unit (so of different digits) that is no cage
    already."""
    if not puzzle.cages:
        return []
    shape, n, cages = puzzle.shape, puzzle.n, puzzle.cages
    total = n * (n + 1) // 2
    units_of = shape.units_of
    cage_of = [0] * shape.cells  # the number of each cell's cage
    for k, cage in enumerate(cages):
        for x in cage.cells:
            cage_of[x] = k
    size = [len(cage.cells) for cage in cages]
    known = {cage.cells for cage in cages}
    found = []
    for unit in shape.units:
        here: dict[int, int] = {}  # each touching cage: its cells in the unit
        for x in unit:
            here[cage_of[x]] = here.get(cage_of[x], 0) + 1
        inside = touching = rest = beyond = 0  # the sums of the cages inside and touching, the cells left out
        for k, count in here.items():
            touching += cages[k].sum
            if count == size[k]:
                inside += cages[k].sum
            else:
                rest += count
                beyond += size[k] - count
        made = []
        if 0 < rest <= SUM_CELLS:
            made.append(([x for x in unit if here[cage_of[x]] != size[cage_of[x]]], total - inside))
        if 0 < beyond <= SUM_CELLS:
            made.append(([x for k in here if here[k] != size[k] for x in cages[k].cells if x not in unit],
                         touching - total))
        for members, sum_ in made:
            cells = tuple(sorted(members))
            if cells not in known and set(units_of[cells[0]]).intersection(*(units_of[x] for x in cells[1:])):
                known.add(cells)
                found.append(Cage(cells, sum_))
    return found


def _without(cells: tuple[int, ...], these: list[int]) -> tuple[int, ...]:
    """``cells`` less ``these``, in any order."""
    return tuple(set(cells).difference(these))


@lru_cache(maxsize=64)
def exact_cover(shape: Shape, cages: tuple[Cage, ...] = (), signs: tuple[Sign, ...] = (),
                implied: bool = False) -> ExactCover:
    """The exact cover of the empty grid of ``shape`` with its ``cages`` and ``signs``:
    option ``cell * n + digit - 1`` places ``digit`` in ``cell`` (a cage's
    combinations are the options after those). Items: the cells, then each unit's
    digits (unit by unit, as :attr:`Shape.units` lists them; the order breaks ties in
    the search's choice of item), with ``implied`` each of :attr:`Shape.implied_units`'
    digits after them (the same solutions: a windoku's search takes half the tries
    with them), then each cage and its digits; the signs' items are secondary. Built
    once and shared: :meth:`~ExactCover.copy` it before selecting or searching."""
    n, nn = shape.n, shape.cells
    units_of: Sequence[Sequence[int]] = shape.units_of
    cage_base = nn + len(shape.units) * n
    if implied and shape.implied_units:
        widened = [list(mine) for mine in units_of]
        for k, unit in enumerate(shape.implied_units):
            for x in unit:
                widened[x].append(len(shape.units) + k)
        units_of = widened
        cage_base += len(shape.implied_units) * n
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
    return list(_combinations(len(cage.cells), cage.sum, n))


@lru_cache(maxsize=4096)
def _combinations(cells: int, total: int, n: int) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(digits) for digits in itertools.combinations(range(1, n + 1), cells)
                 if sum(digits) == total)


#: The most digits for which :func:`bounds` narrows a cage of two cells by a table of partners.
PAIR_DIGITS = 9


@lru_cache(maxsize=64)
def _partners(total: int, n: int) -> tuple[int, ...]:
    """For each mask of digits 1-``n`` (bit ``d - 1`` for ``d``), the digits that
    make ``total`` with one of them in a cage of two cells: ``total - d`` for each
    ``d``, in 1-``n`` and not ``d`` itself."""
    table = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        d, partner = low.bit_length(), total - low.bit_length()
        table[mask] = table[mask ^ low] | (1 << partner - 1 if 1 <= partner <= n and partner != d else 0)
    return tuple(table)


@lru_cache(maxsize=4096)
@lru_cache(maxsize=4096)
def combination_masks(cells: int, total: int, n: int) -> tuple[int, ...]:
    """The masks (bit ``d - 1`` for ``d``) of each set of ``cells`` different digits from
    1-``n`` that add up to ``total``."""
    return tuple(map(_mask, _combinations(cells, total, n)))


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
            "nodes": self.stats.tries,
            "guesses": self.stats.guesses,
            "updates": self.stats.updates,
            "ms": round(self.ms, 3),
            "error": self.reason,
            "cells": list(self.cells),
        }


def solve(puzzle: Puzzle | str, limit: int = 2, stop: Callable[[SearchStats], bool] | None = None) -> SolveResult:
    """Solve ``puzzle`` (a :class:`Puzzle` or any text :func:`parse` takes).

    Givens that break a rule (see :func:`fault`) make the status ``invalid`` (no
    search is made). ``limit`` caps how many solutions are looked for (0: all); it is
    at least 2, which is enough to tell ``unique`` from ``multiple``. Raises
    ``InvalidPuzzleError`` on text that is no puzzle, and ``TimeoutError`` when
    ``stop`` (see :meth:`ExactCover.search`) ends the search first.
    """
    start = time.perf_counter()
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    broken = fault(puzzle)
    if broken:
        return SolveResult(puzzle, "invalid", [], ms=_ms(start), reason=broken.reason, clash=broken.cells)
    found, stats = solutions(puzzle, limit and max(limit, 2), stop=stop)
    if stats.stopped:
        raise TimeoutError("the search was stopped before it could tell")
    status = "none" if not found else "unique" if len(found) == 1 else "multiple"
    stuck = _no_candidate(puzzle) if not found else ()
    if stuck:
        reason = f"{cell_name(stuck[0], puzzle.n)} has no candidate: its units hold every digit"
        if puzzle.shape.facts.boxed and not puzzle.shape.extra_units:
            reason = f"{cell_name(stuck[0], puzzle.n)} has no candidate: its row, column and box hold every digit"
    else:
        reason = "every way of filling the grid runs into a contradiction" if not found else ""
    return SolveResult(
        puzzle, status, [puzzle.with_digits(s) for s in found], stats, _ms(start), reason,
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
        if not given:  # its sum is one some combination makes (see Puzzle)
            continue
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
