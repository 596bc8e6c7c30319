"""The pattern techniques (fish, wings, unique rectangles, BUG+1) on hand-made
boards, then on real puzzles: soundness of every step and how often each
technique is found where HoDoKu's exemplars need it."""

from __future__ import annotations

import re
from functools import cache

import pytest
from conftest import lines, techniques_of
from sudoku_dlx import generate, parse, solve
from sudoku_dlx.kinds.grid import shape_for
from sudoku_dlx.rating import steps as rating_steps
from sudoku_dlx.techniques import basic, patterns
from sudoku_dlx.techniques.board import Board, Search, bits
from sudoku_dlx.techniques.registry import TECHNIQUES as REGISTERED
from sudoku_dlx.techniques.patterns import (
    avoidable_rectangle, bug_plus_one, finned_jellyfish, finned_swordfish, finned_x_wing, hidden_rectangle,
    jellyfish, swordfish, unique_rectangle_1, unique_rectangle_2, unique_rectangle_3, unique_rectangle_4,
    unique_rectangle_6, vwxyz_wing, w_wing, wxyz_wing, x_wing, xy_wing, xyz_wing,
)

TECHNIQUES = techniques_of(patterns)


def empty_board(n: int = 9) -> Board:
    return Board(shape_for(n), [0] * (n * n), [(1 << n) - 1] * (n * n))


def cells(names: str, n: int = 9) -> list[int]:
    """``r2c3 r7c8`` as cell indexes."""
    return [(int(r) - 1) * n + int(c) - 1 for r, c in re.findall(r"r(\d+)c(\d+)", names)]


def confine(board: Board, digit: int, unit: str, keep: str) -> Board:
    """Make the cells ``keep`` the only places of ``digit`` in ``unit`` (``row 2``, ``column 5``)."""
    kind, index = unit.split()
    unit_index = ("row", "column").index(kind) * board.n + int(index) - 1
    kept = cells(keep, board.n)
    for x in board.units[unit_index]:
        if x in kept:
            board.candidates[x] |= bits([digit])
        else:
            board.eliminate(x, digit)
    return board


def with_candidates(board: Board, marks: dict[str, str]) -> Board:
    """Set the candidates of some cells: ``{"r1c1": "37"}``."""
    for name, digits in marks.items():
        board.candidates[cells(name, board.n)[0]] = bits(int(d) for d in digits)
    return board


def transposed(board: Board) -> Board:
    n = board.n
    order = [c * n + r for r in range(n) for c in range(n)]
    return Board(board.shape, [board.values[x] for x in order], [board.candidates[x] for x in order])


def found(technique, board: Board):
    """The technique's step, checking that it left the board alone."""
    before = board.candidates[:], board.values[:]
    step = technique(board)
    assert (board.candidates, board.values) == before
    return step


def eliminated(names: str, digit: int, n: int = 9) -> tuple[tuple[int, int], ...]:
    return tuple((x, digit) for x in sorted(cells(names, n)))


# -- fish --------------------------------------------------------------------


def x_wing_board() -> Board:
    board = confine(empty_board(), 4, "row 2", "r2c3 r2c8")
    return confine(board, 4, "row 7", "r7c3 r7c8")


def test_x_wing_in_rows():
    step = found(x_wing, x_wing_board())
    rest = " ".join(f"r{r}c{c}" for r in (1, 3, 4, 5, 6, 8, 9) for c in (3, 8))
    assert step.eliminations == eliminated(rest, 4)
    assert (step.technique, step.score) == ("X-wing", 3.2)
    assert step.cells == tuple(cells("r2c3 r2c8 r7c3 r7c8"))
    assert step.units == (1, 6, 11, 16)
    assert step.text.startswith(
        "X-wing on 4: in rows 2 and 7 the 4 can only be in columns 3 and 8, so each of those columns has "
        "its 4 in these rows; remove it from the rest of columns 3 and 8: r1c3<>4, r1c8<>4, r3c3<>4,"
    )


