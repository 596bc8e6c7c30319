"""The lab's exact-cover problems: its examples, and their search recorded and counted.

The examples are :class:`~.problem.Problem` s (the names, the text format and
Knuth's are in :mod:`~.problem`, whose names this module holds too): Knuth's
example (items A-G), the batting order of a course's notes, N queens, a sudoku
or a puzzle of another kind with its givens, a variant from a link (:mod:`~.variant`), and Knuth's classics
(:mod:`~.classics`); :func:`built_in` names them all.

:func:`trace_problem` records the search event by event in these names, with
what each event covered or uncovered (and, for tiny problems, the links themselves);
:func:`count` counts solutions, whole or in the parts of :func:`split`;
:func:`browse` lists some.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..dlx import ExactCover, SearchStats
from ..kinds.grid import KIND, InvalidPuzzleError, Puzzle, parse
from ..kinds.kind import Kind
from ..kinds.read import puzzle_record, read_puzzle
from ..kinds.solver import fault
from . import classics
from .naming import Reduction
from .problem import (ENGINES, FORMS, Problem, ProblemError, format_knuth, format_problem, is_knuth, parse_knuth,
                      parse_problem)
from .record import column, record_search
from .variant import link_problem

__all__ = [
    "BUILT_IN",
    "Problem",
    "ProblemError",
    "ENGINES",
    "FORMS",
    "batting",
    "browse",
    "built_in",
    "count",
    "format_knuth",
    "format_problem",
    "is_knuth",
    "knuth",
    "parse_knuth",
    "parse_problem",
    "puzzle_problem",
    "queens",
    "split",
    "trace_problem",
]

#: Problems with at most this many nodes have their links recorded at every event.
LINKS_MAX_NODES = 64
#: The largest N of the N-queens problem offered.
QUEENS_MAX = 12
#: The givens the sudoku examples start from, by size: a 4x4 puzzle whose five givens
#: leave three solutions, and a hard 17-clue 9x9 one, so that both searches guess and
#: meet dead ends.
SUDOKU_GIVENS = {
    4: "1..4.4...1.3....",
    9: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}
#: The puzzles the kinds' examples start from, small ones with one solution: game IDs
#: printed by Simon Tatham's programs (sgt-puzzles 20230122: `sgt-solo --generate` with
#: 2x3xdu, 6jdu and 2x2kdi, `sgt-unequal --generate` with 4de), and a windoku made for the
#: lab (a random grid's givens taken away one by one while the solution stayed unique).
KIND_PUZZLES = {
    "x": "2x3x:g6_1e4f3e5_1g",
    "windoku": "windoku:.4..9..1..26....8..9..........58...6.7............2..4............91.4..6........",
    "jigsaw": "6j:j1_4d3b2d5_3j,_ca_a__aaaaaa_adcbaa_bab_ad_",
    "killer": "2x2k:p,_aa_a_ab_____aaa,6_5a6b5a5b8_5c",
    "futoshiki": "4:0,0,0,0,0U,0,0,0D,0,0L,0,0,3R,0,0,2,",
}
#: The variant the lab opens with: a 6x6 with a thermometer, a killer cage, kropki dots and an X,
#: three givens and one solution, made for the lab (rules laid on a random grid, givens taken
#: away while the solution stayed unique) and written by :func:`~sudoku_dlx.links.fpuzzles.link`.
VARIANT_LINK = ("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcA2ANCALhNAbO8QEEACLAQwCNCYAPEgWwAccRUSBXNACwHsAnBcVgBM"
                "uAa1YBaQVirMQPVjjAw0/WQHMeEQQgDaO4AF9kh40ZPmDAXWT6zd4yABuJLK1wBmVGoiOYAOwQ0eRh7Q2tbU0iLU3DouLtY0NCnF"
                "zcEACYvH39A4ISbUGdXXBQQb18A+CC3JKiE63QOGB5aLlplZt1QLAg/GDBdHRAAJQAWAGF02THx92mJ0ZBLSytUEQgsHB4AYxI1X"
                "H0QbZhNgfgh4YBWccvp68RpxBul1CK0vABGOdW5EgwuLpHE5YM4XdLPVDDcEPFYNQQQABmCOa/mOgOOp10Iwmt0hExhZiBmPOI2u"
                "c0h10WsNQVEc6OBoJGH0m03BUwab1wIAAGiArAYgA===")

# --- The examples ---------------------------------------------------------------------

def knuth() -> Problem:
    """Knuth's example from "Dancing Links" (2000): items A-G, six options, one solution."""
    items = list("ABCDEFG")
    options = ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]
    return Problem(
        "Knuth's example", items, len(items), [tuple(items.index(i) for i in o) for o in options],
        [""] * len(options),
        about="The example of Knuth's paper \"Dancing Links\": seven items A to G, and six options; "
              "choose options that together hold every item exactly once.",
    )


