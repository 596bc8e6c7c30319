"""The next hint for a player of a variant puzzle (:func:`hint_link`), each step told in
the words of what it rests on.

The position is the givens, the player's entries, and each blank cell's candidates: its
notes where it has them, else every digit, less the digits its row, column and region
hold (what the page's own notes leave). Mistakes come first
(:func:`~..kinds.grid.mistakes`), then the easiest step, in this order:

1. singles: a full house, then a hidden single, in a unit of ``n`` cells (the rows,
   columns and regions, then a rule's: a diagonal, a disjoint group), then a naked single;
2. each rule in turn, in the link's order, with what it alone rules out now: a placed
   digit leaves the rest of the rule's units and the placements it conflicts with, then
   the rule narrows (:meth:`~.base.Rule.narrow`); the technique is the rule's name, the
   text its :meth:`~.base.Rule.words`; then a digit a rule needs (:meth:`~.base.Rule.needs`)
   placed in its one place, or taken from the cells that see all its places;
3. locked candidates: a digit a unit of ``n`` cells has only where it crosses another
   unit (a row and a box, a diagonal and a cage...) leaves that unit's other cells; then a
   naked pair or triple, then a hidden one, in a unit of ``n`` cells; then an X-wing or a
   swordfish (two or three rows whose places for a digit lie in as many columns, or the
   other way round), which needs only the rows and columns;
4. trial and error, when nothing above changes anything: a candidate of a cell with the
   fewest whose placing makes the rules together, narrowed to the end
   (:func:`~.solve.narrow`), run out of digits; failing that, the search's answer for
   that cell (the puzzle has one solution, so every other candidate leads to none).

Every step scores 0: no scale rates a variant's steps (SE's scores rate the classic
grid's techniques, not a rule's narrowing).
"""

from __future__ import annotations

import itertools
import time
from functools import lru_cache

from ..dlx import SearchStats
from ..kinds.grid import InvalidPuzzleError, cell_name, marks_of, mistakes
from .base import Rule, Unsolvable, cells_name, digits_of, mask_of, union
from .link import check_givens, entry_digits, read_link
from .solve import Grid, VariantPuzzle, locked, narrow, solutions

__all__ = ["SCALE", "hint_link", "path_link", "solved_link"]


def solved_link(text: str) -> tuple[VariantPuzzle, tuple[int, ...]]:
    """The puzzle of a link and its one solution (kept for the next hints of the same
    link); InvalidPuzzleError if the givens break a rule or it has no or several solutions."""
    puzzle, solution, _ = _solved(text)
    return puzzle, solution


@lru_cache(maxsize=4)
def _solved(text: str) -> tuple[VariantPuzzle, tuple[int, ...], SearchStats]:
    """:func:`solved_link`'s answer and the statistics of the search that proved it."""
    puzzle, _ = read_link(text)
    check_givens(puzzle)
    found, stats = solutions(puzzle, 2)
    if not found:
        raise InvalidPuzzleError("the puzzle has no solution: no solution keeps every rule")
    if len(found) > 1:
        raise InvalidPuzzleError("the puzzle has more than one solution; hints need exactly one")
    return puzzle, found[0], stats


def hint_link(text: str, entries: str = "", notes: list[str] | None = None) -> dict:
    """``hint``'s record for a link, the player having typed ``entries`` (one line, "" for
    none) and noted ``notes`` (a string of candidate symbols per cell): ``status`` and
    ``kind`` wrong (``cells``: the mistakes), solved, or step, with ``text``, ``cells``
    and a step's ``technique``, ``score`` (0), ``placements`` and ``eliminations``
    (``[cell, digit]``), ``units`` (the cells each unit or rule it rests on covers),
    ``links`` ([]) and ``chain`` (""), as the classic hint's. See the module's docstring."""
    puzzle, solution = solved_link(text)
    grid, n = puzzle.grid, puzzle.grid.n
    typed = entry_digits(puzzle, entries)
    marks = marks_of(notes, n) if notes else [0] * len(typed)
    wrong = mistakes(puzzle.digits, typed, marks, solution, n)
    if wrong:
        return _told("wrong", *wrong)
    digits = tuple(g or t for g, t in zip(puzzle.digits, typed))
    if all(digits):
        return _told("solved", "The grid is complete and right.")
    allowed = _position(grid, digits, marks)
    return {**_next_step(grid, digits, allowed, solution), "status": "step", "kind": "step"}


