"""The page's grid rules (static/grid.js, run by Node) agree with the engine's (grid.py).

The page parses puzzles, marks clashes and lists candidates itself, before Python has
loaded. Every input here goes through both; the answers, messages included, must be
equal: a fixed corpus of every layout and size and of the errors, then random text.
"""

from __future__ import annotations

import itertools
import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import lines
from sudoku_dlx import format_grid, parse, web
from sudoku_dlx.kinds.forms import write_form
from sudoku_dlx.kinds.grid import BOX_SHAPES, MAX_TEXT, SYMBOLS, InvalidPuzzleError, shape_for
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.rules.link import is_link

pytestmark = pytest.mark.external

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
    """What the engine makes of the text, in the shape grid_parity.mjs answers: the rules
    here are written out again (units from the package's shapes; clashes and candidates
    from the rules of each kind), so that the page's are checked against them."""
    if is_link(text):  # the page hands a link to Python's web.parse_puzzle; its twin answers as the kinds' readers
        try:
            read_puzzle(text, size or None)
        except InvalidPuzzleError as refused:
            parsed = {"puzzle": text, "status": "invalid", "error": str(refused), "cells": list(refused.cells)}
        else:
            raise AssertionError(f"the kinds' readers read a link: {text!r}")
    else:
        parsed = web.parse_puzzle(text, size)
    answer = {"parsed": parsed}
    if parsed.get("status") != "invalid":
        puzzle = read_puzzle(parsed["puzzle"])
        shape, digits = puzzle.shape, puzzle.digits
        groups = [set(unit) for unit in shape.units] + [set(cage.cells) for cage in puzzle.cages]
        clashes = {cell for group in groups for cell in group
                   if digits[cell] and sum(digits[x] == digits[cell] for x in group) > 1}
        clashes |= {x for cage in puzzle.cages if all(digits[y] for y in cage.cells)
                    and sum(digits[y] for y in cage.cells) != cage.sum for x in cage.cells}
        clashes |= {x for sign in puzzle.signs if digits[sign.greater] and digits[sign.lesser]
                    and digits[sign.greater] <= digits[sign.lesser] for x in (sign.greater, sign.lesser)}

        def allowed(cell: int, d: int) -> bool:
            if any(cell in group and d in {digits[x] for x in group} for group in groups):
                return False
            for cage in puzzle.cages:
                held = {digits[x] for x in cage.cells if digits[x]} | {d}
                if cell in cage.cells and not any(
                        held <= set(combo) for combo in itertools.combinations(range(1, shape.n + 1), len(cage.cells))
                        if sum(combo) == cage.sum):
                    return False
            return all((sign.greater != cell or not digits[sign.lesser] or d > digits[sign.lesser]) and
                       (sign.lesser != cell or not digits[sign.greater] or d < digits[sign.greater])
                       for sign in puzzle.signs)

        answer["units"] = [list(unit) for unit in shape.units]
        answer["clashes"] = sorted(clashes)
        answer["candidates"] = ["".join(SYMBOLS[d - 1] for d in range(1, shape.n + 1) if allowed(cell, d))
                                for cell in range(shape.cells)]
    return answer


def same(grid_js, text: str, size: int = 0) -> None:
    assert grid_js(text, size) == python_answer(text, size), repr(text[:200])


HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]
SIXTEEN = lines("16x16/vukr_16x16_first100.txt", 1)[0]
TWENTY_FIVE = lines("25x25/course_tcgaryau_25x25.tsv", 1)[0].split("\t")[0]
SIX = lines("6x6/sukaku6x6explainer_readme_examples.tsv", 1)[0].split("\t")[0]
FOUR = lines("4x4/vukr_4x4.txt", 1)[0]
#: Game IDs of each kind from Simon Tatham's programs (sgt-puzzles 20230122.806ae71-2:
#: `sgt-unequal --generate 1 7dx`, `9dx`, `6dx`; `sgt-solo --generate 1 3x3xdi`, `9jdi`,
#: `3x3kdi`, `2x3k`, `2x2x`, `6j`).
GAME_IDS = [
    "7:0,2,4R,0,0R,0RD,0,0,0,0,0,0,0R,0,0,0,0,0D,0,0,0,0,0UR,0,0,0L,2,0,0,4UL,0R,0,2,0,0,0,0RL,0,0,0U,0U,0,0,0R,0R,3,"
    "0U,0,6,",
    "9:0D,0L,0,0D,0L,0,9,5,0,0,0,0D,0,0,0,0,0,0,0,0,0,0,0U,0,0U,9,0,0,0L,0L,0,0,0,0L,0R,0U,0,0,0L,0L,0L,0L,0L,0D,0U,0,0,"
    "0,0,0D,0,0RL,0D,0U,0R,0D,0,0R,0D,7,0,0L,0L,0R,0RD,0,0L,0,0,0R,0U,0,0,0L,7,0UR,0R,0U,0,0L,0,",
    "6:0,0,0,0RL,0,0,0U,0,0,0U,0,0L,0R,0U,0,5,0R,0D,0,0,0,0,0,0,0,0,0,0UR,0,0D,3R,0,0,0,6,0,",
    "3x3x:8d7d5a1b6c1a8d7a2e9e7e6e8a4d9a1c1b5a3d2d9",
    "9j:b6a2_4d4b3_8_1b9d1j4_8b3c8b1_2j5d1b2_4_8b1d3_1a9b,_dacaaba_aa__b__d__a_b__aabaad_ceea__aab_c__b__b_a__aaa_ccf_h_",
    "3x3k:zzzc,__a__a__a__d____a___a_a__a_a__a__a____aa___aa_aaac_aba_aab_a_aaa_a_b_a__aaa____a___________b__aa_,"
    "12_3_21a7_13_8a28i19b14a21_7_4a5_17_10d7d17a4_13a12_15_13_14c11d10a9a7a7a14a9a9a24c5a16d",
    "2x3k:zj,a______________________cbaa_aaaacaaa_aa__,7a9_12_7_4_3_8f5a5_11_9_8a4d14a7d13b",
    "2x2x:4a3j1a2",
    "6j:b3b4e5_6a4f1a3_3e1b3b,ad_a_aaa_aaaabbeaa_bbabbc",
    "3x3:a9_8b3d4_6_2a7e3_9b2b8c2c7a2a7a5a4a4c1c9b7b2_1e5a4_6_3d6b7_9a",
]
ONE_LINE = {4: FOUR, 6: SIX, 8: "12345678" + "." * 56, 9: HARDEST, 12: "." * 143 + "C", 16: SIXTEEN, 25: TWENTY_FIVE}