def test_x_wing_in_columns():
    step = found(x_wing, transposed(x_wing_board()))
    rest = " ".join(f"r{r}c{c}" for c in (1, 3, 4, 5, 6, 8, 9) for r in (3, 8))
    assert step.eliminations == eliminated(rest, 4)
    assert step.units == (10, 15, 2, 7)
    assert step.text.startswith("X-wing on 4: in columns 2 and 7 the 4 can only be in rows 3 and 8,")


def test_no_x_wing_when_a_row_has_a_third_place():
    board = confine(x_wing_board(), 4, "row 2", "r2c3 r2c5 r2c8")
    assert found(x_wing, board) is None


def swordfish_board() -> Board:
    board = confine(empty_board(), 6, "row 1", "r1c2 r1c4")
    board = confine(board, 6, "row 5", "r5c4 r5c8")
    return confine(board, 6, "row 9", "r9c2 r9c8")


def test_swordfish():
    step = found(swordfish, swordfish_board())
    rest = " ".join(f"r{r}c{c}" for r in (2, 3, 4, 6, 7, 8) for c in (2, 4, 8))
    assert step.eliminations == eliminated(rest, 6)
    assert (step.technique, step.score) == ("Swordfish", 3.8)
    assert step.text.startswith("Swordfish on 6: in rows 1, 5 and 9 the 6 can only be in columns 2, 4 and 8,")
    assert found(x_wing, swordfish_board()) is None


def test_no_swordfish_over_four_columns():
    board = confine(swordfish_board(), 6, "row 9", "r9c2 r9c6")
    assert found(swordfish, board) is None


def jellyfish_board() -> Board:
    board = empty_board()
    for row, keep in ((1, "r1c1 r1c2"), (3, "r3c2 r3c5"), (6, "r6c5 r6c9"), (8, "r8c1 r8c9")):
        confine(board, 7, f"row {row}", keep)
    return board


def test_jellyfish():
    step = found(jellyfish, jellyfish_board())
    rest = " ".join(f"r{r}c{c}" for r in (2, 4, 5, 7, 9) for c in (1, 2, 5, 9))
    assert step.eliminations == eliminated(rest, 7)
    assert (step.technique, step.score) == ("Jellyfish", 5.2)
    assert found(swordfish, jellyfish_board()) is None


def test_no_jellyfish_over_five_columns():
    board = confine(jellyfish_board(), 7, "row 8", "r8c1 r8c7")
    assert found(jellyfish, board) is None


def test_finned_x_wing():
    board = confine(empty_board(), 4, "row 2", "r2c3 r2c8")
    board = confine(board, 4, "row 7", "r7c3 r7c8 r7c9")
    assert found(x_wing, board) is None
    step = found(finned_x_wing, board)
    assert step.eliminations == eliminated("r8c8 r9c8", 4)
    assert (step.technique, step.score) == ("Finned X-wing", 3.4)
    assert step.units == (1, 6, 11, 16, 26)
    assert step.text == (
        "Finned X-wing on 4: in rows 2 and 7 the 4 can only be in columns 3 and 8 or in the fin r7c9; "
        "without the fin it would be an X-wing, and with it the 4 is in box 9, so either way the cells "
        "of box 9 in those columns lose it: r8c8<>4, r9c8<>4."
    )


def test_sashimi_x_wing():
    board = confine(empty_board(), 4, "row 2", "r2c3 r2c8")
    board = confine(board, 4, "row 7", "r7c3 r7c7 r7c9")
    step = found(finned_x_wing, board)
    assert step.eliminations == eliminated("r8c8 r9c8", 4)
    assert (step.technique, step.score) == ("Sashimi X-wing", 3.4)
    assert "or in the fins r7c7 and r7c9; without the fins it would be an X-wing" in step.text


