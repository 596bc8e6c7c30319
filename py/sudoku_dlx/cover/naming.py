"""The items and options of a puzzle's exact cover, named in the words of its kind.

:func:`~sudoku_dlx.kinds.solver.exact_cover` numbers them (see its docstring):
the cells, then each unit's digits (rows, columns, boxes or a jigsaw's regions,
then X's diagonals or windoku's windows), then each killer cage's item and its
digits; a futoshiki sign's items, secondary, come last. Options ``cell * n +
digit - 1`` place a digit; a killer's *combination* options follow, one per set
of different digits that makes a cage's sum. :class:`Reduction` reads that
layout back, so the DLX steps (:mod:`~.trace`) and the lab (:mod:`~.problems`)
can say what an item or an option is:

=================  =====================================  ===================
item               in words (the DLX steps)               label (the lab)
=================  =====================================  ===================
cell               cell r1c1                              r1c1
unit-digit         7 in row 3, 7 in the main diagonal,    r3#7, diag#7,
                   7 in window 2, 7 in region 4           win2#7, reg4#7
cage               the cage of r1c1+r1c2 (sum 10)         cage1
cage-digit         7 in the cage of r1c1+r1c2 (sum 10)    cage1#7
sign (secondary)   3 at the sign r1c1 > r1c2              r1c1>r1c2:3
=================  =====================================  ===================

Options: ``7 in r1c1`` (label ``r1c1=7``) and ``the cage of r1c1+r1c2 takes
{3, 7}`` (label ``cage1=3+7``).
"""

from __future__ import annotations

from functools import cached_property

from ..dlx import ExactCover
from ..kinds.grid import Puzzle, cell_name
from ..kinds.solver import exact_cover

__all__ = ["BOUNDS", "Reduction", "digit_set"]

