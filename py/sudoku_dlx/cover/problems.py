"""Exact-cover problems with names: the lab's examples, and a text format for your own.

A :class:`Problem` names its items and options, so that a person can read the
search: Knuth's example (items A-G), the batting order of a course's notes,
N queens, a sudoku with its givens, or any problem written in this format,
one line each::

    # a comment
    items: Opener, Top, Middle            the primary items, in this order (optional)
    secondary: s2 s3 s4                   items covered at most once (optional)
    given: A as opener, B as top          options chosen before the search (optional)
    A as opener: Opener, A placed         an option: its name, a colon, its items
    C E F                                 an option without a name: just its items

Names are separated by commas where a line has one, else by spaces (options on
the ``given:`` line by commas only, as their names may have spaces). Without an
``items:`` line the primary items are all the others, in the order they first
appear. A text whose option lines all end in 0s and 1s is read as a 0/1 matrix
instead: one row per option (``0110`` or ``0 1 1 0``, after a name if wanted;
a tab separates a name with spaces), with the item names on a first line of
their own if wanted (else the columns are numbered 1, 2, ...); ``secondary:``
and ``given:`` work there too. Bad text raises :class:`ProblemError` naming
the line and what is wrong with it.

Knuth's format (his DLX programs' input: ``|`` comment lines, a first line of
item names with ``|`` before the secondary ones, one option per line) is read by
:func:`parse_knuth` and written by :func:`format_knuth`; :func:`parse_problem`
reads it where the text can be nothing else.

:func:`trace_problem` records the search event by event in these names, with
what each event covered or uncovered (and, for tiny problems, the links themselves);
:func:`count` counts solutions.
"""

from __future__ import annotations

import random
import re
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..cells import ExactCells
from ..dlx import ExactCover, SearchStats
from ..kinds.grid import InvalidPuzzleError, Puzzle, parse
from ..kinds.read import puzzle_record, read_puzzle
from ..kinds.solver import fault
from .naming import Reduction

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

#: The longest problem text read (a 9x9 sudoku's 729 options written out take 22,194).
MAX_TEXT = 100_000
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
DIRECTIVES = ("items", "secondary", "given")


#: The search engines by name: dancing links (:mod:`sudoku_dlx.dlx`) and dancing cells
#: (:mod:`sudoku_dlx.cells`).
ENGINES = {"links": ExactCover, "cells": ExactCells}


class ProblemError(ValueError):
    """Text that is no exact-cover problem; ``line`` is the 1-based line at fault (0: none)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass
class Problem:
    """Items (the first ``n_primary`` primary, the rest secondary) and options (tuples
    of item numbers), with names; ``names[k]`` is "" for an option without one.

    ``given`` options are chosen before the search; ``about`` says what the items and
    options mean; ``board`` draws the options on a grid where the problem has one:
    ``rows``, ``cols``, ``marks`` (per option: row, column, symbol; None for a
    killer's combination) and, as the problem needs, ``kind`` (queens, batting, or a
    puzzle's kind), ``box``, ``row_names``, a puzzle's fields of
    :func:`~sudoku_dlx.kinds.read.puzzle_record` (``regions``, ``units``, ``cages``,
    ``signs``...) and a killer's ``combinations`` ([option, cage index] pairs).
    """

    title: str
    items: list[str]
    n_primary: int
    options: list[tuple[int, ...]]
    names: list[str]
    given: list[int] = field(default_factory=list)
    about: str = ""
    board: dict | None = None

    def label(self, option: int) -> str:
        """The option's name, or its items when it has none."""
        return self.names[option] or " ".join(self.items[i] for i in self.options[option])

    @property
    def ones(self) -> int:
        """How many 1s the matrix has: the problem's nodes."""
        return sum(len(option) for option in self.options)

    def exact_cover(self, engine: str = "links") -> ExactCover | ExactCells:
        """The problem for an engine of :data:`ENGINES` (dancing links unless told),
        with its given options selected."""
        if engine not in ENGINES:
            raise ProblemError(f"there is no engine {engine!r}; the engines are {', '.join(ENGINES)}")
        ec = ENGINES[engine](self.n_primary, len(self.items) - self.n_primary)
        ec.add_options(self.options)
        ec.select(self.given)
        return ec

    def record(self) -> dict:
        """The JSON-able problem: ``title``, ``about``, ``items``, ``primary`` (how many
        are), ``options`` (item numbers), ``names`` (labels), ``given``, ``ones`` (how
        many nodes), ``board``, ``text`` (the problem in the text format) and ``knuth`` (in
        Knuth's format, :func:`format_knuth`)."""
        return {
            "title": self.title,
            "about": self.about,
            "items": self.items,
            "primary": self.n_primary,
            "options": [list(option) for option in self.options],
            "names": [self.label(k) for k in range(len(self.options))],
            "given": self.given,
            "ones": self.ones,
            "board": self.board,
            "text": format_problem(self),
            "knuth": format_knuth(self),
        }


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
    options, names, marks = [], [], []
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
    options, names, marks = [], [], []
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


#: What each kind's puzzle is called, and what its unit items' labels stand for.
KIND_WORDS = {
    "sudoku": ("sudoku", "c for columns, b for boxes"),
    "x": ("X sudoku", "c for columns, b for boxes, diag and anti for the long diagonals"),
    "windoku": ("windoku", "c for columns, b for boxes, win1 to win4 for the windows"),
    "jigsaw": ("jigsaw", "c for columns, reg for regions"),
    "killer": ("killer sudoku", "c for columns, b for boxes"),
    "futoshiki": ("futoshiki", "c for columns"),
}


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
    title, labels = KIND_WORDS[puzzle.kind]
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
            "pentomino", "langford")