def test_no_finned_x_wing_with_fins_in_two_boxes():
    board = confine(empty_board(), 4, "row 2", "r2c3 r2c8")
    board = confine(board, 4, "row 7", "r7c3 r7c5 r7c8 r7c9")
    assert found(finned_x_wing, board) is None


def test_finned_swordfish():
    board = swordfish_board()
    board = confine(board, 6, "row 9", "r9c2 r9c8 r9c9")
    assert found(swordfish, board) is None
    step = found(finned_swordfish, board)
    assert step.eliminations == eliminated("r7c8 r8c8", 6)
    assert (step.technique, step.score) == ("Finned swordfish", 4.0)


def test_sashimi_swordfish():
    board = confine(swordfish_board(), 6, "row 9", "r9c2 r9c7 r9c9")
    step = found(finned_swordfish, board)
    assert step.eliminations == eliminated("r7c8 r8c8", 6)
    assert (step.technique, step.score) == ("Sashimi swordfish", 4.0)


def test_finned_jellyfish():
    board = confine(jellyfish_board(), 7, "row 8", "r8c1 r8c7 r8c9")
    for x in cells("r2c1 r2c2 r2c3"):  # else r1c2 and r3c2 are the fins of another one
        board.eliminate(x, 7)
    assert found(jellyfish, board) is None
    step = found(finned_jellyfish, board)
    assert step.eliminations == eliminated("r7c9 r9c9", 7)
    assert (step.technique, step.score) == ("Finned jellyfish", 5.4)
    assert found(finned_jellyfish, jellyfish_board()) is None


def test_siamese_fish_take_the_eliminations_of_both_fish_in_one_step():
    """Two sashimi X-wings on the same rows (a real board of the SE sample), each
    with its own fins: one step with both fish's eliminations."""
    puzzle = ".......5..2..34..9....653713.69.1..........1..9168.........9.63754............7.."
    board = stuck_boards(puzzle)[0]
    step = found(finned_x_wing, board)
    assert step.technique == "Siamese sashimi X-wing"
    solution = solve(puzzle).solutions[0].digits
    assert all(board.has(cell, digit) and solution[cell] != digit for cell, digit in step.eliminations)
    assert step.text.count("Sashimi X-wing on") == 2
    parts = [set(re.findall(r"r\d+c\d+<>\d", part)) for part in step.text.split("Sashimi X-wing on")[1:]]
    assert parts[0] != parts[1] and set(board.removal(step.eliminations).split(", ")) == parts[0] | parts[1]


def test_finned_x_wing_with_boxes_of_two_rows_and_three_columns():
    rows = confine(empty_board(6), 1, "row 1", "r1c1 r1c4")
    rows = confine(rows, 1, "row 4", "r4c1 r4c4 r4c5")
    step = found(finned_x_wing, rows)
    assert step.eliminations == eliminated("r3c4", 1, 6)
    assert "the 1 is in box 4" in step.text
    columns = confine(empty_board(6), 1, "column 1", "r1c1 r4c1")
    columns = confine(columns, 1, "column 5", "r1c5 r2c5 r4c5")
    step = found(finned_x_wing, columns)
    assert step.eliminations == eliminated("r1c4 r1c6", 1, 6)
    assert "the 1 is in box 2" in step.text


# -- wings -------------------------------------------------------------------


def test_xy_wing():
    board = with_candidates(empty_board(), {"r5c5": "12", "r5c1": "13", "r1c5": "23"})
    step = found(xy_wing, board)
    assert step.eliminations == eliminated("r1c1", 3)
    assert (step.technique, step.score) == ("XY-wing", 4.2)
    assert step.units == (4, 13)  # row 5 and column 5 join the pivot to its wings
    assert step.text == (
        "XY-wing: r5c5 is 1 or 2; if 1, r5c1 (1 or 3) is 3, and if 2, r1c5 (2 or 3) is 3; so the cells "
        "that see both r5c1 and r1c5 lose 3: r1c1<>3."
    )


