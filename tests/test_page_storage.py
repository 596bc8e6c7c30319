"""Stored data never kills the page, whatever a stored value holds (in headless Chromium).

For every key the page
writes to localStorage and every shape a stored value may take (left by an older release,
another tab, an extension or a person with the developer tools), the page comes up working
(the grid has its cells, the keypad its keys, a digit typed into an empty cell shows; the
lab draws its problem and takes a new one), says so in a visible note (role="note") where
the value could not be used, and comes up working again after a reload, with the work done
meanwhile kept. No page error or console error along the way (pagekit's watch).

Each case has a fresh browser context (its own storage) whose init script writes the value
on the first load only; `test_every_key_the_page_writes_is_tested` keeps the list of keys
honest as the page changes."""

from __future__ import annotations

import json
import re

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PUZZLE = lines("9x9/norvig_hardest.txt", 1)[0]
BLANKS = [i for i, s in enumerate(PUZZLE) if s == "."]
EMBED_ID = "quiz7"
EMBED = f"index.html?embed=1&id={EMBED_ID}#p={PUZZLE}"
EMBED_KEY = f"sudoku-dlx:embed:{EMBED_ID}:{PUZZLE}"

# The shapes of a stored value, as the raw string put into localStorage (a JavaScript
# expression, so that the 1 MB value is made in the page rather than sent in the script).
SHAPES = {
    "null": json.dumps("null"),
    "string": json.dumps('"x"'),
    "number": json.dumps("123"),
    "array": json.dumps("[]"),
    "object": json.dumps("{}"),
    "unknown-key": json.dumps('{"tidy-notes":true,"old-option":false}'),
    "truncated": json.dumps("{"),
    "1MB-string": """'"' + "x".repeat(1 << 20) + '"'""",  # valid JSON: a string of 1,048,576 characters
}

# What each kind of value may be and still be used, per the issue ("unknown keys ignored,
# missing ones defaulted; null, wrong types, huge or truncated values answered by a visible
# notice and a fresh start of just that value"): a game or the settings are objects (`{}`
# and an object of unknown keys are a fresh game and the default settings); the import box
# and the lab's text box hold a string: the import box keeps a 1 MB one (a file of puzzles),
# for the lab's text box it is "huge" (its problems are a few lines).
USABLE = {
    "game": {"object", "unknown-key"},
    "settings": {"object", "unknown-key"},
    "import": {"string", "1MB-string"},
    "text": {"string"},
}

# Every key the page writes: (name, key, kind, page that reads it).
KEYS = [
    ("play-game", "sudoku-dlx:page", "game", "index.html"),
    ("play-settings", "sudoku-dlx:page:settings", "settings", "index.html"),
    ("play-import", "sudoku-dlx:page:import", "import", "index.html"),
    ("play-generate", "sudoku-dlx:page:generate", "settings", "index.html"),
    ("embed-game", EMBED_KEY, "game", EMBED),
    ("embed-settings", f"{EMBED_KEY}:settings", "settings", EMBED),
    ("embed-import", f"{EMBED_KEY}:import", "import", EMBED),
    ("lab-text", "sudoku-dlx:lab:text", "text", "index.html?view=lab"),
]

SEED = """(() => {
  // The first load of the tab only: the reload must meet what the page made of it.
  // (Not in frames, nor in the first about:blank, which has no storage.)
  if (window !== window.top || location.protocol !== "http:" || sessionStorage.getItem("test-seeded")) return;
  sessionStorage.setItem("test-seeded", "1");
  localStorage.setItem(%s, %s);
})();"""

LAB_TEXT = "# a test problem\nitems: 1 2 3\nA: 1 2\nB: 3\nC: 1\nD: 2 3\n"


@pytest.fixture
def seeded(browser, server, watch):
    """seeded(key, shape expression, path): a page of a fresh context whose storage holds
    the value under key when the page first loads."""
    contexts = []

    def open_seeded(key, expression, path):
        context = browser.new_context()
        contexts.append(context)
        watch.attach(context)
        context.add_init_script(SEED % (json.dumps(key), expression))
        page = context.new_page()
        page.goto(server + path)
        return page

    yield open_seeded
    for context in contexts:
        context.close()


def alive(page, watch, since, what):
    """Fails with the page's errors and what it shows when its grid and keypad are missing."""
    try:
        expect(page.locator("#grid [data-cell]")).to_have_count(81)
        expect(page.locator("#keypad button")).to_have_count(10)
    except AssertionError:
        shown = page.evaluate("""() => ({grid: document.querySelectorAll('#grid [data-cell]').length,
            keypad: document.querySelectorAll('#keypad button').length,
            message: document.getElementById('message')?.textContent})""")
        raise AssertionError(f"{what}: a dead page {shown}; page/console errors: {watch.errors[since:]}") from None


