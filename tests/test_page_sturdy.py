"""What a tester found by playing, as a player, a teacher and on a phone, each now a test.

Answers in view, the path's steps on the grid as they stood, links and share links that
say what they did, zoom for big grids, keyboard paths, words in the singular, and embeds
with room for their longest message."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect
from sudoku_dlx import web

pytestmark = pytest.mark.browser

PUZZLE = lines("9x9/norvig_hardest.txt", 1)[0]
SOLUTION = web.solve(PUZZLE)["solutions"][0]
OTHER = lines("9x9/royle17_sample300.txt", 1)[0]
PHONE = {"width": 375, "height": 667}


def in_view(page, selector) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5


def test_load_on_a_phone_brings_the_answer_into_view(new_page):
    page = new_page("index.html", viewport=PHONE)
    box = page.locator("#import-text")
    box.scroll_into_view_if_needed()
    box.fill(OTHER)
    page.get_by_role("button", name="Load", exact=True).click()
    expect(message(page)).to_contain_text("Loaded a 9×9 puzzle with 17 givens")
    for part in ("#message", "#grid"):
        assert in_view(page, part), part
    box.scroll_into_view_if_needed()
    box.fill("not a puzzle")
    page.get_by_role("button", name="Load", exact=True).click()
    expect(message(page)).to_contain_text("Not a puzzle")
    assert in_view(page, "#message")


def test_generate_on_a_phone_shows_its_progress_and_result(new_page):
    page = new_page("index.html", viewport=PHONE)
    wait_ready(page)
    generate = page.get_by_role("button", name="Generate", exact=True)
    generate.scroll_into_view_if_needed()
    generate.click()
    expect(message(page)).to_contain_text("New 9×9 puzzle", timeout=READY_MS)
    assert in_view(page, "#message") and in_view(page, "#grid")


def test_a_path_step_shows_the_grid_as_the_solve_had_it(new_page):
    page = new_page(f"index.html#p={PUZZLE}")
    wait_ready(page)
    button(page, "Rate").click()
    expect(message(page)).to_contain_text("Rated", timeout=READY_MS)
    rating = web.rate(PUZZLE)
    k, step = next((k, s) for k, s in enumerate(rating["path"]) if s["technique"] == "Naked single")
    page.get_by_text("Solve path").click()
    page.locator("#path li button").nth(k).click()
    expect(message(page)).to_have_text(f"Step {k + 1}: {step['text']}")
    (cell, digit), = step["placements"]
    # The cell shows its one candidate left, as the sentence says, not every digit its givens allow.
    assert page.locator(f'[data-cell="{cell}"]').get_attribute("data-notes").split() == [str(digit)]
    placed = [c for s in rating["path"][:k] for c, _ in s["placements"]]
    assert placed, "earlier steps placed digits"
    for earlier in placed:
        expect(page.locator(f'[data-cell="{earlier}"]')).to_have_attribute("data-solution", "")
    page.keyboard.press("Escape")
    expect(message(page)).to_have_text("Your grid again.")
    assert grid_line(page) == PUZZLE
    expect(page.locator("[data-notes]")).to_have_count(0)


def test_another_link_in_the_same_tab_says_what_it_opened(new_page):
    page = new_page(f"index.html#p={PUZZLE}")
    # Opened in a new page: no grid of the player's was replaced, so Undo is not offered.
    expect(message(page)).to_have_text(f"Opened the link's 9×9 puzzle with {81 - PUZZLE.count('.')} givens.")
    wait_ready(page)
    button(page, "Solve").click()
    expect(message(page)).to_have_text("Solved: the solution is unique.")
    page.evaluate("p => { location.hash = 'p=' + p }", OTHER)
    expect(message(page)).to_have_text(
        "Opened the link's 9×9 puzzle with 17 givens; Undo brings back the grid before it.")
    assert grid_line(page) == OTHER


def test_ticking_include_my_entries_copies_the_new_link(new_page, server):
    page = new_page(f"index.html#p={PUZZLE}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    blank = PUZZLE.index(".")
    cell(page, blank).click()
    page.keyboard.type(SOLUTION[blank])
    button(page, "Share").click()
    expect(message(page)).to_have_text("Link copied to the clipboard.")
    assert "&e=" not in page.evaluate("navigator.clipboard.readText()")
    page.locator("#share-entries").check()
    expect(message(page)).to_have_text("Link, with your entries, marks and colours, copied to the clipboard.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "&e=" in copied and copied == page.locator("#share-link").input_value()


def test_a_big_grid_on_a_phone_zooms_to_cells_big_enough_to_tap(new_page):
    page = new_page("index.html", viewport=PHONE)
    zoom = page.get_by_role("button", name="Zoom in")
    expect(zoom).to_be_hidden()  # a 9x9's cells are big enough
    page.locator("#size").select_option("25")
    expect(cell(page, 624)).to_be_attached()
    assert cell(page, 0).bounding_box()["width"] < 20
    zoom.click()
    expect(page.get_by_role("button", name="Zoom out")).to_have_attribute("aria-pressed", "true")
    assert cell(page, 0).bounding_box()["width"] >= 35
    frame = page.locator("#grid-frame")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth && f.getBoundingClientRect().right <= innerWidth")
    # Moving the selection to the far corner scrolls the frame to it.
    cell(page, 0).click()
    page.keyboard.press("Control+ArrowRight")
    page.keyboard.press("Control+ArrowDown")
    page.keyboard.press("A")
    corner = cell(page, 624)
    expect(corner).to_have_text("A")
    box, outer = corner.bounding_box(), frame.bounding_box()
    assert outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"] + 1
    page.get_by_role("button", name="Zoom out").click()
    assert cell(page, 0).bounding_box()["width"] < 20


def test_a_hint_asked_with_the_keyboard_puts_its_next_action_in_reach(new_page):
    page = new_page(f"index.html#p={PUZZLE}")
    wait_ready(page)
    button(page, "Hint").focus()
    page.keyboard.press("Enter")
    expect(message(page)).to_contain_text("Hint: look for")
    expect(button(page, "Show more")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(button(page, "Apply")).to_be_focused()


def test_ctrl_z_with_the_size_list_focused_undoes_the_size_change(new_page):
    page = new_page(f"index.html#p={PUZZLE}")
    size = page.locator("#size")
    size.focus()
    page.keyboard.press("ArrowDown")  # 12x12, not yet taken
    page.keyboard.press("Enter")
    expect(page.locator("[data-cell]")).to_have_count(144)
    page.keyboard.press("Control+z")
    expect(page.locator("[data-cell]")).to_have_count(81)
    assert grid_line(page) == PUZZLE
    expect(size).to_have_value("9")


def test_counts_of_one_are_said_in_the_singular(new_page):
    page = new_page()
    paste(page, "1..." + "." * 12)
    expect(message(page)).to_have_text("Loaded a 4×4 puzzle with 1 given.")
    entries = "".join(SOLUTION[i] if s == "." else "." for i, s in enumerate(PUZZLE))
    last = PUZZLE.index(".")
    entries = entries[:last] + "." + entries[last + 1:]
    page.evaluate("([p, e]) => { location.hash = 'p=' + p + '&e=' + e }", [PUZZLE, entries])
    expect(cell(page, last + 1)).not_to_have_text("")
    wait_ready(page)
    button(page, "Check").click()
    expect(message(page)).to_have_text("No mistakes so far; 1 cell to go.")


def test_generate_names_the_symmetry_as_the_menu_does(new_page):
    page = new_page()
    wait_ready(page)
    page.locator("#size").select_option("4")
    page.locator("#symmetry").select_option("horizontal")
    button(page, "Generate").click()
    expect(message(page)).to_contain_text("mirror top–bottom symmetry", timeout=READY_MS)


@pytest.mark.parametrize("resized", [False, True], ids=["snippet's size", "resized by its size messages"])
def test_the_play_embed_has_room_for_its_longest_message(new_page, server, other_origin, resized):
    src = f"{server}index.html?embed=1&id=room&readonly=1#p={PUZZLE}"
    # The snippet's frame (420 x 688) on a page of another origin, with or without the
    # resize script of docs/embedding.md.
    page = "host.html" if resized else "lab_embed.html"
    host = new_page(f"{other_origin}tests/pages/{page}?height=688&src={quote(src)}")
    host.locator("iframe").evaluate("f => { f.width = 420; f.height = 688 }")
    frame = host.frame_locator("iframe")
    expect(frame.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    inner = host.frames[1]
    blanks = [i for i, s in enumerate(PUZZLE) if s == "."]
    for i in blanks:
        frame.locator(f'[data-cell="{i}"]').click()
        host.keyboard.type(SOLUTION[i])
    expect(frame.get_by_role("status")).to_contain_text("Solved! Every row, column and box")
    wait_fits(inner)
    for part in (".message-bar", "#grid", "#keypad", "#toolbar"):
        assert inner.evaluate("s => { const b = document.querySelector(s).getBoundingClientRect();"
                              " return b.top >= 0 && b.bottom <= innerHeight }", part), part


@pytest.mark.parametrize("view", ["lab&problem=queens&n=5", "race", "batch", "worksheet"])
def test_every_view_embeds_from_its_snippet_and_tells_its_host(new_page, server, other_origin, view):
    page = new_page(f"index.html?view={view}", viewport={"width": 900, "height": 800})
    wait_ready(page)
    expect(page.locator("#view h2").first).not_to_be_empty()
    page.get_by_text("Embed in a web page").click()
    expect(page.locator("#view-embed-snippet")).to_have_value(re.compile("^<iframe "))
    snippet = page.locator("#view-embed-snippet").input_value()
    src = re.search(r'src="([^"]+)"', snippet).group(1).replace("&amp;", "&")
    width, height = (int(re.search(f'{name}="(\\d+)"', snippet).group(1)) for name in ("width", "height"))
    assert "embed=1" in src and re.search(r"[?&]id=\w+", src)
    # As the snippet has it, without the resize script of docs/embedding.md: all of it fits, no scrollbar.
    host = new_page(f"{other_origin}tests/pages/lab_embed.html?src={quote(src)}", viewport={"width": 1200, "height": 800})
    host.locator("iframe").evaluate("(f, [w, h]) => { f.width = w; f.height = h }", [width, height])
    expect(host.frame_locator("iframe").locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    inner = host.frames[1]
    expect(inner.locator("#view h2").first).not_to_be_empty()
    wait_fits(inner)
    if view == "race":  # and the lines a running race adds, which the snippet's height leaves room for
        inner.evaluate("""() => {
            document.querySelector('.race-note').textContent =
                'Waiting for Python: the grids move as fast as it computes the moves.';
            document.querySelector('.race-gap').textContent = 'Backtracking needed 2,093,093 tries, '
                + '32,704 times as many as dancing links (64); search time 12.3 s against 4 ms.';
        }""")
        sizes = inner.evaluate("[document.documentElement.scrollHeight, innerHeight]")
        assert sizes[0] <= sizes[1], f"a running race's lines make the embed scroll: {sizes[0]} px in {sizes[1]}"
    # With it, the frame takes the height the view tells, after telling that it is ready.
    host = new_page(f"{other_origin}tests/pages/host.html?height=200&width={width}&src={quote(src)}")
    host.wait_for_function("window.events.some(e => e.data.type === 'size')", timeout=READY_MS)
    types = host.evaluate("window.events.map(e => e.data.type)")
    assert "ready" in types
    # The frame's height is the last one told (the view may tell a new one as it settles).
    host.wait_for_function("""() => {
        const told = window.events.filter(e => e.data.type === 'size').at(-1).data.height;
        return told > 200 && document.querySelector('iframe').style.height === `${told}px`;
    }""", timeout=10_000)


def test_the_labs_step_controls_wait_for_the_first_search(new_page):
    page = new_page("index.html?view=lab&problem=queens&n=8")
    page.get_by_role("button", name="Last step").click()  # before Python has sent any search
    page.get_by_role("button", name="Play", exact=True).click()
    wait_ready(page)
    expect(page.locator("#lab-step-count")).to_contain_text("Step 1 of", timeout=READY_MS)


def test_an_import_text_is_kept_while_storage_has_room_and_said_so_when_not(new_page):
    """A file of puzzles of 1 MB comes back after a reload; one longer than the page keeps,
    or than the storage left has room for, is said so when typed (and is gone after a reload)."""
    page = new_page()
    box, notice = page.locator("#import-text"), page.locator("#notice")
    typed = "(box, text) => { box.value = text; box.dispatchEvent(new Event('input')); }"
    box.evaluate(f"(box) => ({typed})(box, '1'.repeat(1 << 20))")
    expect(notice).to_be_hidden()
    page.reload()
    page.wait_for_function("() => document.getElementById('import-text')?.value === '1'.repeat(1 << 20)")
    expect(notice).to_be_hidden()
    box.evaluate(f"(box) => ({typed})(box, '2'.repeat(2_000_001))")
    expect(notice).to_contain_text("(2,000,001 characters) is more than the 2,000,000 the page keeps: "
                                   "it will not be kept through a reload, so keep a copy of it elsewhere.")
    page.reload()
    expect(box).to_have_value("")
    expect(notice).to_be_hidden()
    page.evaluate("localStorage.setItem('filler', 'x'.repeat(4_500_000))")  # the origin's 5 MB nearly full
    box.evaluate(f"(box) => ({typed})(box, '3'.repeat(1 << 20))")
    expect(notice).to_contain_text("(1,048,576 characters) is more than this browser's storage has room for")
    expect(notice).not_to_contain_text("does not let the page keep your work")  # storage still keeps the game
    page.evaluate("localStorage.removeItem('filler')")
    page.reload()
    expect(box).to_have_value("")
    expect(page.locator("[data-cell]")).to_have_count(81)


# The share link, cut short (issue 39).
CUT_SHORT = ".2......8..5.7....94.2.......146....5..1...2"


@pytest.mark.parametrize("how", ["opened in a new tab", "a hash change"])
def test_a_link_cut_short_replaces_nothing(new_page, server, how):
    page = new_page(f"index.html#p={PUZZLE}")
    blank = PUZZLE.index(".")
    cell(page, blank).click()
    page.keyboard.type(SOLUTION[blank])
    expect(cell(page, blank)).to_have_text(SOLUTION[blank])
    played = grid_line(page)
    if how == "a hash change":
        page.evaluate("link => { location.hash = 'p=' + link }", CUT_SHORT)
    else:
        page.close()
        page = page.context.new_page()
        page.goto(f"{server}index.html#p={CUT_SHORT}")
    expect(message(page)).to_contain_text("The link's puzzle is not valid")
    assert grid_line(page) == played
    expect(message(page)).to_have_text(
        "The link's puzzle is not valid: 44 cells is no puzzle size (a puzzle has 16, 36, 64, 81, 144, 256, 625 cells). "
        "Your grid is as it was: check that the link was copied whole.")
    # The address is the grid's link again, and the grid is the saved game still.
    expect(page).to_have_url(re.compile(re.escape(f"#p={PUZZLE}") + "$"))
    page.goto(f"{server}index.html")
    expect(cell(page, blank)).to_have_text(SOLUTION[blank])
    assert grid_line(page) == played
    expect(button(page, "Undo")).to_have_attribute("aria-disabled", "false")  # its history is there too