def test_no_xy_wing_when_the_wings_differ():
    board = with_candidates(empty_board(), {"r5c5": "12", "r5c1": "13", "r1c5": "24"})
    assert found(xy_wing, board) is None


def test_xyz_wing():
    board = with_candidates(empty_board(), {"r5c5": "123", "r5c1": "13", "r4c6": "23"})
    step = found(xyz_wing, board)
    assert step.eliminations == eliminated("r5c4 r5c6", 3)
    assert (step.technique, step.score) == ("XYZ-wing", 4.4)
    assert found(xy_wing, board) is None


def test_no_xyz_wing_without_a_common_digit():
    board = with_candidates(empty_board(), {"r5c5": "123", "r5c1": "13", "r4c6": "24"})
    assert found(xyz_wing, board) is None


def w_wing_board() -> Board:
    board = with_candidates(empty_board(), {"r2c1": "12", "r8c9": "12"})
    return confine(board, 1, "row 5", "r5c1 r5c9")


def test_w_wing():
    step = found(w_wing, w_wing_board())
    assert step.eliminations == eliminated("r2c9 r8c1", 2)
    assert (step.technique, step.score) == ("W-wing", 4.4)
    assert step.units == (4,)
    assert step.text == (
        "W-wing: r2c1 and r8c9 are both 1 or 2, and in row 5 the 1 is in r5c1 or r5c9, which see them; "
        "so one of r2c1 and r8c9 is not 1 but 2, and the cells that see both lose 2: r2c9<>2, r8c1<>2."
    )


def test_no_w_wing_without_a_strong_link():
    board = confine(w_wing_board(), 1, "row 5", "r5c1 r5c5 r5c9")
    assert found(w_wing, board) is None


# -- uniqueness --------------------------------------------------------------

FLOOR = {"r1c1": "37", "r1c5": "37"}


def test_unique_rectangle_type_1():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "37", "r2c5": "379"})
    step = found(unique_rectangle_1, board)
    assert step.eliminations == ((cells("r2c5")[0], 3), (cells("r2c5")[0], 7))
    assert (step.technique, step.score) == ("Unique rectangle type 1", 4.5)
    assert step.cells == tuple(cells("r1c1 r1c5 r2c1 r2c5"))


def test_no_unique_rectangle_over_four_boxes():
    board = with_candidates(empty_board(), {**FLOOR, "r5c1": "37", "r5c5": "379"})
    assert found(unique_rectangle_1, board) is None


def test_unique_rectangle_type_2():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "379", "r2c5": "379"})
    step = found(unique_rectangle_2, board)
    assert step.eliminations == eliminated("r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9", 9)
    assert (step.technique, step.score) == ("Unique rectangle type 2", 4.5)
    assert found(unique_rectangle_1, board) is None


def test_unique_rectangle_type_2_with_three_corners():
    board = with_candidates(empty_board(), {"r1c1": "37", "r1c5": "379", "r2c1": "379", "r2c5": "379"})
    step = found(unique_rectangle_2, board)
    assert step.eliminations == eliminated("r2c4 r2c6", 9)


def test_no_unique_rectangle_type_2_with_two_extra_digits():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "379", "r2c5": "378"})
    assert found(unique_rectangle_2, board) is None


def test_unique_rectangle_type_3_with_a_naked_pair():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "12"})
    step = found(unique_rectangle_3, board)
    rest = "r2c2 r2c3 r2c4 r2c6 r2c7 r2c9"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2)))
    assert (step.technique, step.score) == ("Unique rectangle type 3", 4.6)
    assert "makes a naked pair on 1 and 2 in row 2" in step.text


def test_unique_rectangle_type_3_with_a_naked_triple():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "14", "r2c9": "24"})
    step = found(unique_rectangle_3, board)
    rest = "r2c2 r2c3 r2c4 r2c6 r2c7"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2) + eliminated(rest, 4)))
    assert step.score == 4.7