#: What the solver does to a futoshiki's or a killer's exact cover before its search
#: (see :func:`~sudoku_dlx.kinds.solver.with_givens`), said after the reduction.
BOUNDS = ("Before the search, the solver also takes out the digits and combinations the signs and cages "
          "rule out without a guess.")

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _word(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


def _listed(words: list[str]) -> str:
    """``a, b and c``."""
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + (words[-1] if words else "")


def digit_set(digits) -> str:
    """``{3, 7}``: the digits of a cage's combination."""
    return "{" + ", ".join(map(str, sorted(digits))) + "}"


class Reduction:
    """The exact cover of ``puzzle``'s empty grid (its cages and signs included; the
    givens are not selected), with its items and options named (see the module's
    docstring). :attr:`problem` is the solver's own, shared: never search it."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        shape = puzzle.shape
        self.shape = shape
        self.n = n = shape.n
        self.cells = shape.cells
        self.problem: ExactCover = exact_cover(shape, puzzle.cages, puzzle.signs)
        self.unit_base = shape.cells
        self.cage_base = shape.cells + len(shape.units) * n
        self.sign_base = self.cage_base + len(puzzle.cages) * (n + 1)
        #: The options that place a digit; the rest are the cages' combinations.
        self.placements = shape.cells * n

    # --- items ----------------------------------------------------------------------

    @property
    def items(self) -> int:
        return self.problem.n_items

    @property
    def secondary(self) -> int:
        return self.problem.n_items - self.problem.n_primary

    @property
    def options(self) -> int:
        return len(self.problem.options)

    def item_kind(self, item: int) -> str:
        """``cell``, ``unit`` (a digit in a unit), ``cage``, ``cage digit`` or ``sign``."""
        if item < self.unit_base:
            return "cell"
        if item < self.cage_base:
            return "unit"
        if item < self.sign_base:
            return "cage" if (item - self.cage_base) % (self.n + 1) == 0 else "cage digit"
        return "sign"

    def _unit_digit(self, item: int) -> tuple[int, int]:
        return divmod(item - self.unit_base, self.n)

    def _cage_digit(self, item: int) -> tuple[int, int]:
        """(cage index, digit; 0 for the cage item itself)."""
        return divmod(item - self.cage_base, self.n + 1)

    def _sign_digit(self, item: int) -> tuple[int, int]:
        """(sign index, digit 1..n)."""
        k, d = divmod(item - self.sign_base, self.n)
        return k, d + 1

    def cage_cells(self, k: int) -> str:
        """``r1c1+r1c2``."""
        return "+".join(cell_name(x, self.n) for x in self.puzzle.cages[k].cells)

    def cage_name(self, k: int) -> str:
        """``the cage of r1c1+r1c2 (sum 10)``."""
        return f"the cage of {self.cage_cells(k)} (sum {self.puzzle.cages[k].sum})"

    def sign_name(self, k: int) -> str:
        """``r1c1 > r1c2``."""
        sign = self.puzzle.signs[k]
        return f"{cell_name(sign.greater, self.n)} > {cell_name(sign.lesser, self.n)}"

    def item_name(self, item: int) -> str:
        """The item in words (see the module's docstring)."""
        kind, symbol = self.item_kind(item), self.shape.symbol
        if kind == "cell":
            return f"cell {cell_name(item, self.n)}"
        if kind == "unit":
            unit, d = self._unit_digit(item)
            return f"{symbol(d + 1)} in {self.shape.unit_name(unit)}"
        if kind == "cage":
            return self.cage_name(self._cage_digit(item)[0])
        if kind == "cage digit":
            k, d = self._cage_digit(item)
            return f"{symbol(d)} in {self.cage_name(k)}"
        k, d = self._sign_digit(item)
        return f"{d} at the sign {self.sign_name(k)}"

    def _unit(self, unit: int) -> tuple[str, int]:
        """What a unit is and its number (1-based; 0 for a diagonal): ``("row", 3)``,
        ``("column", 4)``, ``("box", 2)``, ``("region", 2)``, ``("main-diagonal", 0)``,
        ``("anti-diagonal", 0)``, ``("window", 2)``."""
        n, shape = self.n, self.shape
        if unit < 2 * n:
            return ("row", "column")[unit // n], unit % n + 1
        if shape.box_of and unit < 3 * n:
            return "region" if shape.regions else "box", unit - 2 * n + 1
        return shape.facts.extra_unit(self._extra(unit))

    def _extra(self, unit: int) -> int:
        """The number of an extra unit among the kind's (0-based)."""
        return unit - (3 * self.n if self.shape.box_of else 2 * self.n)

    def unit_label(self, unit: int) -> str:
        """``r3``, ``c4``, ``b2``, ``reg2``, ``diag``, ``anti``, ``win2``."""
        word, number = self._unit(unit)
        if word not in ("row", "column", "box", "region"):
            return self.shape.facts.extra_label(self._extra(unit))
        return {"row": "r", "column": "c", "box": "b", "region": "reg"}[word] + str(number)

    def item_label(self, item: int) -> str:
        """The item's short name for the lab's matrix (see the module's docstring)."""
        kind, symbol = self.item_kind(item), self.shape.symbol
        if kind == "cell":
            return cell_name(item, self.n)
        if kind == "unit":
            unit, d = self._unit_digit(item)
            return f"{self.unit_label(unit)}#{symbol(d + 1)}"
        if kind in ("cage", "cage digit"):
            k, d = self._cage_digit(item)
            return f"cage{k + 1}" + (f"#{symbol(d)}" if d else "")
        k, d = self._sign_digit(item)
        sign = self.puzzle.signs[k]
        return f"{cell_name(sign.greater, self.n)}>{cell_name(sign.lesser, self.n)}:{d}"

    def item_cells(self, item: int) -> tuple[int, ...]:
        """The cells an item is about: its cell, its unit's cells, its cage's, its sign's."""
        kind = self.item_kind(item)
        if kind == "cell":
            return (item,)
        if kind == "unit":
            return self.shape.units[self._unit_digit(item)[0]]
        if kind in ("cage", "cage digit"):
            return self.puzzle.cages[self._cage_digit(item)[0]].cells
        sign = self.puzzle.signs[self._sign_digit(item)[0]]
        return sign.greater, sign.lesser

    # --- options --------------------------------------------------------------------

    def combination(self, option: int) -> tuple[int, tuple[int, ...]]:
        """(cage index, its digits) of a combination option: its items are the cage's
        item and the cage-digit items of the digits it leaves out."""
        first, *left_out = self.problem.options[option]
        k = self._cage_digit(first)[0]
        out = {self._cage_digit(item)[1] for item in left_out}
        return k, tuple(d for d in range(1, self.n + 1) if d not in out)

    def is_placement(self, option: int) -> bool:
        return option < self.placements

    def placement(self, option: int) -> tuple[int, int]:
        """(cell, digit) of a placement."""
        cell, d = divmod(option, self.n)
        return cell, d + 1

    def option_name(self, option: int) -> str:
        """``7 in r1c1``, or ``the cage of r1c1+r1c2 takes {3, 7}``."""
        if self.is_placement(option):
            cell, digit = self.placement(option)
            return f"{self.shape.symbol(digit)} in {cell_name(cell, self.n)}"
        k, digits = self.combination(option)
        return f"the cage of {self.cage_cells(k)} takes {digit_set(digits)}"

    def option_label(self, option: int) -> str:
        """``r1c1=7``, or ``cage1=3+7`` for the lab."""
        if self.is_placement(option):
            cell, digit = self.placement(option)
            return f"{cell_name(cell, self.n)}={self.shape.symbol(digit)}"
        k, digits = self.combination(option)
        return f"cage{k + 1}=" + "+".join(map(str, digits))

    def option_cells(self, option: int) -> tuple[int, ...]:
        """A placement's cell, or a combination's cage's cells."""
        if self.is_placement(option):
            return (option // self.n,)
        return self.puzzle.cages[self.combination(option)[0]].cells

    def covers(self, option: int) -> str:
        """What a placement covers, in words: ``its cell, row, column and box items``,
        ``its cell, row and column items and 2 sign items``."""
        words: list[str] = []
        signs = 0
        for item in self.problem.options[option]:
            kind = self.item_kind(item)
            if kind == "cell":
                words.append("cell")
            elif kind == "unit":
                words.append(self._unit(self._unit_digit(item)[0])[0])
            elif kind == "cage digit":
                words.append("cage-digit")
            elif kind == "sign":
                signs += 1
        said = f"its {_listed(words)} items"
        return said + (f" and {signs} sign item{'s' if signs > 1 else ''}" if signs else "")

    # --- the reduction in words ------------------------------------------------------

    @cached_property
    def items_per_placement(self) -> tuple[int, int]:
        """The fewest and the most primary items a placement covers."""
        primary = self.problem.n_primary
        counts = [sum(1 for item in self.problem.options[o] if item < primary) for o in range(self.placements)]
        return min(counts), max(counts)

    def words(self) -> str:
        """The reduction in a sentence, as the page's DLX steps panel opens with it."""
        puzzle, shape, n = self.puzzle, self.shape, self.n
        facts = shape.facts
        grid = "grid" if facts.name == "sudoku" else facts.title
        units = "row, column and box" if facts.boxed else "row, column and region" if facts.irregular else "row and column"
        needs = f"each cell needs a digit; each digit is needed once in every {units}{facts.extra_needed}"
        least, most = self.items_per_placement
        where = facts.extra_where or ("in a cage" if facts.cages else "")
        covers = f"a digit in a cell covers {_word(least)} items"
        if most > least and where:
            covers += f", {_word(least + 1)} {where}"
            if most > least + 1:
                covers += f" and {_word(most)} at the centre"
        if facts.cages:
            cages = len(puzzle.cages)
            needs += (f"; each of the {cages} cage{'s' if cages != 1 else ''} needs one combination of different "
                      f"digits that adds up to its sum, and each digit once: in one of its cells, or left out "
                      f"by its combination")
            combos = self.options - self.placements
            return (f"As exact cover, a {n}×{n} {grid} has {self.items} items to cover ({needs}) and "
                    f"{self.options} options: {self.placements} placements ({covers}) and {combos} "
                    f"combination{'s' if combos != 1 else ''} (each covers its cage's item and the items of the "
                    f"digits it leaves out).")
        if facts.signs:
            signs = len(puzzle.signs)
            return (f"As exact cover, a {n}×{n} {grid} has {self.problem.n_primary} items to cover ({needs}), "
                    f"{self.secondary} secondary items covered at most once ({n} for each of its {signs} "
                    f"sign{'s' if signs != 1 else ''}: a digit in the greater cell covers the sign's items from "
                    f"that digit up, one in the lesser cell those up to it, so the two clash unless the greater "
                    f"is more) and {self.options} options ({covers}, and the items of its signs).")
        return (f"As exact cover, a {n}×{n} {grid} has {self.items} items to cover ({needs}) and {self.options} "
                f"options ({covers}).")
