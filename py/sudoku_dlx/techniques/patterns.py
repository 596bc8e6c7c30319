"""Pattern techniques: fish, wings, unique rectangles and BUG+1.

Each technique is a function ``technique(board) -> Step | None`` (see
:mod:`sudoku_dlx.techniques.board`) that works for every grid size.

Glossary (beyond :mod:`sudoku_dlx.techniques.board`'s)
--------------------------------------------
fish
    On one digit: ``k`` *base* lines (rows, or columns) in which the digit can
    only be in ``k`` *cover* lines (columns, or rows). The ``k`` base lines
    hold ``k`` of that digit, one in each cover line, so the rest of the cover
    lines lose it. ``k`` = 2, 3, 4: X-wing, swordfish, jellyfish.
fin
    A base candidate outside the cover lines. When all the fins lie in one box,
    either a fin holds the digit or the fish does, so the cells of the cover
    lines in that box lose it (a *finned* fish). *Sashimi* when some base line
    has only one candidate left in the cover lines.
bivalue
    A cell with exactly two candidates.
deadly pattern
    Candidates that would leave the puzzle two solutions or none, so a puzzle
    with one solution never ends that way. Unique rectangles avoid four cells
    in two rows, two columns and two boxes holding only the same two digits
    (they could swap); BUG+1 avoids a grid where every blank cell has two
    candidates and every candidate two places in each of its units.

Scores are Sudoku Explainer's (SE) where SE has the technique: X-wing 3.2,
swordfish 3.8, jellyfish 5.2, XY-wing 4.2, XYZ-wing 4.4, unique rectangle
types 1, 2 and 4 4.5 and type 3 4.5 + 0.1 per digit of its naked subset beyond
one (4.6 to 4.8) as SE's ``UniqueLoop*Hint`` classes compute them, BUG+1 5.6.
SE has no finned fish: a finned or sashimi fish scores its plain fish + 0.2
(3.4, 4.0, 5.4). SE has no W-wing: it scores 4.4, the XYZ-wing it rivals.
WXYZ- and VWXYZ-wings score as in SukakuExplainer, which rated our SE
reference set: 5.5-5.6 and 6.2-6.4.

Unique rectangles and BUG+1 hold only for puzzles with a single solution:
rating and hints are only done for such puzzles.

Every search offers each step it finds through :meth:`Search.found`, so that
:meth:`Technique.every` lists them all (HoDoKu's "all steps"): the finned fish
each fish of a siamese step as well, the bent wings each wing they weigh.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, reduce
from itertools import combinations

from ..kinds.grid import Shape
from .board import Board, Step, digits_of, join

__all__ = [
    "bug_plus_one",
    "finned_jellyfish",
    "finned_swordfish",
    "finned_x_wing",
    "jellyfish",
    "swordfish",
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_4",
    "unique_rectangle_6",
    "hidden_rectangle",
    "avoidable_rectangle",
    "vwxyz_wing",
    "w_wing",
    "wxyz_wing",
    "x_wing",
    "xy_wing",
    "xyz_wing",
]

#: Fish size: name, the name in a sentence, SE score.
FISH = {2: ("X-wing", "an X-wing", 3.2), 3: ("Swordfish", "a swordfish", 3.8), 4: ("Jellyfish", "a jellyfish", 5.2)}
FIN_BONUS = 0.2
UR_SCORE = 4.5


# -- shared helpers ----------------------------------------------------------


def _seeing_all(board: Board, cells) -> frozenset[int]:
    """The cells (not among ``cells``) that share a unit with every one of ``cells``."""
    return reduce(frozenset.intersection, (board.peers[x] for x in cells))


def _removals(board: Board, cells, digit: int) -> list[tuple[int, int]]:
    """``(cell, digit)`` for the cells, in order, that still have ``digit``."""
    bit = 1 << (digit - 1)
    return [(x, digit) for x in sorted(cells) if board.candidates[x] & bit]


def _shared_units(board: Board, a: int, b: int) -> tuple[int, ...]:
    """The units that hold both cells, in index order."""
    return tuple(sorted(set(board.units_of[a]) & set(board.units_of[b])))


def _positions(mask: int) -> list[int]:
    """The indexes (0-based) of the set bits of ``mask``."""
    return [d - 1 for d in digits_of(mask)]


def _lines_text(kind: str, indexes) -> str:
    """``rows 2 and 7`` for 0-based indexes."""
    return f"{kind} {join([str(i + 1) for i in indexes])}"


# -- fish --------------------------------------------------------------------


def _line_masks(board: Board, by_rows: bool) -> list[list[int]]:
    """``masks[digit - 1][line]``: bit ``i`` is set when ``digit`` can go in column
    ``i`` of row ``line`` (with ``by_rows``), or in row ``i`` of column ``line``."""
    n = board.n
    masks = [[0] * n for _ in range(n)]
    for x, candidates in enumerate(board.candidates):
        if candidates:
            line, pos = _line_pos(n, x, by_rows)
            for digit in digits_of(candidates):
                masks[digit - 1][line] |= 1 << pos
    return masks


def _cell(n: int, line: int, pos: int, by_rows: bool) -> int:
    """The cell at ``pos`` of row ``line`` (``by_rows``) or of column ``line``."""
    return line * n + pos if by_rows else pos * n + line


def _line_pos(n: int, cell: int, by_rows: bool) -> tuple[int, int]:
    """The inverse of :func:`_cell`."""
    row, col = divmod(cell, n)
    return (row, col) if by_rows else (col, row)


@cache
def _stacks(shape: Shape, by_rows: bool) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """The boxes grouped by the cross positions they span (stacks of columns when
    the lines are rows): ``(cross, ((box, lines), ...))``, ``cross`` the mask of
    the positions, ``lines`` the lines of each box."""
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


def _bases(masks: list[int], size: int, limit: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(lines, union)`` for every ``size`` lines that have the digit in at most
    ``limit`` positions together, ``union`` the mask of those positions."""
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


