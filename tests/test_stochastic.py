"""The stochastic baselines (annealing, genetic, boltzmann): seeded runs that find valid
solutions of small and easy puzzles, never report a wrong one, replay exactly, and their
records in ``solve --solver`` and ``bench``. Caps are in iterations, never in seconds."""

from __future__ import annotations

import json

import pytest
from conftest import is_solution

from sudoku_dlx.baselines import stochastic
from sudoku_dlx.baselines.annealing import anneal
from sudoku_dlx.baselines.boltzmann import sample
from sudoku_dlx.baselines.genetic import evolve
from sudoku_dlx.cli import main
from sudoku_dlx.compare.batch import STATUSES, measure
from sudoku_dlx.generator import add_clues
from sudoku_dlx.kinds.grid import InvalidPuzzleError, parse
from sudoku_dlx.kinds.read import read_puzzle

SOLVERS = {"annealing": anneal, "genetic": evolve, "boltzmann": sample}

# source: tests/data/4x4/vukr_4x4.txt, line 1 (notJustus/sudoku-sat-solver data/4x4.txt)
FOUR = "......3423......"
# source: tests/data/9x9/royle17_sample300.txt, line 1 (Gordon Royle's 17-clue list), with clues
# added from its solution up to 46 by `python -m sudoku_dlx add-clues --clues 46 --seed 3`:
# the thesis's easier set
EASY = "4...6...33..9.4.81..2..3.4.928....75..38964.261427...823.687.5...6..923774..12869"
ROYLE17 = ".................1..2..3.4.........5..3..6....1..7...8....8......6...23.7...1..6."
# Contradictory 4x4s: two 1s in row 1; and r1c3, which no digit fits (1, 2 in its row, 3, 4 in its col).
CLASH = "11.............."
NO_DIGIT = "12....3.......4."
#: Iterations enough for every solver to solve FOUR and EASY with seed 1 (measured: at most
#: about 10% of it), and the cap of the contradictory runs.
CAP = 400_000
CAP_CONTRADICTION = 5_000


def box(text: str) -> tuple[int, int]:
    return (2, 2) if len(text) == 16 else (3, 3)


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize("text", [FOUR, EASY])
def test_solves_small_and_easy_puzzles(name, text):
    run = SOLVERS[name](parse(text), seed=1, max_iterations=CAP)
    assert run.solved and run.conflicts == 0 and run.iterations < CAP
    assert is_solution("".join(map(str, run.solution)), text, box(text))


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize("text", [CLASH, NO_DIGIT])
def test_a_contradiction_ends_at_the_cap_unsolved(name, text):
    run = SOLVERS[name](parse(text), seed=1, max_iterations=CAP_CONTRADICTION)
    assert not run.solved and run.solution is None
    assert run.iterations == CAP_CONTRADICTION and run.conflicts > 0


@pytest.mark.parametrize("name", SOLVERS)
def test_a_seed_replays_the_same_run(name):
    runs = [SOLVERS[name](parse(text), seed=seed, max_iterations=5_000)
            for seed in (7, 7, 8) for text in (EASY, ROYLE17)]
    same = [(r.solved, r.solution, r.iterations, r.conflicts) for r in runs]
    assert same[:2] == same[2:4]
    assert same[:2] != same[4:]  # another seed, another run


@pytest.mark.parametrize("name", SOLVERS)
def test_stop_and_a_puzzle_of_another_kind(name):
    run = SOLVERS[name](parse(ROYLE17), seed=1, max_iterations=CAP, stop=lambda: True)
    assert not run.solved and run.iterations <= stochastic.CHECK_EVERY
    with pytest.raises(InvalidPuzzleError):
        SOLVERS[name](read_puzzle("x:" + FOUR), seed=1, max_iterations=10)


def test_the_check_and_the_conflicts():
    puzzle = parse(FOUR)
    good = [int(d) for d in "3412123423414123"]
    assert stochastic.is_solution(puzzle, good)
    bad = good[:]
    bad[0], bad[1] = bad[1], bad[0]  # rows still hold every digit; columns and box 1 not
    assert not stochastic.is_solution(puzzle, bad)
    assert stochastic.conflicts(puzzle.shape, bad) == 2
    assert not stochastic.is_solution(parse("4" + FOUR[1:]), good)  # a given not kept