def built_in(name: str, n: int = 0, puzzle: str = "", board: str = "", raw: bool = False,
             pieces: str = "") -> Problem:
    """An example by name: ``batting`` (``n`` 3 or 6 items, 3 if 0), ``knuth``,
    ``queens`` (``n`` 1 to 12, 8 if 0), ``sudoku4`` or ``sudoku9`` (``puzzle``: other
    givens), a kind's puzzle: ``x``, ``windoku``, ``jigsaw``, ``killer``,
    ``futoshiki`` (``puzzle``: another of that kind, as any text
    :func:`~sudoku_dlx.kinds.read.read_puzzle` reads, a game ID say), or Knuth's
    classics (:mod:`~sudoku_dlx.cover.classics`, counted up to symmetry unless ``raw``):
    ``pentomino`` (``board``, 6x10 if ""; ``pieces``, all twelve if ""), ``langford``
    (``n`` 1 to 16, 7 if 0)."""
    if name in ("pentomino", "langford"):
        from . import classics  # here: classics builds on this module's Problem
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
    if name in KIND_PUZZLES:
        try:
            grid = read_puzzle(puzzle or KIND_PUZZLES[name], kind=name)
        except InvalidPuzzleError as error:
            raise ProblemError(f"the puzzle is no {KIND_WORDS[name][0]}: {error}") from None
        return puzzle_problem(grid)
    raise ProblemError(f"there is no example named {name!r}; the examples are {', '.join(BUILT_IN)}")


# --- The text format --------------------------------------------------------------------

_MATRIX_ROW = re.compile(r"^(?:(.*?)(?:\t|\s+))??((?:[01][ \t]*)+)$")


def _names(text: str) -> list[str]:
    """Names separated by commas if there is one, else by whitespace."""
    parts = text.split(",") if "," in text else text.split()
    return [part.strip() for part in parts if part.strip()]


def _joined(names: Sequence[str]) -> str:
    return (", " if any(" " in name or "," in name for name in names) else " ").join(names)


