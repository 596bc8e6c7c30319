"""The sudoku solver on real puzzles of every size, on impossible ones, and fuzzed.

Answers are checked by the rule checker of ``conftest`` (written without the
package) and against the published solutions where a data set has them.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import is_solution, lines
from sudoku_dlx import BOX_SHAPES, InvalidPuzzleError, Puzzle, count_solutions, parse, solve
from sudoku_dlx.baselines.backtrack import backtrack_solutions
from sudoku_dlx.kinds.grid import SYMBOLS
from sudoku_dlx.kinds.solver import solutions
from sudoku_dlx.baselines.textbook import textbook_solutions

# The test data holds samples of the big sets; scripts/check_all.py runs every puzzle.


def sample(name: str, k: int, seed: int = 2) -> list[str]:
    rows = lines(name)
    return random.Random(seed).sample(rows, min(k, len(rows)))

def assert_unique(puzzle: str, box: tuple[int, int], expected: str | None = None) -> None:
    result = solve(puzzle)
    assert result.status == "unique", puzzle
    assert len(result.solutions) == 1
    found = str(result.solutions[0])
    assert is_solution(found, puzzle, box), puzzle
    if expected is not None:
        assert found == expected, puzzle


# --- every size on real data ------------------------------------------------------------


def test_4x4_every_puzzle_against_its_solution_file():
    puzzles = lines("4x4/vukr_4x4.txt")
    expected = lines("4x4/vukr_4x4.solutions.txt")
    assert len(puzzles) == len(expected) == 1001
    for puzzle, solution in zip(puzzles, expected):
        assert_unique(puzzle, (2, 2), solution)


def test_6x6_tsv_against_its_solution_column():
    rows = [row.split("\t") for row in lines("6x6/sukaku6x6explainer_readme_examples.tsv")]
    assert len(rows) == 3
    for row in rows:
        assert_unique(row[0], (2, 3), row[3])


@pytest.mark.slow
def test_16x16_sample_against_the_solution_file():
    puzzles = lines("16x16/vukr_16x16_first100.txt")
    expected = lines("16x16/vukr_16x16_first100.solutions.txt")
    assert len(puzzles) == len(expected) == 100
    for puzzle, solution in zip(puzzles, expected):
        assert_unique(puzzle, (4, 4), solution)


def test_25x25_the_unique_one_against_its_solution():
    rows = [row.split("\t") for row in lines("25x25/course_tcgaryau_25x25.tsv")]
    unique = [row for row in rows if row[3] == "unique"]
    assert len(unique) == 1
    assert_unique(unique[0][0], (5, 5), unique[0][4])


@pytest.mark.parametrize("name", ["9x9/norvig_top95.txt", "9x9/norvig_hardest.txt"])
def test_9x9_norvig_lists_all_unique(name):
    for puzzle in lines(name):
        assert_unique(puzzle, (3, 3))


@pytest.mark.parametrize(
    "name, k",
    [
        ("9x9/royle17_sample300.txt", 300),
        ("9x9/magictour_sample100.txt", 100),
        ("9x9/forum_hardest_1106.txt", 40),
    ],
)
def test_9x9_samples_unique(name, k):
    for puzzle in sample(name, k):
        assert_unique(puzzle, (3, 3))


def test_9x9_kaggle_sample_against_the_solution_column():
    for row in sample("9x9/kaggle_sample300.tsv", 150):
        puzzle, solution, clues = row.split("\t")[:3]
        assert parse(puzzle).clues == int(clues)
        assert_unique(puzzle, (3, 3), solution)


@pytest.mark.parametrize("name", ["9x9/sudoku_exchange_se_sample.tsv", "9x9/hodoku_exemplars_techniques.tsv"])
def test_9x9_tsv_samples_solved_validly(name):
    for row in sample(name, 60):
        puzzle = row.split("\t")[0]
        result = solve(puzzle)
        assert result.status in ("unique", "multiple"), puzzle
        assert all(is_solution(str(s), puzzle, (3, 3)) for s in result.solutions)


def test_serg_sample_has_two_different_valid_solutions():
    for puzzle in sample("9x9/serg_multi_first20.txt", 100):
        result = solve(puzzle)
        assert result.status == "multiple", puzzle
        first, second = (str(s) for s in result.solutions)
        assert first != second
        assert is_solution(first, puzzle, (3, 3)) and is_solution(second, puzzle, (3, 3))
        assert count_solutions(puzzle, limit=2) == 2


# --- no solution --------------------------------------------------------------------------


def grid_with(n: int = 9, **cells: str) -> str:
    """A blank n x n grid with digits at cells named like ``r1c3``."""
    grid = ["."] * (n * n)
    for name, symbol in cells.items():
        r, c = (int(x) for x in name[1:].split("c"))
        grid[(r - 1) * n + c - 1] = symbol
    return "".join(grid)


@pytest.mark.parametrize(
    "cells, reason, clash",
    [
        ({"r1c3": "5", "r1c7": "5"}, "the givens clash: r1c3 and r1c7 both have 5", (2, 6)),
        ({"r2c4": "9", "r8c4": "9"}, "the givens clash: r2c4 and r8c4 both have 9", (12, 66)),
        ({"r4c4": "1", "r6c6": "1"}, "the givens clash: r4c4 and r6c6 both have 1", (30, 50)),
    ],
)
def test_clashing_givens_are_invalid_and_name_both_cells(cells, reason, clash):
    result = solve(grid_with(**cells))
    assert result.status == "invalid"
    assert result.solutions == []
    assert result.reason == reason
    assert result.clash == clash


def test_clash_in_16x16_names_the_letter():
    result = solve(grid_with(16, r1c1="G", r16c1="G"))
    assert result.status == "invalid"
    assert result.reason == "the givens clash: r1c1 and r16c1 both have G"
    assert result.clash == (0, 240)


def test_a_cell_whose_peers_hold_every_digit():
    # r1c1 sees 2-8 in its row, 9 in its column and 1 in its box; no two givens clash.
    puzzle = grid_with(r1c2="2", r1c3="3", r1c4="4", r1c5="5", r1c6="6", r1c7="7", r1c8="8", r2c1="9", r3c2="1")
    result = solve(puzzle)
    assert result.status == "none"
    assert result.solutions == [] and result.clash == ()
    assert result.no_candidate == (0,)
    assert result.reason.startswith("r1c1 has no candidate")


def test_a_digit_with_no_place_in_a_row():
    # Every cell has candidates, but 1 fits nowhere in row 1: boxes 1 and 2 and
    # column 7 hold a 1, and r1c8, r1c9 are taken.
    puzzle = grid_with(r2c1="1", r3c4="1", r4c7="1", r1c8="2", r1c9="3")
    result = solve(puzzle)
    assert result.status == "none"
    assert result.clash == () and result.no_candidate == ()
    assert "contradiction" in result.reason
    assert count_solutions(puzzle) == 0


# --- results and counts ---------------------------------------------------------------------


def test_a_complete_grid_is_its_own_unique_solution():
    solution = lines("4x4/vukr_4x4.solutions.txt", 1)[0]
    result = solve(solution)
    assert result.status == "unique"
    assert [str(s) for s in result.solutions] == [solution]


def test_every_4x4_grid_counted():
    assert count_solutions("." * 16) == 288  # the number of 4x4 sudoku grids


def test_count_and_limit():
    puzzle = "." * 16
    assert count_solutions(puzzle, limit=5) == 5
    result = solve(puzzle, limit=0)
    assert len(result.solutions) == 288 == len({str(s) for s in result.solutions})
    assert all(is_solution(str(s), puzzle, (2, 2)) for s in result.solutions)


def test_limit_one_still_tells_multiple_from_unique():
    puzzle = lines("9x9/serg_multi_first20.txt", 1)[0]
    assert solve(puzzle, limit=1).status == "multiple"
    assert count_solutions(puzzle, limit=1) == 1


def test_solve_takes_a_puzzle_or_text_and_reports_work():
    text = lines("9x9/norvig_top95.txt", 1)[0]
    from_text, from_puzzle = solve(text), solve(parse(text))
    assert from_text.solutions == from_puzzle.solutions
    assert from_text.puzzle == parse(text)
    assert isinstance(from_text.solutions[0], Puzzle)
    assert from_text.stats.nodes > 0 and from_text.stats.guesses > 0
    assert from_text.ms > 0
    assert from_text.reason == "" and from_text.clash == ()


def test_solve_raises_on_text_that_is_no_puzzle():
    with pytest.raises(InvalidPuzzleError, match="position 2"):
        solve("1x" + "." * 79)


def test_solutions_gives_digit_tuples():
    puzzle = parse(lines("4x4/vukr_4x4.txt", 1)[0])
    found, stats = solutions(puzzle)
    assert found == [parse(lines("4x4/vukr_4x4.solutions.txt", 1)[0]).digits]
    assert stats.solutions == 1


def test_random_order_solutions_are_valid_and_vary():
    puzzle = parse("." * 81)
    seen = set()
    for seed in range(5):
        found, _ = solutions(puzzle, limit=1, rng=random.Random(seed))
        grid = "".join(str(d) for d in found[0])
        assert is_solution(grid, str(puzzle), (3, 3))
        seen.add(grid)
    assert len(seen) > 1


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_blank_grid_of_every_size_has_several_solutions(n):
    result = solve("." * (n * n))
    assert result.status == "multiple"
    assert all(is_solution(str(s), "." * (n * n), BOX_SHAPES[n]) for s in result.solutions)


# --- fuzz -----------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_solve_any_text_gives_a_result_or_an_invalid_puzzle_error(text):
    try:
        result = solve(text)
    except InvalidPuzzleError:
        return
    assert result.status in ("unique", "multiple", "none", "invalid")


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.integers(0, 80), st.integers(1, 9), max_size=12))
def test_few_random_clues_solved_or_reported(clues):
    puzzle = "".join(str(clues.get(x, ".")) for x in range(81))
    result = solve(puzzle)
    assert result.status in ("unique", "multiple", "none", "invalid")
    if result.status in ("none", "invalid"):
        assert result.reason and result.solutions == []
        assert (result.status == "invalid") == bool(result.clash)
    else:
        assert all(is_solution(str(s), puzzle, (3, 3)) for s in result.solutions)
        assert len(result.solutions) == (1 if result.status == "unique" else 2)


SOLUTIONS = {
    4: lines("4x4/vukr_4x4.solutions.txt", 1)[0],
    6: lines("6x6/sukaku6x6explainer_readme_examples.tsv", 1)[0].split("\t")[3],
    9: lines("9x9/kaggle_sample300.tsv", 1)[0].split("\t")[1],
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(SOLUTIONS)), st.randoms(use_true_random=False), st.floats(0, 1))
def test_blanked_solutions_are_solved_consistently(n, rng, share):
    solution = SOLUTIONS[n]
    puzzle = "".join("." if rng.random() < share else ch for ch in solution)
    result = solve(puzzle)
    assert result.status in ("unique", "multiple")
    assert all(is_solution(str(s), puzzle, BOX_SHAPES[n]) for s in result.solutions)
    if result.status == "unique":
        assert str(result.solutions[0]) == solution


def test_the_backtracking_solver_stops_at_its_cap_on_tries():
    found, stats, finished = backtrack_solutions(parse(lines("9x9/norvig_top95.txt", 1)[0]), max_nodes=50)
    assert (found, stats.nodes, finished) == ([], 50, False)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.integers(0, 15), st.integers(1, 4), max_size=8))
def test_4x4_counts_agree_with_the_backtracking_solver(clues):
    puzzle = parse("".join(str(clues.get(x, ".")) for x in range(16)))
    result = solve(puzzle, limit=0)
    if result.clash:
        assert result.status == "invalid"
        return
    expected, _, finished = backtrack_solutions(puzzle)
    assert finished
    assert sorted(s.digits for s in result.solutions) == sorted(expected)


@pytest.mark.parametrize("name, k", [
    ("9x9/royle17_sample300.txt", 30), ("9x9/forum_hardest_1106.txt", 5), ("4x4/vukr_4x4.txt", 30),
    ("6x6/sukaku6x6explainer_readme_examples.tsv", 30),
    ("9x9/serg_multi_first20.txt", 30), ("16x16/vukr_16x16_first100.txt", 5),
])
def test_the_textbook_baseline_finds_what_the_engine_finds(name, k):
    """The benchmark's yardstick must solve the same puzzles to the same answers."""
    for text in sample(name, k):
        puzzle = parse(text.split("\t")[0])
        expected, _ = solutions(puzzle, 2)
        found, stats = textbook_solutions(puzzle, 2)
        assert sorted(found) == sorted(expected), text
        assert stats.nodes >= puzzle.digits.count(0)


