"""The exact-cover commands: ``cover FILE|-``, ``queens N``, ``pentomino BOARD`` and ``langford N``."""

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
    page = web.cover_count(text=source.read_text())
    assert (record["jobs"], record["engine"], page["engine"], page["part"]) == (1, "links", "links", None)
    same = [key for key in page if key not in ("ms", "title", "part")]
    assert [record[key] for key in same] == [page[key] for key in same]


def test_cover_reads_standard_input_with_limit_and_steps(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("secondary: s\nA: x s\nB: y s\nC: x\nD: y\n"))
    assert main(["cover", "-", "--json", "--limit", "2", "--steps", "--max", "3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["title"] == "standard input"
    assert (record["solutions"], record["complete"]) == (2, False)
    assert len(record["found"]) == 2 and all(len(solution) == 2 for solution in record["found"])
    assert [event["kind"] for event in record["steps"]] == ["choose", "try", "choose"]
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


def test_pentomino_tilings_drawn_and_counted(capsys):
    assert main(["pentomino", "3x20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Pentominoes, 3\u00d720: 73 items (72 primary), 1227 options, 7481 nodes"
    assert out[1] == "solution 1:" and out[5] == "solution 2:" and out[-1].startswith("2 solutions (")
    for rows in (out[2:5], out[6:9]):
        letters = "".join(rows).replace(" ", "")
        assert len(letters) == 60 and all(letters.count(piece) == 5 for piece in "FILNPTUVWXYZ")
    assert main(["pentomino", "#....#/....../....../#....#", "--pieces", "FLNY", "--raw", "--count", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["solutions"], record["primary"], record["jobs"], record["engine"]) == (4, 24, 1, "links")
    assert main(["pentomino", "6x11"]) == 2
    assert "the board has 66 cells, but 12 pentominoes cover 60" in capsys.readouterr().err


def test_langford_sequences(capsys):
    assert main(["langford", "4", "--raw"]) == 0
    out = capsys.readouterr().out.splitlines()
    sequences = [[int(k) for k in line.split()] for line in out[2:5:2]]
    assert len(sequences) == 2 and sequences[0] == sequences[1][::-1]
    for sequence in sequences:
        for k in range(1, 5):
            first = sequence.index(k)
            assert sequence[first + k + 1] == k
    assert main(["langford", "17"]) == 2
    assert "Langford pairs are offered for n from 1 to 16, not 17" in capsys.readouterr().err


def test_counting_in_processes_gives_the_same_count(capsys):
    assert main(["langford", "8", "--count", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(["langford", "8", "--count", "--json", "--jobs", "2"]) == 0
    shared = json.loads(capsys.readouterr().out)
    assert (alone["solutions"], alone["jobs"], shared["solutions"], shared["jobs"]) == (150, 1, 150, 2)
    assert shared["engine"] == alone["engine"] == "links" and shared["complete"]
    assert main(["queens", "6", "--jobs", "2", "--limit", "3", "--json"]) == 0
    limited = json.loads(capsys.readouterr().out)
    assert (limited["solutions"], limited["complete"], len(limited["found"])) == (3, False, 3)
    assert main(["queens", "6", "--jobs", "0"]) == 2
    assert "--jobs 1 to 64" in capsys.readouterr().err


def test_knuths_format_read_and_written(tmp_path, capsys):
    source = tmp_path / "knuth.dlx"
    source.write_text("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    assert main(["cover", str(source), "--count"]) == 0  # told from the text format: one solution, not two
    assert capsys.readouterr().out.splitlines()[1].startswith("1 solution (")
    assert main(["cover", str(source), "--count", "--format", "text"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("2 solutions (")
    assert main(["queens", "5", "--export", "knuth"]) == 0
    exported = capsys.readouterr().out
    assert exported.splitlines()[:2] == ["| 5 queens", "r1 r2 r3 r4 r5 c1 c2 c3 c4 c5 | s2 s3 s4 s5 s6 s7 s8 s9 s10 "
                                         "d-4 d-3 d-2 d-1 d0 d1 d2 d3 d4"]
    (tmp_path / "queens.dlx").write_text(exported)
    assert main(["cover", str(tmp_path / "queens.dlx"), "--count", "--format", "knuth", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == 10
    assert main(["cover", str(source), "--export", "text", "--format", "knuth"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["# knuth.dlx", "items: A B C D E F G"]
    source.write_text("A B\nA C\n")
    assert main(["cover", str(source), "--format", "knuth"]) == 1
    assert capsys.readouterr().err == "error: line 2: the option names item 'C', which is not on the items line\n"
