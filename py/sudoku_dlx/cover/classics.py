"""Knuth's classics as exact-cover problems: the pentominoes and Langford pairs.

:func:`pentomino` tiles a board with Conway's twelve pieces (the centrepiece of
Knuth's paper "Dancing Links", 2000), :func:`langford` places the numbers 1..n
twice with k others between the two k's. Each is counted raw (every solution)
or up to symmetry, with Knuth's way of breaking it: one piece (the X, or the
number placed in the left half) may only go where its mirror images cannot.
Both are :class:`~sudoku_dlx.cover.problem.Problem` s with a ``board`` record
the lab draws: ``pieces`` holds, per option, the ``[row, col, symbol]`` it fills.
"""

from __future__ import annotations

import re

from .problem import Problem, ProblemError

__all__ = ["LANGFORD_MAX", "PENTOMINOES", "langford", "pentomino"]

#: Conway's twelve pentominoes by letter, drawn with "#" rows separated by "/".
PENTOMINOES = {
    "F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###", "P": "##/##/#.",
    "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###", "W": "#../##./.##", "X": ".#./###/.#.",
    "Y": "####/.#..", "Z": "##./.#./.##",
}
#: The piece whose placements are restricted to break the board's symmetry.
ANCHOR = "X"
#: Pieces with no symmetry of their own, in the order one is taken to break a symmetry
#: the anchor's placement keeps (X on an axis of the board).
ASYMMETRIC = "PFLNY"
#: The named boards: Scott's 8x8 with the centre 2x2 taken out.
BOARDS = {"8x8-hole": "/".join(["........"] * 3 + ["...##..."] * 2 + ["........"] * 3)}
#: The largest board side read.
BOARD_MAX = 60
#: The largest n of Langford pairs offered.
LANGFORD_MAX = 16

Cell = tuple[int, int]
#: The eight symmetries of a square, as maps of (row, col) in a rows x cols box.
SYMMETRIES = (
    lambda r, c, R, C: (r, c), lambda r, c, R, C: (R - 1 - r, c), lambda r, c, R, C: (r, C - 1 - c),
    lambda r, c, R, C: (R - 1 - r, C - 1 - c), lambda r, c, R, C: (c, r), lambda r, c, R, C: (C - 1 - c, r),
    lambda r, c, R, C: (c, R - 1 - r), lambda r, c, R, C: (C - 1 - c, R - 1 - r),
)


def _drawing(text: str) -> list[Cell]:
    """The cells ("#") of a drawing whose rows are separated by "/"."""
    return [(r, c) for r, row in enumerate(text.split("/")) for c, mark in enumerate(row) if mark == "#"]


def _orientations(cells: list[Cell]) -> list[tuple[Cell, ...]]:
    """The distinct turns and flips of a shape, each moved to the top left and sorted."""
    found = []
    for symmetry in SYMMETRIES:
        moved = [symmetry(r, c, 0, 0) for r, c in cells]
        top, left = min(r for r, _ in moved), min(c for _, c in moved)
        shape = tuple(sorted((r - top, c - left) for r, c in moved))
        if shape not in found:
            found.append(shape)
    return found


def _board(board: str) -> tuple[int, int, set[Cell]]:
    """Rows, cols and cells of a board: "RxC", a named one, or a drawing of "." and "#"."""
    text = BOARDS.get(board.strip().lower(), board.strip())
    size = re.fullmatch(r"(\d+)\s*[x\u00d7]\s*(\d+)", text.lower())
    if size:
        rows, cols = int(size[1]), int(size[2])
        if not (1 <= rows <= BOARD_MAX and 1 <= cols <= BOARD_MAX):
            raise ProblemError(f"a board's sides are 1 to {BOARD_MAX}, not {rows} and {cols}")
        return rows, cols, {(r, c) for r in range(rows) for c in range(cols)}
    lines = text.split("/")
    for r, line in enumerate(lines):
        for c, mark in enumerate(line):
            if mark not in ".#":
                raise ProblemError(f"the board's row {r + 1}, column {c + 1} is {mark!r}: draw a cell as '.', "
                                   f"no cell as '#', rows separated by '/' (or name a board: 6x10, 8x8-hole)")
    rows, cols = len(lines), max(map(len, lines))
    if rows > BOARD_MAX or cols > BOARD_MAX:
        raise ProblemError(f"a board's sides are 1 to {BOARD_MAX}, not {rows} and {cols}")
    return rows, cols, {(r, c) for r, line in enumerate(lines) for c, mark in enumerate(line) if mark == "."}


