"""The basic techniques: singles, intersections (pointing, claiming) and subsets.

They work on every kind's units: rows, columns, boxes or jigsaw regions, and
X's diagonals and windoku's windows.

Scores are on the Sudoku Explainer scale, each technique's base in the
registry (:mod:`.registry`); a hidden single in a row, column or extra unit
scores 0.3 more than in a box (or region), as in SE. A locked pair or triple
(a naked one whose cells share a box and a line) is one step of the naked
one's score.
"""

from __future__ import annotations

from itertools import combinations

from .position import Position, Step, base_score, cells_of, digits_of

__all__ = [
    "claiming", "full_house", "hidden_pair", "hidden_quad", "hidden_single", "hidden_triple",
    "naked_pair", "naked_quad", "naked_single", "naked_triple", "pointing",
]

_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def full_house(position: Position) -> Step | None:
    """The last blank cell of a unit takes the missing digit."""
    values = position.values
    for u, unit in enumerate(position.units):
        blank = [x for x in unit if not values[x]]
        if len(blank) == 1:
            cell = blank[0]
            digit = digits_of(position.candidates[cell])[0] if position.candidates[cell] else 0
            if digit:
                text = f"Full house: {position.name(cell)} is the last blank cell of {position.unit_name(u)}, so it is {position.symbol(digit)}."
                step = Step("Full house", base_score("Full house"), text, ((cell, digit),), (), (cell,), (u,))
                if position.search.found(step):
                    return step
    return None


def hidden_single(position: Position) -> Step | None:
    """A digit with one place left in a unit goes there (boxes first: they are easier
    to see; then rows and columns, then the kind's extra units)."""
    n = position.n
    boxes = position.boxes
    for u in [*boxes, *range(2 * n), *range(boxes.stop, len(position.units))]:
        unit = position.units[u]
        once = twice = 0
        for x in unit:
            mask = position.candidates[x]
            twice |= once & mask
            once |= mask
        for digit in digits_of(once & ~twice):
            cell = position.places(u, digit)[0]
            where = position.unit_name(u)
            text = f"Hidden single: in {where}, {position.symbol(digit)} fits only in {position.name(cell)}."
            score = round(base_score("Hidden single") + (0.0 if u in boxes else 0.3), 1)
            step = Step("Hidden single", score, text, ((cell, digit),), (), (cell,), (u,))
            if position.search.found(step):
                return step
    return None


def naked_single(position: Position) -> Step | None:
    """A cell with one candidate left takes it."""
    for cell, mask in enumerate(position.candidates):
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            text = f"Naked single: {position.name(cell)} has only one candidate left, {position.symbol(digit)}."
            step = Step("Naked single", base_score("Naked single"), text, ((cell, digit),), (), (cell,), position.units_of[cell])
            if position.search.found(step):
                return step
    return None


def _intersection(position: Position, kind: str) -> Step | None:
    """Pointing: a digit confined to the cells where a box (or region, diagonal,
    window) meets another unit leaves the rest of that unit. Claiming: a digit confined
    to where a row or column meets a box (or region, diagonal, window) leaves the rest
    of that unit."""
    n, units_of, unit_bits = position.n, position.units_of, position.unit_bits
    everywhere = position.search.places(position)  # of each digit, as a bit set (a unit's in its order)
    lines = range(2 * n)
    bases = [u for u in range(len(position.units)) if (u in lines) == (kind == "Claiming")]
    for u in bases:
        for digit in range(1, n + 1):
            where = everywhere[digit - 1] & unit_bits[u]
            if not where & (where - 1):  # fewer than two places
                continue
            places = cells_of(where)
            others = [t for t in units_of[places[0]] if t != u and (kind == "Pointing" or t not in lines)
                      and not where & ~unit_bits[t]]
            for other in others:
                eliminations = tuple((x, digit) for x in cells_of(everywhere[digit - 1] & unit_bits[other] & ~where))
                if eliminations:
                    d = position.symbol(digit)
                    text = (f"{kind}: in {position.unit_name(u)}, {d} can only be in {position.unit_name(other)}, "
                            f"so remove it from the rest of {position.unit_name(other)}: {position.removal(eliminations)}.")
                    step = Step(kind, base_score(kind), text, (), eliminations, tuple(places), (u, other))
                    if position.search.found(step):
                        return step
    return None


