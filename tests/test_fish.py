"""Fish (fish.py): basic, finned and sashimi fish, then franken and mutant ones, on
hand-made positions; franken and mutant fish on HoDoKu's exemplars, every step checked
against the solution."""

from __future__ import annotations

import pytest

from positions import cells, confine, eliminated, empty_position, every_beyond_find, found, transposed, with_candidates
from conftest import lines
from sudoku_dlx import parse, solve
from sudoku_dlx.kinds.grid import shape_for
from sudoku_dlx.rating import SE_ALONE_FROM, steps
from sudoku_dlx.techniques.position import Position, Search
from sudoku_dlx.techniques.fish import (
    finned_jellyfish, finned_swordfish, finned_x_wing, franken_fish, jellyfish, mutant_fish, swordfish, x_wing,
)
from sudoku_dlx.techniques.registry import BEYOND_SE

EXEMPLARS = [row.split("\t") for row in lines("9x9/hodoku_exemplars_techniques.tsv")]


# -- basic fish: rows against columns --------------------------------------------


def x_wing_position() -> Position:
    position = confine(empty_position(), 4, "row 2", "r2c3 r2c8")
    return confine(position, 4, "row 7", "r7c3 r7c8")


def test_x_wing_in_rows():
    step = found(x_wing, x_wing_position())
    rest = " ".join(f"r{r}c{c}" for r in (1, 3, 4, 5, 6, 8, 9) for c in (3, 8))
    assert step.eliminations == eliminated(rest, 4)
    assert (step.technique, step.score) == ("X-wing", 3.2)
    assert step.cells == tuple(cells("r2c3 r2c8 r7c3 r7c8"))
    assert step.units == (1, 6, 11, 16)
    assert step.text.startswith(
        "X-wing on 4: in rows 2 and 7 the 4 can only be in columns 3 and 8, so each of those columns has "
        "its 4 in these rows; remove it from the rest of columns 3 and 8: r1c3<>4, r1c8<>4, r3c3<>4,"
    )


def test_the_places_kept_for_a_position_follow_its_changes():
    """A position's places of each digit per line are made once for all the fish, and
    again once it changes: the same search sees an X-wing go when a base row gets a third place."""
    position = x_wing_position()
    assert x_wing(position) is not None
    position.candidates[cells("r7c5")[0]] |= 1 << 3
    assert x_wing(position) is None


def test_x_wing_in_columns():
    step = found(x_wing, transposed(x_wing_position()))
    rest = " ".join(f"r{r}c{c}" for c in (1, 3, 4, 5, 6, 8, 9) for r in (3, 8))
    assert step.eliminations == eliminated(rest, 4)
    assert step.units == (10, 15, 2, 7)
    assert step.text.startswith("X-wing on 4: in columns 2 and 7 the 4 can only be in rows 3 and 8,")


def test_no_x_wing_when_a_row_has_a_third_place():
    position = confine(x_wing_position(), 4, "row 2", "r2c3 r2c5 r2c8")
    assert found(x_wing, position) is None


def swordfish_position() -> Position:
    position = confine(empty_position(), 6, "row 1", "r1c2 r1c4")
    position = confine(position, 6, "row 5", "r5c4 r5c8")
    return confine(position, 6, "row 9", "r9c2 r9c8")


def test_swordfish():
    step = found(swordfish, swordfish_position())
    rest = " ".join(f"r{r}c{c}" for r in (2, 3, 4, 6, 7, 8) for c in (2, 4, 8))
    assert step.eliminations == eliminated(rest, 6)
    assert (step.technique, step.score) == ("Swordfish", 3.8)
    assert step.text.startswith("Swordfish on 6: in rows 1, 5 and 9 the 6 can only be in columns 2, 4 and 8,")
    assert found(x_wing, swordfish_position()) is None


def test_no_swordfish_over_four_columns():
    position = confine(swordfish_position(), 6, "row 9", "r9c2 r9c6")
    assert found(swordfish, position) is None


def jellyfish_position() -> Position:
    position = empty_position()
    for row, keep in ((1, "r1c1 r1c2"), (3, "r3c2 r3c5"), (6, "r6c5 r6c9"), (8, "r8c1 r8c9")):
        confine(position, 7, f"row {row}", keep)
    return position


def test_jellyfish():
    step = found(jellyfish, jellyfish_position())
    rest = " ".join(f"r{r}c{c}" for r in (2, 4, 5, 7, 9) for c in (1, 2, 5, 9))
    assert step.eliminations == eliminated(rest, 7)
    assert (step.technique, step.score) == ("Jellyfish", 5.2)
    assert found(swordfish, jellyfish_position()) is None


def test_no_jellyfish_over_five_columns():
    position = confine(jellyfish_position(), 7, "row 8", "r8c1 r8c7")
    assert found(jellyfish, position) is None


