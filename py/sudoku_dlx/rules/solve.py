"""A grid and its rules as one exact cover, solved with :mod:`sudoku_dlx.dlx`.

The items (docs/rules.md, "As exact cover"): a *cell* item for each open cell, a
*unit-digit* item for each unit of ``n`` cells (rows, columns, regions, and a rule's
full units) and digit its single cells do not hold; secondary unit-digit items for a
rule's smaller units; a secondary item for each conflict of two open placements. The
candidates are narrowed first (:func:`narrow`), and again at each guess through the
search's ``prune`` hook, and every solution is checked against every rule at the end (:func:`fault`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..dlx import ExactCover, SearchStats
from ..kinds import narrowing
from ..kinds.grid import Shape, cell_name
from .base import Rule, Unsolvable

__all__ = ["Grid", "VariantPuzzle", "fault", "locked", "narrow", "probe", "solutions"]


class Grid:
    """A shape and its rules (each :meth:`~.base.Rule.on` the grid), with what the solver
    derives from them once: the units of
    ``n`` cells (``full``: rows, columns, regions, a rule's), the smaller ones
    (``small``), each cell's ``peers`` in them, the placements each placement
    ``clashes`` with, and the rules that narrow."""

    def __init__(self, shape: Shape, rules: tuple[Rule, ...]) -> None:
        self.shape, self.rules = shape, rules
        n, nn = shape.n, shape.cells
        full: list[tuple[int, ...]] = list(shape.units)
        small: list[tuple[int, ...]] = []
        for rule in rules:
            for unit in rule.units(n):
                (full if len(unit) == n else small).append(tuple(unit))
        peers: list[set[int]] = [set() for _ in range(nn)]
        for unit in (*full, *small):
            for x in unit:
                peers[x].update(unit)
        clashes: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for rule in rules:
            for a, x, b, y in rule.conflicts(n):
                clashes.setdefault((a, x), set()).add((b, y))
                clashes.setdefault((b, y), set()).add((a, x))
        self.full, self.small = tuple(full), tuple(small)
        #: Where a full unit crosses another unit (see :func:`~..kinds.narrowing.crossings`),
        #: if the other has cells outside it.
        self.crossings = tuple(crossing for crossing in narrowing.crossings(self.full + self.small, len(self.full))
                               if crossing[2])
        self.peers = tuple(frozenset(p - {x}) for x, p in enumerate(peers))
        self.rules = rules = tuple(rule.on(self) for rule in rules)
        self.clashes = clashes
        #: The rules that narrow, each with its :meth:`~.base.Rule.scope`, and the candidates
        #: of that scope where the rule last ruled out nothing (there it has nothing to say).
        self.narrowing = tuple((rule, rule.scope(n)) for rule in rules if type(rule).narrow is not Rule.narrow)
        self.settled: list[tuple[int, ...] | None] = [None] * len(self.narrowing)
        #: The candidates of each full unit where its subsets last ruled out nothing.
        self.subsets_settled: list[tuple[int, ...] | None] = [None] * len(self.full)
        self.needing = tuple(rule for rule in rules if type(rule).needs is not Rule.needs)

    @property
    def n(self) -> int:
        return self.shape.n


@dataclass(frozen=True)
class VariantPuzzle:
    """A grid with rules, and its givens (0 for a blank)."""

    grid: Grid
    digits: tuple[int, ...]

    @property
    def clues(self) -> int:
        """The givens, as :attr:`~sudoku_dlx.kinds.grid.Puzzle.clues` counts a puzzle's (a rule is no clue here)."""
        return sum(1 for d in self.digits if d)


def narrow(grid: Grid, allowed: list[int], deep: bool = False) -> None:
    """Narrows ``allowed`` (a mask per cell) in place until nothing changes: a single
    cell's digit leaves its peers and the placements it conflicts with, a digit with one
    place left in a full unit goes there, and each rule narrows; when those stall and
    ``deep``, the grid's own reasoning (:func:`deeper`) too. Raises :class:`Unsolvable`
    when a cell is left no candidate."""
    n, peers, clashes, settled = grid.n, grid.peers, grid.clashes, grid.settled
    done = [False] * len(allowed)
    while True:
        changed = False
        for x, mask in enumerate(allowed):
            if done[x] or mask & mask - 1:
                continue
            if not mask:
                raise Unsolvable(x)
            done[x] = True
            for other in peers[x]:
                if allowed[other] & mask:
                    allowed[other] ^= mask
                    if not allowed[other]:
                        raise Unsolvable(other)
            for other, y in clashes.get((x, mask.bit_length()), ()):
                if allowed[other] >> y - 1 & 1:
                    allowed[other] ^= 1 << y - 1
                    if not allowed[other]:
                        raise Unsolvable(other)
            changed = True
        every = (1 << n) - 1
        for unit in grid.full:
            once = twice = 0  # the digits with a place in the unit, and with two or more
            for x in unit:
                twice |= once & allowed[x]
                once |= allowed[x]
            if once != every:
                raise Unsolvable(unit[0])
            alone = once & ~twice
            if alone:
                for x in unit:  # one pass: a cell that is some digit's one place keeps it
                    mask = allowed[x] & alone
                    if mask and mask != allowed[x]:
                        if mask & mask - 1:  # the one place of two digits
                            raise Unsolvable(x)
                        allowed[x] = mask
                        changed = True
        for k, (rule, scope) in enumerate(grid.narrowing):
            seen = tuple(allowed[x] for x in scope)
            if seen != settled[k]:
                if rule.narrow(allowed, n):
                    changed = True
                else:
                    settled[k] = seen
        if not changed and not (deep and deeper(grid, allowed)):
            return


def locked(grid: Grid, allowed: list[int]) -> Iterator[tuple[tuple, int]]:
    """Each of the grid's :attr:`~Grid.crossings` whose full unit has digits only in the
    shared cells, with the mask of those digits (they leave the other unit's other cells);
    a digit placed there is left out (it has left the other unit already, as a single)."""
    for crossing in grid.crossings:
        there = elsewhere = 0
        for x in crossing[0]:
            if allowed[x] & allowed[x] - 1:
                there |= allowed[x]
        for x in crossing[1]:
            elsewhere |= allowed[x]
        if there & ~elsewhere:
            yield crossing, there & ~elsewhere


def deeper(grid: Grid, allowed: list[int]) -> bool:
    """What the grid's units rule out beyond singles (:mod:`~..kinds.narrowing`): a digit a
    full unit has only where it crosses another unit leaves that unit's other cells; a
    digit a rule needs among some cells (:meth:`~.base.Rule.needs`) goes to its one place
    there, or leaves every cell that sees all its places; then subsets of up to three cells
    or digits in a full unit; then fish of up to three rows or columns. Stops at the first
    that narrows; True if one did."""
    changed = False

    def keep(x: int, mask: int) -> None:
        nonlocal changed
        if not mask:
            raise Unsolvable(x)
        allowed[x], changed = mask, True

    for (_, _, others, _, _), gone in locked(grid, allowed):
        for x in others:
            if allowed[x] & gone:
                keep(x, allowed[x] & ~gone)
    if changed:
        return True
    for rule in grid.needing:
        for cells, digits in rule.needs(allowed, grid.n):
            while digits:
                bit = digits & -digits
                digits ^= bit
                places = [x for x in cells if allowed[x] & bit]
                if not places:
                    raise Unsolvable(cells[0])
                if len(places) == 1:
                    if allowed[places[0]] != bit:
                        keep(places[0], bit)
                    continue
                for x in grid.peers[places[0]].intersection(*(grid.peers[y] for y in places[1:])):
                    if allowed[x] & bit:
                        keep(x, allowed[x] & ~bit)
    if changed:
        return True
    for k, unit in enumerate(grid.full):
        seen = tuple(allowed[x] for x in unit)
        if seen != grid.subsets_settled[k]:
            narrowing.subsets(unit, allowed, keep)
            if not changed:
                grid.subsets_settled[k] = seen
    if changed:
        return True
    narrowing.fish(allowed, grid.n, keep)
    return changed


def fault(puzzle: VariantPuzzle, digits: tuple[int, ...]) -> tuple[str, tuple[int, ...]] | None:
    """Why ``digits`` (blanks 0) break a unit or a rule of the puzzle's grid, and the cells
    at fault: a unit's two cells that hold one digit, else the first broken rule's
    (:meth:`~.base.Rule.fault`); None if nothing is broken."""
    grid, n = puzzle.grid, puzzle.grid.n
    for unit in (*grid.full, *grid.small):
        seen: dict[int, int] = {}
        for x in unit:
            if digits[x] in seen:
                return f"{cell_name(seen[digits[x]], n)} and {cell_name(x, n)} both hold {digits[x]}", (seen[digits[x]], x)
            if digits[x]:
                seen[digits[x]] = x
    for rule in grid.rules:
        found = rule.fault(digits, n)
        if found:
            return found
    return None


#: The guesses a search makes before it starts again with :func:`probe` at its root and
#: after its first guess; a probing search that takes as many gives way to a last search
#: without it. Probing always made the links of fewer guesses up to 5 times slower (0.02 ->
#: 0.10 s) and Boxes' tree larger (18,555 guesses -> over 27,000); after 200: Dab 32,842
#: guesses in 60 s unsolved -> 364 guesses, 2.6 s, Tangled Arrows and 159 Arrows 1.6-2.9 ->
#: 0.4-0.7 s, Equal Sums 1,374 -> 291 guesses in about the same time, Boxes and Eddies 400
#: guesses more (2%), the others untouched.
PROBING_AFTER = 200


def solutions(puzzle: VariantPuzzle, limit: int = 0, stop: Callable[[SearchStats], bool] | None = None
              ) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The solutions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics
    (of every search it made: see :data:`PROBING_AFTER`)."""
    stats = SearchStats()
    for probing, most in ((False, PROBING_AFTER), (True, PROBING_AFTER), (False, None)):
        found, stats, spent = _solutions(puzzle, limit, stop, probing, most, stats)
        if not spent:
            break
    return found, stats


def probe(grid: Grid, allowed: list[int]) -> bool:
    """Failed placements: each candidate of each open cell is placed on a copy of
    ``allowed`` and narrowed (:func:`narrow`, not deep); one that leaves a cell no candidate
    goes, and every cell keeps only what some candidate of the probed cell left it. True if
    any changed; raises :class:`Unsolvable` when a cell is left none."""
    changed = False
    for x in range(len(allowed)):
        rest = allowed[x]
        if not rest & rest - 1:
            continue
        left = [0] * len(allowed)  # what the candidates of x that hold leave each cell
        while rest:
            bit = rest & -rest
            rest ^= bit
            trial = allowed[:]
            trial[x] = bit
            try:
                narrow(grid, trial)
            except Unsolvable:
                continue
            left = [a | b for a, b in zip(left, trial)]
        for y, mask in enumerate(left):
            if allowed[y] & ~mask:
                if not mask:
                    raise Unsolvable(y)
                allowed[y] &= mask
                changed = True
    return changed


def _settle(grid: Grid, allowed: list[int], probing: bool) -> None:
    """:func:`narrow` deep, and with ``probing`` one round of :func:`probe` and again (more
    rounds made Equal Sums' root 4 s instead of 1 s, for five candidates fewer each)."""
    narrow(grid, allowed, deep=True)
    if probing and probe(grid, allowed):
        narrow(grid, allowed, deep=True)


def _solutions(puzzle: VariantPuzzle, limit: int, stop: Callable[[SearchStats], bool] | None, probing: bool,
               most: int | None, so_far: SearchStats) -> tuple[list[tuple[int, ...]], SearchStats, bool]:
    """One search of :func:`solutions`, probing at its root and after its first guess if
    ``probing``, its statistics counted on from ``so_far``; and whether it gave up after
    ``most`` more guesses (None: no bound)."""
    grid = puzzle.grid
    n = grid.n
    full = (1 << n) - 1
    allowed = [1 << d - 1 if d else full for d in puzzle.digits]
    stats = SearchStats(tries=so_far.tries, updates=so_far.updates, guesses=so_far.guesses)
    try:
        _settle(grid, allowed, probing)
    except Unsolvable:
        return [], stats, False
    if all(not m & m - 1 for m in allowed):
        digits = tuple(m.bit_length() for m in allowed)
        stats.solutions = 1
        return ([digits] if fault(puzzle, digits) is None else []), stats, False
    problem, placements = _cover(grid, allowed)
    problem.stats = stats
    spent = False

    def halt(stats: SearchStats) -> bool:
        nonlocal spent
        spent = most is not None and stats.guesses >= so_far.guesses + most
        return spent or stop is not None and stop(stats)

    options_of: list[list[tuple[int, int]]] = [[] for _ in allowed]  # (option, digit) of each cell
    for k, (cell, digit) in enumerate(placements):
        options_of[cell].append((k, digit))
    # The candidates narrowed after each guess on the search's path, with the options chosen
    # up to it: a guess's narrowing starts from the deepest one its own path extends, and
    # hides only what that one left (the search keeps the rest hidden below it).
    path: list[tuple[list[int], list[int]]] = [([], allowed)]

    def prune(chosen: list[int]) -> Iterable[int]:
        while len(path[-1][0]) >= len(chosen) or chosen[:len(path[-1][0])] != path[-1][0]:
            path.pop()
        before = path[-1][1]
        start = before[:]
        for option in chosen[len(path[-1][0]):]:
            cell, digit = placements[option]
            start[cell] = 1 << digit - 1
        try:
            _settle(grid, start, probing and len(path) == 1)
        except Unsolvable:
            return range(len(placements))
        path.append((chosen[:], start))
        return [k for x, mask in enumerate(start) if mask != before[x]
                for k, digit in options_of[x] if not mask >> digit - 1 & 1]

    found: list[tuple[int, ...]] = []
    known = [m.bit_length() if not m & m - 1 else 0 for m in allowed]
    for chosen in problem.search(0, None, halt, prune=prune):
        filled = known[:]
        for option in chosen:
            cell, digit = placements[option]
            filled[cell] = digit
        if fault(puzzle, tuple(filled)) is None:
            found.append(tuple(filled))
            if len(found) == limit:
                break
    stats.solutions = len(found)
    return found, stats, spent


def _cover(grid: Grid, allowed: list[int]) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact cover of the cells ``allowed`` leaves open (see the module's docstring),
    and the (cell, digit) of each option."""
    n = grid.n
    single = [m if not m & m - 1 else 0 for m in allowed]
    primary: dict[tuple, int] = {}
    secondary: dict[tuple, int] = {}
    units_of: list[list[tuple[dict, int, int]]] = [[] for _ in allowed]  # (its items, unit number, digits held)
    for number, (items, unit) in enumerate([(primary, u) for u in grid.full] + [(secondary, u) for u in grid.small]):
        held = 0
        for x in unit:
            held |= single[x]
        for x in unit:
            if not single[x]:
                units_of[x].append((items, number, held))
    options: list[list[tuple[dict, tuple]]] = []
    placements: list[tuple[int, int]] = []
    for x, m in enumerate(allowed):
        if single[x]:
            continue
        for d in range(1, n + 1):
            if not m >> d - 1 & 1:
                continue
            option: list[tuple[dict, tuple]] = [(primary, ("cell", x))]
            option += [(kind, (number, d)) for kind, number, held in units_of[x] if not held >> d - 1 & 1]
            for other, y in grid.clashes.get((x, d), ()):
                if not single[other] and allowed[other] >> y - 1 & 1:
                    option.append((secondary, min((x, d, other, y), (other, y, x, d))))
            options.append(option)
            placements.append((x, d))
    for option in options:
        for kind, key in option:
            kind.setdefault(key, len(kind))
    first = len(primary)  # the secondary items come after the primary ones
    problem = ExactCover(len(primary), len(secondary))
    problem.add_options([kind[key] + (first if kind is secondary else 0) for kind, key in option]
                        for option in options)
    return problem, placements