def _lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines that say something (no blank lines, no comments)."""
    if len(text) > MAX_TEXT:
        raise ProblemError(f"the text has {len(text):,} characters; at most {MAX_TEXT:,} are read")
    numbered = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    return [(number, line) for number, line in numbered if line and not line.startswith("#")]


def _directive(line: str) -> tuple[str, str] | None:
    """(keyword, rest) for an ``items:``, ``secondary:`` or ``given:`` line."""
    keyword, colon, rest = line.partition(":")
    return (keyword.strip().lower(), rest) if colon and keyword.strip().lower() in DIRECTIVES else None


def _matrix_row(line: str) -> tuple[str, str] | None:
    """(name, bits) if the line is a row of a 0/1 matrix, else None."""
    if ":" in line:
        return None
    match = _MATRIX_ROW.match(line)
    return (match.group(1) or "", re.sub(r"\s", "", match.group(2))) if match else None


#: The forms a problem's text is read in: ``auto`` tells Knuth's format from the text format.
FORMS = ("auto", "text", "knuth")


def parse_problem(text: str, title: str = "Your problem", form: str = "auto") -> Problem:
    """Read a problem in the text format or as a 0/1 matrix (see the module's docstring),
    or in Knuth's format: as ``form`` says (:data:`FORMS`), for ``auto`` where the text
    can be nothing else (:func:`is_knuth`)."""
    if form not in FORMS:
        raise ProblemError(f"there is no form {form!r}; the forms are {', '.join(FORMS)}")
    if form == "knuth" or form == "auto" and is_knuth(text):
        return parse_knuth(text, title)
    lines = _lines(text)
    directives = [(number, *_directive(line)) for number, line in lines if _directive(line)]
    body = [(number, line) for number, line in lines if not _directive(line)]
    if not body:
        raise ProblemError("no options: write one option per line, as 'name: item item ...'")
    rows = [_matrix_row(line) for _, line in body]
    if all(rows[1:]) and (rows[0] or len(body) > 1):
        header = None if rows[0] else body.pop(0)
        items, options, names = _read_matrix(body, [row for row in rows if row], header)
    else:
        items, options, names = _read_options(body)
    declared: dict[str, list[tuple[int, str]]] = {keyword: [] for keyword in DIRECTIVES}
    for number, keyword, rest in directives:
        listed = rest.split(",") if keyword == "given" else _names(rest)
        declared[keyword] += [(number, name.strip()) for name in listed if name.strip()]
    secondary = {}
    for number, name in declared["secondary"]:
        if name not in items:
            raise ProblemError(f"secondary item {name!r} is in no option", number)
        secondary.setdefault(name, number)
    primary = list(dict.fromkeys(name for _, name in declared["items"]))
    for number, name in declared["items"]:
        if name in secondary:
            raise ProblemError(f"item {name!r} is on both the items: line and the secondary: line", number)
    if declared["items"]:
        for name in items:
            if name not in primary and name not in secondary:
                raise ProblemError(f"item {name!r} is neither on the items: line nor on the secondary: line",
                                   items[name])
    else:
        primary = [name for name in items if name not in secondary]
    for (number, _), option, name in zip(body, options, names):
        if all(item in secondary for item in option):
            what = f"option {name!r}" if name else "the option"
            raise ProblemError(f"{what} has only secondary items, so the search never chooses it", number)
    order = primary + list(secondary)
    number_of = {name: k for k, name in enumerate(order)}
    problem = Problem(title, order, len(primary), [tuple(number_of[i] for i in o) for o in options], names)
    problem.given = _given(problem, declared["given"])
    return problem


def _read_options(body: list[tuple[int, str]]) -> tuple[dict[str, int], list, list[str]]:
    """Options written as ``name: items`` or ``items``: the items (with the line each
    first appears on), the options (item names) and their names."""
    items: dict[str, int] = {}
    options, names = [], []
    for number, line in body:
        name, colon, rest = line.partition(":")
        if not colon:
            name, rest = "", line
        name = name.strip()
        what = f"option {name!r}" if name else "the option"
        option = _names(rest)
        if not option:
            raise ProblemError(f"{what} has no items", number)
        for k, item in enumerate(option):
            if item in option[:k]:
                raise ProblemError(f"{what} names item {item!r} twice", number)
            items.setdefault(item, number)
        options.append(option)
        names.append(name)
    return items, options, names


def _read_matrix(body, rows, header) -> tuple[dict[str, int], list, list[str]]:
    """Options written as rows of 0s and 1s, with item names on a ``header`` line or not."""
    width = len(rows[0][1])
    for (number, _), (_, bits) in zip(body, rows):
        if len(bits) != width:
            raise ProblemError(f"this row has {len(bits)} columns, the first row {width}", number)
        if "1" not in bits:
            raise ProblemError("this row has no 1: an option needs at least one item", number)
    if header is None:
        columns = [str(k) for k in range(1, width + 1)]
    else:
        number, line = header
        columns = [name.strip() for name in line.split("\t" if "\t" in line else None) if name.strip()]
        if len(columns) != width:
            raise ProblemError(f"this line names {len(columns)} items, but the rows have {width} columns "
                               f"(separate names with tabs when they have spaces)", number)
        for k, name in enumerate(columns):
            if name in columns[:k]:
                raise ProblemError(f"item {name!r} is named twice", number)
    items = {name: body[0][0] for name in columns}
    options = [[columns[k] for k, bit in enumerate(bits) if bit == "1"] for _, bits in rows]
    return items, options, [name.strip() for name, _ in rows]


def _given(problem: Problem, given: list[tuple[int, str]]) -> list[int]:
    """The options a ``given:`` line names, checked not to share an item."""
    chosen: list[int] = []
    covered: dict[int, int] = {}
    for number, name in given:
        matches = [k for k in range(len(problem.options)) if problem.label(k) == name]
        if not matches:
            raise ProblemError(f"no option is named {name!r}", number)
        if len(matches) > 1:
            raise ProblemError(f"{len(matches)} options are named {name!r}", number)
        option = matches[0]
        for item in problem.options[option]:
            if item in covered:
                raise ProblemError(f"given options {problem.label(covered[item])!r} and {name!r} both cover "
                                   f"item {problem.items[item]!r}", number)
            covered[item] = option
        chosen.append(option)
    return chosen


def format_problem(problem: Problem) -> str:
    """The problem in the text format (which :func:`parse_problem` reads back)."""
    primary, secondary = problem.items[:problem.n_primary], problem.items[problem.n_primary:]
    lines = [f"# {problem.title}", f"items: {_joined(primary)}"]
    if secondary:
        lines.append(f"secondary: {_joined(secondary)}")
    if problem.given:
        lines.append(f"given: {', '.join(problem.label(k) for k in problem.given)}")
    for k, option in enumerate(problem.options):
        items = _joined([problem.items[i] for i in option])
        lines.append(f"{problem.names[k]}: {items}" if problem.names[k] else items)
    return "\n".join(lines) + "\n"


# --- Knuth's format ---------------------------------------------------------------------

def _knuth_lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines of Knuth's format that say something (no blank lines, no ``|`` comments)."""
    if len(text) > MAX_TEXT:
        raise ProblemError(f"the text has {len(text):,} characters; at most {MAX_TEXT:,} are read")
    numbered = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    return [(number, line) for number, line in numbered if line and not line.startswith("|")]


def is_knuth(text: str) -> bool:
    """Whether ``text`` is in Knuth's format and in no other: a line starts with ``|`` (his
    comments), or (no line has a colon or starts with ``#``, nor are they all rows of 0s
    and 1s) the first line has ``|`` alone between names, or names distinct items among
    which are all that the other lines name."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if any(line.startswith("|") for line in lines):
        return True
    if not lines or any(":" in line or line.startswith("#") for line in lines) or all(map(_matrix_row, lines)):
        return False
    first = lines[0].split()
    if "|" in first:
        return True
    return len(lines) > 1 and len(set(first)) == len(first) and {name for line in lines[1:]
                                                                 for name in line.split()} <= set(first)


def parse_knuth(text: str, title: str = "Your problem") -> Problem:
    """Read a problem in Knuth's format (his DLX programs' input): lines starting with
    ``|`` are comments; the first other line names the items, the primary ones, then
    ``|`` and the secondary ones; every further line is an option, the names of its
    items. A name is any run of characters but blanks, ``|`` and ``:`` (Knuth's colours,
    ``item:colour``, are not read). Errors name the line."""
    lines = _knuth_lines(text)
    if not lines:
        raise ProblemError("no items: the first line that is no comment ('|') names the items")
    number, line = lines[0]
    names = line.split()
    if names.count("|") > 1:
        raise ProblemError("the items line has '|' twice: one separates the primary items from the secondary",
                           number)
    primary = names.index("|") if "|" in names else len(names)
    items = names[:primary] + names[primary + 1:]
    index: dict[str, int] = {}
    for name in items:
        _check_knuth_name(name, "item", number)
        if name in index:
            raise ProblemError(f"item {name!r} is named twice", number)
        index[name] = len(index)
    options = []
    for number, line in lines[1:]:
        option = []
        for name in line.split():
            _check_knuth_name(name, "option", number)
            if name not in index:
                raise ProblemError(f"the option names item {name!r}, which is not on the items line", number)
            if index[name] in option:
                raise ProblemError(f"the option names item {name!r} twice", number)
            option.append(index[name])
        options.append(tuple(option))
    return Problem(title, items, primary, options, [""] * len(options))


def _check_knuth_name(name: str, where: str, number: int) -> None:
    if ":" in name:
        raise ProblemError(f"the {where} has {name!r}: colours (item:colour, Knuth's DLX2) are not read", number)
    if "|" in name:
        raise ProblemError(f"the {where} has {name!r}: '|' is no part of a name", number)


def _knuth_name(name: str) -> str:
    """A name as Knuth's format can hold it: blanks, ``|`` and ``:`` become ``_``."""
    return re.sub(r"[\s|:]", "_", name) or "_"


