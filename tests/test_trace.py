"""The DLX search told step by step (the page's step view), checked by replaying it."""

from __future__ import annotations

import pytest

from conftest import lines
from sudoku_dlx import parse
from sudoku_dlx.kinds.solver import solutions
from sudoku_dlx.cover.trace import item_name, trace_search
from sudoku_dlx.web import dlx_steps

NORVIG_HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def replay(puzzle, steps) -> list[tuple[int, ...]]:
    """Applies the steps' placements to the givens; returns the grid at each solution."""
    digits = list(puzzle.digits)
    placed = 0
    grids = []
    for step in steps:
        if step.kind == "try":
            assert digits[step.cell] == 0, step
            digits[step.cell] = step.digit
            placed += 1
        elif step.kind == "undo":
            assert digits[step.cell] != 0 and puzzle.digits[step.cell] == 0, step
            digits[step.cell] = 0
            placed -= 1
        elif step.kind == "solution":
            grids.append(tuple(digits))
        assert step.placed == placed, step
    return grids


@pytest.mark.parametrize("text", [NORVIG_HARD, *lines("9x9/serg_multi_first20.txt", 3),
                                  *lines("4x4/vukr_4x4.txt", 3), *lines("16x16/vukr_16x16_first100.txt", 1)])
def test_replaying_the_steps_reaches_the_solutions(text):
    puzzle = parse(text)
    walk = trace_search(puzzle, max_events=100_000)
    assert walk.complete
    expected, stats = solutions(puzzle, 2)
    assert replay(puzzle, walk.events) == expected
    assert sum(step.kind == "try" for step in walk.events) == walk.stats.nodes == stats.nodes
    assert walk.events[-1].kind == "back up" or len(expected) == 2  # unique: the search ran to its end
    for step in walk.events:
        if step.kind == "solution":
            assert (step.open_items, step.open_options) == (0, 0)
        elif step.kind == "try":  # the option's four items are covered, the options they had hidden
            assert step.open_items < walk.open_items and step.open_options < walk.open_options
    if walk.events[-1].kind == "back up":  # backed out of every choice: the exact cover is whole again
        assert (walk.events[-1].open_items, walk.events[-1].open_options) == (walk.open_items, walk.open_options)


def test_the_reduction_is_counted_before_and_after_the_givens():
    walk = trace_search(parse(NORVIG_HARD), max_events=1)
    assert (walk.items, walk.options) == (324, 729)
    # 17 givens close 68 items; what is left is at most 64 blanks x 9 digits.
    assert walk.open_items == 324 - 68 and 64 < walk.open_options < 64 * 9


def test_events_are_cut_at_max_events():
    walk = trace_search(parse(NORVIG_HARD), max_events=40)
    assert len(walk.events) == 40 and not walk.complete


def test_a_forced_choice_a_guess_and_a_dead_end_read_in_sudoku_words():
    walk = trace_search(parse(NORVIG_HARD), max_events=100_000)
    texts = [step.text for step in walk.events]
    assert texts[0] == "4 in column 2 has one place left: r6c2."
    assert texts[1] == "Place 4 in r6c2: cover its cell, row, column and box items."
    assert "Fewest options: cell r7c2 has 2 digits (8, 9); try each in turn." in texts
    assert "Place 8 in r7c2 (digit 1 of 2): cover its cell, row, column and box items." in texts
    assert any(t.startswith("Dead end: ") and t.endswith(" has no place left.") for t in texts)
    assert texts.count("Every item is covered: solution 1.") == 1
    # r1c1 can take no digit, so 9 has no place in row 1: the search stops at one of the two.
    no_digit = trace_search(parse("." + "12345678" + "9" + "." * 71))
    assert [(s.text, s.cells) for s in no_digit.events] in (
        [("Dead end: cell r1c1 has no digit left.", (0,))],
        [("Dead end: 9 in row 1 has no place left.", tuple(range(9)))],
    )


def test_item_names():
    puzzle = parse(NORVIG_HARD)
    assert [item_name(i, puzzle) for i in (0, 80, 81 + 9 * 2 + 6, 162 + 3, 243 + 9 * 8 + 8)] == [
        "cell r1c1", "cell r9c9", "7 in row 3", "4 in column 1", "9 in box 9"]
    assert item_name(16 + 3 * 4 + 3, parse("." * 16)) == "4 in row 4"  # 4x4: 16 cell items, then rows
    assert item_name(256 * 1 + 16 * 3 + 10, parse("." * 256)) == "B in row 4"


def test_web_dlx_steps_answers_in_plain_values_and_errors_with_cells():
    record = dlx_steps(NORVIG_HARD, max_steps=3)
    assert {k: record[k] for k in ("size", "clues", "items", "options", "open_items", "complete")} == {
        "size": 9, "clues": 17, "items": 324, "options": 729, "open_items": 256, "complete": False}
    second = record["steps"][1]
    assert second == {"kind": "try", "text": second["text"], "placed": 1, "open_items": 256 - 4,
                      "open_options": second["open_options"], "cell": 45 + 1, "digit": 4, "cells": [46]}
    assert dlx_steps("11" + "." * 79) == {"puzzle": "11" + "." * 79, "status": "invalid",
                                          "error": "the givens clash: r1c1 and r1c2 both have 1", "cells": [0, 1]}
    bad = dlx_steps("1x" + "." * 79)
    assert "'x'" in bad["error"] and bad["cells"] == [1]
