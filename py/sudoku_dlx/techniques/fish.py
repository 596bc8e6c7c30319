"""Fish: on one digit, base units whose places lie in as many cover units.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
fish
    On one digit: ``k`` *base* units that share no place of the digit and ``k``
    *cover* units, none of them a base unit, that hold all the places of the base
    units. The base units hold ``k`` of the digit, each in a cover unit, and a
    cover unit holds one at most, so each cover unit has its digit among the base
    places: its other places lose it. ``k`` = 2, 3, 4: X-wing, swordfish,
    jellyfish. A *basic* fish has rows against columns (or columns against rows).
fin
    A base place outside the cover units. Either a fin holds the digit or the fish
    does, so only the cells that see every fin lose it. A *finned* basic fish has
    its fins in one box, so the cells of the cover lines in that box lose the digit;
    *sashimi* when some base line has only one place left in the cover lines.
    *Siamese*: finned fish on the same base lines with different fins, one step.
franken, mutant
    Fish where boxes take part. *Franken*: rows and boxes against columns and
    boxes (or columns and boxes against rows and boxes); *mutant*: any other mix.
    The base units of a franken fish may share places too (a row and a box): those
    are *endo fins*, as a digit there would stand for two base units.

Scores are Sudoku Explainer's (SE) for the basic fish. SE has no finned fish:
a finned or sashimi fish scores its plain fish + 0.2. SE has no franken and
mutant fish either; HoDoKu tries them after the ALS family and death blossoms,
franken fish before mutant ones, every size, finned or not, at one score each;
fish with no fin before finned ones, as HoDoKu orders them (the scores are the
registry's, :mod:`.registry`).

The franken and mutant searches are bounded to keep the rating quick: up to
jellyfish, at most :data:`FINS` fins (endo fins among them), base units of two
to four places and at most one more than the fish's size (the exemplars' fish
have two to four), mutant fish without endo fins (within the budget they found
no more of HoDoKu's library's fish, for a fifth of the mutant search's time),
and the finned mutant jellyfish, the costliest, last and within a :data:`BUDGET`
of tries (unbounded, it took four times as long as all the other fish
searches on the hardest puzzles). Of HoDoKu's 45 exemplar puzzles of these
fish, 25 used one with mutant fish up to swordfish and no endo fins.

Every search offers each step it finds through :meth:`Search.found`, so that
:meth:`Technique.every` lists them all (HoDoKu's "all steps"): the finned fish
each fish of a siamese step as well, the franken and mutant searches every fish
they find, not only each base set's best, each digit with its own budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from itertools import accumulate, combinations

from ..kinds.grid import Shape
from .position import Position, Step, base_score, cells_of, digits_of, join

__all__ = [
    "finned_jellyfish", "finned_swordfish", "finned_x_wing", "franken_fish", "jellyfish", "mutant_fish",
    "swordfish", "x_wing",
]

#: Fish size: name, the name in a sentence.
FISH = {2: ("X-wing", "an X-wing"), 3: ("Swordfish", "a swordfish"), 4: ("Jellyfish", "a jellyfish")}


# -- basic fish: rows against columns ------------------------------------------


def _indexes(mask: int) -> list[int]:
    """The indexes (0-based) of the set bits of ``mask``."""
    return [d - 1 for d in digits_of(mask)]


def _lines_text(kind: str, indexes) -> str:
    """``rows 2 and 7`` for 0-based indexes."""
    return f"{kind} {join([str(i + 1) for i in indexes])}"


def _line_masks(position: Position, by_rows: bool) -> list[list[int]]:
    """``masks[digit - 1][line]``: bit ``i`` is set when ``digit`` can go in column
    ``i`` of row ``line`` (with ``by_rows``), or in row ``i`` of column ``line``. Kept
    while the position stays the same: every fish search asks."""
    key = tuple(position.candidates)
    kept = position.search.memo.get(("line masks", by_rows))
    if kept is None or kept[0] != key:
        n = position.n
        masks = [[0] * n for _ in range(n)]
        for x, candidates in enumerate(position.candidates):
            if candidates:
                line, pos = _line_pos(n, x, by_rows)
                for digit in digits_of(candidates):
                    masks[digit - 1][line] |= 1 << pos
        kept = position.search.memo["line masks", by_rows] = key, masks
    return kept[1]


def _cell(n: int, line: int, pos: int, by_rows: bool) -> int:
    """The cell at ``pos`` of row ``line`` (``by_rows``) or of column ``line``."""
    return line * n + pos if by_rows else pos * n + line


def _line_pos(n: int, cell: int, by_rows: bool) -> tuple[int, int]:
    """The inverse of :func:`_cell`."""
    row, col = divmod(cell, n)
    return (row, col) if by_rows else (col, row)


@cache
def _stacks(shape: Shape, by_rows: bool) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """The boxes grouped by the cross places they span (stacks of columns when
    the lines are rows): ``(cross, ((box, lines), ...))``, ``cross`` the mask of
    the places, ``lines`` the lines of each box."""
    n = shape.n
    cross = [0] * n
    lines: list[dict[int, None]] = [{} for _ in range(n)]
    for x in range(shape.cells):
        line, pos = _line_pos(n, x, by_rows)
        box = shape.box_of[x]
        cross[box] |= 1 << pos
        lines[box][line] = None
    stacks: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for box in range(n):
        stacks.setdefault(cross[box], []).append((box, tuple(lines[box])))
    return tuple((mask, tuple(boxes)) for mask, boxes in stacks.items())


def _line_bases(masks: list[int], size: int, limit: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(lines, union)`` for every ``size`` lines that have the digit in at most
    ``limit`` places together, ``union`` the mask of those places."""
    lines = [line for line, mask in enumerate(masks) if mask and mask.bit_count() <= limit]

    def extend(start: int, chosen: tuple[int, ...], union: int):
        if len(chosen) == size:
            yield chosen, union
            return
        for i in range(start, len(lines) - size + len(chosen) + 1):
            more = union | masks[lines[i]]
            if more.bit_count() <= limit:
                yield from extend(i + 1, (*chosen, lines[i]), more)

    return extend(0, (), 0)


