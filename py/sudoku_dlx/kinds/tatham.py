"""Simon Tatham's game IDs, read and written as his programs do (``sgt-solo``,
``sgt-unequal`` of his Portable Puzzle Collection), so puzzles pass both ways.

Solo: ``PARAMS:DESC``. ``PARAMS`` is ``RxC`` for boxes of R rows and C columns
(``3x3``, ``2x3``), with ``x`` after it for X and ``k`` for killer; ``Nj`` is a jigsaw
of size N. Letters of symmetry and difficulty may follow (``3x3db``); they say how
the puzzle was made and are read past. ``DESC`` is the grid row by row: a run of 1
to 26 blanks is a letter ``a``-``z``, a digit is its number, and two numbers in a
row stand apart by ``_``. A jigsaw adds ``,BORDERS`` (its regions); a killer adds
``,BORDERS,SUMS`` (its cages, then each cage's sum at the cage's first cell, in the
grid's encoding). Borders are told along the internal edges, those between
horizontal neighbours in reading order, then those between vertical neighbours
column by column: each letter counts the edges without a border before the next
border (``_`` none, ``a``-``y`` 1 to 25), ``z`` 25 of them and no border.

Unequal (futoshiki): ``N:`` and the N*N cells row by row, each its digit (0 for a
blank) and the letters ``U``, ``R``, ``D``, ``L`` of the neighbours it is greater
than, each followed by a comma (a letter ``a``-``z`` for a run of blank cells is
read too, as his program does).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .grid import WHITESPACE, Cage, InvalidPuzzleError, Puzzle, Sign, char_name, jigsaw_shape, shape_for

__all__ = ["is_game_id", "read_game_id", "write_game_id"]

#: ``PARAMS:DESC``: the parameters (digits first) and the description, one token.
_GAME_ID = re.compile(f"([0-9]+(?:x[0-9]+)?[a-z0-9]*):([^{WHITESPACE}]*)")
#: Unequal's neighbours: flag letter -> cell offset (in rows, columns).
_FLAGS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def is_game_id(text: str) -> bool:
    """Whether ``text`` looks like a game ID (``PARAMS:DESC``, one token)."""
    return _GAME_ID.fullmatch(text.strip(WHITESPACE)) is not None


def read_game_id(text: str) -> Puzzle:
    """The puzzle of a Solo or Unequal game ID; InvalidPuzzleError saying what is wrong."""
    match = _GAME_ID.fullmatch(text.strip(WHITESPACE))
    if not match:
        raise InvalidPuzzleError("a game ID is PARAMS:DESCRIPTION, as 3x3:a2b... or 5:0,0R,...")
    params, desc = match.groups()
    if re.fullmatch(r"[0-9]+(?:a|d[a-z]?)*", params):
        return _read_unequal(params, desc)
    return _read_solo(params, desc)


def write_game_id(puzzle: Puzzle) -> str:
    """The game ID of a sudoku, X, jigsaw, killer or futoshiki (Tatham's programs have
    no windoku)."""
    shape = puzzle.shape
    if puzzle.kind == "futoshiki":
        return _write_unequal(puzzle)
    if puzzle.kind == "jigsaw":
        return f"{shape.n}j:{_write_grid(puzzle.digits)},{_write_borders(shape.regions, shape.n)}"
    if puzzle.kind == "windoku":
        raise InvalidPuzzleError("Tatham's programs have no windoku")
    params = f"{shape.box_rows}x{shape.box_cols}" + {"x": "x", "killer": "k"}.get(puzzle.kind, "")
    desc = _write_grid(puzzle.digits)
    if puzzle.kind == "killer":
        first = {min(cage.cells): cage.sum for cage in puzzle.cages}
        cage_of = {x: k for k, cage in enumerate(puzzle.cages) for x in cage.cells}
        desc += f",{_write_borders(cage_of, shape.n)},{_write_grid([first.get(x, 0) for x in range(shape.cells)])}"
    return f"{params}:{desc}"


# -- Solo ------------------------------------------------------------------------------

def _read_solo(params: str, desc: str) -> Puzzle:
    match = re.match(r"([0-9]+)(?:x([0-9]+))?", params)
    assert match is not None  # read_game_id's params begin with digits
    rows = int(match.group(1))
    cols = int(match.group(2)) if match.group(2) else rows
    flags = params[match.end():]
    # His flags are letters, each maybe with digits (symmetry); what follows "d" is a difficulty.
    flags = re.sub(r"d[tbiaeu]?|md?[0-9]*|r[0-9]*|a", "", flags)
    jigsaw, x, killer = "j" in flags, "x" in flags, "k" in flags
    if jigsaw and (x or killer) or x and killer:
        raise InvalidPuzzleError(f"game ID {params}: only one of jigsaw (j), X (x) and killer (k) at a time is read here")
    n = rows * cols if not jigsaw or match.group(2) else rows
    if n > 35 or n < 2:
        raise InvalidPuzzleError(f"game ID {params}: a grid of {n}x{n} is too {'big' if n > 35 else 'small'}")
    parts = desc.split(",")
    wanted = 2 if jigsaw else 3 if killer else 1
    if len(parts) != wanted:
        what = {1: "the grid", 2: "the grid and the regions", 3: "the grid, the cages and their sums"}[wanted]
        raise InvalidPuzzleError(f"game ID {params}: the description has {what}, in {wanted} part"
                                 f"{'s' if wanted > 1 else ''} separated by commas, not {len(parts)}")
    digits = _read_grid(parts[0], n * n, n, "the grid")
    if jigsaw:
        return Puzzle(jigsaw_shape(_regions(_read_borders(parts[1], n, "the regions"))), digits)
    kind = "x" if x else "killer" if killer else "sudoku"
    shape = shape_for(n, (rows, cols), kind)
    if not killer:
        return Puzzle(shape, digits)
    cages = _read_borders(parts[1], n, "the cages")
    sums = _read_grid(parts[2], n * n, n * n * (n + 1) // 2, "the sums")
    return Puzzle(shape, digits, tuple(_cage(cells, sums, n) for cells in cages))


def _cage(cells: tuple[int, ...], sums: tuple[int, ...], n: int) -> Cage:
    given = [sums[x] for x in cells if sums[x]]
    if len(given) != 1:
        where = ", ".join(f"r{x // n + 1}c{x % n + 1}" for x in cells)
        raise InvalidPuzzleError(f"the cage of {where} has {len(given) or 'no'} sum{'s' if len(given) > 1 else ''}, "
                                 "not one", cells)
    return Cage(cells, given[0])


def _read_grid(text: str, area: int, most: int, what: str) -> tuple[int, ...]:
    """A grid in Solo's encoding: letters for runs of blanks, numbers 1..``most``."""
    values: list[int] = []
    for token in re.findall(r"[0-9]+|[^0-9]", text):
        if token == "_":
            continue
        if token[0] in "0123456789":
            if not 1 <= int(token) <= most:
                raise InvalidPuzzleError(f"{what} has the number {token}, which is not from 1 to {most}")
            values.append(int(token))
        elif "a" <= token <= "z":
            values.extend([0] * (ord(token) - ord("a") + 1))
        else:
            raise InvalidPuzzleError(f"{what} has the character {char_name(token)}, which is no digit, letter or _")
    if len(values) != area:
        raise InvalidPuzzleError(f"{what} describes {len(values)} cells, not {area}")
    return tuple(values)


