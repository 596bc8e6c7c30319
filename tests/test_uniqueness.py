"""Uniqueness (uniqueness.py): unique, hidden and avoidable rectangles and BUG+1 on
hand-made positions (on real puzzles: test_patterns.py)."""

from __future__ import annotations

from positions import cells, confine, eliminated, empty_position, found, with_candidates
from sudoku_dlx import parse
from sudoku_dlx.techniques.position import Position, Search, bits
from sudoku_dlx.techniques.uniqueness import (
    avoidable_rectangle, bug_plus_one, hidden_rectangle, unique_rectangle_1, unique_rectangle_2, unique_rectangle_3,
    unique_rectangle_4, unique_rectangle_6,
)


FLOOR = {"r1c1": "37", "r1c5": "37"}


def test_unique_rectangle_type_1():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "37", "r2c5": "379"})
    step = found(unique_rectangle_1, position)
    assert step.eliminations == ((cells("r2c5")[0], 3), (cells("r2c5")[0], 7))
    assert (step.technique, step.score) == ("Unique rectangle type 1", 4.5)
    assert step.cells == tuple(cells("r1c1 r1c5 r2c1 r2c5"))


def test_the_rectangles_kept_for_a_position_follow_its_changes():
    """The rectangles are listed once per position for all the techniques, and again
    once it changes: the same search sees a rectangle go when a corner loses the pair."""
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "37", "r2c5": "379"})
    assert unique_rectangle_1(position) is not None
    position.candidates[cells("r2c5")[0]] = bits([8, 9])
    assert unique_rectangle_1(position) is None


def test_no_unique_rectangle_over_four_boxes():
    position = with_candidates(empty_position(), {**FLOOR, "r5c1": "37", "r5c5": "379"})
    assert found(unique_rectangle_1, position) is None


def test_unique_rectangle_type_2():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "379", "r2c5": "379"})
    step = found(unique_rectangle_2, position)
    assert step.eliminations == eliminated("r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9", 9)
    assert (step.technique, step.score) == ("Unique rectangle type 2", 4.5)
    assert found(unique_rectangle_1, position) is None


def test_unique_rectangle_type_2_with_three_corners():
    position = with_candidates(empty_position(), {"r1c1": "37", "r1c5": "379", "r2c1": "379", "r2c5": "379"})
    step = found(unique_rectangle_2, position)
    assert step.eliminations == eliminated("r2c4 r2c6", 9)


def test_no_unique_rectangle_type_2_with_two_extra_digits():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "379", "r2c5": "378"})
    assert found(unique_rectangle_2, position) is None


def test_unique_rectangle_type_3_with_a_naked_pair():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "12"})
    step = found(unique_rectangle_3, position)
    rest = "r2c2 r2c3 r2c4 r2c6 r2c7 r2c9"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2)))
    assert (step.technique, step.score) == ("Unique rectangle type 3", 4.6)
    assert "makes a naked pair on 1 and 2 in row 2" in step.text


def test_unique_rectangle_type_3_with_a_naked_triple():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "14", "r2c9": "24"})
    step = found(unique_rectangle_3, position)
    rest = "r2c2 r2c3 r2c4 r2c6 r2c7"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2) + eliminated(rest, 4)))
    assert step.score == 4.7


def test_unique_rectangle_type_3_in_the_line_and_the_box():
    # The extra corners r1c1 r1c2 share row 1 and box 1, and so does r1c3: the pair
    # 1, 2 is locked in both, whose other cells lose it.
    position = with_candidates(empty_position(), {"r5c1": "37", "r5c2": "37", "r1c1": "137", "r1c2": "237", "r1c3": "12"})
    step = found(unique_rectangle_3, position)
    rest = "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"
    assert step.eliminations == tuple(sorted(eliminated(rest, 1) + eliminated(rest, 2)))
    assert "makes a naked pair on 1 and 2 in row 1 and box 1" in step.text and len(step.units) == 2


def test_no_unique_rectangle_type_3_without_a_subset():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "14"})
    assert found(unique_rectangle_3, position) is None


def test_unique_rectangle_type_4():
    position = with_candidates(empty_position(), {**FLOOR, "r2c1": "378", "r2c5": "379"})
    assert found(unique_rectangle_4, position) is None
    position = confine(position, 3, "row 2", "r2c1 r2c5")
    step = found(unique_rectangle_4, position)
    assert step.eliminations == eliminated("r2c1 r2c5", 7)
    assert (step.technique, step.score) == ("Unique rectangle type 4", 4.5)
    assert step.units == (1,)


def test_a_unique_rectangle_corner_may_miss_a_digit_of_the_pair():
    # r4c2 lost its 2 earlier: with a 1 there the rectangle would still end with only 1 and 2.
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c2": "12", "r4c1": "12", "r4c2": "156"})
    step = found(unique_rectangle_1, position)
    assert step.eliminations == ((cells("r4c2")[0], 1),)
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c2": "12", "r4c1": "1", "r4c2": "56"})
    assert found(unique_rectangle_1, position) is None  # a corner without either digit: no rectangle


