"""Franken and mutant fish (fish.py): hand-made positions and HoDoKu's exemplars, every
step checked against the solution."""

from __future__ import annotations

import re

from conftest import lines
from sudoku_dlx import parse, solve
from sudoku_dlx.kinds.grid import shape_for
from sudoku_dlx.rating import SE_ALONE_FROM, steps
from sudoku_dlx.techniques.board import Board, Search
from sudoku_dlx.techniques.fish import franken_fish, mutant_fish
from sudoku_dlx.techniques.registry import BEYOND_SE

from test_patterns import every_beyond_find

EXEMPLARS = [row.split("\t") for row in lines("9x9/hodoku_exemplars_techniques.tsv")[1:]]


def cells(names: str) -> list[int]:
    return [(int(r) - 1) * 9 + int(c) - 1 for r, c in re.findall(r"r(\d+)c(\d+)", names)]


def ones_at(names: str) -> Board:
    """A 9x9 board where the 1 can go only in the named cells (other digits anywhere)."""
    board = Board(shape_for(9), [0] * 81, [0b111111110] * 81)
    for x in cells(names):
        board.candidates[x] |= 1
    return board


def test_a_row_and_a_box_against_two_columns():
    # Row 1 holds its 1 in column 2 or 5, box 4 in column 2: columns 2 and 5 get theirs
    # from these two units, so their other cells lose it.
    step = franken_fish(ones_at("r1c2 r1c5 r4c2 r5c2 r7c5 r8c2 r9c9 r2c7 r3c8"))
    assert step.technique == "Franken X-wing"
    assert step.eliminations == tuple((x, 1) for x in cells("r7c5 r8c2"))
    assert "row 1 and box 4 share no place of the 1" in step.text and "column 2 and column 5" in step.text


def test_an_endo_fin_where_base_units_meet():
    # Row 1 and box 1 share r1c2: if it holds the 1, r5c2 sees it; else row 1 holds its 1 in
    # box 3 and box 1 in column 2, so column 2's other cells lose it.
    step = franken_fish(ones_at("r1c2 r1c7 r2c2 r5c2"))
    assert step.technique == "Finned franken X-wing"
    assert step.eliminations == tuple((x, 1) for x in cells("r5c2"))
    assert "row 1 and box 1 share only the endo fins r1c2" in step.text


def test_a_base_unit_all_fins_is_no_fish():
    # Box 4's places are both outside row 1's covers: that is pointing, not a fish.
    assert franken_fish(ones_at("r1c2 r1c5 r4c2 r5c2 r7c5 r8c2 r9c9 r2c7 r3c8 r1c8")) is None


def test_rows_against_columns_are_neither():
    assert franken_fish(ones_at("r1c2 r1c5 r4c2 r4c5 r7c5 r8c2")) is None
    assert mutant_fish(ones_at("r1c2 r1c5 r4c2 r4c5 r7c5 r8c2")) is None


def test_hodoku_exemplars_use_them_soundly():
    rows = [row for row in EXEMPLARS if "Franken" in row[2] or "Mutant" in row[2]]
    used = 0
    for puzzle, *_ in rows[::4]:
        solution = solve(puzzle).solutions[0].digits
        board = Board.from_puzzle(parse(puzzle))
        board.search = Search(solution=solution)
        names = []
        for step in steps(board):
            assert all(solution[x] != d for x, d in step.eliminations), step.text
            assert all(solution[x] == d for x, d in step.placements), step.text
            names.append(step.technique)
            if board.search.enough >= SE_ALONE_FROM:
                break
        used += any("franken" in name.lower() or "mutant" in name.lower() for name in names)
    assert used >= 6, used  # 6 of these 12 when written
    assert {franken_fish, mutant_fish} <= BEYOND_SE


def test_every_gives_each_fish_beside_finds_step():
    """HoDoKu's "all steps": on a finned franken jellyfish exemplar's first board."""
    puzzle = next(row[0] for row in EXEMPLARS if row[2] == "Finned Franken Jellyfish")
    assert every_beyond_find(puzzle, "fish", walk=False) == {"Franken fish", "Mutant fish"}
