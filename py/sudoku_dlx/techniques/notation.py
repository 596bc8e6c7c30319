"""Eureka notation: a chain step written as HoDoKu's users and sudokuwiki write it.

A candidate is ``(digit)cell``: ``(5)r2c3``. A strong link (one of the two is
true) is ``=``, a weak one (not both are true) ``-``; from left to right they
alternate, strong first and last. Candidates of one cell in a row share its
name, their digits and the link between them in the brackets: ``(4=7)r1c2``.
A digit is written where it changes, and at both ends: an X-chain is
``(5)r2c3=r2c7-r5c7=(5)r5c1``. A group of cells is named compactly:
``r2c78``, ``r45c4``, ``r5c4|r6c45`` across the lines of a box. An almost
locked set (ALS) is one term: the digit linked to what comes before, ``=``,
its other digits with the one linked to what comes next last:
``(4=159)r3c468``. A continuous nice loop ends with the term it starts with;
a chain that places a digit starts and ends on that candidate. What the step
proves follows ``=>``: ``r1c3<>5, r2c1<>5`` or ``r1c1=5``.

:func:`eureka` reads a step's :class:`~.position.Link` list (a group's cells from
its ``groups``) or its ALSs (``Step.alss``); a step whose links are no single
alternating chain (a forcing net, an empty rectangle, patterns) has none: "".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds.grid import Shape, cell_name

if TYPE_CHECKING:
    from .position import Link, Step

__all__ = ["cells_name", "eureka"]

#: A term as written: its cells and the symbols of its digit(s).
_Item = tuple[tuple[int, ...], str]


def cells_name(cells: tuple[int, ...], n: int) -> str:
    """``r2c3``; a group in one row ``r2c78``, in one column ``r45c4``, else its
    rows' parts joined by ``|``: ``r5c4|r6c45`` (beyond 9x9, every cell's name)."""
    cells = tuple(sorted(cells))
    if len(cells) == 1 or n > 9:
        return "|".join(cell_name(x, n) for x in cells)
    rows = list(dict.fromkeys(x // n + 1 for x in cells))
    cols = sorted({x % n + 1 for x in cells})
    if len(cols) == 1:
        return f"r{''.join(map(str, rows))}c{cols[0]}"
    return "|".join(f"r{r}c{''.join(str(x % n + 1) for x in cells if x // n + 1 == r)}" for r in rows)


def eureka(step: Step, shape: Shape) -> str:
    """The chain of ``step`` in Eureka notation with what it proves, or "" when
    the step is no chain."""
    if step.alss:
        items, strong = _als_items(step, shape)
    else:
        found = _link_items(step, shape)
        if found is None:
            return ""
        items, strong = found
    proved = [f"{cell_name(x, shape.n)}={shape.symbol(d)}" for x, d in step.placements]
    proved += [f"{cell_name(x, shape.n)}<>{shape.symbol(d)}" for x, d in step.eliminations]
    return f"{_write(items, strong, shape.n)} => {', '.join(proved)}"


def _term(link: Link, end: int) -> tuple[tuple[int, ...], int]:
    """The cells and digit of one end (0: ``a``, 1: ``b``) of a link."""
    cell, digit = (link.a, link.b)[end]
    return (link.groups[end] if link.groups else (cell,)), digit


def _link_items(step: Step, shape: Shape) -> tuple[list[_Item], list[bool]] | None:
    """The terms and link kinds of a step's links, or None when they are no
    alternating chain of two strong links or more, or when a strong link joins
    two digits of other cells (it goes through an ALS the links do not name).
    The weak links from and back to an eliminated candidate (how the chain
    searches draw an AIC) are left out: it follows ``=>``."""
    links = list(step.links)
    if not links or any(_term(a, 1) != _term(b, 0) for a, b in zip(links, links[1:])):
        return None
    if any(link.strong and _term(link, 0)[0] != _term(link, 1)[0] and link.a[1] != link.b[1] for link in links):
        return None
    if not links[0].strong:
        if links[-1].strong or _term(links[0], 0) != _term(links[-1], 1):
            return None
        links = links[1:-1]
    if len(links) < 3 or len(links) % 2 == 0 or not all(link.strong for link in links[::2]):
        return None
    terms = [_term(links[0], 0)] + [_term(link, 1) for link in links]
    if "nice loop" in step.technique.lower():
        terms.append(terms[0])
    items = [(cells, shape.symbol(digit)) for cells, digit in terms]
    return items, [i % 2 == 0 for i in range(len(items) - 1)]


def _als_items(step: Step, shape: Shape) -> tuple[list[_Item], list[bool]]:
    """The terms and link kinds of a chain of ALSs: inside one, strong from the
    digits linked to what comes before to the rest; between two, weak."""
    items: list[_Item] = []
    strong: list[bool] = []
    for cells, before, after in step.alss:
        if items:
            strong.append(False)
        items.append((cells, "".join(map(shape.symbol, before))))
        if after:
            strong.append(True)
            items.append((cells, "".join(map(shape.symbol, after))))
    return items, strong


def _write(items: list[_Item], strong: list[bool], n: int) -> str:
    """Terms joined by their links, the candidates of one cell (or set) in a row
    sharing its name, a digit written where it changes and at both ends."""
    parts: list[tuple[tuple[int, ...], list[str], str]] = []  # cells, digits and links inside, link before
    for i, (cells, digits) in enumerate(items):
        sign = "" if i == 0 else "=" if strong[i - 1] else "-"
        if parts and parts[-1][0] == cells:
            parts[-1][1].extend((sign, digits))
        else:
            parts.append((cells, [digits], sign))
    text, last = "", None
    for k, (cells, inside, sign) in enumerate(parts):
        shown = k in (0, len(parts) - 1) or len(inside) > 1 or inside[0] != last
        text += sign + (f"({''.join(inside)}){cells_name(cells, n)}" if shown else cells_name(cells, n))
        last = inside[-1]
    return text