def _basic_fish(position: Position, size: int) -> Step | None:
    """The first fish of ``size`` that eliminates something."""
    n = position.n
    key = f"fish {size}"
    digits = position.search.digits(position, key)
    for by_rows in (True, False):
        for digit, masks in enumerate(_line_masks(position, by_rows), 1):
            if digit not in digits:
                continue
            for base, cover in _line_bases(masks, size, size):
                if cover.bit_count() != size:
                    continue
                targets = [(line, masks[line] & cover) for line in range(n) if line not in base]
                if any(mask for _, mask in targets):
                    step = _fish_step(position, digit, by_rows, masks, base, cover, targets)
                    if position.search.found(step):
                        return step
    position.search.nothing(position, key)
    return None


def _finned_fish(position: Position, size: int) -> Step | None:
    """The first finned or sashimi fish of ``size`` that eliminates something:
    its fins in one box, so at most ``size`` + the box's width places."""
    key = f"finned fish {size}"
    digits = position.search.digits(position, key)
    for by_rows in (True, False):
        stacks = _stacks(position.shape, by_rows)
        widest = size + stacks[0][0].bit_count()
        for digit, masks in enumerate(_line_masks(position, by_rows), 1):
            if digit not in digits:
                continue
            for base, union in _line_bases(masks, size, widest):
                if union.bit_count() > size:  # else a basic fish, or none
                    step = _finned_on(position, digit, by_rows, masks, base, union, stacks)
                    if step and position.search.found(step):
                        return step
    position.search.nothing(position, key)
    return None


def _finned_on(position, digit, by_rows, masks, base, union, stacks) -> Step | None:
    """The finned fish on the base lines ``base`` that eliminates something: the
    first, or, when others on the same lines eliminate more, all of them as one
    step (HoDoKu's siamese fish). When every step is asked for, each of the fish
    is offered too."""
    steps: list[Step] = []
    for cover, targets, box in _finned_covers(position, masks, base, union, stacks):
        step = _fish_step(position, digit, by_rows, masks, base, cover, targets, box)
        if not set(step.eliminations) <= {e for other in steps for e in other.eliminations}:
            steps.append(step)
        else:
            position.search.found(step)
    if len(steps) < 2:
        return steps[0] if steps else None
    for step in steps:
        position.search.found(step)
    name = f"Siamese {steps[0].technique[0].lower()}{steps[0].technique[1:]}"
    eliminations = tuple(sorted({e for step in steps for e in step.eliminations}))
    text = f"{name}: {len(steps)} fish on the same base lines, each with its fins: " + " ".join(
        step.text for step in steps)
    return Step(name, max(step.score for step in steps), text, eliminations=eliminations,
                cells=tuple(dict.fromkeys(x for step in steps for x in step.cells)),
                units=tuple(dict.fromkeys(u for step in steps for u in step.units)))


