"""An exact-cover problem with names, and its two written forms: the text format and Knuth's.

A :class:`Problem` names its items and options, so that a person can read the
search. The text format holds one line each::

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

The examples built on it, and its search, are in :mod:`~.problems` (which
imports this module's names too) and :mod:`~.classics`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from ..cells import ExactCells
from ..dlx import ExactCover

__all__ = ["ENGINES", "FORMS", "MAX_TEXT", "Problem", "ProblemError", "format_knuth", "format_problem",
           "is_knuth", "parse_knuth", "parse_problem"]

#: The longest problem text read (a 9x9 sudoku's 729 options written out take 22,194).
MAX_TEXT = 100_000

#: The keywords of the text format's directive lines.
DIRECTIVES = ("items", "secondary", "given")


#: The search engines by name: dancing links (:mod:`sudoku_dlx.dlx`) and dancing cells
#: (:mod:`sudoku_dlx.cells`).
ENGINES: dict[str, type[ExactCover] | type[ExactCells]] = {"links": ExactCover, "cells": ExactCells}


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

    @overload
    def exact_cover(self, engine: Literal["links"] = "links") -> ExactCover: ...
    @overload
    def exact_cover(self, engine: str) -> ExactCover | ExactCells: ...

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
    directives = [(number, *directive) for number, line in lines if (directive := _directive(line))]
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
    secondary: dict[str, int] = {}
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
