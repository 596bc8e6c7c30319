"""The batch's per-puzzle results and the benchmark's table (compare/batch.py,
bench.py), the moves the race view replays (baselines/moves.py, compare/race.py),
and the web functions of both views."""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import DATA, broken_rules, is_solution, lines
from sudoku_dlx import parse, solve, web
from sudoku_dlx.baselines.backtrack import Backtrack, backtrack_solutions
from sudoku_dlx.baselines.moves import SOLUTION
from sudoku_dlx.baselines.rulebased import RuleBased, rule_based_solutions
from sudoku_dlx.cli import main
from sudoku_dlx.compare import batch as bench
from sudoku_dlx.compare.race import DlxMoves, Race
from sudoku_dlx.kinds.grid import puzzle_on_line
from sudoku_dlx.kinds.read import read_puzzle

ROYLE = lines("9x9/royle17_sample300.txt", 12)
TOP95 = lines("9x9/norvig_top95.txt", 8)
MULTI = lines("9x9/serg_multi_first20.txt", 2)
#: Puzzles plain backtracking proves unique in 23,000 to 49,000 tries (Kaggle's easiest level).
EASY = [row.split("\t")[0] for row in lines("9x9/kaggle_sample300.tsv", 3, start=0)][:1] + \
    [row.split("\t")[0] for row in lines("9x9/kaggle_sample300.tsv", 1, start=200)] + \
    [row.split("\t")[0] for row in lines("9x9/kaggle_sample300.tsv", 1, start=250)]
NO_SOLUTION = "12345678." + "........9" + "." * 63
CLASH = "5.....5" + "." * 74
#: Simon Tatham's: a killer without givens (sgt-solo --generate 1 3x3kdi) and a futoshiki (sgt-unequal --generate 1 5dx).
KILLER = ("3x3k:zzzc,aa_a_b__a_a___a_a_____b________________a__a_b_a__bba____aa____a___aa___aaa_aaaa___aa____b__b_a_c_aa_,"
          "3a17a6_11a14_20_15b4a10c13a7a13_9c9b13a16_15_7a17a7a4b13_10_10_6a17a7g13a12a6_8_15c10a15b19b14d")
FUTOSHIKI = "5:1,0,0L,0,0,0,0,3L,0D,0,0,0,0D,0D,0,0,0,0,0,0,4U,2,0L,0,0,"
#: The bench --json fields the batch view's table names its cells after.
PUBLISHED = {"solver", "status", "puzzles", "unique", "multiple", "none", "invalid", "unfinished", "mean_ms", "median_ms",
             "min_ms", "max_ms", "mean_nodes", "median_nodes", "min_nodes", "max_nodes", "mean_guesses",
             "no_guess_pct", "total_s", "time_vs_first",
             "solved", "unsolved", "success_pct"}  # added for the stochastic solvers (issue 42)


def replay(puzzle: str, moves: list[int]) -> tuple[list[str], int, int]:
    """The grid after each solution move, and the places and guesses among the moves
    (decoded here from the documented layout, not with the package's helpers)."""
    symbols = "123456789ABCDEFGHIJKLMNOP"
    grid = [0 if s == "." else symbols.index(s) + 1 for s in puzzle]
    solutions, places, guesses = [], 0, 0
    for move in moves:
        if move == -1:
            solutions.append("".join(symbols[d - 1] for d in grid))
            continue
        cell, digit, guess = move // 64, move % 64 // 2, move % 2
        assert digit or not guess
        assert puzzle[cell] == "."  # givens never move
        grid[cell] = digit
        places += digit > 0
        guesses += guess
    return solutions, places, guesses


def test_measure_gives_each_puzzle_a_status_and_counts_add_up():
    texts = ROYLE[:3] + MULTI + [NO_SOLUTION, CLASH, "12x"]
    batch = bench.measure(["dlx", "textbook", "backtrack"], texts, 2, 2000)
    assert batch.runs["dlx"].status == ["unique"] * 3 + ["multiple"] * 2 + ["none", "invalid", "invalid"]
    assert batch.runs["textbook"].status == batch.runs["dlx"].status
    assert batch.runs["backtrack"].status[:3] == ["unfinished"] * 3  # 17-clue puzzles need far more tries
    assert batch.runs["backtrack"].nodes[:3] == [2000] * 3
    assert batch.puzzles[:3] == ROYLE[:3] and batch.puzzles[-1] == "12x"
    assert batch.errors[:6] == [""] * 6
    assert "r1c1 and r1c7 both have 5" in batch.errors[6] and "no puzzle size" in batch.errors[7]
    for record in batch.summary():
        assert set(record) == PUBLISHED
        assert record["puzzles"] == len(texts) == sum(record[s] for s in bench.STATUSES)
        assert record["invalid"] == 2
    for k, text in enumerate(ROYLE[:3] + MULTI):
        assert batch.runs["dlx"].nodes[k] == solve(text).stats.nodes


