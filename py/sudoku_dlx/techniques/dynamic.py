"""Forcing chains above Sudoku Explainer 9.0: dynamic forcing chains (+) and
nested forcing chains.

A *net* follows an assumption as :func:`dynamic_forcing_chains` does
(singles on the candidates it has removed) and, each time that stalls, applies
the rules of its *level* to the candidates left, the first rule that finds
something first; what the rules remove goes on propagating. An assumption
whose net reaches a candidate both on and off is false.

====== ==================================================== ===== =================================
level  rules when the propagation stalls                      SE   technique
====== ==================================================== ===== =================================
1      locked candidates, hidden and naked pairs, X-wings     9.0  dynamic forcing chains (+)
2      those, then forcing chains on the candidates left      9.5  nested forcing chains
3      those, then cell and unit forcing chains (static)     10.0  nested multiple forcing chains
4      level 2's, then dynamic forcing chains                10.5  nested dynamic forcing chains
====== ==================================================== ===== =================================

A nested chain is found on the candidates the net has left: a forcing chain
concludes what both ends of a strong link imply (one of them is true), cell
and unit forcing chains what every candidate of a cell or every place of a
digit implies, and a dynamic forcing chain refutes an assumption that leads to
a contradiction.

The score is SE's: the level's base plus :func:`~sudoku_dlx.techniques.links.length_bonus` of the
net's complexity, the terms the contradiction rests on plus, once each, the
complexity of every nested chain among them. Each technique returns its
lowest-scoring contradiction, looking at every assumption on levels 1 and 2
and, above, at those whose net on the level below went furthest (a search of
every assumption there takes minutes).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from functools import cache

from .position import Position, Link, Step, base_score
from .forcing import again, found_step, multiple
from .links import Links, candidate, chain_score, first_parents, links_of, term_text, propagate

__all__ = [
    "dynamic_forcing_chains", "dynamic_forcing_chains_plus", "nested_dynamic_forcing_chains", "nested_forcing_chains",
    "nested_multiple_forcing_chains",
]

#: level: (its steps' name, its technique's in the registry, which gives its base score,
#: how many assumptions to follow, the best first).
LEVELS = {
    0: ("Dynamic forcing chains (contradiction)", "Dynamic forcing chains", None),
    1: ("Dynamic forcing chains (+)", "Dynamic forcing chains (+)", None),
    2: ("Nested forcing chains", "Nested forcing chains", 40),
    3: ("Nested multiple forcing chains", "Nested multiple forcing chains", None),
    4: ("Nested dynamic forcing chains", "Nested dynamic forcing chains", 8),
}


def _base(level: int) -> float:
    """The base score of ``level``'s steps."""
    return base_score(LEVELS[level][1])