def _basic_fish(board: Board, size: int) -> Step | None:
    """The first fish of ``size`` that eliminates something."""
    n = board.n
    key = f"fish {size}"
    digits = board.search.digits(board, key)
    for by_rows in (True, False):
        for digit, masks in enumerate(_line_masks(board, by_rows), 1):
            if digit not in digits:
                continue
            for base, cover in _bases(masks, size, size):
                if cover.bit_count() != size:
                    continue
                targets = [(line, masks[line] & cover) for line in range(n) if line not in base]
                if any(mask for _, mask in targets):
                    step = _fish_step(board, digit, by_rows, masks, base, cover, targets)
                    if board.search.found(step):
                        return step
    board.search.nothing(board, key)
    return None


def _finned_fish(board: Board, size: int) -> Step | None:
    """The first finned or sashimi fish of ``size`` that eliminates something:
    its fins in one box, so at most ``size`` + the box's width positions."""
    key = f"finned fish {size}"
    digits = board.search.digits(board, key)
    for by_rows in (True, False):
        stacks = _stacks(board.shape, by_rows)
        widest = size + stacks[0][0].bit_count()
        for digit, masks in enumerate(_line_masks(board, by_rows), 1):
            if digit not in digits:
                continue
            for base, union in _bases(masks, size, widest):
                if union.bit_count() > size:  # else a basic fish, or none
                    step = _finned_on(board, digit, by_rows, masks, base, union, stacks)
                    if step and board.search.found(step):
                        return step
    board.search.nothing(board, key)
    return None


def _finned_on(board, digit, by_rows, masks, base, union, stacks) -> Step | None:
    """The finned fish on the base lines ``base`` that eliminates something: the
    first, or, when others on the same lines eliminate more, all of them as one
    step (HoDoKu's siamese fish). When every step is asked for, each of the fish
    is offered too."""
    steps: list[Step] = []
    for cover, targets, box in _finned_covers(board, masks, base, union, stacks):
        step = _fish_step(board, digit, by_rows, masks, base, cover, targets, box)
        if not set(step.eliminations) <= {e for other in steps for e in other.eliminations}:
            steps.append(step)
        else:
            board.search.found(step)
    if len(steps) < 2:
        return steps[0] if steps else None
    for step in steps:
        board.search.found(step)
    name = f"Siamese {steps[0].technique[0].lower()}{steps[0].technique[1:]}"
    eliminations = tuple(sorted({e for step in steps for e in step.eliminations}))
    text = f"{name}: {len(steps)} fish on the same base lines, each with its fins: " + " ".join(
        step.text for step in steps)
    return Step(name, max(step.score for step in steps), text, eliminations=eliminations,
                cells=tuple(dict.fromkeys(x for step in steps for x in step.cells)),
                units=tuple(dict.fromkeys(u for step in steps for u in step.units)))


