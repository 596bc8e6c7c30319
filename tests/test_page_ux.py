"""The play view as players and teachers meet it, in headless Chromium.

Feedback in view at
common screen sizes, an honest Solve, embeds that fit their content and report to a host on
another origin, state that is never stale, focus, the player's tools and input limits."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import expect
from sudoku_dlx import web

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]
SOLUTION = web.solve(HARDEST)["solutions"][0]
BLANKS = [i for i, s in enumerate(HARDEST) if s == "."]


def in_view(page, locator) -> bool:
    """The whole element is inside the viewport, as the page stands (no scrolling)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["x"] >= 0 and \
        box["y"] + box["height"] <= size["height"] + 0.5 and box["x"] + box["width"] <= size["width"] + 0.5


def assert_feedback_in_view(page):
    for what in ("#message", "#grid", "#keypad"):
        assert in_view(page, page.locator(what)), what


def wrong_digit(cell: int) -> str:
    """A digit that is not the solution's in `cell` and clashes with no given."""
    r, c = divmod(cell, 9)
    peers = {HARDEST[x] for x in range(81) if x // 9 == r or x % 9 == c or (x // 27 == r // 3 and x % 9 // 3 == c // 3)}
    return next(d for d in "123456789" if d not in peers and d != SOLUTION[cell])


@pytest.mark.parametrize("width, height", [(1280, 800), (1366, 768), (1440, 900), (375, 667)])
def test_message_grid_and_keypad_are_in_view_after_each_engine_action(new_page, width, height):
    page = new_page(f"index.html#p={HARDEST}", viewport={"width": width, "height": height})
    assert_feedback_in_view(page)
    expect(page.locator(".python-status")).to_be_in_viewport()  # "Loading Python…" is seen
    wait_ready(page)
    for action, said in (("Solve", "Solved: the solution is unique."), ("Undo", "Undone."),
                         ("Check", "No mistakes so far"), ("Hint", "Hint: look for")):
        button(page, action).click()
        expect(message(page)).to_contain_text(said)
        assert_feedback_in_view(page)
        assert in_view(page, button(page, action)), action  # the toolbar too
    button(page, "Rate").click()
    expect(page.get_by_role("region", name="Rating")).to_be_in_viewport()  # a panel that opens is shown
    expect(message(page)).to_be_in_viewport()


def test_solve_names_a_wrong_entry_and_offers_the_solution(new_page):
    cell_index = BLANKS[3]
    digit = wrong_digit(cell_index)
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    cell(page, cell_index).click()
    page.keyboard.type(digit)
    button(page, "Solve").click()
    r, c = divmod(cell_index, 9)
    expect(message(page)).to_have_text(
        f"1 of your entries disagrees with the puzzle's one solution (marked): r{r + 1}c{c + 1}.")
    expect(page.locator("[data-flagged]")).to_have_count(1)
    assert page.locator("[data-flagged]").get_attribute("data-cell") == str(cell_index)
    assert grid_line(page).count(".") == len(BLANKS) - 1  # nothing filled in over the player's work
    button(page, "Show the solution").click()
    assert grid_line(page) == SOLUTION
    expect(cell(page, cell_index)).to_have_attribute("aria-label", re.compile(", solution$"))
    button(page, "Undo").click()
    expect(cell(page, cell_index)).to_have_text(digit)


def test_no_solution_only_when_the_givens_have_none(new_page):
    page = new_page("index.html#p=" + "12345678." + "........9" + "." * 63)
    wait_ready(page)
    button(page, "Solve").click()
    expect(message(page)).to_have_text("No solution: r1c9 has no candidate: its row, column and box hold every digit.")
    expect(page.locator("[data-flagged]")).to_have_count(1)


def test_panels_and_messages_are_never_stale(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    button(page, "Solve").click()
    expect(page.locator('[data-stat="status"]')).to_have_text("unique")
    other = lines("9x9/norvig_hardest.txt", 2)[1]
    page.evaluate("p => { location.hash = 'p=' + p }", other)
    expect(page.locator('[data-stat="status"]')).to_have_text("–")  # the numbers were about the other puzzle
    button(page, "Undo").click()
    expect(message(page)).to_have_text("Undone.")


def test_focus_stays_on_the_control_or_returns_to_the_grid(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    focused = "document.activeElement.dataset.action ?? (document.activeElement.dataset.cell !== undefined ? 'cell' : document.activeElement.tagName)"
    # A hint's next action (Show more, then Apply) takes the focus from the button that asked.
    for name, after in (("Check", "check"), ("DLX steps", "steps"), ("Hint", "more-hint"), ("Show more", "more-hint")):
        button(page, name).click()
        expect(message(page)).not_to_have_text(re.compile("…"))
        assert page.evaluate(focused) in (after, "cell"), name
    button(page, "Show more").click()  # the third level: Apply appears, Show more goes
    expect(button(page, "Apply")).to_be_visible()
    button(page, "Apply").click()  # Apply hides itself: the focus goes back to the grid
    assert page.evaluate(focused) == "cell"
    button(page, "Undo").click()
    button(page, "Redo").click()  # Redo disables itself and keeps the focus
    expect(button(page, "Redo")).to_be_disabled()
    assert page.evaluate(focused) in ("redo", "cell")
    page.keyboard.press("ArrowLeft")  # the keys go on to the grid
    assert page.evaluate(focused) != "BODY"


def test_home_end_and_ctrl_arrows_move_to_the_ends(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    cell(page, 40).click()
    page.keyboard.press("End")
    expect(cell(page, 44)).to_be_focused()
    page.keyboard.press("Home")
    expect(cell(page, 36)).to_be_focused()
    page.keyboard.press("Control+ArrowDown")
    expect(cell(page, 72)).to_be_focused()
    page.keyboard.press("Control+ArrowRight")
    expect(cell(page, 80)).to_be_focused()


def test_choosing_a_size_with_the_keyboard_waits_for_enter(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    page.locator("#size").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert grid_line(page) == HARDEST  # arrowing through the sizes wipes nothing
    expect(message(page)).to_contain_text("Press Enter for an empty 16×16 grid")
    page.keyboard.press("Enter")
    expect(page.locator("[data-cell]")).to_have_count(256)
    button(page, "Undo").click()
    assert grid_line(page) == HARDEST  # one Undo


def test_placing_a_digit_tidies_the_notes_of_its_peers_in_one_undo(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    button(page, "Fill notes").click()
    first = BLANKS[0]
    digit = SOLUTION[first]
    peer = next(x for x in BLANKS[1:] if x // 9 == first // 9 and digit in candidates_of(x))
    cell(page, first).click()
    page.keyboard.type(digit)
    assert digit not in notes_of(page, peer)
    button(page, "Undo").click()
    assert digit in notes_of(page, peer)
    expect(cell(page, first)).to_have_text("")


def candidates_of(index: int) -> str:
    r, c = divmod(index, 9)
    seen = {HARDEST[x] for x in range(81) if x // 9 == r or x % 9 == c or (x // 27 == r // 3 and x % 9 // 3 == c // 3)}
    return "".join(d for d in "123456789" if d not in seen)


def notes_of(page, index) -> str:
    label = cell(page, index).get_attribute("aria-label")
    match = re.search(r"centre marks ([\d ]+)$", label)
    return match.group(1).replace(" ", "") if match else ""


def test_selecting_a_digit_tints_where_it_can_still_go(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    given = HARDEST.index("8")
    cell(page, given).click()
    possible = sorted(int(x) for x in page.locator("[data-possible]").evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    assert possible == [x for x in BLANKS if "8" in candidates_of(x)]
    page.locator("#settings summary").click()
    page.locator("#show-possible").uncheck()
    expect(page.locator("[data-possible]")).to_have_count(0)


def test_the_timer_runs_and_is_kept_with_the_game(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    expect(page.locator("#timer")).to_have_text(re.compile(r"0:0[2-9]"), timeout=10_000)
    page.reload()
    expect(page.locator("#timer")).not_to_have_text(re.compile(r"0:0[01]$"))  # not started again


def test_hints_are_told_in_three_levels(new_page):
    # A position whose next step is a chain, a continuous nice loop (docs/cli.md's): the last
    # level adds its Eureka notation.
    puzzle = "593826147.4.91..83..8.349.2..14.2..9469.5.821...1.93.4..467.2989862417357...98416"
    page = new_page(f"index.html#p={puzzle}")
    wait_ready(page)
    expected = web.hint(puzzle, "", [""] * 81)
    button(page, "Hint").click()
    assert expected["technique"] == "Continuous nice loop"
    expect(message(page)).to_contain_text("Hint: look for a continuous nice loop")
    expect(page.locator('[data-hint="cell"]')).to_have_count(0)  # the area only, no cells yet
    button(page, "Show more").click()
    expect(page.locator('[data-hint="cell"]')).to_have_count(len(expected["cells"]))
    expect(page.locator("#chain")).to_be_hidden()
    button(page, "Show more").click()
    expect(message(page)).to_have_text(f"Hint: {expected['text']}")
    expect(page.locator("#chain code")).to_have_text(expected["chain"])


@pytest.mark.parametrize("width,height", [(1280, 800), (375, 667)])
def test_a_chain_step_is_drawn_on_the_grid_until_the_grid_changes(new_page, width, height):
    puzzle = lines("9x9/sudoku_exchange_se_sample.tsv", 1)[0].split("\t")[0]
    path = web.rate(puzzle)["path"]
    index, step = next((i, s) for i, s in enumerate(path) if len(s["links"]) > 2)
    page = new_page(f"index.html#p={puzzle}", viewport={"width": width, "height": height})
    wait_ready(page)
    button(page, "Rate").click()
    page.get_by_text("Solve path").click()
    page.locator("#path li button").nth(index).click()
    marks = page.locator("#grid .step-marks")
    expect(marks).to_have_count(1)
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
    assert_feedback_in_view(page)  # the step is far down the path; the board comes back into view
    expect(page.locator("#chain code")).to_have_text(step["chain"])  # an AIC: its Eureka notation
    expect(marks.locator("line.link")).to_have_count(len(step["links"]))
    expect(marks.locator("line.link.strong")).to_have_count(sum(link["kind"] == "strong" for link in step["links"]))
    expect(marks.locator(".candidate.gone")).to_have_count(len(step["eliminations"]))
    for number, (where, digit) in enumerate(step["eliminations"]):
        mark = marks.locator(".candidate.gone").nth(number)
        expect(mark).to_have_text(str(digit))
        inner, outer = mark.bounding_box(), cell(page, where).bounding_box()
        assert outer["x"] <= inner["x"] and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
        assert outer["y"] <= inner["y"] and inner["y"] + inner["height"] <= outer["y"] + outer["height"]
    blank = puzzle.index(".")
    cell(page, blank).click()
    page.keyboard.press(web.solve(puzzle)["solutions"][0][blank])
    expect(marks).to_have_count(0)


def test_dlx_steps_play_at_a_chosen_speed(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    button(page, "DLX steps").click()
    page.locator("#steps-speed").select_option("250")
    button(page, "Play").click()
    page.wait_for_function("() => Number(document.querySelector('#steps-range').value) > 100", timeout=20_000)
    button(page, "Pause").click()


def test_input_limits_and_forms(new_page):
    page = new_page(f"index.html#p={HARDEST}")
    paste(page, "1" * 4301)
    expect(message(page)).to_have_text(re.compile(r"Not a puzzle: 4301 cells is no puzzle size"))
    paste(page, "7" * 6000)
    expect(message(page)).to_have_text("Not a puzzle: the text has 6,000 characters; a puzzle has at most 5,000")
    assert grid_line(page) == HARDEST
    other = lines("9x9/norvig_hardest.txt", 2)[1]
    paste(page, f"Puzzle #2: {other.replace('.', '*')} (SE 9.9)")
    expect(message(page)).to_have_text(f"Loaded a 9×9 puzzle with {81 - other.count('.')} givens.")
    assert grid_line(page) == other
    paste(page, HARDEST.replace(".", "_"))
    assert grid_line(page) == HARDEST


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, {"width": 375, "height": 667}])
def test_the_first_screen_says_what_to_do(new_page, viewport):
    """A first visit (an empty grid) says how to start, in view; a reload says how to go on."""
    page = new_page("index.html", viewport=viewport)
    expect(message(page)).to_have_text("To start, press Generate for a new puzzle, or paste (Ctrl+V) or import one; "
                                       "then pick a cell and type a digit.")
    assert in_view(page, page.locator("#message"))
    cell(page, 0).click()
    page.keyboard.press("5")
    page.reload()
    expect(message(page)).to_have_text("Your game as you left it: pick a cell and type a digit (or press it on the keypad).")


@pytest.mark.parametrize("view", ["nonsense", "__proto__", "constructor", "toString"])
def test_an_unknown_view_opens_the_play_view(new_page, view):
    """Any view the page does not have, even the name of an object's own property, falls back to play."""
    page = new_page(f"index.html?view={view}#p={HARDEST}")
    expect(page.locator("#grid [data-cell]")).to_have_count(81)
    expect(cell(page, 0)).to_have_text(HARDEST[0])
    expect(page.locator("#view")).to_be_hidden()
    assert grid_line(page) == HARDEST


def test_storage_refused_and_an_unreadable_save_are_told(new_page):
    page = new_page()
    page.context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('no', 'SecurityError'); }})")
    page.reload()
    expect(page.locator("#notice")).to_have_text(re.compile("does not let the page keep your work"))
    other = new_page()
    other.context.add_init_script("localStorage.setItem('sudoku-dlx:page', '{broken')")  # before the page reads it
    other.reload()
    expect(other.locator("#notice")).to_have_text("Your saved game could not be read, so a new grid was started.")


def test_saved_entries_on_givens_are_dropped_so_check_and_hint_agree(new_page):
    """A save (old or edited) with entries on givens: they are dropped, said in a notice,
    and Check and Hint then count the same mistakes (Check counted those cells too)."""
    state = {"n": 9, "boxRows": 3, "boxCols": 3, "kind": "sudoku", "regions": [], "cages": [], "signs": [],
             "givens": HARDEST, "entries": "1" * 81, "shown": "." * 81, "notes": [""] * 81}
    page = new_page()
    page.context.add_init_script(  # before the page reads it, on the next load only
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); "
        f"localStorage.setItem('sudoku-dlx:page', {json.dumps(json.dumps({'state': state}))}); }}")
    page.reload()
    givens = 81 - len(BLANKS)
    expect(page.locator("#notice")).to_have_text(
        f"Your saved game had {givens} entries on givens (from an older or edited save): they were dropped, "
        "and the rest of your game is as you left it.")
    wrong = [cell for cell in BLANKS if SOLUTION[cell] != "1"]
    wait_ready(page)
    button(page, "Check").click()
    expect(message(page)).to_have_text(f"{len(wrong)} mistakes marked.")
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("Wrong entries: ")
    assert message(page).inner_text().count("(1)") == len(wrong)
    page.reload()  # what was dropped stays dropped
    expect(message(page)).to_have_text(re.compile("^Your game as you left it"))  # said after the notices
    expect(page.locator("#notice")).to_be_hidden()


def test_offline_stop_says_so_and_python_comes_back(new_page, server, watch):
    page = new_page(f"index.html#p={HARDEST}")
    wait_ready(page)
    page.context.set_offline(True)
    page.locator("#size").select_option("25")
    button(page, "Generate").click()  # a 25x25 takes seconds
    button(page, "Stop").click()
    expect(message(page)).to_have_text(re.compile(r"^Stopped\.$|^Python could not start"))
    # Offline the new worker either boots from the browser's cache or says it cannot start.
    expect(page.locator("html")).to_have_attribute("data-python", re.compile("ready|error"), timeout=READY_MS)
    if page.locator("html").get_attribute("data-python") == "error":
        expect(message(page)).to_contain_text("Python could not start (the network is gone)")
        expect(page.locator(".python-status")).to_contain_text("Python failed to load")
    page.context.set_offline(False)
    # The browser logs the requests that failed offline; nothing else may be logged.
    watch.errors[:] = [e for e in watch.errors if "ERR_INTERNET_DISCONNECTED" not in e]
    page.evaluate("dispatchEvent(new Event('online'))")
    wait_ready(page)
    page.evaluate("p => { location.hash = 'p=' + p }", HARDEST)
    button(page, "Solve").click()
    expect(message(page)).to_have_text("Solved: the solution is unique.")



def test_python_that_cannot_fetch_its_files_says_so_and_logs_no_error(browser, server, watch):
    # Pyodide fetches its files at once: with one refused, the others it had not awaited yet
    # rejected unheard, and each was logged as an error of its own (the monkey met them offline).
    context = browser.new_context()
    watch.attach(context)
    context.route("**/pyodide.asm.wasm", lambda route: route.abort("internetdisconnected"))
    try:
        page = context.new_page()
        page.goto(server + "index.html")
        expect(page.locator("html")).to_have_attribute("data-python", "error", timeout=READY_MS)
        expect(page.locator(".python-status")).to_contain_text("Python failed to load")  # the fixture fails on any error logged
    finally:
        context.close()

# -- embeds --------------------------------------------------------------------------------

def snippet_src(app_page, server, **ticks) -> tuple[str, int]:
    """The Embed panel's snippet for the ticked options: its src and height."""
    app_page.get_by_role("button", name="Embed", exact=True).click()
    for name in ("readonly", "stats", "steps", "buttons"):
        box = app_page.locator(f"#embed-{name}")
        box.check() if ticks.get(name, name == "readonly") else box.uncheck()
    snippet = app_page.locator("#embed-snippet").input_value()
    src = re.search(r'src="([^"]+)"', snippet).group(1).replace("&amp;", "&")
    return src, int(re.search(r'height="(\d+)"', snippet).group(1))


@pytest.fixture(scope="module")
def embedder(browser, server, watch):
    page = open_page(browser, server, watch, f"index.html#p={HARDEST}")
    yield page
    page.context.close()


@pytest.mark.parametrize("ticks", [
    {"buttons": True}, {"buttons": False}, {"buttons": True, "stats": True}, {"buttons": False, "stats": True},
    {"buttons": True, "steps": True}, {"buttons": True, "stats": True, "steps": True},
], ids=lambda ticks: "+".join(name for name, on in ticks.items() if on) or "bare")
def test_each_embed_snippet_shows_all_of_its_content(embedder, server, other_origin, new_page, ticks):
    src, height = snippet_src(embedder, server, **ticks)
    host = new_page(f"{other_origin}tests/pages/host.html?height={height}&src={quote(src)}")
    frame = host.frame_locator("iframe")
    expect(frame.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    if ticks.get("steps"):
        expect(frame.locator("#steps-count")).not_to_be_empty(timeout=READY_MS)
    inner = host.frames[1]
    # The layout fits itself to the window in the frame after the panel opens: let it settle.
    wait_fits(inner)
    parts = [".message-bar", "#grid", "#keypad"] + ["#toolbar"] * ticks["buttons"] + ["#stats"] * bool(ticks.get("stats")) \
        + ["#steps-panel"] * bool(ticks.get("steps"))
    for part in parts:
        assert inner.evaluate("([s, h]) => { const b = document.querySelector(s).getBoundingClientRect();"
                              " return b.top >= 0 && b.bottom <= h && b.height > 0 }", [part, height]), part
    grid = inner.evaluate("document.getElementById('grid').offsetWidth")
    assert grid >= 380, "the board keeps its size"


def test_an_embed_resizes_through_its_size_message(embedder, server, other_origin, new_page):
    src, _ = snippet_src(embedder, server, buttons=True, stats=False, steps=False)
    host = new_page(f"{other_origin}tests/pages/host.html?height=300&src={quote(src)}")
    host.wait_for_function("window.events.some(e => e.data.type === 'size')", timeout=READY_MS)
    # The frame takes the last height told (a view may tell a new one while it settles:
    # 710 px, then 690 px once Python is ready).
    host.wait_for_function("""() => {
        const told = window.events.filter(e => e.data.type === 'size').at(-1).data.height;
        return document.querySelector('iframe').style.height === `${told}px`;
    }""")
    reported = host.evaluate("window.events.filter(e => e.data.type === 'size').at(-1).data.height")
    assert 500 < reported < 800
    assert host.frames[1].evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
    embedding = (ROOT / "docs" / "embedding.md").read_text()
    assert (ROOT / "tests" / "pages" / "resize.js").read_text().strip() in embedding  # the documented snippet


def test_an_embed_tells_its_host_ready_checked_and_solved(server, other_origin, new_page):
    entries = "".join(SOLUTION[i] if i in BLANKS[1:] else "." for i in range(81))
    src = f"{server}index.html?embed=1&id=quiz7#p={HARDEST}&e={entries}"
    host = new_page(f"{other_origin}tests/pages/host.html?src={quote(src)}")
    frame = host.frame_locator("iframe")
    expect(frame.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    frame.get_by_role("button", name="Check", exact=True).click()
    expect(frame.get_by_role("status")).to_have_text("No mistakes so far; 1 cell to go.")
    frame.locator(f'[data-cell="{BLANKS[0]}"]').click()
    host.keyboard.type(SOLUTION[BLANKS[0]])
    host.wait_for_function("window.events.some(e => e.data.type === 'solved')")
    events = {e["data"]["type"]: e for e in host.evaluate("window.events")}
    assert events["ready"]["origin"] == server.rstrip("/") and events["ready"]["data"]["id"] == "quiz7"
    assert events["checked"]["data"] == {"source": "sudoku-dlx", "type": "checked", "id": "quiz7", "puzzle": HARDEST,
                                         "mistakes": 0, "left": 1}
    solved = events["solved"]["data"]
    assert solved["puzzle"] == HARDEST and solved["hints"] == 0 and solved["ms"] > 0


def test_an_embed_refused_storage_says_what_a_reload_does(server, other_origin, new_full_page):
    """Chromium refuses storage to a frame of another site (the full browser: the headless
    shell has no such policy): the notice says the work lasts only while the page is open,
    as a reload of the host page shows, and what to do."""
    new_page = new_full_page
    src = f"{server}index.html?embed=1&id=quiz7#p={HARDEST}"
    host = new_page(f"{other_origin}tests/pages/host.html?src={quote(src)}")
    frame = host.frame_locator("iframe")
    expect(frame.locator("#notice")).to_have_text(
        "This browser does not let the page keep your work here: a reload loses it; keep it in a Share link.")
    frame.locator(f'[data-cell="{BLANKS[0]}"]').click()
    host.keyboard.type("1")
    expect(frame.locator(f'[data-cell="{BLANKS[0]}"]')).to_have_text("1")
    host.reload()
    expect(host.frame_locator("iframe").locator("#notice")).to_be_visible()
    expect(host.frame_locator("iframe").locator(f'[data-cell="{BLANKS[0]}"]')).to_have_text("")
    quiet = f"{server}index.html?embed=1&id=quiz8&buttons=check#p={HARDEST}"  # no Share button: not offered
    other = new_page(f"{other_origin}tests/pages/host.html?src={quote(quiet)}")
    expect(other.frame_locator("iframe").locator("#notice")).to_have_text(
        "This browser does not let the page keep your work here: a reload loses it, so finish it here.")


def test_two_embeds_of_one_puzzle_keep_their_own_entries(server, new_page):
    """On a host of the page's own site (where the browser allows storage in frames)."""
    srcs = [f"{server}index.html?embed=1&id={name}#p={HARDEST}" for name in ("a", "b")]
    host = new_page("tests/pages/host.html?" + "&".join(f"src={quote(s)}" for s in srcs))
    for k, digit in ((0, "1"), (1, "2")):
        frame = host.frame_locator("iframe").nth(k)
        frame.locator(f'[data-cell="{BLANKS[0]}"]').click()
        host.keyboard.type(digit)
        expect(frame.locator(f'[data-cell="{BLANKS[0]}"]')).to_have_text(digit)
    host.reload()
    for k, digit in ((0, "1"), (1, "2")):
        expect(host.frame_locator("iframe").nth(k).locator(f'[data-cell="{BLANKS[0]}"]')).to_have_text(digit)


# -- the worksheet -----------------------------------------------------------------------------

def test_a_worksheet_prints_n_puzzles_and_their_answers(new_page, tmp_path):
    page = new_page("index.html?view=worksheet&size=4&n=7")
    button(page, "Make the worksheet").click()
    expect(message(page)).to_contain_text("7 puzzles and their answers are ready", timeout=READY_MS)
    page.emulate_media(media="print")
    puzzles = page.locator(".sheet.puzzles .mini-grid")
    answers = page.locator(".sheet.answers .mini-grid")
    expect(puzzles).to_have_count(7)
    expect(answers).to_have_count(7)
    for k in range(7):
        puzzle = "".join(t or "." for t in puzzles.nth(k).locator("div").all_text_contents())
        answer = "".join(answers.nth(k).locator("div").all_text_contents())
        assert web.solve(puzzle)["solutions"] == [answer]  # each answer is its puzzle's one solution
    expect(page.locator(".worksheet-form")).to_be_hidden()
    pdf = page.pdf(path=tmp_path / "worksheet.pdf")
    # 4x4: six puzzles to a page, twelve answers: two pages of puzzles, one of answers.
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
    # The same puzzles as a problem set for an LMS (docs/teachers.md), built in the browser.
    page.emulate_media(media="screen")
    with page.expect_download() as download:
        button(page, "Download for an LMS (SCORM)").click()
    download.value.save_as(tmp_path / "set.zip")
    with zipfile.ZipFile(tmp_path / "set.zip") as package:
        set_file = json.loads(package.read("scorm.json"))
    shown = ["".join(t or "." for t in puzzles.nth(k).locator("div").all_text_contents()) for k in range(7)]
    assert set_file["puzzles"] == shown and set_file["title"] == "Sudoku"