class _Net:
    """One assumption followed with the rules of a level (see the module's table).

    ``parents`` maps every term reached to the terms it follows from (the first
    is the link it came by; a rule's deduction rests on the candidates the net
    removed that the rule needed); ``inner`` holds, for a term a rule deduced,
    the rule's words and the complexity of its chains. ``keys`` (``unit * n +
    digit - 1``) and ``cells`` log what the net removed, so that the rules of
    locked candidates, pairs and X-wings look only where something changed."""

    def __init__(self, links: Links, start: int, level: int, candidates=None, counts=None) -> None:
        self.links = links
        self.start = start
        self.level = level
        self.candidates = (candidates or links.candidates)[:]
        self.counts = (counts or links.counts)[:]
        self.parents: dict[int, tuple[int, ...]] = {}
        #: The candidates of the terms reached, off and on, as bit sets.
        self.reached = [0, 0]
        self.inner: dict[int, tuple[str, int]] = {}
        self.conflict: tuple[int, int] | None = None
        self._complexity: int | None = None
        self.keys: list[int] = []
        self.cells: list[int] = []
        self.looked: dict[Callable, tuple[int, int]] = {}
        #: The level whose rules the net has run out of (0: none yet, or it has learnt facts since).
        self.done = 0
        #: How many facts of the position the net has learnt.
        self.known = 0
        #: The static links of the net's candidates, while they stay (see :meth:`_Static.of`).
        self.static: _Static | None = None

    def copy(self, level: int) -> _Net:
        """A copy of the net, to go on with the rules of ``level``."""
        twin = _Net.__new__(_Net)
        twin.links, twin.start, twin.level, twin.done, twin.known = self.links, self.start, level, self.done, self.known
        twin.candidates, twin.counts = self.candidates[:], self.counts[:]
        twin.parents, twin.inner, twin.reached = dict(self.parents), dict(self.inner), self.reached[:]
        twin.conflict, twin._complexity = self.conflict, self._complexity
        twin.keys, twin.cells, twin.looked = self.keys[:], self.cells[:], dict(self.looked)
        twin.static = None
        return twin

    def learn(self, facts: list) -> None:
        """Add the facts of the position (terms that hold, oldest first) that the net
        has not learnt yet, and what they imply."""
        if self.conflict or len(facts) == self.known:
            return
        reached = len(self.parents)
        self.propagate(facts[self.known:])
        self.known = len(facts)
        if len(self.parents) != reached:
            self.done = 0

    def run(self) -> bool:
        """Follow the assumption (or go on from where the net stopped, with this
        level's rules); True once it has reached a contradiction."""
        found: list[tuple[int, tuple[int, ...]]] = [(self.start, ())]
        while found and not self.conflict:
            if self.propagate(found):
                return True
            found = self._rules()
        return bool(self.conflict)

    def propagate(self, found) -> bool:
        """Add the ``(term, parents)`` of ``found`` and everything they imply; True on a contradiction."""
        links, n = self.links, self.links.n
        candidates, counts, parents = self.candidates, self.counts, self.parents
        units_of = links.position.units_of
        keys, cells = self.keys, self.cells
        ons: deque[int] = deque()
        offs: deque[int] = deque()
        reached = self.reached
        for term, why in found:
            if term in parents:
                continue
            parents[term] = why
            reached[term & 1] |= 1 << (term >> 1)
            if term ^ 1 in parents:
                self.conflict = (term, term ^ 1) if term & 1 else (term ^ 1, term)
                return True
            (ons if term & 1 else offs).append(term)
        while ons or offs:
            term = ons.popleft() if ons else offs.popleft()
            for new, hidden in links.implied(term, candidates, counts):
                if new in parents:
                    continue
                parents[new] = (term, *hidden)
                reached[new & 1] |= 1 << (new >> 1)
                if new ^ 1 in parents:
                    self.conflict = (new, new ^ 1) if new & 1 else (new ^ 1, new)
                    return True
                (ons if new & 1 else offs).append(new)
            if not term & 1:
                cell, d0 = divmod(term >> 1, n)
                if candidates[cell] >> d0 & 1:
                    candidates[cell] ^= 1 << d0
                    cells.append(cell)
                    for unit in units_of[cell]:
                        counts[unit * n + d0] -= 1
                        keys.append(unit * n + d0)
        return False

    def _rules(self) -> list[tuple[int, tuple[int, ...]]]:
        """The deductions of the first rule of the level that finds any."""
        for rule in RULES[self.level]:
            keys_from, cells_from = self.looked.get(rule, (0, 0))
            self.looked[rule] = (len(self.keys), len(self.cells))
            found = []
            for term, why, inner in rule(self, set(self.keys[keys_from:]), set(self.cells[cells_from:])):
                if term in self.parents:
                    continue
                if inner and (term not in self.inner or self.inner[term][1] > inner[1]):
                    self.inner[term] = inner
                found.append((term, why or (self.start,)))
            if found:
                return found
        return []

    def removed(self, cells, mask: int) -> list[int]:
        """The off-terms of the candidates of ``mask`` in ``cells`` that the net removed."""
        n, start, candidates = self.links.n, self.links.candidates, self.candidates
        out = []
        for x in cells:
            gone = start[x] & ~candidates[x] & mask
            while gone:
                low = gone & -gone
                out.append((x * n + low.bit_length() - 1) << 1)
                gone ^= low
        return out

    def rests_on(self) -> set[int]:
        """The terms the contradiction rests on."""
        return _rests_on(self.parents, self.conflict)[0]

    def ancestors(self, term: int) -> int:
        """How many terms ``term`` rests on, itself included."""
        return len(_rests_on(self.parents, [term])[0])

    def path(self, term: int) -> list[int]:
        """The chain from the assumption to ``term`` along first parents."""
        return first_parents(self.parents, term)

    def complexity(self) -> int:
        """SE's: the terms the contradiction rests on, plus the complexity of the
        nested chains among them (kept: a net that has found a contradiction stops)."""
        if self._complexity is None:
            seen = self.rests_on()
            self._complexity = len(seen) + sum(self.inner[term][1] for term in seen if term in self.inner)
        return self._complexity


def _off(x: int, d0: int, n: int) -> int:
    return (x * n + d0) << 1


def _digit(net: _Net, d0: int) -> str:
    return net.links.position.symbol(d0 + 1)