def _finned_covers(position, masks, base, union, stacks):
    """``(cover, targets, box)`` for every finned fish on the base lines ``base``
    that eliminates something: its cover places, what it eliminates (see
    :func:`_fish_step`) and the box of its fins."""
    size = len(base)
    for cross, boxes in stacks:
        outside = union & ~cross  # cover places whatever the fins in these boxes
        if outside.bit_count() > size:
            continue
        for box, box_lines in boxes:
            required = outside  # and those of the base lines outside the box
            for line in base:
                if line not in box_lines:
                    required |= masks[line]
            others = [line for line in box_lines if line not in base]
            open_in_box = 0  # the places of the box where the other lines have the digit
            for line in others:
                open_in_box |= masks[line] & cross
            if len(others) == len(box_lines) or required.bit_count() > size or not open_in_box:
                continue  # no base line crosses the box, too many cover lines, or nothing to eliminate
            for extra in combinations(_indexes(union & cross & ~required), size - required.bit_count()):
                cover = required
                for pos in extra:
                    cover |= 1 << pos
                if cover & open_in_box and union & ~cover and all(masks[line] & cover for line in base):
                    yield cover, [(line, masks[line] & cover & cross) for line in others], box


def _fish_step(position, digit, by_rows, masks, base, cover, targets, box=None) -> Step:
    """The step of a fish: ``targets`` holds ``(line, places)`` to eliminate from;
    ``box`` is the box of the fins of a finned fish."""
    n, size = position.n, len(base)
    plain, plain_in_text = FISH[size]
    base_kind, cover_kind = ("rows", "columns") if by_rows else ("columns", "rows")
    d = position.symbol(digit)
    eliminations = sorted((_cell(n, line, pos, by_rows), digit) for line, mask in targets for pos in _indexes(mask))
    cells = sorted(_cell(n, line, pos, by_rows) for line in base for pos in _indexes(masks[line]))
    base_units = [line if by_rows else n + line for line in base]
    cover_units = [n + pos if by_rows else pos for pos in _indexes(cover)]
    base_text = _lines_text(base_kind, base)
    cover_text = _lines_text(cover_kind, _indexes(cover))
    if box is None:
        name = score_name = plain
        text = (
            f"{name} on {d}: in {base_text} the {d} can only be in {cover_text}, so each of those "
            f"{cover_kind} has its {d} in these {base_kind}; remove it from the rest of {cover_text}: "
            f"{position.removal(eliminations)}."
        )
        units = base_units + cover_units
    else:
        fins = [x for x in cells if not cover >> _line_pos(n, x, by_rows)[1] & 1]
        sashimi = any((masks[line] & cover).bit_count() == 1 for line in base)
        plain_name = plain_in_text.split(' ', 1)[1]
        name, score_name = f"{'Sashimi' if sashimi else 'Finned'} {plain_name}", f"Finned {plain_name}"
        fin_word, fin_pronoun = ("fin", "it") if len(fins) == 1 else ("fins", "them")
        box_name = position.unit_name(2 * n + box)
        text = (
            f"{name} on {d}: in {base_text} the {d} can only be in {cover_text} or in the {fin_word} "
            f"{join([position.name(x) for x in fins])}; without the {fin_word} it would be {plain_in_text}, "
            f"and with {fin_pronoun} the {d} is in {box_name}, so either way the cells of {box_name} in those "
            f"{cover_kind} lose it: {position.removal(eliminations)}."
        )
        units = base_units + cover_units + [2 * n + box]
    return Step(name, base_score(score_name), text, eliminations=tuple(eliminations), cells=tuple(cells),
                units=tuple(units))


def x_wing(position: Position) -> Step | None:
    """Two rows where a digit fits only in the same two columns (or vice versa)."""
    return _basic_fish(position, 2)


def swordfish(position: Position) -> Step | None:
    """Three rows where a digit fits only in the same three columns (or vice versa)."""
    return _basic_fish(position, 3)


def jellyfish(position: Position) -> Step | None:
    """Four rows where a digit fits only in the same four columns (or vice versa)."""
    return _basic_fish(position, 4)


def finned_x_wing(position: Position) -> Step | None:
    """An X-wing with extra candidates (fins) in one box."""
    return _finned_fish(position, 2)


def finned_swordfish(position: Position) -> Step | None:
    """A swordfish with extra candidates (fins) in one box."""
    return _finned_fish(position, 3)


def finned_jellyfish(position: Position) -> Step | None:
    """A jellyfish with extra candidates (fins) in one box."""
    return _finned_fish(position, 4)


# -- franken and mutant fish: boxes take part ----------------------------------

#: The most fins a fish here may have (endo fins among them).
FINS = 2