def batting(placed: bool = False) -> Problem:
    """The batting order: batsmen A, B and C take the places Opener, Top and Middle. With
    the three places as items each place gets one batsman (27 ways, the same batsman may
    take all three); ``placed`` adds an item per batsman, so each bats once (6 ways)."""
    places = ["Opener", "Top", "Middle"]
    items = places + ([f"{b} placed" for b in "ABC"] if placed else [])
    options: list[tuple[int, ...]] = []
    names, marks = [], []
    for b, batsman in enumerate("ABC"):
        for p, place in enumerate(places):
            options.append((p, 3 + b) if placed else (p,))
            names.append(f"{batsman} as {place.lower()}")
            marks.append([p, 0, batsman])
    about = ("Three batsmen A, B and C, and three places to fill: each place needs one batsman (an item "
             "each), and an option puts a batsman in a place."
             + (" Three more items, A placed, B placed and C placed, make each batsman bat exactly once."
                if placed else " Nothing stops one batsman from taking every place."))
    return Problem(
        f"Batting order, {len(items)} items", items, len(items), options, names, about=about,
        board={"kind": "batting", "rows": 3, "cols": 1, "row_names": places, "marks": marks},
    )


def queens(n: int) -> Problem:
    """N queens: rows ``r1..rn`` and columns ``c1..cn`` need one queen each (primary);
    each diagonal ``s2..s2n`` (row + column) and ``d-(n-1)..d(n-1)`` (row - column)
    may hold one (secondary). Option ``rXcY`` puts a queen on row X, column Y."""
    if not 1 <= n <= QUEENS_MAX:
        raise ProblemError(f"N queens is offered for N from 1 to {QUEENS_MAX}, not {n}")
    sums, differences = range(2, 2 * n + 1), range(1 - n, n)
    items = ([f"r{r}" for r in range(1, n + 1)] + [f"c{c}" for c in range(1, n + 1)]
             + [f"s{s}" for s in sums] + [f"d{d}" for d in differences])
    options: list[tuple[int, ...]] = []
    names, marks = [], []
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            options.append((r - 1, n + c - 1, 2 * n + r + c - 2, 4 * n - 1 + r - c + n - 1))
            names.append(f"r{r}c{c}")
            marks.append([r - 1, c - 1, "\u265b"])
    return Problem(
        f"{n} queens", items, 2 * n, options, names,
        about=f"Put {n} queens on a {n}\u00d7{n} board so that none attacks another. Each row r and "
              f"column c needs exactly one queen (primary items); each diagonal may hold at most one "
              f"(secondary items: s for the squares whose row + column is the same, d for row \u2212 column). "
              f"Option rXcY puts a queen on row X, column Y.",
        board={"kind": "queens", "rows": n, "cols": n, "marks": marks},
    )


def _labels(kind: Kind) -> str:
    """What a kind's unit items' labels stand for: "c for columns, b for boxes"."""
    return ("c for columns" + (", b for boxes" if kind.boxed else "") + (", reg for regions" if kind.irregular else "")
            + kind.extra_labels)


