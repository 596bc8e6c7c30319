"""The page's grid rules (static/grid.js, run by Node) agree with the engine's (grid.py).

The page parses puzzles, marks clashes and lists candidates itself, before Python has
loaded. Every input here goes through both; the answers, messages included, must be
equal: a fixed corpus of every layout and size and of the errors, then random text.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import lines
from sudoku_dlx import format_grid, parse, web
from sudoku_dlx.kinds.grid import BOX_SHAPES, MAX_TEXT, SYMBOLS, shape_for

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def grid_js():
    """ask(text, size) -> grid.js's answer, from one Node process for the module."""
    node = subprocess.Popen(["node", str(ROOT / "tests" / "grid_parity.mjs")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def ask(text: str, size: int = 0) -> dict:
        node.stdin.write(json.dumps({"text": text, "size": size}) + "\n")
        node.stdin.flush()
        return json.loads(node.stdout.readline())

    yield ask
    node.stdin.close()
    node.wait(timeout=10)


def python_answer(text: str, size: int = 0) -> dict:
    """What the engine makes of the text, in the shape grid_parity.mjs answers."""
    parsed = web.parse_puzzle(text, size)
    answer = {"parsed": parsed}
    if parsed.get("status") != "invalid":
        puzzle = parse(parsed["puzzle"])
        shape, digits = puzzle.shape, puzzle.digits
        answer["units"] = [list(unit) for unit in shape.units]
        answer["clashes"] = sorted({cell for unit in shape.units for cell in unit
                                    if digits[cell] and sum(digits[x] == digits[cell] for x in unit) > 1})
        answer["candidates"] = ["".join(SYMBOLS[d - 1] for d in range(1, shape.n + 1)
                                        if d not in {digits[p] for p in shape.peers[cell] | {cell}})
                                for cell in range(shape.cells)]
    return answer


def same(grid_js, text: str, size: int = 0) -> None:
    assert grid_js(text, size) == python_answer(text, size), repr(text[:200])


HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]
SIXTEEN = lines("16x16/vukr_16x16_first100.txt", 1)[0]
TWENTY_FIVE = lines("25x25/course_tcgaryau_25x25.tsv", 1)[0].split("\t")[0]
SIX = lines("6x6/sukaku6x6explainer_readme_examples.tsv", 1)[0].split("\t")[0]
FOUR = lines("4x4/vukr_4x4.txt", 1)[0]
ONE_LINE = {4: FOUR, 6: SIX, 8: "12345678" + "." * 56, 9: HARDEST, 12: "." * 143 + "C", 16: SIXTEEN, 25: TWENTY_FIVE}


def numbers(puzzle: str) -> str:
    """A puzzle as rows of whitespace-separated numbers, 0 for a blank."""
    n = int(len(puzzle) ** 0.5)
    values = [str(SYMBOLS.index(s) + 1) if s != "." else "0" for s in puzzle]
    return "\n".join(" ".join(values[r * n:(r + 1) * n]) for r in range(n))


CORPUS = [
    # every layout of every size
    *ONE_LINE.values(),
    *(format_grid(parse(p)) for p in ONE_LINE.values()),
    *(numbers(p) for p in ONE_LINE.values()),
    numbers(SIXTEEN).replace(" 0 ", " . "), numbers(TWENTY_FIVE).replace("\n", " | "),
    HARDEST.replace(".", "0"), HARDEST.replace(".", "*"), HARDEST.replace(".", "_"), SIXTEEN.lower(),
    "\r\n".join(HARDEST[r * 9:r * 9 + 9] for r in range(9)), "\r".join(HARDEST[r * 9:r * 9 + 9] for r in range(9)),
    "\n\n  " + HARDEST + "  \n\n", "\u00a0" + HARDEST, "\t".join(HARDEST), "\f" + HARDEST + "\v",
    # labels around a one-line puzzle
    f"Puzzle #1: {HARDEST} (SE 2.3)", f"{HARDEST} hardest", f"7. {SIXTEEN}", f"x {HARDEST} {HARDEST}",
    f"Puzzle 1\n{HARDEST}", f"label {HARDEST[:80]}x",
    # bad characters, each kind of message
    "12x" + "." * 78, "1" * 80 + "A", SIXTEEN[:-1] + "H", "'" + "." * 80, "\\" + "." * 80, "é" + "." * 80,
    "😀" + "." * 80, "." * 40 + "\x00" + "." * 40, "." * 40 + "\x1c" + "." * 40, "." * 40 + "\u2028" + "." * 40,
    format_grid(parse(HARDEST)).replace("4", "Z", 1),
    # lengths, sizes and numbers
    "", "   ", "\n", "1", "." * 80, "." * 82, "." * 100, "." * 10000, "1" * 4301, "1 " * 4000,
    "1 2 3 4", "10 " * 81, "16 " * 256, "36 " * 81, "99 " * 81, "17 " + "1 " * 255,
    "- - -", "+|+", "|" * 81, "-" * 5001, "a" * 81, "A" * 256, "P" * 625, "Q" * 625,
    # full-width symbols, invisible marks, a forum's [code] tags (read, not refused)
    "".join(chr(ord(s) + 0xFEE0) for s in HARDEST), "\u200e" + HARDEST + "\u200f", "\ufeff" + HARDEST,
    HARDEST[:40] + "\u202e" + HARDEST[40:], "\u3000".join(HARDEST[r * 9:r * 9 + 9] for r in range(9)),
    "[code]\n" + format_grid(parse(HARDEST)) + "\n[/code]", "[CODE]" + HARDEST + "[/Code]", "[code]" + "é" + "." * 80,
    "".join(chr(ord(s) + 0xFEE0) for s in SIXTEEN.lower()), "\uff58" + "." * 80,
    # clashes and candidates
    "11" + "." * 79, "1" + "." * 8 + "1" + "." * 71, "1" + "." * 9 + "1" + "." * 70, "12....1221....21",
    "5.....5" + "." * 74, "G" + "." * 254 + "G",
]


@pytest.mark.parametrize("text", CORPUS)
def test_the_same_answer_for_every_layout_and_error(grid_js, text):
    same(grid_js, text)


@pytest.mark.parametrize("size", [0, 4, 9, 10, 16, 25])
def test_the_same_answer_with_a_size(grid_js, size):
    for text in (HARDEST, FOUR, SIXTEEN, "." * 81, numbers(SIXTEEN)):
        same(grid_js, text, size)


def test_the_corpus_covers_every_message(grid_js):
    """Each kind of answer appears at least once, so a changed message cannot go unseen."""
    errors = " ".join(grid_js(text)["parsed"].get("error", "") for text in CORPUS)
    for part in ("unexpected character 'x' at position 3", "line 1, column 1", "U+00E9", "U+1F600",
                 "cells is no puzzle size", "is more than", f"the text has 10,000 characters; a puzzle has at most {MAX_TEXT:,}"):
        assert part in errors, part
    assert {grid_js(text)["parsed"].get("size") for text in CORPUS} >= set(BOX_SHAPES)
    assert any(grid_js(text).get("clashes") for text in CORPUS)


PUZZLE_CHARS = st.sampled_from(list("123456789ABCDEFGPQZabgz.0*_|+- \t\n\r\f\v\u00a0\x1c'\\é😀#:()"
                                    "\uff11\uff19\uff21\uff41\uff0e\u3000\u200e\u202e\ufeff[]/cCoOdDeE"))


@settings(max_examples=300, deadline=None)
@given(st.text(PUZZLE_CHARS, max_size=700))
def test_the_same_answer_for_random_text(grid_js, text):
    same(grid_js, text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ONE_LINE)), st.lists(st.tuples(st.integers(0, 624), PUZZLE_CHARS), max_size=4),
       st.text(PUZZLE_CHARS, max_size=12), st.text(PUZZLE_CHARS, max_size=12))
def test_the_same_answer_for_puzzles_with_changes_and_labels(grid_js, n, changes, before, after):
    chars = list(ONE_LINE[n])
    for position, ch in changes:
        chars[position % len(chars)] = ch
    same(grid_js, before + "".join(chars) + after)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_the_same_answer_for_any_unicode(grid_js, text):
    same(grid_js, text)


def test_units_are_the_same_for_every_size(grid_js):
    for n in BOX_SHAPES:
        assert grid_js("." * n * n)["units"] == [list(unit) for unit in shape_for(n).units]
