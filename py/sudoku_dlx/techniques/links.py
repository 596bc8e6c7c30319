"""Terms and links: the implications between candidates that chains follow.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
-------------------------------------------------------
term
    A candidate assumed true (*on*, written ``r1c2=7``) or false (*off*,
    ``r1c2<>7``), coded ``(cell * n + digit - 1) * 2 + on``.
strong link
    Two candidates of which one must be true: the only two places of a digit in
    a unit (an *x* link) or the only two digits of a cell (a *y* link). If one
    is off the other is on.
weak link
    Two candidates that cannot both be true: one digit in two cells that see
    each other, or two digits of one cell. If one is on the other is off.
chain
    Implications alternating along links. Assuming a candidate on and reaching
    it off proves it false; assuming it off and reaching it on proves it true.
    Between them, from its first off-term to its last on-term, such a chain is
    an *AIC* (alternating inference chain): one of its two ends is true, so
    every candidate weakly linked to both goes. When the ends are weakly linked
    themselves, it closes a *continuous nice loop*.
propagation
    Everything an assumption implies, followed link by link (:func:`propagate`).
    A *dynamic* propagation also removes the candidates it turns off, so that
    later singles see them gone (Sudoku Explainer's dynamic chains).

A chain scores a base per kind plus :func:`length_bonus` of its term count
(:func:`chain_score`), as in Sudoku Explainer (SE) 1.2.1. Used by
:mod:`~sudoku_dlx.techniques.chains`, :mod:`~sudoku_dlx.techniques.forcing` and
:mod:`~sudoku_dlx.techniques.dynamic`.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from .position import Position

__all__ = [
    "Links", "Outcome", "assumptions", "candidate", "chain_score", "conclusion", "first_parents", "length_bonus",
    "links_of", "term_text", "possible", "propagate",
]


def length_bonus(terms: int) -> float:
    """SE's score added for a chain of ``terms`` terms: 0.1 each time
    ``terms - 2`` passes a ceiling that starts at 4 and grows by x3/2 and x4/3
    in turn (4, 6, 8, 12, 16, 24, 32, ...)."""
    length, ceil, tenths = terms - 2, 4, 0
    while length > ceil:
        ceil = ceil * 3 // 2 if tenths % 2 == 0 else ceil * 4 // 3
        tenths += 1
    return tenths / 10


def chain_score(base: float, terms: int) -> float:
    """A chain's score: its kind's ``base`` plus the :func:`length_bonus` of its ``terms``."""
    return round(base + length_bonus(terms), 1)


class Links:
    """The implications between the terms of a position: ``x`` allows the links of
    a digit's places in a unit, ``y`` those of a cell's digits. They keep the
    position's candidates as they were when made."""

    def __init__(self, position: Position, x: bool = True, y: bool = True) -> None:
        self.position = position
        self.candidates = position.candidates[:]
        self.n = position.n
        self.x = x
        self.y = y
        self._static: dict[int, list[int]] = {}
        self._static_implied: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        self.memo: dict = {}  # what the chain searches keep about these links
        self._units, self._peers = _layout(position.units, position.units_of, position.peers)
        #: How many places each digit has in each unit: ``counts[unit * n + digit - 1]``.
        places = position.search.places(position)
        self.counts = [(places[d0] & mask).bit_count() for mask in position.unit_bits for d0 in range(self.n)]

    def members(self, term: int) -> tuple[tuple[int, ...], int]:
        """The cells of a term (one) and its digit, 0-based."""
        cell, d0 = divmod(term >> 1, self.n)
        return (cell,), d0

    def text(self, term: int) -> str:
        return term_text(self.position, term)

    def static(self, term: int) -> list[int]:
        """The terms ``term`` implies on the position's own candidates (remembered)."""
        found = self._static.get(term)
        if found is None:
            found = self._static[term] = [new for new, _ in self.static_implied(term)]
        return found

    def static_implied(self, term: int) -> list[tuple[int, tuple[int, ...]]]:
        """:meth:`implied` on the position's own candidates (remembered; they rest on nothing more)."""
        found = self._static_implied.get(term)
        if found is None:
            found = self._static_implied[term] = self.implied(term, self.candidates, self.counts)
        return found

    def implied(self, term: int, candidates: list[int], counts: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """The terms ``term`` implies given ``candidates`` (and their ``counts``),
        each with the off terms it also rests on: the candidates a dynamic
        propagation removed from the cell or unit where it became a single (none
        while ``candidates`` are still the position's)."""
        n = self.n
        cell, d0 = divmod(term >> 1, n)
        bit = 1 << d0
        if term & 1:
            found: list[tuple[int, tuple[int, ...]]] = []
            if self.y:
                others = candidates[cell] & ~bit
                while others:
                    low = others & -others
                    found.append(((cell * n + low.bit_length() - 1) << 1, ()))
                    others ^= low
            d2 = d0 << 1
            found += [(base + d2, ()) for peer, base in self._peers[cell] if candidates[peer] & bit]
            return found
        found = []
        start = self.candidates
        mask = candidates[cell]
        rest = mask & (mask - 1)
        if self.y and rest and not rest & (rest - 1):
            other = mask & ~bit
            gone = start[cell] & ~mask
            hidden = []
            while gone:
                low = gone & -gone
                hidden.append((cell * n + low.bit_length() - 1) << 1)
                gone ^= low
            found.append((((cell * n + other.bit_length() - 1) << 1) | 1, tuple(hidden)))
        if self.x:
            for index, unit in self._units[cell]:
                if counts[index * n + d0] != 2:
                    continue
                places = [q for q in unit if candidates[q] & bit]
                if len(places) == 2:
                    other = places[0] if places[1] == cell else places[1]
                    removed = () if self.counts[index * n + d0] == 2 else tuple(
                        (q * n + d0) << 1 for q in unit if start[q] & bit and not candidates[q] & bit
                    )
                    found.append((((other * n + d0) << 1) | 1, removed))
        return found


@cache
def _layout(units: tuple[tuple[int, ...], ...], units_of: tuple[tuple[int, ...], ...],
            peers: tuple[frozenset[int], ...]) -> tuple[list, list]:
    """For every cell, its units with their cells, and its peers each with its first term
    (the off-term of the peer's digit 1), in order: what :meth:`Links.implied` walks."""
    n = len(units[0])  # a row's cells
    return ([list(zip(indices, (units[unit] for unit in indices))) for indices in units_of],
            [tuple((peer, peer * n * 2) for peer in sorted(cell_peers)) for cell_peers in peers])


def first_parents(parents, term: int) -> list[int]:
    """The chain from the assumption to ``term``, following each term's first parent."""
    path = [term]
    while parents[path[-1]]:
        path.append(parents[path[-1]][0])
    path.reverse()
    return path


class Outcome:
    """What assuming one term leads to: ``parents`` maps every term reached to
    the terms it follows from (the first is the link it came by);
    ``conflict`` is the ``(on, off)`` pair of a candidate reached both ways."""

    __slots__ = ("parents", "conflict")

    def __init__(self, parents: dict[int, tuple[int, ...]], conflict: tuple[int, int] | None = None) -> None:
        self.parents = parents
        self.conflict = conflict

    def ancestors(self, term: int) -> int:
        """How many terms ``term`` rests on, itself included (SE's complexity)."""
        seen = {term}
        todo = [term]
        parents = self.parents
        while todo:
            for parent in parents[todo.pop()]:
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        return len(seen)

    def path(self, term: int) -> list[int]:
        """The chain from the assumption to ``term`` along first parents."""
        return first_parents(self.parents, term)


def propagate(links: Links, start: int, dynamic: bool) -> Outcome:
    """Everything assuming ``start`` implies, taking on-terms first as SE does,
    until nothing more follows or a candidate is both on and off. A dynamic
    propagation removes each candidate it turns off."""
    n, units_of = links.n, links.position.units_of
    candidates = links.candidates[:] if dynamic else links.candidates
    counts = links.counts[:] if dynamic else links.counts
    parents: dict[int, tuple[int, ...]] = {start: ()}
    ons: deque[int] = deque()
    offs: deque[int] = deque()
    (ons if start & 1 else offs).append(start)
    while ons or offs:
        term = ons.popleft() if ons else offs.popleft()
        # What an on-term implies only shrinks as a dynamic propagation removes
        # candidates, and the off-terms of those removed are already reached.
        gone = dynamic and not term & 1
        implied = links.implied(term, candidates, counts) if gone else links.static_implied(term)
        why = (term,)
        for new, hidden in implied:
            if new in parents:
                continue
            parents[new] = (term, *hidden) if hidden else why
            if new ^ 1 in parents:
                return Outcome(parents, (new, new ^ 1) if new & 1 else (new ^ 1, new))
            (ons if new & 1 else offs).append(new)
        if gone:
            cell, d0 = divmod(term >> 1, n)
            if candidates[cell] >> d0 & 1:
                candidates[cell] ^= 1 << d0
                for unit in units_of[cell]:
                    counts[unit * n + d0] -= 1
    return Outcome(parents)


def term_text(position: Position, term: int) -> str:
    cell, d0 = divmod(term >> 1, position.n)
    return f"{position.name(cell)}{'=' if term & 1 else '<>'}{position.symbol(d0 + 1)}"


def conclusion(position: Position, terms) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], str]:
    """The placements, eliminations and their words for terms proved true."""
    placements = tuple(divmod(term >> 1, position.n) for term in terms if term & 1)
    placements = tuple((cell, d0 + 1) for cell, d0 in placements)
    eliminations = tuple((cell, d0 + 1) for cell, d0 in (divmod(term >> 1, position.n) for term in terms if not term & 1))
    words = ", ".join(f"{position.name(c)}={position.symbol(d)}" for c, d in placements)
    if eliminations:
        words = ", ".join(filter(None, (words, position.removal(eliminations))))
    return placements, eliminations, words


