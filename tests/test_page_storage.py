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
honest as the page changes. Stored values are read and written by the page's main thread,
so most cases keep Python from starting (a worker that never answers: booting Pyodide
twice a case was most of this file's time); the lab's cases and every key's `truncated`
case start it."""

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
    ("play-kept", "sudoku-dlx:page:kept", "game", "index.html"),
    ("play-settings", "sudoku-dlx:page:settings", "settings", "index.html"),
    ("play-import", "sudoku-dlx:page:import", "import", "index.html"),
    ("play-generate", "sudoku-dlx:page:generate", "settings", "index.html"),
    ("embed-game", EMBED_KEY, "game", EMBED),
    ("embed-kept", f"{EMBED_KEY}:kept", "game", EMBED),
    ("embed-settings", f"{EMBED_KEY}:settings", "settings", EMBED),
    ("embed-import", f"{EMBED_KEY}:import", "import", EMBED),
    ("lab-text", "sudoku-dlx:lab:text", "text", "index.html?view=lab"),
]

SEED = """(() => {
  // Python held back: a worker that never answers (see the module's docstring).
  if (%s) window.Worker = class { postMessage() {} terminate() {} };
  // The first load of the tab only: the reload must meet what the page made of it.
  // (Not in frames, nor in the first about:blank, which has no storage.)
  if (window !== window.top || location.protocol !== "http:" || sessionStorage.getItem("test-seeded")) return;
  sessionStorage.setItem("test-seeded", "1");
  localStorage.setItem(%s, %s);
})();"""
#: The shape whose cases start Python on every key.
WITH_PYTHON = "truncated"

LAB_TEXT = "# a test problem\nitems: 1 2 3\nA: 1 2\nB: 3\nC: 1\nD: 2 3\n"


@pytest.fixture
def seeded(browser, server, watch):
    """seeded(key, shape expression, path, python): a page of a fresh context whose storage
    holds the value under key when the page first loads; Python starts only with `python`."""
    contexts = []

    def open_seeded(key, expression, path, python):
        context = browser.new_context()
        contexts.append(context)
        watch.attach(context)
        page = context.new_page()
        page.add_init_script(SEED % (json.dumps(not python), json.dumps(key), expression))  # the page's: gone with it
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
    page = seeded(key, SHAPES[shape], path, python=kind == "text" or shape == WITH_PYTHON)
    if kind == "text" and name == "lab-text":
        check_lab(page, watch, kind, shape)
    else:
        blanks = BLANKS if "embed" in name else [0, 1]
        check_play(page, watch, since, kind, shape, blanks)


def test_every_key_the_page_writes_is_tested(new_page, server):
    """Plays a little on each page that stores something (in two tabs, so that one keeps
    its game as the second saved game) and lists the keys it wrote: each must be one the
    test above covers."""
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
        second = page.context.new_page()  # another tab of the browser, on another puzzle
        second.goto(server + path)
        expect(second.locator("#grid [data-cell]")).to_have_count(81)
        paste(second, lines("9x9/royle17_sample300.txt", 1)[0])
        expect(page.locator("#games")).to_be_visible()
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


# Two tabs of one browser (issue 39): two pages of one context share localStorage and hear
# each other's `storage` events.
OTHER = lines("9x9/royle17_sample300.txt", 1)[0]
OTHER_BLANKS = [i for i, s in enumerate(OTHER) if s == "."]


@pytest.fixture
def tabs(browser, server, watch):
    """tabs() -> open(path, grid=True): a new tab (page) of one browser context, at `path`
    (with the play view's grid drawn, if `grid`)."""
    contexts = []

    def new_context():
        context = browser.new_context()
        contexts.append(context)
        watch.attach(context)

        def open_tab(path="index.html", grid=True):
            page = context.new_page()
            page.goto(server + path)
            if grid:
                expect(page.locator("#grid [data-cell]")).to_have_count(81)
            return page

        return open_tab

    yield new_context
    for context in contexts:
        context.close()


def games_note(page):
    return page.locator("#games")


def test_two_tabs_keep_both_games_and_say_so(tabs):
    open_tab = tabs()
    a = open_tab(f"index.html#p={PUZZLE}")
    type_digit(a, BLANKS[0], "5")
    b = open_tab(f"index.html#p={OTHER}")
    # B's puzzle is the saved game now: A says so, and keeps its own.
    expect(games_note(a)).to_contain_text(
        "Another tab is playing a different game (9×9 puzzle with 17 givens): that one is the saved game now")
    type_digit(b, OTHER_BLANKS[0], "7")
    type_digit(a, BLANKS[1], "6")  # the newest move: A's game is the saved game again
    expect(games_note(a)).to_be_hidden()
    expect(games_note(b)).to_contain_text(f"Another tab is playing a different game (9×9 puzzle with {81 - len(BLANKS)} givens, 2 entries)")
    played_a, played_b = grid_line(a), grid_line(b)
    a.close(run_before_unload=True)
    b.close(run_before_unload=True)
    c = open_tab()
    assert grid_line(c) == played_a  # the newest move's game
    expect(games_note(c)).to_contain_text("A second saved game is kept too (9×9 puzzle with 17 givens, 1 entry)")
    games_note(c).get_by_role("button", name="Open it").click()
    assert grid_line(c) == played_b
    expect(message(c)).to_have_text("This tab shows the other game now; the one it had is kept as the second saved game.")
    expect(games_note(c)).to_contain_text(f"A second saved game is kept too (9×9 puzzle with {81 - len(BLANKS)} givens, 2 entries)")
    c.reload()
    assert grid_line(c) == played_b
    games_note(c).get_by_role("button", name="Forget it").click()
    expect(games_note(c)).to_be_hidden()
    c.reload()
    expect(games_note(c)).to_be_hidden()
    assert grid_line(c) == played_b


def test_a_replaced_tab_keeps_its_game_or_switches(tabs):
    open_tab = tabs()
    a = open_tab(f"index.html#p={PUZZLE}")
    type_digit(a, BLANKS[0], "5")
    b = open_tab(f"index.html#p={OTHER}")
    type_digit(b, OTHER_BLANKS[0], "7")
    played_a, played_b = grid_line(a), grid_line(b)
    games_note(a).get_by_role("button", name="Keep mine").click()
    expect(message(a)).to_have_text("This tab's game is the saved game again; the other tab's is kept as the second saved game.")
    expect(games_note(b)).to_contain_text("Another tab is playing a different game")
    games_note(b).get_by_role("button", name="Switch").click()
    assert grid_line(b) == played_a
    expect(games_note(b)).to_contain_text("A second saved game is kept too (9×9 puzzle with 17 givens, 1 entry)")
    # Both tabs play one game now: a move in one shows in the other.
    type_digit(b, BLANKS[1], "6")
    expect(cell(a, BLANKS[1])).to_have_text("6")
    expect(message(a)).to_contain_text("Another tab went on with this game")
    c = open_tab()
    assert grid_line(c) == grid_line(b)
    games_note(c).get_by_role("button", name="Open it").click()
    assert grid_line(c) == played_b


def test_two_tabs_of_one_game_follow_each_other(tabs):
    open_tab = tabs()
    a = open_tab(f"index.html#p={PUZZLE}")
    type_digit(a, BLANKS[0], "5")
    b = open_tab()  # the saved game: A's
    assert grid_line(b) == grid_line(a)
    type_digit(b, BLANKS[1], "6")
    expect(cell(a, BLANKS[1])).to_have_text("6")
    type_digit(a, BLANKS[2], "7")
    expect(cell(b, BLANKS[2])).to_have_text("7")
    for page in (a, b):
        expect(games_note(page)).to_be_hidden()
    button(b, "Undo").click()
    expect(cell(a, BLANKS[2])).to_have_text("")


def test_embeds_of_different_puzzles_keep_their_own_work(tabs):
    open_tab = tabs()
    first = open_tab(f"index.html?embed=1&id=one#p={PUZZLE}")
    second = open_tab(f"index.html?embed=1&id=two#p={OTHER}")
    type_digit(first, BLANKS[0], "5")
    type_digit(second, OTHER_BLANKS[0], "7")
    type_digit(first, BLANKS[1], "6")
    for page in (first, second):
        expect(games_note(page)).to_be_hidden()
        page.reload()
        expect(page.locator("#grid [data-cell]")).to_have_count(81)
        expect(games_note(page)).to_be_hidden()
    expect(cell(first, BLANKS[1])).to_have_text("6")
    expect(cell(second, OTHER_BLANKS[0])).to_have_text("7")


def test_an_empty_tab_follows_another_tabs_game_and_keeps_nothing(tabs):
    open_tab = tabs()
    a = open_tab()  # an empty grid: nothing to keep
    b = open_tab(f"index.html#p={OTHER}")
    expect(message(a)).to_have_text("Another tab opened a game: this tab shows it too.")
    assert grid_line(a) == grid_line(b) == OTHER
    expect(games_note(a)).to_be_hidden()
    c = open_tab()
    assert grid_line(c) == OTHER
    expect(games_note(c)).to_be_hidden()


def test_a_tab_saves_its_game_again_when_the_saved_one_is_spoiled(tabs):
    """Found by the monkey (seed 7, action 514): a value spoiled by hand in another tab (one
    of another view, which does not read the game) left the play tab's game unsaved."""
    open_tab = tabs()
    a = open_tab(f"index.html#p={PUZZLE}")
    type_digit(a, BLANKS[0], "5")
    lab = open_tab("index.html?view=lab", grid=False)
    for junk in ("null", "{}", "{"):
        lab.evaluate("junk => localStorage.setItem('sudoku-dlx:page', junk)", junk)
        lab.wait_for_function("""([puzzle, cell]) => {
            try {  // the junk, until the play tab saves its game again
                const state = JSON.parse(localStorage.getItem('sudoku-dlx:page'))?.state;
                return state?.givens === puzzle && state.entries[cell] === '5';
            } catch {
                return false;
            }
        }""", arg=[PUZZLE, BLANKS[0]])


def test_an_older_pages_game_replacing_this_tabs_is_told(tabs):
    """A game saved without a stamp (by the page before issue 39, in another tab) replaces
    this tab's as another tab's would."""
    open_tab = tabs()
    a = open_tab(f"index.html#p={PUZZLE}")
    type_digit(a, BLANKS[0], "5")
    older = {"state": {"n": 9, "boxRows": 3, "boxCols": 3, "givens": OTHER, "entries": "." * 81, "shown": "." * 81}}
    lab = open_tab("index.html?view=lab", grid=False)
    lab.evaluate("game => localStorage.setItem('sudoku-dlx:page', JSON.stringify(game))", older)
    expect(games_note(a)).to_contain_text("Another tab is playing a different game (9×9 puzzle with 17 givens)")
    c = open_tab()
    assert grid_line(c) == OTHER
    games_note(c).get_by_role("button", name="Open it").click()
    expect(cell(c, BLANKS[0])).to_have_text("5")
