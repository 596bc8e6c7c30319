"""A variant puzzle's exact cover in the lab (sudoku_dlx.cover.variant): its counts.

The lab searches the matrix alone, with no narrowing and no check. Where every rule says
it is whole in the matrix (:meth:`~sudoku_dlx.rules.base.Rule.whole`), each cover must be a
solution: the lab's count equals the brute-force count of test_rules' checker, written apart
from the rules. Where a rule is not whole, the matrix may only let more grids through.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sudoku_dlx.cover import problems
from sudoku_dlx.cover.problem import ProblemError
from sudoku_dlx.cover.variant import link_problem, variant_problem
from sudoku_dlx.kinds.grid import SYMBOLS, shape_for
from sudoku_dlx.rules.killercage import KillerCage
from sudoku_dlx.rules.parity import Parity
from sudoku_dlx.rules.link import solve_link
from sudoku_dlx.rules.renban import Renban
from sudoku_dlx.rules.solve import Grid, VariantPuzzle
from sudoku_dlx.rules.thermometer import Thermometer
from test_rules import keeps, latin_grids, random_case4, random_rules

LINKS = Path(__file__).parent / "data" / "links" / "rangsk_fpuzzles.tsv"
ROWS = [line.split("\t") for line in LINKS.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
REAL = {row[0]: row[1] for row in ROWS}
#: Real links whose rules are all whole in the matrix, and whose lab search is short
#: (thermometers, kropki with and without the negative constraint, anti-king, nonconsecutive,
#: palindromes, killer cages with sums, minimum and maximum cells, irregular regions, 6x6 to 16x16).
WHOLE = ["300 Subs!", "Bird in a Storm", "Fortress Sudoku", "Return of the Revenge", "Behemoth", "Irregular 7x7 Kropki",
         "6x6 Extreme Killer"]


def lab_count(puzzle):
    return problems.count(variant_problem(puzzle), keep=True)


def grids_of(problem, found, n):
    """The grids of the lab's covers (each a list of option numbers)."""
    grids = []
    for options in found:
        g = [0] * n * n
        for o in [*problem.given, *options]:
            mark = problem.board["marks"][o]
            if mark:
                g[mark[0] * n + mark[1]] = SYMBOLS.index(mark[2]) + 1
        grids.append(tuple(g))
    return sorted(grids)


@pytest.mark.parametrize("seed", range(60))
def test_the_labs_covers_are_the_solutions_where_every_rule_is_whole_on_4x4(seed):
    n = 4
    _, rules, givens, expected = random_case4(seed)
    puzzle = VariantPuzzle(Grid(shape_for(n), rules), givens)
    problem = variant_problem(puzzle)
    covers = grids_of(problem, problems.count(problem, keep=True).found, n)
    if all(rule.whole() for rule in rules):
        assert covers == expected, rules
        assert "every rule whole" in problem.about
    else:
        assert set(expected) <= set(covers), rules
        assert "Not whole in the matrix" in problem.about


@pytest.mark.parametrize("seed", range(15))
def test_the_same_on_6x6_with_cages_renban_and_thermometers(seed):
    rng = random.Random(500 + seed)
    n = 6
    solution = next(latin_grids(6))
    rules = [rule for rule in random_rules(rng, n, solution, 6) if rule.whole()]
    givens = tuple(d if rng.random() < 0.4 else 0 for d in solution)
    expected = sorted(g for g in latin_grids(6, givens) if all(keeps(rule, g, n) for rule in rules))
    problem = variant_problem(VariantPuzzle(Grid(shape_for(n), tuple(rules)), givens))
    assert grids_of(problem, problems.count(problem, keep=True).found, n) == expected, rules


def test_a_cage_and_a_renban_line_choose_one_filling_each():
    n = 4
    rules = (KillerCage((0, 1), 7), Renban((4, 5, 6)), Thermometer((8, 12)), Parity(15, True))
    problem = variant_problem(VariantPuzzle(Grid(shape_for(n), rules), (0,) * 16))
    names = problem.names
    assert {"killercage=3+4", "renban=1+2+3", "renban=2+3+4"} <= set(names)
    assert "killercage=1+6" not in names  # 6 is no digit of a 4x4
    assert "r4c4=2" not in names and "r4c4=3" in names  # odd: taken away before the search
    assert "r3c1=4" not in names  # a thermometer's bulb is less than the cell after it
    items = problem.items[problem.n_primary:]
    assert "r3c1=2/r4c1=2" in items  # a step of the thermometer: both kept, not together
    assert not any("r4c1=1" in item for item in items)  # no item for an option taken away
    assert problem.board["kind"] == "variant" and problem.board["box"] == [2, 2]


def test_a_real_link_has_its_rules_in_the_matrix_and_the_lab_builds_it_by_name():
    problem = problems.built_in("variant", puzzle=REAL['"300 Subs!" by Rangsk (Thermo, Kropki w/no negative constraint)'])
    assert problem.title.startswith("9\u00d79 variant sudoku")
    assert "every rule whole" in problem.about and "thermometer" in problem.about
    assert not problem.given and any(clue["key"] == "thermometer" for clue in problem.board["drawing"])
    counted = problems.count(problem, limit=2)
    assert counted.solutions == 1
    default = problems.built_in("variant")
    assert problems.count(default, limit=2).solutions == 1 and default.board["drawing"]


