"""The play view's layers of marks, in headless Chromium: corner marks, centre marks and colours.

Each layer entered with the mouse (the mode buttons and the keypad), the keys (Z/X/C/V,
Space, Shift+digit for a corner mark, Ctrl+digit for a centre mark) and touch, on a 9x9
and a 16x16 grid (where C is a symbol, so the C key types it); the cells' aria-labels and
the marks drawn (the centre marks' data-notes, the corner marks' and colours' SVGs).
Many cells selected (a mouse's or a finger's drag, Ctrl+click, Shift+arrows, Ctrl+A, a
double click) and typed into as one change that one Undo takes back; a mark all the
selected cells have is taken out of all; Erase clears one layer in a mark mode, entries
and marks but not colours in digit mode. Marks and colours survive a reload and travel in a share link (an invalid one
is said and left out); a game saved before corner marks and colours existed still opens;
axe-core finds nothing wrong with marks and colours on show, light and dark."""

from __future__ import annotations

import json
import time

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect
from test_axe import RUN, report

pytestmark = pytest.mark.browser

HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]  # 85...24.. in its first row: cells 2, 3, 4 empty
SIXTEEN = lines("16x16/vukr_16x16_first100.txt", 1)[0]  # 1.D....4 in its first row: cell 1 empty
MARKS_INVALID = "The link's marks or colours are not valid, so they were left out."
#: What test_marks_of_each_layer puts in its cell, by grid size: a corner mark (a letter in
#: 16x16, typed with Shift+its key), a centre mark and a colour.
PUZZLES = {9: (HARDEST, 2, "3"), 16: (SIXTEEN, 1, "C")}
#: The mode buttons' names and their keys.
MODE_KEYS = {"Digit": "Z", "Corner": "X", "Centre": "C", "Colour": "V"}


def said(index, n=9, value="empty", *states):
    """A cell's aria-label: its row and column, what it shows, then its states."""
    return f"Row {index // n + 1}, column {index % n + 1}: {value}" + "".join(f", {state}" for state in states)


def selected(page):
    return page.locator('#grid [aria-selected="true"]')


def pressed(page, mode):
    """Checks that `mode`'s button alone is pressed."""
    for name, key in MODE_KEYS.items():
        expect(button(page, f"{name} mode ({key})")).to_have_attribute("aria-pressed", str(name == mode).lower())


def press(page, *keys):
    for key in keys:
        page.keyboard.press(key)


def corner_key(symbol):
    return f"Shift+{'Digit' if symbol.isdigit() else 'Key'}{symbol}"


def put_marks(page, how, corner):
    """Marks `corner` in the corner, 5 in the centre and colour 2 in the selected cells,
    by "keys", "mouse" (the mode buttons and the keypad) or "touch" (the same, tapped)."""
    if how == "keys":
        press(page, corner_key(corner), "Control+Digit5", "v", "2")  # Shift and Ctrl whatever the mode
        return
    for mode, key in (("Corner", f"Corner mark {corner}"), ("Centre", "Centre mark 5"), ("Colour", "Colour 2, sky blue")):
        for name in (f"{mode} mode ({MODE_KEYS[mode]})", key):
            button(page, name).tap() if how == "touch" else button(page, name).click()
        pressed(page, mode)


