"""Knuth's classics in the lab, in headless Chromium: drawn, browsed, counted, stopped, pasted, raced, linked.

Fixtures in pagekit.py: a pentomino solution drawn and browsed, Langford pairs counted on one worker
and on two (the same count), Stop during a long count on the pool, a problem pasted in
Knuth's format counted and downloaded, the two engines raced, and links that carry every
choice. One page serves them all (each test sets up what it needs), as booting Python is
what costs."""

from __future__ import annotations

import re

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import Page, expect

from sudoku_dlx import web

pytestmark = pytest.mark.browser

STATUS_READY = "The search "  # takes N steps, or is long
# Knuth's example of "Dancing Links" (items a-g, one solution: a d, b g, c e f) in his DLX
# input format, with a comment line and a secondary item h on two options.
KNUTH = """| Knuth's example with a secondary item
a b c d e f g | h
c e f
a d g h
b c f
a d
b g h
d e g
"""


@pytest.fixture(scope="module")
def lab(browser, server, watch) -> Page:
    page = open_page(browser, server, watch, "index.html?view=lab&problem=pentomino&board=3x20&workers=2")
    wait_ready(page)
    expect(message(page)).to_contain_text(STATUS_READY)
    yield page
    page.context.close()


def choose(page, problem: str, title: str, **fields) -> None:
    """Chooses `problem` in the menu with the fields given (id: value), and waits for its title."""
    page.locator("#lab-problem").select_option(problem)
    for name, value in fields.items():
        field = page.locator(f"#lab-{name}")
        if field.evaluate("f => f.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.dispatch_event("change")
    expect(page.locator("#lab-title")).to_have_text(f"Exact cover lab: {title}", timeout=READY_MS)


def count_on(page, workers: int) -> str:
    """Count on `workers` workers: the status once done."""
    page.locator("#lab-workers").fill(str(workers))
    page.locator("#lab-workers").dispatch_event("change")
    button(page, "Count").click()
    expect(message(page)).to_contain_text(" tried in ", timeout=2 * READY_MS)
    return message(page).text_content()


def drawn(page) -> dict[tuple[int, int], str]:
    """The pentomino board shown: each cell's piece letter, by (row, col)."""
    cols = int(page.locator(".lab-board.pentomino").evaluate("b => getComputedStyle(b).getPropertyValue('--cols')"))
    letters = page.locator(".lab-board.pentomino .cell").evaluate_all("cells => cells.map(c => c.dataset.piece ?? '#')")
    return {(x // cols, x % cols): letter for x, letter in enumerate(letters) if letter != "#"}


def test_a_pentomino_solution_is_drawn_and_browsed(lab):
    choose(lab, "pentomino", "Pentominoes, 3×20", **{"board-size": "3x20"})  # the fixture's, whichever test ran before
    record = web.cover_steps("pentomino", board="3x20")
    names = record["problem"]["options"]
    pieces = record["problem"]["board"]["pieces"]
    button(lab, "First").click()
    expect(lab.locator("#lab-solution-text")).to_have_text("Solution 1")
    first = web.cover_solutions("pentomino", board="3x20", first=0)["solutions"][0]
    assert len(names) == len(pieces)
    assert drawn(lab) == {(r, c): letter for o in first for r, c, letter in pieces[o]}
    # Each piece's letter is written once, in the piece; thick borders part the pieces.
    assert sorted(lab.locator(".lab-board.pentomino .cell").all_text_contents()) == [""] * 48 + list("FILNPTUVWXYZ")
    assert lab.locator(".lab-board.pentomino .edge-right").count() > 0
    button(lab, "Next").click()
    expect(lab.locator("#lab-solution-text")).to_have_text("Solution 2")
    button(lab, "Next").click()
    expect(lab.locator("#lab-solution-text")).to_have_text("There is no solution 3: the problem has 2 solutions.")
    button(lab, "Random").click()
    expect(lab.locator("#lab-solution-text")).to_have_text(re.compile(r"^A random solution \(seed \d+\)$"))
    expect(lab.locator("#lab-board-caption")).to_contain_text("A random solution")
    # Stepping shows the search again: the pieces the partial solution has placed.
    button(lab, "Last step").click()
    expect(lab.locator("#lab-board-caption")).to_contain_text("After step")
    # Knuth's count of the 3x20 box: 2 tilings up to symmetry, on two workers as on one.
    assert count_on(lab, 2).startswith(f"{web.cover_count('pentomino', board='3x20')['solutions']} solutions (")


def test_a_count_on_two_workers_equals_the_single_count(lab):
    choose(lab, "langford", "Langford pairs, n = 7", pairs="7")
    single = web.cover_count("langford", 7)["solutions"]
    assert single == 26  # Knuth, TAOCP 7.2.2.1: 26 up to reversal for n = 7
    assert count_on(lab, 1).startswith(f"{single} solutions (")
    assert lab.locator(".lab-langford .place text").all_text_contents() != []
    parallel = count_on(lab, 2)
    assert parallel.startswith(f"{single} solutions (") and "on 2 workers" in parallel, parallel
    # Race both: the two engines' counts side by side, the same solutions and nodes.
    button(lab, "Race both").click()
    expect(message(lab)).to_contain_text("as fast as dancing", timeout=READY_MS)
    rows = lab.locator("#lab-race tbody tr").evaluate_all("trs => trs.map(tr => [...tr.cells].map(c => c.textContent))")
    assert [row[0] for row in rows] == ["dancing links", "dancing cells"]
    assert rows[0][1] == rows[1][1] == str(single)


def test_stop_during_a_long_count_leaves_the_page_usable(lab):
    choose(lab, "pentomino", "Pentominoes, 6×10", **{"board-size": "6x10"})
    lab.locator("#lab-workers").fill("2")
    lab.locator("#lab-workers").dispatch_event("change")
    button(lab, "Count").click()
    expect(message(lab)).to_contain_text("parts counted", timeout=READY_MS)
    expect(lab.locator("#lab-problem")).to_be_disabled()
    button(lab, "Stop").click()
    expect(message(lab)).to_contain_text("Stopped after")
    expect(button(lab, "Count")).to_be_enabled()
    expect(lab.locator("#lab-problem")).to_be_enabled()
    choose(lab, "langford", "Langford pairs, n = 4", pairs="4")
    assert count_on(lab, 2).startswith(f"{web.cover_count('langford', 4)['solutions']} solution (")


def test_a_problem_in_knuths_format_is_counted_and_downloaded(lab):
    lab.locator("#lab-problem").select_option("own")
    lab.locator("#lab-text").fill(KNUTH)
    button(lab, "Search this problem").click()
    expect(lab.locator("[data-item]")).to_have_count(8)
    expected = web.cover_count(text=KNUTH)["solutions"]
    assert count_on(lab, 1).startswith(f"{expected} solution (")
    with lab.expect_download() as download:
        button(lab, "Download (Knuth's format)").click()
    text = open(download.value.path(), encoding="utf-8").read()
    assert text == web.cover_steps(text=KNUTH)["problem"]["knuth"]
    assert web.cover_count(text=text)["solutions"] == expected


def test_a_link_carries_every_choice_through_a_reload(lab, server):
    board = "......../......../......../...##.../...##.../......../......../........"
    path = f"index.html?view=lab&problem=pentomino&board={board}&raw=1&workers=3&engine=cells"
    lab.goto(server + path.replace("#", "%23"))
    expect(lab.locator("#lab-title")).to_contain_text("Pentominoes", timeout=READY_MS)
    expect(lab.locator("#lab-board-size")).to_have_value("draw")
    expect(lab.locator("#lab-restricted")).not_to_be_checked()
    expect(lab.locator("#lab-workers")).to_have_value("3")
    expect(lab.locator("#lab-engine")).to_have_value("cells")
    expect(lab.locator("#lab-draw-grid [aria-pressed=true]")).to_have_count(4)
    link = lab.locator("#lab-link").input_value()
    assert "raw=1" in link and "workers=3" in link and "engine=cells" in link and "board=" in link
    # A hole drawn and the X restricted again: the address keeps them for a reload.
    lab.locator("#lab-restricted").check()
    lab.locator("#lab-draw-grid [data-at='0,0']").click()
    lab.locator("#lab-pieces input[value=X]").uncheck()
    expect(message(lab)).to_contain_text("Cannot read")  # 59 cells for 11 pieces
    expect(message(lab)).to_contain_text("59")
    lab.locator("#lab-pieces input[value=X]").check()
    lab.locator("#lab-draw-grid [data-at='0,0']").click()
    lab.locator("#lab-board-size").select_option("5x12")
    expect(lab.locator("#lab-title")).to_contain_text("5×12", timeout=READY_MS)
    lab.reload()
    expect(lab.locator("#lab-title")).to_contain_text("5×12", timeout=READY_MS)
    expect(lab.locator("#lab-restricted")).to_be_checked()
    expect(lab.locator("#lab-workers")).to_have_value("3")
    choose(lab, "langford", "Langford pairs, n = 11", pairs="11")
    lab.reload()
    expect(lab.locator("#lab-pairs")).to_have_value("11", timeout=READY_MS)
    assert "problem=langford&n=11" in lab.url


def test_a_board_for_some_of_the_pieces_is_counted(lab, server):
    lab.goto(server + "index.html?view=lab&problem=pentomino&board=5x5&pieces=FLPUX&raw=1")
    expect(lab.locator("#lab-title")).to_contain_text("5×5", timeout=READY_MS)
    expect(lab.locator("#lab-pieces input:checked")).to_have_count(5)
    expected = web.cover_count("pentomino", board="5x5", pieces="FLPUX", raw=True)["solutions"]
    assert expected > 1 and count_on(lab, 2).startswith(f"{expected} solutions (")