def test_unique_rectangle_type_3_in_the_line_and_the_box():
    # The extra corners r1c1 r1c2 share row 1 and box 1, and so does r1c3: the pair
    # 1, 2 is locked in both, whose other cells lose it.
    board = with_candidates(empty_board(), {"r5c1": "37", "r5c2": "37", "r1c1": "137", "r1c2": "237", "r1c3": "12"})
    step = found(unique_rectangle_3, board)
    rest = "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2)))
    assert "makes a naked pair on 1 and 2 in row 1 and box 1" in step.text and len(step.units) == 2


def test_no_unique_rectangle_type_3_without_a_subset():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "14"})
    assert found(unique_rectangle_3, board) is None


def test_unique_rectangle_type_4():
    board = with_candidates(empty_board(), {**FLOOR, "r2c1": "378", "r2c5": "379"})
    assert found(unique_rectangle_4, board) is None
    board = confine(board, 3, "row 2", "r2c1 r2c5")
    step = found(unique_rectangle_4, board)
    assert step.eliminations == eliminated("r2c1 r2c5", 7)
    assert (step.technique, step.score) == ("Unique rectangle type 4", 4.5)
    assert step.units == (1,)


def test_a_unique_rectangle_corner_may_miss_a_digit_of_the_pair():
    # r4c2 lost its 2 earlier: with a 1 there the rectangle would still end with only 1 and 2.
    board = with_candidates(empty_board(), {"r1c1": "12", "r1c2": "12", "r4c1": "12", "r4c2": "156"})
    step = found(unique_rectangle_1, board)
    assert step.eliminations == ((cells("r4c2")[0], 1),)
    board = with_candidates(empty_board(), {"r1c1": "12", "r1c2": "12", "r4c1": "1", "r4c2": "56"})
    assert found(unique_rectangle_1, board) is None  # a corner without either digit: no rectangle


def test_unique_rectangle_type_5_across_a_diagonal():
    board = with_candidates(empty_board(), {"r1c1": "127", "r1c2": "12", "r4c1": "12", "r4c2": "127"})
    step = found(unique_rectangle_2, board)
    assert (step.technique, step.score) == ("Unique rectangle type 5", 4.5)
    assert step.eliminations == eliminated("r2c2 r3c2 r5c1 r6c1", 7)


def test_unique_rectangle_type_6():
    # 1 is in rows 1 and 4 only at the corners: on r1c1 and r4c2, or on r1c2 and r4c1; these
    # would leave 2 on the rest, so they lose the 1.
    board = with_candidates(empty_board(), {"r1c1": "12", "r4c2": "12", "r1c2": "125", "r4c1": "126"})
    assert found(unique_rectangle_6, board) is None
    board = confine(confine(board, 1, "row 1", "r1c1 r1c2"), 1, "row 4", "r4c1 r4c2")
    step = found(unique_rectangle_6, board)
    assert (step.technique, step.score) == ("Unique rectangle type 6", 4.5)
    assert step.eliminations == eliminated("r1c2 r4c1", 1) and step.units == (0, 3)


def test_hidden_rectangle():
    # r1c1 holds 1 and 2; row 4 and column 2 (r4c2's) have the 1 only in the rectangle.
    board = with_candidates(empty_board(), {"r1c1": "12", "r1c2": "123", "r4c1": "124", "r4c2": "125"})
    assert found(hidden_rectangle, board) is None
    board = confine(confine(board, 1, "row 4", "r4c1 r4c2"), 1, "column 2", "r1c2 r4c2")
    step = found(hidden_rectangle, board)
    assert (step.technique, step.eliminations) == ("Hidden rectangle", ((cells("r4c2")[0], 2),))


def filled(board: Board, values: dict[str, int]) -> Board:
    """Fill cells (as a solver would, not givens), and say which cells are givens: none."""
    for name, digit in values.items():
        board.place(cells(name)[0], digit)
    board.search = Search(givens=(0,) * 81)
    return board