def _next_step(grid: Grid, digits: tuple[int, ...], allowed: list[int], solution: tuple[int, ...]) -> dict:
    """The easiest step (see the module's docstring) from the candidates ``allowed``."""
    return (_single(grid, digits, allowed) or _by_rule(grid, allowed) or _needed(grid, allowed) or _locked(grid, allowed)
            or _naked(grid, allowed) or _hidden(grid, allowed) or _fish(grid, allowed) or _trial(grid, allowed, solution))


#: How :func:`path_link` scores a step: the rank of its kind in the hints' order.
SCALE = "variant steps: 1 singles, 2 one rule alone, 3 locked candidates, subsets and fish, 4 trial and error"
_LEVELS = {"Full house": 1, "Hidden single": 1, "Naked single": 1, "Locked candidates": 3, "Naked pair": 3,
           "Naked triple": 3, "Hidden pair": 3, "Hidden triple": 3, "X-wing": 3, "Swordfish": 3, "Trial and error": 4}


def path_link(text: str, deadline: float | None = None) -> tuple[list[dict], float, SearchStats]:
    """The hints from a link's givens to its solution, each step's ``score`` its level on
    :data:`SCALE` (a rule's step 2), the average number of candidates of a blank cell at
    the start, and the statistics of the search that proved the solution unique.
    TimeoutError past ``deadline`` (a ``time.perf_counter()``); InvalidPuzzleError as
    :func:`solved_link`."""
    puzzle, solution, stats = _solved(text)
    grid = puzzle.grid
    digits, marks = list(puzzle.digits), [0] * len(puzzle.digits)
    start = _position(grid, puzzle.digits, marks)
    blanks = [x for x, d in enumerate(digits) if not d]
    abc = sum(start[x].bit_count() for x in blanks) / len(blanks) if blanks else 0.0
    path = []
    while not all(digits):
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError
        allowed = _position(grid, tuple(digits), marks)
        step = _next_step(grid, tuple(digits), allowed, solution)
        path.append({**step, "score": _LEVELS.get(step["technique"], 2)})
        for x, d in step["placements"]:
            digits[x] = d
        for x, d in step["eliminations"]:
            marks[x] = (marks[x] or allowed[x]) & ~(1 << d - 1)
    return path, abc, stats


def _told(kind: str, text: str, cells: tuple[int, ...] = ()) -> dict:
    return {"status": kind, "kind": kind, "text": text, "cells": list(cells)}


def _step(technique: str, text: str, placements: list[tuple[int, int]], eliminations: list[tuple[int, int]],
          cells: list[int], units: list[tuple[int, ...]]) -> dict:
    return {"technique": technique, "score": 0, "text": text, "placements": [list(p) for p in placements],
            "eliminations": [list(e) for e in eliminations], "cells": cells, "units": [list(u) for u in units],
            "links": [], "chain": ""}


def _position(grid: Grid, digits: tuple[int, ...], marks: list[int]) -> list[int]:
    """Each cell's candidates: its digit; else its notes (every digit if none), less
    the digits of its row, column and region."""
    full = (1 << grid.n) - 1
    allowed = [1 << d - 1 if d else mark or full for d, mark in zip(digits, marks)]
    for unit in grid.shape.units:
        held = 0
        for x in unit:
            if digits[x]:
                held |= 1 << digits[x] - 1
        for x in unit:
            if not digits[x]:
                allowed[x] &= ~held
    return allowed


def _named_units(grid: Grid) -> list[str]:
    """The name of each of the grid's units, in :class:`~.solve.Grid`'s order (``full``,
    then ``small``): the shape's, then each rule's ("the extra region", or with its cells
    where the rule has several)."""
    shape, n = grid.shape, grid.n
    full = [shape.unit_name(u) for u in range(len(shape.units))]
    small: list[str] = []
    for rule in grid.rules:
        units = [tuple(unit) for unit in rule.units(n)]
        for unit in units:
            name = rule.named(n) if len(units) == 1 else f"{rule.named(n)} ({cells_name(unit, n, ' ')})"
            (full if len(unit) == n else small).append(name)
    return full + small


