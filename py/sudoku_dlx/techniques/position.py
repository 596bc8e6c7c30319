"""Solving like a person: candidates (pencil marks) and the steps that change them.

Glossary (beyond :mod:`sudoku_dlx.kinds.grid`'s)
--------------------------------------------
candidates
    The digits still possible in a blank cell, kept as a bit mask: bit
    ``digit - 1`` is set while ``digit`` may go there. A filled cell has none.
cell set
    Cells kept as a bit set, bit ``cell`` for each (:func:`cells_of`,
    :func:`peer_bits`), as the searches for ALSs and fish keep them.
position
    The grid at one moment of a logical solve, its digits and candidates: a
    :class:`Position` (``sudoku_dlx.Board``, its published old name).
unit index
    The units are numbered as :attr:`Shape.units` lists them: rows ``0..n-1``,
    columns ``n..2n-1``, boxes (or jigsaw regions) ``2n..3n-1`` where the kind has
    them, then its extra units (X's diagonals, windoku's windows). A killer's
    cages are no units (they need not hold every digit), but a cage's cells are
    peers of each other.
step
    What one technique found: digits to place and candidates to eliminate, the
    cells and units of the pattern (for highlighting), and one sentence. Its
    ``score`` is on the Sudoku Explainer (SE) scale: hidden single 1.2-1.5,
    naked single 2.3, ..., chains 6.5 and up.
technique
    A function ``technique(position) -> Step | None``: the first step of its kind
    that changes the position, or None. Techniques never change the position
    themselves; :meth:`Position.apply` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property, reduce

from ..kinds.grid import Cage, Puzzle, Shape, Sign, cell_name
from ..kinds.solver import bounds, combinations
from .notation import eureka

__all__ = ["BASE_SCORES", "Position", "Link", "Search", "Step", "base_score", "bits", "cells_of", "digits_of", "join", "peer_bits",
           "unit_bits"]


#: Each technique's base score by its name, as :mod:`.registry` (the one source of every
#: technique's name, score and family) writes it when it is imported: the registry
#: imports the techniques, so they cannot import it (the package's ``__init__`` imports
#: the rating, and with it the registry, before any technique can run).
BASE_SCORES: dict[str, float] = {}


def base_score(name: str) -> float:
    """The base score of the technique called ``name``: a step scores its technique's
    base, plus what the technique adds for the step's length or size."""
    return BASE_SCORES[name]


