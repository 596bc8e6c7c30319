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
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, partial

from .kind import BOX_SHAPES, KIND, KINDS, Kind

__all__ = [
    "BOX_SHAPES",
    "KIND",
    "KINDS",
    "LINE_BREAK",
    "Cage",
    "InvalidPuzzleError",
    "Puzzle",
    "Shape",
    "Sign",
    "WHITESPACE",
    "cell_name",
    "char_name",
    "find_clash",
    "kind_facts",
    "format_grid",
    "jigsaw_shape",
    "marks_of",
    "mistakes",
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
    **{code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
    **{ord(ch): " " for ch in "\u3000\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                              "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"},
})
_CODE_TAG = re.compile(r"\[/?code\]", re.IGNORECASE)
LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: The sizes the package knows, with the box shape (rows x cols) of each.


class InvalidPuzzleError(ValueError):
    """Input that is not a puzzle. ``cells`` lists the cells at fault, if any."""

    def __init__(self, message: str, cells: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.cells = cells


def kind_facts(name: str) -> Kind:
    """The facts of the kind called ``name`` (:data:`.kind.KIND`); InvalidPuzzleError if there is none."""
    if name not in KIND:
        raise InvalidPuzzleError(f"unknown kind \"{name}\"; kinds are {', '.join(KINDS)}")
    return KIND[name]


@dataclass(frozen=True)
class Shape:
    """The grid of a kind of puzzle: ``n`` x ``n`` cells and their units.

    The units are the ``n`` rows, the ``n`` columns, the ``n`` regions a cell has
    one of (its *box*: a box of ``box_rows`` x ``box_cols`` cells, or, in a jigsaw, the
    irregular region ``regions[cell]``; a futoshiki's Latin square has none), then the
    kind's extra units: X's two long diagonals, windoku's four windows. Each unit
    holds every digit once.
    """

    n: int
    box_rows: int = 0
    box_cols: int = 0
    kind: str = "sudoku"
    #: A jigsaw's region of every cell (0..n-1), row by row; empty for other kinds.
    regions: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        n, kind = self.n, kind_facts(self.kind)
        if n not in kind.sizes:
            raise InvalidPuzzleError(f"{kind.article} has sizes {_listed(kind.sizes)}, not {n}")
        if kind.boxed and self.box_rows * self.box_cols != n:
            raise InvalidPuzzleError(f"no {n}x{n} grid has {self.box_rows}x{self.box_cols} boxes")
        if not kind.boxed and (self.box_rows or self.box_cols):
            raise InvalidPuzzleError(f"{kind.article} has no boxes")
        if kind.irregular:
            if len(self.regions) != n * n:
                raise InvalidPuzzleError(f"a {n}x{n} jigsaw needs a region for each of its {n * n} cells")
            for region in range(n):
                cells = tuple(x for x, r in enumerate(self.regions) if r == region)
                if len(cells) != n:
                    raise InvalidPuzzleError(
                        f"region {region + 1} of a {n}x{n} jigsaw has {len(cells)} cells, not {n}", cells)
        elif self.regions:
            raise InvalidPuzzleError(f"{kind.article} has no jigsaw regions")

    @property
    def cells(self) -> int:
        return self.n * self.n

    def row(self, cell: int) -> int:
        return cell // self.n

    def col(self, cell: int) -> int:
        return cell % self.n

    def box(self, cell: int) -> int:
        """The box (or jigsaw region) of ``cell``."""
        return self.box_of[cell]

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        """The box (or jigsaw region) of every cell; empty for a Latin square."""
        if self.regions:
            return self.regions
        if not self.box_rows:
            return ()
        n, br, bc = self.n, self.box_rows, self.box_cols
        return tuple(x // n // br * br + x % n // bc for x in range(n * n))

    @property
    def facts(self) -> Kind:
        """The kind's facts (:mod:`.kind`)."""
        return KIND[self.kind]

    @cached_property
    def extra_units(self) -> tuple[tuple[int, ...], ...]:
        """The kind's units beyond rows, columns and regions (:meth:`.kind.Kind.extra_units`):
        X's two diagonals, windoku's four windows."""
        return self.facts.extra_units(self.n)

    @cached_property
    def implied_units(self) -> tuple[tuple[int, ...], ...]:
        """Groups of cells that hold every digit once because the units do, though no
        rule of the kind names them; only the solver's exact cover has them (see
        :func:`~.solver.exact_cover`), never :attr:`units` nor a hint. Windoku's five:
        the rows with no window cell (1, 5 and 9) cross the columns of each pair of
        windows (2-4, 6-8) and the columns with none (1, 5, 9), and the windows' rows
        cross those columns. Columns 2-4 hold each digit three times, two of them in
        the windows; the third is in rows 1, 5 and 9. Then rows 1, 5 and 9 hold each
        digit three times, two of them in columns 2-4 and 6-8: the third is in columns
        1, 5 and 9."""
        if self.kind != "windoku":  # the one kind whose extra units imply more
            return ()
        n = self.n
        spans = sorted({tuple(sorted({x // n for x in window})) for window in self.extra_units})
        free = tuple(line for line in range(n) if not any(line in span for span in spans))
        crossed = [(free, span) for span in spans] + [(span, free) for span in spans] + [(free, free)]
        return tuple(tuple(r * n + c for r in rows for c in cols) for rows, cols in crossed)

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """All units: the ``n`` rows, the ``n`` columns, the ``n`` boxes (if any), then
        the extra units; unit ``u`` is named by :meth:`unit_name`."""
        n = self.n
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        boxes = [tuple(x for x in range(n * n) if self.box_of[x] == b) for b in range(n)] if self.box_of else []
        return tuple(rows + cols + boxes) + self.extra_units

    @cached_property
    def units_of(self) -> tuple[tuple[int, ...], ...]:
        """The units of every cell, as indices into :attr:`units`."""
        found: list[list[int]] = [[] for _ in range(self.cells)]
        for index, unit in enumerate(self.units):
            for cell in unit:
                found[cell].append(index)
        return tuple(map(tuple, found))

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells of its units."""
        units = self.units
        return tuple(frozenset(x for u in self.units_of[cell] for x in units[u]) - {cell} for cell in range(self.cells))

    def unit_name(self, unit: int) -> str:
        """``row 3``, ``column 5``, ``box 7`` (``region 7`` in a jigsaw), ``the main
        diagonal``, ``the anti-diagonal`` or ``window 2`` (1-based) for a unit index."""
        n = self.n
        if unit < 2 * n:
            return f"{('row', 'column')[unit // n]} {unit % n + 1}"
        if self.box_of and unit < 3 * n:
            return f"{'region' if self.regions else 'box'} {unit - 2 * n + 1}"
        return self.facts.extra_name(unit - (3 * n if self.box_of else 2 * n))

    def symbol(self, digit: int) -> str:
        return SYMBOLS[digit - 1] if digit else "."


def _listed(sizes: tuple[int, ...]) -> str:
    """``4, 6 and 9``; a run of sizes is ``4 to 16``."""
    if len(sizes) > 3 and sizes == tuple(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return ", ".join(map(str, sizes[:-1])) + f" and {sizes[-1]}" if len(sizes) > 1 else str(sizes[0])


@cache
def shape_for(n: int, box: tuple[int, int] | None = None, kind: str = "sudoku") -> Shape:
    """The shape of a ``kind`` of size ``n`` (its boxes from :data:`BOX_SHAPES` unless
    given; a jigsaw's regions come with the puzzle: see :func:`jigsaw_shape`)."""
    if not KIND[kind].boxed:
        return Shape(n, kind=kind)
    if box is None:
        if n not in BOX_SHAPES:
            raise InvalidPuzzleError(f"unsupported size {n}; sizes are {_sizes()}")
        box = BOX_SHAPES[n]
    return Shape(n, *box, kind=kind)


def jigsaw_shape(regions: tuple[int, ...]) -> Shape:
    """The jigsaw whose cells are in ``regions`` (a region 0..n-1 per cell)."""
    n = round(len(regions) ** 0.5)
    if n * n != len(regions):
        raise InvalidPuzzleError(f"{len(regions)} cells is no square grid")
    return Shape(n, kind="jigsaw", regions=tuple(regions))


def _sizes() -> str:
    return ", ".join(str(n) for n in BOX_SHAPES)


def cell_name(cell: int, n: int) -> str:
    """``r1c1``-style name of a cell (1-based)."""
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def marks_of(notes: list[str], n: int) -> list[int]:
    """The player's notes (one string of candidate symbols per cell, "" for none) as a
    candidate mask per cell; InvalidPuzzleError naming a note that is no digit, and where."""
    if len(notes) != n * n:
        raise InvalidPuzzleError(f"notes are needed for all {n * n} cells, not {len(notes)}")
    masks = []
    for cell, note in enumerate(notes):
        mask = 0
        for symbol in note:
            digit = SYMBOLS.find(symbol.upper()) + 1
            if not 0 < digit <= n:
                raise InvalidPuzzleError(f"note {symbol!r} in {cell_name(cell, n)} is no digit of this grid", (cell,))
            mask |= 1 << (digit - 1)
        masks.append(mask)
    return masks


def mistakes(givens: tuple[int, ...], typed: tuple[int, ...], marks: list[int], solution: tuple[int, ...],
             n: int) -> tuple[str, tuple[int, ...]] | None:
    """What a player got wrong against ``solution``, said for a hint, and its cells: the
    entries ``typed`` (0 where blank; a given's cell is not the player's) that differ
    from it, else the notes ``marks`` (a mask per cell, 0 for none) of blank cells that
    leave its digit out; None if nothing is wrong."""
    wrong = tuple(x for x, d in enumerate(typed) if d and not givens[x] and d != solution[x])
    if wrong:
        names = ", ".join(f"{cell_name(x, n)} ({SYMBOLS[typed[x] - 1]})" for x in wrong)
        what = "Wrong entry" if len(wrong) == 1 else "Wrong entries"
        return f"{what}: {names}. Erase {'it' if len(wrong) == 1 else 'them'} first.", wrong
    lost = tuple(x for x, m in enumerate(marks) if m and not (givens[x] or typed[x]) and not m >> (solution[x] - 1) & 1)
    if lost:
        return f"Your notes in {', '.join(cell_name(x, n) for x in lost)} leave out the digit that goes there.", lost
    return None


@dataclass(frozen=True)
class Cage:
    """A killer cage: its ``cells`` hold different digits that add up to ``sum``."""

    cells: tuple[int, ...]
    sum: int


@dataclass(frozen=True)
class Sign:
    """A futoshiki sign between two neighbouring cells: ``greater``'s digit is more
    than ``lesser``'s."""

    greater: int
    lesser: int


@dataclass(frozen=True)
class Puzzle:
    """A grid: ``digits[cell]`` is ``1..n``, or 0 for a blank; a killer's ``cages`` and
    a futoshiki's ``signs`` are clues as the givens are."""

    shape: Shape
    digits: tuple[int, ...]
    cages: tuple[Cage, ...] = ()
    signs: tuple[Sign, ...] = ()

    def __post_init__(self) -> None:
        shape, n = self.shape, self.shape.n
        # One order for the clues, so two puzzles with the same clues are equal.
        cages = (Cage(tuple(sorted(cage.cells)), cage.sum) for cage in self.cages)
        object.__setattr__(self, "cages", tuple(sorted(cages, key=lambda cage: cage.cells)))
        object.__setattr__(self, "signs", tuple(sorted(set(self.signs), key=lambda sign: (sign.greater, sign.lesser))))
        if self.cages and not shape.facts.cages or self.signs and not shape.facts.signs:
            raise InvalidPuzzleError(f"{shape.facts.article} has no {'cages' if self.cages else 'signs'}")
        caged: dict[int, Cage] = {}
        for cage in self.cages:
            cells = cage.cells
            if not 0 < len(cells) <= n or len(set(cells)) != len(cells) or not all(0 <= x < shape.cells for x in cells):
                where = _names(cells, n) or "none"
                raise InvalidPuzzleError(f"a cage has 1 to {n} different cells of the grid, not {where}", cells)
            for x in cells:
                if x in caged:
                    raise InvalidPuzzleError(f"{cell_name(x, n)} is in two cages", (x,))
                caged[x] = cage
            k = len(cells)
            low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
            if not low <= cage.sum <= high:
                raise InvalidPuzzleError(
                    f"the cage of {_names(cells, n)} cannot add up to {cage.sum}: {k} different digits from 1-{n} "
                    f"make {low} to {high}", cells)
        if self.cages and len(caged) < shape.cells:
            loose = [x for x in range(shape.cells) if x not in caged]
            raise InvalidPuzzleError(f"a killer's cages cover every cell; {cell_name(loose[0], n)} is in none",
                                     tuple(loose))
        total = sum(cage.sum for cage in self.cages)
        if self.cages and total != n * n * (n + 1) // 2:
            raise InvalidPuzzleError(
                f"the cages cover the grid, so their sums must add up to {n * n * (n + 1) // 2}, not {total}")
        pairs = set()
        for sign in self.signs:
            a, b = sign.greater, sign.lesser
            inside = tuple(x for x in (a, b) if 0 <= x < shape.cells)
            if len(inside) < 2 or abs(a - b) not in (1, n) or (abs(a - b) == 1 and a // n != b // n):
                names = " and ".join(cell_name(x, n) if 0 <= x < shape.cells else f"cell {x}" for x in (a, b))
                raise InvalidPuzzleError(f"a sign stands between two neighbouring cells, not between {names}", inside)
            if (b, a) in pairs:
                raise InvalidPuzzleError(
                    f"the signs between {cell_name(a, n)} and {cell_name(b, n)} say both are greater", (a, b))
            pairs.add((a, b))

    def with_digits(self, digits: tuple[int, ...]) -> Puzzle:
        """This puzzle with other ``digits`` (a solution, say), its clues kept as they are:
        as ``dataclasses.replace`` without checking them again."""
        copy = object.__new__(Puzzle)
        for name, value in (("shape", self.shape), ("digits", digits), ("cages", self.cages), ("signs", self.signs)):
            object.__setattr__(copy, name, value)
        return copy

    def __str__(self) -> str:
        """The one-line form of the digits, ``.`` for a blank (a kind's other clues,
        and its regions, are in its game ID: see :mod:`sudoku_dlx.kinds.read`)."""
        symbol = self.shape.symbol
        return "".join(symbol(d) for d in self.digits)

    @property
    def n(self) -> int:
        return self.shape.n

    @property
    def kind(self) -> str:
        return self.shape.kind

    @property
    def clues(self) -> int:
        return sum(1 for d in self.digits if d)

    @cached_property
    def cage_of(self) -> dict[int, Cage]:
        """The cage of each caged cell."""
        return {x: cage for cage in self.cages for x in cage.cells}


def _names(cells: tuple[int, ...], n: int) -> str:
    """``r1c1, r1c2``: the cells, named (for a message)."""
    return ", ".join(cell_name(x, n) for x in cells)


def format_grid(puzzle: Puzzle) -> str:
    """A pretty multi-line grid with ``|`` and ``-`` between boxes (a grid without
    boxes of a shape: its symbols, a row a line)."""
    shape = puzzle.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    if not br:
        return "\n".join(" ".join(shape.symbol(d) for d in puzzle.digits[r * n:(r + 1) * n]) for r in range(n))
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append("-+-".join("-" * (bc * 2 - 1) for _ in range(n // bc)))
        row = puzzle.digits[r * n:(r + 1) * n]
        groups = [" ".join(shape.symbol(d) for d in row[c:c + bc]) for c in range(0, n, bc)]
        lines.append(" | ".join(groups))
    return "\n".join(lines)


def parse(text: str, size: int | None = None, box: tuple[int, int] | None = None, shape: Shape | None = None) -> Puzzle:
    """Read one puzzle in any common form (see the module glossary).

    The size is inferred from the number of cells unless ``size`` is given;
    ``box`` overrides the box shape; ``shape`` gives the grid the digits fill (of
    any kind: a jigsaw's or futoshiki's digits, say). A one-line puzzle may have a label before or
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
    grid = partial(_shape_of, size=size, box=box) if shape is None else partial(_counted, shape)
    try:
        return _parse_layout(text, grid)
    except InvalidPuzzleError as error:
        puzzle = _unlabelled(text)
        if puzzle is None:
            raise
        try:
            return _parse_layout(puzzle, grid)
        except InvalidPuzzleError:
            raise error from None


def _unlabelled(text: str) -> str | None:
    """The puzzle in a line that has a label around it: its one run of symbols and
    blanks whose length is a puzzle's, else None."""
    line = text.strip(WHITESPACE)
    if LINE_BREAK.search(line):
        return None
    runs = [run for run in re.findall(r"[0-9A-Za-z.*_]+", line) if len(run) in {n * n for n in BOX_SHAPES}]
    return runs[0] if len(runs) == 1 and runs[0] != line else None


def _parse_layout(text: str, grid: Callable[[int], Shape]) -> Puzzle:
    """:func:`parse` of a text that is nothing but the puzzle: symbols, blanks,
    separators and whitespace, or numbers; ``grid(count)`` is the shape of ``count`` cells."""
    tokens = _number_tokens(text)
    if tokens is not None:
        return _from_numbers(tokens, grid)
    symbols: list[tuple[str, int, int]] = []  # (symbol, line, column), 1-based
    for line_no, line in enumerate(LINE_BREAK.split(text), 1):
        for col_no, ch in enumerate(line, 1):
            if ch not in WHITESPACE and ch not in SEPARATORS:
                symbols.append((ch, line_no, col_no))
    shape = grid(len(symbols))
    one_line = not LINE_BREAK.search(text.strip(WHITESPACE))
    digits = []
    for cell, (ch, line_no, col_no) in enumerate(symbols):
        digit = 0 if ch in BLANKS else _digit(ch)
        if ch not in BLANKS and not 0 < digit <= shape.n:
            where = f"position {col_no}" if one_line else f"line {line_no}, column {col_no}"
            allowed = f"1-{shape.symbol(shape.n)}" if shape.n > 1 else "1"
            raise InvalidPuzzleError(
                f"unexpected character {char_name(ch)} at {where} ({cell_name(cell, shape.n)}): "
                f"a {shape.n}x{shape.n} grid takes {allowed}, or . 0 * _ for a blank",
                (cell,),
            )
        digits.append(digit)
    return Puzzle(shape, tuple(digits))


def _digit(symbol: str) -> int:
    """The digit an ASCII symbol stands for (either case), or 0."""
    return SYMBOLS.find(symbol) + 1 or SYMBOLS.lower().find(symbol) + 1


def char_name(ch: str) -> str:
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


def _from_numbers(tokens: list[str], grid: Callable[[int], Shape]) -> Puzzle:
    shape = grid(len(tokens))
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
        return _counted(shape_for(size, box), count)
    for n in BOX_SHAPES:
        if n * n == count:
            return shape_for(n, box)
    cells = ", ".join(str(n * n) for n in BOX_SHAPES)
    raise InvalidPuzzleError(f"{count} cells is no puzzle size (a puzzle has {cells} cells)")


def _counted(shape: Shape, count: int) -> Shape:
    """``shape``, if it has ``count`` cells."""
    if count != shape.cells:
        raise InvalidPuzzleError(f"a {shape.n}x{shape.n} puzzle has {shape.cells} cells, this text has {count}")
    return shape


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
