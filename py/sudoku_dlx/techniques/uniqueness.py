"""Uniqueness: deadly patterns a puzzle with one solution never ends in.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
deadly pattern
    Candidates that would leave the puzzle two solutions or none, so a puzzle
    with one solution never ends that way. Unique rectangles avoid four cells
    in two rows, two columns and two boxes holding only the same two digits
    (they could swap); hidden rectangles avoid it through a digit's strong links,
    avoidable rectangles through cells filled since the givens; BUG+1 avoids a
    grid where every blank cell has two candidates and every candidate two
    places in each of its units.

Scores are Sudoku Explainer's (SE) where SE has the technique: unique rectangle
types 1, 2 and 4 one score, and type 3 0.1 more per digit of its naked subset
beyond two, as SE's ``UniqueLoop*Hint`` classes compute them, BUG+1; the others,
HoDoKu's, score as type 1 (the scores are the registry's, :mod:`.registry`).

They hold only for puzzles with a single solution: rating and hints are only
done for such puzzles. Every search offers each step it finds through
:meth:`Search.found`, so that :meth:`Technique.every` lists them all (HoDoKu's
"all steps").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .position import Position, Step, base_score, digits_of, join

__all__ = [
    "avoidable_rectangle", "bug_plus_one", "hidden_rectangle", "unique_rectangle_1", "unique_rectangle_2",
    "unique_rectangle_3", "unique_rectangle_4", "unique_rectangle_6",
]


def _corners(n: int, box, r1: int, r2: int, c1: int, c2: int) -> tuple[int, int, int, int] | None:
    """The four cells of rows ``r1``, ``r2`` and columns ``c1``, ``c2`` (top left,
    top right, bottom left, bottom right), if they lie in two boxes."""
    cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
    return cells if len({box[x] for x in cells}) == 2 else None


def _rectangles(position: Position) -> list[tuple[tuple[int, int, int, int], int]]:
    """``(cells, pair)`` for every four blank cells in two rows, two columns and two
    boxes where a corner holds only the two digits of ``pair`` and every corner
    one of them at least. A corner may miss one (*missing candidates*): a
    deduction never removes a digit that a solution puts there, so a rectangle
    that could end with only the pair still gives the puzzle two solutions.
    Kept while the position stays the same: every uniqueness technique asks."""
    key = tuple(position.candidates)
    kept = position.search.memo.get("rectangles")
    if kept is None or kept[0] != key:
        kept = position.search.memo["rectangles"] = key, list(_each_rectangle(position))
    return kept[1]


def _each_rectangle(position: Position) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """:func:`_rectangles`, one at a time."""
    n, candidates, box = position.n, position.candidates, position.shape.box_of
    for r1, r2 in combinations(range(n), 2):
        cols = [c for c in range(n) if candidates[r1 * n + c] and candidates[r2 * n + c]]
        for c1, c2 in combinations(cols, 2):
            cells = _corners(n, box, r1, r2, c1, c2)
            if cells:
                for pair in sorted({candidates[x] for x in cells if candidates[x].bit_count() == 2}):
                    if all(candidates[x] & pair for x in cells):
                        yield cells, pair


def _extra(position: Position, cells, pair: int) -> list[int]:
    """The corners with a digit besides the pair."""
    return [x for x in cells if position.candidates[x] & ~pair]


def _deadly(position: Position, cells, pair: int) -> str:
    """The sentence's start: why the rectangle must not end with only the pair."""
    names = join([position.name(x) for x in cells])
    digits = join([position.symbol(d) for d in digits_of(pair)])
    return f"{names} would hold only {digits}, which could swap places (two solutions)"


def _ur_step(name: str, score: float, text: str, cells, eliminations, units=()) -> Step:
    return Step(name, score, text, eliminations=tuple(eliminations), cells=tuple(cells), units=tuple(units))


def unique_rectangle_1(position: Position) -> Step | None:
    """Three corners hold only the two digits: the fourth cannot be either."""
    score = base_score("Unique rectangle type 1")
    candidates = position.candidates
    for cells, pair in _rectangles(position):
        extra = _extra(position, cells, pair)
        if len(extra) == 1:
            (x,) = extra
            eliminations = [(x, d) for d in digits_of(candidates[x] & pair)]
            text = (
                f"Unique rectangle type 1: {_deadly(position, cells, pair)} if {position.name(x)} were "
                f"{position.or_digits(pair)}; the puzzle has one solution, so: {position.removal(eliminations)}."
            )
            step = _ur_step("Unique rectangle type 1", score, text, cells, eliminations)
            if position.search.found(step):
                return step
    return None


