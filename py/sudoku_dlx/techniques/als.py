"""Almost locked sets: ALS-XZ, ALS-XY-wing, ALS chains and death blossoms, and
Sue de Coq, which HoDoKu ranks with them.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
ALS
    An *almost locked set*: ``k`` cells of a unit holding ``k + 1`` digits
    between them (a cell of two candidates is one). Without any one of its
    digits the rest would be *locked*: each in one of its cells.
RCC
    A *restricted common candidate* of two ALSs: a digit of both, none of its
    places in a cell they share, whose places in one all see its places in the
    other. It goes in one of them at most, so the other is locked.
Overlap
    ALSs that share cells. Each ALS argues alone (locked or not), so they may
    share cells wherever no RCC has a place; the searches take them only where
    the ALSs that share no cell make no step (HoDoKu's ``allowOverlap``, off
    in its solver for the time it costs).

When every step is asked for (:meth:`~.position.Search.found`), each search offers
every step it finds, overlapping ALSs too, and the ALS chains go up to
:data:`EVERY_LONGEST` ALSs (as HoDoKu's regression tester asks of HoDoKu).

SE has none of these; they score where HoDoKu's order puts them (the registry's
scores): ALS-XZ, ALS-XY-wings, ALS chains and death blossoms after the AICs (SE's
forcing chains), Sue de Coq before the X-chains.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations, groupby

from .position import Position, Step, base_score, cells_of, digits_of

__all__ = ["als_chain", "als_xy_wing", "als_xz", "death_blossom", "sue_de_coq"]

#: The most cells of an ALS that the searches look at.
LARGEST = 8
#: The most ALSs of an ALS chain (three are an ALS-XY-wing).
LONGEST = 4
#: The most ALSs of an ALS chain when every step is asked for (HoDoKu's tester: six links).
EVERY_LONGEST = 7


class _Als:
    """An ALS: its ``cells`` (a tuple and the bit set ``bits``), its digits
    ``mask``, for each digit the bit set of its places (``where``) and of the
    cells that see them all (``sees``)."""

    __slots__ = ("cells", "bits", "mask", "unit", "where", "sees")

    def __init__(self, position: Position, cells: tuple[int, ...], mask: int, unit: int) -> None:
        seen = position.peer_bits
        self.cells, self.mask, self.unit = cells, mask, unit
        self.bits = sum(1 << x for x in cells)
        self.where, self.sees = {}, {}
        for d0 in range(position.n):
            if mask >> d0 & 1:
                where, sees = 0, -1
                for x in cells:
                    if position.candidates[x] >> d0 & 1:
                        where |= 1 << x
                        sees &= seen[x]
                self.where[d0], self.sees[d0] = where, sees & ~self.bits

    def term(self, before: tuple[int, ...], after: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Its cells, the digits ``before`` and the others with the digits ``after``
        last: a term of a chain as :attr:`Step.alss` holds it."""
        rest = tuple(d for d in digits_of(self.mask) if d not in before and d not in after)
        return self.cells, before, rest + after

    def name(self, position: Position) -> str:
        digits = "".join(position.symbol(d) for d in digits_of(self.mask))
        return f"{{{' '.join(position.name(x) for x in self.cells)}}} ({digits})"


def almost_locked_sets(position: Position) -> list[_Als]:
    """Every ALS of up to :data:`LARGEST` cells (kept while the position stays the same)."""
    key = tuple(position.candidates)
    memo = position.search.memo
    if memo.get("als key") != key:
        candidates = position.candidates
        found: dict[int, _Als] = {}
        for unit, cells in enumerate(position.units):
            blank = [x for x in cells if candidates[x]]
            for size in range(1, min(LARGEST, len(blank) - 1) + 1):
                for chosen in combinations(blank, size):
                    mask = 0
                    for x in chosen:
                        mask |= candidates[x]
                    if mask.bit_count() == size + 1:
                        bits = sum(1 << x for x in chosen)
                        if bits not in found:
                            found[bits] = _Als(position, chosen, mask, unit)
        memo["als key"], memo["als"] = key, list(found.values())
    return memo["als"]


