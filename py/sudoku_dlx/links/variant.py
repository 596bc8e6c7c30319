"""What a link says, typed: :class:`Variant` (the grid, its givens and regions) and each :class:`Clue` of it.

Plain values only (ints, strings, tuples), frozen, comparable: the rules layer decides what each
key means; this layer only says what the link wrote. Cells are 0-based indices ``row * n + col``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: A JSON value made immutable: lists become tuples, objects tuples of (key, value) pairs.
Frozen = object


def freeze(value: object) -> Frozen:
    """``value`` (parsed JSON) with lists as tuples and objects as sorted (key, value) tuples."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return ("{}",) + tuple((k, freeze(v)) for k, v in sorted(value.items()))
    return value


def thaw(value: Frozen) -> object:
    """The inverse of :func:`freeze`: JSON-ready lists and dicts again."""
    if isinstance(value, tuple):
        if value[:1] == ("{}",):
            return {k: thaw(v) for k, v in value[1:]}
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Clue:
    """One record of a link: a killer cage, a thermometer, a dot, a drawn line..."""

    key: str  #: f-puzzles' key: "thermometer", "killercage", "arrow", ... (cosmetic ones too)
    cells: tuple[int, ...] = ()  #: in the order the data gives them (an arrow's circle; a clone's first half)
    #: thermometers (bulb first), arrows (circle cell first), lines; a clone's copy
    lines: tuple[tuple[int, ...], ...] = ()
    value: str = ""  #: as written: "15", "X", "1,2" (a quadruple's digits), "" (no value)
    #: a clue outside the grid: f-puzzles' 1-based (row, col), so row or col is 0 or n+1
    outside: tuple[int, int] | None = None
    direction: str = ""  #: a little killer's: "UL", "UR", "DL", "DR"
    extra: tuple[tuple[str, Frozen], ...] = ()  #: the record's other fields (colours, widths), frozen, to write back


@dataclass(frozen=True)
class Variant:
    """A puzzle as a link describes it: size, givens, regions, clues, global flags, texts."""

    size: int
    givens: tuple[int, ...]  #: n*n digits, 0 for blank
    #: a region index per cell (-1: in none) when the data sets them, else None (the default boxes)
    regions: tuple[int, ...] | None
    clues: tuple[Clue, ...] = ()
    flags: frozenset[str] = frozenset()  #: the true boolean keys: "diagonal+", "antiknight", ...
    negative: frozenset[str] = frozenset()  #: f-puzzles' ``negative`` list (kropki, XV negative constraints)
    title: str = ""
    author: str = ""
    rules: str = ""
    #: keys present that this layer does not know (the rules layer refuses them by name)
    unknown: tuple[str, ...] = ()
    #: (cell, field, value) of each cell's other fields: entries, pencil marks, colours
    marks: tuple[tuple[int, str, Frozen], ...] = ()
    #: f-puzzles keys this layer does not type, with their values, written back as they came
    raw: tuple[tuple[str, Frozen], ...] = field(default=(), repr=False)
