"""The DLX search traced event by event (the page's DLX steps), checked by replaying it."""

from __future__ import annotations

import pytest

from conftest import lines
from sudoku_dlx import parse
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds.solver import solutions, with_givens
from sudoku_dlx.cover.trace import item_name, trace_search
from sudoku_dlx.cover.problems import SUDOKU_GIVENS
from sudoku_dlx.web import cover_steps, dlx_steps

NORVIG_HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def replay(puzzle, events) -> list[tuple[int, ...]]:
    """Applies the events' placements to the givens; returns the grid at each solution."""
    digits = list(puzzle.digits)
    placed = 0
    grids = []
    for event in events:
        if event["kind"] in ("try", "undo") and event["cell"] < 0:  # a killer cage's combination places no digit
            assert event["combination"] and event["placed"] == placed, event
            continue
        if event["kind"] == "try":
            assert digits[event["cell"]] == 0, event
            digits[event["cell"]] = event["digit"]
            placed += 1
        elif event["kind"] == "undo":
            assert digits[event["cell"]] != 0 and puzzle.digits[event["cell"]] == 0, event
            digits[event["cell"]] = 0
            placed -= 1
        elif event["kind"] == "solution":
            grids.append(tuple(digits))
        assert event["placed"] == placed, event
    return grids


@pytest.mark.parametrize("text", [NORVIG_HARD, *lines("9x9/serg_multi_first20.txt", 3),
                                  *lines("4x4/vukr_4x4.txt", 3), *lines("16x16/vukr_16x16_first100.txt", 1)])