@pytest.mark.parametrize("how", ["mouse", "keys", "touch"])
@pytest.mark.parametrize("n", [9, 16])
def test_marks_of_each_layer(new_page, n, how):
    puzzle, blank, corner = PUZZLES[n]
    page = new_page(f"index.html#p={puzzle}", has_touch=how == "touch")
    expect(page.locator("#grid [data-cell]")).to_have_count(n * n)
    cell(page, blank).tap() if how == "touch" else cell(page, blank).click()
    put_marks(page, how, corner)
    pressed(page, "Colour")
    expect(page.locator("#keypad button")).to_have_count(10)  # nine colours and Erase, whatever the size
    expect(cell(page, blank)).to_have_attribute(
        "aria-label", said(blank, n, "empty", "centre marks 5", f"corner marks {corner}", "colour 2, sky blue"))
    expect(cell(page, blank)).to_have_attribute("data-notes", "5")
    expect(page.locator("#grid svg.corner-marks text")).to_have_text([corner])
    colour = page.locator("#grid svg.colour-marks rect.colour")
    expect(colour).to_have_count(1)
    expect(colour).to_have_class("colour c2")
    expect(colour).to_have_attribute("x", str(blank % n))
    expect(colour).to_have_attribute("y", str(blank // n))
    # The colour drawn under the cell shows through it (its background is see-through).
    cell(page, blank + n).click()
    expect(cell(page, blank)).to_have_attribute("aria-selected", "false")  # no selection's tint
    background = cell(page, blank).evaluate("c => getComputedStyle(c).backgroundColor")
    assert background in ("transparent", "rgba(0, 0, 0, 0)"), background
    if how != "keys":
        return
    cell(page, blank).click()
    press(page, "Space")  # the modes in turn: after colour, digit
    pressed(page, "Digit")
    press(page, "x")
    pressed(page, "Corner")
    press(page, "z", "c")
    if n == 9:
        pressed(page, "Centre")
        expect(cell(page, blank)).to_have_text("")
    else:  # C is a symbol of the grid: typed as a digit, the mode stays
        pressed(page, "Digit")
        expect(cell(page, blank)).to_have_text("C")
        expect(cell(page, blank)).to_have_attribute(  # column 2 has a C (row 6): a clash
            "aria-label", said(blank, n, "C", "entry", "clashes", "colour 2, sky blue"))
        expect(page.locator("#grid svg.corner-marks")).to_have_count(0)


def drag(page, cells):
    """Presses the mouse on the first of `cells` and moves it across the others."""
    for k, index in enumerate(cells):
        box = cell(page, index).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=1 if k == 0 else 4)
        if k == 0:
            page.mouse.down()
    page.mouse.up()


def test_many_cells_selected_take_one_digit_as_one_change(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)  # the page settled: the drag's cells stay where they were measured
    drag(page, [1, 2, 3, 4])  # from a given (5) across three empty cells
    expect(selected(page)).to_have_count(4)
    for index in (1, 2, 3, 4):
        expect(cell(page, index)).to_have_attribute("aria-selected", "true")
    page.keyboard.press("6")
    for index in (2, 3, 4):
        expect(cell(page, index)).to_have_text("6")
    expect(cell(page, 1)).to_have_text("5")  # the given stays
    button(page, "Undo").click()  # one Undo takes the three back
    for index in (2, 3, 4):
        expect(cell(page, index)).to_have_text("")
    assert grid_line(page) == HARDEST
    # Ctrl+click adds a cell, or takes a selected one out.
    cell(page, 7).click()
    cell(page, 8).click(modifiers=["Control"])
    cell(page, 16).click(modifiers=["Control"])
    expect(selected(page)).to_have_count(3)
    cell(page, 16).click(modifiers=["Control"])
    expect(cell(page, 16)).to_have_attribute("aria-selected", "false")
    expect(selected(page)).to_have_count(2)
    page.keyboard.press("1")
    expect(cell(page, 7)).to_have_text("1")
    expect(cell(page, 8)).to_have_text("1")
    expect(cell(page, 16)).to_have_text("")
    # A double click selects every cell showing its digit.
    cell(page, 7).dblclick()
    expect(selected(page)).to_have_count(HARDEST.count("1") + 2)
    # Shift+arrows extend the selection; Ctrl+A takes every cell, Escape the focused one alone.
    cell(page, 11).click()
    press(page, "Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowDown")
    expect(selected(page)).to_have_count(4)
    for index in (11, 12, 13, 22):
        expect(cell(page, index)).to_have_attribute("aria-selected", "true")
    press(page, "Control+a")
    expect(selected(page)).to_have_count(81)
    press(page, "Escape")
    expect(selected(page)).to_have_count(1)
    expect(cell(page, 22)).to_have_attribute("aria-selected", "true")


def test_a_finger_drawn_across_cells_selects_them(new_page):
    """A touch drag selects, not scrolls (Playwright has no touch move: CDP's touch events)."""
    page = new_page(f"index.html#p={HARDEST}", has_touch=True)
    wait_ready(page)
    points = []
    for index in (2, 3, 4):
        box = cell(page, index).bounding_box()
        points.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    cdp = page.context.new_cdp_session(page)
    events = [("touchStart", points[0])] + [
        ("touchMove", (x0 + (x1 - x0) * k / 8, y)) for (x0, y), (x1, _) in zip(points, points[1:]) for k in range(1, 9)]
    # A finger's pace (20 ms a step), held still before it lifts: no fling, whose end would
    # eat the next tap. The times are the events' own: nothing waits.
    start = time.time()
    for k, (kind, (x, y)) in enumerate(events):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}], "timestamp": start + 0.02 * k})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": start + 0.02 * len(events) + 0.5})
    cdp.detach()
    expect(selected(page)).to_have_count(3)
    for index in (2, 3, 4):
        expect(cell(page, index)).to_have_attribute("aria-selected", "true")
    button(page, "Enter 6").tap()
    for index in (2, 3, 4):
        expect(cell(page, index)).to_have_text("6")
    button(page, "Undo").tap()
    expect(cell(page, 2)).to_have_text("")
    assert grid_line(page) == HARDEST