def pointing(position: Position) -> Step | None:
    """A digit confined to one row or column of a box leaves the rest of that row or column."""
    return _intersection(position, "Pointing")


def claiming(position: Position) -> Step | None:
    """A digit confined to one box within a row or column leaves the rest of that box."""
    return _intersection(position, "Claiming")


def _naked_subset(position: Position, size: int, score: float) -> Step | None:
    """``size`` cells of a unit whose candidates together are ``size`` digits: those
    digits leave the unit's other cells. When the cells also share a second unit
    (a box and a row or column), a *locked* pair or triple, they leave both."""
    candidates = position.candidates
    for u, unit in enumerate(position.units):
        blank = [x for x in unit if candidates[x]]
        small = [x for x in blank if candidates[x].bit_count() <= size]
        if len(blank) <= size:
            continue
        for cells in combinations(small, size):
            mask = 0
            for x in cells:
                mask |= candidates[x]
            if mask.bit_count() != size:
                continue
            units = (u, *sorted(set.intersection(*(set(position.units_of[x]) for x in cells)) - {u}))
            eliminations = tuple(dict.fromkeys(
                (x, d) for v in units for x in position.units[v] if x not in cells for d in digits_of(candidates[x] & mask)
            ))
            if eliminations:
                kind = "Locked" if len(units) > 1 and size < 4 else "Naked"
                name = f"{kind} {_SUBSET_NAMES[size]}"
                digits = ", ".join(position.symbol(d) for d in digits_of(mask))
                where = ", ".join(position.name(x) for x in cells)
                place = " and ".join(position.unit_name(v) for v in units)
                text = (f"{name}: in {place}, {where} hold only {digits} between them, "
                        f"so those digits leave the other cells: {position.removal(eliminations)}.")
                step = Step(name, score, text, (), eliminations, cells, units)
                if position.search.found(step):
                    return step
    return None


def _hidden_subset(position: Position, size: int, score: float) -> Step | None:
    """``size`` digits that fit only in the same ``size`` cells of a unit: those cells
    lose every other candidate."""
    everywhere = position.search.places(position)
    for u, cells_of_unit in enumerate(position.unit_bits):
        places = [mask & cells_of_unit for mask in everywhere]  # of each digit, as a bit set
        digits = [d for d, p in enumerate(places, 1) if 2 <= p.bit_count() <= size]
        if sum(1 for p in places if p) <= size:
            continue
        for chosen in combinations(digits, size):
            union = 0
            for d in chosen:
                union |= places[d - 1]
            if union.bit_count() != size:
                continue
            cells = cells_of(union)
            keep = 0
            for d in chosen:
                keep |= 1 << (d - 1)
            eliminations = tuple((x, d) for x in cells for d in digits_of(position.candidates[x] & ~keep))
            if eliminations:
                name = f"Hidden {_SUBSET_NAMES[size]}"
                shown = ", ".join(position.symbol(d) for d in chosen)
                where = ", ".join(position.name(x) for x in cells)
                text = (f"{name}: in {position.unit_name(u)}, {shown} fit only in {where}, "
                        f"so those cells hold nothing else: {position.removal(eliminations)}.")
                step = Step(name, score, text, (), eliminations, tuple(cells), (u,))
                if position.search.found(step):
                    return step
    return None


def naked_pair(position: Position) -> Step | None:
    return _naked_subset(position, 2, base_score("Naked pair"))


def hidden_pair(position: Position) -> Step | None:
    return _hidden_subset(position, 2, base_score("Hidden pair"))


def naked_triple(position: Position) -> Step | None:
    return _naked_subset(position, 3, base_score("Naked triple"))


def hidden_triple(position: Position) -> Step | None:
    return _hidden_subset(position, 3, base_score("Hidden triple"))


def naked_quad(position: Position) -> Step | None:
    return _naked_subset(position, 4, base_score("Naked quad"))


def hidden_quad(position: Position) -> Step | None:
    return _hidden_subset(position, 4, base_score("Hidden quad"))