def _finned_covers(board, masks, base, union, stacks):
    """``(cover, targets, box)`` for every finned fish on the base lines ``base``
    that eliminates something: its cover positions, what it eliminates (see
    :func:`_fish_step`) and the box of its fins."""
    size = len(base)
    for cross, boxes in stacks:
        outside = union & ~cross  # cover positions whatever the fins in these boxes
        if outside.bit_count() > size:
            continue
        for box, box_lines in boxes:
            required = outside  # and those of the base lines outside the box
            for line in base:
                if line not in box_lines:
                    required |= masks[line]
            others = [line for line in box_lines if line not in base]
            open_in_box = 0  # the positions of the box where the other lines have the digit
            for line in others:
                open_in_box |= masks[line] & cross
            if len(others) == len(box_lines) or required.bit_count() > size or not open_in_box:
                continue  # no base line crosses the box, too many cover lines, or nothing to eliminate
            for extra in combinations(_positions(union & cross & ~required), size - required.bit_count()):
                cover = required
                for pos in extra:
                    cover |= 1 << pos
                if cover & open_in_box and union & ~cover and all(masks[line] & cover for line in base):
                    yield cover, [(line, masks[line] & cover & cross) for line in others], box


def _fish_step(board, digit, by_rows, masks, base, cover, targets, box=None) -> Step:
    """The step of a fish: ``targets`` holds ``(line, positions)`` to eliminate from;
    ``box`` is the box of the fins of a finned fish."""
    n, size = board.n, len(base)
    plain, plain_in_text, score = FISH[size]
    base_kind, cover_kind = ("rows", "columns") if by_rows else ("columns", "rows")
    d = board.symbol(digit)
    eliminations = sorted((_cell(n, line, pos, by_rows), digit) for line, mask in targets for pos in _positions(mask))
    cells = sorted(_cell(n, line, pos, by_rows) for line in base for pos in _positions(masks[line]))
    base_units = [line if by_rows else n + line for line in base]
    cover_units = [n + pos if by_rows else pos for pos in _positions(cover)]
    base_text = _lines_text(base_kind, base)
    cover_text = _lines_text(cover_kind, _positions(cover))
    if box is None:
        name = plain
        text = (
            f"{name} on {d}: in {base_text} the {d} can only be in {cover_text}, so each of those "
            f"{cover_kind} has its {d} in these {base_kind}; remove it from the rest of {cover_text}: "
            f"{board.removal(eliminations)}."
        )
        units = base_units + cover_units
    else:
        fins = [x for x in cells if not cover >> _line_pos(n, x, by_rows)[1] & 1]
        sashimi = any((masks[line] & cover).bit_count() == 1 for line in base)
        name = f"{'Sashimi' if sashimi else 'Finned'} {plain_in_text.split(' ', 1)[1]}"
        score += FIN_BONUS
        fin_word, fin_pronoun = ("fin", "it") if len(fins) == 1 else ("fins", "them")
        box_name = board.unit_name(2 * n + box)
        text = (
            f"{name} on {d}: in {base_text} the {d} can only be in {cover_text} or in the {fin_word} "
            f"{join([board.name(x) for x in fins])}; without the {fin_word} it would be {plain_in_text}, "
            f"and with {fin_pronoun} the {d} is in {box_name}, so either way the cells of {box_name} in those "
            f"{cover_kind} lose it: {board.removal(eliminations)}."
        )
        units = base_units + cover_units + [2 * n + box]
    return Step(name, round(score, 1), text, eliminations=tuple(eliminations), cells=tuple(cells), units=tuple(units))


def x_wing(board: Board) -> Step | None:
    """Two rows where a digit fits only in the same two columns (or vice versa)."""
    return _basic_fish(board, 2)


def swordfish(board: Board) -> Step | None:
    """Three rows where a digit fits only in the same three columns (or vice versa)."""
    return _basic_fish(board, 3)


def jellyfish(board: Board) -> Step | None:
    """Four rows where a digit fits only in the same four columns (or vice versa)."""
    return _basic_fish(board, 4)


def finned_x_wing(board: Board) -> Step | None:
    """An X-wing with extra candidates (fins) in one box."""
    return _finned_fish(board, 2)


def finned_swordfish(board: Board) -> Step | None:
    """A swordfish with extra candidates (fins) in one box."""
    return _finned_fish(board, 3)


def finned_jellyfish(board: Board) -> Step | None:
    """A jellyfish with extra candidates (fins) in one box."""
    return _finned_fish(board, 4)


# -- wings -------------------------------------------------------------------


def _bivalue(board: Board) -> list[int]:
    return [x for x, mask in enumerate(board.candidates) if mask.bit_count() == 2]


def _or_digits(board: Board, mask: int) -> str:
    return join([board.symbol(d) for d in digits_of(mask)], "or")