def _digit_bits(position: Position) -> tuple[int, ...]:
    """For every digit (0-based), the bit set of the cells where it is a candidate."""
    return position.search.places(position)


def _most(position: Position, found) -> Step | None:
    """The step that eliminates the most (the first of equals) of ``found``:
    ``(eliminations, a function that makes the step)`` pairs (HoDoKu's order);
    when every step is asked for, each is offered instead (and None returned)."""
    if position.search.every is None:
        return max(found, key=lambda pair: len(pair[0]))[1]() if found else None
    for _, make in found:
        position.search.found(make())
    return None


def _removals(targets) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` for the cells of each bit set of ``targets`` (``(bits, 0-based digit)``)."""
    return tuple(sorted({(x, d0 + 1) for bits, d0 in targets for x in cells_of(bits)}))


def als_xz(position: Position) -> Step | None:
    """Two ALSs with a restricted common candidate ``x``: one of them is
    locked, so a digit ``z`` of both is in one of them, and the cells that see
    all its places in both lose it. With two such digits (doubly linked), both
    are locked: each digit of either leaves the cells that see all its places.
    ALSs that share no cell first, then those that overlap; of these, the step
    that eliminates most (every step, when every step is asked for)."""
    alss = almost_locked_sets(position)
    digit_bits = _digit_bits(position)
    for overlap in (False, True):
        found = []
        for i, links in _rcc_graph(position, overlap).items():
            a = alss[i]
            for j, pair in groupby((link for link in links if link[0] > i), key=lambda link: link[0]):
                b = alss[j]
                common = a.mask & b.mask
                if not common & (common - 1) or (overlap and not a.bits & b.bits):
                    continue
                rccs = [d0 for _, d0 in pair]
                both = a.bits | b.bits
                targets = [(a.sees[z] & b.sees[z] & digit_bits[z] & ~both, z) for z in a.where if z in b.where
                           and z not in rccs]
                if len(rccs) > 1:
                    targets += [(a.sees[x] & b.sees[x] & digit_bits[x] & ~both, x) for x in rccs]
                    targets += [(s.sees[d0] & digit_bits[d0] & ~both, d0) for s in (a, b) for d0 in s.where
                                if d0 not in rccs]
                eliminations = _removals(targets)
                if eliminations:
                    found.append((eliminations, partial(_xz_step, position, a, b, rccs, eliminations)))
        step = _most(position, found)
        if step is not None:
            return step
    return None


def _xz_step(position: Position, a: _Als, b: _Als, rccs: list[int], eliminations) -> Step:
    shared = " and ".join(position.symbol(d0 + 1) for d0 in rccs)
    if len(rccs) > 1:
        why = f"{shared} each go in one of them at most, so both are locked and every digit of either leaves what sees all its places"
        name = "ALS-XZ (doubly linked)"
    else:
        why = (f"{shared} goes in one of them at most, so one is locked and holds each other digit they share; "
               f"the cells that see all its places lose it")
        name = "ALS-XZ"
    text = f"{name}: {a.name(position)} and {b.name(position)} are almost locked sets, and {why}: {position.removal(eliminations)}."
    if len(rccs) > 1:  # a loop: A -x- B -y- A
        x, y = rccs[0] + 1, rccs[1] + 1
        alss = (a.term((x,), (y,)), b.term((y,), (x,)), (a.cells, (x,), ()))
    else:
        alss = _terms([a, b], [rccs[0] + 1], eliminations)
    return Step(name, base_score("ALS-XZ"), text, (), eliminations, a.cells + b.cells, (a.unit, b.unit), alss=alss)


def _rcc_graph(position: Position, overlap: bool = False) -> dict[int, list[tuple[int, int]]]:
    """For every ALS (by index), the ALSs it shares no cell with (with ``overlap``,
    also those it shares cells with, where the digit has no place) and their
    restricted common candidates: ``[(index, 0-based digit), ...]`` in that order
    (both graphs kept while the position stays the same). A digit with a place in a
    shared cell links none: that place would have to see itself. The ALSs of a digit are
    paired by their places of it: many share them, and two sets of places that
    do not all see each other pair none of their ALSs."""
    key = tuple(position.candidates)
    memo = position.search.memo
    if memo.get("rcc key") != key:
        alss, seen = almost_locked_sets(position), position.peer_bits
        graphs: tuple[dict[int, list[tuple[int, int]]], ...] = ({}, {})
        for graph in graphs:
            graph.update((i, []) for i in range(len(alss)))
        for d0 in range(position.n):
            by_places: dict[int, list[int]] = {}
            for i, als in enumerate(alss):
                if d0 in als.where:
                    by_places.setdefault(als.where[d0], []).append(i)
            groups = []
            for places, members in by_places.items():
                sees = -1
                for x in cells_of(places):
                    sees &= seen[x]
                groups.append((places, sees, members))
            for k, (places, sees, members) in enumerate(groups):
                for other, _, partners in groups[k + 1:]:
                    if other & ~sees:
                        continue
                    for i in members:
                        bits = alss[i].bits
                        for j in partners:
                            for graph in graphs[bool(bits & alss[j].bits):]:
                                graph[i].append((j, d0))
                                graph[j].append((i, d0))
        for graph in graphs:
            for links in graph.values():
                links.sort()
        memo["rcc key"], memo["rcc"] = key, graphs
    return memo["rcc"][overlap]


def _ends(position: Position, first: _Als, last: _Als, banned: set[int]) -> tuple[tuple[int, int], ...]:
    """What a chain of ALSs from ``first`` to ``last`` eliminates: a digit of
    both, not one of the ``banned`` (the links at the ends), goes in one of them,
    so the cells (not of the two) that see all its places lose it: those of the
    ALSs between may (as in HoDoKu)."""
    digit_bits = _digit_bits(position)
    cells = first.bits | last.bits
    return _removals([(first.sees[z] & last.sees[z] & digit_bits[z] & ~cells, z)
                      for z in first.where if z in last.where and z not in banned])


def als_xy_wing(position: Position) -> Step | None:
    """Three ALSs: a pivot C with restricted common candidates ``x`` with A and
    ``y`` with B. If A lacks ``x`` it is locked; else C lacks it, C holds ``y``,
    so B lacks ``y`` and is locked: a digit ``z`` of A and B is in one of them,
    and the cells that see all its places in both lose it. ALSs that share no
    cell first, then those that overlap (A and B: neither within the other); of
    these, the step that eliminates most (every step, when every step is asked for)."""
    alss = almost_locked_sets(position)
    for overlap in (False, True):
        found = []
        for c, links in _rcc_graph(position, overlap).items():
            for (a, x), (b, y) in combinations(links, 2):
                if x == y or a == b:
                    continue
                chain = [alss[a], alss[c], alss[b]]
                shared = chain[0].bits & chain[2].bits
                if overlap:
                    if shared in (chain[0].bits, chain[2].bits) or not (
                            shared or chain[1].bits & (chain[0].bits | chain[2].bits)):
                        continue
                elif shared:
                    continue
                eliminations = _ends(position, chain[0], chain[2], {x, y})
                if eliminations:
                    found.append((eliminations, partial(_chain_step, position, "ALS-XY-wing", base_score("ALS-XY-wing"),
                                                        chain, [x, y], eliminations)))
        step = _most(position, found)
        if step is not None:
            return step
    return None


def als_chain(position: Position) -> Step | None:
    """ALSs each linked to the next by a restricted common candidate, no two
    links in a row on the same digit: as in :func:`als_xy_wing`, one of the two
    ends is locked, so a digit of both ends (not their links') leaves the cells
    that see all its places there. Four to :data:`LONGEST` ALSs that share no
    cell, the shortest first (the search grows fast with the length): its base,
    0.1 more for each ALS beyond four. When every step is asked for,
    :func:`_every_als_chain` offers longer ones and ones whose ALSs share cells
    (7 of the 15 chains of HoDoKu's library need one or the other)."""
    alss, graph = almost_locked_sets(position), _rcc_graph(position)
    if position.search.every is not None:
        _every_als_chain(position, alss, graph)
        return None
    for length in range(4, LONGEST + 1):
        for start in range(len(alss)):
            stack: list[tuple[list[int], list[int], int]] = [([start], [], alss[start].bits)]
            while stack:
                path, links, cells = stack.pop()
                if len(path) == length:
                    first, last = alss[path[0]], alss[path[-1]]
                    eliminations = _ends(position, first, last, {links[0], links[-1]})
                    if eliminations:
                        return _chain_step(position, "ALS chain", _als_chain_score(length), [alss[i] for i in path],
                                           links, eliminations)
                    continue
                for following, d0 in graph[path[-1]]:
                    if (links and d0 == links[-1]) or alss[following].bits & cells:
                        continue
                    stack.append((path + [following], links + [d0], cells | alss[following].bits))
    return None


def _every_als_chain(position: Position, alss: list[_Als], graph) -> None:
    """Offer every ALS chain of four to :data:`EVERY_LONGEST` ALSs, as HoDoKu's
    "all steps" lists them: only ALSs next to each other need share no cell
    (each link argues on its two ALSs alone), and no ALS comes twice. A step per
    set of eliminations (the shortest chain that makes it), shortest first. From each start,
    only the ALSs that can still reach, within the length, an end it makes an
    elimination with are followed (their distance in links by the graph)."""
    digit_bits = _digit_bits(position)
    ends: dict[tuple[int, int, int, int], tuple] = {}
    shortest: dict[tuple, tuple[list[int], list[int]]] = {}  # eliminations -> (path, links)
    for start, first in enumerate(alss):
        goals = [j for j, last in enumerate(alss) if j > start and any(
            first.sees[z] & last.sees[z] & digit_bits[z] & ~(first.bits | last.bits)
            for z in first.where if z in last.where)]
        away = dict.fromkeys(goals, 0)  # ALS -> the fewest links to a goal
        level = goals
        for distance in range(1, EVERY_LONGEST - 1):
            following = []
            for i in level:
                for j, _ in graph[i]:
                    if j not in away:
                        away[j] = distance
                        following.append(j)
            level = following
        near = {i: sorted((away[j], j, d0) for j, d0 in graph[i] if j in away) for i in (start, *away)}
        stack: list[tuple[list[int], list[int]]] = [([start], [])]
        while stack:
            path, links = stack.pop()
            if len(path) >= 4 and path[-1] > start:
                key = (start, path[-1], links[0], links[-1])
                if key not in ends:
                    ends[key] = _ends(position, first, alss[path[-1]], {links[0], links[-1]})
                eliminations = ends[key]
                if eliminations and (eliminations not in shortest or len(shortest[eliminations][0]) > len(path)):
                    shortest[eliminations] = path, links
            for distance, following, d0 in near[path[-1]]:
                if len(path) + distance >= EVERY_LONGEST:
                    break
                if (not links or d0 != links[-1]) and following not in path:
                    stack.append((path + [following], links + [d0]))
    for eliminations, (path, links) in sorted(shortest.items(), key=lambda item: len(item[1][0])):
        position.search.found(_chain_step(position, "ALS chain", _als_chain_score(len(path)), [alss[i] for i in path],
                                       links, eliminations))


def _als_chain_score(length: int) -> float:
    """The score of an ALS chain of ``length`` ALSs: its base, 0.1 more for each ALS beyond four."""
    return round(base_score("ALS chain") + 0.1 * (length - 4), 1)


def _chain_step(position: Position, name: str, score: float, chain: list[_Als], links: list[int], eliminations) -> Step:
    parts = [chain[0].name(position)]
    for als, d0 in zip(chain[1:], links):
        parts.append(f"-{position.symbol(d0 + 1)}- {als.name(position)}")
    text = (f"{name}: {' '.join(parts)}, almost locked sets each linked to the next by a digit that can go in "
            f"one of the two at most; so one of the ends is locked, and a digit of both leaves the cells that "
            f"see all its places there: {position.removal(eliminations)}.")
    cells = tuple(dict.fromkeys(x for als in chain for x in als.cells))
    return Step(name, score, text, (), eliminations, cells, tuple(dict.fromkeys(als.unit for als in chain)),
                alss=_terms(chain, [d0 + 1 for d0 in links], eliminations))


def _terms(chain: list[_Als], links: list[int], eliminations) -> tuple:
    """The ALSs of a chain linked by the digits ``links``, as :attr:`Step.alss`
    holds them: the ends linked to the digits ``eliminations`` remove."""
    ends = tuple(sorted({d for _, d in eliminations}))
    digits = [ends, *((d,) for d in links), ends]
    return tuple(als.term(before, after) for als, before, after in zip(chain, digits, digits[1:]))


def death_blossom(position: Position) -> Step | None:
    """A cell (the stem) whose every candidate ``d`` has an ALS (a petal) where
    all the places of ``d`` see the stem: whatever the stem holds, its petal
    lacks that digit and is locked. A digit of every petal, not of the stem, is
    then in one of them: the cells that see all its places there lose it. Stems
    of two or three candidates; petals that share no cell first, then those
    that overlap (every choice of petals, when every step is asked for)."""
    alss = almost_locked_sets(position)
    seen = position.peer_bits
    digit_bits = _digit_bits(position)
    stems = []
    for stem in position.blanks():
        stem_digits = [d - 1 for d in position.digits(stem)]
        if not 2 <= len(stem_digits) <= 3:
            continue
        petals = [[als for als in alss if d0 in als.where and not als.bits >> stem & 1
                   and not als.where[d0] & ~seen[stem]] for d0 in stem_digits]
        if all(petals):
            stems.append((stem, stem_digits, petals))
    for overlap in (False, True):
        for stem, stem_digits, petals in stems:
            for chosen, common in _blossoms(petals, ~position.candidates[stem], overlap):
                cells = 1 << stem
                for als in chosen:
                    cells |= als.bits  # petals may share cells: a sum would carry
                targets = []
                for z in digits_of(common):
                    sees = -1
                    for als in chosen:
                        sees &= als.sees[z - 1]
                    targets.append((sees & digit_bits[z - 1] & ~cells, z - 1))
                eliminations = _removals(targets)
                if eliminations:
                    step = _blossom_step(position, stem, stem_digits, chosen, eliminations)
                    if position.search.found(step):
                        return step
    return None


def _blossoms(petals: list[list[_Als]], digits: int, overlap: bool):
    """``(ALSs, digits of all)``: every choice of one ALS from each list with
    ``digits`` in common; without ``overlap`` no two share a cell, with it some do."""
    stack: list[tuple[int, list[_Als], int, int, bool]] = [(0, [], 0, digits, False)]
    while stack:
        index, chosen, cells, common, shares = stack.pop()
        if index == len(petals):
            if shares == overlap:
                yield chosen, common
            continue
        for als in petals[index]:
            if als.mask & common and (overlap or not als.bits & cells):
                stack.append((index + 1, chosen + [als], cells | als.bits, common & als.mask,
                              shares or bool(als.bits & cells)))


def _blossom_step(position: Position, stem: int, stem_digits: list[int], chosen: list[_Als], eliminations) -> Step:
    petals = "; ".join(f"{position.symbol(d0 + 1)}: {als.name(position)}" for d0, als in zip(stem_digits, chosen))
    text = (f"Death blossom: whatever {position.name(stem)} holds, the almost locked set of that digit lacks it and "
            f"is locked ({petals}); a digit of all of them is in one, and the cells that see all its places there "
            f"lose it: {position.removal(eliminations)}.")
    cells = (stem,) + tuple(x for als in chosen for x in als.cells)
    return Step("Death blossom", base_score("Death blossom"), text, (), eliminations, cells, tuple(als.unit for als in chosen))


def sue_de_coq(position: Position) -> Step | None:
    """Two or three cells where a box meets a line, holding at least two digits
    more than cells, with cells of the rest of the line and of the rest of the
    box whose digits have none in common: when all those cells hold exactly as
    many digits as there are cells, each digit goes in them once. The line's
    other cells lose the digits of its part and those of the meeting cells the
    box's part lacks; the box's other cells likewise. The first found (every one,
    when every step is asked for)."""
    n = position.n
    candidates = position.candidates
    units_of = position.units_of
    for box in position.boxes:
        for line in sorted({u for x in position.units[box] for u in units_of[x][:2]}):
            meet = [x for x in position.units[box] if units_of[x][line // n] == line and candidates[x]]
            for size in (2, 3):
                for core in combinations(meet, size):
                    mask = 0
                    for x in core:
                        mask |= candidates[x]
                    if mask.bit_count() < size + 2:
                        continue
                    rest_line = [x for x in position.units[line] if candidates[x] and x not in core and units_of[x][2] != box]
                    rest_box = [x for x in position.units[box] if candidates[x] and x not in core and units_of[x][line // n] != line]
                    step = _sue_de_coq_on(position, core, mask, line, box, rest_line, rest_box,
                                          [x for x in meet if x not in core])
                    if step:
                        return step
    return None


def _parts(cells: list[int], candidates: list[int], mask: int) -> list[tuple[tuple[int, ...], int, int]]:
    """``(cells, digits, room)`` for the sets of up to three ``cells`` that hold a
    digit of ``mask``: ``room``, how many digits of ``mask`` they must take."""
    found = []
    for size in range(1, min(3, len(cells)) + 1):
        for chosen in combinations(cells, size):
            digits = 0
            for x in chosen:
                digits |= candidates[x]
            room = size - (digits & ~mask).bit_count()
            if digits & mask and room >= 1:
                found.append((chosen, digits, room))
    return found


def _sue_de_coq_on(position: Position, core, mask: int, line: int, box: int, rest_line, rest_box, third) -> Step | None:
    """Sue de Coq on the meeting cells ``core`` (``third``: a meeting cell left
    out, which is in both the line and the box)."""
    candidates = position.candidates
    need = mask.bit_count() - len(core)
    box_parts: dict[int, list] = {}
    for part in _parts(rest_box, candidates, mask):
        box_parts.setdefault(part[2], []).append(part)
    for line_cells, line_digits, line_room in _parts(rest_line, candidates, mask):
        for box_cells, box_digits, _ in box_parts.get(need - line_room, ()):
            if line_digits & box_digits:
                continue
            line_gone = line_digits | (mask & ~box_digits)
            box_gone = box_digits | (mask & ~line_digits)
            used = set(core) | set(line_cells) | set(box_cells)
            eliminations = tuple(sorted(
                {(x, d) for x in rest_line if x not in used for d in digits_of(candidates[x] & line_gone)}
                | {(x, d) for x in rest_box if x not in used for d in digits_of(candidates[x] & box_gone)}
                | {(x, d) for x in third for d in digits_of(candidates[x] & (line_gone | box_gone))}
            ))
            if eliminations:
                step = _sue_de_coq_step(position, core, mask, line, box, line_cells, box_cells, eliminations)
                if position.search.found(step):
                    return step
    return None


def _sue_de_coq_step(position, core, mask, line, box, line_cells, box_cells, eliminations) -> Step:
    names = lambda cells: " ".join(position.name(x) for x in cells)  # noqa: E731
    digits = "".join(position.symbol(d) for d in digits_of(mask))
    text = (f"Sue de Coq: {names(core)} (where {position.unit_name(box)} meets {position.unit_name(line)}) hold {digits}; "
            f"with {names(line_cells)} of the line and {names(box_cells)} of the box, which share no digit, they "
            f"hold as many digits as cells, so each goes there once: {position.removal(eliminations)}.")
    return Step("Sue de Coq", base_score("Sue de Coq"), text, (), eliminations, tuple(core) + tuple(line_cells) + tuple(box_cells),
                (line, box))


