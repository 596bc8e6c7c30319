"""Solving real puzzles of every size, checked against the rules and the published solutions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import is_solution, lines
from sudoku_dlx import InvalidPuzzleError, count_solutions, parse, solve
from sudoku_dlx.backtrack import backtrack_solutions

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def check_unique(puzzle_line, box, expected=None):
    result = solve(puzzle_line)
    assert result.status == "unique", puzzle_line
    solution = str(result.solutions[0])
    assert is_solution(solution, puzzle_line, box)
    if expected is not None:
        assert solution == expected


def test_4x4_sample_matches_published_solutions():
    for puzzle, solution in zip(lines("4x4/vukr_4x4.txt", 300), lines("4x4/vukr_4x4.solutions.txt", 300)):
        check_unique(puzzle, (2, 2), solution)


def test_6x6_examples():
    with open(lines.__globals__["DATA"] / "6x6/sukaku6x6explainer_readme_examples.tsv", encoding="utf-8") as file:
        header, *rows = [line.rstrip("\n").split("\t") for line in file if line.strip()]
    column = header.index("unique_solution_computed")
    assert rows
    for row in rows:
        check_unique(row[0], (2, 3), row[column])


def test_9x9_hard_and_17_clue_samples():
    for line in lines("9x9/norvig_hardest.txt") + lines("9x9/royle17_49158.txt", 60, start=1000):
        check_unique(line, (3, 3))


def test_16x16_sample_matches_published_solutions():
    puzzles = lines("16x16/vukr_16x16_1000.txt", 25)
    for puzzle, solution in zip(puzzles, lines("16x16/vukr_16x16_1000.solutions.txt", 25)):
        check_unique(puzzle, (4, 4), solution)


def test_25x25_unique_course_puzzle():
    with open(lines.__globals__["DATA"] / "25x25/course_tcgaryau_25x25.tsv", encoding="utf-8") as file:
        header, *rows = [line.rstrip("\n").split("\t") for line in file if line.strip()]
    solution_column = header.index("unique_solution_computed")
    solved = [row for row in rows if len(row) > solution_column and len(row[solution_column]) == 625]
    assert solved
    for row in solved:
        check_unique(row[0], (5, 5), row[solution_column])


def test_multiple_solutions_give_two_different_valid_ones():
    for line in lines("9x9/serg_multi_solution_10000.txt", 40):
        result = solve(line)
        assert result.status == "multiple"
        first, second = (str(s) for s in result.solutions)
        assert first != second
        assert is_solution(first, line, (3, 3)) and is_solution(second, line, (3, 3))
        assert count_solutions(line, 3) >= 2


def test_count_solutions_of_small_grids():
    assert count_solutions("." * 16) == 288
    assert count_solutions("." * 16, limit=5) == 5
    assert count_solutions(SOLUTION) == 1
    assert count_solutions("11" + "." * 14) == 0


def test_clashing_givens_have_no_solution_and_name_both_cells():
    result = solve("..5...5" + "." * 74)
    assert result.status == "none"
    assert result.reason == "r1c3 and r1c7 both have 5"
    assert result.clash == (2, 6)
    result = solve("5" + "." * 8 + "5" + "." * 71)
    assert result.status == "none" and "r1c1 and r2c1" in result.reason


def test_unsatisfiable_without_a_clash_has_no_solution():
    # r1c1 is blank but its row holds 1-8 and its column holds 9: no digit fits, and no two givens clash.
    puzzle = "." + "12345678" + "9" + "." * 71
    assert parse(puzzle) and solve(puzzle).clash == ()
    result = solve(puzzle)
    assert result.status == "none" and result.no_candidate == (0,)
    assert result.reason.startswith("r1c1 has no candidate")


def test_a_complete_grid_is_its_own_solution():
    result = solve(SOLUTION)
    assert result.status == "unique" and str(result.solutions[0]) == SOLUTION


def test_limit_one_still_tells_unique_from_multiple():
    assert solve("." * 16, limit=1).status == "multiple"
    assert solve(SOLUTION, limit=1).status == "unique"


def test_statistics_count_nodes_and_guesses():
    result = solve(lines("9x9/norvig_hardest.txt", 1)[0])
    assert result.stats.nodes > 0 and result.stats.updates > result.stats.nodes
    assert 0 < result.stats.guesses < result.stats.nodes
    easy = solve(SOLUTION[:-1] + ".")
    assert easy.stats.nodes == 1 and easy.stats.guesses == 0


def test_backtracking_baseline_agrees_and_respects_its_node_cap():
    for line in lines("4x4/vukr_4x4.txt", 20) + ["." * 16, SOLUTION[:50] + "." * 31]:
        puzzle = parse(line)
        found, _, finished = backtrack_solutions(puzzle, 0, 2_000_000)
        assert finished
        assert sorted(found) == sorted(s.digits for s in solve(puzzle, limit=0).solutions)
    _, stats, finished = backtrack_solutions(parse(lines("9x9/norvig_top95.txt", 1)[0]), 2, 1000)
    assert not finished and stats.nodes == 1000


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_solve_any_text_gives_a_result_or_a_clear_error(text):
    try:
        result = solve(text)
    except InvalidPuzzleError as error:
        assert str(error)
    else:
        assert result.status in {"unique", "multiple", "none"}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(".........123456789"), min_size=81, max_size=81))
def test_random_grids_are_solved_or_refused_consistently(symbols):
    line = "".join(symbols)
    result = solve(line)
    if result.status == "none":
        assert result.reason
    else:
        for solution in result.solutions:
            assert is_solution(str(solution), line, (3, 3))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(17, 81))
def test_puzzles_cut_from_a_solution_keep_a_consistent_solution(seed, clues):
    rng = random.Random(seed)
    keep = set(rng.sample(range(81), clues))
    line = "".join(d if i in keep else "." for i, d in enumerate(SOLUTION))
    result = solve(line)
    assert result.status in {"unique", "multiple"}
    assert all(is_solution(str(s), line, (3, 3)) for s in result.solutions)
    assert SOLUTION in {str(s) for s in result.solutions} or result.status == "multiple"