def _write_grid(values: Sequence[int]) -> str:
    """Solo's encoding of a grid (see :func:`_read_grid`)."""
    out: list[str] = []
    run = 0
    for value in (*values, -1):
        if value == 0:
            run += 1
            continue
        if run:
            while run > 0:
                take = min(run, 26)
                out.append(chr(ord("a") - 1 + take))
                run -= take
        elif out and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
    return "".join(out)


def _edge(i: int, n: int) -> tuple[int, int]:
    """The two cells of internal edge ``i`` (see the module's docstring)."""
    if i < n * (n - 1):
        y, x = divmod(i, n - 1)
        return y * n + x, y * n + x + 1
    x, y = i // (n - 1) - n, i % (n - 1)
    return y * n + x, (y + 1) * n + x


def _read_borders(text: str, n: int, what: str) -> list[tuple[int, ...]]:
    """The areas (regions or cages) the borders of Solo's encoding part, each its cells
    in order, in the order of their first cells."""
    edges = 2 * n * (n - 1)
    parent = list(range(n * n))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    i = 0
    for ch in text:
        if ch == "z":
            run, border = 25, False
        elif ch == "_" or "a" <= ch <= "y":
            run, border = (0 if ch == "_" else ord(ch) - ord("a") + 1), True
        else:
            raise InvalidPuzzleError(f"{what} has the character {char_name(ch)}, which is no letter or _")
        if i + run + border > edges + 1:
            raise InvalidPuzzleError(f"{what} tell more edges than a {n}x{n} grid has")
        for _ in range(run):
            a, b = _edge(i, n)
            parent[root(a)] = root(b)
            i += 1
        i += border
    if i != edges + 1:
        raise InvalidPuzzleError(f"{what} tell {i} of the {edges + 1} edges of a {n}x{n} grid (with the last)")
    areas: dict[int, list[int]] = {}
    for x in range(n * n):
        areas.setdefault(root(x), []).append(x)
    return [tuple(cells) for cells in areas.values()]