def _single(grid: Grid, digits: tuple[int, ...], allowed: list[int]) -> dict | None:
    """A full house, a hidden single or a naked single, in that order, or None."""
    shape, n = grid.shape, grid.n
    units = list(zip(grid.full, _named_units(grid)))
    for unit, where in units:
        blank = [x for x in unit if not digits[x]]
        if len(blank) == 1:
            (x,) = blank
            d = (((1 << n) - 1) & ~sum(1 << digits[y] - 1 for y in unit if digits[y])).bit_length()
            return _step("Full house", f"Full house: {cell_name(x, n)} is the last blank cell of {where}, so it is "
                         f"{shape.symbol(d)}.", [(x, d)], [], [x], [unit])
    for unit, where in units:
        held = once = twice = 0
        for x in unit:
            if digits[x]:
                held |= 1 << digits[x] - 1
            else:
                twice |= once & allowed[x]
                once |= allowed[x]
        for d in digits_of(once & ~twice & ~held):
            x = next(x for x in unit if not digits[x] and allowed[x] >> d - 1 & 1)
            return _step("Hidden single", f"Hidden single: in {where}, {shape.symbol(d)} fits only in {cell_name(x, n)}.",
                         [(x, d)], [], [x], [unit])
    for x, mask in enumerate(allowed):
        if not digits[x] and not mask & mask - 1:
            d = mask.bit_length()
            return _step("Naked single", f"Naked single: {cell_name(x, n)} has only one candidate left, "
                         f"{shape.symbol(d)}.", [(x, d)], [], [x], [u for u in shape.units if x in u])
    return None


def _by_rule(grid: Grid, allowed: list[int]) -> dict | None:
    """The first rule that rules out a candidate by itself now (see the module's docstring), as a step."""
    n = grid.n
    for rule in grid.rules:
        after, because = allowed[:], set()
        for unit in rule.units(n):
            for x in unit:
                mask = after[x]
                if mask & mask - 1:
                    continue
                for y in unit:
                    if y != x and after[y] & mask:
                        after[y] &= ~mask
                        because.add(x)
        for a, x, b, y in rule.conflicts(n):
            for this, d, other, e in ((a, x, b, y), (b, y, a, x)):
                if after[this] == 1 << d - 1 and after[other] >> e - 1 & 1:
                    after[other] &= ~(1 << e - 1)
                    because.add(this)
        rule.narrow(after, n)
        changed = [x for x, (was, now) in enumerate(zip(allowed, after)) if was != now]
        if changed:
            return _rule_step(rule, grid, allowed, after, changed, because)
    return None


def _rule_step(rule: Rule, grid: Grid, allowed: list[int], after: list[int], changed: list[int],
               because: set[int]) -> dict:
    """The step of ``rule`` narrowing the cells ``changed`` from ``allowed`` to ``after``
    (``because``: the placed cells whose digits it took from others)."""
    n, shape = grid.n, grid.shape
    named, said = rule.named(n), rule.words(n)
    groups: dict[tuple[str, int], list[int]] = {}  # (how, mask) -> cells, in order
    placements, eliminations = [], []
    for x in changed:
        kept, lost = after[x], allowed[x] & ~after[x]
        if not kept & kept - 1:
            placements.append((x, kept.bit_length()))
            groups[("is", x)] = [x]
            continue
        eliminations += [(x, d) for d in digits_of(lost)]
        group = ("cannot be", lost) if lost.bit_count() < kept.bit_count() else ("can only be", kept)
        groups.setdefault(group, []).append(x)
    told = []
    for (how, value), cells in groups.items():
        if how == "is":
            told.append(f"{cell_name(value, n)} is {shape.symbol(after[value].bit_length())}")
        else:
            told.append(f"{_listed([cell_name(x, n) for x in cells], 'and')} {how} "
                        f"{_listed([shape.symbol(d) for d in digits_of(value)], 'or')}")
    text = f"{named[0].upper()}{named[1:]}: {said[0].lower()}{said[1:].rstrip('.')}, so {'; '.join(told)}."
    units = [tuple(rule.cells())] if rule.cells() else [tuple(u) for u in rule.units(n) if set(u) & set(changed)]
    return _step(rule.name, text, placements, eliminations, sorted(set(changed) | because), units)