def xy_wing(board: Board) -> Step | None:
    """A bivalue pivot ``xy`` seeing bivalue wings ``xz`` and ``yz``: one wing is
    ``z``, so the cells that see both wings lose ``z``."""
    candidates, peers = board.candidates, board.peers
    for pivot in _bivalue(board):
        both = candidates[pivot]
        wings = [
            x for x in sorted(peers[pivot])
            if candidates[x].bit_count() == 2 and (candidates[x] & both).bit_count() == 1
        ]
        for a, b in combinations(wings, 2):
            z = candidates[a] & ~both
            if candidates[b] & ~both != z or candidates[a] & candidates[b] & both:
                continue
            digit = digits_of(z)[0]
            eliminations = _removals(board, _seeing_all(board, (a, b)), digit)
            if eliminations:
                if candidates[a] & both > candidates[b] & both:
                    a, b = b, a  # tell the pivot's smaller digit first
                x, y = candidates[a] & both, candidates[b] & both
                d = board.symbol(digit)
                text = (
                    f"XY-wing: {board.name(pivot)} is {_or_digits(board, both)}; if {_or_digits(board, x)}, "
                    f"{board.name(a)} ({_or_digits(board, candidates[a])}) is {d}, and if {_or_digits(board, y)}, "
                    f"{board.name(b)} ({_or_digits(board, candidates[b])}) is {d}; so the cells that see both "
                    f"{board.name(a)} and {board.name(b)} lose {d}: {board.removal(eliminations)}."
                )
                units = _shared_units(board, pivot, a) + _shared_units(board, pivot, b)
                step = Step("XY-wing", 4.2, text, eliminations=tuple(eliminations), cells=(pivot, a, b), units=units)
                if board.search.found(step):
                    return step
    return None


def xyz_wing(board: Board) -> Step | None:
    """A pivot ``xyz`` seeing bivalue wings ``xz`` and ``yz``: one of the three is
    ``z``, so the cells that see all three lose ``z``."""
    candidates, peers = board.candidates, board.peers
    for pivot, three in enumerate(candidates):
        if three.bit_count() != 3:
            continue
        wings = [x for x in sorted(peers[pivot]) if candidates[x].bit_count() == 2 and not candidates[x] & ~three]
        for a, b in combinations(wings, 2):
            if candidates[a] | candidates[b] != three:
                continue
            digit = digits_of(candidates[a] & candidates[b])[0]
            eliminations = _removals(board, _seeing_all(board, (pivot, a, b)), digit)
            if eliminations:
                d = board.symbol(digit)
                text = (
                    f"XYZ-wing: {board.name(pivot)} is {_or_digits(board, three)}, {board.name(a)} is "
                    f"{_or_digits(board, candidates[a])} and {board.name(b)} is {_or_digits(board, candidates[b])}; "
                    f"whatever goes in {board.name(pivot)}, one of the three is {d}, so the cells that see all "
                    f"three lose {d}: {board.removal(eliminations)}."
                )
                units = _shared_units(board, pivot, a) + _shared_units(board, pivot, b)
                step = Step("XYZ-wing", 4.4, text, eliminations=tuple(eliminations), cells=(pivot, a, b), units=units)
                if board.search.found(step):
                    return step
    return None


def w_wing(board: Board) -> Step | None:
    """Two bivalue cells ``xy`` that do not see each other, linked by a unit where
    ``x`` has two places, one seeing each: one of them is ``y``, so the cells that
    see both lose ``y``."""
    candidates, peers = board.candidates, board.peers
    links: dict[int, list[tuple[int, int, int]]] = {}
    for p, q in combinations(_bivalue(board), 2):
        if candidates[p] != candidates[q] or q in peers[p]:
            continue
        common = _seeing_all(board, (p, q))
        for x, y in (digits_of(candidates[p]), digits_of(candidates[p])[::-1]):
            eliminations = _removals(board, common, y)
            if not eliminations:
                continue
            if x not in links:
                links[x] = board.strong_links(x)
            bridge = _bridge(board, links[x], p, q)
            if bridge:
                unit, a, b = bridge
                dx, dy = board.symbol(x), board.symbol(y)
                text = (
                    f"W-wing: {board.name(p)} and {board.name(q)} are both {_or_digits(board, candidates[p])}, "
                    f"and in {board.unit_name(unit)} the {dx} is in {board.name(a)} or {board.name(b)}, which "
                    f"see them; so one of {board.name(p)} and {board.name(q)} is not {dx} but {dy}, and the "
                    f"cells that see both lose {dy}: {board.removal(eliminations)}."
                )
                step = Step("W-wing", 4.4, text, eliminations=tuple(eliminations), cells=(p, q, a, b), units=(unit,))
                if board.search.found(step):
                    return step
    return None


def wxyz_wing(board: Board) -> Step | None:
    """A pivot and three cells that see it, holding four digits between them,
    where every digit but one is confined to cells that see each other: see
    :func:`_bent_wing`. SukakuExplainer: 5.5, 5.6 when the largest cell has three."""
    return _bent_wing(board, 4, 5.5)