def test_replaying_the_events_reaches_the_solutions(text):
    puzzle = parse(text)
    walk = trace_search(puzzle, max_events=100_000)
    assert walk.complete
    expected, stats = solutions(puzzle, 2, whole=True)  # the search the trace shows (not switched to narrowing)
    assert replay(puzzle, walk.events) == expected
    assert sum(event["kind"] == "try" for event in walk.events) == walk.stats.nodes == stats.nodes
    assert walk.events[-1]["kind"] == "back up" or len(expected) == 2  # unique: the search ran to its end
    for event in walk.events:
        if event["kind"] == "solution":
            assert (event["open_items"], event["open_options"]) == (0, 0)
        elif event["kind"] == "try":  # the option's four items are covered, the options they had hidden
            assert event["open_items"] < walk.open_items and event["open_options"] < walk.open_options
    if walk.events[-1]["kind"] == "back up":  # backed out of every choice: the exact cover is whole again
        last = walk.events[-1]
        assert (last["open_items"], last["open_options"]) == (walk.open_items, walk.open_options)


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
    texts = [event["text"] for event in walk.events]
    assert texts[0] == "4 in column 2 has one place left: r6c2."
    assert texts[1] == "Place 4 in r6c2: cover its cell, row, column and box items."
    assert "Fewest options: cell r7c2 has 2 digits (8, 9); try each in turn." in texts
    assert "Place 8 in r7c2 (digit 1 of 2): cover its cell, row, column and box items." in texts
    assert any(t.startswith("Dead end: ") and t.endswith(" has no place left.") for t in texts)
    assert texts.count("Every item is covered: solution 1.") == 1
    # r1c1 can take no digit, so 9 has no place in row 1: the search stops at one of the two.
    no_digit = trace_search(parse("." + "12345678" + "9" + "." * 71))
    assert [(s["text"], s["cells"]) for s in no_digit.events] in (
        [("Dead end: cell r1c1 has no digit left.", [0])],
        [("Dead end: 9 in row 1 has no place left.", list(range(9)))],
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
    first, second = record["steps"][:2]
    assert second == {"kind": "try", "item": first["item"], "option": 46 * 9 + 3, "options": [], "tried": 1, "of": 1,
                      "found": 0, "depth": 1, "covers": [], "text": second["text"], "placed": 1,
                      "open_items": 256 - 4, "open_options": second["open_options"], "cell": 45 + 1, "digit": 4,
                      "cells": [46], "combination": []}
    assert dlx_steps("11" + "." * 79) == {"puzzle": "11" + "." * 79, "status": "invalid",
                                          "error": "the givens clash: r1c1 and r1c2 both have 1", "cells": [0, 1]}
    bad = dlx_steps("1x" + "." * 79)
    assert "'x'" in bad["error"] and bad["cells"] == [1]


def test_the_play_view_and_the_lab_record_one_search_alike_in_their_own_words():
    """The lab's 9x9 sudoku starts from these givens: one recorder, two namers."""
    assert SUDOKU_GIVENS[9] == NORVIG_HARD
    play = dlx_steps(NORVIG_HARD, max_steps=400)["steps"]
    lab = cover_steps("sudoku9", max_steps=400)["steps"]
    shared = ("kind", "item", "option", "options", "tried", "of", "found", "depth")
    assert [[event[k] for k in shared] for event in play] == [[event[k] for k in shared] for event in lab]
    assert set(lab[0]) == {*shared, "covers", "text"} and set(lab[0]) < set(play[0])
    assert {event["kind"] for event in play} == {"choose", "try", "undo", "back up", "dead end", "solution"}
    assert play[1]["text"] == "Place 4 in r6c2: cover its cell, row, column and box items."
    assert lab[1]["text"] == "Try r6c2=4: cover its other items, b4#4, r6c2 and r6#4, which takes 7 options out."


# --- Every kind -----------------------------------------------------------------------
# Game IDs printed by Simon Tatham's programs (sgt-puzzles 20230122): `sgt-solo --generate`
# with 3x3x, 9j, 2x2k and 2x3k, `sgt-unequal --generate` with 5.
X_9 = "3x3x:1e3c8c5a7a6b4g8a7c1i7c1a8g8b2a5a3c9c1e6"
JIGSAW_9 = ("9j:c6d7e3e6_5b4b7_8g3c1c4g1_6b5b2_3e4e8d5c,"
            "_c_cb_baa___abb_aba___a_bbab__abcccd__abaaa_cabba___cadaabbadd")
KILLER_4 = "2x2k:p,_aa_a_ab_____aaa,6_5a6b5a5b8_5c"
KILLER_6 = "2x3k:zj,__aa_aa_aa_a____aa_daaaa___a_______a___a_,8_5_8a7c10a7b7_9a8a7a3a14_7a15_4f7b"
FUTOSHIKI_5 = "5:0D,0,0,0D,0L,0,0,0L,0,0,0U,0,0L,0,0,0R,0,0,0,0,0R,0,4,0,1,"
WINDOKU = "windoku:" + "." * 81


def live_options(puzzle) -> list[int]:
    """How many options are still in play after each event of a second run of the same
    search (an option is in play while every one of its nodes is linked)."""
    problem = with_givens(puzzle)
    seen = []
    for _ in problem.search(2, trace=lambda *event: seen.append(
            sum(problem.live(o) for o in range(len(problem.options))))):
        pass
    return seen


@pytest.mark.parametrize("text", [X_9, JIGSAW_9, KILLER_4, KILLER_6, FUTOSHIKI_5])
def test_every_kind_replays_to_its_solution_and_counts_its_open_options(text):
    puzzle = read_puzzle(text)
    walk = trace_search(puzzle, max_events=100_000)
    assert walk.complete
    expected, stats = solutions(puzzle, 2, whole=True)  # the trace walks the whole grid's exact cover
    assert len(expected) == 1 and solutions(puzzle, 2)[0] == expected
    assert replay(puzzle, walk.events) == expected
    assert sum(event["kind"] == "try" for event in walk.events) == walk.stats.nodes == stats.nodes
    assert walk.events[-1]["kind"] == "back up"
    last = walk.events[-1]
    assert (last["open_items"], last["open_options"]) == (walk.open_items, walk.open_options)
    # Open options are counted exactly, whatever the number of items in an option.
    assert [event["open_options"] for event in walk.events] == live_options(puzzle)


def test_killer_events_tell_combinations_from_placements():
    puzzle = read_puzzle(KILLER_4)
    walk = trace_search(puzzle, max_events=100_000)
    texts = [event["text"] for event in walk.events]
    assert (walk.items, walk.options) == (16 + 3 * 16 + 7 * 5, 64 + 11)
    # The cages' bounds leave the cage of r4c1+r4c2 (5) {2, 3} alone before the search.
    assert walk.open_options == 23
    assert texts[:2] == ["3 in the cage of r4c1+r4c2 (sum 5) has one option left: r4c2.",
                         "Place 3 in r4c2: cover its cell, row, column, box and cage-digit items."]
    first = next(event for event in walk.events if event["combination"])
    assert (first["kind"], first["cell"], first["digit"], first["combination"], first["cells"], first["placed"]) == (
        "try", -1, 0, [2, 3], [12, 13], 2)
    assert first["text"] == ("Take the combination {2, 3} for the cage of r4c1+r4c2 (sum 5): cover the "
                             "cage's item and the items of the digits it leaves out (1, 4), so they go in no cell "
                             "of the cage.")
    assert "Place 4 in r1c2: cover its cell, row, column, box and cage-digit items." in texts
    assert any(t.startswith("Take back the combination {") for t in texts)
    assert any(t.startswith("Every option for ") and " in the cage of " in t for t in texts)
    assert item_name(16 + 48 + 5 + 2, puzzle) == "2 in the cage of r1c2+r1c3 (sum 5)"


def test_the_kinds_items_are_named_in_their_words():
    x = read_puzzle(X_9)
    assert [item_name(81 + 27 * 9 + d, x) for d in (6, 9 + 6)] == ["7 in the main diagonal", "7 in the anti-diagonal"]
    assert item_name(81 + 27 * 9 + 6, read_puzzle(WINDOKU)) == "7 in window 1"
    assert item_name(81 + 18 * 9 + 3 * 9 + 6, read_puzzle(JIGSAW_9)) == "7 in region 4"
    futoshiki = read_puzzle(FUTOSHIKI_5)
    texts = [event["text"] for event in trace_search(futoshiki, 100_000).events]
    assert "Place 3 in r1c4: cover its cell, row and column items and 6 sign items." in texts
    walk = trace_search(x, 100_000)
    assert "Place 1 in r3c7: cover its cell, row, column, box and anti-diagonal items." in \
        [s["text"] for s in walk.events]


def test_web_dlx_steps_says_what_the_page_needs_for_every_kind():
    killer = dlx_steps(KILLER_6, max_steps=4)
    assert {k: killer[k] for k in ("kind", "items", "options", "placements", "combinations", "secondary_items",
                                   "items_per_placement")} == {
        "kind": "killer", "items": 36 + 18 * 6 + 16 * 7, "options": 216 + killer["combinations"], "placements": 216,
        "combinations": 31, "secondary_items": 0, "items_per_placement": [5, 5]}
    assert killer["puzzle"] == KILLER_6
    assert killer["reduction"].startswith("As exact cover, a 6×6 killer sudoku has 256 items to cover")
    assert killer["reduction"].endswith("the signs and cages rule out without a guess.")
    assert killer["steps"][1]["combination"] == [3, 4] and killer["steps"][1]["cell"] == -1
    futoshiki = dlx_steps(FUTOSHIKI_5)
    assert (futoshiki["kind"], futoshiki["items"], futoshiki["secondary_items"], futoshiki["options"]) == (
        "futoshiki", 75 + 8 * 5, 8 * 5, 125)
    assert futoshiki["items_per_placement"] == [3, 3] and "secondary items" in futoshiki["reduction"]
    assert dlx_steps(NORVIG_HARD, max_steps=1)["reduction"] == (
        "As exact cover, a 9×9 grid has 324 items to cover (each cell needs a digit; each digit is needed once in "
        "every row, column and box) and 729 options (a digit in a cell covers four items).")
    x = dlx_steps("x:" + "." * 16, max_steps=1)
    assert x["reduction"].endswith("and 64 options (a digit in a cell covers four items, five on a diagonal).")
    assert dlx_steps(WINDOKU, max_steps=1)["items"] == 81 + 31 * 9
