"""Wings (wings.py): XY-, XYZ- and W-wings, and the bent WXYZ- and VWXYZ-wings, on
hand-made positions (on real puzzles: test_patterns.py)."""

from __future__ import annotations

from positions import cells, confine, eliminated, empty_position, found, with_candidates
from sudoku_dlx.techniques.wings import vwxyz_wing, w_wing, wxyz_wing, xy_wing, xyz_wing


def test_xy_wing():
    position = with_candidates(empty_position(), {"r5c5": "12", "r5c1": "13", "r1c5": "23"})
    step = found(xy_wing, position)
    assert step.eliminations == eliminated("r1c1", 3)
    assert (step.technique, step.score) == ("XY-wing", 4.2)
    assert step.units == (4, 13)  # row 5 and column 5 join the pivot to its wings
    assert step.text == (
        "XY-wing: r5c5 is 1 or 2; if 1, r5c1 (1 or 3) is 3, and if 2, r1c5 (2 or 3) is 3; so the cells "
        "that see both r5c1 and r1c5 lose 3: r1c1<>3."
    )


def test_no_xy_wing_when_the_wings_differ():
    position = with_candidates(empty_position(), {"r5c5": "12", "r5c1": "13", "r1c5": "24"})
    assert found(xy_wing, position) is None


def test_xyz_wing():
    position = with_candidates(empty_position(), {"r5c5": "123", "r5c1": "13", "r4c6": "23"})
    step = found(xyz_wing, position)
    assert step.eliminations == eliminated("r5c4 r5c6", 3)
    assert (step.technique, step.score) == ("XYZ-wing", 4.4)
    assert found(xy_wing, position) is None


def test_no_xyz_wing_without_a_common_digit():
    position = with_candidates(empty_position(), {"r5c5": "123", "r5c1": "13", "r4c6": "24"})
    assert found(xyz_wing, position) is None


def w_wing_position() -> Position:
    position = with_candidates(empty_position(), {"r2c1": "12", "r8c9": "12"})
    return confine(position, 1, "row 5", "r5c1 r5c9")


def test_w_wing():
    step = found(w_wing, w_wing_position())
    assert step.eliminations == eliminated("r2c9 r8c1", 2)
    assert (step.technique, step.score) == ("W-wing", 4.4)
    assert step.units == (4,)
    assert step.text == (
        "W-wing: r2c1 and r8c9 are both 1 or 2, and in row 5 the 1 is in r5c1 or r5c9, which see them; "
        "so one of r2c1 and r8c9 is not 1 but 2, and the cells that see both lose 2: r2c9<>2, r8c1<>2."
    )


def test_no_w_wing_without_a_strong_link():
    position = confine(w_wing_position(), 1, "row 5", "r5c1 r5c5 r5c9")
    assert found(w_wing, position) is None


# -- bent wings --------------------------------------------------------------


def test_wxyz_wing():
    position = with_candidates(empty_position(), {"r1c1": "123", "r1c5": "14", "r2c2": "24", "r3c3": "34"})
    step = found(wxyz_wing, position)
    assert (step.technique, step.score) == ("WXYZ-wing", 5.6)
    assert step.eliminations == eliminated("r1c2 r1c3", 4)
    assert step.text.startswith(
        "WXYZ-wing: r1c1 (1, 2 or 3), r1c5 (1 or 4), r2c2 (2 or 4) and r3c3 (3 or 4) hold only 1, 2, 3 and 4 "
        "between them; every digit but 4 has its places among them in cells that see each other,"
    )


def test_no_wxyz_wing_with_two_unconfined_digits():
    position = with_candidates(empty_position(), {"r1c1": "123", "r1c5": "14", "r2c2": "24", "r4c1": "34"})
    assert found(wxyz_wing, position) is None


def test_vwxyz_wing():
    marks = {"r1c1": "1234", "r1c5": "15", "r2c2": "25", "r3c3": "35", "r1c8": "45"}
    step = found(vwxyz_wing, with_candidates(empty_position(), marks))
    assert (step.technique, step.score) == ("VWXYZ-wing", 6.3)
    assert step.eliminations == eliminated("r1c2 r1c3", 5)
    assert found(wxyz_wing, with_candidates(empty_position(), marks)) is None
