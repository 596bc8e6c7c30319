"""Every kind in the play view, in headless Chromium: drawn, played, solved, stored and made.

A `#p=` link of Simon Tatham's game ID
opens the puzzle with what its kind draws (jigsaw regions, X's diagonals, windoku's
windows, killer cages, futoshiki signs); an entry that breaks the kind's own rule shows
as a clash; Solve, Check, Hint (the worker's, on the game ID) and the share link work on
it; the game keeps its kind through a reload; the Kind select offers each kind's sizes
and Generate makes the kind (web.generate's `kind`)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect
from sudoku_dlx import web
from sudoku_dlx.kinds.grid import KIND, SYMBOLS
from sudoku_dlx.kinds.read import puzzle_id, read_puzzle
from sudoku_dlx.kinds.solver import combinations, count_solutions

pytestmark = pytest.mark.browser

# Game IDs of Simon Tatham's programs (sgt-puzzles), copied from their output:
IDS = {
    # /usr/games/sgt-solo --generate 1 3x3xdi
    "x": "3x3x:b9h4_8_7b5c8_9d1b7d2b4e6b2d7b9d3_5c3b8_5_6h3b",
    # /usr/games/sgt-solo --generate 1 9jdi
    "jigsaw": "9j:d4a1_7c6_8i3c4c9e2_5_4c7_8_3e2c4c2i9_8c1_9a7d,g_ag___caa_aaba_______bb_aaddcacbb_cac__a_a____baaaca_da_______a_e",
    # /usr/games/sgt-solo --generate 1 3x3kdi
    "killer": "3x3k:zzzc,aa_a_b__a_a___a_a_____b________________a__a_b_a__bba____aa____a___aa___aaa_aaaa___aa____b__b_a_c_aa_,"
              "3a17a6_11a14_20_15b4a10c13a7a13_9c9b13a16_15_7a17a7a4b13_10_10_6a17a7g13a12a6_8_15c10a15b19b14d",
    # /usr/games/sgt-unequal --generate 1 5dx
    "futoshiki": "5:1,0,0L,0,0,0,0,3L,0D,0,0,0,0D,0D,0,0,0,0,0,0,4U,2,0L,0,0,",
}


def unique_windoku() -> str:
    """A windoku with one solution (Tatham's programs have none): the first solution of the
    empty grid, its givens taken out cell by cell while it stays unique."""
    solution = web.solve("windoku:" + "." * 81, limit=1)["solutions"][0]
    digits = list(solution)
    for cell in range(81):
        kept, digits[cell] = digits[cell], "."
        if count_solutions(read_puzzle("windoku:" + "".join(digits)), 2) != 1:
            digits[cell] = kept
    return puzzle_id(read_puzzle("windoku:" + "".join(digits)))


IDS["windoku"] = unique_windoku()
KINDS = list(IDS)


def line(puzzle) -> str:
    return "".join(SYMBOLS[d - 1] if d else "." for d in puzzle.digits)


def region_sides(puzzle) -> int:
    """The cell sides between two cells of different boxes or regions (none in a futoshiki)."""
    shape, n = puzzle.shape, puzzle.shape.n
    if shape.kind == "futoshiki":
        return 0
    region = {x: k for k, unit in enumerate(shape.units[2 * n:3 * n]) for x in unit}
    return sum(region[x] != region[y] for x in range(n * n) for y in (x + 1, x + n)
               if y < n * n and (y == x + n or y % n))


def rule_breaker(puzzle) -> dict[int, str]:
    """Entries that break only the kind's own rule (its extra units or regions, a cage's sum,
    a sign), cell -> symbol, found from the puzzle's clues."""
    shape, n, digits = puzzle.shape, puzzle.shape.n, puzzle.digits
    row_col = lambda x: [y for y in range(n * n) if y // n == x // n or y % n == x % n]  # noqa: E731
    if puzzle.cages:  # a cage's cells with 1..k (or 2..k+1), which add up to another sum
        cage = next(c for c in puzzle.cages if len(c.cells) > 1)
        k = len(cage.cells)
        shift = int(k * (k + 1) // 2 == cage.sum)
        return {x: SYMBOLS[i + shift] for i, x in enumerate(cage.cells)}
    if puzzle.signs:  # a sign's greater cell less than its lesser one
        for sign in puzzle.signs:
            g, l = sign.greater, sign.lesser
            if digits[g] or digits[l]:
                continue
            for low in range(1, n + 1):
                for high in range(low + 1, n + 1):
                    if all(digits[y] != low for y in row_col(g)) and all(digits[y] != high for y in row_col(l)):
                        return {g: SYMBOLS[low - 1], l: SYMBOLS[high - 1]}
    own = shape.units[3 * n:] if shape.kind in ("x", "windoku") else shape.units[2 * n:3 * n]
    others = [u for u in shape.units if u not in own]
    for unit in own:  # a digit of the unit's givens again in the unit, where no other unit has it
        for x in unit:
            if digits[x]:
                continue
            for y in unit:
                d = digits[y]
                if d and all(digits[z] != d for u in others if x in u for z in u):
                    return {x: SYMBOLS[d - 1]}
    raise AssertionError("no entry breaks only the kind's rule")


def open_kind(new_page, kind, **options):
    page = new_page(f"index.html#p={quote(IDS[kind], safe=':,')}", **options)
    expect(message(page)).to_contain_text("Opened the link's")
    return page


def marks(page) -> dict:
    """What the board draws of a kind: counted in the DOM and its SVG."""
    return {
        "sides": page.locator("#grid .box-right").count() + page.locator("#grid .box-bottom").count(),
        "shaded": page.locator("#grid [data-extra]").count(),
        "cages": page.locator("#grid .kind-marks .cage").count(),
        "sums": page.locator("#grid .kind-marks .sum").all_text_contents(),
        "signs": page.locator("#grid .kind-marks .sign").count(),
    }


def type_at(page, cell_index, symbol):
    cell(page, cell_index).click()
    page.keyboard.type(symbol)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_opens_draws_breaks_its_rule_solves_checks_hints_and_shares(new_page, kind):
    puzzle = read_puzzle(IDS[kind])
    n = puzzle.shape.n
    solution = web.solve(IDS[kind])["solutions"][0]
    page = open_kind(new_page, kind)
    expect(message(page)).to_contain_text(f"{n}×{n}")
    assert grid_line(page) == line(puzzle)
    drawn = marks(page)
    assert drawn == {
        "sides": region_sides(puzzle),
        "shaded": len({x for unit in puzzle.shape.extra_units for x in unit}),
        "cages": len(puzzle.cages),
        "sums": [str(cage.sum) for cage in puzzle.cages],
        "signs": len(puzzle.signs),
    }
    # A screen reader hears the grid's kind, and each cell what it is in beyond its row and
    # column: a jigsaw's region, X's diagonal, a window, its cage with its cells and sum.
    names = {"sudoku": "Sudoku", "x": "Sudoku X", "windoku": "Windoku", "jigsaw": "Jigsaw sudoku",
             "killer": "Killer sudoku", "futoshiki": "Futoshiki"}
    expect(page.locator("#grid")).to_have_attribute("aria-label", f"{names[kind]} grid, {n} by {n}")
    if puzzle.shape.regions:
        x = n + 1
        expect(cell(page, x)).to_have_attribute("aria-label", re.compile(f", region {puzzle.shape.regions[x] + 1}(,|$)"))
    if kind == "x":
        expect(cell(page, 0)).to_have_attribute("aria-label", re.compile(", on the main diagonal(,|$)"))
        expect(cell(page, n - 1)).to_have_attribute("aria-label", re.compile(", on the anti-diagonal(,|$)"))
    if kind == "windoku":
        expect(cell(page, n + 1)).to_have_attribute("aria-label", re.compile(", in window 1(,|$)"))
        expect(cell(page, 0)).not_to_have_attribute("aria-label", re.compile("window"))
    if puzzle.cages:  # the cells say their cage, the signs' cells their neighbours
        first = puzzle.cages[0]
        cells = " ".join(f"r{x // n + 1}c{x % n + 1}" for x in sorted(first.cells))
        for x in first.cells:
            expect(cell(page, x)).to_have_attribute("aria-label", re.compile(f"in the cage {cells} adding up to {first.sum}"))
    for sign in puzzle.signs[:2]:
        expect(cell(page, sign.greater)).to_have_attribute("aria-label", re.compile(f"more than r{sign.lesser // n + 1}c"))

    breaking = rule_breaker(puzzle)
    for x, symbol in breaking.items():
        type_at(page, x, symbol)
    for x in breaking:
        expect(cell(page, x)).to_have_attribute("data-clash", "")
    for _ in breaking:
        button(page, "Undo").click()
    expect(page.locator("#grid [data-clash]")).to_have_count(0)

    button(page, "Fill notes").click()  # every blank cell's candidates, by the kind's units
    expect(page.locator("#grid [data-notes]")).to_have_count(line(puzzle).count("."))
    if kind in ("x", "windoku", "jigsaw"):
        [(x, symbol)] = breaking.items()
        assert symbol not in cell(page, x).get_attribute("data-notes")
    if kind == "killer":  # the notes of the tightest cage hold only its combinations' digits
        cage = min(puzzle.cages, key=lambda cage: len(set().union(*combinations(cage, n))))
        fits = {str(d) for d in set().union(*combinations(cage, n))}
        assert len(fits) < n
        for x in cage.cells:
            assert set(cell(page, x).get_attribute("data-notes")) - {"\n", "\xa0"} <= fits, x  # the notes grid's filler
    button(page, "Undo").click()

    wait_ready(page)
    button(page, "Solve").click()
    expect(message(page)).to_have_text("Solved: the solution is unique.")
    assert grid_line(page) == solution
    button(page, "Undo").click()
    blank = line(puzzle).index(".")
    type_at(page, blank, solution[blank])
    button(page, "Check").click()
    expect(message(page)).to_contain_text("No mistakes so far")

    button(page, "Share").click()
    link = page.locator("#share-link").input_value()
    assert f"#p={IDS[kind]}" in link.replace("%2C", ",").replace("%3A", ":")
    # f-puzzles shows every kind but futoshiki, with the kind's rules: Python writes the link.
    fpuzzles = web.fpuzzles(IDS[kind])
    if kind == "futoshiki":
        expect(page.locator("#share-fpuzzles")).to_have_text(f"Not for f-puzzles: {fpuzzles['error']}.")
    else:
        expect(page.get_by_role("link", name="Open in f-puzzles")).to_have_attribute("href", fpuzzles["link"])
    again = new_page(link)
    expect(message(again)).to_contain_text("Opened the link's")
    assert grid_line(again) == line(puzzle)
    assert marks(again) == drawn


@pytest.mark.parametrize("kind", KINDS)
def test_hint_on_each_kind_sends_its_game_id(new_page, kind):
    page = open_kind(new_page, kind)
    wait_ready(page)
    button(page, "Hint").click()
    expect(message(page)).to_contain_text(re.compile("^Hint: look for"), timeout=30_000)
    button(page, "Show more").click()
    expect(message(page)).to_contain_text("its cells are marked")
    assert page.locator("#grid [data-hint]").count() > 0


@pytest.mark.parametrize("kind", ["killer", "futoshiki"])
def test_a_stored_game_of_a_kind_survives_a_reload(new_page, server, kind):
    puzzle = read_puzzle(IDS[kind])
    page = open_kind(new_page, kind)
    blank = line(puzzle).index(".")
    symbol = web.solve(IDS[kind])["solutions"][0][blank]
    type_at(page, blank, symbol)
    drawn = marks(page)
    page.goto(server + "index.html")  # no link: the stored game comes back
    expect(cell(page, blank)).to_have_text(symbol)
    assert marks(page) == drawn
    expect(page.locator("#notice")).to_be_hidden()
    assert page.locator("#kind").input_value() == kind
    button(page, "Undo").click()  # its history too
    expect(cell(page, blank)).to_have_text("")


def test_import_reads_any_kind_and_says_which(new_page):
    page = new_page()
    for kind in ("futoshiki", "killer", "jigsaw"):
        puzzle = read_puzzle(IDS[kind])
        paste(page, IDS[kind])
        name = {"futoshiki": "futoshiki", "killer": "killer sudoku", "jigsaw": "jigsaw sudoku"}[kind]
        expect(message(page)).to_contain_text(f"Loaded a {puzzle.shape.n}×{puzzle.shape.n} {name} with")
        assert grid_line(page) == line(puzzle)


def test_the_kind_select_offers_its_sizes_and_empty_grids(new_page):
    page = new_page()
    for kind in ("futoshiki", "killer", "sudoku"):
        page.select_option("#kind", kind)
        sizes = page.locator("#size option").evaluate_all("options => options.map((o) => Number(o.value))")
        assert sizes == list(KIND[kind].sizes)
    page.select_option("#kind", "x")
    page.select_option("#size", "6")
    expect(message(page)).to_have_text("A new empty 6×6 sudoku X grid.")
    expect(page.locator("#grid [data-extra]")).to_have_count(12)


@pytest.mark.parametrize("kind, size", [("killer", 6), ("futoshiki", 5), ("jigsaw", 6)])
def test_generate_makes_the_chosen_kind(new_page, kind, size):
    page = new_page()
    wait_ready(page)
    page.select_option("#kind", kind)
    page.select_option("#size", str(size))
    button(page, "Generate").click()
    expect(message(page)).to_contain_text(re.compile(f"^New {size}×{size} "), timeout=60_000)
    assert page.locator("#kind").input_value() == kind
    drawn = marks(page)
    assert drawn["cages"] if kind == "killer" else drawn["signs"] if kind == "futoshiki" else drawn["sides"]
    button(page, "Solve").click()
    expect(message(page)).to_have_text("Solved: the solution is unique.")


def stop_generating(page):
    """Stops Generate, unless it has finished already (a quick seed on a quick machine)."""
    page.evaluate("""() => {
        const stop = document.querySelector('[data-action="stop"]');
        if (stop.getAttribute("aria-disabled") !== "true") stop.click();
    }""")
    expect(message(page)).to_have_text(re.compile(r"^(Stopped\.|New )"), timeout=60_000)


@pytest.mark.parametrize("kind, size, says", [("futoshiki", 12, False), ("x", 16, False), ("x", 25, True)])
def test_generate_says_beforehand_when_a_kind_this_large_may_not_come_out_minimal(new_page, kind, size, says):
    page = new_page()
    wait_ready(page)
    page.select_option("#kind", kind)
    page.select_option("#size", str(size))
    button(page, "Generate").click()
    expect(message(page)).to_contain_text(f"Generating a {size}×{size} ")
    note = "; it may not be minimal)"
    if says:
        expect(message(page)).to_contain_text(note)
    else:
        assert note not in message(page).text_content()
    stop_generating(page)


def test_a_large_futoshiki_says_it_solves_by_reasoning_alone(new_page):
    # From 12x12 (generator.EXACT_MAX_N) the page's Generate keeps the clues reasoning needs,
    # in a few seconds, where the exact tests took the whole budget; the message says why
    # the puzzle may not be minimal (not that the budget ran out).
    page = new_page()
    wait_ready(page)
    page.select_option("#kind", "futoshiki")
    page.select_option("#size", "12")
    button(page, "Generate").click()
    expect(message(page)).to_contain_text("New 12×12 futoshiki", timeout=60_000)
    expect(message(page)).to_contain_text("It solves by reasoning alone, without a guess")
    assert "time budget" not in message(page).text_content()


@pytest.mark.parametrize("size, grade, says", [(9, "Hard", True), (9, "Medium", False), (6, "Hard", False)])
def test_generate_says_beforehand_when_the_grade_asked_for_comes_up_seldom(new_page, size, grade, says):
    """kinds.js's SELDOM: a Hard 9x9 killer was made in one of three tries within the budget
    (a Medium one in three of three, and so a Hard 6x6 one): Generate says so as it starts."""
    page = new_page()
    wait_ready(page)
    page.select_option("#kind", "killer")
    page.select_option("#size", str(size))
    page.select_option("#difficulty", grade)
    page.evaluate("""() => {
        const message = document.getElementById("message");
        window.said = [];  // every text, so a quick seed's "New ..." does not hide the first
        new MutationObserver(() => window.said.push(message.textContent))
            .observe(message, { childList: true, characterData: true, subtree: true });
    }""")
    button(page, "Generate").click()
    page.wait_for_function("() => window.said.some((text) => text.startsWith('Generating'))")
    first = page.evaluate("() => window.said.find((text) => text.startsWith('Generating'))")
    assert first.startswith(f"Generating a {size}×{size} {grade} killer sudoku")
    note = f"({grade} comes up seldom at this kind and size: it may take the whole time budget and be of another grade)"
    assert (note in first) == says, first
    stop_generating(page)


def test_an_embed_plays_a_kind(new_page):
    page = new_page(f"index.html?embed=1&id=k1#p={quote(IDS['killer'], safe=':,')}")
    expect(page.locator("#grid .kind-marks .cage")).to_have_count(len(read_puzzle(IDS["killer"]).cages))


def test_a_killer_prints_its_cages_and_sums(new_page):
    page = open_kind(new_page, "killer")
    button(page, "Fill notes").click()
    page.emulate_media(media="print")
    expect(page.locator("#print-title")).to_have_text("Killer sudoku 9×9")
    expect(page.locator("#print-id")).to_have_text(IDS["killer"])
    expect(page.locator("#grid .kind-marks")).to_be_visible()
    dashes = page.locator("#grid .kind-marks line").first.evaluate("line => getComputedStyle(line).stroke")
    assert dashes == "rgb(0, 0, 0)"  # black on white, from dark mode too
    notes = cell(page, 1).evaluate("cell => getComputedStyle(cell, '::before').content")
    assert notes not in ("none", "")  # the player's marks print, as their entries do


@pytest.mark.parametrize("kind, size, drawn", [("killer", 4, ".cage"), ("futoshiki", 5, ".sign"), ("x", 6, "[data-extra]")])
def test_a_worksheet_of_a_kind_draws_its_clues_on_puzzles_and_answers(new_page, kind, size, drawn):
    page = new_page(f"index.html?view=worksheet&kind={kind}&size={size}&n=2")
    expect(page.locator("#ws-size option")).to_have_text([f"{n}×{n}" for n in KIND[kind].sizes if n in (4, 5, 6, 7, 8, 9, 12, 16)])
    page.get_by_role("button", name="Make the worksheet").click()
    expect(page.locator("#ws-message")).to_contain_text("2 puzzles and their answers are ready", timeout=60_000)
    puzzles, answers = page.locator(f".sheet.puzzles {drawn}").count(), page.locator(f".sheet.answers {drawn}").count()
    assert puzzles == answers > 0
    assert page.locator(".sheet.answers .mini-grid").first.locator("div").count() == size * size