def test_finned_x_wing():
    position = confine(empty_position(), 4, "row 2", "r2c3 r2c8")
    position = confine(position, 4, "row 7", "r7c3 r7c8 r7c9")
    assert found(x_wing, position) is None
    step = found(finned_x_wing, position)
    assert step.eliminations == eliminated("r8c8 r9c8", 4)
    assert (step.technique, step.score) == ("Finned X-wing", 3.4)
    assert step.units == (1, 6, 11, 16, 26)
    assert step.text == (
        "Finned X-wing on 4: in rows 2 and 7 the 4 can only be in columns 3 and 8 or in the fin r7c9; "
        "without the fin it would be an X-wing, and with it the 4 is in box 9, so either way the cells "
        "of box 9 in those columns lose it: r8c8<>4, r9c8<>4."
    )


def test_sashimi_x_wing():
    position = confine(empty_position(), 4, "row 2", "r2c3 r2c8")
    position = confine(position, 4, "row 7", "r7c3 r7c7 r7c9")
    step = found(finned_x_wing, position)
    assert step.eliminations == eliminated("r8c8 r9c8", 4)
    assert (step.technique, step.score) == ("Sashimi X-wing", 3.4)
    assert "or in the fins r7c7 and r7c9; without the fins it would be an X-wing" in step.text


def test_no_finned_x_wing_with_fins_in_two_boxes():
    position = confine(empty_position(), 4, "row 2", "r2c3 r2c8")
    position = confine(position, 4, "row 7", "r7c3 r7c5 r7c8 r7c9")
    assert found(finned_x_wing, position) is None


def test_finned_swordfish():
    position = swordfish_position()
    position = confine(position, 6, "row 9", "r9c2 r9c8 r9c9")
    assert found(swordfish, position) is None
    step = found(finned_swordfish, position)
    assert step.eliminations == eliminated("r7c8 r8c8", 6)
    assert (step.technique, step.score) == ("Finned swordfish", 4.0)


def test_sashimi_swordfish():
    position = confine(swordfish_position(), 6, "row 9", "r9c2 r9c7 r9c9")
    step = found(finned_swordfish, position)
    assert step.eliminations == eliminated("r7c8 r8c8", 6)
    assert (step.technique, step.score) == ("Sashimi swordfish", 4.0)


def test_finned_jellyfish():
    position = confine(jellyfish_position(), 7, "row 8", "r8c1 r8c7 r8c9")
    for x in cells("r2c1 r2c2 r2c3"):  # else r1c2 and r3c2 are the fins of another one
        position.eliminate(x, 7)
    assert found(jellyfish, position) is None
    step = found(finned_jellyfish, position)
    assert step.eliminations == eliminated("r7c9 r9c9", 7)
    assert (step.technique, step.score) == ("Finned jellyfish", 5.4)
    assert found(finned_jellyfish, jellyfish_position()) is None


def test_finned_x_wing_with_boxes_of_two_rows_and_three_columns():
    rows = confine(empty_position(6), 1, "row 1", "r1c1 r1c4")
    rows = confine(rows, 1, "row 4", "r4c1 r4c4 r4c5")
    step = found(finned_x_wing, rows)
    assert step.eliminations == eliminated("r3c4", 1, 6)
    assert "the 1 is in box 4" in step.text
    columns = confine(empty_position(6), 1, "column 1", "r1c1 r4c1")
    columns = confine(columns, 1, "column 5", "r1c5 r2c5 r4c5")
    step = found(finned_x_wing, columns)
    assert step.eliminations == eliminated("r1c4 r1c6", 1, 6)
    assert "the 1 is in box 2" in step.text


# -- franken and mutant fish -------------------------------------------------------


def ones_at(names: str) -> Position:
    """A 9x9 position where the 1 can go only in the named cells (other digits anywhere)."""
    position = Position(shape_for(9), [0] * 81, [0b111111110] * 81)
    for x in cells(names):
        position.candidates[x] |= 1
    return position


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


@pytest.mark.slow
def test_hodoku_exemplars_use_them_soundly():
    rows = [row for row in EXEMPLARS if "Franken" in row[2] or "Mutant" in row[2]]
    used = 0
    for puzzle, *_ in rows[::4]:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solution)
        names = []
        for step in steps(position):
            assert all(solution[x] != d for x, d in step.eliminations), step.text
            assert all(solution[x] == d for x, d in step.placements), step.text
            names.append(step.technique)
            if position.search.enough >= SE_ALONE_FROM:
                break
        used += any("franken" in name.lower() or "mutant" in name.lower() for name in names)
    assert used >= 6, used  # 6 of these 12 when written
    assert {franken_fish, mutant_fish} <= BEYOND_SE


def test_every_gives_each_fish_beside_finds_step():
    """HoDoKu's "all steps": on a finned franken jellyfish exemplar's first position."""
    puzzle = next(row[0] for row in EXEMPLARS if row[2] == "Finned Franken Jellyfish")
    assert {"Franken fish", "Mutant fish"} <= every_beyond_find(puzzle, ("fish",), walk=False)
