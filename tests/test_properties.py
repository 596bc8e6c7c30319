"""Hostile input never makes a traceback, through the worker's dispatcher or the command line.

Every function of sudoku_dlx.web called
through the worker's dispatcher answers a record with a status (and an error when it
failed, never because the package did), and every subcommand of the command line
ends with an exit code and, when it fails, a message, whatever the arguments.

Numbers that would make a long search (no budget, no cap on tries, every solution of a
sparse grid) are kept out: the arguments are hostile, but the runs stay short."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import sys

import pytest
from conftest import lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sudoku_dlx import web, worker
from sudoku_dlx.cli import main

#: A few seconds in all: the calls are quick, and the command line's a little slower.
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CLI = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Puzzles quick to solve, rate and hint: unique ones, ones with several solutions, a clash.
PUZZLES = [
    lines("9x9/kaggle_sample300.tsv", 1)[0].split("\t")[0],
    lines("4x4/vukr_4x4.txt", 1)[0],
    lines("6x6/sukaku6x6explainer_readme_examples.tsv", 1)[0].split("\t")[0],
    lines("9x9/serg_multi_first20.txt", 1)[0],
    "." * 16,
    "5.....5" + "." * 74,
    "12345678." + "........9" + "." * 63,
]

#: Text meant to confuse: direction marks, full-width digits, zero-width characters, huge.
TRICKS = ["\u202e1234\u202c", "\u200f..1..\u200e", "\uff11\uff12\uff13\uff14" * 4, "1\u200b2\u200d3\ufeff4",
          "\u0661\u0662\u0663\u0664" * 4, "9" * 100_000, "." * 200_000, "\x00\n\r\t", "\ud800", "🧩" * 81]

#: Variant links: Rangsk's "Peak Sudoku" (4x4, unique), the same with its data cut, one with no data.
PEAK = next(row.split("\t")[1] for row in lines("links/rangsk_fpuzzles.tsv") if row.startswith('"Peak Sudoku"'))
LINKS = ["fpuzzles" + PEAK, "https://sudokupad.app/fpuzzles" + PEAK[:40], "https://www.f-puzzles.com/?load="]

puzzles = st.sampled_from(PUZZLES)
texts = st.one_of(puzzles, puzzles, puzzles, st.sampled_from(TRICKS), st.text(max_size=100),
                  st.text(alphabet=".0123456789ABCDEFG\n |-+", max_size=300))
#: Any JSON value: scalars of every kind and nested junk.
junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**30, max_value=10**30),
              st.floats(allow_nan=True, allow_infinity=True), texts),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)),
    max_leaves=8,
)
#: An integer anywhere: negative, zero, huge.
numbers = st.one_of(st.integers(-5, 30), st.sampled_from([-10**30, -1, 0, 2**31, 2**63, 10**30]))
#: A grid size: mostly 0 (from the text), or any integer.
sizes = st.one_of(st.just(0), st.just(0), st.sampled_from([4, 6, 9, 16, 25]), numbers)


def arguments(kind: str, typed: dict, hostile: dict | None = None, keep=()) -> tuple:
    """Two strategies of keyword arguments of ``kind``: each parameter left out (unless
    required, or in ``keep``) or of its type (with values meant to confuse); and so, with
    one of them junk of any type (``hostile`` names parameters whose junk must stay
    harmless), or with one unknown more."""
    hostile = hostile or {}
    parameters = inspect.signature(getattr(web, kind)).parameters
    keep = {*keep, *(name for name, p in parameters.items() if p.default is p.empty)}
    well_typed = st.fixed_dictionaries({name: strategy if name in keep else st.one_of(st.just(...), strategy)
                                        for name, strategy in typed.items()}).map(
        lambda chosen: {name: value for name, value in chosen.items() if value is not ...})
    one_junk = st.tuples(well_typed, st.sampled_from(sorted(typed))).flatmap(
        lambda pair: hostile.get(pair[1], junk).map(lambda value: {**pair[0], pair[1]: value}))
    one_more = st.tuples(well_typed, st.text(min_size=1, max_size=8), junk).map(
        lambda parts: {parts[1]: parts[2], **parts[0]})
    return well_typed, st.one_of(one_junk, one_more)


#: Junk that no type check lets through as a number: strings, lists, objects, null.
not_numbers = st.one_of(texts, st.lists(junk, max_size=3), st.dictionaries(st.text(max_size=3), junk, max_size=2),
                        st.sampled_from([None, True, False]))
budgets = st.floats(0.001, 0.2)

notes = st.sampled_from(["", "1", "12", "9", "x", "\uff11"])
#: A batch's columns, one solver's or more, of statuses and of numbers that may be huge, negative or not finite.
values = st.one_of(st.integers(0, 10**6), st.floats(0, 1e6), st.sampled_from([-1, 10**400, 1e999, 1e999 - 1e999, True]))
statuses = st.sampled_from(["unique", "multiple", "none", "invalid", "unfinished", "x"])
columns = st.integers(0, 4).flatmap(lambda size: st.fixed_dictionaries({
    "status": st.lists(statuses, min_size=size, max_size=size),
    **{key: st.lists(values, min_size=size, max_size=size) for key in ("ms", "nodes", "guesses")}}))
runs = st.dictionaries(st.sampled_from(["dlx", "textbook", "x"]), columns, max_size=3)
#: Problems in the text format: options of items, a 0/1 matrix, the directives, junk lines.
option_lines = st.one_of(
    st.lists(st.sampled_from("ABCDE"), min_size=1, max_size=3).map(" ".join),
    st.lists(st.sampled_from("01"), min_size=1, max_size=5).map("".join),
    st.tuples(st.sampled_from(["x", "A as top", "", "\u202e"]), st.lists(st.sampled_from("ABCDE"), max_size=3)).map(
        lambda parts: f"{parts[0]}: {', '.join(parts[1])}"),
    st.sampled_from(["items: A, B, C", "secondary: D E", "given: x", "given: nope", "# a comment", "items:", ":"]),
    st.text(max_size=12))
problem_texts = st.one_of(st.lists(option_lines, max_size=8).map("\n".join), texts)


def with_changes(puzzle: str) -> st.SearchStrategy[str]:
    """``puzzle`` with a few of its characters changed (entries, some wrong)."""
    def changed(pairs: list[tuple[int, str]]) -> str:
        cells = list(puzzle)
        for cell, symbol in pairs:
            cells[cell] = symbol
        return "".join(cells)
    return st.lists(st.tuples(st.integers(0, len(puzzle) - 1), st.sampled_from("123456789.x\uff11")),
                    max_size=6).map(changed)


hint_typed = st.sampled_from(PUZZLES[:3]).flatmap(lambda puzzle: st.fixed_dictionaries({
    "text": st.just(puzzle),
    "entries": st.one_of(st.just(""), with_changes(puzzle), texts),
    "notes": st.one_of(st.none(), st.lists(notes, min_size=len(puzzle), max_size=len(puzzle)),
                       st.lists(notes, max_size=90)),
    "size": st.one_of(st.just(0), sizes)}))
link_hints = st.fixed_dictionaries({
    "text": st.sampled_from(LINKS), "entries": st.one_of(st.just(""), with_changes("." * 16), texts),
    "notes": st.one_of(st.none(), st.lists(notes, min_size=16, max_size=16), st.lists(notes, max_size=20))})
examples = st.sampled_from(["knuth", "batting", "queens", "sudoku4", "sudoku9", "nope"])
#: Knuth's classics, on boards quick to split and browse (and ones that are no board).
classics = st.sampled_from(["pentomino", "langford", "queens", "knuth", "nope"])
boards = st.sampled_from(["", "3x20", "5x5", "2x5", "8x8-hole", "...../.....", "0x0", "x", "#"])
pieces = st.sampled_from(["", "FLPUX", "II", "q", "FILNPTUVWXYZ"])
engines = st.sampled_from(["links", "cells", "nope"])
parts = st.one_of(st.none(), st.lists(st.integers(-2, 3000), max_size=4))
solver_names = st.lists(st.sampled_from(["dlx", "textbook", "backtrack", "x"]), max_size=3)
#: A search's bounds: small, or junk no search takes (below zero, or of another type).
limits, caps = st.integers(1, 3), st.integers(1, 2000)
below = {name: st.one_of(not_numbers, st.integers(max_value=-1)) for name in ("limit", "max_nodes")}
none_or_below = st.one_of(not_numbers, st.integers(max_value=0))

CALLS = {
    "parse_puzzle": arguments("parse_puzzle", {"text": texts, "size": sizes}),
    "fpuzzles": arguments("fpuzzles", {"text": texts, "size": sizes}),
    "solve": arguments("solve", {"text": texts, "size": sizes, "limit": st.integers(-5, 50)},
                       {"limit": below["limit"]}),
    "rate": arguments("rate", {"text": texts, "size": sizes, "budget": budgets},
                      {"budget": st.one_of(not_numbers, st.floats(max_value=0),
                                           st.sampled_from([1e999, 1e999 - 1e999]))},
                      keep=("budget",)),
    "hint": (st.one_of(hint_typed, link_hints, arguments("hint", {"text": st.sampled_from(TRICKS), "entries": texts})[0]),
             arguments("hint", {"text": texts, "entries": texts, "size": sizes,
                                "notes": st.one_of(st.none(), st.lists(notes, max_size=81))})[1]),
    "check": arguments("check", {"text": st.one_of(st.sampled_from(LINKS), texts),
                                 "entries": st.one_of(with_changes("." * 16), texts)}),
    "generate": arguments(
        "generate",
        {"size": st.sampled_from([4, 6, 8, 9, 7, 0, -9, 10**9]), "seed": st.one_of(st.none(), numbers),
         "symmetry": st.sampled_from(["none", "rotational", "random", "spiral", "\u202enone"]),
         "minimal": st.booleans(), "target_clues": st.one_of(st.none(), numbers), "budget": budgets,
         "difficulty": st.one_of(st.none(), st.sampled_from(["Easy", "Extreme", "easy", ""]))},
        {"size": not_numbers, "budget": st.one_of(not_numbers, st.floats(max_value=0), st.just(1e999 - 1e999))},
        keep=("budget",)),
    "dlx_steps": arguments("dlx_steps", {"text": texts, "size": sizes, "max_steps": st.integers(-5, 3000)},
                           {"max_steps": none_or_below}),
    "cover_count": arguments("cover_count", {"problem": examples, "n": st.integers(-3, 13), "text": problem_texts,
                                             "puzzle": texts, "limit": st.integers(-3, 20), "board": boards,
                                             "raw": st.booleans(), "part": parts, "engine": engines,
                                             "pieces": pieces},
                             {"limit": below["limit"]}, keep=("limit",)),
    "cover_steps": arguments("cover_steps", {"problem": classics, "n": st.integers(-3, 13), "text": problem_texts,
                                             "puzzle": texts, "max_steps": st.integers(-3, 3000), "board": boards,
                                             "raw": st.booleans(), "pieces": pieces},
                             {"max_steps": none_or_below}, keep=("max_steps",)),
    "cover_split": arguments("cover_split", {"problem": classics, "n": st.integers(-3, 13), "text": problem_texts,
                                             "puzzle": texts, "board": boards, "raw": st.booleans(),
                                             "parts": st.integers(-3, 40), "pieces": pieces},
                             {"parts": none_or_below}, keep=("parts",)),
    "cover_solutions": arguments("cover_solutions", {"problem": classics, "n": st.integers(-3, 13),
                                                     "text": problem_texts, "puzzle": texts, "board": boards,
                                                     "raw": st.booleans(), "first": st.integers(-3, 20),
                                                     "count": st.integers(-3, 120), "seed": st.one_of(st.none(), numbers),
                                                     "pieces": pieces},
                                 {"first": not_numbers, "count": none_or_below}, keep=("first", "count")),
    "batch": arguments("batch", {"lines": st.lists(texts, max_size=6), "first": numbers,
                                 "solvers": st.one_of(st.none(), solver_names), "limit": limits, "max_nodes": caps},
                       below, keep=("limit", "max_nodes")),
    "batch_summary": (runs.flatmap(lambda columns: st.fixed_dictionaries(
                          {"solvers": st.one_of(st.just(sorted(columns)), solver_names), "runs": st.just(columns)})),
                      arguments("batch_summary", {"solvers": solver_names, "runs": st.one_of(junk, runs)})[1]),
    "race_open": arguments("race_open", {"text": texts, "solver": st.sampled_from(["dlx", "backtrack", "magic"]),
                                         "size": sizes, "limit": limits, "max_nodes": caps,
                                         "chunk": st.integers(-3, 500)},
                           {**below, "chunk": none_or_below}, keep=("limit", "max_nodes")),
    "race_next": arguments("race_next", {"race": numbers}),
    "race_close": arguments("race_close", {"race": numbers}),
}


def test_every_web_function_is_called():
    assert set(CALLS) == set(web.__all__)


def check_record(kind: str, record: object) -> None:
    """A record of ``kind`` with a known status, an error when it failed, none by a fault."""
    records = record if kind == "batch_summary" and isinstance(record, list) else [record]
    for one in records:
        assert isinstance(one, dict) and one.get("status") in web.STATUSES[kind] + (web.FAILED,), one
        assert one["status"] != web.FAILED, one["error"]  # the package's fault: fix it
        if one["status"] in web.FAILURES:
            assert isinstance(one.get("error"), str) and one["error"] and "\n" not in one["error"], one


def ask(kind: str, args: object) -> dict:
    heard = []
    answer = json.loads(worker.call(kind, json.dumps(args), heard.append))
    assert set(answer) == {"result"}
    for text in heard:
        json.loads(text)
    return answer["result"]


@FAST
@given(st.sampled_from(sorted(CALLS)).flatmap(lambda kind: st.tuples(st.just(kind), CALLS[kind][0])))
def test_web_functions_answer_a_record_whatever_the_values(call):
    kind, args = call
    check_record(kind, ask(kind, args))


@FAST
@given(st.sampled_from(sorted(CALLS)).flatmap(lambda kind: st.tuples(st.just(kind), CALLS[kind][1])))
def test_web_functions_refuse_junk_and_unknown_arguments(call):
    kind, args = call
    check_record(kind, ask(kind, args))


@FAST
@given(st.sampled_from(sorted(CALLS)), junk)
def test_arguments_that_are_no_object_are_invalid(kind, args):
    record = ask(kind, args) if not isinstance(args, dict) else ask(kind, {"unknown argument": args})
    assert record["status"] == "invalid" and record["error"], record


@FAST
@given(st.one_of(st.text(max_size=30), junk))
def test_unknown_functions_are_invalid(kind):
    answer = json.loads(worker.call(kind, "{}"))
    if kind not in web.__all__:
        assert answer["result"]["status"] == "invalid"


# -- the command line ----------------------------------------------------------

#: Command-line values meant to confuse: signs, exponents, full-width and Arabic-Indic
#: digits, direction marks, blanks, huge numbers.
WORDS = ["-1", "0", "1", "2", "-0", "1e999", "nan", "inf", "-inf", "3.5", "abc", "", " ", "\uff19", "\u0669",
         "\u202e9", "9\u200f", "10000000000000000000000", "--", "-", "4,9", "9,,", "dlx,x", "--json"]
words = st.one_of(st.sampled_from(WORDS), st.text(alphabet="-.,0123456789abcx\u202e\uff11 ", max_size=12))
#: A source argument: a puzzle, the repository's test data, no file, standard input, a
#: file that is no UTF-8 text (NOT_UTF8: written by the test).
NOT_UTF8 = "not-utf8.txt"
sources = st.one_of(st.sampled_from(PUZZLES + ["tests/data/4x4/vukr_4x4.txt", "tests/data/no-such.txt", "-",
                                              "tests/data", "puzzles.txt", NOT_UTF8]), st.sampled_from(TRICKS[:5]),
                    words)


def options(spec: dict) -> st.SearchStrategy[list[str]]:
    """Some of the options ``spec`` names (option -> strategy of its value, None for a
    flag), in any order, each with a safe or a confusing value."""
    def pick(chosen):
        parts = []
        for name, value in chosen:
            parts += [name] if value is None else [name, value]
        return parts
    entries = [st.tuples(st.just(name), st.none() if values is None else st.one_of(values, words))
               for name, values in spec.items()]
    return st.lists(st.one_of(*entries), max_size=5).map(pick)


def small(low: int, high: int) -> st.SearchStrategy[str]:
    return st.integers(low, high).map(str)


COMMANDS = {
    "solve": st.tuples(sources.map(lambda s: [s]), options({"--limit": small(-3, 20), "--size": small(-3, 30),
                                                            "--json": None, "--pretty": None})),
    "rate": st.tuples(sources.map(lambda s: [s]), options({"--size": small(-3, 30), "--json": None, "--path": None,
                                                           "--budget": st.sampled_from(["0.05", "0.1", "-1", "nan"])})),
    "hint": st.tuples(st.sampled_from(PUZZLES[:3] + TRICKS[:4]).map(lambda s: [s]),
                      options({"--entries": st.one_of(st.sampled_from(PUZZLES), words), "--size": small(-3, 30),
                               "--json": None})),
    "generate": st.tuples(st.just([]), options({"--size": st.sampled_from(["4", "6", "7", "-4", "0"]),
                                                "--count": small(-2, 2), "--seed": small(-10, 10),
                                                "--symmetry": st.sampled_from(["none", "random", "spiral"]),
                                                "--clues": small(-5, 40), "--not-minimal": None,
                                                "--difficulty": st.sampled_from(["Easy", "Extreme", "hard"]),
                                                "--json": None, "--pretty": None})).map(
        lambda parts: (parts[0], parts[1] + ["--budget", "0.05"])),  # last: the budget always bounds the run
    "steps": st.tuples(sources.map(lambda s: [s]), options({"--max": small(-3, 300), "--size": small(-3, 30),
                                                            "--json": None})),
    "cover": st.tuples(st.sampled_from(["tests/data/no-such.txt", "-", "tests/data", "puzzles.txt", "x", NOT_UTF8]).map(
        lambda s: [s]), options({"--count": None, "--limit": small(-3, 5), "--steps": None, "--max": small(-3, 300),
                                 "--json": None})),
    "queens": st.tuples(st.one_of(small(-3, 8), words).map(lambda s: [s]),
                        options({"--count": None, "--limit": small(-3, 5), "--steps": None, "--max": small(-3, 300),
                                 "--json": None})).map(lambda parts: (parts[0], parts[1] + ["--limit", "3"])),
    "bench": st.tuples(st.sampled_from([[], ["tests/data/4x4/vukr_4x4.txt"], ["tests/data/no-such.txt"], ["x"]]),
                       options({"--n": small(-3, 4), "--seed": small(-3, 3), "--limit": small(-3, 3),
                                "--solver": st.sampled_from(["dlx", "textbook", "dlx,textbook", "x"]),
                                "--max-nodes": small(-3, 500),
                                "--jobs": st.sampled_from(["0", "-1", "1", "65", "100000"]),
                                "--json": None,
                                "--generate": st.sampled_from(["4", "x", "-1", "4,4", "7"]),
                                "--method": st.sampled_from(["dlx", "halving", "naive", "count", "x"])})).map(
        lambda parts: (parts[0], parts[1] + ["--n", "2", "--budget", "0.05"])),
}

#: Standard input: puzzles, a problem, any text, bytes that are no UTF-8.
STDIN = st.one_of(st.sampled_from(PUZZLES), st.sampled_from(TRICKS[:5]), st.text(max_size=50),
                  st.just("items: A B\nA\nB\n")).map(lambda text: text.encode("utf-8", "surrogatepass")) | \
    st.binary(max_size=40)


@pytest.fixture(scope="module")
def not_utf8(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("cli") / NOT_UTF8
    path.write_bytes(b"." * 80 + b"\xff\n")
    return str(path)


def run(argv: list[str], stdin: bytes) -> tuple[int, str, str]:
    """``python -m sudoku_dlx ARGV`` in this process: exit code, standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as stop:  # argparse: a usage error (2), or --help (0)
                code = stop.code
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