def puzzle_problem(puzzle: Puzzle) -> Problem:
    """A puzzle's exact cover, of any kind: the solver's own reduction
    (:func:`~sudoku_dlx.kinds.solver.exact_cover`, named by :class:`~.naming.Reduction`)
    with its givens chosen first. Items: ``r1c1`` (the cell needs a digit), ``r1#4``,
    ``c1#4``, ``b1#4`` (row, column, box 1 needs a 4; ``reg``, ``diag``, ``anti``,
    ``win`` for the kinds' other units), a killer's ``cage1`` and ``cage1#4``, a
    futoshiki's secondary ``r1c1>r1c2:4``; option ``r1c1=4`` puts 4 in r1c1, a
    killer's ``cage1=1+2+3`` gives cage 1 those digits. The ``board`` carries the
    puzzle's drawing (:func:`~sudoku_dlx.kinds.read.puzzle_record`: its regions,
    extra units, cages and signs); a combination's mark is None (it is in no one cell),
    and ``combinations`` pairs each combination with its cage's index."""
    broken = fault(puzzle)
    if broken:
        raise ProblemError(broken.reason)
    names = Reduction(puzzle)
    shape, n = puzzle.shape, puzzle.n
    options = list(names.problem.options)

    def mark(option: int) -> list | None:
        if not names.is_placement(option):
            return None
        cell, digit = names.placement(option)
        return [cell // n, cell % n, shape.symbol(digit)]

    given = [cell * n + d - 1 for cell, d in enumerate(puzzle.digits) if d]
    title, labels = puzzle.shape.facts.title, _labels(puzzle.shape.facts)
    items = f"Items: r1c1 (the cell needs a digit), r1#4 (row 1 needs a 4; {labels})"
    if puzzle.cages:
        items += ", cage1 (cage 1 needs a combination) and cage1#4 (cage 1 needs a 4)"
    if puzzle.signs:
        items += ", and the secondary r1c1>r1c2:4 (the sign's item 4)"
    about = [names.words(), f"{items}.",
             "Option r1c1=4 puts 4 in r1c1" + ("; cage1=1+2+3 gives cage 1 those digits." if puzzle.cages else "."),
             f"The {len(given)} givens are chosen before the search." if given else "There are no givens."]
    board = {**puzzle_record(puzzle), "rows": n, "cols": n, "marks": [mark(o) for o in range(len(options))]}
    if shape.box_rows:
        board["box"] = [shape.box_rows, shape.box_cols]
    if puzzle.cages:
        board["combinations"] = [[o, names.combination(o)[0]] for o in range(names.placements, len(options))]
    return Problem(
        f"{n}\u00d7{n} {title}", [names.item_label(item) for item in range(names.items)], names.problem.n_primary,
        options, [names.option_label(o) for o in range(len(options))], given, about=" ".join(about), board=board)


#: The examples by name, as a link asks for them (``n``: the size where there is one).
BUILT_IN = ("batting", "knuth", "queens", "sudoku4", "sudoku9", "x", "windoku", "jigsaw", "killer", "futoshiki",
            "variant", "pentomino", "langford")


def built_in(name: str, n: int = 0, puzzle: str = "", board: str = "", raw: bool = False,
             pieces: str = "") -> Problem:
    """An example by name: ``batting`` (``n`` 3 or 6 items, 3 if 0), ``knuth``,
    ``queens`` (``n`` 1 to 12, 8 if 0), ``sudoku4`` or ``sudoku9`` (``puzzle``: other
    givens), a kind's puzzle: ``x``, ``windoku``, ``jigsaw``, ``killer``,
    ``futoshiki`` (``puzzle``: another of that kind, as any text
    :func:`~sudoku_dlx.kinds.read.read_puzzle` reads, a game ID say), ``variant``
    (``puzzle``: an f-puzzles or SudokuPad link, :func:`~.variant.link_problem`), or Knuth's
    classics (:mod:`~sudoku_dlx.cover.classics`, counted up to symmetry unless ``raw``):
    ``pentomino`` (``board``, 6x10 if ""; ``pieces``, all twelve if ""), ``langford``
    (``n`` 1 to 16, 7 if 0)."""
    if name in ("pentomino", "langford"):
        return classics.pentomino(board or "6x10", pieces, raw) if name == "pentomino" else \
            classics.langford(n or 7, raw)
    if name == "knuth":
        return knuth()
    if name == "batting":
        if n not in (0, 3, 6):
            raise ProblemError(f"the batting order has 3 or 6 items, not {n}")
        return batting(n == 6)
    if name == "queens":
        return queens(n or 8)
    if name in ("sudoku4", "sudoku9"):
        size = int(name[-1])
        try:
            grid = parse(puzzle or SUDOKU_GIVENS[size], size)
        except InvalidPuzzleError as error:
            raise ProblemError(f"the givens are no {size}\u00d7{size} puzzle: {error}") from None
        return puzzle_problem(grid)
    if name == "variant":
        return link_problem(puzzle or VARIANT_LINK)
    if name in KIND_PUZZLES:
        try:
            grid = read_puzzle(puzzle or KIND_PUZZLES[name], kind=name)
        except InvalidPuzzleError as error:
            raise ProblemError(f"the puzzle is no {KIND[name].title}: {error}") from None
        return puzzle_problem(grid)
    raise ProblemError(f"there is no example named {name!r}; the examples are {', '.join(BUILT_IN)}")


# --- Searching --------------------------------------------------------------------------

def _listed(labels: Sequence[str], most: int = 6) -> str:
    """``a, b and c``, or the first few and how many more."""
    labels = list(labels)
    if len(labels) > most:
        return f"{', '.join(labels[:most - 1])} and {len(labels) - most + 1} more"
    return ", ".join(labels[:-1]) + (" and " if len(labels) > 1 else "") + (labels[-1] if labels else "")


def _options(covers: list[list]) -> str:
    """How many options the covering of these items takes out: ``no option``, ``1 option``, ``3 options``."""
    count = sum(len(options) for _, options in covers)
    return "no option" if not count else f"{count} option" + ("" if count == 1 else "s")


@dataclass
class Walk:
    """A search recorded event by event: its trace (see :func:`trace_problem`)."""

    start: list[list]
    events: list[dict]
    stats: SearchStats
    complete: bool
    links: dict | None


LINK_ARRAYS = ("up", "down", "left", "right", "size")


def _links(ec: ExactCover) -> dict[str, list[int]]:
    return {name: list(getattr(ec, name)) for name in LINK_ARRAYS}


def _changes(before: dict[str, list[int]], after: dict[str, list[int]]) -> list[list]:
    """The entries that differ between two states of the arrays: [array, index, before, after]."""
    return [[name, x, old, new] for name in LINK_ARRAYS
            for x, (old, new) in enumerate(zip(before[name], after[name])) if old != new]


def trace_problem(problem: Problem, max_events: int = 5000) -> Walk:
    """Search every solution, recording each event (at most ``max_events``: the search is
    cut at the first guess past it) as :func:`~.record.record_search` does, with its
    ``covers`` and ``text`` in the problem's names. ``start`` lists the items the givens
    cover, as ``covers`` does. With at most :data:`LINKS_MAX_NODES` nodes, ``links``
    holds the engine's arrays: ``top`` and ``option`` (each index's item header and
    option, -1 for the root and headers), ``start``: ``up``, ``down``, ``left``,
    ``right`` and ``size`` before the search, and ``changes``: for each event, the
    entries it changed (see :func:`_changes`)."""
    ec = problem.exact_cover()
    label, items = problem.label, problem.items
    start = [[ec.top[x] - 1, column(ec, ec.top[x] - 1)] for o in problem.given
             for x in (ec.first[o], *ec.rest[ec.first[o]])]
    first = _links(ec) if problem.ones <= LINKS_MAX_NODES else None
    last, changes = first, []  # the arrays after the event before, and what each event changed
    counts = ec.open_items()  # the open items' option counts before the event

    def named(event: dict) -> dict:
        nonlocal counts
        kind, item, options, covers = event["kind"], event["item"], event["options"], event["covers"]
        if kind == "choose":
            if len(options) == 1:
                text = f"Item {items[item]} has one option left, {label(options[0])}: cover the item and take it."
            else:
                ties = [items[i] for i, c in counts.items() if c == len(options) and i != item]
                tie = f" ({_listed(ties)} {'has' if len(ties) == 1 else 'have'} as few; the first is taken)" \
                    if ties else ""
                text = (f"Choose item {items[item]}: it has the fewest options left, "
                        f"{len(options)}{tie}. Cover it and try {_listed([label(o) for o in options])} in turn.")
        elif kind == "try":
            of = f" ({event['tried']} of {event['of']})" if event["of"] > 1 else ""
            option = label(event["option"])
            text = (f"Try {option}{of}: cover its other items, {_listed([items[i] for i, _ in covers])}, "
                    f"which takes {_options(covers)} out." if covers else
                    f"Try {option}{of}: it has no other item to cover.")
        elif kind == "undo":
            option = label(event["option"])
            order = " in reverse order" if len(covers) > 1 else ""
            text = (f"Take {option} back: uncover {_listed([items[i] for i, _ in covers])}{order}, "
                    f"which puts {_options(covers)} back." if covers else f"Take {option} back.")
        elif kind == "back up":
            text = (f"Every option of {items[item]} has been tried: uncover it and go back to the choice before."
                    if event["depth"] else f"Every option of {items[item]} has been tried: uncover it. "
                                           f"The search is over.")
        elif kind == "dead end":
            text = f"Dead end: item {items[item]} has no option left."
        else:
            text = (f"Every primary item is covered: solution {event['found']} is "
                    f"{_listed([label(o) for o in options], 12)}.")
        counts = ec.open_items()
        return {"text": text}

    def linked(event: dict) -> None:
        nonlocal last
        if last is not None:
            now = _links(ec)
            changes.append(_changes(last, now))
            last = now

    events, complete = record_search(ec, named, max_events, covers=True, after=linked)
    arrays = None if first is None else {"top": ec.top, "option": ec.option_of, "start": first,
                                         "changes": changes[:max_events]}
    return Walk(start, events, ec.stats, complete, arrays)


@dataclass
class Count:
    """What a search for every solution found: how many, and (if kept) which, each
    a sorted list of option numbers; ``complete`` is False when it stopped at the limit."""

    solutions: int
    found: list[list[int]]
    stats: SearchStats
    ms: float
    complete: bool


def _engine(problem: Problem, engine: str, part: Sequence[int] | None):
    """The problem for the ``engine`` named, its givens and the options of ``part`` chosen."""
    ec = problem.exact_cover(engine)
    if part:
        try:
            ec.select(part)
        except ValueError as error:
            raise ProblemError(f"the part {list(part)} is no partial solution: {error}") from None
    return ec


def count(problem: Problem, limit: int = 0, progress: Callable[[dict], object] | None = None,
          keep: bool = False, part: Sequence[int] | None = None, engine: str = "links") -> Count:
    """Count the solutions, up to ``limit`` (0: all), keeping them if ``keep`` (with the
    options of ``part``). ``part``: options chosen first (one of :func:`split`'s parts),
    so that only the solutions holding them are counted. ``engine``: one of
    :data:`ENGINES`. ``progress`` hears ``{"solutions", "guesses", "seconds"}`` at every
    guess (throttle it)."""
    began = time.perf_counter()
    ec = _engine(problem, engine, part)

    def report(stats: SearchStats) -> bool:
        if progress is not None:
            progress({"solutions": stats.solutions, "guesses": stats.guesses,
                      "seconds": round(time.perf_counter() - began, 1)})
        return False

    found = []
    for solution in ec.search(limit, stop=report):
        if keep:
            found.append(sorted([*(part or ()), *solution]))
    solutions = ec.stats.solutions
    return Count(solutions, found, ec.stats, (time.perf_counter() - began) * 1000, not limit or solutions < limit)


def split(problem: Problem, parts: int, stats: SearchStats | None = None) -> list[list[int]]:
    """The search split into at least ``parts`` independent parts (fewer if it has no
    more): its tree expanded breadth first, each time at the item with the fewest options
    (the first of them in the item list, as the engine's walk takes), until there are that
    many open prefixes.
    Each part lists the options to choose first; prefixes that meet a dead end are
    dropped, one that is already a solution stays (it counts 1). The parts are disjoint
    and together hold every solution, so their counts add up to the problem's. ``stats``
    (if given) gains the tries and guesses of the tree above the parts, so that with the
    parts' own they add up to the whole search's."""
    if parts < 1:
        raise ProblemError(f"parts must be 1 or more, not {parts}")
    base = problem.exact_cover()
    waiting: deque[list[int]] = deque([[]])
    solved: list[list[int]] = []
    while waiting and len(waiting) + len(solved) < parts:
        prefix = waiting.popleft()
        ec = base.copy()
        ec.select(prefix)
        counts = ec.open_items()
        if not counts:
            solved.append(prefix)
            continue
        item = min(counts, key=counts.__getitem__)
        options = column(ec, item)
        if stats is not None:
            stats.tries += len(options)
            stats.guesses += len(options) > 1
        waiting.extend([*prefix, option] for option in options)
    return solved + list(waiting)


def browse(problem: Problem, first: int = 0, number: int = 1, seed: int | None = None) -> tuple[list[list[int]], bool]:
    """Solutions ``first`` to ``first + number - 1`` (0-based) in the search's order, each
    its options sorted (the givens too); with ``seed``, of a search that tries each item's
    options in an order shuffled by that seed. Also whether no solution follows them."""
    given = problem.given
    ec = problem.exact_cover()
    found = []
    for k, solution in enumerate(ec.search(first + number + 1, random.Random(seed) if seed is not None else None)):
        if first <= k < first + number:
            found.append(sorted([*given, *solution]))
    return found, ec.stats.solutions <= first + number