def bits(digits) -> int:
    """The candidate mask of some digits."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


def digits_of(mask: int) -> list[int]:
    """The digits of a candidate mask, in increasing order."""
    found = []
    digit = 1
    while mask:
        if mask & 1:
            found.append(digit)
        mask >>= 1
        digit += 1
    return found


def cells_of(cells: int) -> list[int]:
    """The cells of a bit set of cells (bit ``cell``), in increasing order."""
    found = []
    while cells:
        low = cells & -cells
        found.append(low.bit_length() - 1)
        cells ^= low
    return found


@cache
def peer_bits(peers: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    """For every cell, the bit set of its ``peers`` (a position's :attr:`Position.peers`)."""
    return tuple(sum(1 << y for y in cell_peers) for cell_peers in peers)


@cache
def unit_bits(units: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For every unit (a position's :attr:`Position.units`), its cells as a bit set."""
    return tuple(sum(1 << x for x in unit) for unit in units)


@cache
def _peers(shape: Shape, cages: tuple[Cage, ...]) -> tuple[frozenset[int], ...]:
    """The peers of every cell: those of its units and of its killer cage."""
    if not cages:
        return shape.peers
    mates = {x: frozenset(cage.cells) - {x} for cage in cages for x in cage.cells}
    return tuple(peers | mates.get(x, frozenset()) for x, peers in enumerate(shape.peers))


def join(words: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``: words in a sentence."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


@dataclass(frozen=True)
class Link:
    """An inference of a chain, for drawing: from candidate ``a`` to candidate
    ``b`` (``(cell, digit)`` pairs). ``strong``: ``a`` off makes ``b`` on (one
    of the two is true); else ``a`` on makes ``b`` off (not both are true).
    ``groups``: where an end is a group of cells (``a`` or ``b`` names its first),
    the cells of both ends; else empty."""

    a: tuple[int, int]
    b: tuple[int, int]
    strong: bool
    groups: tuple[tuple[int, ...], tuple[int, ...]] | tuple[()] = ()

    def record(self) -> dict:
        return {"from": list(self.a), "to": list(self.b), "kind": "strong" if self.strong else "weak"}


@dataclass(frozen=True)
class Step:
    """One deduction: ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs;
    ``links`` are the inferences of a chain, to draw; ``alss`` the almost locked
    sets of a chain of them, in order, each as its cells, the digits linked to what
    comes before (for the first, the digits eliminated) and its other digits, the
    one linked to what comes next last (see :func:`~.notation.eureka`)."""

    technique: str
    score: float
    text: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    links: tuple[Link, ...] = ()
    alss: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = ()

    def record(self, shape: Shape) -> dict:
        """The JSON-able form: digits as numbers, ``units`` as lists of their cells,
        ``links`` as ``{"from": [cell, digit], "to": [cell, digit], "kind": "strong" | "weak"}``,
        ``chain`` the chain in Eureka notation ("" for a step that is no chain)."""
        return {
            "technique": self.technique,
            "score": self.score,
            "text": self.text,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells),
            "units": [list(shape.units[u]) for u in self.units],
            "links": [link.record() for link in self.links],
            "chain": eureka(self, shape),
        }


@dataclass
class Search:
    """What a solver tells the techniques beyond the candidates, to search less.

    ``solution``: the digits of the puzzle's one solution, or None. A search
    for contradictions may skip the assumptions that cannot lead to one (that a
    candidate of the solution is true, or another one false): it finds the same.
    ``enough``: a step of at most this score will do (the rating needs that much
    already), so a search for the lowest-scoring step may stop at one.
    ``deadline``: a :func:`time.perf_counter` value past which a long search
    raises ``TimeoutError``. ``memo``: what a technique keeps between its calls.
    ``givens``: the puzzle's digits as given (0 where blank), or None; the cells
    filled since are no givens, so a uniqueness argument may swap them.
    ``every``: None, or a list that asks for every step a technique finds on the
    position (HoDoKu's "all steps"), not only its choice: see :meth:`found`.
    """

    solution: tuple[int, ...] | None = None
    givens: tuple[int, ...] | None = None
    enough: float = 0.0
    deadline: float | None = None
    memo: dict = field(default_factory=dict)
    every: list[Step] | None = None

    def found(self, step: Step) -> bool:
        """Note ``step``, found by a technique: whether the technique should return
        it now. Yes, unless every step is asked for: then it goes in ``every``, and
        the technique searches on (one that weighs its steps to choose one, offers
        each and skips its shortcuts)."""
        if self.every is None:
            return True
        self.every.append(step)
        return False

    def digits(self, position: Position, technique: str) -> list[int]:
        """The digits a technique that looks at one digit at a time must search on
        ``position``: those whose places changed since it last found nothing."""
        places = self.places(position)
        quiet = self.memo.get(("quiet", technique), ())
        return [d for d, mask in enumerate(places, 1) if d > len(quiet) or quiet[d - 1] != mask]

    def nothing(self, position: Position, technique: str) -> None:
        """Note that ``technique`` found nothing on ``position``."""
        self.memo["quiet", technique] = self.places(position)

    def places(self, position: Position) -> tuple[int, ...]:
        """The cells of each digit's candidates (index ``digit - 1``), as bit sets
        (kept while the position stays the same)."""
        key = tuple(position.candidates)
        if self.memo.get("places") != key:
            places = [0] * position.n
            for x, mask in enumerate(key):
                while mask:
                    low = mask & -mask
                    places[low.bit_length() - 1] |= 1 << x
                    mask ^= low
            self.memo["places"] = key
            self.memo["places of digits"] = tuple(places)
        return self.memo["places of digits"]


class Position:
    """A grid in play: the digit of every cell (0: blank) and the candidates of
    every blank cell. Placing a digit removes it from the candidates of the peers.
    ``search`` is shared by the copies of a position; ``cages`` and ``signs`` are a
    killer's and a futoshiki's clues beyond the digits."""

    def __init__(self, shape: Shape, values: list[int], candidates: list[int], search: Search | None = None,
                 cages: tuple[Cage, ...] = (), signs: tuple[Sign, ...] = ()) -> None:
        self.shape = shape
        self.n = shape.n
        self.values = values
        self.candidates = candidates
        self.search = search or Search()
        self.cages = cages
        self.signs = signs

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, marks: list[int] | None = None) -> Position:
        """The position of ``puzzle``'s digits with every candidate its peers allow, a
        killer cage's cells only the digits of its combinations, a futoshiki's cells
        only those its signs allow (:func:`~..kinds.solver.bounds` without its
        subsets, which are steps of their own); intersected with ``marks``, a mask
        per cell, where a mask is not 0."""
        shape = puzzle.shape
        full = (1 << shape.n) - 1
        position = cls(shape, [0] * shape.cells, [full] * shape.cells, None, puzzle.cages, puzzle.signs)
        for cell, digit in enumerate(puzzle.digits):
            if digit:
                position.place(cell, digit)
        for cage in puzzle.cages:
            union = bits(set().union(*combinations(cage, shape.n)))
            for cell in cage.cells:
                position.candidates[cell] &= union
        if puzzle.signs:
            for cell, allowed in enumerate(bounds(puzzle, subsets=False)):
                position.candidates[cell] &= allowed
        if marks:
            for cell, mask in enumerate(marks):
                if mask and not position.values[cell]:
                    position.candidates[cell] &= mask
        return position

    def copy(self) -> Position:
        return self.fork(self.search)

    def fork(self, search: Search) -> Position:
        """A copy of the position with its own ``search``."""
        return Position(self.shape, self.values[:], self.candidates[:], search, self.cages, self.signs)

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.units

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """The peers of every cell: of its units, and of its killer cage."""
        return _peers(self.shape, self.cages)

    @cached_property
    def peer_bits(self) -> tuple[int, ...]:
        """The peers of every cell as a bit set."""
        return peer_bits(self.peers)

    @cached_property
    def unit_bits(self) -> tuple[int, ...]:
        """The cells of every unit as a bit set."""
        return unit_bits(self.units)

    @cached_property
    def units_of(self) -> tuple[tuple[int, ...], ...]:
        """The units of every cell: its row, column, box (where the kind has boxes:
        index 2) and extra units, as indices into :attr:`units`."""
        return self.shape.units_of

    @cached_property
    def boxes(self) -> range:
        """The unit indices of the boxes (or jigsaw regions); none in a futoshiki."""
        n = self.n
        return range(2 * n, 3 * n if self.shape.box_of else 2 * n)

    def place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        self.candidates[cell] = 0
        clear = ~(1 << (digit - 1))
        candidates = self.candidates
        for peer in self.peers[cell]:
            candidates[peer] &= clear

    def eliminate(self, cell: int, digit: int) -> None:
        self.candidates[cell] &= ~(1 << (digit - 1))

    def apply(self, step: Step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def digits(self, cell: int) -> list[int]:
        """The candidates of ``cell`` as digits."""
        return digits_of(self.candidates[cell])

    def places(self, unit: int, digit: int) -> list[int]:
        """The cells of ``unit`` where ``digit`` is a candidate."""
        bit = 1 << (digit - 1)
        candidates = self.candidates
        return [x for x in self.units[unit] if candidates[x] & bit]

    def strong_links(self, digit: int) -> list[tuple[int, int, int]]:
        """``(unit, a, b)`` for every unit where ``digit`` has exactly two places ``a`` and ``b``."""
        return [(unit, places[0], places[1]) for unit in range(len(self.units))
                if len(places := self.places(unit, digit)) == 2]

    def blanks(self) -> list[int]:
        return [x for x, d in enumerate(self.values) if not d]

    @property
    def solved(self) -> bool:
        return all(self.values)

    def broken(self) -> bool:
        """True when no solution can follow: a blank cell without candidates, or a
        digit that has no place left in a unit that lacks it."""
        values, candidates = self.values, self.candidates
        if any(not v and not c for v, c in zip(values, candidates)):
            return True
        full = (1 << self.n) - 1
        for unit in self.units:
            seen = 0
            for x in unit:
                seen |= candidates[x] | (1 << (values[x] - 1) if values[x] else 0)
            if seen != full:
                return True
        return False

    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def symbol(self, digit: int) -> str:
        return self.shape.symbol(digit)

    def unit_name(self, unit: int) -> str:
        return self.shape.unit_name(unit)

    def cage_name(self, cage: Cage) -> str:
        """``the cage r1c1+r1c2 (10)``."""
        return f"the cage {'+'.join(self.name(x) for x in cage.cells)} ({cage.sum})"

    def sign_name(self, sign: Sign) -> str:
        """``the sign r1c1 > r1c2``."""
        return f"the sign {self.name(sign.greater)} > {self.name(sign.lesser)}"

    def or_digits(self, mask: int) -> str:
        """``1, 2 or 3``: the digits of a candidate mask as alternatives in a sentence."""
        return join([self.symbol(d) for d in digits_of(mask)], "or")

    def seen_by_all(self, cells) -> frozenset[int]:
        """The cells (not among ``cells``) that share a unit with every one of ``cells``."""
        return reduce(frozenset.intersection, (self.peers[x] for x in cells))

    def eliminations(self, cells, digit: int) -> list[tuple[int, int]]:
        """``(cell, digit)`` for the ``cells``, in order, that still have ``digit``."""
        bit = 1 << (digit - 1)
        return [(x, digit) for x in sorted(cells) if self.candidates[x] & bit]

    def shared_units(self, a: int, b: int) -> tuple[int, ...]:
        """The units that hold both cells, in index order."""
        return tuple(sorted(set(self.units_of[a]) & set(self.units_of[b])))

    def removal(self, eliminations) -> str:
        """``r1c2<>5, r3c4<>5`` for ``(cell, digit)`` pairs (how the texts name eliminations)."""
        return ", ".join(f"{self.name(x)}<>{self.symbol(d)}" for x, d in eliminations)

    def puzzle(self) -> Puzzle:
        """The placed digits as a puzzle, with the position's cages and signs."""
        return Puzzle(self.shape, tuple(self.values), self.cages, self.signs)
