"""Forcing chains' deductions: what follows when assumptions lead somewhere.

An assumption that leads to a candidate both on and off is false (a
*contradiction*). What every candidate of a cell implies holds (*cell*
forcing chains), as does what every place of a digit in a unit implies
(*unit*), or what a candidate implies both on and off (*double*). The
propagations come from the caller (static or dynamic, see
:mod:`~sudoku_dlx.techniques.links`); used by the forcing chains and nishio of
:mod:`~sudoku_dlx.techniques.chains` and the dynamic forcing chains of
:mod:`~sudoku_dlx.techniques.dynamic`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .position import Position, Link, Step
from .links import assumptions, candidate, chain_score, conclusion, term_text, possible

__all__ = ["Found", "again", "contradiction", "found_step", "lower", "multiple"]


class Found:
    """A forcing chains deduction while the search looks for the lowest score:
    the ``terms`` it proves (the first the easiest), from the ``outcomes`` of
    the assumptions of its ``kind`` (contradiction, cell, unit or double)."""

    __slots__ = ("score", "terms", "kind", "outcomes", "source", "starts")

    def __init__(self, score: float, terms: list[int], kind: str, outcomes: list, source: tuple, starts: list[int]):
        self.score = score
        self.terms = terms
        self.kind = kind
        self.outcomes = outcomes
        self.source = source
        self.starts = starts


def contradiction(outcome, start: int, base: float) -> Found | None:
    """If assuming ``start`` led to a candidate both on and off (``outcome``, an
    :class:`~sudoku_dlx.techniques.links.Outcome` or alike), ``start`` is false: the deduction, scored
    ``base`` + length of both chains."""
    if not outcome.conflict:
        return None
    yes, no = outcome.conflict
    score = chain_score(base, outcome.ancestors(yes) + outcome.ancestors(no))
    return Found(score, [start ^ 1], "contradiction", [outcome], (start,), [start])


def multiple(position: Position, base: float, outcome: Callable[[int], Any], dynamic: bool) -> Found | None:
    """Cell and unit forcing chains: every candidate of a cell, or every place
    of a digit in a unit, leads to the same terms, which therefore hold
    (``outcome(start)`` says what ``start`` leads to). Static propagation
    skips cells of two candidates (forcing chains cover them); dynamic
    propagation also tries both states of each candidate (contradictions, and
    double implications in cells of three candidates or more)."""
    n = position.n
    best = None
    for cell in position.blanks():
        count = position.candidates[cell].bit_count()
        if count > 2 or (dynamic and count > 1):
            starts = [((cell * n + d - 1) << 1) | 1 for d in position.digits(cell)]
            best = lower(best, _common(position, "cell", starts, outcome, base, (cell,)))
    for unit in range(len(position.units)):
        for digit in range(1, n + 1):
            places = position.places(unit, digit)
            if len(places) > 1:
                starts = [((x * n + digit - 1) << 1) | 1 for x in places]
                best = lower(best, _common(position, "unit", starts, outcome, base, (unit, digit)))
    if dynamic:
        for on in assumptions(position):
            best = lower(best, contradiction(outcome(on), on, base))
            double = position.candidates[(on >> 1) // n].bit_count() > 2
            if double or possible(position, on ^ 1):
                best = lower(best, contradiction(outcome(on ^ 1), on ^ 1, base))
                if double and not outcome(on ^ 1).conflict:
                    best = lower(best, _common(position, "double", [on, on ^ 1], outcome, base, (on,)))
    return best


def again(position: Position, found: Found, base: float, outcome: Callable[[int], object]) -> Found | None:
    """``found`` worked out again from its assumptions, with ``outcome``."""
    if found.kind == "contradiction":
        return contradiction(outcome(found.starts[0]), found.starts[0], base)
    return _common(position, found.kind, found.starts, outcome, base, found.source)


def lower(best: Found | None, found: Found | None) -> Found | None:
    """The lower-scoring of two deductions; of equal scores the one that places
    most, then proves most (HoDoKu's choice among chains), else ``best``."""
    def key(deduction: Found) -> tuple[float, int, int]:
        return deduction.score, -sum(term & 1 for term in deduction.terms), -len(deduction.terms)
    return found if found and (best is None or key(found) < key(best)) else best


def found_step(position: Position, found: Found, name: str) -> Step:
    """The step of a forcing chains deduction: its conclusions, and the chains
    that lead to the first few (to both ends of the contradiction, for one)."""
    placements, eliminations, words = conclusion(position, found.terms)
    if found.kind == "contradiction":
        (outcome,) = found.outcomes
        paths = [[outcome.path(term) for term in outcome.conflict]]
    else:
        paths = [[outcome.path(term) for outcome in found.outcomes] for term in found.terms[:3]]
    chains = "; ".join(_chain_text(position, path) for group in paths for path in group)
    if found.kind == "cell":
        lead = f"whichever digit {position.name(found.source[0])} holds,"
    elif found.kind == "unit":
        unit, digit = found.source
        lead = f"wherever {position.symbol(digit)} goes in {position.unit_name(unit)},"
    elif found.kind == "double":
        lead = f"whether {term_text(position, found.source[0])} or not,"
    else:
        lead = f"{term_text(position, found.source[0])} leads to a contradiction, so"
    first = paths[0]
    terms = [term for path in first for term in path]
    links = tuple(dict.fromkeys(
        Link(candidate(a, position.n), candidate(b, position.n), bool(b & 1)) for path in first for a, b in zip(path, path[1:])
    ))
    units = (found.source[0],) if found.kind == "unit" else ()
    return Step(
        f"{name} ({found.kind})", found.score, f"{name}: {lead} {words}: {chains}.",
        placements, eliminations, _cells(position, terms), units, links,
    )


def _common(position: Position, kind: str, starts: list[int], outcome, base: float, source: tuple) -> Found | None:
    """What every one of the ``starts`` implies (``outcome(start)`` says what it
    leads to), each term scored ``base`` + the length of its chains: the
    easiest, and with it those that score no more than it or than
    ``position.search.enough``."""
    outcomes = [outcome(start) for start in starts]
    if all(hasattr(other, "reached") for other in outcomes):  # nets: bit sets first, which mostly say none
        off, on = _news_bits(position)
        for other in outcomes:
            off &= other.reached[0]
            on &= other.reached[1]
        if not off | on:
            return None
    smallest = min(outcomes, key=lambda other: len(other.parents))
    common = [term for term in set(smallest.parents).intersection(*(other.parents for other in outcomes))
              if _news(position, term)]
    if not common:
        return None
    scored = sorted((chain_score(base, sum(other.ancestors(term) for other in outcomes)), term) for term in common)
    cut = max(scored[0][0], position.search.enough)
    return Found(scored[0][0], [term for score, term in scored if score <= cut], kind, outcomes, source, starts)


def _news_bits(position: Position) -> tuple[int, int]:
    """The candidates (bit ``cell * n + digit - 1``) whose off-terms, and whose
    on-terms, change the position (kept while it stays the same)."""
    memo = position.search.memo
    if memo.get("news key") != tuple(position.candidates):
        n = position.n
        off = on = 0
        for x, mask in enumerate(position.candidates):
            off |= mask << (x * n)
            if mask & (mask - 1):
                on |= mask << (x * n)
        memo["news key"], memo["news"] = tuple(position.candidates), (off, on)
    return memo["news"]


def _news(position: Position, term: int) -> bool:
    """Whether ``term`` changes the position: places a digit (a candidate of a cell
    with others), or removes a candidate."""
    cell, d0 = divmod(term >> 1, position.n)
    mask = position.candidates[cell]
    return bool(mask >> d0 & 1) and (mask != 1 << d0 or not term & 1)


def _chain_text(position: Position, path: list[int]) -> str:
    return " -> ".join(term_text(position, term) for term in path)


def _cells(position: Position, terms) -> tuple[int, ...]:
    return tuple(dict.fromkeys((term >> 1) // position.n for term in terms))
