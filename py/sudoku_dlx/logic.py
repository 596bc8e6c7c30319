"""Solving like a person: candidates (pencil marks) and the steps that change them.

Glossary (beyond :mod:`sudoku_dlx.grid`'s)
--------------------------------------------
candidates
    The digits still possible in a blank cell, kept as a bit mask: bit
    ``digit - 1`` is set while ``digit`` may go there. A filled cell has none.
unit index
    The units are numbered as :attr:`Shape.units` lists them: rows ``0..n-1``,
    columns ``n..2n-1``, boxes ``2n..3n-1``.
step
    What one technique found: digits to place and candidates to eliminate, the
    cells and units of the pattern (for highlighting), and one sentence. Its
    ``score`` is on the Sudoku Explainer (SE) scale: hidden single 1.2-1.5,
    naked single 2.3, ..., chains 6.5 and up.
technique
    A function ``technique(board) -> Step | None``: the first step of its kind
    that changes the board, or None. Techniques never change the board
    themselves; :meth:`Board.apply` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .grid import Puzzle, Shape, cell_name

__all__ = ["Board", "Step", "bits", "digits_of", "unit_name"]


def bits(digits) -> int:
    """The candidate mask of some digits."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


def digits_of(mask: int) -> list[int]:
    """The digits of a candidate mask, in increasing order."""
    found = []
    digit = 1
    while mask:
        if mask & 1:
            found.append(digit)
        mask >>= 1
        digit += 1
    return found


def unit_name(unit: int, n: int) -> str:
    """``row 3``, ``column 5`` or ``box 7`` (1-based) for a unit index."""
    kind, index = divmod(unit, n)
    return f"{('row', 'column', 'box')[kind]} {index + 1}"


@dataclass(frozen=True)
class Step:
    """One deduction: ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs."""

    technique: str
    score: float
    text: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()

    def record(self, shape: Shape) -> dict:
        """The JSON-able form: digits as numbers, ``units`` as lists of their cells."""
        return {
            "technique": self.technique,
            "score": self.score,
            "text": self.text,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells),
            "units": [list(shape.units[u]) for u in self.units],
        }


class Board:
    """A grid in play: the digit of every cell (0: blank) and the candidates of
    every blank cell. Placing a digit removes it from the candidates of the peers."""

    def __init__(self, shape: Shape, values: list[int], candidates: list[int]) -> None:
        self.shape = shape
        self.n = shape.n
        self.values = values
        self.candidates = candidates

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, marks: list[int] | None = None) -> Board:
        """The board of ``puzzle``'s digits with every candidate its peers allow
        (intersected with ``marks``, a mask per cell, where a mask is not 0)."""
        shape = puzzle.shape
        full = (1 << shape.n) - 1
        board = cls(shape, [0] * shape.cells, [full] * shape.cells)
        for cell, digit in enumerate(puzzle.digits):
            if digit:
                board.place(cell, digit)
        if marks:
            for cell, mask in enumerate(marks):
                if mask and not board.values[cell]:
                    board.candidates[cell] &= mask
        return board

    def copy(self) -> Board:
        return Board(self.shape, self.values[:], self.candidates[:])

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.units

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        return self.shape.peers

    @cached_property
    def units_of(self) -> tuple[tuple[int, int, int], ...]:
        """The row, column and box unit index of every cell."""
        n, box = self.n, self.shape.box_of
        return tuple((x // n, n + x % n, 2 * n + box[x]) for x in range(self.shape.cells))

    def place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        self.candidates[cell] = 0
        clear = ~(1 << (digit - 1))
        candidates = self.candidates
        for peer in self.peers[cell]:
            candidates[peer] &= clear

    def eliminate(self, cell: int, digit: int) -> None:
        self.candidates[cell] &= ~(1 << (digit - 1))

    def apply(self, step: Step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def digits(self, cell: int) -> list[int]:
        """The candidates of ``cell`` as digits."""
        return digits_of(self.candidates[cell])

    def places(self, unit: int, digit: int) -> list[int]:
        """The cells of ``unit`` where ``digit`` is a candidate."""
        bit = 1 << (digit - 1)
        candidates = self.candidates
        return [x for x in self.units[unit] if candidates[x] & bit]

    def strong_links(self, digit: int) -> list[tuple[int, int, int]]:
        """``(unit, a, b)`` for every unit where ``digit`` has exactly two places ``a`` and ``b``."""
        return [(unit, *places) for unit in range(len(self.units)) if len(places := self.places(unit, digit)) == 2]

    def blanks(self) -> list[int]:
        return [x for x, d in enumerate(self.values) if not d]

    @property
    def solved(self) -> bool:
        return all(self.values)

    def broken(self) -> bool:
        """True when no solution can follow: a blank cell without candidates, or a
        digit that has no place left in a unit that lacks it."""
        values, candidates = self.values, self.candidates
        if any(not v and not c for v, c in zip(values, candidates)):
            return True
        full = (1 << self.n) - 1
        for unit in self.units:
            seen = 0
            for x in unit:
                seen |= candidates[x] | (1 << (values[x] - 1) if values[x] else 0)
            if seen != full:
                return True
        return False

    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def symbol(self, digit: int) -> str:
        return self.shape.symbol(digit)

    def unit_name(self, unit: int) -> str:
        return unit_name(unit, self.n)

    def removal(self, eliminations) -> str:
        """``r1c2<>5, r3c4<>5`` for ``(cell, digit)`` pairs (how the texts name eliminations)."""
        return ", ".join(f"{self.name(x)}<>{self.symbol(d)}" for x, d in eliminations)

    def puzzle(self) -> Puzzle:
        return Puzzle(self.shape, tuple(self.values))
