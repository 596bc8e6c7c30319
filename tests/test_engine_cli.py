"""The command line through main([...]): output, JSON fields and exit codes."""

import json

import pytest

from conftest import DATA, is_solution, lines
from sudoku_dlx.cli import main

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def records(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_solve_json_reports_every_line_in_order_and_goes_on_after_a_bad_one(tmp_path, capsys):
    source = tmp_path / "puzzles.txt"
    source.write_text(f"# a file\n{LINE}\n{LINE[:40]}\n{'.' * 16}\n5....5{'.' * 75}\n")
    assert main(["solve", str(source), "--json"]) == 1
    unique, bad, multiple, clash = records(capsys)
    assert unique["status"] == "unique" and unique["puzzle"] == LINE
    assert is_solution(unique["solutions"][0], LINE, (3, 3))
    assert {"puzzle", "status", "solutions", "nodes", "ms", "error"} <= unique.keys()
    assert bad["status"] == "invalid" and "40 cells is no puzzle size" in bad["error"]
    assert multiple["status"] == "multiple" and len(multiple["solutions"]) == 2
    assert clash["status"] == "none" and clash["error"] == "r1c1 and r1c6 both have 5"
    assert clash["cells"] == [0, 5]


def test_solve_plain_text_and_limit(capsys):
    assert main(["solve", LINE]) == 0
    assert is_solution(capsys.readouterr().out.strip(), LINE, (3, 3))
    assert main(["solve", "." * 16, "--limit", "0", "--json"]) == 0
    assert len(records(capsys)[0]["solutions"]) == 288


def test_solve_reads_a_grid_from_standard_input(monkeypatch, capsys):
    import io

    from sudoku_dlx import format_grid, parse

    monkeypatch.setattr("sys.stdin", io.StringIO(format_grid(parse(LINE))))
    assert main(["solve", "-", "--pretty"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") >= 11 and "|" in out


@pytest.mark.parametrize("name", ["9x9/norvig_top95.txt", "4x4/vukr_4x4.txt", "6x6/sukaku6x6explainer_readme_examples.tsv"])
def test_solve_json_answers_whole_small_sets(name, capsys):
    assert main(["solve", str(DATA / name), "--json"]) == 0
    results = records(capsys)
    puzzles = lines(name)
    assert len(results) == len(puzzles)
    solutions = lines("4x4/vukr_4x4.solutions.txt") if name.startswith("4x4") else [None] * len(puzzles)
    for result, puzzle, solution in zip(results, puzzles, solutions):
        assert result["status"] == "unique"
        n = int(len(result["puzzle"]) ** 0.5)
        assert is_solution(result["solutions"][0], result["puzzle"], {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n])
        assert solution is None or result["solutions"][0] == solution


def test_missing_file_is_a_usage_error(capsys):
    assert main(["solve", "no/such/file.txt"]) == 2
    assert "No such file" in capsys.readouterr().err


def test_bench_prints_a_table_for_both_solvers(capsys):
    path = str(DATA / "9x9/royle17_49158.txt")
    assert main(["bench", path, "--n", "5", "--solver", "dlx,backtrack", "--max-nodes", "2000"]) == 0
    out = capsys.readouterr().out
    assert "5 of 49158 puzzles (seed 1)" in out and "machine:" in out
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert rows[0].split("|")[1].strip() == "solver" and len(rows) == 4
    assert "dlx" in rows[2] and "backtrack" in rows[3]


def test_bench_refuses_an_unknown_solver(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "x", "--solver", "magic"])
    assert "unknown solver 'magic'" in capsys.readouterr().err
