"""Wings: a pivot cell and cells that see it, whose digits leave the cells that see them.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
bivalue
    A cell with exactly two candidates.
wing
    A *pivot* cell and *wings*, cells that see it: whatever the pivot holds, one
    of the wings (or the pivot) holds a digit ``z``, so the cells that see all
    their ``z`` cells lose it. XY-wing, XYZ-wing, the bent WXYZ- and VWXYZ-wings;
    a W-wing joins two bivalue cells by a strong link instead of a pivot.

Scores are Sudoku Explainer's (SE) where SE has the technique (XY-wing,
XYZ-wing). SE has no W-wing: it scores as the XYZ-wing it rivals. WXYZ- and
VWXYZ-wings score as in SukakuExplainer, which rated our SE reference set:
their base, up to 0.2 more by the size of their largest cell (the bases are
the registry's, :mod:`.registry`).

Every search offers each step it finds through :meth:`Search.found`, so that
:meth:`Technique.every` lists them all (HoDoKu's "all steps"): the bent wings
each wing they weigh.
"""

from __future__ import annotations

from itertools import combinations

from .position import Position, Step, base_score, cells_of, digits_of, join

__all__ = ["vwxyz_wing", "w_wing", "wxyz_wing", "xy_wing", "xyz_wing"]


def _bivalue(position: Position) -> list[int]:
    return [x for x, mask in enumerate(position.candidates) if mask.bit_count() == 2]



def xy_wing(position: Position) -> Step | None:
    """A bivalue pivot ``xy`` seeing bivalue wings ``xz`` and ``yz``: one wing is
    ``z``, so the cells that see both wings lose ``z``."""
    candidates, peers = position.candidates, position.peers
    for pivot in _bivalue(position):
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
            eliminations = position.eliminations(position.seen_by_all((a, b)), digit)
            if eliminations:
                if candidates[a] & both > candidates[b] & both:
                    a, b = b, a  # tell the pivot's smaller digit first
                x, y = candidates[a] & both, candidates[b] & both
                d = position.symbol(digit)
                text = (
                    f"XY-wing: {position.name(pivot)} is {position.or_digits(both)}; if {position.or_digits(x)}, "
                    f"{position.name(a)} ({position.or_digits(candidates[a])}) is {d}, and if {position.or_digits(y)}, "
                    f"{position.name(b)} ({position.or_digits(candidates[b])}) is {d}; so the cells that see both "
                    f"{position.name(a)} and {position.name(b)} lose {d}: {position.removal(eliminations)}."
                )
                units = position.shared_units(pivot, a) + position.shared_units(pivot, b)
                step = Step("XY-wing", base_score("XY-wing"), text, eliminations=tuple(eliminations),
                            cells=(pivot, a, b), units=units)
                if position.search.found(step):
                    return step
    return None


def xyz_wing(position: Position) -> Step | None:
    """A pivot ``xyz`` seeing bivalue wings ``xz`` and ``yz``: one of the three is
    ``z``, so the cells that see all three lose ``z``."""
    candidates, peers = position.candidates, position.peers
    for pivot, three in enumerate(candidates):
        if three.bit_count() != 3:
            continue
        wings = [x for x in sorted(peers[pivot]) if candidates[x].bit_count() == 2 and not candidates[x] & ~three]
        for a, b in combinations(wings, 2):
            if candidates[a] | candidates[b] != three:
                continue
            digit = digits_of(candidates[a] & candidates[b])[0]
            eliminations = position.eliminations(position.seen_by_all((pivot, a, b)), digit)
            if eliminations:
                d = position.symbol(digit)
                text = (
                    f"XYZ-wing: {position.name(pivot)} is {position.or_digits(three)}, {position.name(a)} is "
                    f"{position.or_digits(candidates[a])} and {position.name(b)} is {position.or_digits(candidates[b])}; "
                    f"whatever goes in {position.name(pivot)}, one of the three is {d}, so the cells that see all "
                    f"three lose {d}: {position.removal(eliminations)}."
                )
                units = position.shared_units(pivot, a) + position.shared_units(pivot, b)
                step = Step("XYZ-wing", base_score("XYZ-wing"), text, eliminations=tuple(eliminations),
                            cells=(pivot, a, b), units=units)
                if position.search.found(step):
                    return step
    return None


def w_wing(position: Position) -> Step | None:
    """Two bivalue cells ``xy`` that do not see each other, linked by a unit where
    ``x`` has two places, one seeing each: one of them is ``y``, so the cells that
    see both lose ``y``."""
    candidates, peers = position.candidates, position.peers
    links: dict[int, list[tuple[int, int, int]]] = {}
    for p, q in combinations(_bivalue(position), 2):
        if candidates[p] != candidates[q] or q in peers[p]:
            continue
        common = position.seen_by_all((p, q))
        for x, y in (digits_of(candidates[p]), digits_of(candidates[p])[::-1]):
            eliminations = position.eliminations(common, y)
            if not eliminations:
                continue
            if x not in links:
                links[x] = position.strong_links(x)
            bridge = _bridge(position, links[x], p, q)
            if bridge:
                unit, a, b = bridge
                dx, dy = position.symbol(x), position.symbol(y)
                text = (
                    f"W-wing: {position.name(p)} and {position.name(q)} are both {position.or_digits(candidates[p])}, "
                    f"and in {position.unit_name(unit)} the {dx} is in {position.name(a)} or {position.name(b)}, which "
                    f"see them; so one of {position.name(p)} and {position.name(q)} is not {dx} but {dy}, and the "
                    f"cells that see both lose {dy}: {position.removal(eliminations)}."
                )
                step = Step("W-wing", base_score("W-wing"), text, eliminations=tuple(eliminations),
                            cells=(p, q, a, b), units=(unit,))
                if position.search.found(step):
                    return step
    return None