def vwxyz_wing(board: Board) -> Step | None:
    """The five-cell :func:`wxyz_wing`. SukakuExplainer: 6.2-6.4."""
    return _bent_wing(board, 5, 6.2)


def _bent_wing(board: Board, size: int, base: float) -> Step | None:
    """The lowest-scoring wing of ``size`` cells, a pivot and cells that see it,
    holding ``size`` digits between them. A digit whose cells in the wing see
    each other goes in at most one of them; the wing needs ``size`` digits, so
    if all but one digit ``z`` are such, one of its cells holds ``z`` and the
    cells that see all its ``z`` cells lose ``z`` (if all are, each digit goes in
    the wing once). Scored as SukakuExplainer: ``base`` + 0.1 for each step the
    largest cell's candidate count comes towards the middle size."""
    candidates = board.candidates
    middle = (size + 2) // 2
    best = None
    for pivot in board.blanks():
        mask = candidates[pivot]
        if not 0 < mask.bit_count() <= size:
            continue
        pool = [x for x in sorted(board.peers[pivot]) if candidates[x] and (candidates[x] | mask).bit_count() <= size]
        for cells, union, free in _wings(board, pool, size, (pivot,), mask, 0):
            if union.bit_count() != size:
                continue
            digits = digits_of(free or union)
            places = [[x for x in cells if candidates[x] >> (d - 1) & 1] for d in digits]
            eliminations = [e for d, xs in zip(digits, places) for e in _removals(board, _seeing_all(board, xs), d)]
            if not eliminations:
                continue
            biggest = max(candidates[x].bit_count() for x in cells)
            score = round(base + (size - middle - abs(middle - biggest)) * 0.1, 1)
            if best is None or score < best.score or board.search.every is not None:
                step = _wing_step(board, cells, union, digits_of(free), sorted(eliminations), score)
                board.search.found(step)
                best = step if best is None or score < best.score else best
    return best


def _wings(board: Board, pool: list[int], size: int, cells: tuple[int, ...], union: int, free: int):
    """``(cells, union, free)`` for every way to add cells of ``pool`` (in order)
    to ``cells`` until there are ``size``, holding at most ``size`` digits, at
    most one of which (the mask ``free``) has places that do not all see each other."""
    if len(cells) == size:
        yield cells, union, free
        return
    candidates, peers = board.candidates, board.peers
    for i, x in enumerate(pool):
        more = union | candidates[x]
        if more.bit_count() > size:
            continue
        unseen = 0
        for cell in cells:
            if cell not in peers[x]:
                unseen |= candidates[cell]
        loose = free | (candidates[x] & unseen)
        if not loose & (loose - 1):
            yield from _wings(board, pool[i + 1:], size, (*cells, x), more, loose)


def _wing_step(board: Board, cells, union: int, free: list[int], eliminations, score: float) -> Step:
    name = f"{'VWXYZ'[5 - len(cells):]}-wing"
    held = join([f"{board.name(x)} ({_or_digits(board, board.candidates[x])})" for x in cells])
    digits = join([board.symbol(d) for d in digits_of(union)])
    if free:
        z = board.symbol(free[0])
        why = (f"every digit but {z} has its places among them in cells that see each other, so goes in at most "
               f"one; so one of them is {z}, and the cells that see all their {z}s lose it")
    else:
        why = ("every digit has its places among them in cells that see each other, so goes in exactly one; the "
               "cells that see all of a digit's places among them lose it")
    text = f"{name}: {held} hold only {digits} between them; {why}: {board.removal(eliminations)}."
    return Step(name, score, text, eliminations=tuple(eliminations), cells=tuple(cells))


def _bridge(board: Board, links, p: int, q: int) -> tuple[int, int, int] | None:
    """A strong link ``(unit, a, b)`` of ``links``, other than ``p`` and ``q``, with
    ``a`` seeing ``p`` and ``b`` seeing ``q``."""
    peers = board.peers
    for unit, a, b in links:
        if {a, b} & {p, q}:
            continue
        if b in peers[p] and a in peers[q]:
            a, b = b, a
        if a in peers[p] and b in peers[q]:
            return unit, a, b
    return None


# -- uniqueness --------------------------------------------------------------


def _corners(n: int, box, r1: int, r2: int, c1: int, c2: int) -> tuple[int, int, int, int] | None:
    """The four cells of rows ``r1``, ``r2`` and columns ``c1``, ``c2`` (top left,
    top right, bottom left, bottom right), if they lie in two boxes."""
    cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
    return cells if len({box[x] for x in cells}) == 2 else None


