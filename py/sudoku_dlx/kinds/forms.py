"""The readable text of each kind, as a newspaper or a person would write it.

futoshiki
    The grid with its signs between the cells, as Tatham's Unequal prints it: a cell
    row holds the cells' symbols (``.``, ``0``, ``*`` or ``_`` for a blank, as in any
    grid) with ``<`` or ``>`` between two cells where a sign stands; between two cell
    rows, a line holds ``^`` or ``v`` (or the page's ``∧`` and ``∨``) under a cell whose
    neighbour below is less (``v``) or greater (``^``): the sign opens towards the
    greater digit::

        . < .   .   2
        ^       v
        .   . > .   .

jigsaw
    The digits (one line, or a grid), then ``n`` lines of ``n`` letters: the cells
    of each letter make one region.
killer
    Optional givens (a line or a grid), then one line per cage: its sum, a colon and
    its cells (``15: r1c1 r1c2 r2c1``). An optional first line ``killer 9x9`` names the
    size, else it is the least killer size that holds every cell named.
"""

from __future__ import annotations

import re

from .grid import (KIND, LINE_BREAK, WHITESPACE, Cage, InvalidPuzzleError, Puzzle, Shape, Sign, cell_name,
                   char_name, jigsaw_shape, parse, shape_for)

__all__ = ["looks_like", "read_form", "write_form"]

_CELL_ROW = re.compile(r"[0-9A-Za-z.*_]")
_UP, _DOWN = "^\u2227", "vV\u2228"  # the signs under a cell: ^ or ∧ (greater below), v or ∨ (less below)
_SIGN_ROW = re.compile(f"[ \t{_DOWN}{_UP}]*[{_DOWN}{_UP}][ \t{_DOWN}{_UP}]*")
_CAGE = re.compile(r"[ \t]*([0-9]+)[ \t]*[:=][ \t]*((?:[rR][0-9]+[cC][0-9]+[ \t,;]*)+)")
_KILLER_SIZE = re.compile(r"[ \t]*killer(?:[ \t]+([0-9]+)[ \t]*x[ \t]*([0-9]+))?[ \t]*", re.IGNORECASE | re.ASCII)


def _lines(text: str) -> list[str]:
    return [line.rstrip(WHITESPACE) for line in LINE_BREAK.split(text) if line.strip(WHITESPACE)]


def looks_like(text: str) -> str | None:
    """The kind whose readable text ``text`` is, or None: a killer's cage lines, a
    futoshiki's signs, a jigsaw's lines of region letters."""
    lines = _lines(text)
    if any(_CAGE.fullmatch(line) for line in lines):
        return "killer"
    if any(ch in "<>" for line in lines for ch in line) or any(_SIGN_ROW.fullmatch(line) for line in lines):
        return "futoshiki"
    if _jigsaw_split(lines):
        return "jigsaw"
    return None


def read_form(text: str, kind: str) -> Puzzle:
    """The puzzle of ``kind`` in its readable text; InvalidPuzzleError naming the line."""
    lines = _lines(text)
    if kind == "futoshiki":
        return _read_futoshiki(lines)
    if kind == "jigsaw":
        split = _jigsaw_split(lines)
        if not split:
            raise InvalidPuzzleError("a jigsaw is its digits, then n lines of n letters, one letter per region")
        digits, regions = split
        shape = jigsaw_shape(regions)
        return _with_digits(shape, digits)
    if kind == "killer":
        return _read_killer(lines)
    raise InvalidPuzzleError(f"{KIND[kind].article} has no text form of its own: write its grid")


def _with_digits(shape: Shape, lines: list[str], cages: tuple[Cage, ...] = ()) -> Puzzle:
    """``shape``'s puzzle with the digits of ``lines`` (none: an empty grid)."""
    digits = parse("\n".join(lines), shape=shape).digits if lines else (0,) * shape.cells
    return Puzzle(shape, digits, cages)


def _read_futoshiki(lines: list[str]) -> Puzzle:
    rows: list[list[tuple[int, str]]] = []  # per cell row: (column in its line, symbol)
    signs: list[tuple[int, int, str]] = []  # (cell row, column in the line, sign)
    for number, line in enumerate(lines, 1):
        if _SIGN_ROW.fullmatch(line):
            if not rows:
                raise InvalidPuzzleError(f"line {number}: a line of ^ and v signs comes between two rows of cells")
            signs.extend((len(rows) - 1, column, ch.lower()) for column, ch in enumerate(line) if ch in _UP + _DOWN)
            continue
        cells: list[tuple[int, str]] = []
        for column, ch in enumerate(line):
            if _CELL_ROW.fullmatch(ch):
                cells.append((column, ch))
            elif ch in "<>":
                if not cells:
                    raise InvalidPuzzleError(f"line {number}, column {column + 1}: a sign {ch} needs a cell before it")
                signs.append((len(rows), column, ch))
            elif ch not in " \t|":
                raise InvalidPuzzleError(f"line {number}, column {column + 1}: {char_name(ch)} is no symbol, no < > ^ v sign")
        rows.append(cells)
    n = len(rows)
    if any(len(cells) != n for cells in rows):
        counts = sorted({len(cells) for cells in rows})
        raise InvalidPuzzleError(f"a futoshiki of {n} rows has {n} cells in each, not {', '.join(map(str, counts))}")
    shape = shape_for(n, kind="futoshiki")
    found: list[Sign] = []
    for row, column, sign in signs:
        if sign in "<>":
            # Between the cells left and right of it in its row.
            left = max(k for k, (c, _) in enumerate(rows[row]) if c < column)
            if left == n - 1:
                raise InvalidPuzzleError(f"row {row + 1}: the sign {sign} at the end of the row has no cell after it")
            a, b = row * n + left, row * n + left + 1
            found.append(Sign(a, b) if sign == ">" else Sign(b, a))
        else:
            below = [k for k, (c, _) in enumerate(rows[row]) if c == column]
            if row == n - 1 or not below:
                raise InvalidPuzzleError(f"the sign {sign} after row {row + 1} stands under no cell, or under the last row")
            a, b = row * n + below[0], (row + 1) * n + below[0]
            found.append(Sign(a, b) if sign in _DOWN else Sign(b, a))
    text = "\n".join("".join(symbol for _, symbol in cells) for cells in rows)
    return Puzzle(shape, parse(text, shape=shape).digits, signs=tuple(found))