def wxyz_wing(position: Position) -> Step | None:
    """A pivot and three cells that see it, holding four digits between them,
    where every digit but one is confined to cells that see each other: see
    :func:`_bent_wing`. SukakuExplainer: its base, 0.1 more when the largest cell has three."""
    return _bent_wing(position, 4, base_score("WXYZ-wing"))


def vwxyz_wing(position: Position) -> Step | None:
    """The five-cell :func:`wxyz_wing`. SukakuExplainer: its base to 0.2 more."""
    return _bent_wing(position, 5, base_score("VWXYZ-wing"))


def _bent_wing(position: Position, size: int, base: float) -> Step | None:
    """The lowest-scoring wing of ``size`` cells, a pivot and cells that see it,
    holding ``size`` digits between them. A digit whose cells in the wing see
    each other goes in at most one of them; the wing needs ``size`` digits, so
    if all but one digit ``z`` are such, one of its cells holds ``z`` and the
    cells that see all its ``z`` cells lose ``z`` (if all are, each digit goes in
    the wing once). Scored as SukakuExplainer: ``base`` + 0.1 for each step the
    largest cell's candidate count comes towards the middle size."""
    candidates, seen = position.candidates, position.peer_bits
    everywhere = position.search.places(position)  # each digit's cells, as a bit set
    middle = (size + 2) // 2
    best = None
    for pivot in position.blanks():
        mask = candidates[pivot]
        if not 0 < mask.bit_count() <= size:
            continue
        pool = [x for x in sorted(position.peers[pivot]) if candidates[x] and (candidates[x] | mask).bit_count() <= size]
        for cells, union, free in _wings(position, pool, size, (pivot,), mask, 0):
            if union.bit_count() != size:
                continue
            eliminations = []
            for d in digits_of(free or union):  # the cells that see all its places in the wing lose it
                targets = everywhere[d - 1]
                for x in cells:
                    if candidates[x] >> (d - 1) & 1:
                        targets &= seen[x]
                eliminations += [(x, d) for x in cells_of(targets)]
            if not eliminations:
                continue
            biggest = max(candidates[x].bit_count() for x in cells)
            score = round(base + (size - middle - abs(middle - biggest)) * 0.1, 1)
            if best is None or score < best.score or position.search.every is not None:
                step = _wing_step(position, cells, union, digits_of(free), sorted(eliminations), score)
                position.search.found(step)
                best = step if best is None or score < best.score else best
    return best


def _wings(position: Position, pool: list[int], size: int, cells: tuple[int, ...], union: int, free: int):
    """``(cells, union, free)`` for every way to add cells of ``pool`` (in order)
    to ``cells`` until there are ``size``, holding at most ``size`` digits, at
    most one of which (the mask ``free``) has places that do not all see each other."""
    if len(cells) == size:
        yield cells, union, free
        return
    candidates, peers = position.candidates, position.peers
    for i, x in enumerate(pool[:len(pool) - size + len(cells) + 1]):  # leaving enough cells to add
        more = union | candidates[x]
        if more.bit_count() > size:
            continue
        unseen = 0
        for cell in cells:
            if cell not in peers[x]:
                unseen |= candidates[cell]
        loose = free | (candidates[x] & unseen)
        if not loose & (loose - 1):
            if len(cells) + 1 == size:
                yield (*cells, x), more, loose
            else:
                yield from _wings(position, pool[i + 1:], size, (*cells, x), more, loose)


def _wing_step(position: Position, cells, union: int, free: list[int], eliminations, score: float) -> Step:
    name = f"{'VWXYZ'[5 - len(cells):]}-wing"
    held = join([f"{position.name(x)} ({position.or_digits(position.candidates[x])})" for x in cells])
    digits = join([position.symbol(d) for d in digits_of(union)])
    if free:
        z = position.symbol(free[0])
        why = (f"every digit but {z} has its places among them in cells that see each other, so goes in at most "
               f"one; so one of them is {z}, and the cells that see all their {z}s lose it")
    else:
        why = ("every digit has its places among them in cells that see each other, so goes in exactly one; the "
               "cells that see all of a digit's places among them lose it")
    text = f"{name}: {held} hold only {digits} between them; {why}: {position.removal(eliminations)}."
    return Step(name, score, text, eliminations=tuple(eliminations), cells=tuple(cells))


def _bridge(position: Position, links, p: int, q: int) -> tuple[int, int, int] | None:
    """A strong link ``(unit, a, b)`` of ``links``, other than ``p`` and ``q``, with
    ``a`` seeing ``p`` and ``b`` seeing ``q``."""
    peers = position.peers
    for unit, a, b in links:
        if {a, b} & {p, q}:
            continue
        if b in peers[p] and a in peers[q]:
            a, b = b, a
        if a in peers[p] and b in peers[q]:
            return unit, a, b
    return None

