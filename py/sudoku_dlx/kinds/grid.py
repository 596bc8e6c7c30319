"""Grids: shapes, symbols, units and peers; parsing and formatting.

Glossary
--------
size ``n``
    The grid has ``n`` rows, ``n`` columns and ``n`` boxes of
    ``box_rows x box_cols`` cells; the digits are ``1..n``.
cell
    An index ``0..n*n-1`` in row-major order inside the code; ``r1c1`` for people.
unit
    A row, a column or a box: ``n`` cells that hold every digit once.
peers
    The cells that share a unit with a cell.
symbol
    How a digit is written: ``1-9`` then ``A-Z`` (A = 10, lower case too); ``.``,
    ``0``, ``*`` or ``_`` is a blank. Big grids may also be written as
    whitespace-separated numbers.
puzzle
    A grid of givens (digits) and blanks (0). Its one-line form is its
    canonical text.

The page reads puzzles with a JavaScript twin of :func:`parse` (``static/grid.js``)
so that it works before Python has loaded; a test runs both on the same inputs and
requires the same answers and messages. That is why the character classes here are
spelled out (ASCII digits and letters, a fixed set of whitespace) rather than left
to Unicode-aware methods the two languages define differently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property

__all__ = [
    "BOX_SHAPES",
    "InvalidPuzzleError",
    "Puzzle",
    "Shape",
    "cell_name",
    "find_clash",
    "format_grid",
    "parse",
    "puzzle_on_line",
    "read_puzzles",
    "shape_for",
]

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANKS = ".0*_"
SEPARATORS = "|+-"
WHITESPACE = " \t\n\r\f\v\u00a0"
#: The longest text :func:`parse` reads: room for a 25x25 grid in any layout, with labels.
MAX_TEXT = 5000
#: What :func:`parse` reads as other characters, one for one (so the positions its
#: messages name are the text's): full-width forms, as East Asian keyboards type them,
#: as their ASCII twins; the ideographic space and the invisible format marks (direction
#: marks, embeddings and isolates, zero-width spaces and joiners, a byte order mark) as
#: spaces; and a forum post's ``[code]`` and ``[/code]`` tags as spaces.
_PLAIN = str.maketrans({
    **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)},
    **{ord(ch): " " for ch in "\u3000\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                              "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"},
})
_CODE_TAG = re.compile(r"\[/?code\]", re.IGNORECASE)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: The sizes the package knows, with the box shape (rows x cols) of each.
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


class InvalidPuzzleError(ValueError):
    """Input that is not a puzzle. ``cells`` lists the cells at fault, if any."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.cells = cells


