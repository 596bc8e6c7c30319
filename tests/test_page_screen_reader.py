"""The play view as a screen-reader user meets it, in headless Chromium with a virtual screen
reader (npm @guidepup/virtual-screen-reader, pinned in package.json): what is spoken as a
puzzle is played to the end with the keyboard alone, and the grid's accessibility tree.

The virtual screen reader is loaded from the repository's node_modules on the page's own
origin (the test server serves the repository), so the page keeps its real CSP."""

from __future__ import annotations

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect
from sudoku_dlx import web

pytestmark = pytest.mark.browser

HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]
SOLUTION = web.solve(HARDEST)["solutions"][0]
VSR = "node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js"


def start_reader(page, server):
    page.evaluate("""async (url) => {
        const { virtual } = await import(url);
        await virtual.start({ container: document.body });
        window.reader = virtual;
    }""", server + VSR)


def spoken(page) -> list[str]:
    return page.evaluate("window.reader.spokenPhraseLog()")


def label(line: str, index: int) -> str:
    """What the reader says on arriving at the cell `index` of the grid `line`."""
    r, c = divmod(index, 9)
    value = line[index]
    state = "" if value == "." else ", given" if HARDEST[index] != "." else ", entry"
    return f"gridcell, Row {r + 1}, column {c + 1}: {'empty' if value == '.' else value}{state}, selected"


def unit_said(name: str, line: str, cells: list[int], by_cell: bool = False) -> str:
    """What Alt+R, Alt+C or Alt+B says: the unit's values and what it is missing."""
    values = [line[x] if line[x] != "." else "blank" for x in cells]
    missing = [d for d in "123456789" if d not in {line[x] for x in cells}]
    return f"polite: {name}: {', '.join(values)}. " + (f"Missing {', '.join(missing)}." if missing else "Complete.")


#: Waits (in the page) until the reader has said `n` phrases (or 30 s went by), then gives them.
SAID = """async (n) => {
    for (let waited = 0; waited < 30000; waited += 50) {
        const log = await window.reader.spokenPhraseLog();
        if (log.length >= n) return log;
        await new Promise((done) => setTimeout(done, 50));
    }
    return window.reader.spokenPhraseLog();
}"""


def heard(page, phrase: str) -> bool:
    """Whether the reader says `phrase` (waiting up to 30 s for it)."""
    return page.evaluate("""async (phrase) => {
        for (let waited = 0; waited < 30000; waited += 50) {
            if ((await window.reader.spokenPhraseLog()).includes(phrase)) return true;
            await new Promise((done) => setTimeout(done, 50));
        }
        return false;
    }""", phrase)


def hear(page, expected: list[str]) -> None:
    """Waits until the reader has said as many phrases as `expected`, then requires them."""
    said = page.evaluate(SAID, len(expected))
    first = next((k for k, (a, b) in enumerate(zip(said, expected)) if a != b), len(expected))
    assert said == expected, f"from phrase {first}: said {said[first - 1:first + 3]}, expected {expected[first - 1:first + 3]}"


def test_a_blind_player_solves_a_puzzle_with_the_keyboard_and_what_is_spoken(new_page, server):
    page = new_page(f"index.html#p={HARDEST}")
    expect(page.locator("#grid [data-cell]")).to_have_count(81)
    page.locator("#message").evaluate("m => { m.tabIndex = -1; m.focus(); }")
    start_reader(page, server)
    # One tab stop: Tab from the message reaches the grid's first cell, the next Tab leaves it.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.cell") == "0"
    assert page.locator("#grid [tabindex='0']").count() == 1
    line = list(HARDEST)
    expected = ["document", label("".join(line), 0)]
    hear(page, expected)
    # A clash is said at once: the digit, its cell, where it is already.
    blank = HARDEST.index(".")
    for index in range(1, blank + 1):
        page.keyboard.press("ArrowRight")
        expected.append(label("".join(line), index))
    clash_at = next(x for x in range(9) if HARDEST[x] != ".")
    page.keyboard.press(HARDEST[clash_at])
    r, c = divmod(blank, 9)
    expected.append(f"polite: {HARDEST[clash_at]} in r{r + 1}c{c + 1} is in row 1 already, at r1c{clash_at + 1}.")
    hear(page, expected)
    page.keyboard.press("Backspace")
    page.keyboard.press("Home")
    expected.append(label("".join(line), 0))
    hear(page, expected)
    # Played cell by cell, row by row (Down at a row's end, then Home): each arrival says the
    # cell; in row 2 the readings; the last digit says Solved.
    for index in range(81):
        if line[index] == ".":
            page.keyboard.press(SOLUTION[index])
            line[index] = SOLUTION[index]
        now = "".join(line)
        if index == 9:
            readings = {
                "Alt+KeyR": unit_said("Row 2", now, list(range(9, 18))),
                "Alt+KeyC": unit_said("Column 1", now, list(range(0, 81, 9))),
                "Alt+KeyB": unit_said("Box 1", now, [0, 1, 2, 9, 10, 11, 18, 19, 20]),
                "Alt+KeyD": "polite: Placed: " + ", ".join(
                    f"{d} {'all' if now.count(d) == 9 else now.count(d)} of 9" for d in "123456789") + ".",
                "Alt+KeyI": f"polite: r2c1: {now[9]}{', given' if HARDEST[9] != '.' else ''}.",
            }
            for key, said in readings.items():
                page.keyboard.press(key)
                expected.append(said)
                hear(page, expected)
        if index == 80:
            break
        if index % 9 < 8:
            page.keyboard.press("ArrowRight")
            expected.append(label(now, index + 1))
        else:
            page.keyboard.press("ArrowDown")
            expected.append(label(now, index + 9))
            page.keyboard.press("Home")
            expected.append(label(now, index + 1))
        hear(page, expected)
    *said, last = page.evaluate(SAID, len(expected) + 1)
    assert said == expected
    assert last.startswith("polite: Solved! Every row, column and box holds each symbol once. Time ")


