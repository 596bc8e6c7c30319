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
    lines: tuple[tuple[int, ...], ...] = ()  #: thermometers (bulb first), arrows (circle cell first), lines; a clone's copy
    value: str = ""  #: as written: "15", "X", "1,2" (a quadruple's digits), "" (no value)
    outside: tuple[int, int] | None = None  #: a clue outside the grid: f-puzzles' 1-based (row, col), 0 or n+1 outside
    direction: str = ""  #: a little killer's: "UL", "UR", "DL", "DR"
    extra: tuple[tuple[str, Frozen], ...] = ()  #: the record's other fields (colours, widths), frozen, to write back


@dataclass(frozen=True)
class Variant:
    """A puzzle as a link describes it: size, givens, regions, clues, global flags, texts."""

    size: int
    givens: tuple[int, ...]  #: n*n digits, 0 for blank
    regions: tuple[int, ...] | None  #: a region index per cell (-1: none) when the data sets them, else None (default boxes)
    clues: tuple[Clue, ...] = ()
    flags: frozenset[str] = frozenset()  #: the true boolean keys: "diagonal+", "antiknight", ...
    negative: frozenset[str] = frozenset()  #: f-puzzles' ``negative`` list (kropki, XV negative constraints)
    title: str = ""
    author: str = ""
    rules: str = ""
    unknown: tuple[str, ...] = ()  #: keys present that this layer does not know (the rules layer refuses them by name)
    marks: tuple[tuple[int, str, Frozen], ...] = ()  #: per cell: (cell, field, value) for entries, pencil marks, colours
    raw: tuple[tuple[str, Frozen], ...] = field(default=(), repr=False)  #: untyped keys' values, written back as they came
