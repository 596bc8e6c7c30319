"""Positions for the technique tests: hand-made ones (an empty grid, some cells' candidates
set, a digit confined in a unit), and every step of a family's techniques along a
puzzle's path."""

from __future__ import annotations

import re

from sudoku_dlx import parse, solve
from sudoku_dlx.kinds.grid import shape_for
from sudoku_dlx.rating import steps as rating_steps
from sudoku_dlx.techniques.position import Position, Search, bits
from sudoku_dlx.techniques.registry import TECHNIQUES


def empty_position(n: int = 9) -> Position:
    return Position(shape_for(n), [0] * (n * n), [(1 << n) - 1] * (n * n))


def cells(names: str, n: int = 9) -> list[int]:
    """``r2c3 r7c8`` as cell indexes."""
    return [(int(r) - 1) * n + int(c) - 1 for r, c in re.findall(r"r(\d+)c(\d+)", names)]


def confine(position: Position, digit: int, unit: str, keep: str) -> Position:
    """Make the cells ``keep`` the only places of ``digit`` in ``unit`` (``row 2``, ``column 5``)."""
    kind, index = unit.split()
    unit_index = ("row", "column").index(kind) * position.n + int(index) - 1
    kept = cells(keep, position.n)
    for x in position.units[unit_index]:
        if x in kept:
            position.candidates[x] |= bits([digit])
        else:
            position.eliminate(x, digit)
    return position


def with_candidates(position: Position, marks: dict[str, str]) -> Position:
    """Set the candidates of some cells: ``{"r1c1": "37"}``."""
    for name, digits in marks.items():
        position.candidates[cells(name, position.n)[0]] = bits(int(d) for d in digits)
    return position


def transposed(position: Position) -> Position:
    n = position.n
    order = [c * n + r for r in range(n) for c in range(n)]
    return Position(position.shape, [position.values[x] for x in order], [position.candidates[x] for x in order])


def found(technique, position: Position):
    """The technique's step, checking that it left the position alone."""
    before = position.candidates[:], position.values[:]
    step = technique(position)
    assert (position.candidates, position.values) == before
    return step


def eliminated(names: str, digit: int, n: int = 9) -> tuple[tuple[int, int], ...]:
    return tuple((x, digit) for x in sorted(cells(names, n)))


def every_beyond_find(puzzle: str, families: tuple[str, ...], walk: bool = True, below: float = 99.0) -> set[str]:
    """On each position of the rating's path of ``puzzle`` (or on its first position alone),
    every step of each technique of ``families`` whose base score is ``below`` a bound
    (:meth:`Technique.every`) is sound and they hold ``find``'s step; the names of the
    techniques that gave more than that one."""
    solution = solve(puzzle).solutions[0].digits
    position = Position.from_puzzle(parse(puzzle))
    position.search = Search(solution=solution, givens=parse(puzzle).digits)
    techniques = [t for t in TECHNIQUES if t.family in families and t.score < below]
    more = set()
    for _ in rating_steps(position) if walk else [None]:  # the position before each step of the path
        for technique in techniques:
            first = technique.find(position.copy())
            if first is None:
                continue
            steps = technique.every(position)
            assert first in steps, technique.name
            for step in steps:
                assert all(solution[x] != d for x, d in step.eliminations), step.text
                assert all(solution[x] == d for x, d in step.placements), step.text
            if len(steps) > 1:
                more.add(technique.name)
    return more