def _needed(grid: Grid, allowed: list[int]) -> dict | None:
    """A digit a rule needs among some cells (:meth:`~.base.Rule.needs`: a quadruple's, the
    digits every filling of a cage still shares) with one place left there goes to it, or
    leaves every cell that sees all its places; as a step of that rule, or None."""
    n, shape = grid.n, grid.shape
    for rule in grid.needing:
        for cells, needed in rule.needs(allowed, n):
            for d in digits_of(needed):
                bit, symbol = 1 << d - 1, shape.symbol(d)
                places = [x for x in cells if allowed[x] & bit]
                if not places or any(allowed[x] == bit for x in places):
                    continue
                named = rule.named(n)
                why = f"{named[0].upper()}{named[1:]} needs {symbol}"
                if len(places) == 1:
                    (x,) = places
                    return _step(rule.name, f"{why}, and only {cell_name(x, n)} of it can hold {symbol}, so it is "
                                 f"{symbol}.", [(x, d)], [], [x], [tuple(cells)])
                seen = grid.peers[places[0]].intersection(*(grid.peers[y] for y in places[1:]))
                hit = sorted(x for x in seen if allowed[x] & bit)
                if hit:
                    return _step(rule.name, f"{why}, which can only go in {_listed([cell_name(x, n) for x in places], 'or')}, "
                                 f"so {_listed([cell_name(x, n) for x in hit], 'and')}, which {'sees' if len(hit) == 1 else 'see'} them all, cannot be "
                                 f"{symbol}.", [], [(x, d) for x in hit], sorted(places + hit), [tuple(cells)])
    return None


def _locked(grid: Grid, allowed: list[int]) -> dict | None:
    """Locked candidates: a digit a full unit has only where it crosses another unit
    leaves that unit's other cells (:func:`~.solve.locked`), as a step; or None."""
    n, shape = grid.n, grid.shape
    units, names = grid.full + grid.small, _named_units(grid)
    for (inside, _, others, a, b), gone in locked(grid, allowed):
        for d in digits_of(gone):
            bit = 1 << d - 1
            hit = sorted(x for x in others if allowed[x] & bit)
            if not hit or any(allowed[x] == bit for x in inside):
                continue
            places = [x for x in inside if allowed[x] & bit]
            text = (f"Locked candidates: in {names[a]}, {shape.symbol(d)} fits only in "
                    f"{_listed([cell_name(x, n) for x in places], 'and')}, which are in {names[b]} too, so "
                    f"{_listed([cell_name(x, n) for x in hit], 'and')} of {names[b]} cannot be {shape.symbol(d)}.")
            return _step("Locked candidates", text, [], [(x, d) for x in hit], sorted(places + hit), [units[a], units[b]])
    return None


def _naked(grid: Grid, allowed: list[int]) -> dict | None:
    """A naked pair or triple: two or three open cells of a unit of ``n`` cells that hold
    only as many digits between them, which then leave the unit's other cells; or None."""
    n, shape = grid.n, grid.shape
    for size, name in ((2, "Naked pair"), (3, "Naked triple")):
        for unit, where in zip(grid.full, _named_units(grid)):
            small = [x for x in unit if 1 < allowed[x].bit_count() <= size]
            for cells in itertools.combinations(small, size):
                held = union(allowed[x] for x in cells)
                if held.bit_count() != size:
                    continue
                hit = [(x, d) for x in unit if x not in cells and allowed[x] & allowed[x] - 1
                       for d in digits_of(allowed[x] & held)]
                if hit:
                    symbols = [shape.symbol(d) for d in digits_of(held)]
                    text = (f"{name}: in {where}, {_listed([cell_name(x, n) for x in cells], 'and')} hold only "
                            f"{_listed(symbols, 'and')} between them, so the other cells of {where} cannot be "
                            f"{_listed(symbols, 'or')}.")
                    return _step(name, text, [], hit, sorted({*cells, *(x for x, _ in hit)}), [unit])
    return None