def _pieces(pieces: str) -> str:
    """The piece letters asked for, checked: all twelve for ""."""
    letters = pieces.replace(" ", "").replace(",", "").upper() or "".join(PENTOMINOES)
    for k, letter in enumerate(letters):
        if letter not in PENTOMINOES:
            raise ProblemError(f"there is no pentomino {letter!r}; the pieces are {' '.join(PENTOMINOES)}")
        if letter in letters[:k]:
            raise ProblemError(f"pentomino {letter} is asked for twice; each piece is used once")
    return letters


def _key(cells) -> tuple[Cell, ...]:
    return tuple(sorted(cells))


def pentomino(board: str = "6x10", pieces: str = "", raw: bool = False) -> Problem:
    """Tile ``board`` with the ``pieces`` (letters of Conway's twelve, each once; "" for
    all): "6x10", "5x12", "4x15", "3x20", any "RxC", "8x8-hole" (Scott's: 8x8 less the
    centre 2x2) or a drawing, rows separated by "/" of "." (a cell) and "#" (no cell).
    Items: the piece letters, then the cells ``r1c1``... (all primary); option
    ``X r2c3 r3c2 r3c3 r3c4 r4c3`` puts a piece on those cells. Unless ``raw``, the X may
    only take placements that are the first of their mirror images (and where the board's
    symmetry keeps the X's placement, a secondary item ``sym`` lets an asymmetric piece,
    the P first, take only the first of its own mirror images), so each solution is
    counted once with its turns and flips."""
    rows, cols, cells = _board(board)
    letters = _pieces(pieces)
    if len(cells) != 5 * len(letters):
        raise ProblemError(f"the board has {len(cells)} cells, but {len(letters)} pentominoes cover "
                           f"{5 * len(letters)} (5 each)")
    symmetries = [s for s in SYMMETRIES if {s(r, c, rows, cols) for r, c in cells} == cells]

    def images_by(symmetry, placement) -> tuple[Cell, ...]:
        return _key(symmetry(r, c, rows, cols) for r, c in placement)

    def images(placement) -> list[tuple[Cell, ...]]:
        return [images_by(s, placement) for s in symmetries]

    placements: dict[str, list[tuple[Cell, ...]]] = {letter: [] for letter in letters}
    for letter in letters:
        for shape in _orientations(_drawing(PENTOMINOES[letter])):
            for top in range(rows):
                for left in range(cols):
                    placement = tuple((r + top, c + left) for r, c in shape)
                    if all(cell in cells for cell in placement):
                        placements[letter].append(placement)
    tie = next((letter for letter in ASYMMETRIC if letter in letters), "")
    broken = not raw and ANCHOR in letters
    if broken:
        placements[ANCHOR] = [p for p in placements[ANCHOR] if min(images(p)) == _key(p)]

    def stabilizer(placement) -> tuple:
        """The board's symmetries that keep ``placement`` in place."""
        return tuple(s for s in symmetries if images_by(s, placement) == _key(placement))

    # One secondary item per group of symmetries that keeps an X placement in place.
    kept = list(dict.fromkeys(h for p in placements[ANCHOR] if len(h := stabilizer(p)) > 1)) if broken else []
    groups = kept if tie else []
    order = sorted(cells)
    extra = ["sym"] if len(groups) == 1 else [f"sym{k}" for k in range(1, len(groups) + 1)]
    items = [*letters, *(f"r{r + 1}c{c + 1}" for r, c in order), *extra]
    number = {cell: len(letters) + k for k, cell in enumerate(order)}
    options, names, drawn = [], [], []
    for p, letter in enumerate(letters):
        for placement in map(_key, placements[letter]):
            option = [p, *(number[cell] for cell in placement)]
            for k, group in enumerate(groups, len(items) - len(groups)):
                if letter == ANCHOR and stabilizer(placement) == group or \
                        letter == tie and min(images_by(s, placement) for s in group) < placement:
                    option.append(k)
            options.append(tuple(option))
            names.append(" ".join([letter, *(f"r{r + 1}c{c + 1}" for r, c in placement)]))
            drawn.append([[r, c, letter] for r, c in placement])
    named = "Scott's 8\u00d78 with a hole" if board.strip().lower() == "8x8-hole" else \
        f"{rows}\u00d7{cols}" if len(cells) == rows * cols else "a drawn board"
    about = (f"Tile the board with the pentominoes {' '.join(letters)}, each used once. Items: each piece (it is "
             f"used once) and each cell (it is covered once); an option puts a piece, turned or flipped, on five "
             f"cells.")
    if raw:
        about += " Every solution is counted, with its turns and flips."
    elif broken:
        about += (" To count each solution once with its mirror images, as Knuth does in \"Dancing Links\", the X "
                  "may only go where none of its mirror images comes first (the upper left part of the board)"
                  + (f"; where the board's symmetry keeps the X in place (on an axis), a secondary item (sym) "
                     f"lets the {tie} take only the first of its own mirror images there." if groups else
                     "; with no piece of F L N P Y, a tiling whose X sits on an axis of the board may count more "
                     "than once." if kept else "."))
    else:
        about += " Without the X the symmetry is not broken: every solution is counted."
    holes = [[r, c] for r in range(rows) for c in range(cols) if (r, c) not in cells]
    return Problem(f"Pentominoes, {named}", items, len(items) - len(groups), options, names, about=about,
                   board={"kind": "pentomino", "rows": rows, "cols": cols, "holes": holes,
                          "marks": [None] * len(options), "pieces": drawn})