def unique_rectangle_2(position: Position) -> Step | None:
    """The corners that have more than the two digits all have the same one more:
    one of them holds it, so the cells that see them all lose it. Two corners
    that share a row or column: type 2; across a diagonal, or three: type 5
    (HoDoKu's names; SE counts both as type 2)."""
    score = base_score("Unique rectangle type 2")
    candidates = position.candidates
    for cells, pair in _rectangles(position):
        extra = _extra(position, cells, pair)
        more = {candidates[x] & ~pair for x in extra}
        if len(extra) < 2 or len(more) != 1 or more.pop().bit_count() != 1:
            continue
        digit = digits_of(candidates[extra[0]] & ~pair)[0]
        eliminations = position.eliminations(position.seen_by_all(extra), digit)
        if eliminations:
            kind = 2 if len(extra) == 2 and position.shared_units(*extra) else 5
            d = position.symbol(digit)
            text = (
                f"Unique rectangle type {kind}: {_deadly(position, cells, pair)} unless "
                f"{join([position.name(x) for x in extra], 'or')} is {d}; so one of them is {d}, and the cells "
                f"that see {'both' if len(extra) == 2 else 'all three'} lose it: {position.removal(eliminations)}."
            )
            step = _ur_step(f"Unique rectangle type {kind}", score, text, cells, eliminations)
            if position.search.found(step):
                return step
    return None


def _roof(position: Position, cells, pair: int) -> tuple[list[int], tuple[int, ...]] | None:
    """The two corners with more than ``pair`` and the units they share, when
    the other two corners hold only ``pair`` and these two share a unit."""
    extra = _extra(position, cells, pair)
    if len(extra) != 2:
        return None
    shared = position.shared_units(*extra)
    return (extra, shared) if shared else None


def unique_rectangle_3(position: Position) -> Step | None:
    """The two extra corners share a unit and act as one cell holding their extra
    digits: with other cells of the unit they form a naked subset, whose digits
    the unit's other cells lose; those of the box too when the subset lies in the
    line and the box both (a locked subset, as HoDoKu takes it)."""
    candidates = position.candidates
    for cells, pair in _rectangles(position):
        roof = _roof(position, cells, pair)
        if not roof:
            continue
        extra, shared = roof
        more = (candidates[extra[0]] | candidates[extra[1]]) & ~pair
        for unit in shared:
            others = [x for x in position.units[unit] if candidates[x] and x not in extra]
            for count in range(1, 4):
                for subset in combinations(others, count):
                    digits = more
                    for x in subset:
                        digits |= candidates[x]
                    if digits.bit_count() != count + 1:
                        continue
                    group = {*extra, *subset}
                    units = [u for u in shared if group <= set(position.units[u])]
                    rest = sorted({x for u in units for x in position.units[u] if candidates[x] and x not in group})
                    eliminations = [(x, d) for x in rest for d in digits_of(candidates[x] & digits)]
                    if eliminations:
                        step = _ur3_step(position, cells, pair, extra, more, units, subset, digits, eliminations)
                        if position.search.found(step):
                            return step
    return None


def _ur3_step(position, cells, pair, extra, more, units, subset, digits, eliminations) -> Step:
    size = ("pair", "triple", "quad")[len(subset) - 1]
    text = (
        f"Unique rectangle type 3: {_deadly(position, cells, pair)} unless {position.name(extra[0])} or "
        f"{position.name(extra[1])} is {position.or_digits(more)}; so they act as one cell that, with "
        f"{join([position.name(x) for x in subset])}, makes a naked {size} on "
        f"{join([position.symbol(d) for d in digits_of(digits)])} in {join([position.unit_name(u) for u in units])}, "
        f"whose other cells lose those digits: {position.removal(eliminations)}."
    )
    score = round(base_score("Unique rectangle type 3") + 0.1 * (digits.bit_count() - 2), 1)
    return _ur_step("Unique rectangle type 3", score, text, (*cells, *subset), eliminations, tuple(units))