def test_a_hint_and_the_marks_of_a_cell_are_spoken(new_page, server):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    start_reader(page, server)
    # The Hint button, pressed from the keyboard: its message is said.
    page.get_by_role("button", name="Hint", exact=True).focus()
    page.keyboard.press("Enter")
    expect(message(page)).to_contain_text("Hint:")
    text = message(page).text_content()
    assert heard(page, f"polite: {text}")
    # A cell's marks, colour and candidates, read with Alt+I.
    blank = HARDEST.index(".")
    cell(page, blank).click()
    page.keyboard.press("Shift+Digit1")  # a corner mark
    page.keyboard.press("Control+Digit2")  # a centre mark
    page.keyboard.press("v")  # colour mode
    page.keyboard.press("3")
    page.keyboard.press("Alt+KeyI")
    r, c = divmod(blank, 9)
    seen = {HARDEST[x] for x in range(81) if x // 9 == r or x % 9 == c or (x // 27 == r // 3 and x % 9 // 3 == c // 3)}
    open_digits = " ".join(d for d in "123456789" if d not in seen)
    said = f"polite: r{r + 1}c{c + 1}: empty, can hold {open_digits} by its units; centre marks 2; corner marks 1; colour 3, green."
    assert heard(page, said)


FOUR = lines("4x4/vukr_4x4.txt", 1)[0]


def test_the_grid_is_a_wai_aria_grid_of_rows_of_named_cells(new_page):
    page = new_page(f"index.html#p={FOUR}")
    expect(page.locator("#grid [data-cell]")).to_have_count(16)
    cell(page, FOUR.index(".")).click()
    page.keyboard.press("Shift+ArrowRight")  # two cells selected
    page.keyboard.press("x")
    page.keyboard.press("4")  # a corner mark in both (or in the one that takes it)

    def name(index: int) -> str:
        r, c = divmod(index, 4)
        value = FOUR[index]
        return f"Row {r + 1}, column {c + 1}: {value}, given" if value != "." else f"Row {r + 1}, column {c + 1}: empty"

    names = [page.locator(f"#grid [data-cell='{i}']").get_attribute("aria-label") for i in range(16)]
    for index in range(16):  # the names start as the cells' own, marks after them
        assert names[index].startswith(name(index))
    rows = "\n".join(
        "  - row:\n    - /children: equal\n" + "\n".join(
            f"""    - 'gridcell "{names[r * 4 + c]}"{" [selected]" if page.locator(f"#grid [data-cell='{r * 4 + c}']").get_attribute("aria-selected") == "true" else ""}'"""
            for c in range(4))
        for r in range(4))
    expect(page.locator("#grid")).to_match_aria_snapshot(f'- grid "Sudoku grid, 4 by 4":\n  - /children: equal\n{rows}')
    selected = page.locator("#grid [aria-selected='true']")
    expect(selected).to_have_count(2)
    expect(page.locator("#grid")).to_have_attribute("aria-multiselectable", "true")
    # The grid pattern's keys: Ctrl+End and Ctrl+Home to the last and first cells, Page Down
    # and Page Up to the column's ends.
    focused = "document.activeElement.dataset.cell"
    for key, at in [("Control+End", "15"), ("Control+Home", "0"), ("PageDown", "12"), ("End", "15"), ("PageUp", "3")]:
        page.keyboard.press(key)
        assert page.evaluate(focused) == at, key
