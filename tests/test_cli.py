"""The command line, through ``main([...])`` and as ``python -m sudoku_dlx``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, is_solution, lines
from sudoku_dlx import format_grid, parse
from sudoku_dlx import web
from sudoku_dlx.cli import main

ROOT = Path(__file__).resolve().parents[1]
TOP95_FIRST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLE_4 = lines("4x4/vukr_4x4.txt", 1)[0]
SOLUTION_4 = lines("4x4/vukr_4x4.solutions.txt", 1)[0]
SERG_FIRST = lines("9x9/serg_multi_first20.txt", 1)[0]
CLASH = "5.....5" + "." * 74  # r1c1 and r1c7
NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 can only be 9, which r2c9 has


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_solve_json_fields(capsys):
    assert main(["solve", "--json", TOP95_FIRST]) == 0
    (record,) = records(capsys.readouterr().out)
    assert {"puzzle", "status", "solutions", "nodes", "ms", "error"} <= set(record)
    assert record["puzzle"] == TOP95_FIRST
    assert record["status"] == "unique"
    assert len(record["solutions"]) == 1 and is_solution(record["solutions"][0], TOP95_FIRST, (3, 3))
    assert record["nodes"] > 0 and record["ms"] > 0
    assert record["error"] == ""


def test_solve_json_multiple_none_and_clashing_givens(tmp_path, capsys):
    source = tmp_path / "three.txt"
    source.write_text(f"{SERG_FIRST}\n{NO_SOLUTION}\n{CLASH}\n")
    assert main(["solve", "--json", str(source)]) == 1  # clashing givens are invalid input
    multiple, none, clash = records(capsys.readouterr().out)
    assert multiple["status"] == "multiple" and len(set(multiple["solutions"])) == 2
    assert none["status"] == "none" and none["solutions"] == []
    assert none["error"] == "r1c9 has no candidate: its row, column and box hold every digit"
    assert none["cells"] == [8]
    assert clash["status"] == "invalid" and clash["solutions"] == []
    assert clash["error"] == "the givens clash: r1c1 and r1c7 both have 5"
    assert clash["cells"] == [0, 6]


def test_solve_json_is_the_pages_record(capsys):
    """One vocabulary: the CLI prints what the page's worker answers (web.solve)."""
    assert main(["solve", "--json", SERG_FIRST]) == 0
    (record,) = records(capsys.readouterr().out)
    expected = web.solve(SERG_FIRST)
    assert record.keys() == expected.keys() == {"puzzle", "kind", "size", "status", "solutions", "nodes", "guesses",
                                                "updates", "ms", "error", "cells"}
    assert {**record, "ms": 0} == {**expected, "ms": 0}
    bad = "12x" + "." * 78
    assert main(["solve", "--json", bad]) == 1
    (record,) = records(capsys.readouterr().out)
    assert record.keys() == web.solve(bad).keys() and record["status"] == "invalid"


def test_an_invalid_line_is_reported_and_the_run_goes_on(tmp_path, capsys):
    source = tmp_path / "mixed.txt"
    bad = PUZZLE_4[:5] + "x" + PUZZLE_4[6:]
    source.write_text(f"{PUZZLE_4}\n{bad}\n{TOP95_FIRST}\n")
    assert main(["solve", "--json", str(source)]) == 1
    first, invalid, last = records(capsys.readouterr().out)
    assert first["status"] == "unique" and first["solutions"] == [SOLUTION_4]
    assert invalid["status"] == "invalid"
    assert invalid["puzzle"] == bad
    assert "'x'" in invalid["error"] and "position 6" in invalid["error"] and "r2c2" in invalid["error"]
    assert invalid["solutions"] == []
    assert last["status"] == "unique"


def test_an_invalid_line_in_plain_output(capsys):
    assert main(["solve", "1234....5678......."]) == 1  # no file of that name, and 19 cells
    assert capsys.readouterr().out.startswith("invalid: 19 cells is no puzzle size")


