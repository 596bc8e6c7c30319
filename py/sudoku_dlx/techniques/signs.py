"""A futoshiki's techniques: what its signs tell.

Scores: no SE score exists; the registry's are chosen beside the singles.

Glossary (beyond :mod:`sudoku_dlx.techniques.position`'s)
--------------------------------------------
least, most
    A cell's smallest and largest possible digit: its digit once placed, else its
    smallest and largest candidate.
below, above
    The cells a cell is greater (or less) than through a chain of signs: ``a > b``
    and ``b > c`` put ``b`` and ``c`` below ``a``.
"""

from __future__ import annotations

from .position import Position, Step, base_score, digits_of, join

__all__ = ["sign_bound", "sign_chain"]


def _digits(position: Position, cell: int) -> int:
    """The digits ``cell`` may hold, as a mask: its digit once placed, else its candidates."""
    value = position.values[cell]
    return 1 << (value - 1) if value else position.candidates[cell]


def _least(position: Position, cell: int) -> int:
    mask = _digits(position, cell)
    return (mask & -mask).bit_length()


def _most(position: Position, cell: int) -> int:
    return _digits(position, cell).bit_length()


def sign_bound(position: Position) -> Step | None:
    """A cell greater than another is more than the other's least digit (so never
    1); a cell less than another is less than the other's most digit."""
    for sign in position.signs:
        g, l = sign.greater, sign.lesser
        low, high = _least(position, l), _most(position, g)
        eliminations = tuple([(g, d) for d in position.digits(g) if d <= low]
                             + [(l, d) for d in position.digits(l) if d >= high])
        if eliminations:
            text = (f"Sign bound: by {position.sign_name(sign)}, {position.name(g)} is more than {position.symbol(low)} "
                    f"and {position.name(l)} less than {position.symbol(high)}, so {position.removal(eliminations)}.")
            return Step("Sign bound", base_score("Sign bound"), text, (), eliminations, (g, l))
    return None


def _reach(position: Position, cell: int, down: bool) -> dict[int, list]:
    """The cells below ``cell`` (``down``) or above it, each with the signs of a chain to it."""
    found: dict[int, list] = {cell: []}
    todo = [cell]
    while todo:
        x = todo.pop()
        for sign in position.signs:
            near, far = (sign.greater, sign.lesser) if down else (sign.lesser, sign.greater)
            if near == x and far not in found:
                found[far] = found[x] + [sign]
                todo.append(far)
    del found[cell]
    return found


def sign_chain(position: Position) -> Step | None:
    """A cell greater than ``k`` cells of one row or column (through chains of signs)
    is more than all of their ``k`` different digits: more than the ``k``-th smallest
    digit they may hold together. Likewise a cell less than ``k`` cells of a line is
    less than the ``k``-th largest."""
    n = position.n
    for cell in position.blanks():
        for down in (True, False):
            reached = _reach(position, cell, down)
            for u in range(2 * n):
                group = [x for x in position.units[u] if x in reached]
                if len(group) < 2:
                    continue
                together = 0
                for x in group:
                    together |= _digits(position, x)
                digits = digits_of(together)
                if len(digits) < len(group):
                    continue
                bound = digits[len(group) - 1] if down else digits[-len(group)]
                removed = [d for d in position.digits(cell) if (d <= bound if down else d >= bound)]
                if removed:
                    return _chain_step(position, cell, down, u, group, reached, bound, removed)
    return None


def _chain_step(position: Position, cell: int, down: bool, unit: int, group: list[int], reached: dict[int, list],
                bound: int, removed: list[int]) -> Step:
    signs = list(dict.fromkeys(sign for x in group for sign in reached[x]))
    eliminations = tuple((cell, d) for d in removed)
    word = "more" if down else "less"
    text = (f"Sign chain: by {join([position.sign_name(s).removeprefix('the sign ') for s in signs])}, "
            f"{position.name(cell)} is {word} than {join([position.name(x) for x in group])}, which hold "
            f"{len(group)} different digits of {position.unit_name(unit)}, so it is {word} than "
            f"{position.symbol(bound)}: {position.removal(eliminations)}.")
    return Step("Sign chain", base_score("Sign chain"), text, (), eliminations, (cell, *group), (unit,))