def _regions(areas: list[tuple[int, ...]]) -> tuple[int, ...]:
    """The region of every cell, numbered in the order of the areas."""
    region = [0] * sum(map(len, areas))
    for k, cells in enumerate(areas):
        for x in cells:
            region[x] = k
    return tuple(region)


def _write_borders(area_of: Mapping[int, int] | Sequence[int], n: int) -> str:
    """Solo's encoding of the borders between cells of different areas."""
    out: list[str] = []
    run = 0
    edges = 2 * n * (n - 1)
    for i in range(edges + 1):
        if i < edges:
            a, b = _edge(i, n)
            if area_of[a] == area_of[b]:
                run += 1
                continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)


# -- Unequal ---------------------------------------------------------------------------

def _read_unequal(params: str, desc: str) -> Puzzle:
    size = re.match(r"[0-9]+", params)
    assert size is not None  # read_game_id's params begin with digits
    n = int(size.group())
    if "a" in re.sub(r"d[a-z]?", "", params[size.end():]):
        raise InvalidPuzzleError(f"game ID {params}: Unequal's adjacent mode is not read here, only its signs")
    shape = shape_for(n, kind="futoshiki")
    digits = [0] * (n * n)
    signs: list[Sign] = []
    i = position = 0
    cell = re.compile(r"([a-z]*)([0-9]+)([A-Z]*)")
    while position < len(desc):
        token = cell.match(desc, position)
        if not token:
            raise InvalidPuzzleError(f"the description has {char_name(desc[position])} where cell {i + 1}'s number "
                                     "(after letters for blank cells) should be")
        skip, number, flags = token.groups()
        i += sum(ord(ch) - ord("a") + 1 for ch in skip)
        if i >= n * n:
            raise InvalidPuzzleError(f"the description has more than the {n * n} cells of a {n}x{n} grid")
        if int(number) > n:
            raise InvalidPuzzleError(f"cell {i + 1} has {number}, more than {n}")
        digits[i] = int(number)
        r, c = divmod(i, n)
        for flag in flags:
            if flag not in _FLAGS:
                raise InvalidPuzzleError(f"r{r + 1}c{c + 1} has the flag {char_name(flag)}; flags are U, R, D and L", (i,))
            dr, dc = _FLAGS[flag]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise InvalidPuzzleError(f"the sign {flag} of r{r + 1}c{c + 1} points off the grid", (i,))
            signs.append(Sign(i, (r + dr) * n + c + dc))
        i += 1
        position = token.end()
        if position < len(desc):
            if desc[position] != ",":
                raise InvalidPuzzleError(f"cell {i} is not followed by a comma")
            position += 1
    if i < n * n:
        raise InvalidPuzzleError(f"the description has {i} of the {n * n} cells of a {n}x{n} grid")
    return Puzzle(shape, tuple(digits), signs=tuple(signs))


def _write_unequal(puzzle: Puzzle) -> str:
    n = puzzle.n
    flags: dict[int, str] = {}
    for sign in puzzle.signs:
        offset = divmod(sign.lesser - sign.greater, n) if abs(sign.lesser - sign.greater) == n else (0, sign.lesser - sign.greater)
        flags[sign.greater] = flags.get(sign.greater, "") + next(f for f, d in _FLAGS.items() if d == offset)
    order = "URDL"
    cells = (f"{d}{''.join(sorted(flags.get(x, ''), key=order.index))}," for x, d in enumerate(puzzle.digits))
    return f"{n}:" + "".join(cells)