#: For each mix (franken, mutant), the kinds of unit (0 row, 1 column, 2 box) its base and
#: cover sets may take, and its searches in order: ``(sizes, most fins, whether with endo fins,
#: whether within the :data:`BUDGET`)``: no fin, then fins, then endo fins among them.
MIXES = {
    "franken": ((({0, 2}, {1, 2}), ({1, 2}, {0, 2})),
                ((range(2, 5), 0, False, False), (range(2, 5), FINS, False, False),
                 (range(2, 5), FINS, True, False))),
    "mutant": ((({0, 1, 2}, {0, 1, 2}),),
               ((range(2, 5), 0, False, False), (range(2, 4), FINS, False, False),
                (range(4, 5), FINS, False, True))),
}
#: The most tries of the cover searches of finned mutant jellyfish on one position (on each
#: digit, when every step is asked for): on every 40th of the hardest list's first positions
#: of 7.0 or more, unbounded, they took 4.2 s of the mutant fish search's 4.9 s (its 0.3 s
#: before them), and found none.
BUDGET = 40000


def _kinds(n: int, units) -> int:
    """The kinds of unit (0 row, 1 column, 2 box) among ``units``, as a bit set."""
    kinds = 0
    for unit in units:
        kinds |= 1 << (unit // n)
    return kinds


@cache
def _mix(base: int, cover: int) -> str | None:
    """``franken``, ``mutant``, or None for rows against columns: the mix of a fish whose
    base and cover units are of the kinds ``base`` and ``cover`` (see :func:`_kinds`)."""
    if not (base | cover) & 4:
        return None
    masks = [(sum(1 << kind for kind in a), sum(1 << kind for kind in b)) for a, b in MIXES["franken"][0]]
    return "franken" if any(not base & ~a and not cover & ~b for a, b in masks) else "mutant"


def _unit_bases(places: list[int], units: list[int], size: int, endo: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """``(units, their places, endo fins)`` for every ``size`` of ``units``, each with
    two places and at most ``size`` + 1 and four (more seldom make a fish, and cost
    much), that share at most ``endo`` places (the *endo fins*); with ``endo``, some."""
    units = [u for u in units if 2 <= places[u].bit_count() <= min(size + 1, 4)]
    stack: list[tuple[tuple[int, ...], int, int, int]] = [((), 0, 0, 0)]
    while stack:
        chosen, union, shared, start = stack.pop()
        if len(chosen) == size:
            if shared or not endo:
                yield chosen, union, shared
            continue
        for i in range(start, len(units)):
            bits = places[units[i]]
            both = shared | bits & union
            if both.bit_count() <= endo:
                stack.append(((*chosen, units[i]), union | bits, both, i + 1))


def _covers(position: Position, places: list[int], allowed, base, inside: int, endo: int, sight: int,
            fins: int, reach: list[int], budget: list[float], once: bool) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(cover units, fins)`` for every ``len(base)`` units of the kinds ``allowed``, none
    of ``base``, that hold the places ``inside`` but for the endo fins ``endo`` and at most
    ``fins`` in all (the fins), which see some place of ``sight`` together. ``reach[k]``:
    the most places of ``inside`` that ``k`` such units hold; a cover that leaves more
    places than the units still to come and the fins can take is not tried. With ``once``,
    a place passed over as a fin is covered by no unit after (that way is the same fish
    again, found as well by covering the place at once: its order changes, which a
    search that lists every fish does not mind). Each try lowers ``budget`` (one
    count); none is left, the search stops."""
    n, size, seen, units_of = position.n, len(base), position.peer_bits, position.units_of
    options: dict[int, list[tuple[int, int]]] = {}  # per cell: its units that may cover, and their places
    for x in cells_of(endo):
        sight &= seen[x]
    tries = budget[0]
    stack: list[tuple[tuple[int, ...], int, int, int]] = [((), inside & ~endo, endo, sight)]
    while stack and tries > 0:
        tries -= 1
        cover, left, skipped, sight = stack.pop()
        depth = len(cover)
        if not left or depth == size:
            if depth == size and left.bit_count() + skipped.bit_count() <= fins:
                covered = 0
                for unit in cover:
                    covered |= places[unit]
                held = covered & ~endo
                for unit in base:
                    if not places[unit] & held:
                        break  # a base unit all fins
                else:
                    budget[0] = tries
                    yield cover, (inside & ~covered) | endo
                    tries = budget[0]
            continue
        low = left & -left
        x = low.bit_length() - 1
        free = fins - skipped.bit_count()
        room = free + reach[size - depth - 1]
        units = options.get(x)
        if units is None:
            units = options[x] = [(unit, places[unit]) for unit in units_of[x]
                                  if unit // n in allowed and unit not in base]
        for unit, where in units:
            if unit not in cover:
                more = left & ~where
                if more.bit_count() <= room and not (once and where & skipped & ~endo):
                    stack.append(((*cover, unit), more, skipped, sight))
        if free > 0 and sight & seen[x]:
            stack.append((cover, left ^ low, skipped | low, sight & seen[x]))
    budget[0] = tries


def _mixed_fish(position: Position, mix: str) -> Step | None:
    """A fish of ``mix`` that eliminates something, in the order of its searches and
    the smallest first: on the first base sets that make one, the cover sets that
    eliminate the most. When every step is asked for, every fish (within the
    :data:`BUDGET`)."""
    n, units, candidates = position.n, position.units, position.candidates
    seen = position.peer_bits
    mixes, searches = MIXES[mix]
    key = f"{mix} fish"
    digits = position.search.digits(position, key)
    budgets: dict[int, list[float]] = {}  # one for all digits; one each when every step is asked for
    every = position.search.every is not None
    for sizes, most_fins, endo, bounded in searches:
        for digit in digits:
            tries = budgets.setdefault(digit if every else 0, [BUDGET]) if bounded else [math.inf]
            bit = 1 << (digit - 1)
            places = [sum(1 << x for x in unit if candidates[x] & bit) for unit in units]
            everywhere = sum(places[:n])
            for size in sizes:
                for base_kinds, cover_kinds in mixes:
                    covers = [u for u in range(3 * n) if u // n in cover_kinds]
                    found = _unit_bases(places, [u for u in range(3 * n) if u // n in base_kinds], size,
                                   most_fins if endo else 0)
                    for base, inside, shared in found:
                        if tries[0] <= 0:
                            break
                        # the most base places that 0, 1, ... ``size`` cover units can hold: too few, no fish
                        most = sorted([(places[u] & inside).bit_count() for u in covers if u not in base],
                                      reverse=True)
                        reach = [0, *accumulate(most[:size])]
                        if reach[size] + most_fins < inside.bit_count():
                            continue
                        best = None
                        kinds = _kinds(n, base)
                        for cover, fins in _covers(position, places, cover_kinds, base, inside, shared,
                                                   everywhere & ~inside, most_fins, reach, tries, every):
                            if _mix(kinds, _kinds(n, cover)) != mix:
                                continue
                            targets = 0
                            for unit in cover:
                                targets |= places[unit]
                            targets &= ~inside
                            for fin in cells_of(fins):
                                targets &= seen[fin]
                            if not targets:
                                continue
                            if every:
                                position.search.found(_mixed_step(position, digit, base, cover, inside, shared, fins,
                                                               targets, mix))
                            elif best is None or targets.bit_count() > best[2].bit_count():
                                best = cover, fins, targets
                        if best:
                            step = _mixed_step(position, digit, base, best[0], inside, shared, best[1], best[2], mix)
                            if position.search.found(step):
                                return step
    position.search.nothing(position, key)
    return None


def _mixed_step(position: Position, digit: int, base, cover, inside: int, endo: int, fins: int, targets: int,
                mix: str) -> Step:
    plain = FISH[len(base)][0]
    name = f"{'Finned ' + mix if fins else mix.capitalize()} {plain if plain == 'X-wing' else plain.lower()}"
    d = position.symbol(digit)
    eliminations = tuple((x, digit) for x in cells_of(targets))
    base_text = join([position.unit_name(u) for u in base])
    cover_text = join([position.unit_name(u) for u in cover])
    shared = (f"share only the endo fins {join([position.name(x) for x in cells_of(endo)])}" if endo
              else f"share no place of the {d}")
    text = (f"{name} on {d}: {base_text} {shared}, and hold {len(base)} of them, all in "
            f"{cover_text}" + (f" but for the fins {join([position.name(x) for x in cells_of(fins)])}" if fins else "")
            + f"; each of those holds its {d} among them"
            + (", or a fin holds it, so what sees every fin and a cover" if fins else ", so the rest of them")
            + f" loses it: {position.removal(eliminations)}.")
    return Step(name, base_score(f"{mix.capitalize()} fish"), text, eliminations=eliminations,
                cells=tuple(cells_of(inside)), units=tuple(base) + tuple(cover))


def franken_fish(position: Position) -> Step | None:
    """A fish of rows and boxes against columns and boxes (or columns and boxes against rows and boxes)."""
    return _mixed_fish(position, "franken")


def mutant_fish(position: Position) -> Step | None:
    """A fish of any other mix of rows, columns and boxes."""
    return _mixed_fish(position, "mutant")