def _hidden(grid: Grid, allowed: list[int]) -> dict | None:
    """A hidden pair or triple: two or three digits that fit only in as many open cells of a
    unit of ``n`` cells, which then hold none of their other candidates; or None."""
    n, shape = grid.n, grid.shape
    for size, name in ((2, "Hidden pair"), (3, "Hidden triple")):
        for unit, where in zip(grid.full, _named_units(grid)):
            open_cells = [x for x in unit if allowed[x] & allowed[x] - 1]
            placed = union(allowed[x] for x in unit if x not in open_cells)
            places = {d: [x for x in open_cells if allowed[x] >> d - 1 & 1] for d in digits_of(~placed & (1 << n) - 1)}
            few = [d for d, cells in places.items() if 1 < len(cells) <= size]
            for chosen in itertools.combinations(few, size):
                cells = sorted({x for d in chosen for x in places[d]})
                held = mask_of(chosen)
                hit = [(x, d) for x in cells for d in digits_of(allowed[x] & ~held)]
                if len(cells) == size and hit:
                    symbols = [shape.symbol(d) for d in chosen]
                    text = (f"{name}: in {where}, {_listed(symbols, 'and')} fit only in "
                            f"{_listed([cell_name(x, n) for x in cells], 'and')}, so those cells hold nothing else: "
                            f"they cannot be {_listed([shape.symbol(d) for d in sorted({d for _, d in hit})], 'or')}.")
                    return _step(name, text, [], hit, cells, [unit])
    return None


def _fish(grid: Grid, allowed: list[int]) -> dict | None:
    """An X-wing or a swordfish: two or three rows whose places for a digit lie in as many
    columns (or columns in as many rows), so it leaves those columns' (rows') other cells; or None."""
    n, shape = grid.n, grid.shape
    for size, name in ((2, "X-wing"), (3, "Swordfish")):
        for d in range(1, n + 1):
            bit, symbol = 1 << d - 1, shape.symbol(d)
            for lines, across in (("row", "column"), ("column", "row")):
                def cell(line: int, k: int) -> int:
                    return line * n + k if lines == "row" else k * n + line
                places = {line: [k for k in range(n) if allowed[cell(line, k)] & bit] for line in range(n)}
                base = [line for line, where in places.items()
                        if 1 < len(where) <= size and all(allowed[cell(line, k)] != bit for k in where)]
                for fish in itertools.combinations(base, size):
                    cover = sorted({k for line in fish for k in places[line]})
                    if len(cover) != size:
                        continue
                    hit = [(cell(line, k), d) for k in cover for line in range(n)
                           if line not in fish and allowed[cell(line, k)] & bit and allowed[cell(line, k)] != bit]
                    if hit:
                        hit.sort()
                        these = f"{lines}s {_listed([str(line + 1) for line in fish], 'and')}"
                        those = f"{across}s {_listed([str(k + 1) for k in cover], 'and')}"
                        text = (f"{name}: in {these}, {symbol} fits only in {those}, so {those} have their {symbol} in "
                                f"{these}, and {_listed([cell_name(x, n) for x, _ in hit], 'and')} cannot be {symbol}.")
                        inside = sorted(cell(line, k) for line in fish for k in places[line])
                        units = [tuple(cell(line, k) for k in range(n)) for line in fish]
                        return _step(name, text, [], hit, sorted({*inside, *(x for x, _ in hit)}), units)
    return None


def _listed(words: list[str], last: str) -> str:
    """``a, b and c`` (or ``or``)."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _trial(grid: Grid, allowed: list[int], solution: tuple[int, ...]) -> dict:
    """Trial and error (see the module's docstring), trying the cells with the fewest
    candidates first."""
    n, shape = grid.n, grid.shape
    open_cells = sorted((x for x, mask in enumerate(allowed) if mask & mask - 1),
                        key=lambda x: (allowed[x].bit_count(), x))
    alone = "no rule decides a cell by itself now."
    for x in open_cells:
        for d in digits_of(allowed[x]):
            if d == solution[x]:  # narrowing is sound: the solution's digit never runs out
                continue
            trial = allowed[:]
            trial[x] = 1 << d - 1
            try:
                narrow(grid, trial)
            except Unsolvable as stuck:
                where = stuck.args[0]
                text = (f"Trial and error: {alone} If {cell_name(x, n)} were {shape.symbol(d)}, the rules together "
                        f"would run out of digits at {cell_name(where, n)}, so it is not {shape.symbol(d)}.")
                return _step("Trial and error", text, [], [(x, d)], sorted({x, where}), [])
    x = open_cells[0]
    d = solution[x]
    text = (f"Trial and error: {alone} Nor does any one guess run the rules out of digits; the search says "
            f"{cell_name(x, n)} (a cell with the fewest candidates) is {shape.symbol(d)}: each of its other "
            f"candidates leads to no solution.")
    return _step("Trial and error", text, [(x, d)], [], [x], [])