def _rectangles(board: Board) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """``(cells, pair)`` for every four blank cells in two rows, two columns and two
    boxes where a corner holds only the two digits of ``pair`` and every corner
    one of them at least. A corner may miss one (*missing candidates*): a
    deduction never removes a digit that a solution puts there, so a rectangle
    that could end with only the pair still gives the puzzle two solutions."""
    n, candidates, box = board.n, board.candidates, board.shape.box_of
    for r1, r2 in combinations(range(n), 2):
        cols = [c for c in range(n) if candidates[r1 * n + c] and candidates[r2 * n + c]]
        for c1, c2 in combinations(cols, 2):
            cells = _corners(n, box, r1, r2, c1, c2)
            if cells:
                for pair in sorted({candidates[x] for x in cells if candidates[x].bit_count() == 2}):
                    if all(candidates[x] & pair for x in cells):
                        yield cells, pair


def _extra(board: Board, cells, pair: int) -> list[int]:
    """The corners with a digit besides the pair."""
    return [x for x in cells if board.candidates[x] & ~pair]


def _deadly(board: Board, cells, pair: int) -> str:
    """The sentence's start: why the rectangle must not end with only the pair."""
    names = join([board.name(x) for x in cells])
    digits = join([board.symbol(d) for d in digits_of(pair)])
    return f"{names} would hold only {digits}, which could swap places (two solutions)"


def _ur_step(name: str, score: float, text: str, cells, eliminations, units=()) -> Step:
    return Step(name, score, text, eliminations=tuple(eliminations), cells=tuple(cells), units=tuple(units))


def unique_rectangle_1(board: Board) -> Step | None:
    """Three corners hold only the two digits: the fourth cannot be either."""
    candidates = board.candidates
    for cells, pair in _rectangles(board):
        extra = _extra(board, cells, pair)
        if len(extra) == 1:
            (x,) = extra
            eliminations = [(x, d) for d in digits_of(candidates[x] & pair)]
            text = (
                f"Unique rectangle type 1: {_deadly(board, cells, pair)} if {board.name(x)} were "
                f"{_or_digits(board, pair)}; the puzzle has one solution, so: {board.removal(eliminations)}."
            )
            step = _ur_step("Unique rectangle type 1", UR_SCORE, text, cells, eliminations)
            if board.search.found(step):
                return step
    return None


def unique_rectangle_2(board: Board) -> Step | None:
    """The corners that have more than the two digits all have the same one more:
    one of them holds it, so the cells that see them all lose it. Two corners
    that share a row or column: type 2; across a diagonal, or three: type 5
    (HoDoKu's names; SE counts both as type 2)."""
    candidates = board.candidates
    for cells, pair in _rectangles(board):
        extra = _extra(board, cells, pair)
        more = {candidates[x] & ~pair for x in extra}
        if len(extra) < 2 or len(more) != 1 or more.pop().bit_count() != 1:
            continue
        digit = digits_of(candidates[extra[0]] & ~pair)[0]
        eliminations = _removals(board, _seeing_all(board, extra), digit)
        if eliminations:
            kind = 2 if len(extra) == 2 and _shared_units(board, *extra) else 5
            d = board.symbol(digit)
            text = (
                f"Unique rectangle type {kind}: {_deadly(board, cells, pair)} unless "
                f"{join([board.name(x) for x in extra], 'or')} is {d}; so one of them is {d}, and the cells "
                f"that see {'both' if len(extra) == 2 else 'all three'} lose it: {board.removal(eliminations)}."
            )
            step = _ur_step(f"Unique rectangle type {kind}", UR_SCORE, text, cells, eliminations)
            if board.search.found(step):
                return step
    return None


def _roof(board: Board, cells, pair: int) -> tuple[list[int], tuple[int, ...]] | None:
    """The two corners with more than ``pair`` and the units they share, when
    the other two corners hold only ``pair`` and these two share a unit."""
    extra = _extra(board, cells, pair)
    if len(extra) != 2:
        return None
    shared = _shared_units(board, *extra)
    return (extra, shared) if shared else None


def unique_rectangle_3(board: Board) -> Step | None:
    """The two extra corners share a unit and act as one cell holding their extra
    digits: with other cells of the unit they form a naked subset, whose digits
    the unit's other cells lose; those of the box too when the subset lies in the
    line and the box both (a locked subset, as HoDoKu takes it)."""
    candidates = board.candidates
    for cells, pair in _rectangles(board):
        roof = _roof(board, cells, pair)
        if not roof:
            continue
        extra, shared = roof
        more = (candidates[extra[0]] | candidates[extra[1]]) & ~pair
        for unit in shared:
            others = [x for x in board.units[unit] if candidates[x] and x not in extra]
            for count in range(1, 4):
                for subset in combinations(others, count):
                    digits = more
                    for x in subset:
                        digits |= candidates[x]
                    if digits.bit_count() != count + 1:
                        continue
                    group = {*extra, *subset}
                    units = [u for u in shared if group <= set(board.units[u])]
                    rest = sorted({x for u in units for x in board.units[u] if candidates[x] and x not in group})
                    eliminations = [(x, d) for x in rest for d in digits_of(candidates[x] & digits)]
                    if eliminations:
                        step = _ur3_step(board, cells, pair, extra, more, units, subset, digits, eliminations)
                        if board.search.found(step):
                            return step
    return None


