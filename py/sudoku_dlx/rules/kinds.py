"""Each kind of puzzle as a grid and its rules: the kinds' facts (:mod:`sudoku_dlx.kinds.kind`)
said as the variant rules, so that a kind is a set of rules.

- X: the two diagonals (:class:`~.diagonal.Diagonal`, its f-puzzles flags);
- windoku: an extra region per window;
- jigsaw: its regions are the grid's, no rule;
- killer: a killer cage per cage, with its sum;
- futoshiki: a Latin square (no regions), and a thermometer of two cells per sign, from
  the lesser cell to the greater.

The kinds keep their own solver (:mod:`sudoku_dlx.kinds.solver`), tuned to them;
``tests/test_rules_kinds.py`` checks that the rules' solver finds the same solutions, and
``scripts/bench_kinds.py --as-rules`` times the two side by side.
"""

from __future__ import annotations

from ..kinds.grid import Puzzle, Shape, jigsaw_shape, shape_for
from .base import Rule
from .extraregion import ExtraRegion
from .killercage import KillerCage
from .solve import Grid, VariantPuzzle
from .table import FLAGS
from .thermometer import Thermometer

__all__ = ["as_rules"]


def _grid_shape(shape: Shape) -> Shape:
    """The grid of ``shape`` without the kind's extra units: its boxes, a jigsaw's regions,
    or a Latin square's rows and columns alone."""
    facts = shape.facts
    if facts.boxed:
        return shape_for(shape.n, (shape.box_rows, shape.box_cols))
    if facts.irregular:
        return jigsaw_shape(shape.regions)
    return shape  # a Latin square: its units are its rows and columns


def as_rules(puzzle: Puzzle) -> VariantPuzzle:
    """``puzzle``, of any kind, as a grid and the rules its kind's facts say (see the module's docstring)."""
    shape = puzzle.shape
    facts, box = shape.facts, (shape.box_rows, shape.box_cols)
    rules: list[Rule] = [FLAGS[key](box, frozenset()) for key in facts.link_flags]
    if not facts.link_flags:
        rules += [ExtraRegion(unit) for unit in shape.extra_units]
    rules += [KillerCage(cage.cells, cage.sum) for cage in puzzle.cages]
    rules += [Thermometer((sign.lesser, sign.greater)) for sign in puzzle.signs]
    return VariantPuzzle(Grid(_grid_shape(shape), tuple(rules)), puzzle.digits)
