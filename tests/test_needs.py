"""Puzzles that need a chosen technique (``generate(needs=...)``, ``generate --needs``) and
the technique names they take (the registry's steps and short forms)."""

from __future__ import annotations

import json

import pytest
from conftest import is_solution

from sudoku_dlx import InvalidPuzzleError, generate, web
from sudoku_dlx.cli import main
from sudoku_dlx.kinds.solver import solutions
from sudoku_dlx.rating import _solve, rate
from sudoku_dlx.techniques.position import Position, Search
from sudoku_dlx.techniques.registry import TECHNIQUES, needed, techniques_for

# (name asked, only, seed): seeds that find one within a few hundred ms on CPython
CASES = [("x-wing", False, 1), ("XY-Wing", False, 1), ("unique rectangle", True, 4),
         ("aic", False, 4)]


@pytest.mark.parametrize("name, only, seed", CASES)
def test_generated_puzzle_is_unique_and_its_path_uses_the_technique(name, only, seed):
    made = generate(seed=seed, needs=name, needs_only=only, time_budget=None)
    assert made.status == "generated" and made.needs_met and made.needs == needed(name).name
    puzzle = made.puzzle
    assert solutions(puzzle, 2)[0] == [made.solution.digits]
    assert is_solution(str(made.solution), str(puzzle), (3, 3))
    path = rate(puzzle).path
    steps = needed(name).steps
    used = [step for step in path if step.technique in steps]
    assert used, [step.technique for step in path]
    if only:  # nothing harder than it
        assert max(step.score for step in path) <= max(step.score for step in used)
    assert generate(seed=seed, needs=name, needs_only=only, time_budget=None).puzzle == puzzle  # the seed makes it again


def test_names_case_and_short_forms():
    assert needed("x-wing").steps == needed("X-WING").steps == needed("x wing").steps == ("X-wing",)
    assert needed("xy-wing").name == "XY-wing"
    assert needed("swordfish").steps == ("Swordfish",)
    assert needed("Unique Rectangle").steps == tuple(f"Unique rectangle type {k}" for k in range(1, 7))
    assert needed("aic").steps == ("AIC",)
    assert needed("naked pair").steps == ("Naked pair", "Locked pair")
    assert needed("hidden single").techniques == techniques_for("sudoku")[:2]  # full house and it
    assert needed("Skyscraper, two-string kite, turbot fish").steps == ("Skyscraper", "Two-string kite", "Turbot fish",
                                                                        "Dual two-string kite")
    assert needed("forcing chains").used_by(type("S", (), {"technique": "Forcing chains (cell)"})())
    # the techniques up to it: every one of base score at most the highest of those writing its steps
    assert {t.name for t in needed("swordfish").techniques} >= {"X-wing", "Naked triple", "Finned X-wing"}
    assert all(t.score <= 3.8 for t in needed("swordfish").techniques)


def test_unknown_name_lists_the_known_ones_and_a_kinds_own():
    with pytest.raises(InvalidPuzzleError, match="unknown technique 'x-wings'; known: Full house, .*X-wing.*Swordfish"):
        needed("x-wings")
    with pytest.raises(InvalidPuzzleError, match="not among the techniques of kind x: .*XY-wing"):
        needed("unique rectangle", "x")
    with pytest.raises(InvalidPuzzleError, match="not among the techniques of kind futoshiki"):
        generate(seed=1, kind="futoshiki", needs="pointing")
    with pytest.raises(InvalidPuzzleError, match="not both"):
        generate(seed=1, needs="x-wing", difficulty="Hard")
    assert web.generate(seed=1, needs="nope")["status"] == "invalid"


def test_every_step_name_of_the_path_is_its_techniques():
    """The names the registry gives each technique's steps are those its steps write
    (on the paths of generated puzzles, whose steps are of many techniques)."""
    by_function = {technique.find: technique for technique in TECHNIQUES}
    seen = set()
    for seed in range(12):
        made = generate(seed=seed)
        position = Position.from_puzzle(made.puzzle)
        position.search = Search(solution=made.solution.digits, givens=made.puzzle.digits)
        for step, find in _solve(position, techniques_for("sudoku")):
            technique = by_function.get(find)
            if technique is not None:  # not a contradiction kept from an earlier search (dynamic.ready)
                assert needed(step.technique).used_by(step), step.technique
                assert step.technique.split(" (")[0] in technique.step_names, (step.technique, technique.name)
                seen.add(step.technique)
    assert len(seen) > 5


def test_budget_out_says_unmet(capsys):
    made = generate(seed=1, needs="Nested dynamic forcing chains", time_budget=0.3)
    assert made.status == "unmet" and not made.needs_met and made.puzzles >= 1
    assert made.record()["needs_met"] is False
    assert main(["generate", "--seed", "1", "--needs", "Nested dynamic forcing chains", "--budget", "0.3"]) == 0
    assert "note: no puzzle needing Nested dynamic forcing chains in" in capsys.readouterr().err


def test_cli_json_records_the_technique(capsys):
    name, only, seed = CASES[1]
    assert main(["generate", "--json", "--seed", str(seed), "--needs", name]) == 0
    record = json.loads(capsys.readouterr().out)
    made = generate(seed=seed, needs=name, time_budget=None)
    assert record["puzzle"] == str(made.puzzle) and record["status"] == "generated"
    assert record["needs"] == "XY-wing" and record["needs_met"] is True and record["needs_only"] is False
    assert {"kind", "solution", "size", "clues", "seed", "symmetry", "minimal", "score", "grade", "puzzles"} <= set(record)
    assert main(["generate", "--needs", "x-wings"]) == 2
    assert "known: Full house" in capsys.readouterr().err
    assert main(["generate", "--needs-only"]) == 2
    assert "--needs-only goes with --needs" in capsys.readouterr().err


def test_web_generate_tells_the_puzzles_made():
    name, only, seed = CASES[1]
    heard = []
    record = web.generate(seed=seed, needs=name, time_budget=None, progress=heard.append)
    assert record["needs_met"] and record["puzzles"] >= 1
    assert heard and all("puzzles" in report for report in heard)


def test_needs_only_goes_with_needs():
    with pytest.raises(InvalidPuzzleError, match="needs_only goes with needs"):
        generate(seed=1, needs_only=True)


def test_bench_ways_each_find_one():
    """``bench --generate --needs``: every way makes a puzzle whose path uses the technique
    (a hidden single, which digging with the rater reaches within a few removals)."""
    from sudoku_dlx import bench
    from sudoku_dlx.baselines.needs import WAYS

    for way, find in WAYS.items():
        puzzle, made = find(needed("hidden single"), False, 1, float("inf"))
        assert puzzle is not None and made >= 1, way
        assert needed("hidden single").met_by(rate(puzzle).path)
    (row,) = bench.measure_needs(9, ["xy-wing"], ["needs"], [1], 30.0)
    assert row.technique == "XY-wing" and row.seconds[0] < 30 and row.made == [5]
    assert row.cells()[5] == "1"  # met
