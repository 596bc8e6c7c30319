"""Franken and mutant fish: fish whose base and cover sets may be any units.

A fish on a digit is ``k`` *base* units that share no place of the digit and
``k`` *cover* units, none of them a base unit, that hold all the places of
the base units. The base units hold ``k`` of the digit, each in a cover unit,
and a cover unit holds one at most, so each cover unit has its digit among the
base places: its other places lose it. Base places outside the covers are
*fins*: either a fin holds the digit or the fish does, so only the cells that
see every fin lose it. The base units of a franken fish may share places too
(a row and a box): those are *endo fins*, as a digit there would stand for two
base units. :mod:`sudoku_dlx.techniques.patterns` has the fish of rows against
columns; here boxes take part. *Franken*: rows and boxes against columns and
boxes (or columns and boxes against rows and boxes); *mutant*: any other mix.

SE has neither. HoDoKu tries them after the ALS family and death blossoms,
franken fish before mutant ones: here 7.4 and 7.5 for every size, finned or
not; fish with no fin before finned ones, as HoDoKu orders them. The searches
are bounded to keep the rating quick: up to jellyfish, at most :data:`FINS`
fins (endo fins among them), base units of two to four places and at most one
more than the fish's size (the exemplars' fish have two to four), mutant fish
without endo fins (within the budget they found no more of HoDoKu's library's
fish, for a fifth of the mutant search's time), and the finned mutant jellyfish, the
costliest, last and within a node :data:`BUDGET` (unbounded, it took four times
as long as all the other fish searches on the hardest puzzles). Of HoDoKu's 45
exemplar puzzles of these fish, 25 used one with mutant fish up to swordfish and
no endo fins. Asked for every step (:meth:`Technique.every`, HoDoKu's "all
steps"), the searches offer every fish they find, not only each base set's best,
and give each digit its own budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .board import Board, Step, cells_of, join
from .patterns import FISH

__all__ = ["franken_fish", "mutant_fish"]

#: The most fins a fish here may have (endo fins among them).
FINS = 2
#: The score of each family.
SCORES = {"franken": 7.4, "mutant": 7.5}

#: For each family, the kinds of unit (0 row, 1 column, 2 box) its base and cover sets
#: may take, and its searches in order: ``(sizes, most fins, whether with endo fins,
#: whether within the :data:`BUDGET`)``: no fin, then fins, then endo fins among them.
FAMILIES = {
    "franken": ((({0, 2}, {1, 2}), ({1, 2}, {0, 2})),
                ((range(2, 5), 0, False, False), (range(2, 5), FINS, False, False),
                 (range(2, 5), FINS, True, False))),
    "mutant": ((({0, 1, 2}, {0, 1, 2}),),
               ((range(2, 5), 0, False, False), (range(2, 4), FINS, False, False),
                (range(4, 5), FINS, False, True))),
}
#: The most nodes of the cover searches of finned mutant jellyfish on one board (on each
#: digit, when every step is asked for): on every 40th of the hardest list's first boards
#: of 7.0 or more, unbounded, they took 4.2 s of the mutant fish search's 4.9 s (its 0.3 s
#: before them), and found none.
BUDGET = 40000


def _family(n: int, base, cover) -> str | None:
    """``franken``, ``mutant``, or None for rows against columns."""
    kinds = {unit // n for unit in base}, {unit // n for unit in cover}
    if 2 not in kinds[0] | kinds[1]:
        return None
    return "franken" if any(kinds[0] <= a and kinds[1] <= b for a, b in FAMILIES["franken"][0]) else "mutant"


def _bases(places: list[int], units: list[int], size: int, endo: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
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


def _covers(board: Board, places: list[int], allowed, base, inside: int, endo: int, sight: int,
            fins: int, reach: list[int], budget: list[float], once: bool) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(cover units, fins)`` for every ``len(base)`` units of the kinds ``allowed``, none
    of ``base``, that hold the places ``inside`` but for the endo fins ``endo`` and at most
    ``fins`` in all (the fins), which see some place of ``sight`` together. ``reach[k]``:
    the most places of ``inside`` that ``k`` such units hold; a cover that leaves more
    places than the units still to come and the fins can take is not tried. With ``once``,
    a place passed over as a fin is covered by no unit after (that way is the same fish
    again, found as well by covering the place at once: its order changes, which a
    search that lists every fish does not mind). Each node lowers ``budget`` (one
    count); none is left, the search stops."""
    n, size, seen = board.n, len(base), board.peer_bits
    for x in cells_of(endo):
        sight &= seen[x]
    stack: list[tuple[tuple[int, ...], int, int, int]] = [((), inside & ~endo, endo, sight)]
    while stack and budget[0] > 0:
        budget[0] -= 1
        cover, left, skipped, sight = stack.pop()
        if not left or len(cover) == size:
            if len(cover) == size and left.bit_count() + skipped.bit_count() <= fins:
                covered = 0
                for unit in cover:
                    covered |= places[unit]
                if all(places[unit] & covered & ~endo for unit in base):  # no base unit all fins
                    yield cover, (inside & ~covered) | endo
            continue
        low = left & -left
        x = low.bit_length() - 1
        room = fins - skipped.bit_count() + reach[size - len(cover) - 1]
        for unit in board.units_of[x]:
            if unit // n in allowed and unit not in base and unit not in cover:
                more = left & ~places[unit]
                if more.bit_count() <= room and not (once and places[unit] & skipped & ~endo):
                    stack.append(((*cover, unit), more, skipped, sight))
        if skipped.bit_count() < fins and sight & seen[x]:
            stack.append((cover, left ^ low, skipped | low, sight & seen[x]))


