"""static/words.js, the words the page shares with Python, is what the package writes:
build.py writes it from sudoku_dlx.web.words(), and the committed copy must match."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import build
from sudoku_dlx import web
from sudoku_dlx.compare.batch import STATUSES, SUCCESSES
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
    assert words["batch_successes"] == list(SUCCESSES) and set(SUCCESSES) <= set(STATUSES)


def test_the_words_still_written_in_the_page_are_the_packages():
    """The few copies left (each beside the people's words for it) name what the package names."""
    root = Path(__file__).resolve().parents[1]

    class Options(HTMLParser):
        def __init__(self):
            super().__init__()
            self.select, self.values = None, {}

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "select":
                self.select = attrs.get("id")
                self.values[self.select] = []
            elif tag == "option" and self.select and "value" in attrs:
                self.values[self.select].append(attrs["value"])

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None

    page = Options()
    page.feed((root / "index.html").read_text(encoding="utf-8"))
    words = web.words()
    assert sorted(page.values["symmetry"]) == sorted(words["symmetries"])  # the Symmetry menu's labels are the page's
    assert page.values["difficulty"] == [""]  # "Any"; play.js adds the grades
    batch = (root / "static" / "views" / "batch" / "batch.js").read_text(encoding="utf-8")
    labels = re.search(r"const LABELS = \{([^}]*)\}", batch).group(1)
    assert re.findall(r"(\w+):", labels) == words["solvers"] + words["stochastic_solvers"]  # the batch view's name for each solver