def test_avoidable_rectangle_type_1():
    board = filled(empty_board(), {"r1c1": 1, "r1c2": 2, "r4c1": 2})
    step = found(avoidable_rectangle, board)
    assert (step.technique, step.eliminations) == ("Avoidable rectangle type 1", ((cells("r4c2")[0], 1),))
    board.search = Search(givens=tuple(1 if x == cells("r1c1")[0] else 0 for x in range(81)))
    assert found(avoidable_rectangle, board) is None  # a given cannot swap
    board.search = Search()
    assert found(avoidable_rectangle, board) is None  # no givens known, no avoidable rectangle


def test_avoidable_rectangle_type_2():
    board = filled(empty_board(), {"r1c1": 1, "r1c2": 2})
    board = with_candidates(board, {"r4c1": "27", "r4c2": "17"})
    step = found(avoidable_rectangle, board)
    assert step.technique == "Avoidable rectangle type 2"
    assert step.eliminations == eliminated("r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9 r5c1 r5c2 r5c3 r6c1 r6c2 r6c3", 7)


def test_avoidable_rectangle_type_2_with_its_filled_cells_in_one_column():
    # r1c1=1 and r2c1=2 filled (column 1); r1c5 and r2c5 complete them crosswise with 7
    # besides: box 2 and column 5 lose the 7.
    board = filled(empty_board(), {"r1c1": 1, "r2c1": 2})
    board = with_candidates(board, {"r1c5": "27", "r2c5": "17"})
    step = found(avoidable_rectangle, board)
    assert step.technique == "Avoidable rectangle type 2"
    assert step.eliminations == eliminated("r1c4 r1c6 r2c4 r2c6 r3c4 r3c5 r3c6 r4c5 r5c5 r6c5 r7c5 r8c5 r9c5", 7)


# A board of HoDoKu's BUG+1 exemplar after the basic steps and an XY-wing.
BUG_VALUES = ".9.613.84...2571393.18492..9685714234379268151..384......192..8..943567151.768..2"
BUG_MARKS = {
    "r1c1": "27", "r1c3": "25", "r1c7": "57", "r2c1": "68", "r2c2": "48", "r2c3": "46", "r3c2": "57",
    "r3c8": "56", "r3c9": "67", "r6c2": "25", "r6c3": "25", "r6c7": "79", "r6c8": "69", "r6c9": "67",
    "r7c1": "67", "r7c2": "47", "r7c3": "346", "r7c7": "35", "r7c8": "45", "r8c1": "28", "r8c2": "28",
    "r9c3": "34", "r9c7": "39", "r9c8": "49",
}


def bug_board() -> Board:
    marks = [0] * 81
    for name, digits in BUG_MARKS.items():
        marks[cells(name)[0]] = bits(int(d) for d in digits)
    return Board.from_puzzle(parse(BUG_VALUES), marks)


def test_bug_plus_one():
    step = found(bug_plus_one, bug_board())
    assert step.placements == ((cells("r7c3")[0], 4),) and not step.eliminations
    assert (step.technique, step.score) == ("BUG+1", 5.6)
    assert "so r7c3 is 4" in step.text


def test_no_bug_with_two_cells_of_three_candidates():
    board = bug_board()
    board.candidates[cells("r9c3")[0]] |= bits([6])
    assert found(bug_plus_one, board) is None


# -- all techniques ----------------------------------------------------------


def test_the_registry_is_every_technique_once_easiest_first():
    assert [base for base, _ in TECHNIQUES] == sorted(base for base, _ in TECHNIQUES)
    assert {t for _, t in TECHNIQUES} == {getattr(patterns, name) for name in patterns.__all__}