def test_add_clues_keeps_the_solution():
    puzzle = parse(ROYLE17)
    more = add_clues(puzzle, 46, 3)
    assert more.clues == 46 and str(more) == EASY
    assert all(d == more.digits[x] for x, d in enumerate(puzzle.digits) if d)
    assert add_clues(puzzle, 10, 3) == puzzle
    with pytest.raises(InvalidPuzzleError):
        add_clues(parse(NO_DIGIT), 10, 1)


def test_solve_records(capsys):
    assert main(["solve", FOUR, "--solver", "boltzmann", "--seed", "1", "--max-iterations", "50000", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and record["solver"] == "boltzmann" and record["seed"] == 1
    assert is_solution(record["solutions"][0], FOUR, (2, 2))
    assert record["iterations"] > 0 and record["ms"] >= 0 and record["conflicts"] == 0
    assert main(["solve", ROYLE17, "--solver", "genetic", "--max-iterations", "300", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unsolved" and record["solutions"] == [] and record["iterations"] == 300
    assert record["conflicts"] > 0
    assert main(["solve", CLASH, "--solver", "annealing", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["status"] == "invalid"
    assert main(["solve", FOUR, "--solver", "annealing", "--max-seconds", "0"]) == 2


def test_bench_counts_solved_and_unsolved(capsys, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{FOUR}\n{ROYLE17}\n", encoding="utf-8")
    assert main(["bench", str(path), "--solver", "dlx,annealing", "--max-seconds", "0", "--max-iterations",
                 "3000", "--json"]) == 0
    dlx, annealing = map(json.loads, capsys.readouterr().out.splitlines())
    assert (dlx["unique"], dlx["success_pct"]) == (2, 100.0)
    assert (annealing["solved"], annealing["unsolved"], annealing["success_pct"]) == (1, 1, 50.0)
    assert annealing["puzzles"] == sum(annealing[status] for status in STATUSES)
    assert annealing["max_nodes"] == 3000  # a stochastic solver's nodes are its iterations
    with pytest.raises(ValueError):
        measure(["genetic"], [FOUR])  # no cap


def test_add_clues_command(capsys):
    assert main(["add-clues", ROYLE17, "--clues", "46", "--seed", "3"]) == 0
    assert capsys.readouterr().out.split() == [EASY]


@pytest.mark.parametrize("name", SOLVERS)
def test_a_race_replays_a_stochastic_run_to_its_solution_with_its_costs(name):
    """race_open/race_next hand out the run's changes: replayed on the givens they end on the
    solution; the costs come at rising moves and end at 0."""
    from sudoku_dlx import web  # noqa: PLC0415 - the page's interface, above the baselines

    opened = web.race_open(EASY, name, max_nodes=CAP, chunk=500)
    assert opened["status"] == "open"
    digits, costs, record = [0 if s == "." else int(s) for s in EASY], [], {"done": False}
    while not record["done"]:
        record = web.race_next(opened["race"])
        costs += [cost for _, cost, _ in record["costs"]]
        assert all(a[0] <= b[0] for a, b in zip(record["costs"], record["costs"][1:]))
        for move in record["moves"]:
            if move >= 0:
                digits[move >> 6] = (move & 63) >> 1
    assert record["status"] == "solved" and record["nodes"] <= CAP
    assert "".join(map(str, digits)) == web.solve(EASY)["solutions"][0]
    assert costs and min(costs) >= 0 and costs[-1] == 0
    killer = "3x3k:zzzc,aa_a_b__a_a___a_a_____b________________a__a_b_a__bba____aa____a___aa___aaa_aaaa___aa____b__b_a_c_aa_,3a17a6_11a14_20_15b4a10c13a7a13_9c9b13a16_15_7a17a7a4b13_10_10_6a17a7g13a12a6_8_15c10a15b19b14d"
    assert web.race_open(killer, name)["status"] == "unraced"