def format_knuth(problem: Problem) -> str:
    """The problem in Knuth's format (which :func:`parse_knuth` reads back, and his DLX
    programs too): the title as a comment, the items line, one option per line. Names
    his format cannot hold are written with ``_`` for blanks, ``|`` and ``:`` (and a
    number after a name that would then be taken twice). His format has no givens: a
    problem with some is written without them, their items and the options that meet
    them (so it has the same solutions, less the givens), and a comment says which."""
    covered = {i for k in problem.given for i in problem.options[k]}
    kept = [i for i in range(len(problem.items)) if i not in covered]
    names: dict[int, str] = {}
    for i in kept:
        name = base = _knuth_name(problem.items[i])
        copy = 1
        while name in names.values():
            copy += 1
            name = f"{base}{copy}"
        names[i] = name
    primary = [names[i] for i in kept if i < problem.n_primary]
    secondary = [names[i] for i in kept if i >= problem.n_primary]
    lines = [f"| {problem.title}"]
    if problem.given:
        lines.append(f"| given, left out with their items and the options that meet them: "
                     f"{', '.join(problem.label(k) for k in problem.given)}")
    lines.append(" ".join(primary + (["|"] + secondary if secondary else [])))
    lines += [" ".join(names[i] for i in option) for option in problem.options
              if not covered.intersection(option)]
    return "\n".join(lines) + "\n"


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


