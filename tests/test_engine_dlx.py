"""The generic exact-cover engine, on problems that are not sudoku."""

import random

import pytest

from sudoku_dlx.dlx import ExactCover


def links(problem: ExactCover) -> list[list[int]]:
    return [problem.up[:], problem.down[:], problem.left[:], problem.right[:], problem.size[:]]


def knuth_example() -> ExactCover:
    """The matrix of Knuth's "Dancing Links" paper: items A-G."""
    problem = ExactCover(7)
    for option in ("CEF", "ADG", "BCF", "AD", "BG", "DEG"):
        problem.add_option("ABCDEFG".index(item) for item in option)
    return problem


def queens(n: int) -> ExactCover:
    """N queens: rows and columns primary, the 2(2n-1) diagonals secondary."""
    problem = ExactCover(2 * n, 2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            problem.add_option([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1])
    return problem


def test_knuth_example_has_its_one_solution():
    solutions = [sorted(s) for s in knuth_example().search()]
    assert solutions == [[0, 3, 4]]  # {C,E,F}, {A,D}, {B,G}


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_queens_counts(n, count):
    assert sum(1 for _ in queens(n).search()) == count


def test_queens_solutions_are_exact_covers_of_the_primary_items():
    problem = queens(6)
    for solution in problem.search():
        rows_and_cols = [item for option in solution for item in problem.options[option][:2]]
        assert sorted(rows_and_cols) == list(range(12))
        diagonals = [item for option in solution for item in problem.options[option][2:]]
        assert len(set(diagonals)) == len(diagonals)


def test_links_are_restored_after_a_full_search():
    problem = queens(7)
    before = links(problem)
    assert sum(1 for _ in problem.search()) == 40
    assert links(problem) == before


def test_links_are_restored_when_stopped_by_limit_or_closed():
    problem = queens(8)
    before = links(problem)
    assert len(list(problem.search(limit=5))) == 5
    assert links(problem) == before
    search = problem.search()
    next(search)
    next(search)
    search.close()
    assert links(problem) == before


def test_limit_and_statistics():
    problem = queens(8)
    assert len(list(problem.search(limit=1))) == 1
    assert problem.stats.solutions == 1
    assert problem.stats.nodes > 0 and problem.stats.updates > 0
    assert problem.stats.guesses <= problem.stats.nodes


def test_seeded_order_is_reproducible_and_finds_the_same_set():
    first = [tuple(s) for s in queens(6).search(rng=random.Random(7))]
    again = [tuple(s) for s in queens(6).search(rng=random.Random(7))]
    plain = [tuple(s) for s in queens(6).search()]
    assert first == again
    assert sorted(map(sorted, first)) == sorted(map(sorted, plain))
    orders = {tuple(next(queens(8).search(rng=random.Random(seed)))) for seed in range(10)}
    assert len(orders) > 1


def test_select_fixes_options_and_refuses_a_clash():
    problem = knuth_example()
    problem.select([3])  # {A, D}
    assert [sorted(s) for s in problem.search()] == [[0, 4]]
    with pytest.raises(ValueError, match="shares an item"):
        problem.select([1])  # {A, D, G} shares A
    with pytest.raises(ValueError, match="no option"):
        problem.select([99])


def test_copy_is_independent():
    problem = knuth_example()
    twin = problem.copy()
    twin.select([0])
    assert [sorted(s) for s in problem.search()] == [[0, 3, 4]]
    assert [sorted(s) for s in twin.search()] == [[3, 4]]
    with pytest.raises(ValueError):
        problem.add_option([0])


@pytest.mark.parametrize("option", [[0, 0], [7], [-1]])
def test_bad_options_are_refused(option):
    with pytest.raises(ValueError, match="distinct items"):
        ExactCover(7).add_option(option)


def test_no_primary_items_means_one_empty_solution():
    assert list(ExactCover(0).search()) == [[]]


def test_an_item_without_options_means_no_solution():
    problem = ExactCover(2)
    problem.add_option([0])
    assert list(problem.search()) == []