def test_a_mark_all_have_goes_and_erase_clears_one_layer(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    cell(page, 2).click()
    press(page, "Shift+Digit3")
    cell(page, 3).click(modifiers=["Control"])
    press(page, "Shift+Digit3")  # cell 3 lacked it: both have it
    expect(cell(page, 3)).to_have_attribute("aria-label", said(3, 9, "empty", "corner marks 3"))
    press(page, "Shift+Digit3")  # both had it: out of both
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2))
    expect(cell(page, 3)).to_have_attribute("aria-label", said(3))
    button(page, "Undo").click()  # the two cells' mark was one change
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2, 9, "empty", "corner marks 3"))
    expect(cell(page, 3)).to_have_attribute("aria-label", said(3, 9, "empty", "corner marks 3"))
    press(page, "Control+Digit5", "v", "2")
    both = said(3, 9, "empty", "centre marks 5", "corner marks 3", "colour 2, sky blue")
    expect(cell(page, 3)).to_have_attribute("aria-label", both)
    # Erase in corner mode clears the corner marks alone.
    press(page, "x")
    button(page, "Erase the cells' corner marks").click()
    expect(cell(page, 3)).to_have_attribute("aria-label", said(3, 9, "empty", "centre marks 5", "colour 2, sky blue"))
    expect(page.locator("#grid svg.corner-marks")).to_have_count(0)
    # Erase in digit mode clears entries and marks, not colours.
    press(page, "z")
    cell(page, 4).click()
    press(page, "7")
    cell(page, 2).click()
    press(page, "Shift+ArrowRight", "Shift+ArrowRight")
    button(page, "Erase the cells").click()
    expect(cell(page, 4)).to_have_attribute("aria-label", said(4))
    for index in (2, 3):
        expect(cell(page, index)).to_have_attribute("aria-label", said(index, 9, "empty", "colour 2, sky blue"))
    expect(page.locator("#grid svg.colour-marks rect.colour.c2")).to_have_count(2)
    # A digit entered keeps its cell's colour; a given takes one.
    cell(page, 2).click()
    press(page, "6")
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2, 9, "6", "entry", "colour 2, sky blue"))
    cell(page, 0).click()
    press(page, "v", "9")
    expect(cell(page, 0)).to_have_attribute("aria-label", said(0, 9, "8", "given", "colour 9, purple"))
    # A double click on an empty cell selects the cells of its colours.
    cell(page, 3).dblclick()
    expect(selected(page)).to_have_count(2)
    expect(cell(page, 2)).to_have_attribute("aria-selected", "true")


#: What test_marks_survive_a_reload_and_travel_in_a_link puts in the grid: each cell's label.
MARKED = {0: said(0, 9, "8", "given", "colour 9, purple"),
          2: said(2, 9, "empty", "centre marks 5", "corner marks 3", "colour 2, sky blue"),
          3: said(3, 9, "6", "entry")}