def _column(ec: ExactCover, item: int) -> list[int]:
    """The options in an item's list, top to bottom (0-based item and option numbers)."""
    down, header, option_of = ec.down, item + 1, ec.option_of
    found, x = [], down[item + 1]
    while x != header:
        found.append(option_of[x])
        x = down[x]
    return found


LINK_ARRAYS = ("up", "down", "left", "right", "size")


def _links(ec: ExactCover) -> dict[str, list[int]]:
    return {name: list(getattr(ec, name)) for name in LINK_ARRAYS}


def _changes(before: dict[str, list[int]], after: dict[str, list[int]]) -> list[list]:
    """The entries that differ between two states of the arrays: [array, index, before, after]."""
    return [[name, x, old, new] for name in LINK_ARRAYS
            for x, (old, new) in enumerate(zip(before[name], after[name])) if old != new]


def trace_problem(problem: Problem, max_events: int = 5000) -> Walk:
    """Search every solution, recording each event (at most ``max_events``: the search is
    cut at the first guess past it). An event is ``kind`` (choose, try, undo, back up,
    dead end, solution), ``item`` and ``option`` (-1 where none), ``options`` (choose:
    the item's options in the order they are tried; solution: the options chosen),
    ``text`` and ``covers``: the items the event covers (choose, try) or uncovers (undo,
    back up, in reverse order), each with the options that leave (or come back to) the
    live matrix with it. ``start`` lists the same for the givens. With at most
    :data:`LINKS_MAX_NODES` nodes, ``links`` holds the engine's arrays: ``top`` and
    ``option`` (each index's item header and option, -1 for the root and headers),
    ``start``: ``up``, ``down``, ``left``, ``right`` and ``size`` before the search, and
    ``changes``: for each event, the entries it changed (see :func:`_changes`)."""
    ec = problem.exact_cover()
    label, items = problem.label, problem.items
    start = [[ec.top[x] - 1, _column(ec, ec.top[x] - 1)] for o in problem.given
             for x in (ec.first[o], *ec.rest[ec.first[o]])]
    events: list[dict] = []
    first = _links(ec) if problem.ones <= LINKS_MAX_NODES else None
    last, changes = first, []  # the arrays after the event before, and what each event changed
    # Per level: its item, its options, how many were tried, what the last one tried covered.
    levels: list[list] = []
    counts = ec.open_items()  # the open items' option counts before the event

    def record(kind: str, item: int, options: tuple[int, ...]) -> None:
        nonlocal counts, last
        option, covers = -1, []
        if kind == "choose":
            covers = [[item, list(options)]]
            levels.append([item, options, 0, []])
            if len(options) == 1:
                text = f"Item {items[item]} has one option left, {label(options[0])}: cover the item and take it."
            else:
                ties = [items[i] for i, c in counts.items() if c == len(options) and i != item]
                tie = f" ({_listed(ties)} {'has' if len(ties) == 1 else 'have'} as few; the first is taken)" \
                    if ties else ""
                text = (f"Choose item {items[item]}: it has the fewest options left, "
                        f"{len(options)}{tie}. Cover it and try {_listed([label(o) for o in options])} in turn.")
        elif kind == "try":
            option = options[0]
            level = levels[-1]
            # The engine covers the other items of the option's node in the chosen item's list.
            node = ec.first[option] + problem.options[option].index(level[0])
            covers = [[ec.top[x] - 1, _column(ec, ec.top[x] - 1)] for x in ec.rest[node]]
            level[2:] = [level[2] + 1, covers]
            of = f" ({level[2]} of {len(level[1])})" if len(level[1]) > 1 else ""
            text = (f"Try {label(option)}{of}: cover its other items, {_listed([items[i] for i, _ in covers])}, "
                    f"which takes {_options(covers)} out." if covers else
                    f"Try {label(option)}{of}: it has no other item to cover.")
        elif kind == "undo":
            option = options[0]
            covers = levels[-1][3][::-1]
            order = " in reverse order" if len(covers) > 1 else ""
            text = (f"Take {label(option)} back: uncover {_listed([items[i] for i, _ in covers])}{order}, "
                    f"which puts {_options(covers)} back." if covers else f"Take {label(option)} back.")
        elif kind == "back up":
            covers = [[item, list(levels.pop()[1])]]
            text = (f"Every option of {items[item]} has been tried: uncover it and go back to the choice before."
                    if levels else f"Every option of {items[item]} has been tried: uncover it. The search is over.")
        elif kind == "dead end":
            text = f"Dead end: item {items[item]} has no option left."
        else:
            found = sum(event["kind"] == "solution" for event in events) + 1
            text = f"Every primary item is covered: solution {found} is {_listed([label(o) for o in options], 12)}."
        events.append({"kind": kind, "item": item, "option": option,
                      "options": list(options) if kind in ("choose", "solution") else [],
                      "text": text, "covers": covers})
        if first is not None:
            now = _links(ec)
            changes.append(_changes(last, now))
            last = now
        counts = ec.open_items()

    for _ in ec.search(0, stop=lambda stats: len(events) >= max_events, trace=record):
        pass
    complete = not ec.stats.stopped and len(events) <= max_events
    arrays = None if first is None else {"top": ec.top, "option": ec.option_of, "start": first,
                                         "changes": changes[:max_events]}
    return Walk(start, events[:max_events], ec.stats, complete, arrays)


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
    (if given) gains the nodes and guesses of the tree above the parts, so that with the
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
        options = _column(ec, item)
        if stats is not None:
            stats.nodes += len(options)
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