def unique_rectangle_4(position: Position) -> Step | None:
    """The two extra corners share a unit where one digit of the pair can only
    be in them: one of them holds it, so neither can hold the other digit."""
    score = base_score("Unique rectangle type 4")
    for cells, pair in _rectangles(position):
        roof = _roof(position, cells, pair)
        if not roof:
            continue
        extra, shared = roof
        for unit in shared:
            for lock, other in (digits_of(pair), digits_of(pair)[::-1]):
                eliminations = [(x, other) for x in extra if position.has(x, other)]
                if position.places(unit, lock) == extra and eliminations:
                    names = join([position.name(x) for x in extra])
                    text = (
                        f"Unique rectangle type 4: in {position.unit_name(unit)} the {position.symbol(lock)} can only "
                        f"be in {names}, so one of them is {position.symbol(lock)}; if either were "
                        f"{position.symbol(other)}, {_deadly(position, cells, pair)}; so: {position.removal(eliminations)}."
                    )
                    step = _ur_step("Unique rectangle type 4", score, text, cells, eliminations, (unit,))
                    if position.search.found(step):
                        return step
    return None


def _only_in(position: Position, unit: int, digit: int, cells) -> bool:
    """Whether ``digit`` has places in ``unit``, all among ``cells``."""
    places = position.places(unit, digit)
    return bool(places) and set(places) <= set(cells)


def unique_rectangle_6(position: Position) -> Step | None:
    """Two diagonal corners hold only the pair, and one digit of it has no other
    place in the rectangle's two rows (or columns): it is on one diagonal or the
    other, and on the extra corners' it would leave the pair on the rest, so
    the extra corners lose it (an X-wing of the pair, HoDoKu's type 6)."""
    score = base_score("Unique rectangle type 6")
    for cells, pair in _rectangles(position):
        top_left, top_right, bottom_left, bottom_right = cells
        for floor, roof in (((top_left, bottom_right), (top_right, bottom_left)),
                            ((top_right, bottom_left), (top_left, bottom_right))):
            if _extra(position, floor, pair) or len(_extra(position, roof, pair)) != 2:
                continue
            for digit in digits_of(pair):
                for kind in (0, 1):  # the rectangle's rows, or its columns
                    lines = tuple(sorted({position.units_of[x][kind] for x in cells}))
                    eliminations = position.eliminations(roof, digit)
                    if eliminations and all(_only_in(position, line, digit, cells) for line in lines):
                        d = position.symbol(digit)
                        text = (
                            f"Unique rectangle type 6: in {join([position.unit_name(u) for u in lines])} the {d} "
                            f"is only in the rectangle, so on {position.name(floor[0])} and {position.name(floor[1])} or "
                            f"on {position.name(roof[0])} and {position.name(roof[1])}; on these, "
                            f"{_deadly(position, cells, pair)}; so: {position.removal(eliminations)}."
                        )
                        step = _ur_step("Unique rectangle type 6", score, text, cells, eliminations, lines)
                        if position.search.found(step):
                            return step
    return None


def hidden_rectangle(position: Position) -> Step | None:
    """A corner holds only the pair, and one digit of it has no other place in
    the row and the column of the opposite corner than the rectangle: the
    opposite corner cannot hold the other digit, which would make the two
    corners beside it that digit and leave the pair on all four."""
    score = base_score("Hidden rectangle")
    for cells, pair in _rectangles(position):
        for corner, opposite in zip(cells, cells[::-1]):
            if position.candidates[corner] != pair:
                continue
            for digit, other in (digits_of(pair), digits_of(pair)[::-1]):
                lines = position.units_of[opposite][:2]
                if position.has(opposite, other) and all(_only_in(position, u, digit, cells) for u in lines):
                    eliminations = [(opposite, other)]
                    d = position.symbol(digit)
                    text = (
                        f"Hidden rectangle: in {join([position.unit_name(u) for u in lines])} the {d} is only in the "
                        f"rectangle; if {position.name(opposite)} were {position.symbol(other)}, the corners beside it "
                        f"would be {d} and {position.name(corner)} {position.symbol(other)}, so "
                        f"{_deadly(position, cells, pair)}; so: {position.removal(eliminations)}."
                    )
                    step = _ur_step("Hidden rectangle", score, text, cells, eliminations, lines)
                    if position.search.found(step):
                        return step
    return None