def _fish(board: Board, family: str) -> Step | None:
    """A fish of ``family`` that eliminates something, in the order of its searches and
    the smallest first: on the first base sets that make one, the cover sets that
    eliminate the most. When every step is asked for, every fish (within the
    :data:`BUDGET`)."""
    n, units, candidates = board.n, board.units, board.candidates
    seen = board.peer_bits
    mixes, searches = FAMILIES[family]
    key = f"{family} fish"
    digits = board.search.digits(board, key)
    budgets: dict[int, list[float]] = {}  # one for all digits; one each when every step is asked for
    every = board.search.every is not None
    for sizes, most_fins, endo, bounded in searches:
        for digit in digits:
            nodes = budgets.setdefault(digit if every else 0, [BUDGET]) if bounded else [math.inf]
            bit = 1 << (digit - 1)
            places = [sum(1 << x for x in unit if candidates[x] & bit) for unit in units]
            everywhere = sum(places[:n])
            for size in sizes:
                for base_kinds, cover_kinds in mixes:
                    covers = [u for u in range(3 * n) if u // n in cover_kinds]
                    found = _bases(places, [u for u in range(3 * n) if u // n in base_kinds], size,
                                   most_fins if endo else 0)
                    for base, inside, shared in found:
                        if nodes[0] <= 0:
                            break
                        # the most base places that 0, 1, ... ``size`` cover units can hold: too few, no fish
                        most = sorted(((places[u] & inside).bit_count() for u in covers if u not in base),
                                      reverse=True)
                        reach = [sum(most[:k]) for k in range(size + 1)]
                        if reach[size] + most_fins < inside.bit_count():
                            continue
                        best = None
                        for cover, fins in _covers(board, places, cover_kinds, base, inside, shared,
                                                   everywhere & ~inside, most_fins, reach, nodes, every):
                            if _family(n, base, cover) != family:
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
                                board.search.found(_step(board, digit, base, cover, inside, shared, fins, targets,
                                                         family))
                            elif best is None or targets.bit_count() > best[2].bit_count():
                                best = cover, fins, targets
                        if best:
                            step = _step(board, digit, base, best[0], inside, shared, best[1], best[2], family)
                            if board.search.found(step):
                                return step
    board.search.nothing(board, key)
    return None


def _step(board: Board, digit: int, base, cover, inside: int, endo: int, fins: int, targets: int,
          family: str) -> Step:
    plain = FISH[len(base)][0]
    name = f"{'Finned ' + family if fins else family.capitalize()} {plain if plain == 'X-wing' else plain.lower()}"
    d = board.symbol(digit)
    eliminations = tuple((x, digit) for x in cells_of(targets))
    base_text = join([board.unit_name(u) for u in base])
    cover_text = join([board.unit_name(u) for u in cover])
    shared = (f"share only the endo fins {join([board.name(x) for x in cells_of(endo)])}" if endo
              else f"share no place of the {d}")
    text = (f"{name} on {d}: {base_text} {shared}, and hold {len(base)} of them, all in "
            f"{cover_text}" + (f" but for the fins {join([board.name(x) for x in cells_of(fins)])}" if fins else "")
            + f"; each of those holds its {d} among them"
            + (", or a fin holds it, so what sees every fin and a cover" if fins else ", so the rest of them")
            + f" loses it: {board.removal(eliminations)}.")
    return Step(name, SCORES[family], text, eliminations=eliminations, cells=tuple(cells_of(inside)),
                units=tuple(base) + tuple(cover))


def franken_fish(board: Board) -> Step | None:
    """A fish of rows and boxes against columns and boxes (or columns and boxes against rows and boxes)."""
    return _fish(board, "franken")


def mutant_fish(board: Board) -> Step | None:
    """A fish of any other mix of rows, columns and boxes."""
    return _fish(board, "mutant")