@pytest.mark.parametrize("technique", [t for _, t in TECHNIQUES], ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert found(technique, empty_board()) is None


# -- real puzzles ------------------------------------------------------------

REGISTRY = sorted(techniques_of(basic) + TECHNIQUES, key=lambda entry: entry[0])
BASES = {technique: base for base, technique in TECHNIQUES}
EXEMPLARS = [row.split("\t") for row in lines("9x9/hodoku_exemplars_techniques.tsv")]
#: HoDoKu's name of a technique -> the function that should find it.
HODOKU = {
    "X-Wing": x_wing, "Swordfish": swordfish, "Jellyfish": jellyfish,
    "Finned X-Wing": finned_x_wing, "Sashimi X-Wing": finned_x_wing,
    "Finned Swordfish": finned_swordfish, "Sashimi Swordfish": finned_swordfish,
    "Finned Jellyfish": finned_jellyfish, "Sashimi Jellyfish": finned_jellyfish,
    "XY-Wing": xy_wing, "XYZ-Wing": xyz_wing, "W-Wing": w_wing,
    "Uniqueness Test Type 1": unique_rectangle_1, "Uniqueness Test Type 2": unique_rectangle_2,
    "Uniqueness Test Type 3": unique_rectangle_3, "Uniqueness Test Type 4": unique_rectangle_4,
    "Uniqueness Test Type 5": unique_rectangle_2, "Uniqueness Test Type 6": unique_rectangle_6,
    "Hidden Rectangle": hidden_rectangle, "Bivalue Universal Grave + 1": bug_plus_one,
}


@cache
def stuck_boards(puzzle: str) -> tuple[Board, ...]:
    """The boards along the solving path (basic and pattern techniques, easiest
    first, as :func:`sudoku_dlx.rating.steps` takes them) where the easiest step
    scores at least an X-wing's, until solved or stuck."""
    board = Board.from_puzzle(parse(puzzle))
    board.search = Search(givens=parse(puzzle).digits)
    boards = []
    while not board.solved:
        step = next((s for _, t in REGISTRY if (s := t(board))), None)
        if step is None:
            break
        if step.score >= TECHNIQUES[0][0]:
            boards.append(board.copy())
        board.apply(step)
    return tuple(boards)


def assert_sound(puzzle: str) -> int:
    """Run every pattern technique on the boards of :func:`stuck_boards` and check
    each step against the solution; the number of steps checked."""
    solution = solve(puzzle).solutions[0].digits
    checked = 0
    for board in stuck_boards(puzzle):
        for base, technique in TECHNIQUES:
            step = found(technique, board)
            if step is None:
                continue
            assert step.score >= base and step.text and step.cells
            assert step.placements or step.eliminations
            for cell, digit in step.eliminations:
                assert board.has(cell, digit) and solution[cell] != digit, (puzzle, step.text)
            for cell, digit in step.placements:
                assert board.has(cell, digit) and solution[cell] == digit, (puzzle, step.text)
            checked += 1
    return checked


def test_every_step_is_sound_on_hodoku_exemplars():
    puzzles = [row[0] for row in EXEMPLARS if row[2] in HODOKU]
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 500


def test_every_step_is_sound_on_rated_puzzles():
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 300)]
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 500


@pytest.mark.parametrize("size, count", [(6, 80), (8, 40), (12, 12)])
def test_every_step_is_sound_on_boxes_that_are_not_square(size, count):
    puzzles = [str(generate(size, seed=seed).puzzle) for seed in range(count)]
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 10


def test_every_step_is_sound_on_16x16_puzzles():
    assert sum(assert_sound(puzzle) for puzzle in lines("16x16/vukr_16x16_first100.txt", 10)) > 50


@pytest.mark.parametrize("name", HODOKU)
def test_hodoku_exemplars_are_found(name):
    """The technique is found on the path of (almost) every exemplar of it."""
    technique = HODOKU[name]
    puzzles = [row[0] for row in EXEMPLARS if row[2] == name]
    hits = sum(any(technique(board) for board in stuck_boards(puzzle)) for puzzle in puzzles)
    assert hits >= 0.9 * len(puzzles), f"{name}: {hits} of {len(puzzles)}"