def avoidable_rectangle(position: Position) -> Step | None:
    """Four cells of two rows, two columns and two boxes, none a given, where
    the filled ones hold two digits crosswise: with the rest so too, the two
    digits could swap. Type 1: three filled, so the fourth cannot take the
    digit that completes them. Type 2: two filled, and each blank one holds
    the digit that completes them and one same extra digit, which one of them
    therefore holds: the cells that see both lose it."""
    score = base_score("Avoidable rectangle")
    givens = position.search.givens
    if givens is None:
        return None
    n, values, candidates, box = position.n, position.values, position.candidates, position.shape.box_of
    filled = [x for x in range(len(values)) if values[x] and not givens[x]]
    for r1, r2 in combinations(range(n), 2):
        if not any(x // n in (r1, r2) for x in filled):
            continue
        cols = [c for c in range(n) if not givens[r1 * n + c] and not givens[r2 * n + c]]
        for c1, c2 in combinations(cols, 2):
            cells = _corners(n, box, r1, r2, c1, c2)
            if not cells:
                continue
            a, b, c, d = cells
            x, y = values[a] or values[d], values[b] or values[c]
            wants = ((a, x), (b, y), (c, y), (d, x))
            if not x or not y or x == y or any(values[p] not in (0, want) for p, want in wants):
                continue
            blank = [(p, want) for p, want in wants if not values[p]]
            if not all(position.has(p, want) for p, want in blank):
                continue
            pattern = join([position.name(p) for p in cells])
            if len(blank) == 1:
                (p, want), = blank
                eliminations = [(p, want)]
                text = (f"Avoidable rectangle type 1: {pattern}, none a given, would hold {position.symbol(x)} and "
                        f"{position.symbol(y)} crosswise, which could swap, if {position.name(p)} were "
                        f"{position.symbol(want)}; so: {position.removal(eliminations)}.")
                step = _ur_step("Avoidable rectangle type 1", score, text, cells, eliminations)
                if position.search.found(step):
                    return step
            if len(blank) == 2:
                (p, wp), (q, wq) = blank
                more = {candidates[p] & ~(1 << (wp - 1)), candidates[q] & ~(1 << (wq - 1))}
                extra = more.pop() if len(more) == 1 else 0
                if extra.bit_count() == 1:
                    digit = extra.bit_length()
                    eliminations = position.eliminations(position.seen_by_all((p, q)), digit)
                    if eliminations:
                        e = position.symbol(digit)
                        text = (f"Avoidable rectangle type 2: {pattern}, none a given, would hold {position.symbol(x)} "
                                f"and {position.symbol(y)} crosswise, which could swap, unless {position.name(p)} or "
                                f"{position.name(q)} is {e}; so one of them is {e}, and the cells that see both lose "
                                f"it: {position.removal(eliminations)}.")
                        step = _ur_step("Avoidable rectangle type 2", score, text, cells, eliminations)
                        if position.search.found(step):
                            return step
    return None


def bug_plus_one(position: Position) -> Step | None:
    """Every blank cell is bivalue but one with three candidates, and every
    candidate has two places in each unit but one digit of that cell, with three
    in its units: without it the grid would be a deadly BUG, so it goes there."""
    candidates = position.candidates
    odd = [x for x, mask in enumerate(candidates) if mask and mask.bit_count() != 2]
    if len(odd) != 1 or candidates[odd[0]].bit_count() != 3:
        return None
    (cell,) = odd
    for digit in position.digits(cell):
        if all(len(position.places(u, digit)) == 3 for u in position.units_of[cell]):
            position_without = position.copy()
            position_without.eliminate(cell, digit)
            if _is_bug(position_without):
                d = position.symbol(digit)
                text = (
                    f"BUG+1: every blank cell but {position.name(cell)} has two candidates, and each candidate has "
                    f"two places in every unit except {d}, with three in the units of {position.name(cell)}; "
                    f"without {d} there the grid would have no solution or two, so {position.name(cell)} is {d}."
                )
                step = Step("BUG+1", base_score("BUG+1"), text, placements=((cell, digit),), cells=(cell,),
                            units=position.units_of[cell])
                if position.search.found(step):
                    return step
    return None


def _is_bug(position: Position) -> bool:
    """True when every candidate has either no place or two in every unit."""
    return all(
        len(position.places(unit, digit)) in (0, 2) for unit in range(3 * position.n) for digit in range(1, position.n + 1)
    )