def test_summary_numbers_come_from_the_searched_puzzles_only():
    runs = bench.Runs("x", ["unique", "invalid", "none", "unique"], [1.0, 0.0, 3.0, 2.0], [64, 0, 10, 100],
                      [0, 0, 2, 5])
    record = runs.summary(first_total_ms=3.0)
    assert (record["puzzles"], record["unique"], record["none"], record["invalid"]) == (4, 2, 1, 1)
    assert (record["mean_ms"], record["median_ms"], record["min_ms"], record["max_ms"]) == (2.0, 2.0, 1.0, 3.0)
    assert (record["mean_nodes"], record["median_nodes"], record["min_nodes"], record["max_nodes"]) == (58.0, 64, 10, 100)
    assert record["no_guess_pct"] == 33.3 and record["total_s"] == 0.006 and record["time_vs_first"] == 2.0
    assert record["mean_guesses"] == 2.33  # (0 + 2 + 5) / 3: the batch view's table shows it too
    empty = bench.Runs("y", ["invalid"], [0.0], [0], [0]).summary(1.0)
    assert empty["puzzles"] == 1 and empty["mean_ms"] is None and empty["no_guess_pct"] is None
    assert empty["mean_guesses"] is None


def test_a_batch_survives_its_record():
    batch = bench.measure(["dlx", "backtrack"], TOP95[:3] + ["x"], 2, 500)
    again = bench.Batch.from_record(json.loads(json.dumps(batch.record())))
    assert again.puzzles == batch.puzzles and again.errors == batch.errors
    for name in ("dlx", "backtrack"):
        assert again.runs[name].nodes == batch.runs[name].nodes
        assert again.runs[name].status == batch.runs[name].status
    strip = [{k: v for k, v in r.items() if "ms" not in k and k != "total_s" and k != "time_vs_first"}
             for r in batch.summary()]
    assert [{k: v for k, v in r.items() if k in strip[0]} for r in again.summary()] == strip


