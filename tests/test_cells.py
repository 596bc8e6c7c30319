"""Dancing cells (sparse sets) against dancing links and known counts: the same
solutions on every problem the lab offers, on random small problems (brute force),
with secondary items, selected options and early stops."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dlx import KNUTH, brute_force, small_problems

from sudoku_dlx import web
from sudoku_dlx.cells import ExactCells
from sudoku_dlx.cover import classics, problems


def cells(n_primary: int, options, n_secondary: int = 0) -> ExactCells:
    ec = ExactCells(n_primary, n_secondary)
    ec.add_options(options)
    return ec


def state(ec: ExactCells) -> dict:
    """The sets as a search sees them: each item's live options and the active items
    (the order inside a set may change: a sparse set is restored as a set)."""
    return {"items": [sorted(ec.cell[ec.start[t]:ec.start[t] + ec.size[t]]) for t in range(ec.n_items)],
            "active": sorted(ec.active[:ec.n_active])}


def as_sets(solutions) -> set[frozenset[int]]:
    return {frozenset(s) for s in solutions}


def test_knuth_example_has_its_one_solution():
    ec = cells(7, KNUTH)
    assert list(map(sorted, ec.search())) == [[0, 3, 4]]
    assert (ec.stats.solutions, ec.stats.nodes) == (1, 5)


# OEIS A000170
@pytest.mark.parametrize("n, count", list(zip(range(1, 11), [1, 0, 0, 2, 10, 4, 40, 92, 352, 724])))
def test_n_queens_counts(n, count):
    problem = problems.queens(n)
    cell_count = problems.count(problem, engine="cells", keep=True)
    assert cell_count.solutions == count
    if n <= 8:
        link_count = problems.count(problem, keep=True)
        assert sorted(cell_count.found) == sorted(link_count.found)


#: Every problem of the lab, the pentominoes on boards that count fast (6x10 takes a minute).
LAB = {name: (lambda name=name: problems.built_in(name)) for name in problems.BUILT_IN if name != "pentomino"} | {
    "batting6": lambda: problems.built_in("batting", 6),
    "queens6": lambda: problems.built_in("queens", 6),
    "langford8-raw": lambda: problems.built_in("langford", 8, raw=True),
    "pentomino3x20": lambda: problems.built_in("pentomino", board="3x20"),
    "pentomino-drawn-raw": lambda: classics.pentomino("#....#/....../....../#....#", "FLNY", raw=True),
}


@pytest.mark.parametrize("name", LAB)
def test_every_built_in_problem_has_the_same_solutions_as_with_links(name):
    problem = LAB[name]()
    links, sets = (problems.count(problem, keep=True, engine=engine) for engine in ("links", "cells"))
    assert sorted(sets.found) == sorted(links.found) and sets.solutions == links.solutions >= 1
    assert sets.stats.nodes >= 1 and (sets.stats.updates > 0) == (links.stats.updates > 0)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.integers(0, 3))
def test_search_agrees_with_brute_force_and_restores_the_sets(case, limit):
    n_primary, n_secondary, options = case
    ec = cells(n_primary, options, n_secondary)
    expected = brute_force(n_primary, n_secondary, options)
    found = list(ec.search(limit))
    before = state(ec)
    assert len(found) == len(set(map(frozenset, found)))
    assert as_sets(found) <= expected
    assert len(found) == (min(limit, len(expected)) if limit else len(expected))
    assert as_sets(ec.search()) == expected and state(ec) == before


def test_secondary_items_need_not_be_covered_and_are_covered_once():
    ec = cells(1, [(0,), (0, 1)], n_secondary=1)
    assert as_sets(ec.search()) == {frozenset({0}), frozenset({1})}
    ec = cells(2, [(0, 2), (1, 2), (0,), (1,)], n_secondary=1)
    assert as_sets(ec.search()) == {frozenset({2, 3}), frozenset({0, 3}), frozenset({1, 2})}


def test_select_fixes_options_and_refuses_a_clash():
    ec = cells(7, KNUTH)
    ec.select([3])  # A D
    assert list(map(sorted, ec.search())) == [[0, 4]]
    with pytest.raises(ValueError, match="shares an item"):
        ec.select([1])  # A D G
    with pytest.raises(ValueError, match="no option 9"):
        ec.select([9])
    with pytest.raises(ValueError, match="no more options"):
        ec.add_option([0])


def test_stop_and_close_restore_the_sets():
    ec, _ = problems.queens(6).exact_cover("cells"), None
    ec.search().close()  # the sets are built on the first search
    before = state(ec)
    assert list(ec.search(stop=lambda stats: stats.guesses >= 3)) == [] and ec.stats.stopped
    assert state(ec) == before
    search = ec.search()
    next(search)
    assert state(ec) != before
    search.close()
    assert state(ec) == before and sum(1 for _ in ec.search()) == 4


def test_bad_problems_are_refused():
    with pytest.raises(ValueError, match="distinct items"):
        cells(2, [(0, 0)])
    with pytest.raises(ValueError, match="distinct items"):
        cells(2, [(0, 2)])
    with pytest.raises(ValueError, match="negative"):
        ExactCells(-1)


def test_cover_count_with_cells_and_a_wrong_engine():
    record = web.cover_count("queens", 6, engine="cells")
    assert (record["solutions"], record["engine"], record["status"]) == (4, "cells", "multiple")
    wrong = web.cover_count("queens", 6, engine="wires")
    assert wrong["status"] == "invalid" and "links, cells" in wrong["error"] and "'wires'" in wrong["error"]
