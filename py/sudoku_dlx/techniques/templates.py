"""Templates: every way to place one digit in all its units that the candidates allow.

A digit's *template* is a set of cells, one in each unit (one per row, column
and box, and per extra unit where the kind has them), each holding the digit or
having it as a candidate. The solution's places of the digit are one of them, so
a cell in every template holds the digit and a candidate in none goes. As HoDoKu
does (its TemplateSolver), a digit's templates that take a cell which every
template of another digit takes are dropped, until none is.

A killer's cages are not looked at (a template may put the digit twice in a
cage): fewer templates would be left with them, never more, so what these find
stays true. Searches are iterative, one row after another, with the units used
so far as a bit set; a digit whose search passes :data:`TRIES` partial templates
is left out (an empty 9x9 grid has 46,656 templates of a digit). SE has no
templates and HoDoKu ranks them last; here they are the last resort before the
forcing chains: at their score, tried first.
"""

from __future__ import annotations

from .position import Position, Step, base_score, cells_of

__all__ = ["TRIES", "digit_templates", "templates"]

#: The most partial templates (a place in each of the first rows) one digit's search
#: visits; past it, the digit is left out. Rating the hardest puzzles, no digit came near.
TRIES = 20_000


def digit_templates(position: Position, digit: int, tries: int = TRIES) -> list[int] | None:
    """The templates of ``digit`` as bit sets of cells, or None past ``tries`` partial ones."""
    n, units_of, values = position.n, position.units_of, position.values
    everything = sum(1 << u for u in range(n, len(position.units)))
    options = []
    for row in range(n):
        options.append([(1 << x, sum(1 << u for u in units_of[x] if u != row)) for x in position.units[row]
                        if values[x] == digit or position.has(x, digit)])
    found: list[int] = []
    stack = [(0, 0, 0)]
    while stack:
        row, used, cells = stack.pop()
        tries -= 1
        if tries < 0:
            return None
        if row == n:
            if used == everything:
                found.append(cells)
            continue
        for bit, units in options[row]:
            if not used & units:
                stack.append((row + 1, used | units, cells | bit))
    return found


def _every(templates: list[int]) -> int:
    """The cells in all of ``templates``."""
    every = -1
    for template in templates:
        every &= template
    return every if templates else 0


def _refined(position: Position) -> dict[int, list[int]]:
    """Each digit's templates (of those not left out, see :data:`TRIES`), less those that take a
    cell every template of another digit takes, until none does."""
    listed = {d: found for d in range(1, position.n + 1) if (found := digit_templates(position, d)) is not None}
    every = {d: _every(found) for d, found in listed.items()}
    changed = True
    while changed:
        changed = False
        for d, found in listed.items():
            others = 0
            for k, cells in every.items():
                if k != d:
                    others |= cells
            kept = [template for template in found if not template & others]
            if len(kept) < len(found):
                listed[d], every[d], changed = kept, _every(kept), True
    return listed


def templates(position: Position) -> Step | None:
    """The lowest digit that a cell holds in all its templates (placed, all such
    cells in one step), else the lowest whose candidates some template misses
    (eliminated), as HoDoKu tries them: a step per digit, placements or eliminations
    (HoDoKu's "template set" and "template delete"), each offered when every step
    is asked for."""
    listed = _refined(position)
    if any(not found for found in listed.values()):
        return None  # a digit with no place left: the position has no solution
    placed = {d: sum(1 << x for x, v in enumerate(position.values) if v == d) for d in listed}
    for d, found in listed.items():
        cells = cells_of(_every(found) & ~placed[d])
        if cells:
            step = _step(position, d, len(found), placements=tuple((x, d) for x in cells))
            if position.search.found(step):
                return step
    for d, found in listed.items():
        anywhere = 0
        for template in found:
            anywhere |= template
        missed = [x for x in range(position.shape.cells) if position.has(x, d) and not anywhere >> x & 1]
        if missed:
            step = _step(position, d, len(found), eliminations=tuple((x, d) for x in missed))
            if position.search.found(step):
                return step
    return None


def _step(position: Position, digit: int, count: int, placements=(), eliminations=()) -> Step:
    d = position.symbol(digit)
    ways = "way" if count == 1 else "ways"
    if placements:
        names = ", ".join(position.name(x) for x, _ in placements)
        what = f"all put a {d} in {names}: " + ", ".join(f"{position.name(x)}={d}" for x, _ in placements)
    else:
        what = f"none puts a {d} in {position.removal(eliminations).replace(f'<>{d}', '')}: {position.removal(eliminations)}"
    text = (f"Templates on {d}: of the {count} {ways} to place every {d}, one in each unit, that the candidates "
            f"allow (and that leave every other digit a place), {what}.")
    cells = tuple(x for x, _ in placements + eliminations)
    return Step("Templates", base_score("Templates"), text, placements, eliminations, cells)