def _locked(net: _Net, keys, cells):
    """Pointing and claiming, in the units where a digit lost places."""
    n, position = net.links.n, net.links.position
    candidates, counts = net.candidates, net.counts
    units, units_of = position.units, position.units_of
    out = []
    for key in keys:
        if counts[key] < 2:
            continue
        u, d0 = divmod(key, n)
        bit = 1 << d0
        places = [x for x in units[u] if candidates[x] & bit]
        first = units_of[places[0]]
        kinds = (0, 1) if u >= 2 * n else (2,) if position.boxes else ()
        for kind in kinds:
            other = first[kind]
            if any(units_of[x][kind] != other for x in places):
                continue
            targets = [x for x in units[other] if candidates[x] & bit and x not in places]
            if targets:
                why = tuple(net.removed([x for x in units[u] if units_of[x][kind] != other], bit))
                words = (f"{'pointing' if u >= 2 * n else 'claiming'}: in {position.unit_name(u)} the {_digit(net, d0)} "
                         f"is only in {position.unit_name(other)}")
                out += [(_off(x, d0, n), why, (words, 0)) for x in targets]
    return out


def _pairs(net: _Net, keys, cells):
    """Hidden pairs where a digit lost places, naked pairs where a cell lost candidates."""
    n, position = net.links.n, net.links.position
    units, units_of = position.units, position.units_of
    candidates, counts = net.candidates, net.counts
    out = []
    for key in keys:
        if counts[key] != 2:
            continue
        u, d0 = divmod(key, n)
        unit = units[u]
        a, b = (x for x in unit if candidates[x] >> d0 & 1)
        both = candidates[a] & candidates[b] & ~(1 << d0)
        for e0 in range(n):
            if both >> e0 & 1 and counts[u * n + e0] == 2:
                keep = (1 << d0) | (1 << e0)
                if (candidates[a] | candidates[b]) & ~keep:
                    why = tuple(net.removed([x for x in unit if x != a and x != b], keep))
                    words = (f"hidden pair {_digit(net, min(d0, e0))},{_digit(net, max(d0, e0))} in "
                             f"{position.unit_name(u)}")
                    out += [(_off(x, f0, n), why, (words, 0)) for x in (a, b) for f0 in range(n)
                            if (candidates[x] & ~keep) >> f0 & 1]
    for x in cells:
        m = candidates[x]
        if m.bit_count() != 2:
            continue
        for u in units_of[x]:
            twin = [y for y in units[u] if y != x and candidates[y] == m]
            if not twin:
                continue
            targets = [(y, f0) for y in units[u] if y not in (x, twin[0]) for f0 in range(n) if (candidates[y] & m) >> f0 & 1]
            if targets:
                why = tuple(net.removed([x, twin[0]], ~m))
                words = f"naked pair {position.name(min(x, twin[0]))},{position.name(max(x, twin[0]))}"
                out += [(_off(y, f0, n), why, (words, 0)) for y, f0 in targets]
    return out


def _x_wings(net: _Net, keys, cells):
    """X-wings with a base line where the digit lost places."""
    n, position = net.links.n, net.links.position
    units = position.units
    candidates, counts = net.candidates, net.counts
    out = []
    for key in keys:
        if counts[key] != 2 or key >= 2 * n * n:
            continue
        line, d0 = divmod(key, n)
        bit = 1 << d0
        base = 0 if line < n else n
        pos = [i for i, x in enumerate(units[line]) if candidates[x] & bit]
        for other in range(base, base + n):
            if other == line or counts[other * n + d0] != 2 or not all(candidates[units[other][i]] & bit for i in pos):
                continue
            base_cells = set(units[line]) | set(units[other])
            targets = [x for p in pos for x in units[n - base + p] if candidates[x] & bit and x not in base_cells]
            if targets:
                why = tuple(net.removed(base_cells, bit))
                words = f"X-wing on {_digit(net, d0)} in {position.unit_name(line)} and {position.unit_name(other)}"
                out += [(_off(x, d0, n), why, (words, 0)) for x in targets]
    return out


#: How far (in inferences) the chains nested in a net go, and those of its
#: cell and unit forcing chains.
DEPTH = 6
MULTIPLE_DEPTH = 6


