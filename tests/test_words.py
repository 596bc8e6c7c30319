"""static/words.js, the words the page shares with Python, is what the package writes:
build.py writes it from sudoku_dlx.web.words(), and the committed copy must match."""

from __future__ import annotations

import build
from sudoku_dlx import web
from sudoku_dlx.compare.batch import STATUSES
from sudoku_dlx.generator import SYMMETRIES
from sudoku_dlx.kinds.grid import SYMBOLS
from sudoku_dlx.rating import GRADES, grade
from sudoku_dlx.techniques.registry import TECHNIQUES


def test_the_committed_words_are_what_the_package_writes():
    assert build.WORDS_JS.read_text(encoding="utf-8") == build.words_js(), \
        "static/words.js is stale: run python3 build.py and commit it"


def test_the_words_are_the_packages():
    words = web.words()
    assert [g["name"] for g in words["grades"]] == [name for name, _ in GRADES]
    assert all(grade(g["from"]) == g["name"] for g in words["grades"])
    assert all(grade(g["below"] - 0.1) == g["name"] for g in words["grades"] if g["below"] is not None)
    assert words["symbols"] == SYMBOLS and words["symmetries"][:-1] == list(SYMMETRIES)
    assert [t["name"] for t in words["techniques"]] == [t.name for t in TECHNIQUES]
    assert words["batch_statuses"] == list(STATUSES) and set(words["statuses"]) == set(web.__all__)