def test_bench_json_prints_one_record_per_solver(capsys):
    assert main(["bench", str(DATA / "9x9/norvig_top95.txt"), "--n", "6", "--solver", "dlx,textbook", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["solver"] for r in records] == ["dlx", "textbook"]
    for record in records:
        assert set(record) == PUBLISHED
        assert record["puzzles"] == record["unique"] == 6 and record["unfinished"] == 0
    assert records[0]["time_vs_first"] == 1.0


def test_bench_csv_rows_and_a_bad_line_named_by_its_number(tmp_path, capsys):
    source = tmp_path / "set.txt"
    source.write_text("# two puzzles and a bad line\n" + TOP95[0] + "\n\n12x45\n" + MULTI[0] + "\n")
    out = tmp_path / "rows.csv"
    assert main(["bench", str(source), "--solver", "dlx,backtrack", "--max-nodes", "300", "--csv", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"{source}: line 4: 5 cells is no puzzle size" in captured.err
    assert "3 of 3 puzzles" in captured.out and "1 invalid" in captured.out
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0] == ["puzzle", "solver", "ms", "nodes", "guesses", "status"]
    assert [row[:2] for row in rows[1:]] == [[TOP95[0], "dlx"], [TOP95[0], "backtrack"], ["12x45", "dlx"],
                                            ["12x45", "backtrack"], [MULTI[0], "dlx"], [MULTI[0], "backtrack"]]
    assert rows[1][3:] == [str(solve(TOP95[0]).stats.nodes), str(solve(TOP95[0]).stats.guesses), "unique"]
    assert rows[2][3:] == ["300", rows[2][4], "unfinished"]
    assert rows[3][2:] == ["0.000", "0", "0", "invalid"]
    assert rows[5][5] == "multiple"


def test_bench_jobs_merges_the_same_results_as_one_process(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    source = str(DATA / "9x9/royle17_sample300.txt")
    options = ["--n", "50", "--solver", "dlx,textbook,backtrack", "--max-nodes", "200"]
    assert main(["bench", source, *options, "--csv", str(one)]) == 0
    assert main(["bench", source, *options, "--csv", str(two), "--jobs", "2"]) == 0

    def without_ms(path):
        return [row[:2] + row[3:] for row in csv.reader(io.StringIO(path.read_text()))]

    assert without_ms(one) == without_ms(two)
    assert len(without_ms(one)) == 1 + 50 * 3


def test_bench_cover_races_the_engines_and_names_a_missing_peer(monkeypatch, capsys):
    from sudoku_dlx import bench as cover_bench

    def fake_peer(problem):  # a stand-in for an installed package: counts with the engine
        return len(list(problem.exact_cover().search())), None

    monkeypatch.setattr(cover_bench, "PEERS", {"gone": ("no_such_module_here", fake_peer),
                                               "here": ("json", fake_peer)})
    assert main(["bench", "--cover", "queens:6", "--peers", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): [cell.strip() for cell in line.split("|")[2:-1]]
            for line in out.splitlines() if line.startswith("|")}
    assert rows["links"][:2] == rows["cells"][:2] == rows["here"][:2] == ["1", "4"] and rows["links"][-1] == "1.00x"
    assert rows["links"][6] == "2" and "not installed" in rows["gone"][1]
    assert main(["bench", str(DATA / "4x4/vukr_4x4.txt"), "--n", "3", "--cover", "sudoku4", "--rounds", "1"]) == 0
    rows = [line.split("|") for line in capsys.readouterr().out.splitlines() if line.startswith("|")][2:]
    assert [(row[1].strip(), row[2].strip(), row[3].strip()) for row in rows] == [("links", "3", "3"),
                                                                                 ("cells", "3", "3")]


def test_bench_cover_peers_count_what_the_engine_counts():
    """The peers' adapters (without the packages: the reduction they are given, with the
    givens chosen, has the count of the problem)."""
    from sudoku_dlx import bench as cover_bench
    from sudoku_dlx.cover import problems

    problem = problems.built_in("sudoku4")
    reduced = cover_bench._reduced(problem)
    assert not reduced.given and len(reduced.options) < len(problem.options)
    assert problems.count(reduced).solutions == problems.count(problem).solutions >= 1


def test_bench_refuses_no_jobs(capsys):
    assert main(["bench", str(DATA / "4x4/vukr_4x4.txt"), "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_which_lines_hold_a_puzzle():
    assert puzzle_on_line("puzzle\tsolution", 1) is None  # a .tsv header
    assert puzzle_on_line("1.2\tx", 2) == "1.2"
    assert puzzle_on_line("  # a comment", 3) is None
    assert puzzle_on_line("+---+---+", 4) is None
    assert puzzle_on_line(TOP95[0] + " # the first", 5) == TOP95[0] + " "


def reference_backtracking(text: str, limit: int) -> tuple[int, int, int]:
    """(solutions, tries, guesses) of plain backtracking, written recursively here: a
    guess is a cell entered with two or more digits that fit."""
    puzzle = parse(text)
    n, peers = puzzle.n, puzzle.shape.peers
    digits = list(puzzle.digits)
    blanks = [x for x, d in enumerate(digits) if not d]
    count = {"solutions": 0, "nodes": 0, "guesses": 0}

    def search(level: int) -> bool:
        if level == len(blanks):
            count["solutions"] += 1
            return count["solutions"] >= limit
        cell = blanks[level]
        fits = [d for d in range(1, n + 1) if all(digits[p] != d for p in peers[cell])]
        count["guesses"] += len(fits) > 1
        for d in fits:
            digits[cell] = d
            count["nodes"] += 1
            if search(level + 1):
                return True
        digits[cell] = 0
        return False

    search(0)
    return count["solutions"], count["nodes"], count["guesses"]


@pytest.mark.parametrize("text", lines("4x4/vukr_4x4.txt", 20) + ["." * 16, "1..." * 4, NO_SOLUTION, EASY[0]])
def test_backtracking_counts_tries_and_guesses_as_a_plain_recursive_search(text):
    found, stats, finished = backtrack_solutions(parse(text), 2)
    assert finished and (len(found), stats.nodes, stats.guesses) == reference_backtracking(text, 2)


@pytest.mark.parametrize("text", EASY + MULTI[:1] + [NO_SOLUTION, lines("4x4/vukr_4x4.txt", 1)[0]])
def test_backtracking_moves_replay_its_search(text):
    puzzle = parse(text)
    plain = Backtrack(puzzle, 2)
    assert list(plain.run()) == []
    traced = Backtrack(puzzle, 2)
    chunks = list(traced.run(1000))
    assert all(1000 <= len(chunk) <= 1000 + puzzle.n ** 2 and chunk[-1] % 64 > 1 for chunk in chunks[:-1])
    assert all(chunks)
    moves = [move for chunk in chunks for move in chunk]
    solutions, places, guesses = replay(str(puzzle), moves)
    assert (places, guesses) == (plain.stats.nodes, plain.stats.guesses) == (traced.stats.nodes, traced.stats.guesses)
    assert solutions == ["".join(str(d) for d in found) for found in traced.found]
    assert all(is_solution(s, str(puzzle), (puzzle.shape.box_rows, puzzle.shape.box_cols)) for s in solutions)
    engine = solve(puzzle)
    assert traced.finished and len(solutions) == len(engine.solutions)
    if engine.status == "unique":
        assert solutions == [str(engine.solutions[0])]


@pytest.mark.parametrize("text", TOP95[:3] + ROYLE[:2] + MULTI[:1] + [NO_SOLUTION])
def test_dlx_moves_replay_the_engine_search(text):
    puzzle = parse(text)
    search = DlxMoves(puzzle, 2)
    moves = [move for chunk in search.run(100) for move in chunk]
    engine = solve(puzzle)
    solutions, places, guesses = replay(str(puzzle), moves)
    assert (places, guesses) == (engine.stats.nodes, engine.stats.guesses) == (search.stats.nodes, search.stats.guesses)
    assert solutions == [str(s) for s in engine.solutions]
    assert search.finished


@pytest.mark.parametrize("text", ROYLE[:4] + TOP95[:3] + MULTI + [NO_SOLUTION, lines("4x4/vukr_4x4.txt", 1)[0],
                                  lines("16x16/vukr_16x16_first100.txt", 1)[0]])
def test_the_rule_based_search_finds_what_dlx_finds_and_its_moves_replay_it(text):
    puzzle = parse(text)
    engine = solve(puzzle, 0)
    found, stats, finished = rule_based_solutions(puzzle, 0)
    assert finished and sorted(found) == sorted(s.digits for s in engine.solutions)
    traced = RuleBased(puzzle, 0)
    moves = [move for chunk in traced.run(100) for move in chunk]
    solutions, places, guesses = replay(str(puzzle), moves)
    assert (places, guesses) == (stats.tries, stats.guesses) == (traced.stats.tries, traced.stats.guesses)
    grid = list(str(puzzle))
    for move in filter(lambda move: move != SOLUTION, moves):  # a digit goes into an empty cell alone
        cell, digit = move // 64, move % 64 // 2
        assert (grid[cell] == ".") == (digit > 0)
        grid[cell] = str(digit) if digit else "."
    assert solutions == ["".join("123456789ABCDEFG"[d - 1] for d in digits) for digits in traced.found]


#: HoDoKu's exemplars of a naked quad and a hidden triple (tests/data/9x9/hodoku_exemplars_techniques.tsv,
#: lines 102 and 135): the thesis's rules solve them without a guess, singles alone do not.
SUBSETS = [row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv", 1, start=100)
           + lines("9x9/hodoku_exemplars_techniques.tsv", 1, start=133)]


@pytest.mark.parametrize("text", SUBSETS)
def test_the_rule_based_search_guesses_only_when_its_rules_stall(text):
    puzzle = parse(text)
    _, stats, _ = rule_based_solutions(puzzle, 2)
    assert stats.guesses == 0 and stats.tries == puzzle.shape.cells - puzzle.clues
    singles = RuleBased(puzzle, 2)
    singles.rules = tuple(rule for rule in singles.rules if rule.name.endswith("single"))
    assert len(singles.rules) == 2 and list(singles.run()) == [] and singles.stats.guesses > 0


def test_the_rule_based_search_guesses_far_less_than_backtracking():
    hardest = parse(lines("9x9/forum_hardest_1106.txt", 1)[0])
    _, guessing, _ = rule_based_solutions(hardest, 2)
    _, plain, _ = backtrack_solutions(hardest, 2)
    assert 0 < guessing.guesses < guessing.tries < plain.tries / 100


def test_the_rule_based_search_stops_at_its_cap_and_is_refused_other_kinds():
    found, stats, finished = rule_based_solutions(parse(MULTI[0]), 0, max_nodes=100)
    assert not finished and 100 <= stats.tries < 100 + 81  # checked at each guess
    batch = bench.measure(["rules"], [MULTI[0], KILLER, "x:" + "." * 81], 2, 1)
    assert batch.runs["rules"].status == ["unfinished", "invalid", "invalid"]
    refused = web.race_open(FUTOSHIKI, "rules")
    assert refused["status"] == "unraced" and refused["error"].startswith("the rule-based solver takes classic sudoku")


def test_solve_with_the_rules_solver_gives_its_records(tmp_path, capsys):
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join([MULTI[0], NO_SOLUTION, KILLER]) + "\n")
    assert main(["solve", str(source), "--solver", "rules", "--json", "--limit", "0"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["multiple", "none", "invalid"]
    assert sorted(records[0]["solutions"]) == sorted(str(s) for s in solve(MULTI[0], 0).solutions)
    assert records[2]["error"] == "the rule-based solver takes classic sudoku only"
    assert all(set(r) == {"puzzle", "solver", "status", "error", "solutions", "nodes", "guesses", "ms"} for r in records)


def test_a_race_stops_at_its_cap_on_tries_and_says_so():
    race = Race(parse(ROYLE[0]), "backtrack", max_nodes=5000, chunk=4096)
    records = []
    while not (records and records[-1]["done"]):
        records.append(race.next())
    assert 4096 <= len(records[0]["moves"]) <= 4096 + 81
    assert records[-1] | {"moves": [], "ms": 0} == {"moves": [], "ms": 0, "done": True, "status": "unfinished",
                                                   "nodes": 5000, "guesses": records[-1]["guesses"]}
    _, places, _ = replay(ROYLE[0], [m for r in records for m in r["moves"]])
    assert places == 5000
    assert all(b["ms"] >= a["ms"] for a, b in zip(records, records[1:]))


def test_web_race_is_pulled_chunk_by_chunk_then_forgotten():
    opened = web.race_open(EASY[0], "backtrack", chunk=20_000)
    assert opened["puzzle"] == EASY[0] and opened["size"] == 9 and opened["clues"] == 81 - EASY[0].count(".")
    moves, record = [], {"done": False}
    while not record["done"]:
        record = web.race_next(opened["race"])
        assert len(record["moves"]) <= 20_000 and (record["status"] == "running") != record["done"]
        moves += record["moves"]
    solutions, places, _ = replay(EASY[0], moves)
    assert record["status"] == "unique" and places == record["nodes"] > 20_000
    assert solutions == [str(solve(EASY[0]).solutions[0])]
    assert web.race_next(opened["race"]) == {"status": "invalid", "race": opened["race"],
                                             "error": f"no race {opened['race']} is open"}
    assert web.race_close(opened["race"]) == {"status": "absent", "closed": False}


@pytest.mark.parametrize("text", [KILLER, FUTOSHIKI])
def test_the_dlx_race_of_a_killer_or_futoshiki_keeps_its_cages_or_signs(text):
    puzzle = read_puzzle(text)
    opened = web.race_open(text, "dlx")
    assert opened["status"] == "open" and opened["puzzle"] == text and opened["kind"] == puzzle.kind
    assert len(opened.get("cages", opened.get("signs"))) == len(puzzle.cages or puzzle.signs)
    moves, record = [], {"done": False}
    while not record["done"]:
        record = web.race_next(opened["race"])
        moves += record["moves"]
    solutions, _, _ = replay(opened["givens"], moves)
    assert record["status"] == "unique" and solutions == [web.solve(text)["solutions"][0]]
    assert broken_rules(puzzle, [int(d) for d in solutions[0]]) == []


@pytest.mark.parametrize("text, clues", [(KILLER, "cages"), (FUTOSHIKI, "signs")])
def test_backtracking_says_it_cannot_race_a_killer_or_futoshiki(text, clues):
    refused = web.race_open(text, "backtrack")
    kind = read_puzzle(text).kind
    assert refused["status"] == "unraced" and "race" not in refused and refused["kind"] == kind
    assert refused["error"].startswith(f"plain backtracking cannot race a {kind}") and refused["error"].endswith(clues)
    assert web.race_open("windoku:" + "." * 81, "backtrack")["status"] == "open"  # its windows are units: peers


#: A 9x9 of 46 clues (test_stochastic.py's EASY), which the Boltzmann machine solves in a blink.
STOCHASTIC_EASY = "4...6...33..9.4.81..2..3.4.928....75..38964.261427...823.687.5...6..923774..12869"


def test_web_race_refuses_bad_input_and_keeps_few_races():
    assert web.race_open(CLASH, "dlx")["status"] == "invalid"
    assert "both have 5" in web.race_open(CLASH, "dlx")["error"]
    assert web.race_open("12x", "dlx")["status"] == "invalid"
    refused = web.race_open(TOP95[0], "magic")
    assert refused["status"] == "invalid" and refused["error"] == "unknown solver 'magic'; choose from backtrack, dlx, rules, annealing, genetic, boltzmann"
    assert web.race_open(TOP95[0], "dlx", chunk=0)["status"] == "invalid"
    opened = [web.race_open(TOP95[0], "dlx") for _ in range(web.RACES_KEPT + 2)]
    assert {record["status"] for record in opened} == {"open"}
    ids = [record["race"] for record in opened]
    assert web.race_close(ids[0]) == {"status": "absent", "closed": False}  # dropped as the oldest
    assert web.race_close(ids[-1]) == {"status": "closed", "closed": True}


def test_web_batch_numbers_lines_and_summarizes_as_bench_does():
    lines_ = ["# a comment", TOP95[0], "", "12x45", TOP95[1]]
    answer = web.batch(lines_, first=11, solvers=["dlx", "textbook"])
    assert answer["lines"] == [12, 14, 15]
    assert answer["puzzles"] == [TOP95[0], "12x45", TOP95[1]]
    assert answer["errors"][0] == "" and "no puzzle size" in answer["errors"][1]
    assert answer["clues"] == [81 - TOP95[0].count("."), None, 81 - TOP95[1].count(".")]
    merged = bench.measure(["dlx"], [TOP95[0], "12x45"])
    merged.extend(bench.measure(["dlx"], [TOP95[1]]))  # as bench --jobs puts its processes' shares together
    assert merged.clues == answer["clues"]
    assert answer["runs"]["dlx"]["status"] == ["unique", "invalid", "unique"]
    summary = web.batch_summary(["dlx", "textbook"], answer["runs"])
    measured = bench.measure(["dlx", "textbook"], [TOP95[0], "12x45", TOP95[1]]).summary()
    for page, cli in zip(summary, measured):
        for key in ("puzzles", "unique", "invalid", "mean_nodes", "median_nodes", "max_nodes", "no_guess_pct"):
            assert page[key] == cli[key]
    refused = web.batch([TOP95[0]], solvers=["magic"])
    assert refused == {"status": "invalid",
                       "error": "unknown solver 'magic'; choose from dlx, textbook, backtrack, rules, annealing, genetic, boltzmann"}
    # The stochastic solvers too, seeded and capped: a solution found, proving nothing of a second.
    stochastic = web.batch([STOCHASTIC_EASY], solvers=["dlx", "boltzmann"], seed=1, max_seconds=20)
    assert stochastic["runs"]["boltzmann"]["status"] == ["solved"] and stochastic["runs"]["dlx"]["status"] == ["unique"]
    assert web.batch_summary(["boltzmann"], {"boltzmann": stochastic["runs"]["boltzmann"]})[0]["success_pct"] == 100.0
    assert answer["status"] == "measured" and {record["status"] for record in summary} == {"measured"}
    assert web.batch_summary(["dlx"], {"dlx": {"status": ["unique"], "ms": [1.0], "nodes": [], "guesses": [0]}}) \
        == {"status": "invalid", "error": "the runs of solver 'dlx' must be lists of one length: statuses (unique, "
                                          "multiple, none, invalid, unfinished, solved, unsolved) and numbers from 0 to 10^15"}
