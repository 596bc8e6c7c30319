"""A futoshiki's techniques: what its signs tell.

Scores: no SE score exists; the registry's are chosen beside the singles.

Glossary (beyond :mod:`sudoku_dlx.techniques.board`'s)
--------------------------------------------
least, most
    A cell's smallest and largest possible digit: its digit once placed, else its
    smallest and largest candidate.
below, above
    The cells a cell is greater (or less) than through a chain of signs: ``a > b``
    and ``b > c`` put ``b`` and ``c`` below ``a``.
"""

from __future__ import annotations

from .board import Board, Step, base_score, digits_of, join

__all__ = ["sign_bound", "sign_chain"]


def _digits(board: Board, cell: int) -> int:
    """The digits ``cell`` may hold, as a mask: its digit once placed, else its candidates."""
    value = board.values[cell]
    return 1 << (value - 1) if value else board.candidates[cell]


def _least(board: Board, cell: int) -> int:
    mask = _digits(board, cell)
    return (mask & -mask).bit_length()


def _most(board: Board, cell: int) -> int:
    return _digits(board, cell).bit_length()


def sign_bound(board: Board) -> Step | None:
    """A cell greater than another is more than the other's least digit (so never
    1); a cell less than another is less than the other's most digit."""
    for sign in board.signs:
        g, l = sign.greater, sign.lesser
        low, high = _least(board, l), _most(board, g)
        eliminations = tuple([(g, d) for d in board.digits(g) if d <= low]
                             + [(l, d) for d in board.digits(l) if d >= high])
        if eliminations:
            text = (f"Sign bound: by {board.sign_name(sign)}, {board.name(g)} is more than {board.symbol(low)} "
                    f"and {board.name(l)} less than {board.symbol(high)}, so {board.removal(eliminations)}.")
            return Step("Sign bound", base_score("Sign bound"), text, (), eliminations, (g, l))
    return None


def _reach(board: Board, cell: int, down: bool) -> dict[int, list]:
    """The cells below ``cell`` (``down``) or above it, each with the signs of a chain to it."""
    found: dict[int, list] = {cell: []}
    todo = [cell]
    while todo:
        x = todo.pop()
        for sign in board.signs:
            near, far = (sign.greater, sign.lesser) if down else (sign.lesser, sign.greater)
            if near == x and far not in found:
                found[far] = found[x] + [sign]
                todo.append(far)
    del found[cell]
    return found


def sign_chain(board: Board) -> Step | None:
    """A cell greater than ``k`` cells of one row or column (through chains of signs)
    is more than all of their ``k`` different digits: more than the ``k``-th smallest
    digit they may hold together. Likewise a cell less than ``k`` cells of a line is
    less than the ``k``-th largest."""
    n = board.n
    for cell in board.blanks():
        for down in (True, False):
            reached = _reach(board, cell, down)
            for u in range(2 * n):
                group = [x for x in board.units[u] if x in reached]
                if len(group) < 2:
                    continue
                together = 0
                for x in group:
                    together |= _digits(board, x)
                digits = digits_of(together)
                if len(digits) < len(group):
                    continue
                bound = digits[len(group) - 1] if down else digits[-len(group)]
                removed = [d for d in board.digits(cell) if (d <= bound if down else d >= bound)]
                if removed:
                    return _chain_step(board, cell, down, u, group, reached, bound, removed)
    return None


def _chain_step(board: Board, cell: int, down: bool, unit: int, group: list[int], reached: dict[int, list],
                bound: int, removed: list[int]) -> Step:
    signs = list(dict.fromkeys(sign for x in group for sign in reached[x]))
    eliminations = tuple((cell, d) for d in removed)
    word = "more" if down else "less"
    text = (f"Sign chain: by {join([board.sign_name(s).removeprefix('the sign ') for s in signs])}, "
            f"{board.name(cell)} is {word} than {join([board.name(x) for x in group])}, which hold "
            f"{len(group)} different digits of {board.unit_name(unit)}, so it is {word} than "
            f"{board.symbol(bound)}: {board.removal(eliminations)}.")
    return Step("Sign chain", base_score("Sign chain"), text, (), eliminations, (cell, *group), (unit,))
