"""The exact-cover commands: ``cover FILE|-`` and ``queens N``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from sudoku_dlx import web
from sudoku_dlx.cli import main

ROOT = Path(__file__).resolve().parents[1]
KNUTH = "# Knuth's example\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"


def test_cover_a_file(tmp_path, capsys):
    source = tmp_path / "knuth.txt"
    source.write_text(KNUTH)
    assert main(["cover", str(source)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "knuth.txt: 7 items (7 primary), 6 options, 16 nodes"
    assert lines[1] == "solution 1: C E F; A D; B G"
    assert lines[2].startswith("1 solution (5 options tried, ")


def test_cover_count_json_is_one_object(tmp_path, capsys):
    source = tmp_path / "batting.txt"
    source.write_text("\n".join(f"{b} as {p}: {p}, {b} placed" for b in "ABC" for p in ("opener", "top", "middle")))
    assert main(["cover", str(source), "--count", "--json"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    record = json.loads(line)
    assert {"solutions", "items", "options", "nodes", "ms"} <= set(record)
    assert (record["solutions"], record["items"], record["options"], record["ones"]) == (6, 6, 9, 18)
    assert record["status"] == "multiple" and record["complete"] and "found" not in record
    assert record | {"ms": 0, "title": ""} == web.cover_count(text=source.read_text()) | {"ms": 0, "title": ""}


def test_cover_reads_standard_input_with_limit_and_steps(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("secondary: s\nA: x s\nB: y s\nC: x\nD: y\n"))
    assert main(["cover", "-", "--json", "--limit", "2", "--steps", "--max", "3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["title"] == "standard input"
    assert (record["solutions"], record["complete"]) == (2, False)
    assert len(record["found"]) == 2 and all(len(solution) == 2 for solution in record["found"])
    assert [step["kind"] for step in record["steps"]] == ["choose", "try", "choose"]
    assert record["steps_complete"] is False


def test_cover_says_which_line_is_bad(tmp_path, capsys):
    source = tmp_path / "bad.txt"
    source.write_text("A: x y\nB: y z y\n")
    assert main(["cover", str(source)]) == 1
    assert capsys.readouterr().err == "error: line 2: option 'B' names item 'y' twice\n"
    assert main(["cover", str(source), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert (record["status"], record["line"], record["solutions"]) == ("invalid", 2, 0)
    assert main(["cover", str(tmp_path / "missing.txt")]) == 2
    assert main(["cover", "knuth"]) == 2  # a file, not an example's name
    assert capsys.readouterr().err.endswith("error: no file named 'knuth'\n")


def test_queens_count_and_solutions(capsys):
    assert main(["queens", "8", "--count"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "8 queens: 46 items (16 primary), 64 options, 256 nodes"
    assert out[1].startswith("92 solutions (")
    assert main(["queens", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[1:3] == ["solution 1: r1c2; r2c4; r3c1; r4c3",
                                                          "solution 2: r1c3; r2c1; r3c4; r4c2"]
    assert main(["queens", "13"]) == 2
    assert "N queens is offered for N from 1 to 12, not 13" in capsys.readouterr().err


def test_as_a_module():
    done = subprocess.run([sys.executable, "-m", "sudoku_dlx", "queens", "6", "--count", "--json"],
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert done.returncode == 0
    assert json.loads(done.stdout)["solutions"] == 4