def numbers(puzzle: str) -> str:
    """A puzzle as rows of whitespace-separated numbers, 0 for a blank."""
    n = int(len(puzzle) ** 0.5)
    values = [str(SYMBOLS.index(s) + 1) if s != "." else "0" for s in puzzle]
    return "\n".join(" ".join(values[r * n:(r + 1) * n]) for r in range(n))


CORPUS = [
    # variant links, which neither reader plays
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
    " <https://sudokupad.app/fpuzzlesN4Ig>", "sclN4IgzglgXgpiBcBOA", "SudokuPad.app/abc",
    "N4IgzglgXpBcIBUCeAHApiAXAVgAwgDQjoBmATgK4DGmIoSA", "N4Ig zglgXpBcIBU CeAHApiAXAVg", '{"size": 9}', ' {\n"size":4}',
    "N4Ig", "N4IgZ", "{}", "{ 1 }",  # too short for data, not a JSON object's key: read as grids
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
    # every kind: Tatham's game IDs, the kinds' texts and prefixes, their mistakes (see GAME_IDS)
    *GAME_IDS, *(write_form(read_puzzle(i)) for i in GAME_IDS if read_puzzle(i).kind in ("futoshiki", "jigsaw", "killer")),
    "windoku:" + HARDEST, "X: " + HARDEST, "x:" + FOUR, "windoku:" + FOUR, "jigsaw:" + HARDEST, "futoshiki:" + HARDEST,
    "Killer:\n15: r1c1 r1c2\n3: r9c9 r9c8", "killer 9x9\n" + HARDEST + "\n14: r1c2 r1c3", "killer 6x6\n45: r1c1 r1c2",
    "killer 4x5\n3: r1c1 r1c2", "3: r1c1 r1c2\nnot a cage", "killer:" + HARDEST, "killer 4x4\n" + FOUR, "3: r1c1 r1c1", "10: r1c1 r2c1\n10: r2c1 r3c1", "3: r10c1 r1c2",
    ". < .\n^\n. > .", ". . .\n  v\n. . .\n^\n. . .", "1 > 2\n. .", "< 1 2\n. .", "1 2 >\n3 4", "1 2\nv\n3 4\n  ^",
    "1 2 3\n4 5", "1 # 2\n3 4", "v\n1 2\n3 4", ". .\n. .\nv", "9 . .\n. . .\n. . .",
    "_ < * .\n\u2227\n. > 0 _\n    \u2228\n. . .", "_ _ _\n\u2227 \u2228 ^\n_ _ _\n_ _ _", ". . .\n. . .\n. . .\n\u2228", "\u2227\n1 2 3",
    "1234\nAABB\nAABB\nCCDD\nCCDD", "1234\nAABB\nABBB\nCCDD\nCCDD", "AAB\nABB\nCCC", ".234\naabb\naabb\nccdd\nccdd",
    "3x3:" + "a" * 3, "3x3:z9", "3x3:zzzc", "3x3:zzzc9", "3x3:zzz?", "3x3x:zzzc", "2x2:p", "2x2:a5o", "5x5:zzz", "9j:zzzc",
    "9j:zzzc,_dacaaba", "9j:zzzc,zzzzzzzzzzzzzzzzzzzz", "3x3k:zzzc,__a__a", "3x3k:zzzc", "3x3jk:zzzc,a,b", "3x3xk:zzzc",
    "2x2k:p,ba___ab_aa_aa__,7b5_9a8a5d6b_1", "2x2k:p,ba___ab_aa_aa__,99o", "4:0,0,0,0", "4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
    "4:0U,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "4:0X,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "4:5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
    "4:0R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "4a:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "4:p", "4:o0", "4:0;0", "2:0,0,0,0,",
    "17:" + "0," * 289, "4dk:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "9:4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
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
                 "cells is no puzzle size", "is more than", "an f-puzzles or SudokuPad link", f"the text has 10,000 characters; a puzzle has at most {MAX_TEXT:,}"):
        assert part in errors, part
    assert {grid_js(text)["parsed"].get("size") for text in CORPUS} >= set(BOX_SHAPES)
    assert any(grid_js(text).get("clashes") for text in CORPUS)


PUZZLE_CHARS = st.sampled_from(list("123456789ABCDEFGPQZabgz.0*_|+- \t\n\r\f\v\u00a0\x1c'\\é😀#:()"
                                    "\uff11\uff19\uff21\uff41\uff0e\u3000\u200e\u202e\ufeff[]/cCoOdDeE"
                                    ",<>^vV\u2227\u2228URDLjkxrR=;"))


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