def _ur3_step(board, cells, pair, extra, more, units, subset, digits, eliminations) -> Step:
    size = ("pair", "triple", "quad")[len(subset) - 1]
    text = (
        f"Unique rectangle type 3: {_deadly(board, cells, pair)} unless {board.name(extra[0])} or "
        f"{board.name(extra[1])} is {_or_digits(board, more)}; so they act as one cell that, with "
        f"{join([board.name(x) for x in subset])}, makes a naked {size} on "
        f"{join([board.symbol(d) for d in digits_of(digits)])} in {join([board.unit_name(u) for u in units])}, "
        f"whose other cells lose those digits: {board.removal(eliminations)}."
    )
    score = round(UR_SCORE + 0.1 * (digits.bit_count() - 1), 1)
    return _ur_step("Unique rectangle type 3", score, text, (*cells, *subset), eliminations, tuple(units))


def unique_rectangle_4(board: Board) -> Step | None:
    """The two extra corners share a unit where one digit of the pair can only
    be in them: one of them holds it, so neither can hold the other digit."""
    for cells, pair in _rectangles(board):
        roof = _roof(board, cells, pair)
        if not roof:
            continue
        extra, shared = roof
        for unit in shared:
            for lock, other in (digits_of(pair), digits_of(pair)[::-1]):
                eliminations = [(x, other) for x in extra if board.has(x, other)]
                if board.places(unit, lock) == extra and eliminations:
                    names = join([board.name(x) for x in extra])
                    text = (
                        f"Unique rectangle type 4: in {board.unit_name(unit)} the {board.symbol(lock)} can only "
                        f"be in {names}, so one of them is {board.symbol(lock)}; if either were "
                        f"{board.symbol(other)}, {_deadly(board, cells, pair)}; so: {board.removal(eliminations)}."
                    )
                    step = _ur_step("Unique rectangle type 4", UR_SCORE, text, cells, eliminations, (unit,))
                    if board.search.found(step):
                        return step
    return None


def _only_in(board: Board, unit: int, digit: int, cells) -> bool:
    """Whether ``digit`` has places in ``unit``, all among ``cells``."""
    places = board.places(unit, digit)
    return bool(places) and set(places) <= set(cells)


def unique_rectangle_6(board: Board) -> Step | None:
    """Two diagonal corners hold only the pair, and one digit of it has no other
    place in the rectangle's two rows (or columns): it is on one diagonal or the
    other, and on the extra corners' it would leave the pair on the rest, so
    the extra corners lose it (an X-wing of the pair, HoDoKu's type 6)."""
    for cells, pair in _rectangles(board):
        top_left, top_right, bottom_left, bottom_right = cells
        for floor, roof in (((top_left, bottom_right), (top_right, bottom_left)),
                            ((top_right, bottom_left), (top_left, bottom_right))):
            if _extra(board, floor, pair) or len(_extra(board, roof, pair)) != 2:
                continue
            for digit in digits_of(pair):
                for kind in (0, 1):  # the rectangle's rows, or its columns
                    lines = tuple(sorted({board.units_of[x][kind] for x in cells}))
                    eliminations = _removals(board, roof, digit)
                    if eliminations and all(_only_in(board, line, digit, cells) for line in lines):
                        d = board.symbol(digit)
                        text = (
                            f"Unique rectangle type 6: in {join([board.unit_name(u) for u in lines])} the {d} "
                            f"is only in the rectangle, so on {board.name(floor[0])} and {board.name(floor[1])} or "
                            f"on {board.name(roof[0])} and {board.name(roof[1])}; on these, "
                            f"{_deadly(board, cells, pair)}; so: {board.removal(eliminations)}."
                        )
                        step = _ur_step("Unique rectangle type 6", UR_SCORE, text, cells, eliminations, lines)
                        if board.search.found(step):
                            return step
    return None