@pytest.mark.parametrize("title", WHOLE)
def test_a_real_link_whose_rules_are_whole_has_one_cover_the_solvers_solution(title):
    """The solver's solution is the published one (test_rules.test_real_links_solve_to_their_published_solutions)."""
    name = next(name for name in REAL if name.startswith(f'"{title}'))
    problem = link_problem(REAL[name])
    assert "every rule whole" in problem.about
    counted = problems.count(problem, limit=2, keep=True)
    n = problem.board["rows"]
    assert counted.solutions == 1
    grid = grids_of(problem, counted.found, n)[0]
    assert "".join(SYMBOLS[d - 1] for d in grid) == solve_link(REAL[name])["solutions"][0]


def test_an_arrow_is_not_whole_and_the_lab_says_so():
    problem = link_problem(REAL['"Eddies" by Qodec (Arrow [including 1-cell Arrows), Even/Odd)'])
    assert "Not whole in the matrix: arrow" in problem.about


@pytest.mark.parametrize("text, words", [
    ("https://www.f-puzzles.com/?load=notbase64!!", "the link is no puzzle"),
    (REAL['"Alien" by Lisztes (Whispers, Thermo)'], r"line \(drawn only\)"),
])
def test_a_link_the_lab_cannot_build_is_named(text, words):
    with pytest.raises(ProblemError, match=words):
        problems.built_in("variant", puzzle=text)


def test_dlx_steps_of_a_link_are_told_in_its_grid_and_rules_words():
    from sudoku_dlx import web
    from sudoku_dlx.cover.problems import VARIANT_LINK

    record = web.dlx_steps(VARIANT_LINK)
    assert (record["status"], record["kind"], record["size"], record["clues"]) == ("complete", "variant", 6, 3)
    assert problems.built_in("variant").about.startswith(record["reduction"]) and record["combinations"] == 2
    assert "givens" not in record["reduction"]
    steps = record["steps"]
    texts = [step["text"] for step in steps]
    assert texts[0] == "6 in the killer cage r5c5-r5c6-r6c5 adding up to 13 has one option left: 6 in r5c6."
    taken = next(step for step in steps if step["combination"])
    assert taken["text"].startswith("Take {2, 5, 6} for the killer cage r5c5-r5c6-r6c5 adding up to 13: cover its item")
    assert taken["cells"] == [28, 29, 34] and taken["cell"] == -1
    assert any(text.startswith("Fewest options: cell ") for text in texts) and any("conflict item" in t for t in texts)
    # Replaying the placements gives the solution at the solution event.
    solution = solve_link(VARIANT_LINK)["solutions"][0]
    grid = [d for d in web.parse_puzzle(VARIANT_LINK)["givens"]]
    for step in steps:
        if step["kind"] in ("try", "undo") and step["cell"] >= 0:
            grid[step["cell"]] = str(step["digit"]) if step["kind"] == "try" else "."
        if step["kind"] == "solution":
            assert "".join(grid) == solution and step["text"] == "Every item is covered: solution 1."
    assert sum(step["kind"] == "solution" for step in steps) == 1


def test_a_cover_that_breaks_a_rule_outside_the_matrix_is_said_to_be_no_solution():
    from sudoku_dlx import web

    record = web.dlx_steps(REAL['"Eddies" by Qodec (Arrow [including 1-cell Arrows), Even/Odd)'])
    broken = [step for step in record["steps"] if step["kind"] == "solution"]
    assert broken and all(step["text"].startswith("Every item is covered, but this cover breaks a rule the matrix "
                                                  "does not hold whole: the arrow ") for step in broken)
    assert all(step["cells"] for step in broken)
    unknown = web.dlx_steps(REAL['"Alien" by Lisztes (Whispers, Thermo)'])
    assert unknown["status"] == "invalid" and "line (drawn only)" in unknown["error"]


def test_a_batch_and_bench_take_links_through_the_rules_solver(tmp_path, capsys):
    from sudoku_dlx import cli, web

    quick = ["300 Subs!", "Peak Sudoku", "6x6 Extreme Killer", "Alien"]
    links = [REAL[name] for name in REAL if any(name.startswith(f'"{title}') for title in quick)]
    record = web.batch(["# links", *links], solvers=["dlx", "backtrack"])
    assert record["lines"] == [2, 3, 4, 5]
    assert record["runs"]["dlx"]["status"] == ["unique", "unique", "unique", "invalid"]
    assert record["runs"]["backtrack"]["status"] == ["invalid"] * 4  # the baselines take classic sudoku alone
    assert "line (drawn only)" in record["errors"][3] and record["puzzles"][0] == links[0]
    assert [isinstance(clues, int) for clues in record["clues"]] == [True, True, True, False]  # a link's givens
    assert [nodes > 0 for nodes in record["runs"]["dlx"]["nodes"][:3]] == [True, False, True]  # Peak Sudoku: no guess
    path = tmp_path / "links.txt"
    path.write_text("\n".join(links) + "\n", encoding="utf-8")
    assert cli.main(["bench", str(path), "--json"]) == 0
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (row["solver"], row["unique"], row["invalid"]) == ("dlx", 3, 1)