def test_a_missing_file_says_so(capsys):
    for name in ("puzzles.txt", "data/hard", "hardest.tsv"):
        assert main(["solve", name]) == 2
        assert capsys.readouterr().err == f"error: no file named {name!r}\n"


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_a_puzzle_argument_of_every_size(size, capsys):
    """A 256- or 625-character argument is a puzzle, not a file name too long to open."""
    puzzle = "." * size * size
    assert main(["solve", puzzle, "--limit", "1", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["size"] == size and record["status"] in ("unique", "multiple")
    assert main(["rate", "1" + "." * (size * size - 1)]) == 1  # many solutions: not rated, said why
    assert "more than one solution" in capsys.readouterr().out


def test_solve_a_file_with_comments(tmp_path, capsys):
    source = tmp_path / "commented.txt"
    source.write_text(f"# first a 4x4\n{PUZZLE_4}  # trailing note\n\n# then a 9x9\n{TOP95_FIRST}\n")
    assert main(["solve", str(source)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0] == SOLUTION_4
    assert is_solution(out[1], TOP95_FIRST, (3, 3))


def test_plain_output_of_multiple_and_none(capsys):
    assert main(["solve", SERG_FIRST]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("(multiple: 2 found)")
    assert is_solution(out.split()[0], SERG_FIRST, (3, 3))
    assert main(["solve", NO_SOLUTION]) == 0
    assert capsys.readouterr().out == "none: r1c9 has no candidate: its row, column and box hold every digit\n"
    assert main(["solve", CLASH]) == 1
    assert capsys.readouterr().out == "invalid: the givens clash: r1c1 and r1c7 both have 5\n"


def test_pretty_output(capsys):
    assert main(["solve", "--pretty", PUZZLE_4]) == 0
    assert capsys.readouterr().out == format_grid(parse(SOLUTION_4)) + "\n\n"


def test_solve_a_grid_file(tmp_path, capsys):
    source = tmp_path / "grid.txt"
    source.write_text(format_grid(parse(TOP95_FIRST)) + "\n")
    assert main(["solve", "--json", str(source)]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["puzzle"] == TOP95_FIRST and record["status"] == "unique"


def test_solve_from_standard_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{PUZZLE_4}\n{TOP95_FIRST}\n"))
    assert main(["solve", "--json", "-"]) == 0
    assert [r["status"] for r in records(capsys.readouterr().out)] == ["unique", "unique"]


def test_limit_and_size_options(capsys):
    assert main(["solve", "--json", "--limit", "0", "." * 16]) == 0
    (record,) = records(capsys.readouterr().out)
    assert len(record["solutions"]) == 288
    assert main(["solve", "--json", "--size", "9", PUZZLE_4]) == 1
    (record,) = records(capsys.readouterr().out)
    assert record["status"] == "invalid" and "a 9x9 puzzle has 81 cells, this text has 16" in record["error"]


def test_missing_file_is_a_usage_error(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "no such file.txt")]) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_bench_prints_a_table_with_every_solver_side_by_side(capsys):
    code = main(["bench", str(DATA / "4x4/vukr_4x4.txt"), "--n", "5", "--solver", "dlx,textbook,backtrack"])
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert "5 of 1001 puzzles (seed 1), limit 2" in out[0]
    assert out[1].startswith("machine: ")
    header, rule, *rows = out[2:]
    assert [c.strip() for c in header.strip("|").split("|")][:2] == ["solver", "puzzles"]
    assert set(rule) <= set("|-:")
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    assert [row[:2] for row in cells] == [["dlx", "5"], ["textbook", "5"], ["backtrack", "5"]]
    ratio = [c.strip() for c in header.strip("|").split("|")].index("time / first")
    assert cells[0][ratio] == "1.00x" and all(row[ratio].endswith("x") for row in cells)


def test_bench_refuses_an_unknown_solver(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["bench", str(DATA / "4x4/vukr_4x4.txt"), "--solver", "dlx,magic"])
    assert caught.value.code == 2
    assert "unknown solver 'magic'" in capsys.readouterr().err


def run_module(*args: str) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_dlx", *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return records(done.stdout)


def test_module_solves_all_of_norvig_top95():
    puzzles = lines("9x9/norvig_top95.txt")
    found = run_module("solve", "--json", str(DATA / "9x9/norvig_top95.txt"))
    assert [r["puzzle"] for r in found] == puzzles
    for record in found:
        assert record["status"] == "unique"
        assert is_solution(record["solutions"][0], record["puzzle"], (3, 3))


def test_module_solves_all_of_the_4x4_file():
    found = run_module("solve", "--json", str(DATA / "4x4/vukr_4x4.txt"))
    assert [r["puzzle"] for r in found] == lines("4x4/vukr_4x4.txt")
    assert all(r["status"] == "unique" for r in found)
    assert [r["solutions"][0] for r in found] == lines("4x4/vukr_4x4.solutions.txt")


def test_module_solves_all_of_the_6x6_tsv():
    name = "6x6/sukaku6x6explainer_readme_examples.tsv"
    rows = [row.split("\t") for row in lines(name)]
    found = run_module("solve", "--json", str(DATA / name))
    assert [r["puzzle"] for r in found] == [row[0] for row in rows]
    assert all(r["status"] == "unique" for r in found)
    assert [r["solutions"][0] for r in found] == [row[3] for row in rows]


def test_steps_prints_the_search_one_numbered_step_a_line(capsys):
    puzzle = lines("9x9/norvig_hardest.txt", 1)[0]
    assert main(["steps", puzzle, "--max", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    record = web.dlx_steps(puzzle, max_steps=3)
    assert out[0] == (f"324 items and 729 options; the {record['clues']} givens leave {record['open_items']} items "
                      f"and {record['open_options']} options.")
    assert out[1:4] == [f"{k}  [{s['placed']:>3} placed]  {s['text']}" for k, s in enumerate(record["steps"], 1)]
    assert out[4] == "(cut after 3 events: --max N shows more)"
    assert main(["steps", puzzle, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == web.dlx_steps(puzzle)


def test_steps_reports_bad_input(capsys):
    assert main(["steps", "11" + "." * 79]) == 1
    assert capsys.readouterr().err == "error: the givens clash: r1c1 and r1c2 both have 1\n"
    assert main(["steps", "." * 81, "--max", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