@cache
def _weak_masks(peers: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    """For every candidate ``c = cell * n + digit - 1`` of the grid, the bit set of
    the candidates it is weakly linked to: the others of its cell, its digit in its
    ``peers`` (a position's)."""
    n = round(len(peers) ** 0.5)
    masks = []
    for c in range(len(peers) * n):
        x, d0 = divmod(c, n)
        mask = sum(1 << (x * n + e0) for e0 in range(n) if e0 != d0)
        for y in peers[x]:
            mask |= 1 << (y * n + d0)
        masks.append(mask)
    return tuple(masks)


def _through(on: int, off: int, among: int, more_on: list[int], more_off: list[int]) -> tuple[int, int]:
    """``on`` and ``off`` with ``more_on`` and ``more_off`` of every candidate of the bit set ``among``."""
    while among:
        low = among & -among
        among ^= low
        c = low.bit_length() - 1
        on |= more_on[c]
        off |= more_off[c]
    return on, off


class _Static:
    """The static links of a net's candidates: what an assumption implies there
    within :data:`DEPTH` inferences, as bit sets over the candidates (fast) or
    with the parents of every term (for the chains of a deduction)."""

    def __init__(self, net: _Net, depth: int) -> None:
        self.net = net
        self.depth = depth
        #: The net's candidates these are of: how many it had removed.
        self.removals = len(net.cells)
        self.weak = _weak_masks(net.links.position.peers)
        #: The live candidates; for every candidate, the candidates it being false makes true;
        #: ``linked``: those that have any. The position's, but for the candidates the net
        #: removed (those its off-terms reached: its propagation has run out, as when its
        #: rules run) and the strong links it made (:attr:`new_links`, see :func:`_new_strong_links`).
        alive, strong, linked = _position_links(net.links)
        self.alive = alive & ~net.reached[0]
        strong = self.strong = strong[:]
        gone = linked & ~self.alive
        linked &= ~gone
        while gone:
            low = gone & -gone
            gone ^= low
            end = low.bit_length() - 1
            others, strong[end] = strong[end], 0
            while others:
                bit = others & -others
                others ^= bit
                other = bit.bit_length() - 1
                strong[other] &= ~low
                if not strong[other]:
                    linked &= ~bit
        self.new_links = _new_strong_links(net)
        for a, b, _, _ in self.new_links:
            strong[a] |= 1 << b
            strong[b] |= 1 << a
            linked |= 1 << a | 1 << b
        self.linked = linked
        self.bits: dict[int, tuple[int, int]] = {}
        self.parents: dict[int, dict[int, tuple[int, ...]]] = {}
        self.implied: dict[int, list] = {}

    @classmethod
    def of(cls, net: _Net, depth: int) -> _Static:
        """The static links of ``net``'s candidates as they are (made once for them: the
        rules of a net that stalls ask for them one after another)."""
        kept = net.static
        if kept is None or kept.removals != len(net.cells) or kept.depth != depth:
            kept = net.static = cls(net, depth)
        return kept

    def reach_bits(self, start: int) -> tuple[int, int]:
        """The candidates the on-term ``start`` makes true and false."""
        found = self.bits.get(start)
        if found is None:
            weak, alive, strong, linked = self.weak, self.alive, self.strong, self.linked
            on = frontier = 1 << (start >> 1)
            off = 0
            for _ in range(self.depth // 2):
                new_off = 0
                while frontier:
                    low = frontier & -frontier
                    frontier ^= low
                    new_off |= weak[low.bit_length() - 1]
                new_off &= alive & ~off
                if not new_off:
                    break
                off |= new_off
                new_on = 0
                new_off &= linked
                while new_off:
                    low = new_off & -new_off
                    new_off ^= low
                    new_on |= strong[low.bit_length() - 1]
                frontier = new_on & ~on
                on |= frontier
            found = self.bits[start] = (on, off)
        return found

    # :meth:`reach_all` makes the same for every live candidate at once, a round at a
    # time. A round is a weak link, then a strong one. Candidate ``c`` on makes false
    # ``gone``, its weak links to live candidates; through its *ends*, those of them with
    # a strong link, it makes true their strong links' other ends, and so on: within k
    # rounds, ``c`` makes true itself and what lies beyond its ends within k - 1 rounds,
    # and false ``gone`` and what lies beyond its ends within k - 1. Beyond an end within
    # no round lie the other ends of its strong links. Only the few candidates with a
    # strong link are ends: what lies beyond each is made once, for all.

    def reach_all(self) -> tuple[list[int], list[int]]:
        """:meth:`reach_bits` of every live candidate, by candidate (``cell * n + digit - 1``);
        nothing for the others (a live candidate makes at least itself true)."""
        weak, alive, linked, strong = self.weak, self.alive, self.linked, self.strong
        ends = []  # every end, with its ends and its weak links to live candidates
        rest = linked
        while rest:
            low = rest & -rest
            rest ^= low
            end = low.bit_length() - 1
            ends.append((end, weak[end] & alive & linked, weak[end] & alive))
        beyond_on, beyond_off = strong[:], [0] * len(strong)  # within no round
        for _ in range(self.depth // 2 - 1):
            on, off = [0] * len(strong), [0] * len(strong)  # what each end makes true and false, a round more
            for end, its_ends, gone in ends:
                on[end], off[end] = _through(1 << end, gone, its_ends, beyond_on, beyond_off)
            for end, _, _ in ends:
                beyond_on[end], beyond_off[end] = _through(0, 0, strong[end], on, off)
        on, off = [0] * len(weak), [0] * len(weak)
        rest = alive
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            gone = weak[c] & alive
            on[c], off[c] = _through(low, gone, gone & linked, beyond_on, beyond_off) if gone & linked else (low, gone)
        return on, off

    def reach(self, start: int) -> dict[int, tuple[int, ...]]:
        """What ``start`` implies, as :meth:`reach_bits`, with the parents of every term."""
        parents = self.parents.get(start)
        if parents is None:
            net = self.net
            links, candidates, counts, cache = net.links, net.candidates, net.counts, self.implied
            parents = self.parents[start] = {start: ()}
            layer = [start]
            for _ in range(self.depth):
                following = []
                for term in layer:
                    implied = cache.get(term)
                    if implied is None:
                        implied = cache[term] = links.implied(term, candidates, counts)
                    for new, hidden in implied:
                        if new not in parents:
                            parents[new] = (term, *hidden)
                            following.append(new)
                layer = following
        return parents

    def news(self, on: int, off: int) -> list[int]:
        """The terms of the bit sets ``on`` and ``off`` that tell the net something."""
        net = self.net
        n = net.links.n
        found = []
        for bits, state in ((on, 1), (off, 0)):
            while bits:
                low = bits & -bits
                bits ^= low
                c = low.bit_length() - 1
                if state == 0 or net.candidates[c // n] != 1 << (c % n):
                    found.append((c << 1) | state)
        return found


def _rests_on(parents, terms) -> tuple[set[int], set[int]]:
    """The terms of a propagation that ``terms`` rest on, and the terms outside it among their parents."""
    seen = set(terms)
    outside = set()
    todo = list(terms)
    while todo:
        for p in parents.get(todo.pop(), ()):
            if p not in parents:
                outside.add(p)
            elif p not in seen:
                seen.add(p)
                todo.append(p)
    return seen, outside


def _position_links(links: Links) -> tuple[int, list[int], int]:
    """The live candidates (as a bit set) of the position of ``links``, every candidate's
    strong links (the candidates it being false makes true) and those that have any (kept)."""
    found = links.memo.get("strong links")
    if found is None:
        n, position, candidates, counts = links.n, links.position, links.candidates, links.counts
        strong = [0] * (len(candidates) * n)
        linked = 0
        for x, mask in enumerate(candidates):
            if mask.bit_count() == 2:
                low = mask & -mask
                a, b = x * n + low.bit_length() - 1, x * n + (mask ^ low).bit_length() - 1
                strong[a] |= 1 << b
                strong[b] |= 1 << a
                linked |= 1 << a | 1 << b
        for u, unit in enumerate(position.units):
            for d0 in range(n):
                if counts[u * n + d0] == 2:
                    bit = 1 << d0
                    a, b = (x * n + d0 for x in unit if candidates[x] & bit)
                    strong[a] |= 1 << b
                    strong[b] |= 1 << a
                    linked |= 1 << a | 1 << b
        alive = sum(mask << (x * n) for x, mask in enumerate(candidates))
        found = links.memo["strong links"] = alive, strong, linked
    return found


def _new_strong_links(net: _Net) -> list[tuple[int, int, tuple[int, ...], int]]:
    """The strong links the net's candidates have and the position's lack, in the cells
    and units where it removed candidates: ``(candidate, candidate, cells, mask)``, the
    candidates ``cell * n + digit - 1``; the link rests on the off-terms of the candidates
    of ``mask`` in ``cells`` that the net removed (:meth:`_Net.removed`)."""
    n, position = net.links.n, net.links.position
    candidates, counts, start = net.candidates, net.counts, net.links.candidates
    found: list[tuple[int, int, tuple[int, ...], int]] = []
    for x in sorted(set(net.cells)):
        m = candidates[x]
        if m.bit_count() == 2 and start[x].bit_count() > 2:
            low = m & -m
            found.append((x * n + low.bit_length() - 1, x * n + (m ^ low).bit_length() - 1, (x,), ~m))
    for key in sorted(set(net.keys)):
        if counts[key] == 2 and net.links.counts[key] > 2:
            u, d0 = divmod(key, n)
            a, b = (x for x in position.units[u] if candidates[x] >> d0 & 1)
            found.append((a * n + d0, b * n + d0, position.units[u], 1 << d0))
    return found


def _static_links(net: _Net, keys, cells):
    """Forcing chains on the net's candidates: what both ends of a new strong link
    imply holds (on the position, no chain concludes anything, or an easier technique would have)."""
    static = _Static.of(net, DEPTH)
    position = net.links.position
    out = []
    for a, b, where, mask in static.new_links:
        a, b = (a << 1) | 1, (b << 1) | 1
        (on_a, off_a), (on_b, off_b) = static.reach_bits(a), static.reach_bits(b)
        for term in static.news(on_a & on_b, off_a & off_b):
            ra, rb = static.reach(a), static.reach(b)
            if term in ra and term in rb:
                sa, oa = _rests_on(ra, [term])
                sb, ob = _rests_on(rb, [term])
                words = f"forcing chain: {term_text(position, a)} and {term_text(position, b)} (one is true) both imply it"
                out.append((term, tuple(oa | ob | set(net.removed(where, mask))), (words, len(sa) + len(sb))))
    return out


@cache
def _unit_candidates(units: tuple[tuple[int, ...], ...], n: int) -> tuple[tuple[int, ...], ...]:
    """For every unit and digit (``unit * n + digit - 1``), the unit's candidates of the digit."""
    return tuple(tuple(x * n + d0 for x in unit) for unit in units for d0 in range(n))


def _static_multiple(net: _Net, keys, cells):
    """Cell and unit forcing chains on the net's candidates (static propagation):
    what every candidate of a cell, or every place of a digit in a unit, implies."""
    n, position = net.links.n, net.links.position
    candidates, counts = net.candidates, net.counts
    static = _Static.of(net, MULTIPLE_DEPTH)
    on_of, off_of = static.reach_all()
    out = []

    def consider(starts: list[int], on: int, off: int, words: str) -> None:
        for term in static.news(on, off):
            outcomes = [static.reach(start) for start in starts]
            if all(term in outcome for outcome in outcomes):
                total, outside = 0, set()
                for outcome in outcomes:
                    seen, more = _rests_on(outcome, [term])
                    total += len(seen)
                    outside |= more
                out.append((term, tuple(outside), (words, total)))

    for x, m in enumerate(candidates):
        if m.bit_count() > 2:
            on = off = -1
            rest = m
            while rest:
                low = rest & -rest
                rest ^= low
                c = x * n + low.bit_length() - 1
                on &= on_of[c]
                off &= off_of[c]
            if on | off:
                consider([((x * n + d0) << 1) | 1 for d0 in range(n) if m >> d0 & 1], on, off,
                         f"cell forcing chains: whichever digit {position.name(x)} holds")
    for key, places in enumerate(_unit_candidates(position.units, n)):
        if counts[key] > 2:
            on = off = -1
            for c in places:
                more_on = on_of[c]
                if more_on:  # a live candidate
                    on &= more_on
                    off &= off_of[c]
            if on | off:
                u, d0 = divmod(key, n)
                consider([(c << 1) | 1 for c in places if on_of[c]], on, off,
                         f"unit forcing chains: wherever {_digit(net, d0)} goes in {position.unit_name(u)}")
    return out


#: How many contradictions the dynamic forcing chains nested in a net look for
#: at a time (the candidates an assumption leaves are mostly contradictory).
INNER = 6


def _dynamic(net: _Net, keys, cells):
    """Dynamic forcing chains on the net's candidates: assumptions that lead to a
    contradiction, in cells of fewest candidates first, up to :data:`INNER`."""
    n, position = net.links.n, net.links.position
    candidates = net.candidates
    out: list[tuple[int, tuple[int, ...], tuple[str, int]]] = []
    for x in sorted(range(len(candidates)), key=lambda x: candidates[x].bit_count()):
        if len(out) >= INNER:
            break
        m = candidates[x]
        rest = m if m & (m - 1) else 0
        while rest:
            low = rest & -rest
            rest ^= low
            on = ((x * n + low.bit_length() - 1) << 1) | 1
            for start in (on, on ^ 1):
                inner = _Net(net.links, start, 0, net.candidates, net.counts)
                if inner.propagate([(start, ())]):
                    seen, outside = _rests_on(inner.parents, inner.conflict)
                    words = f"dynamic forcing chain: {term_text(position, start)} leads to a contradiction"
                    out.append((start ^ 1, tuple(outside), (words, len(seen))))
    return out


_BASIC = (_locked, _pairs, _x_wings)
RULES = {
    0: (),
    1: _BASIC,
    2: (*_BASIC, _static_links),
    3: (*_BASIC, _static_links, _static_multiple),
    4: (*_BASIC, _static_links, _dynamic),
}


def _starts(position: Position) -> list[int]:
    """The assumptions to follow: every candidate on and off, but for those the
    solution (when known) shows cannot lead to a contradiction."""
    n, solution = position.n, position.search.solution
    found = []
    for cell in position.blanks():
        for digit in position.digits(cell):
            on = ((cell * n + digit - 1) << 1) | 1
            if solution is None:
                found += [on, on ^ 1]
            else:
                found.append(on ^ (solution[cell] == digit))
    return found


class _Nets:
    """The nets followed on a position, one per assumption and level, kept while
    the position only loses candidates: what it lost since goes into every net as
    facts, and a search goes on from where each net stopped."""

    #: Facts after which the nets start again from the position (their links grow stale).
    STALE = 40

    def __init__(self, position: Position) -> None:
        self.links = Links(position)
        self.values = position.values[:]
        self.candidates = position.candidates[:]
        self.facts: list[tuple[int, tuple[int, ...]]] = []
        self.nets: dict[tuple[int, int], _Net] = {}

    def update(self, position: Position) -> bool:
        """Bring the nets to ``position``; False if it has a candidate or a digit they lack."""
        n = position.n
        facts = []
        for x, (old, new) in enumerate(zip(self.candidates, position.candidates)):
            digit = position.values[x]
            if digit != self.values[x]:
                if self.values[x] or not old >> (digit - 1) & 1:
                    return False
                facts.append((((x * n + digit - 1) << 1) | 1, ()))
                new = 1 << (digit - 1)
            elif new & ~old:
                return False
            gone = old & ~new
            while gone:
                low = gone & -gone
                facts.append(((x * n + low.bit_length() - 1) << 1, ()))
                gone ^= low
        if facts:
            self.values, self.candidates = position.values[:], position.candidates[:]
            self.facts += facts
        return len(self.facts) <= self.STALE

    def follow(self, position: Position, start: int, level: int) -> _Net:
        """The net of ``start`` run out of the rules of ``level`` (made from the
        one of the level below); ``TimeoutError`` past the search's deadline."""
        net = self.nets.get((level, start))
        if net is None:
            if level == 0:
                net = _Net(self.links, start, 0)
            else:
                net = self.follow(position, start, level - 1).copy(level)
            self.nets[level, start] = net
        net.learn(self.facts)
        if (net.done < level or not net.parents) and not net.conflict:
            deadline = position.search.deadline
            if deadline is not None and time.perf_counter() > deadline:
                raise TimeoutError("the rating ran past its deadline")
            net.run()
            net.done = level
        return net


def _nets(position: Position) -> _Nets:
    """The nets of ``position``'s search, brought to ``position``."""
    memo = position.search.memo.get("nested")
    if memo is None or not memo.update(position):
        memo = position.search.memo["nested"] = _Nets(position)
    return memo


def _search(position: Position, level: int) -> Step | None:
    """The lowest-scoring contradiction of ``level``'s nets (see :data:`LEVELS`)."""
    base = _base(level)
    memo = _nets(position)
    if level >= REUSE_FROM:
        step = _best(position, level, _earlier(position, memo, level)[:1])
        if step:
            return step
    found = []
    for start in _candidates(position, memo, level):
        net = memo.follow(position, start, level)
        if net.conflict:
            found.append((chain_score(base, net.complexity()), start))
            if found[-1][0] <= position.search.enough:
                break
    return _best(position, level, sorted(found))


def _candidates(position: Position, memo: _Nets, level: int) -> list[int]:
    """The assumptions to follow on ``level``: all, or those of the level below
    whose nets went furthest there (see :data:`LEVELS`)."""
    most = LEVELS[level][2]
    if most is None:
        return _starts(position)
    below = _candidates(position, memo, level - 1)
    size = {start: len(memo.follow(position, start, level - 1).parents) for start in below}
    return sorted(below, key=size.__getitem__, reverse=True)[:most]


def _best(position: Position, level: int, found: list[tuple[float, int]]) -> Step | None:
    """The step of the lowest-scoring of the contradictions ``found`` (scores
    and assumptions, lowest first), each followed again on ``position`` alone
    (without what its net learnt on earlier positions) for its own chains."""
    name, base = LEVELS[level][0], _base(level)
    links = links_of(position)
    best = None
    for _, start in found[:3]:
        net = _Net(links, start, level)
        if net.run():
            score = chain_score(base, net.complexity())
            if best is None or score < best[0]:
                best = score, net
    return best and _step(position, best[1], name, best[0])


#: From this level on, a contradiction that an earlier search of the level found
#: and that still holds on the position is taken without a new search (which follows
#: dozens of nets, each running cell and unit or dynamic forcing chains): the
#: path then goes on as SE's, through the contradictions in order of score, but
#: a contradiction that appeared since and scores less is not seen.
REUSE_FROM = 3


def _earlier(position: Position, memo: _Nets, level: int) -> list[tuple[float, int]]:
    """The contradictions that nets of ``level`` found on earlier positions and
    whose assumptions the position still has, lowest score first."""
    n = position.n
    return sorted(
        (chain_score(_base(level), net.complexity()), start) for (at, start), net in memo.nets.items()
        if at == level and net.conflict and position.candidates[(start >> 1) // n] >> (start >> 1) % n & 1
    )


def ready(position: Position) -> Step | None:
    """A contradiction that an earlier search found, if followed again on
    ``position`` it scores at most ``position.search.enough`` (then no chain needs searching)."""
    memo = position.search.memo.get("nested")
    if memo is None or not memo.update(position):
        return None
    n = position.n
    pending = []
    for (level, start), net in memo.nets.items():
        cell, d0 = divmod(start >> 1, n)
        if net.conflict and position.candidates[cell] >> d0 & 1:
            score = chain_score(_base(level), net.complexity())
            if score <= position.search.enough:
                pending.append((score, level, start))
    for score, level, start in sorted(pending)[:1]:
        step = _best(position, level, [(score, start)])
        if step and step.score <= position.search.enough:
            return step
    return None


def _step(position: Position, net: _Net, name: str, score: float) -> Step:
    n = position.n
    start = net.start
    cell, d0 = divmod(start >> 1, n)
    placements = ((cell, d0 + 1),) if not start & 1 else ()
    eliminations = ((cell, d0 + 1),) if start & 1 else ()
    conclusion = f"{position.name(cell)}{'<>' if start & 1 else '='}{position.symbol(d0 + 1)}"
    assert net.conflict is not None  # asked only of a net that reached a contradiction
    paths = [net.path(term) for term in net.conflict]
    chains = "; ".join(" -> ".join(term_text(position, term) for term in path) for path in paths)
    nested = list(dict.fromkeys(term for path in paths for term in path if term in net.inner))
    why = "".join(f"; {term_text(position, term)} by {net.inner[term][0]}" for term in nested)
    text = (f"{name}: {term_text(position, start)} leads to a contradiction ({term_text(position, net.conflict[0])} "
            f"and {term_text(position, net.conflict[1])}), so {conclusion}: {chains}{why}.")
    links = tuple(dict.fromkeys(
        Link(candidate(a, n), candidate(b, n), bool(b & 1))
        for path in paths for a, b in zip(path, path[1:]) if b not in net.inner
    ))
    cells = tuple(dict.fromkeys((term >> 1) // n for path in paths for term in path))
    return Step(name, score, text, placements, eliminations, cells, (), links)


def dynamic_forcing_chains(position: Position) -> Step | None:
    """Forcing chains whose propagation removes what it turns off, so singles
    appear as they would on the position: contradiction, double implication, cell
    and unit forcing chains. SE dynamic forcing chains: 8.5 + length."""
    memo, base = _nets(position), _base(0)
    found = multiple(position, base, lambda start: memo.follow(position, start, 0), True)
    if found and memo.facts:  # followed on earlier positions: again on this one alone, for its own chains
        links = links_of(position)
        found = again(position, found, base, lambda start: propagate(links, start, True))
    return None if found is None else found_step(position, found, "Dynamic forcing chains")


def dynamic_forcing_chains_plus(position: Position) -> Step | None:
    """Dynamic forcing chains whose propagation also uses locked candidates,
    hidden and naked pairs and X-wings (SE's "+" level): 9.0 + length."""
    return _search(position, 1)


def nested_forcing_chains(position: Position) -> Step | None:
    """Dynamic forcing chains (+) that also use forcing chains on the candidates
    their assumption leaves: 9.5 + length."""
    return _search(position, 2)


def nested_multiple_forcing_chains(position: Position) -> Step | None:
    """Nested forcing chains that also use cell and unit forcing chains: 10.0 + length."""
    return _search(position, 3)


def nested_dynamic_forcing_chains(position: Position) -> Step | None:
    """Nested forcing chains that also use dynamic forcing chains: 10.5 + length."""
    return _search(position, 4)