def test_marks_survive_a_reload_and_travel_in_a_link(new_page, server):
    page = new_page(f"index.html#p={HARDEST}")
    cell(page, 2).click()
    press(page, "Shift+Digit3", "Control+Digit5", "v", "2")
    cell(page, 0).click()
    press(page, "9", "z")  # colour 9 (still in colour mode), then digits
    cell(page, 3).click()
    press(page, "6")
    for index, label in MARKED.items():
        expect(cell(page, index)).to_have_attribute("aria-label", label)
    page.reload()
    for index, label in MARKED.items():
        expect(cell(page, index)).to_have_attribute("aria-label", label)
    button(page, "Share").click()
    page.locator("#share-entries").check()
    entries = "...6" + "." * 77
    link = f"{server}index.html#p={HARDEST}&e={entries}&cm=2:5&km=2:3&co=0:9,2:2"
    expect(page.locator("#share-link")).to_have_value(link)
    other = new_page(link.removeprefix(server))  # a new context: nothing stored
    for index, label in MARKED.items():
        expect(cell(other, index)).to_have_attribute("aria-label", label)
    expect(message(other)).to_contain_text("and its entries and marks")
    expect(other.locator("#grid svg.corner-marks text")).to_have_text(["3"])
    bad = new_page(f"index.html#p={HARDEST}&cm=999:1")
    expect(message(bad)).to_have_text(MARKS_INVALID)
    expect(cell(bad, 0)).to_have_text("8")
    assert grid_line(bad) == HARDEST
    expect(bad.locator("[data-notes]")).to_have_count(0)


def test_a_game_saved_before_corner_marks_and_colours_opens(new_page):
    shape = {"n": 9, "boxRows": 3, "boxCols": 3, "kind": "sudoku", "regions": [], "cages": [], "signs": [],
             "givens": HARDEST, "entries": "." * 81, "shown": "." * 81}
    noted = {**shape, "notes": [""] * 2 + ["147"] + [""] * 78}  # no corners, no colours
    page = new_page()
    page.context.add_init_script(  # before the page reads it, on the next load only
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); "
        f"localStorage.setItem('sudoku-dlx:page', {json.dumps(json.dumps({'state': noted, 'past': [shape]}))}); }}")
    page.reload()
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2, 9, "empty", "centre marks 1 4 7"))
    expect(page.locator("#notice")).to_be_hidden()  # nothing was dropped or unreadable
    cell(page, 2).click()
    press(page, "Shift+Digit9", "v", "3")
    expect(cell(page, 2)).to_have_attribute(
        "aria-label", said(2, 9, "empty", "centre marks 1 4 7", "corner marks 9", "colour 3, green"))
    for _ in range(2):
        button(page, "Undo").click()
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2, 9, "empty", "centre marks 1 4 7"))
    button(page, "Undo").click()  # back to the state saved before notes too
    expect(cell(page, 2)).to_have_attribute("aria-label", said(2))
    assert grid_line(page) == HARDEST


def test_axe_finds_nothing_wrong_with_marks_and_colours(new_page, server):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    cell(page, 2).click()
    press(page, "Shift+Digit3", "Control+Digit5")
    cell(page, 4).click()
    press(page, "Control+Digit1", "Control+Digit2", "Control+Digit7")  # centre marks alone: the mini grid
    cell(page, 0).click()
    press(page, "v", "9")
    cell(page, 3).click()
    press(page, "2", "5")
    expect(cell(page, 3)).to_have_attribute("aria-label", said(3, 9, "empty", "colours 2, sky blue and 5, blue"))
    expect(page.locator("#grid svg.colour-marks rect.colour")).to_have_count(3)
    cell(page, 2).click(modifiers=["Control"])  # two cells selected, the colour keys on the keypad
    expect(selected(page)).to_have_count(2)
    page.add_script_tag(url=server + "node_modules/axe-core/axe.min.js")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = page.evaluate(RUN)
        assert violations == [], f"axe on marks and colours ({scheme}):\n{report(violations)}"


def test_a_mode_button_pressed_from_the_keyboard_keeps_the_focus(new_page):
    page = new_page("index.html")
    expect(page.locator("#grid [data-cell]")).to_have_count(81)
    corner = page.get_by_role("button", name="Corner mode (X)")
    corner.focus()
    page.keyboard.press("Enter")
    expect(corner).to_have_attribute("aria-pressed", "true")
    expect(corner).to_be_focused()