@CLI
@given(st.sampled_from(sorted(COMMANDS)).flatmap(lambda command: st.tuples(st.just(command), COMMANDS[command])),
       STDIN)
def test_every_subcommand_ends_with_a_code_and_a_message(not_utf8, call, stdin):
    command, (positional, chosen) = call
    argv = [not_utf8 if part == NOT_UTF8 else part for part in [command, *positional, *chosen]]
    code, out, err = run(argv, stdin)
    assert code in (0, 1, 2), (code, err)
    if code:
        last = err.strip().splitlines()[-1] if err.strip() else ""
        assert "error" in last or "invalid" in out or "unrated" in out or "none:" in out, (code, out, err)
    assert "Traceback" not in err
    if "--json" in chosen and command != "bench":
        for line in out.splitlines():
            record = json.loads(line)
            assert isinstance(record.get("status"), str)


def test_the_command_line_says_what_is_wrong_with_a_number():
    code, _, err = run(["bench", "tests/data/4x4/vukr_4x4.txt", "--n", "-3"], b"")
    assert code == 2 and err.strip().splitlines()[-1].startswith("error: --n")


def test_the_command_line_says_when_its_input_is_no_utf8(not_utf8):
    code, _, err = run(["solve", not_utf8], b"")
    assert code == 2 and err.strip() == f"error: {not_utf8!r} is no UTF-8 text (byte 0xff at 80)"
    code, _, err = run(["cover", "-"], b"items: A\n\xff A\n")
    assert code == 2 and err.strip() == "error: standard input is no UTF-8 text (byte 0xff at 9)"