def type_digit(page, index, digit):
    target = cell(page, index)
    expect(target).to_have_text("")
    target.click()
    page.keyboard.press(digit)
    expect(target).to_have_text(digit)


def told(page, what):
    """A visible note (role="note") with something in it."""
    note = page.get_by_role("note")  # hidden ones are not in the accessibility tree
    try:
        expect(note.first).to_be_visible()
        expect(note.first).to_have_text(re.compile(r"\S"))
    except AssertionError:
        raise AssertionError(f"{what}: no visible note says the saved data could not be used") from None


def check_play(page, watch, since, kind, shape, blanks):
    first, second = blanks[0], blanks[1]
    alive(page, watch, since, "first load")
    if shape not in USABLE[kind]:
        told(page, "first load")
    type_digit(page, first, "5")
    page.reload()
    alive(page, watch, since, "after a reload")
    expect(cell(page, first)).to_have_text("5")  # the work done after the fresh start is kept
    type_digit(page, second, "6")


def check_lab(page, watch, kind, shape):
    wait_ready(page)
    expect(page.locator("#lab-message")).to_contain_text("The search takes")
    expect(page.locator("[data-option]").first).to_be_visible()
    if shape not in USABLE[kind]:
        told(page, "first load")
    expect(page.locator("#lab-text")).to_be_editable()
    if not page.locator("#lab-own").evaluate("d => d.open"):
        page.locator("#lab-own summary").click()
    page.locator("#lab-text").fill(LAB_TEXT)
    page.get_by_role("button", name="Search this problem", exact=True).click()
    expect(page.locator("#lab-message")).to_contain_text("The search takes", timeout=READY_MS)
    expect(page.locator("[data-option]")).to_have_count(4)
    page.reload()
    wait_ready(page)
    expect(page.locator("#lab-message")).to_contain_text("The search takes")
    expect(page.locator("#lab-text")).to_have_value(LAB_TEXT)  # the text typed after the fresh start is kept


@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("name, key, kind, path", KEYS, ids=[k[0] for k in KEYS])
def test_a_stored_value_never_kills_the_page(seeded, watch, name, key, kind, path, shape):
    since = len(watch.errors)
    page = seeded(key, SHAPES[shape], path)
    if kind == "text" and name == "lab-text":
        check_lab(page, watch, kind, shape)
    else:
        blanks = BLANKS if "embed" in name else [0, 1]
        check_play(page, watch, since, kind, shape, blanks)


def test_every_key_the_page_writes_is_tested(new_page):
    """Plays a little on each page that stores something and lists the keys it wrote:
    each must be one the test above covers."""
    written = set()
    for path in ("index.html", EMBED):
        page = new_page(path)
        index = BLANKS[0] if "embed" in path else 0
        cell(page, index).click()
        page.keyboard.press("3")
        page.locator("#import-text").evaluate("(box) => { box.value = 'x'; box.dispatchEvent(new Event('input')); }")
        page.locator("#tidy-notes").evaluate("(box) => { box.click(); }")
        if path == "index.html":
            page.locator("#symmetry").select_option("quarter")
        page.evaluate("dispatchEvent(new Event('pagehide'))")
        written |= set(page.evaluate("Object.keys(localStorage)"))
    lab = new_page("index.html?view=lab")
    lab.locator("#lab-own summary").click()
    lab.locator("#lab-text").fill(LAB_TEXT)
    written |= set(lab.evaluate("Object.keys(localStorage)"))
    assert written - {key for _, key, _, _ in KEYS} == set(), "keys the storage tests do not cover"
    assert {key for _, key, _, _ in KEYS} <= written, "keys the page no longer writes"


def test_the_generate_choices_come_back_after_a_reload(new_page):
    page = new_page("index.html")
    page.locator("#symmetry").select_option("quarter")
    page.locator("#difficulty").select_option("Hard")
    page.locator("#needs").select_option("X-wing")  # a technique sets the difficulty to Any
    expect(page.locator("#difficulty")).to_have_value("")
    page.reload()
    expect(page.locator("#grid [data-cell]")).to_have_count(81)
    expect(page.locator("#symmetry")).to_have_value("quarter")
    expect(page.locator("#needs")).to_have_value("X-wing")
    expect(page.locator("#difficulty")).to_have_value("")
    page.locator("#difficulty").select_option("Hard")
    page.reload()
    expect(page.locator("#difficulty")).to_have_value("Hard")
    expect(page.locator("#needs")).to_have_value("")
