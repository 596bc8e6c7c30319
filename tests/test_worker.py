"""The worker's dispatcher (sudoku_dlx.worker), as static/worker.mjs calls it: JSON
text in, JSON text of {"result": record} out, whatever the request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sudoku_dlx import web, worker
from sudoku_dlx.links import fpuzzles
from sudoku_dlx.links.variant import Clue, Variant

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def call(kind: str, args, progress=None) -> dict:
    answer = json.loads(worker.call(kind, json.dumps(args), progress))
    assert set(answer) == {"result"}
    return answer["result"]


def test_a_call_answers_the_web_functions_record():
    record = call("solve", {"text": PUZZLE})
    assert record == web.solve(PUZZLE) | {"ms": record["ms"]} and record["status"] == "unique"
    assert call("parse_puzzle", {"text": "1"})["status"] == "invalid"  # the worker's check after a restore


def test_progress_is_heard_as_json_text():
    heard = []
    record = call("rate", {"text": PUZZLE}, heard.append)
    assert record["status"] == "rated" and heard
    assert set(json.loads(heard[0])) == {"steps", "hardest", "score"}


@pytest.mark.parametrize("kind, args, error", [
    ("nope", {}, "no function named 'nope'; the functions are batch,"),
    ("solve", [PUZZLE], "the arguments of solve must be an object of names and values, not a list"),
    ("solve", {}, "solve needs the argument text"),
    ("solve", {"text": PUZZLE, "limt": 2}, "solve takes no argument 'limt'; its arguments are text, size, limit"),
    ("solve", {"text": 81}, "text of solve must be a string, not 81"),
    ("solve", {"text": PUZZLE, "size": True}, "size of solve must be an integer, not True"),
    ("rate", {"text": PUZZLE, "progress": 1}, "rate takes no argument 'progress'"),
    ("batch", {"lines": ["x", 2]}, "lines of batch must be a list of strings, not ['x', 2]"),
    ("generate", {"seed": "1"}, "seed of generate must be an integer or null, not '1'"),
    ("solve", {"text": "9" * 10_000, "size": "x"}, "size of solve must be an integer, not 'x'"),
])
def test_a_call_that_cannot_be_made_is_an_invalid_record(kind, args, error):
    record = call(kind, args)
    assert record["status"] == "invalid" and record["error"].startswith(error), record


def test_text_that_is_no_json_is_an_invalid_record():
    record = json.loads(worker.call("solve", "{text:", None))["result"]
    assert record["status"] == "invalid" and record["error"].startswith("the arguments are no JSON text")


def test_an_exception_is_a_failed_record(monkeypatch):
    def broken(text: str) -> dict:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(web, "parse_puzzle", broken)
    record = call("parse_puzzle", {"text": "1"})
    assert record == {"status": "failed", "error": "parse_puzzle failed: ZeroDivisionError: division by zero"}


def test_a_record_json_cannot_hold_is_a_failed_record(monkeypatch):
    monkeypatch.setattr(web, "parse_puzzle", lambda text: {"status": "parsed", "x": float("nan")})
    record = call("parse_puzzle", {"text": "1"})
    assert record["status"] == "failed" and "JSON cannot hold" in record["error"]


def test_import_all_imports_every_module_but_the_command_lines_own():
    """Not __main__, nor cluster: it imports Dask, which Pyodide has not."""
    names = worker.import_all()
    assert "sudoku_dlx.web" in names and "sudoku_dlx.techniques.registry" in names
    assert not any(name.endswith(("__main__", "cluster")) for name in names) and names == sorted(names)


def test_the_glossary_names_every_status_of_every_record():
    glossary = (Path(__file__).resolve().parents[1] / "docs" / "glossary.md").read_text(encoding="utf-8")
    for name, statuses in web.STATUSES.items():
        assert f"`{name}`" in glossary, name
        for status in statuses:
            assert f"`{status}`" in glossary, (name, status)
    assert set(web.FAILURES) <= {status for statuses in web.STATUSES.values() for status in statuses} | {web.FAILED}


def test_a_variant_link_is_hinted_and_checked_through_the_worker():
    text = fpuzzles.link(Variant(4, (0,) * 12 + (4, 0, 0, 1), None, (Clue("thermometer", lines=((0, 1, 2, 3),)),)))
    hint = worker.answer("hint", {"text": text, "entries": "", "notes": [""] * 16})
    assert hint["status"] == "step" and hint["technique"] == "thermometer" and hint["placements"][0] == [0, 1]
    assert worker.answer("check", {"text": text, "entries": "1234341221434321"})["status"] == "kept"
    broken = worker.answer("check", {"text": text, "entries": "2134" + "." * 12})
    assert broken["status"] == "broken" and broken["cells"] == [0, 1, 2, 3]
    assert worker.answer("parse_puzzle", {"text": text})["kind"] == "variant"
    assert worker.answer("check", {"text": text, "entries": 5})["status"] == "invalid"