def every_beyond_find(puzzle: str, family: str, walk: bool = True) -> set[str]:
    """On each board of the rating's path of ``puzzle`` (or on its first board alone),
    every step of each technique of ``family`` (:meth:`Technique.every`) is sound and
    they hold ``find``'s step; the names of the techniques that gave more than that one."""
    solution = solve(puzzle).solutions[0].digits
    board = Board.from_puzzle(parse(puzzle))
    board.search = Search(solution=solution, givens=parse(puzzle).digits)
    techniques = [t for t in REGISTERED if t.family == family]
    more = set()
    for _ in rating_steps(board) if walk else [None]:  # the board before each step of the path
        for technique in techniques:
            first = technique.find(board.copy())
            if first is None:
                continue
            steps = technique.every(board)
            assert first in steps, technique.name
            for step in steps:
                assert all(solution[x] != d for x, d in step.eliminations), step.text
                assert all(solution[x] == d for x, d in step.placements), step.text
            if len(steps) > 1:
                more.add(technique.name)
    return more


def test_every_gives_each_fish_wing_and_rectangle_beside_finds_step():
    """HoDoKu's "all steps": on the paths of an XY-wing's and an XYZ-wing's exemplar."""
    puzzles = [[row[0] for row in EXEMPLARS if row[2] == name][1] for name in ("XY-Wing", "XYZ-Wing")]
    more = set().union(*(every_beyond_find(puzzle, "patterns") for puzzle in puzzles))
    assert {"X-wing", "Finned swordfish", "Jellyfish", "XY-wing", "XYZ-wing", "W-wing", "WXYZ-wing",
            "Unique rectangle type 1", "Hidden rectangle"} <= more, more


def test_avoidable_rectangles_are_found_on_the_paths_of_their_exemplars():
    """Avoidable rectangles need cells filled on the way, which depend on the
    path: the rating's path meets one in most of their exemplars."""
    puzzles = [row[0] for row in EXEMPLARS if row[2].startswith("Avoidable Rectangle")]
    hits = 0
    for puzzle in puzzles:
        board = Board.from_puzzle(parse(puzzle))
        board.search = Search(solution=solve(puzzle).solutions[0].digits, givens=parse(puzzle).digits)
        hits += any(avoidable_rectangle(board) for _ in rating_steps(board))
    assert hits >= 0.8 * len(puzzles)


# -- bent wings --------------------------------------------------------------


def test_wxyz_wing():
    board = with_candidates(empty_board(), {"r1c1": "123", "r1c5": "14", "r2c2": "24", "r3c3": "34"})
    step = found(wxyz_wing, board)
    assert (step.technique, step.score) == ("WXYZ-wing", 5.6)
    assert step.eliminations == eliminated("r1c2 r1c3", 4)
    assert step.text.startswith(
        "WXYZ-wing: r1c1 (1, 2 or 3), r1c5 (1 or 4), r2c2 (2 or 4) and r3c3 (3 or 4) hold only 1, 2, 3 and 4 "
        "between them; every digit but 4 has its places among them in cells that see each other,"
    )


def test_no_wxyz_wing_with_two_unconfined_digits():
    board = with_candidates(empty_board(), {"r1c1": "123", "r1c5": "14", "r2c2": "24", "r4c1": "34"})
    assert found(wxyz_wing, board) is None


def test_vwxyz_wing():
    marks = {"r1c1": "1234", "r1c5": "15", "r2c2": "25", "r3c3": "35", "r1c8": "45"}
    step = found(vwxyz_wing, with_candidates(empty_board(), marks))
    assert (step.technique, step.score) == ("VWXYZ-wing", 6.3)
    assert step.eliminations == eliminated("r1c2 r1c3", 5)
    assert found(wxyz_wing, with_candidates(empty_board(), marks)) is None