def test_the_textbook_baseline_finds_no_solution_where_there_is_none():
    # r1c1 has no candidate once its row holds 1-8 and its column a 9 (no two givens clash).
    puzzle = parse("." + "12345678" + "9" + "." * 71)
    assert textbook_solutions(puzzle, 2)[0] == []
    assert sorted(textbook_solutions(parse("." * 16), 0)[0]) == sorted(solutions(parse("." * 16))[0])


@pytest.mark.parametrize("text", lines("9x9/norvig_hardest.txt", 3) + lines("16x16/vukr_16x16_first100.txt", 3))
def test_a_long_search_switched_to_narrowing_finds_the_same_solutions(monkeypatch, text):
    """The switch of ``kinds.solver.NARROW_LONG`` (meant for big grids' long tails), made at once
    here: the narrowed search that takes over (narrowing from its first guess, without the fish)
    finds what the plain one finds, and the statistics count both searches' guesses."""
    from sudoku_dlx.kinds import solver  # noqa: PLC0415 - the module whose switch is set

    narrowing = solver._narrowed_solutions
    puzzle = parse(text)
    plain, _ = solutions(puzzle, 2)
    monkeypatch.setattr(solver, "NARROW_LONG", frozenset({puzzle.n}))
    monkeypatch.setattr(solver, "SWITCH_AFTER", 1)
    narrowed = []
    monkeypatch.setattr(solver, "_narrowed_solutions",
                        lambda *args, **options: narrowed.append(options) or narrowing(*args, **options))
    switched, stats = solutions(puzzle, 2)
    assert narrowed == [{"after": 0, "fish": False}], "the search did not switch, or narrows not as meant"
    assert switched == plain and len(plain) == 1
    assert stats.guesses >= 1 and not stats.stopped


def test_a_25x25_with_a_long_tail_is_switched_to_narrowing():
    """A generated 25x25 whose plain search made 373,358 guesses in 60 s without an end: the
    switch to narrowing (``kinds.solver.NARROW_LONG``) after ``SWITCH_AFTER`` guesses solves it
    in a few hundred. Capped at 20,000 guesses, so that without the switch it stops, not hangs."""
    text, solution = lines("25x25/generated_seed7.tsv")[0].split("\t")
    found, stats = solutions(parse(text), 2, stop=lambda stats: stats.guesses > 20_000)
    assert not stats.stopped and len(found) == 1
    assert "".join(SYMBOLS[d - 1] for d in found[0]) == solution
