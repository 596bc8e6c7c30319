"""Variant sudoku in the play view, in headless Chromium: an f-puzzles or SudokuPad link
pasted or opened from the address, drawn with its rules, solved, checked, hinted, finished,
shared and kept through a reload; a link the page cannot play is named and the grid stays."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect
from sudoku_dlx import web

pytestmark = pytest.mark.browser

LINKS = Path(__file__).parent / "data" / "links" / "rangsk_fpuzzles.tsv"


def published(title: str) -> tuple[str, str]:
    """The f-puzzles link and the published solution of the puzzle of that title (tests/data/links)."""
    for line in LINKS.read_text(encoding="utf-8").splitlines():
        name, data, solution = line.split("\t")
        if name.startswith(f'"{title}"'):
            return f"https://www.f-puzzles.com/?load={data}", solution
    raise LookupError(title)


#: Thermometers and white and black kropki dots, 9x9 (Rangsk's "300 Subs!").
THERMO, THERMO_SOLUTION = published("300 Subs!")
#: Little killer sums outside a 4x4 grid and Vs (Rangsk's "Peak Sudoku").
PEAK, PEAK_SOLUTION = published("Peak Sudoku")
#: Renban lines, which the solver does not know yet (zetamath's "159").
UNKNOWN, _ = published("159")


def opened(new_page, link):
    """A new page with Python ready and `link` pasted; the page and its givens."""
    page = new_page()
    wait_ready(page)
    paste(page, link)
    expect(message(page)).to_contain_text("Loaded a")
    return page, grid_line(page)


def type_line(page, line: str, givens: str):
    """Types every digit of `line` the givens leave open."""
    for x, (digit, given) in enumerate(zip(line, givens)):
        if given == ".":
            cell(page, x).click()
            page.keyboard.press(digit)


def test_a_pasted_link_is_drawn_with_its_rules_and_solved(new_page):
    page, _ = opened(new_page, THERMO)
    expect(message(page)).to_have_text(re.compile(r"Loaded a 9×9 variant sudoku “300 Subs!” with \d+ givens? and 3 rules\."))
    grid = page.locator("#grid")
    expect(grid).to_have_attribute("data-kind", "variant")
    # The rules drawn (thermometers under the digits, dots over the grid's lines) and listed.
    expect(grid.locator('.rule-marks [data-key="thermometer"]').first).to_be_attached()
    expect(grid.locator('.rule-marks [data-key="difference"]').first).to_be_attached()
    expect(grid.locator('.rule-marks [data-key="ratio"]').first).to_be_attached()
    # A screen reader hears the rules on a cell, each by name and cells.
    expect(grid.locator('[data-cell="66"]')).to_have_attribute("aria-label", re.compile(
        r"^Row 8, column 4: empty, .*on the white dot between r8c4 and r9c4, on the black dot between r8c4 and r8c5$"))
    expect(grid.locator('[data-cell="21"]')).to_have_attribute("aria-label", re.compile(r"on the thermometer r3c4-r4c4-r5c4-"))
    expect(page.locator("#timer")).not_to_have_text("0:00")  # it has no givens, and its clock runs
    panel = page.locator("#variant-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("#variant-title")).to_have_text("300 Subs!")
    expect(panel.locator("#variant-author")).to_have_text("by Rangsk")
    expect(panel.locator("#variant-rules li")).to_have_count(3)
    expect(panel.locator("#variant-rules")).to_contain_text("Digits rise along a thermometer from its bulb.")
    button(page, "Solve").click()
    expect(message(page)).to_have_text("Solved: the solution is unique.")
    assert grid_line(page) == THERMO_SOLUTION


def test_the_rules_panel_opens_the_puzzles_exact_cover_in_the_lab(new_page):
    page, _ = opened(new_page, THERMO)
    page.locator("#variant-lab").click()
    expect(page.locator("#lab-title")).to_have_text("Exact cover lab: 9×9 variant sudoku: 300 Subs!", timeout=READY_MS)
    expect(page.locator("#lab-problem")).to_have_value("variant")
    expect(page.locator("#lab-variant")).to_have_value(THERMO)
    about = page.locator("#lab-about")
    expect(about).to_contain_text("The matrix says every rule whole: each cover is a solution of the puzzle.")
    expect(about).to_contain_text(re.compile(r"\d+ thermometers: [\d,]+ secondary items, each a pair of placements they forbid"))
    board = page.locator(".lab-board")
    expect(board.locator('.rule-marks [data-key="thermometer"]').first).to_be_attached()
    expect(board.locator('.rule-marks [data-key="ratio"]').first).to_be_attached()
    button(page, "Count").click()
    expect(message(page)).to_contain_text(re.compile(r"^1 solution \(\d[\d,]* options? tried in"), timeout=READY_MS)
    # A link the solver cannot read is named; the example comes back when the box is emptied.
    page.locator("#lab-variant").fill(UNKNOWN)
    button(page, "Use this link").click()
    expect(message(page)).to_contain_text("Cannot read this link's problem: the link is no puzzle the solver reads: ")
    expect(message(page)).to_contain_text("line (drawn only)")
    page.locator("#lab-variant").fill("")
    page.locator("#lab-variant").press("Enter")
    expect(page.locator("#lab-title")).to_have_text("Exact cover lab: 6×6 variant sudoku: A lab example")


def test_dlx_steps_search_a_variant_in_its_rules_words(new_page):
    from sudoku_dlx.cover.problems import VARIANT_LINK

    record = web.dlx_steps(VARIANT_LINK)
    page, _ = opened(new_page, VARIANT_LINK)
    button(page, "DLX steps").click()
    panel = page.get_by_role("region", name="Dancing links, step by step")
    expect(panel).to_be_visible()
    expect(page.locator("#steps-summary")).to_contain_text("As exact cover, this 6×6 puzzle has 151 primary items")
    expect(page.locator("#steps-text")).to_have_text(record["steps"][0]["text"])
    for _ in range(5):
        button(page, "Next step").click()
    expect(page.locator("#steps-text")).to_have_text(record["steps"][5]["text"])
    expect(page.locator("#steps-text")).to_contain_text("Take {2, 5, 6} for the killer cage r5c5-r5c6-r6c5")
    expect(message(page)).to_contain_text(f"The search took {len(record['steps'])} steps")


def test_on_a_phone_a_grid_with_clues_outside_it_settles(new_page):
    """Its side used to flip between two sizes a pixel apart for ever: the margins of a grid
    with clues outside it moved the chrome fit() measures by a pixel."""
    page = new_page(f"index.html#p={quote(PEAK, safe='')}", viewport={"width": 375, "height": 667})
    wait_ready(page)
    expect(page.locator("#grid")).to_have_attribute("data-outside", "")
    # Once it has settled (ten frames in a row see one side; at most 600 frames are waited for),
    # 30 frames in a row see one side (a late change of the page, once, is no flip; the flip
    # changed it every frame, so it never settled).
    widths = page.evaluate("""async () => {
      const side = () => document.querySelector("#grid").getBoundingClientRect().width;
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      for (let same = 0, before = -1, k = 0; k < 600 && same < 10; k++) {
        await frame();
        same = side() === before ? same + 1 : 0;
        before = side();
      }
      const widths = [];
      for (let k = 0; k < 30; k++) {
        await frame();
        widths.push(side());
      }
      return widths;
    }""")
    assert sum(a != b for a, b in zip(widths, widths[1:])) <= 1, widths


def test_check_marks_a_wrong_entry_and_hint_teaches_in_the_rules_words(new_page):
    page, givens = opened(new_page, THERMO)
    blank = givens.index(".")
    wrong = next(d for d in "123456789" if d != THERMO_SOLUTION[blank])
    cell(page, blank).click()
    page.keyboard.press(wrong)
    button(page, "Check").click()
    expect(message(page)).to_have_text("1 mistake marked.")
    expect(cell(page, blank)).to_have_attribute("data-flagged", "")
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("Wrong entry")
    page.keyboard.press("Delete")
    step = web.hint(THERMO)  # what Python's hint is on the empty grid, told in three levels
    assert step["status"] == "step" and step["technique"] == "thermometer"
    button(page, "Hint").click()
    expect(message(page)).to_have_text("Hint: look for a thermometer.")
    button(page, "Show more").click()
    expect(message(page)).to_have_text("Hint: a thermometer; its cells are marked.")
    button(page, "Show more").click()
    expect(message(page)).to_have_text(f"Hint: {step['text']}")
    button(page, "Apply").click()
    expect(message(page)).to_have_text("Hint applied; Undo takes it back.")
    first, digit = step["eliminations"][0]  # its cell now notes what is left, without the digit
    expect(cell(page, first)).to_have_attribute("data-notes", re.compile(r"\S"))
    assert str(digit) not in cell(page, first).get_attribute("data-notes")


def test_the_grid_filled_by_hand_is_solved_when_every_rule_holds(new_page):
    page, givens = opened(new_page, PEAK)
    # A 4x4 with clues outside it: the grid keeps a cell's room on each side, in the board.
    grid = page.locator("#grid")
    expect(grid).to_have_attribute("data-outside", "")
    expect(grid.locator('.rule-marks [data-key="littlekillersum"]').first).to_be_attached()
    board = page.locator("#grid-frame").bounding_box()
    box = grid.bounding_box()
    assert box["x"] >= board["x"] - 0.5 and box["x"] + box["width"] <= board["x"] + board["width"] + 0.5
    type_line(page, PEAK_SOLUTION, givens)
    expect(message(page)).to_contain_text("Solved! Every row, column and region holds each symbol once, and every rule holds.")


def test_a_broken_rule_is_named_when_the_grid_is_filled(new_page):
    page, givens = opened(new_page, PEAK)
    # Two digits no given holds, swapped throughout: no row, column or box repeats, and as
    # the puzzle has one solution, some rule of it breaks.
    a, b = next((a, b) for a in "1234" for b in "1234" if a < b and a not in givens and b not in givens)
    swapped = PEAK_SOLUTION.translate(str.maketrans(a + b, b + a))
    type_line(page, swapped, givens)
    expect(message(page)).to_contain_text("Not solved:")


def test_share_link_opens_the_variant_and_a_reload_keeps_it(new_page, server):
    page, givens = opened(new_page, THERMO)
    blank = givens.index(".")
    cell(page, blank).click()
    page.keyboard.press(THERMO_SOLUTION[blank])
    played = grid_line(page)
    page.reload()
    expect(page.locator("#variant-title")).to_have_text("300 Subs!")
    expect(cell(page, blank)).to_have_text(THERMO_SOLUTION[blank])
    assert grid_line(page) == played
    button(page, "Share").click()
    link = page.locator("#share-link").input_value()
    assert "#p=" + quote(THERMO, safe="") in link
    expect(page.get_by_role("link", name="Open in f-puzzles")).to_have_attribute("href", web.fpuzzles(THERMO)["link"])
    expect(button(page, "Stop")).to_have_attribute("aria-disabled", "true")  # Python is idle again
    other = new_page(link.replace(server, "") if link.startswith(server) else link)
    expect(other.locator("#variant-title")).to_have_text("300 Subs!")
    expect(message(other)).to_contain_text("Opened the link's 9×9 variant sudoku “300 Subs!”")


def test_a_link_with_a_rule_the_page_cannot_play_is_named_and_the_grid_stays(new_page):
    page = new_page()
    wait_ready(page)
    before = grid_line(page)
    paste(page, UNKNOWN)
    expect(message(page)).to_contain_text("Not a puzzle this page can play:")
    expect(message(page)).to_contain_text("drawn only")
    assert grid_line(page) == before
    paste(page, "https://www.f-puzzles.com/?load=N4Ig!!not-base64")
    expect(message(page)).to_contain_text("Not a puzzle this page can play:")
    assert grid_line(page) == before


@pytest.mark.parametrize("size", [(400, 500), (360, 640), (600, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_in_a_fixed_size_embed_the_grid_keeps_its_size_and_the_rules_go_under_it(new_page, size):
    width, height = size
    page = new_page(f"index.html?embed=1#p={quote(THERMO, safe='')}", viewport={"width": width, "height": height})
    expect(page.locator("#grid [data-cell]")).to_have_count(81)
    expect(page.locator("#variant-rules li")).to_have_count(3)
    # The grid as large as the frame allows around the toolbar, message, modes and keypad (not
    # ~180 px), once the page has fitted it to the panel shown.
    least = min(width - 40, height * 0.38)
    page.wait_for_function("least => document.querySelector('#grid').getBoundingClientRect().width >= least", arg=least)
    grid = page.locator("#grid").evaluate("e => e.getBoundingClientRect().toJSON()")
    assert grid["bottom"] <= height  # whole, in view
    # The rules under it, in reach by scrolling the frame.
    page.locator("#variant-rules").scroll_into_view_if_needed()
    expect(page.locator("#variant-rules")).to_be_in_viewport()


def test_rate_gives_a_variant_its_own_scale_and_path(new_page):
    page, _ = opened(new_page, THERMO)
    wait_ready(page)
    button(page, "Rate").click()
    rated = web.rate(THERMO)
    expect(message(page)).to_have_text(f"Rated {rated['grade']}: score {rated['score']:.1f}, hardest technique "
                                       f"{rated['hardest']}, {rated['steps']} steps.")
    expect(page.locator('[data-rating="scale"]')).to_have_text(rated["scale"])
    expect(page.locator("#path > li")).to_have_count(rated["steps"])
