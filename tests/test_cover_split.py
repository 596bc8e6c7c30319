"""Counting in parts (problems.split, count(part=...)) and browsing solutions
(problems.browse, web.cover_split, web.cover_solutions): the parts' counts add up to
the single count, and every solution shown is one."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_dlx import web, worker
from sudoku_dlx.dlx import SearchStats
from sudoku_dlx.cover.classics import langford, pentomino
from sudoku_dlx.cover.problems import Problem, ProblemError, browse, count, format_knuth, parse_problem, queens, split

PROBLEMS = [queens(6), queens(7), queens(8), langford(7), pentomino("3x20")]


def covers(problem: Problem, solution: list[int]) -> bool:
    """Whether the options cover every primary item once and no secondary item twice."""
    hits = [0] * len(problem.items)
    for option in solution:
        for item in problem.options[option]:
            hits[item] += 1
    return all(h == 1 for h in hits[:problem.n_primary]) and all(h <= 1 for h in hits[problem.n_primary:])


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.title)
def test_the_parts_counts_add_up_to_the_single_count(problem):
    whole = count(problem).solutions
    for parts in (1, 2, 7, 64):
        found = split(problem, parts)
        assert len(found) >= min(parts, whole) or not any(found)
        assert len({tuple(part) for part in found}) == len(found)
        assert sum(count(problem, part=part).solutions for part in found) == whole


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.title)
def test_the_tree_above_the_parts_and_the_parts_try_about_what_the_single_count_tries(problem):
    """Every option on the way to a part was tried above it; with the parts' own tries they
    make the single count's, but for the order the two break ties among forced items in."""
    whole = count(problem).stats
    for parts in (2, 16, 64):
        above = SearchStats()
        found = split(problem, parts, above)
        assert above.nodes >= len({tuple(part[:depth]) for part in found for depth in range(1, len(part) + 1)})
        nodes = above.nodes + sum(count(problem, part=part).stats.nodes for part in found)
        assert abs(nodes - whole.nodes) <= whole.nodes / 10, (parts, nodes, whole.nodes)


def test_web_cover_split_gives_the_nodes_above_its_parts():
    """Knuth's example is all tree above its one part (a solution already): 5 options tried."""
    split_record = web.cover_split("knuth", parts=16)
    assert len(split_record["parts"]) == 1
    part = web.cover_count("knuth", part=split_record["parts"][0])
    assert (split_record["nodes"] + part["nodes"], split_record["guesses"] + part["guesses"]) == \
        (web.cover_count("knuth")["nodes"], web.cover_count("knuth")["guesses"]) == (5, 1)


@st.composite
def knuth_files(draw) -> str:
    """A random small problem, written in Knuth's format."""
    n_primary = draw(st.integers(1, 5))
    n_items = n_primary + draw(st.integers(0, 3))
    options = draw(st.lists(st.sets(st.integers(0, n_items - 1), min_size=1).map(sorted).map(tuple), max_size=12))
    return format_knuth(Problem("random", [f"i{k}" for k in range(n_items)], n_primary, options, [""] * len(options)))


@settings(max_examples=100, deadline=None)
@given(knuth_files(), st.sampled_from([1, 2, 7, 64]))
def test_the_parts_of_a_random_knuth_file(text, parts):
    problem = parse_problem(text)
    kept = [sorted(solution) for part in split(problem, parts)
            for solution in count(problem, part=part, keep=True).found]
    assert sorted(kept) == sorted(count(problem, keep=True).found)


def test_a_part_that_is_no_partial_solution():
    with pytest.raises(ProblemError, match=r"the part \[0, 1\] is no partial solution"):
        count(queens(4), part=[0, 1])
    with pytest.raises(ProblemError, match="parts must be 1 or more, not 0"):
        split(queens(4), 0)


def test_browsing_first_next_and_random_solutions():
    problem = queens(8)
    first, complete = browse(problem, 0, 3)
    assert len(first) == 3 and not complete and all(covers(problem, s) for s in first)
    assert browse(problem, 1)[0] == first[1:2] and browse(problem, 2)[0] == first[2:]
    assert len({tuple(s) for s in first}) == 3
    shuffled = [browse(problem, 0, 1, seed)[0][0] for seed in range(6)]
    assert all(covers(problem, s) for s in shuffled)
    assert shuffled[0] == browse(problem, 0, 1, 0)[0][0] and len({tuple(s) for s in shuffled}) > 1
    last = browse(problem, 91, 5)
    assert len(last[0]) == 1 and last[1] and browse(problem, 92) == ([], True)
    sudoku = web.cover_solutions("sudoku4")
    assert sudoku["status"] == "found" and set(web.cover_steps("sudoku4")["problem"]["given"]) <= \
        set(sudoku["solutions"][0])


def test_the_workers_split_count_and_browse():
    def call(kind: str, **arguments) -> dict:
        return json.loads(worker.call(kind, json.dumps(arguments)))["result"]

    split_record = call("cover_split", problem="pentomino", board="3x20", parts=4)
    assert split_record["status"] == "split" and split_record["title"] == "Pentominoes, 3\u00d720"
    assert split_record["options"] == len(pentomino("3x20").options) and split_record["ms"] >= 0
    counts = [call("cover_count", problem="pentomino", board="3x20", part=part) for part in split_record["parts"]]
    assert sum(record["solutions"] for record in counts) == 2
    assert {record["engine"] for record in counts} == {"links"} and counts[0]["part"] == split_record["parts"][0]
    assert call("cover_count", problem="langford", n=7, raw=True)["solutions"] == 52
    found = call("cover_solutions", problem="langford", n=7, first=1, count=2, seed=4)
    assert found["status"] == "found" and len(found["solutions"]) == 2 and found["seed"] == 4
    assert all(covers(langford(7), s) for s in found["solutions"])
    assert call("cover_solutions", problem="langford", n=5)["status"] == "none"
    assert call("cover_split", parts=0)["status"] == "invalid"
    assert call("cover_solutions", count=0)["status"] == "invalid"
    assert call("cover_count", problem="queens", n=4, engine="wheels")["error"] == \
        "there is no engine 'wheels'; the engines are links, cells"


def test_the_page_calls_take_a_pentomino_boards_pieces():
    # The lab sends pieces= when some are unticked: every call reads them.
    counted = web.cover_count("pentomino", board="5x5", pieces="FLPUX", raw=True)
    assert counted["solutions"] == count(pentomino("5x5", "FLPUX", raw=True)).solutions > 0
    steps = web.cover_steps("pentomino", board="5x5", pieces="FLPUX", max_steps=5)
    assert steps["problem"]["items"][:5] == list("FLPUX")
    parts = web.cover_split("pentomino", board="5x5", pieces="FLPUX", raw=True, parts=4)["parts"]
    assert sum(web.cover_count("pentomino", board="5x5", pieces="FLPUX", raw=True, part=part)["solutions"]
               for part in parts) == counted["solutions"]
    assert web.cover_solutions("pentomino", board="5x5", pieces="FLPUX")["status"] == "found"
    wrong = web.cover_count("pentomino", board="5x5", pieces="FLPUQ")
    assert wrong["status"] == "invalid" and "'Q'" in wrong["error"]