def _jigsaw_split(lines: list[str]) -> tuple[list[str], tuple[int, ...]] | None:
    """The digit lines and the regions of a jigsaw's text, or None if it is none."""
    for n in sorted(KIND["jigsaw"].sizes, reverse=True):
        block = [line.strip(WHITESPACE) for line in lines[-n:]]
        if len(lines) < n or not all(re.fullmatch(f"[A-Za-z]{{{n}}}", row) for row in block):
            continue
        letters = "".join(block).upper()
        names = sorted(set(letters))
        if len(names) != n:  # a region of the wrong size is told by the shape
            continue
        first = {name: letters.index(name) for name in names}
        order = sorted(names, key=first.__getitem__)
        return lines[:-n], tuple(order.index(letter) for letter in letters)
    return None


def _read_killer(lines: list[str]) -> Puzzle:
    size = None
    if lines and (match := _KILLER_SIZE.fullmatch(lines[0])):
        lines = lines[1:]
        if match.group(1):
            if match.group(1) != match.group(2):
                raise InvalidPuzzleError(f"a killer grid is square, not {match.group(1)}x{match.group(2)}")
            size = int(match.group(1))
    grid: list[str] = []
    named: list[tuple[int, list[tuple[int, int]], int]] = []  # (sum, [(row, col)], line)
    for number, line in enumerate(lines, 1):
        match = _CAGE.fullmatch(line)
        if match:
            cells = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"[rR]([0-9]+)[cC]([0-9]+)", match.group(2))]
            named.append((int(match.group(1)), cells, number))
        elif named:
            raise InvalidPuzzleError(f"line {number}: a cage line is its sum, a colon and its cells: 15: r1c1 r1c2")
        else:
            grid.append(line)
    if not named:
        raise InvalidPuzzleError("a killer's text lists its cages, a line each: 15: r1c1 r1c2")
    most = max(max(r, c) + 1 for _, cells, _ in named for r, c in cells)
    if size is None:
        size = next((n for n in KIND["killer"].sizes if n >= most), most)
    shape = shape_for(size, kind="killer")
    cages = []
    for total, cells, number in named:
        outside = [f"r{r + 1}c{c + 1}" for r, c in cells if not (0 <= r < size and 0 <= c < size)]
        if outside:
            raise InvalidPuzzleError(f"line {number}: {outside[0]} is not in a {size}x{size} grid")
        cages.append(Cage(tuple(r * size + c for r, c in cells), total))
    return _with_digits(shape, grid, tuple(cages))


def write_form(puzzle: Puzzle) -> str:
    """The readable text of a futoshiki, jigsaw or killer (see the module's docstring)."""
    n, symbol = puzzle.n, puzzle.shape.symbol
    if puzzle.kind == "futoshiki":
        right = {(s.greater, s.lesser): ">" for s in puzzle.signs} | {(s.lesser, s.greater): "<" for s in puzzle.signs}
        lines = []
        for r in range(n):
            cells = [r * n + c for c in range(n)]
            lines.append("".join(symbol(puzzle.digits[x]) + (right.get((x, x + 1), " ") if c < n - 1 else "")
                                 for c, x in enumerate(cells)))
            if r < n - 1:
                below = {(s.greater, s.lesser): "v" for s in puzzle.signs} | {(s.lesser, s.greater): "^" for s in puzzle.signs}
                lines.append(" ".join(below.get((x, x + n), " ") for x in cells).rstrip())
        return "\n".join(line for line in lines if line)  # no blank line: puzzles in a file are split by them
    if puzzle.kind == "jigsaw":
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        regions = puzzle.shape.regions
        return "\n".join([str(puzzle)] + ["".join(letters[regions[r * n + c]] for c in range(n)) for r in range(n)])
    if puzzle.kind == "killer":
        head = [f"killer {n}x{n}"] + ([str(puzzle)] if puzzle.clues else [])
        return "\n".join(head + [f"{cage.sum}: " + " ".join(cell_name(x, n) for x in cage.cells) for cage in puzzle.cages])
    raise InvalidPuzzleError(f"{puzzle.shape.facts.article} has no text form of its own: write its grid")