def hidden_rectangle(board: Board) -> Step | None:
    """A corner holds only the pair, and one digit of it has no other place in
    the row and the column of the opposite corner than the rectangle: the
    opposite corner cannot hold the other digit, which would make the two
    corners beside it that digit and leave the pair on all four."""
    for cells, pair in _rectangles(board):
        for corner, opposite in zip(cells, cells[::-1]):
            if board.candidates[corner] != pair:
                continue
            for digit, other in (digits_of(pair), digits_of(pair)[::-1]):
                lines = board.units_of[opposite][:2]
                if board.has(opposite, other) and all(_only_in(board, u, digit, cells) for u in lines):
                    eliminations = [(opposite, other)]
                    d = board.symbol(digit)
                    text = (
                        f"Hidden rectangle: in {join([board.unit_name(u) for u in lines])} the {d} is only in the "
                        f"rectangle; if {board.name(opposite)} were {board.symbol(other)}, the corners beside it "
                        f"would be {d} and {board.name(corner)} {board.symbol(other)}, so "
                        f"{_deadly(board, cells, pair)}; so: {board.removal(eliminations)}."
                    )
                    step = _ur_step("Hidden rectangle", UR_SCORE, text, cells, eliminations, lines)
                    if board.search.found(step):
                        return step
    return None


def avoidable_rectangle(board: Board) -> Step | None:
    """Four cells of two rows, two columns and two boxes, none a given, where
    the filled ones hold two digits crosswise: with the rest so too, the two
    digits could swap. Type 1: three filled, so the fourth cannot take the
    digit that completes them. Type 2: two filled, and each blank one holds
    the digit that completes them and one same extra digit, which one of them
    therefore holds: the cells that see both lose it."""
    givens = board.search.givens
    if givens is None:
        return None
    n, values, candidates, box = board.n, board.values, board.candidates, board.shape.box_of
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
            if not all(board.has(p, want) for p, want in blank):
                continue
            pattern = join([board.name(p) for p in cells])
            if len(blank) == 1:
                (p, want), = blank
                eliminations = [(p, want)]
                text = (f"Avoidable rectangle type 1: {pattern}, none a given, would hold {board.symbol(x)} and "
                        f"{board.symbol(y)} crosswise, which could swap, if {board.name(p)} were "
                        f"{board.symbol(want)}; so: {board.removal(eliminations)}.")
                step = _ur_step("Avoidable rectangle type 1", UR_SCORE, text, cells, eliminations)
                if board.search.found(step):
                    return step
            if len(blank) == 2:
                (p, wp), (q, wq) = blank
                more = {candidates[p] & ~(1 << (wp - 1)), candidates[q] & ~(1 << (wq - 1))}
                extra = more.pop() if len(more) == 1 else 0
                if extra.bit_count() == 1:
                    digit = extra.bit_length()
                    eliminations = _removals(board, _seeing_all(board, (p, q)), digit)
                    if eliminations:
                        e = board.symbol(digit)
                        text = (f"Avoidable rectangle type 2: {pattern}, none a given, would hold {board.symbol(x)} "
                                f"and {board.symbol(y)} crosswise, which could swap, unless {board.name(p)} or "
                                f"{board.name(q)} is {e}; so one of them is {e}, and the cells that see both lose "
                                f"it: {board.removal(eliminations)}.")
                        step = _ur_step("Avoidable rectangle type 2", UR_SCORE, text, cells, eliminations)
                        if board.search.found(step):
                            return step
    return None


def bug_plus_one(board: Board) -> Step | None:
    """Every blank cell is bivalue but one with three candidates, and every
    candidate has two places in each unit but one digit of that cell, with three
    in its units: without it the grid would be a deadly BUG, so it goes there."""
    candidates = board.candidates
    odd = [x for x, mask in enumerate(candidates) if mask and mask.bit_count() != 2]
    if len(odd) != 1 or candidates[odd[0]].bit_count() != 3:
        return None
    (cell,) = odd
    for digit in board.digits(cell):
        if all(len(board.places(u, digit)) == 3 for u in board.units_of[cell]):
            board_without = board.copy()
            board_without.eliminate(cell, digit)
            if _is_bug(board_without):
                d = board.symbol(digit)
                text = (
                    f"BUG+1: every blank cell but {board.name(cell)} has two candidates, and each candidate has "
                    f"two places in every unit except {d}, with three in the units of {board.name(cell)}; "
                    f"without {d} there the grid would have no solution or two, so {board.name(cell)} is {d}."
                )
                step = Step("BUG+1", 5.6, text, placements=((cell, digit),), cells=(cell,), units=board.units_of[cell])
                if board.search.found(step):
                    return step
    return None


def _is_bug(board: Board) -> bool:
    """True when every candidate has either no place or two in every unit."""
    return all(
        len(board.places(unit, digit)) in (0, 2) for unit in range(3 * board.n) for digit in range(1, board.n + 1)
    )