@dataclass(frozen=True)
class Shape:
    """A grid of ``n`` x ``n`` cells with boxes of ``box_rows`` x ``box_cols``."""

    n: int
    box_rows: int
    box_cols: int

    def __post_init__(self) -> None:
        if self.box_rows * self.box_cols != self.n or self.n > len(SYMBOLS):
            raise InvalidPuzzleError(f"no {self.n}x{self.n} grid has {self.box_rows}x{self.box_cols} boxes")

    @property
    def cells(self) -> int:
        return self.n * self.n

    def row(self, cell: int) -> int:
        return cell // self.n

    def col(self, cell: int) -> int:
        return cell % self.n

    def box(self, cell: int) -> int:
        r, c = divmod(cell, self.n)
        return r // self.box_rows * self.box_rows + c // self.box_cols

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        """The box of every cell."""
        return tuple(self.box(x) for x in range(self.cells))

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """All units: the ``n`` rows, then the ``n`` columns, then the ``n`` boxes."""
        n = self.n
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        boxes = [tuple(x for x in range(n * n) if self.box(x) == b) for b in range(n)]
        return tuple(rows + cols + boxes)

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells of its row, column and box."""
        n = self.n
        units = self.units
        return tuple(
            frozenset(units[self.row(x)] + units[n + self.col(x)] + units[2 * n + self.box(x)]) - {x}
            for x in range(n * n)
        )

    def symbol(self, digit: int) -> str:
        return SYMBOLS[digit - 1] if digit else "."


@cache
def shape_for(n: int, box: tuple[int, int] | None = None) -> Shape:
    """The shape of size ``n`` (boxes from :data:`BOX_SHAPES` unless given)."""
    if box is None:
        if n not in BOX_SHAPES:
            raise InvalidPuzzleError(f"unsupported size {n}; sizes are {_sizes()}")
        box = BOX_SHAPES[n]
    return Shape(n, *box)


def _sizes() -> str:
    return ", ".join(str(n) for n in BOX_SHAPES)


def cell_name(cell: int, n: int) -> str:
    """``r1c1``-style name of a cell (1-based)."""
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


@dataclass(frozen=True)
class Puzzle:
    """A grid: ``digits[cell]`` is ``1..n``, or 0 for a blank."""

    shape: Shape
    digits: tuple[int, ...]

    def __str__(self) -> str:
        """The canonical one-line form, ``.`` for a blank."""
        symbol = self.shape.symbol
        return "".join(symbol(d) for d in self.digits)

    @property
    def n(self) -> int:
        return self.shape.n

    @property
    def clues(self) -> int:
        return sum(1 for d in self.digits if d)


def format_grid(puzzle: Puzzle) -> str:
    """A pretty multi-line grid with ``|`` and ``-`` between boxes."""
    shape = puzzle.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append("-+-".join("-" * (bc * 2 - 1) for _ in range(n // bc)))
        row = puzzle.digits[r * n:(r + 1) * n]
        groups = [" ".join(shape.symbol(d) for d in row[c:c + bc]) for c in range(0, n, bc)]
        lines.append(" | ".join(groups))
    return "\n".join(lines)


def parse(text: str, size: int | None = None, box: tuple[int, int] | None = None) -> Puzzle:
    """Read one puzzle in any common form (see the module glossary).

    The size is inferred from the number of cells unless ``size`` is given;
    ``box`` overrides the box shape. A one-line puzzle may have a label before or
    after it (``Puzzle 7: 4.....8.5... (SE 2.3)``). Full-width symbols, invisible
    direction marks and forum ``[code]`` tags are read too (see ``_PLAIN``). Raises
    :class:`InvalidPuzzleError` naming the bad character and where it is, or what
    is wrong with the length.
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError(f"a puzzle is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidPuzzleError(f"the text has {len(text):,} characters; a puzzle has at most {MAX_TEXT:,}")
    text = _CODE_TAG.sub(lambda tag: " " * len(tag.group()), text.translate(_PLAIN))
    try:
        return _parse_layout(text, size, box)
    except InvalidPuzzleError as error:
        puzzle = _unlabelled(text)
        if puzzle is None:
            raise
        try:
            return _parse_layout(puzzle, size, box)
        except InvalidPuzzleError:
            raise error from None


def _unlabelled(text: str) -> str | None:
    """The puzzle in a line that has a label around it: its one run of symbols and
    blanks whose length is a puzzle's, else None."""
    line = text.strip(WHITESPACE)
    if _LINE_BREAK.search(line):
        return None
    runs = [run for run in re.findall(r"[0-9A-Za-z.*_]+", line) if len(run) in {n * n for n in BOX_SHAPES}]
    return runs[0] if len(runs) == 1 and runs[0] != line else None


def _parse_layout(text: str, size: int | None, box: tuple[int, int] | None) -> Puzzle:
    """:func:`parse` of a text that is nothing but the puzzle: symbols, blanks,
    separators and whitespace, or numbers."""
    tokens = _number_tokens(text)
    if tokens is not None:
        return _from_numbers(tokens, size, box)
    symbols: list[tuple[str, int, int]] = []  # (symbol, line, column), 1-based
    for line_no, line in enumerate(_LINE_BREAK.split(text), 1):
        for col_no, ch in enumerate(line, 1):
            if ch not in WHITESPACE and ch not in SEPARATORS:
                symbols.append((ch, line_no, col_no))
    shape = _shape_of(len(symbols), size, box)
    one_line = not _LINE_BREAK.search(text.strip(WHITESPACE))
    digits = []
    for cell, (ch, line_no, col_no) in enumerate(symbols):
        digit = 0 if ch in BLANKS else _digit(ch)
        if ch not in BLANKS and not 0 < digit <= shape.n:
            where = f"position {col_no}" if one_line else f"line {line_no}, column {col_no}"
            allowed = f"1-{shape.symbol(shape.n)}" if shape.n > 1 else "1"
            raise InvalidPuzzleError(
                f"unexpected character {_char_name(ch)} at {where} ({cell_name(cell, shape.n)}): "
                f"a {shape.n}x{shape.n} grid takes {allowed}, or . 0 * _ for a blank",
                (cell,),
            )
        digits.append(digit)
    return Puzzle(shape, tuple(digits))


def _digit(symbol: str) -> int:
    """The digit an ASCII symbol stands for (either case), or 0."""
    return SYMBOLS.find(symbol) + 1 or SYMBOLS.lower().find(symbol) + 1


def _char_name(ch: str) -> str:
    """``'x'`` for a printable ASCII character, else its code point: ``U+00E9``."""
    return f"'{ch}'" if " " < ch <= "~" and ch != "'" else f"U+{ord(ch):04X}"


_NUMBER = re.compile(r"[0-9]{1,2}|[.*_]")


def _numbers(text: str) -> list[str] | None:
    """The tokens of text written as whitespace-separated numbers (some of two
    digits, as in big grids), else None."""
    tokens = [t for t in re.split(f"[{WHITESPACE}|+]+", text) if t.strip("-")]
    if any(len(t) > 1 for t in tokens) and all(
        _NUMBER.fullmatch(t) and (t in BLANKS or int(t) <= len(SYMBOLS)) for t in tokens
    ):
        return tokens
    return None


def _number_tokens(text: str) -> list[str] | None:
    """The tokens of a whole grid written as numbers, else None."""
    tokens = _numbers(text)
    return tokens if tokens and len(tokens) in {n * n for n in BOX_SHAPES} else None


def _from_numbers(tokens: list[str], size: int | None, box: tuple[int, int] | None) -> Puzzle:
    shape = _shape_of(len(tokens), size, box)
    digits = []
    for cell, token in enumerate(tokens):
        digit = 0 if token in BLANKS else int(token)
        if digit > shape.n:
            raise InvalidPuzzleError(
                f"number {digit} at {cell_name(cell, shape.n)} is more than {shape.n}", (cell,)
            )
        digits.append(digit)
    return Puzzle(shape, tuple(digits))


def _shape_of(count: int, size: int | None, box: tuple[int, int] | None) -> Shape:
    if size is not None:
        shape = shape_for(size, box)
        if count != shape.cells:
            raise InvalidPuzzleError(f"a {size}x{size} puzzle has {shape.cells} cells, this text has {count}")
        return shape
    for n in BOX_SHAPES:
        if n * n == count:
            return shape_for(n, box)
    cells = ", ".join(str(n * n) for n in BOX_SHAPES)
    raise InvalidPuzzleError(f"{count} cells is no puzzle size (a puzzle has {cells} cells)")


def find_clash(puzzle: Puzzle) -> tuple[int, int] | None:
    """Two cells that share a unit and hold the same digit, or None."""
    shape = puzzle.shape
    digits = puzzle.digits
    for unit in shape.units:
        seen: dict[int, int] = {}
        for cell in unit:
            d = digits[cell]
            if d:
                if d in seen:
                    return seen[d], cell
                seen[d] = cell
    return None


def read_puzzles(text: str) -> list[str]:
    """Split a file's text into puzzle texts.

    One puzzle per line (see :func:`puzzle_on_line`); a file whose lines form a
    single ``n`` x ``n`` grid is one puzzle.
    """
    lines = [line for number, raw in enumerate(text.splitlines(), 1)
             if (line := puzzle_on_line(raw, number)) is not None]
    if lines and all(_row_length(line) == len(lines) for line in lines) and len(lines) in BOX_SHAPES:
        return ["\n".join(lines)]
    return lines


def puzzle_on_line(raw: str, number: int) -> str | None:
    """The puzzle text on line ``number`` (from 1) of a file of puzzles, or None for
    a line without one: ``#`` starts a comment, a tab ends the puzzle column, and
    a ``.tsv`` header (a first line whose first column is a word) is skipped."""
    line = raw.split("#", 1)[0]
    if "\t" in line:
        line = line.split("\t", 1)[0]
        if number == 1 and line.strip().isalpha():
            return None
    return line if line.strip() and line.strip(" " + SEPARATORS) else None


def _row_length(line: str) -> int:
    tokens = _numbers(line)
    if tokens is not None:
        return len(tokens)
    return sum(1 for ch in line if ch not in WHITESPACE and ch not in SEPARATORS)