def test_unique_rectangle_type_5_across_a_diagonal():
    position = with_candidates(empty_position(), {"r1c1": "127", "r1c2": "12", "r4c1": "12", "r4c2": "127"})
    step = found(unique_rectangle_2, position)
    assert (step.technique, step.score) == ("Unique rectangle type 5", 4.5)
    assert step.eliminations == eliminated("r2c2 r3c2 r5c1 r6c1", 7)


def test_unique_rectangle_type_6():
    # 1 is in rows 1 and 4 only at the corners: on r1c1 and r4c2, or on r1c2 and r4c1; these
    # would leave 2 on the rest, so they lose the 1.
    position = with_candidates(empty_position(), {"r1c1": "12", "r4c2": "12", "r1c2": "125", "r4c1": "126"})
    assert found(unique_rectangle_6, position) is None
    position = confine(confine(position, 1, "row 1", "r1c1 r1c2"), 1, "row 4", "r4c1 r4c2")
    step = found(unique_rectangle_6, position)
    assert (step.technique, step.score) == ("Unique rectangle type 6", 4.5)
    assert step.eliminations == eliminated("r1c2 r4c1", 1) and step.units == (0, 3)


def test_hidden_rectangle():
    # r1c1 holds 1 and 2; row 4 and column 2 (r4c2's) have the 1 only in the rectangle.
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c2": "123", "r4c1": "124", "r4c2": "125"})
    assert found(hidden_rectangle, position) is None
    position = confine(confine(position, 1, "row 4", "r4c1 r4c2"), 1, "column 2", "r1c2 r4c2")
    step = found(hidden_rectangle, position)
    assert (step.technique, step.eliminations) == ("Hidden rectangle", ((cells("r4c2")[0], 2),))


def filled(position: Position, values: dict[str, int]) -> Position:
    """Fill cells (as a solver would, not givens), and say which cells are givens: none."""
    for name, digit in values.items():
        position.place(cells(name)[0], digit)
    position.search = Search(givens=(0,) * 81)
    return position


def test_avoidable_rectangle_type_1():
    position = filled(empty_position(), {"r1c1": 1, "r1c2": 2, "r4c1": 2})
    step = found(avoidable_rectangle, position)
    assert (step.technique, step.eliminations) == ("Avoidable rectangle type 1", ((cells("r4c2")[0], 1),))
    position.search = Search(givens=tuple(1 if x == cells("r1c1")[0] else 0 for x in range(81)))
    assert found(avoidable_rectangle, position) is None  # a given cannot swap
    position.search = Search()
    assert found(avoidable_rectangle, position) is None  # no givens known, no avoidable rectangle


def test_avoidable_rectangle_type_2():
    position = filled(empty_position(), {"r1c1": 1, "r1c2": 2})
    position = with_candidates(position, {"r4c1": "27", "r4c2": "17"})
    step = found(avoidable_rectangle, position)
    assert step.technique == "Avoidable rectangle type 2"
    assert step.eliminations == eliminated("r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9 r5c1 r5c2 r5c3 r6c1 r6c2 r6c3", 7)


def test_avoidable_rectangle_type_2_with_its_filled_cells_in_one_column():
    # r1c1=1 and r2c1=2 filled (column 1); r1c5 and r2c5 complete them crosswise with 7
    # besides: box 2 and column 5 lose the 7.
    position = filled(empty_position(), {"r1c1": 1, "r2c1": 2})
    position = with_candidates(position, {"r1c5": "27", "r2c5": "17"})
    step = found(avoidable_rectangle, position)
    assert step.technique == "Avoidable rectangle type 2"
    assert step.eliminations == eliminated("r1c4 r1c6 r2c4 r2c6 r3c4 r3c5 r3c6 r4c5 r5c5 r6c5 r7c5 r8c5 r9c5", 7)


# A position of HoDoKu's BUG+1 exemplar after the basic steps and an XY-wing.
BUG_VALUES = ".9.613.84...2571393.18492..9685714234379268151..384......192..8..943567151.768..2"
BUG_MARKS = {
    "r1c1": "27", "r1c3": "25", "r1c7": "57", "r2c1": "68", "r2c2": "48", "r2c3": "46", "r3c2": "57",
    "r3c8": "56", "r3c9": "67", "r6c2": "25", "r6c3": "25", "r6c7": "79", "r6c8": "69", "r6c9": "67",
    "r7c1": "67", "r7c2": "47", "r7c3": "346", "r7c7": "35", "r7c8": "45", "r8c1": "28", "r8c2": "28",
    "r9c3": "34", "r9c7": "39", "r9c8": "49",
}


def bug_position() -> Position:
    marks = [0] * 81
    for name, digits in BUG_MARKS.items():
        marks[cells(name)[0]] = bits(int(d) for d in digits)
    return Position.from_puzzle(parse(BUG_VALUES), marks)


def test_bug_plus_one():
    step = found(bug_plus_one, bug_position())
    assert step.placements == ((cells("r7c3")[0], 4),) and not step.eliminations
    assert (step.technique, step.score) == ("BUG+1", 5.6)
    assert "so r7c3 is 4" in step.text


def test_no_bug_with_two_cells_of_three_candidates():
    position = bug_position()
    position.candidates[cells("r9c3")[0]] |= bits([6])
    assert found(bug_plus_one, position) is None