def possible(position: Position, start: int) -> bool:
    """Whether assuming ``start`` may lead to a contradiction: when the position
    knows the solution, only a candidate it lacks can be on, or one it holds off."""
    solution = position.search.solution
    if solution is None:
        return True
    cell, d0 = divmod(start >> 1, position.n)
    return (solution[cell] == d0 + 1) != bool(start & 1)


def candidate(term: int, n: int) -> tuple[int, int]:
    """The ``(cell, digit)`` of a term."""
    cell, d0 = divmod(term >> 1, n)
    return cell, d0 + 1


def assumptions(position: Position, digits: list[int] | None = None) -> list[int]:
    """Every candidate's on-term (of ``digits``, if given)."""
    n = position.n
    return [((cell * n + digit - 1) << 1) | 1 for cell in position.blanks() for digit in position.digits(cell)
            if digits is None or digit in digits]


def links_of(position: Position, x: bool = True, y: bool = True) -> Links:
    """The links of ``position`` (of units with ``x``, of cells with ``y``), shared
    by the techniques while the position stays the same."""
    key = (tuple(position.candidates), x, y)
    memo = position.search.memo
    if memo.get("links_key") != key[0]:
        memo["links_key"] = key[0]
        memo["links"] = {}
    found = memo["links"].get(key[1:])
    if found is None:
        found = memo["links"][key[1:]] = Links(position, x, y)
    return found
