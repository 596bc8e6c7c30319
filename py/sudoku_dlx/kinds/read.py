"""A puzzle of any kind from any text people share, and its canonical game ID.

:func:`read_puzzle` takes, in this order: a ``KIND:`` prefix (``windoku:``,
``x:``...) naming the kind of the text after it; a Tatham game ID (see
:mod:`~.tatham`); a kind's readable text (see :mod:`~.forms`); else the digits of
a sudoku, X or windoku in any form :func:`~.grid.parse` reads. :func:`puzzle_id`
is the text that reads back to the same puzzle: the one-line digits of a classic
sudoku, ``windoku:`` and its digits, else Tatham's game ID.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from .forms import looks_like, read_form
from .grid import (KIND, KINDS, kind_facts, MAX_TEXT, WHITESPACE, InvalidPuzzleError, Puzzle, parse, puzzle_on_line,
                   read_puzzles, shape_for)
from .tatham import is_game_id, read_game_id, write_game_id

__all__ = ["LINK_UNREAD", "VARIANT_LINK", "puzzle_id", "puzzle_record", "read_puzzle", "read_texts", "stream_texts"]

#: What starts an f-puzzles or SudokuPad link, SudokuPad's prefixed data, f-puzzles' bare
#: data (LZ-String base64 of a JSON object always starts ``N4Ig``) or its JSON (a grid's
#: text never does): variant rules, which :mod:`sudoku_dlx.rules.link` reads.
VARIANT_LINK = re.compile(r"\s*[<\"'`]?\s*(?:(?:https?:/{1,2})?(?:www\.)?(?:f-puzzles\.com|sudokupad\.app"
                          r"|app\.crackingthecryptic\.com)|fpuzzles|fpuz|scl|N4Ig[\w+/=$ -]{16}|\{\s*\")", re.IGNORECASE)
#: What the kinds' readers (and the page) say of such a link.
LINK_UNREAD = ("this is an f-puzzles or SudokuPad link with variant rules: they are solved, checked, "
               "hinted, rated and searched step by step, and the lab shows their exact cover, but they are not yet "
               "generated or raced (docs/rules.md)")

_PREFIX = re.compile(f"[{WHITESPACE}]*(" + "|".join(KINDS) + f")[{WHITESPACE}]*:", re.IGNORECASE | re.ASCII)


def read_puzzle(text: str, size: int | None = None, kind: str | None = None) -> Puzzle:
    """The puzzle in ``text`` (see the module's docstring): of ``kind`` if given
    (else the kind the text says or shows), of ``size`` if given. Raises
    InvalidPuzzleError naming what is wrong and where."""
    if not isinstance(text, str):
        raise InvalidPuzzleError(f"a puzzle is text, not {type(text).__name__}")
    if kind is not None and kind not in KINDS:
        raise InvalidPuzzleError(f"unknown kind \"{kind}\"; kinds are {', '.join(KINDS)}")
    if VARIANT_LINK.match(text):
        raise InvalidPuzzleError(LINK_UNREAD)
    if len(text) > MAX_TEXT:
        raise InvalidPuzzleError(f"the text has {len(text):,} characters; a puzzle has at most {MAX_TEXT:,}")
    prefix = _PREFIX.match(text)
    if prefix:
        named = prefix.group(1).lower()
        if kind and kind != named:
            raise InvalidPuzzleError(f"the text says it is {KIND[named].article}, not {KIND[kind].article}")
        kind, text = named, text[prefix.end():]
    puzzle = _read(text, size, kind)
    if size is not None and puzzle.n != size:
        raise InvalidPuzzleError(f"this is a {puzzle.n}x{puzzle.n} puzzle, not {size}x{size}")
    if kind is not None and puzzle.kind != kind:
        raise InvalidPuzzleError(f"this is {KIND[puzzle.kind].article}, not {KIND[kind].article}")
    return puzzle


_BLANK_LINE = re.compile(f"\\n[{WHITESPACE}]*\\n")


def _one_puzzle(block: str) -> bool:
    """Whether a block of lines is one puzzle: a kind's readable text, or a ``KIND:`` prefix and its lines."""
    return bool(looks_like(block) or _PREFIX.match(block) and "\n" in block.strip(WHITESPACE))


def _block_texts(block: str) -> list[str]:
    """The puzzle texts of a block of lines between blank lines."""
    return [block.strip("\n")] if _one_puzzle(block) else read_puzzles(block)


def _uncommented(line: str) -> str | None:
    """A line without its ``#`` comment; None for a line that is all comment."""
    return None if line.lstrip(WHITESPACE).startswith("#") else line.split("#", 1)[0]


def read_texts(text: str) -> list[str]:
    """Split a file's text into puzzle texts: a kind's readable text (a futoshiki's
    grid and signs, a jigsaw's letters, a killer's cages), or a ``KIND:`` prefix and
    its lines, is one puzzle: the whole text, else each block of lines between blank
    lines; the other blocks hold one puzzle per line, or one grid (see
    :func:`~.grid.read_puzzles`). ``#`` starts a comment."""
    text = "\n".join(line for line in map(_uncommented, text.splitlines()) if line is not None)
    if _one_puzzle(text):
        try:  # a futoshiki's grid may hold blank lines where no sign stands between two rows
            read_puzzle(text)
            return [text.strip("\n")]
        except InvalidPuzzleError:
            pass
    blocks = [block for block in _BLANK_LINE.split(text) if block.strip(WHITESPACE)]
    return [piece for block in blocks for piece in _block_texts(block)]


#: How many lines of a block :func:`stream_texts` holds before it reads the block line by line
#: (unless they are a kind's readable text): more than a grid's 25 rows and a 25x25 jigsaw's 50 lines.
BLOCK_LINES = 50


def stream_texts(lines: Iterable[str]) -> Iterator[str]:
    """:func:`read_texts` of a stream of lines, each text as soon as its block is read (a
    block ends at a blank line), so that a file of millions of puzzles is never held
    whole: a block that has grown past :data:`BLOCK_LINES` lines and is no kind's readable
    text holds one puzzle per line, read as they come. A stream whose first block is a
    kind's readable text is read whole (one puzzle or a few, maybe with blank lines
    inside). Unlike :func:`read_texts`, a futoshiki whose first block has no sign is
    never read as one puzzle with the blocks after it."""
    lines = (line.rstrip("\r\n") for line in lines)
    block: list[str] = []  # the lines of the block being read, without comments
    first: list[str] | None = []  # the lines read so far, while the first block is
    for line in lines:
        if first is not None:
            first.append(line)
        kept = _uncommented(line)
        if kept is None or not block and not kept.strip(WHITESPACE):
            continue
        if kept.strip(WHITESPACE):
            block.append(kept)
            if len(block) <= BLOCK_LINES:
                continue
        if first is not None and _one_puzzle("\n".join(block)):
            yield from read_texts("\n".join(chain(first, lines)))
            return
        first = None
        if len(block) <= BLOCK_LINES:
            yield from _block_texts("\n".join(block))
        else:  # one puzzle per line, to the block's end
            for number, line in enumerate(chain(block, lines), 1):  # number: 1 for a .tsv's header
                kept = _uncommented(line)
                if kept is not None and not kept.strip(WHITESPACE):
                    break
                if kept is not None and (text := puzzle_on_line(kept, number)) is not None:
                    yield text
        block = []
    if first is not None and _one_puzzle("\n".join(block)):
        yield from read_texts("\n".join(first))
    elif block:
        yield from _block_texts("\n".join(block))


def _read(text: str, size: int | None, kind: str | None) -> Puzzle:
    if is_game_id(text):
        try:
            return read_game_id(text)
        except InvalidPuzzleError as error:
            if kind is not None:
                raise
            id_error = error
            try:  # a puzzle with a label ending in a colon ("9:4.....8.5...") reads as digits
                return parse(text, size)
            except InvalidPuzzleError:
                raise InvalidPuzzleError(f"game ID: {id_error}", id_error.cells) from None
    kind = kind or looks_like(text) or "sudoku"
    if kind_facts(kind).clued:
        return read_form(text, kind)
    digits = parse(text, size)
    if kind == "sudoku":
        return digits
    shape = digits.shape
    return Puzzle(shape_for(shape.n, (shape.box_rows, shape.box_cols), kind), digits.digits)


def puzzle_id(puzzle: Puzzle) -> str:
    """The canonical text of ``puzzle``, which :func:`read_puzzle` reads back."""
    if puzzle.kind == "sudoku":
        return str(puzzle)
    if not puzzle.shape.facts.tatham:  # a windoku: its digits after its name
        return f"{puzzle.kind}:{puzzle}"
    return write_game_id(puzzle)


def puzzle_record(puzzle: Puzzle) -> dict:
    """What the page needs to draw ``puzzle``'s grid: ``kind``, ``size``, ``box_rows``
    and ``box_cols`` (0 without boxes), and where the kind has them ``regions`` (a
    jigsaw's region of every cell), ``cages`` (``cells`` and ``sum``), ``signs``
    (``[greater, lesser]`` cell pairs) and ``units`` (the extra ones: X's diagonals,
    windoku's windows), and ``givens``: the digits, one line (the canonical text of a
    classic sudoku)."""
    shape = puzzle.shape
    record = {"kind": puzzle.kind, "size": shape.n, "box_rows": shape.box_rows, "box_cols": shape.box_cols}
    if shape.regions:
        record["regions"] = list(shape.regions)
    if shape.extra_units:
        record["units"] = [list(unit) for unit in shape.extra_units]
    if puzzle.cages:
        record["cages"] = [{"cells": list(cage.cells), "sum": cage.sum} for cage in puzzle.cages]
    if puzzle.signs:
        record["signs"] = [[sign.greater, sign.lesser] for sign in puzzle.signs]
    record["givens"] = str(puzzle)
    return record