def langford(n: int, raw: bool = False) -> Problem:
    """Langford pairs: the numbers 1..n twice in 2n positions, the two k's with k others
    between them. Items ``1``..``n`` (the number is placed) and ``s1``..``s2n`` (the
    position is filled), all primary; option ``k: s_i s_j`` puts the k's in positions i
    and j. Unless ``raw``, the largest odd number's first k stays in the left half (as
    Knuth does), so a sequence and its reversal count once."""
    if not 1 <= n <= LANGFORD_MAX:
        raise ProblemError(f"Langford pairs are offered for n from 1 to {LANGFORD_MAX}, not {n}")
    odd = n if n % 2 else n - 1
    items = [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)]
    options: list[tuple[int, ...]] = []
    names, drawn = [], []
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            j = i + k + 1
            if not raw and k == odd and 2 * i > 2 * n - k:
                continue
            options.append((k - 1, n + i - 1, n + j - 1))
            names.append(f"{k}: s{i} s{j}")
            drawn.append([[0, i - 1, k], [0, j - 1, k]])
    about = (f"Place the numbers 1 to {n} twice in a row of {2 * n} positions so that the two k's have k others "
             f"between them. Items: each number (it is placed) and each position s1 to s{2 * n} (it is filled); "
             f"option \"k: si sj\" puts the k's in positions i and j. "
             + ("Every sequence is counted, and its reversal too." if raw else
                f"A sequence and its reversal count once: the {odd}'s first position stays in the left half, as "
                f"Knuth does (an odd number's pair is never its own reversal)."))
    return Problem(f"Langford pairs, n = {n}", items, len(items), options, names, about=about,
                   board={"kind": "langford", "rows": 1, "cols": 2 * n, "marks": [None] * len(options),
                          "pieces": drawn})
