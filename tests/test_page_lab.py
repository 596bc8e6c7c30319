"""The exact cover lab (?view=lab) in real headless Chromium (fixtures in pagekit.py):
its marks against Python's own search state, Count and Stop, bad text, links that dance
back, share links, and the lab embedded on another origin."""

from __future__ import annotations

import os
import re
from urllib.parse import quote

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import Page, expect

from sudoku_dlx import web
from sudoku_dlx.cover.problems import KIND_PUZZLES, Problem, built_in
from sudoku_dlx.kinds.read import read_puzzle

pytestmark = pytest.mark.browser

STATUS_READY = "The search takes"


@pytest.fixture(scope="module")
def lab(browser, server, watch) -> Page:
    page = open_page(browser, server, watch, "index.html?view=lab&problem=queens&n=5")
    wait_ready(page)
    expect(message(page)).to_contain_text(STATUS_READY)
    yield page
    page.context.close()


def python_state(problem: Problem, k: int) -> dict:
    """The engine's state after step k (0-based) of its search: the items still open (a
    primary item the links still list, a secondary one no option of the partial solution
    has) with their option counts, and the live options (none of their items covered)."""
    ec = problem.exact_cover()
    chosen: list[int] = []
    seen = []

    def look(kind, item, options):
        if kind == "try":
            chosen.append(options[0])
        elif kind == "undo":
            chosen.pop()
        if len(seen) == k:
            covered = set(range(problem.n_primary)) - set(ec.open_items())
            covered |= {i for o in [*chosen, *problem.given] for i in problem.options[o]}
            seen.append({
                "open": {i: ec.size[i + 1] for i in range(len(problem.items)) if i not in covered},
                "live": [o for o, items in enumerate(problem.options) if not covered & set(items)],
            })
        else:
            seen.append(None)

    for _ in ec.search(trace=look):
        pass
    return seen[k]


def page_state(page) -> dict:
    columns = page.locator("[data-item]").evaluate_all(
        "ths => ths.map(th => [Number(th.dataset.item), th.dataset.live, th.querySelector('.count').textContent])")
    rows = page.locator("[data-option]").evaluate_all(
        "trs => trs.map(tr => [Number(tr.dataset.option), tr.dataset.live])")
    assert all(live in ("true", "false") for _, live, _ in columns) and all(live in ("true", "false") for _, live in rows)
    return {
        "open": {i: int(count) for i, live, count in columns if live == "true"},
        "live": [o for o, live in rows if live == "true"],
    }


def step_number(page) -> int:
    return int(page.locator("#lab-range").input_value()) - 1


def test_the_marks_are_pythons_state_at_every_step_shown(lab):
    problem = built_in("queens", 5)
    steps = web.cover_steps("queens", 5)["steps"]
    # The fixture's problem, whichever test used the page before (work stealing may run this one after others).
    lab.locator("#lab-problem").select_option("queens")
    lab.locator("#lab-n").select_option("5")
    expect(lab.locator("[data-option]")).to_have_count(25)
    expect(lab.locator("[data-item]")).to_have_count(28)
    text = lab.locator("#lab-step-text")
    expect(text).to_have_text(steps[0]["text"])
    assert page_state(lab) == python_state(problem, 0)
    for _ in range(6):
        button(lab, "Next step").click()
    expect(text).to_have_text(steps[6]["text"])
    assert page_state(lab) == python_state(problem, 6)
    # The slider jumps; the arrow keys step (while the focus is in the steps panel).
    k = next(k for k, step in enumerate(steps) if step["kind"] == "solution" and k > 40)
    lab.locator("#lab-range").evaluate("(range, k) => { range.value = k; range.dispatchEvent(new Event('input')) }", k + 1)
    expect(text).to_have_text(steps[k]["text"])
    assert page_state(lab) == python_state(problem, k)
    expect(lab.locator("#lab-step-count")).to_contain_text(
        f"{sum(s['kind'] == 'solution' for s in steps[:k + 1])} solutions found so far")
    # At a solution the partial solution is the solution, and the board shows its queens.
    assert lab.locator("#lab-partial li").all_text_contents() == [problem.names[o] for o in steps[k]["options"]]
    expect(lab.locator(".lab-board .placed")).to_have_count(5)
    button(lab, "Next step").press("ArrowRight")
    expect(text).to_have_text(steps[k + 1]["text"])
    assert page_state(lab) == python_state(problem, k + 1)
    button(lab, "Next step").press("ArrowLeft")
    expect(text).to_have_text(steps[k]["text"])
    button(lab, "Last step").click()
    expect(text).to_have_text(steps[-1]["text"])
    assert page_state(lab) == python_state(problem, len(steps) - 1)
    # Play steps on by itself until paused.
    button(lab, "First step").click()
    lab.locator("#lab-speed").select_option("100")
    button(lab, "Play").click()
    lab.wait_for_function("() => Number(document.querySelector('#lab-range').value) >= 8")
    lab.locator("#lab-play").click()
    expect(lab.locator("#lab-play")).to_have_text("Play")
    k = step_number(lab)
    assert page_state(lab) == python_state(problem, k)


def test_a_try_marks_what_it_covers_and_takes_out(lab):
    lab.locator("#lab-problem").select_option("knuth")
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: Knuth's example")
    steps = web.cover_steps("knuth")["steps"]
    button(lab, "Next step").click()  # step 2: try A D G, covering D and G
    assert steps[1]["kind"] == "try"
    expect(lab.locator("tr.now")).to_have_attribute("data-option", str(steps[1]["option"]))
    covered = [item for item, _ in steps[1]["covers"]]
    taken = sorted(o for _, options in steps[1]["covers"] for o in options)
    assert sorted(int(i) for i in lab.locator("th.now").evaluate_all("ths => ths.map(th => th.dataset.item)")) == covered
    assert sorted(int(o) for o in lab.locator("tr.moved").evaluate_all("trs => trs.map(tr => tr.dataset.option)")) == taken
    assert all(state == "out" for state in lab.locator("tr.moved").evaluate_all("trs => trs.map(tr => tr.dataset.state)"))
    expect(lab.locator("tr.now")).to_have_attribute("data-state", "chosen")
    expect(lab.locator("#lab-partial li")).to_have_text(["A D G"])


def test_the_links_dance_back(lab):
    """Knuth's example is small enough for the links view: a try changes links, and the
    undo of that try draws exactly the links there were before it."""
    lab.locator("#lab-problem").select_option("knuth")
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: Knuth's example")
    steps = web.cover_steps("knuth")["steps"]
    links = lab.locator("#lab-links")
    drawn = lambda: links.locator("path.link").evaluate_all("ps => ps.map(p => p.getAttribute('d'))")  # noqa: E731
    expect(lab.locator("#lab-step-count")).to_contain_text("Step 1 of")
    before = drawn()
    expect(links.locator(".index")).to_have_count(1 + 7 + 16)
    undo = next(k for k, step in enumerate(steps) if step["kind"] == "undo" and step["option"] == steps[1]["option"])
    button(lab, "Next step").click()
    expect(lab.locator("#lab-links-count")).to_contain_text("This step changed")
    changed = int(re.search(r"changed (\d+) link", lab.locator("#lab-links-count").text_content()).group(1))
    assert changed > 0 and links.locator("path.link.changed").count() == changed
    after_try = drawn()
    assert after_try != before
    assert links.locator(".index.unlinked").count() > 0
    lab.locator("#lab-range").evaluate("(range, k) => { range.value = k; range.dispatchEvent(new Event('input')) }", undo + 1)
    expect(lab.locator("#lab-step-text")).to_have_text(steps[undo]["text"])
    assert drawn() == before  # the same links as before the try: uncovering restored them
    lab.locator("#lab-range").evaluate("range => { range.value = 2; range.dispatchEvent(new Event('input')) }")
    expect(lab.locator("#lab-step-text")).to_have_text(steps[1]["text"])
    assert drawn() == after_try  # back again, step by step
    lab.locator("#lab-problem").select_option("queens")  # 144 nodes: too many to draw
    lab.locator("#lab-n").select_option("6")
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: 6 queens")
    expect(lab.locator("#lab-links-panel")).to_be_hidden()


def test_count_says_how_many_solutions(lab):
    lab.locator("#lab-problem").select_option("queens")
    lab.locator("#lab-n").select_option("8")
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: 8 queens")
    button(lab, "Count").click()
    expect(message(lab)).to_contain_text("92 solutions (", timeout=30_000)
    lab.locator("#lab-limit").fill("10")
    button(lab, "Count").click()
    expect(message(lab)).to_contain_text("At least 10 solutions: the count stopped at the limit")
    lab.locator("#lab-limit").fill("")


def test_a_count_on_two_workers_tries_the_options_a_single_count_tries(lab):
    """The options chosen above the parts (cover_split's tree) count as tried too: Knuth's
    example splits into one part that is already a solution."""
    lab.locator("#lab-problem").select_option("knuth")
    expect(lab.locator("#lab-title")).to_contain_text("Knuth")
    single = web.cover_count("knuth")
    for workers in ("2", "1"):
        lab.locator("#lab-workers").fill(workers)
        lab.locator("#lab-workers").dispatch_event("change")
        button(lab, "Count").click()
        expect(message(lab)).to_contain_text(f"1 solution ({single['nodes']} options tried in ", timeout=READY_MS)


#: The nodes of each part of the 6x10 pentominoes split for 2 workers (cover_split, 27
#: parts), as cover_count(part=...) counted them: the search's own uneven parts.
PENTOMINO_PART_NODES = [160935, 104006, 107595, 130733, 40305, 109310, 0, 2068, 33443, 24226, 24587, 39315, 0, 0,
                        12081, 28306, 234, 0, 0, 11652, 10634, 9838, 7088, 4440, 16635, 26820, 4809]


def test_the_time_left_of_a_count_comes_from_the_share_of_the_search_done(lab):
    """The 6x10 pentominoes counted on 2 workers as the page counts them (parts taken in
    order as workers come free, the second worker ready 7 s after the first, 4,000 nodes a
    second each and 0.1 s a part): every estimate the page would show from the parts
    counted and being counted is within half the true time left, or 10 s."""
    parts = web.cover_split("pentomino", board="6x10", parts=16)["parts"]
    assert len(parts) == len(PENTOMINO_PART_NODES)
    samples = lab.evaluate("""async ([parts, nodes]) => {
        const { secondsLeft, shares } = await import("./static/views/lab/estimate.js");
        const share = shares(parts);
        const free = [8, 15], start = [], end = [];
        nodes.forEach((n, k) => {
            const w = free[0] <= free[1] ? 0 : 1;
            start.push(free[w]);
            free[w] += n / 4000 + 0.1;
            end.push(free[w]);
        });
        const finish = Math.max(...end), samples = [];
        for (let now = 8; now < finish; now += 1) {
            const done = [], running = [];
            nodes.forEach((_, k) => {
                if (end[k] <= now) done.push({ share: share[k], ms: (end[k] - start[k]) * 1000 });
                else if (start[k] <= now) running.push({ share: share[k], ms: (now - start[k]) * 1000 });
            });
            samples.push([now, finish - now, secondsLeft(done, running, Math.min(2, nodes.length - done.length))]);
        }
        return [share.reduce((a, b) => a + b, 0), samples];
    }""", [parts, PENTOMINO_PART_NODES])
    total, samples = samples
    assert abs(total - 1) < 1e-9
    estimates = [(now, actual, left) for now, actual, left in samples if left is not None]
    assert len(estimates) > 50 and samples[0][2] is None  # none before a part is counted
    for now, actual, left in estimates:
        assert abs(left - actual) <= max(actual / 2, 10), (now, actual, left)


def test_stop_ends_a_long_count(lab):
    lab.locator("#lab-problem").select_option("queens")
    lab.locator("#lab-n").select_option("12")  # 14,200 solutions: many seconds in the browser
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: 12 queens")
    button(lab, "Count").click()
    expect(message(lab)).to_contain_text("solutions so far", timeout=20_000)
    expect(lab.locator("#lab-problem")).to_be_disabled()
    button(lab, "Stop").click()
    expect(message(lab)).to_contain_text("Stopped after")
    wait_ready(lab)
    expect(button(lab, "Count")).to_be_enabled()
    expect(lab.locator("#lab-problem")).to_be_enabled()
    button(lab, "Next step").click()  # the steps shown stay usable
    expect(lab.locator("#lab-step-count")).to_contain_text("Step 2 of 5,000")


def test_a_bad_line_gets_its_message_and_the_text_survives_a_reload(new_page):
    page = new_page("index.html?view=lab")
    wait_ready(page)
    expect(message(page)).to_contain_text(STATUS_READY)
    page.locator("#lab-problem").select_option("own")
    box = page.locator("#lab-text")
    expect(box).to_be_focused()
    bad = "A: x y\nB: y z y\nC: z"
    box.fill(bad)
    button(page, "Search this problem").click()
    expect(message(page)).to_have_text("Cannot read your problem: line 2: option 'B' names item 'y' twice.")
    expect(box).to_be_focused()  # with the bad line selected
    assert box.evaluate("box => [box.selectionStart, box.selectionEnd]") == [7, 15]
    expect(page.locator("#lab-title")).to_have_text("Exact cover lab: Knuth's example")  # what was shown stays
    box.fill("  \n")
    button(page, "Search this problem").click()
    expect(message(page)).to_have_text("The box for your own problem is empty: write a problem in it, one option per "
                                       "line as the help above says, or choose an example in the menu.")
    expect(box).to_be_focused()
    box.fill(bad)
    page.reload()
    expect(page.locator("#lab-text")).to_have_value(bad)
    wait_ready(page)
    page.get_by_text("Your own problem", exact=True).click()
    box = page.locator("#lab-text")
    good = "secondary: s\nA: x s\nB: y s\nC: x\nD: y\n"  # AD, BC and CD: A and B share s
    box.fill(good)
    button(page, "Search this problem").click()
    steps = len(web.cover_steps(text=good)["steps"])
    expect(message(page)).to_have_text(f"The search takes {steps} steps and finds 3 solutions.")
    expect(page.locator("[data-item]")).to_have_count(3)
    expect(page.locator("[data-item='2']")).to_have_class(re.compile("secondary"))


def test_a_share_link_carries_the_problem_text_and_step(new_page, server):
    text = "# the sets of the course notes\nA: 1 4 7\nB: 1 4\nC: 4 5 7\nD: 3 5 6\nE: 2 3 6 7\nF: 2 7\n"
    page = new_page(f"index.html?view=lab&step=3#t={quote(text)}")
    expect(page.locator("#lab-step-text")).to_have_text(web.cover_steps(text=text)["steps"][2]["text"], timeout=READY_MS)
    expect(page.locator("#lab-text")).to_have_value(text)
    expect(page.locator("#lab-problem")).to_have_value("own")
    button(page, "Next step").click()
    link = page.locator("#lab-link").input_value()
    assert link.startswith(server + "index.html?view=lab&step=4#t=")
    page.locator("#lab-compact").check()
    assert "embed=1" in page.locator("#lab-link").input_value()
    # Copy the problem shown into the box: the text of the problem, with its items in order.
    page.locator("#lab-problem").select_option("batting 6")
    expect(page.locator("#lab-title")).to_have_text("Exact cover lab: Batting order, 6 items")
    assert page.url.endswith("index.html?view=lab&problem=batting&n=6")
    button(page, "Copy the problem shown into the box").click()
    expect(page.locator("#lab-text")).to_have_value(re.compile(r"^# Batting order, 6 items\nitems: Opener, Top, Middle, "))


def test_the_main_page_links_to_the_lab(new_page):
    page = new_page()
    page.get_by_role("link", name="Lab").click()
    expect(page.locator("#lab-title")).to_be_visible()  # the lab is there before Python is
    expect(page.get_by_role("link", name="Lab")).to_have_attribute("aria-current", "page")
    expect(page.locator("#play")).to_be_hidden()
    # Once Python has shown its first problem, the lab names it in the address too.
    expect(page).to_have_url(re.compile(r"index\.html\?view=lab(&problem=knuth)?$"))


def test_without_storage_the_lab_says_the_text_will_not_be_kept(new_page):
    page = new_page("index.html?view=lab")
    page.context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('no', 'SecurityError'); }})")
    page.reload()
    page.get_by_text("Your own problem", exact=True).click()
    expect(page.locator("#lab-storage")).to_have_text(
        "This browser does not let the page keep your text: copy it somewhere before you leave.")
    expect(page.locator("#lab-text")).to_have_value(re.compile("^# Which of the sets A-F cover 1-7"))


def test_the_sudoku_matrix_is_a_picture_with_the_board(new_page):
    page = new_page("index.html?view=lab&problem=sudoku9", viewport={"width": 375, "height": 740}, color_scheme="dark")
    expect(page.locator("canvas.matrix-picture")).to_have_attribute("width", "324", timeout=READY_MS)
    expect(page.locator(".matrix-caption")).to_contain_text("729 options × 324 items")
    expect(page.locator(".lab-board .cell")).to_have_count(81)
    expect(page.locator(".lab-board .given")).to_have_count(17)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("#lab-problem").select_option("sudoku4")
    expect(page.locator("[data-option]")).to_have_count(64)
    expect(page.locator("[data-option][data-state='given']")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def kind_clues(page, name: str) -> None:
    """The board draws the kind's clues as the puzzle has them."""
    puzzle = read_puzzle(KIND_PUZZLES[name])
    board = page.locator(".lab-board")
    expect(board.locator(".cell")).to_have_count(puzzle.n ** 2)
    expect(board.locator(".cell.given")).to_have_count(puzzle.clues)
    expect(board.locator(".cell.extra")).to_have_count(len({x for unit in puzzle.shape.extra_units for x in unit}))
    expect(board.locator(".cage .sum")).to_have_text([str(cage.sum) for cage in puzzle.cages])
    expect(board.locator(".sign")).to_have_count(len(puzzle.signs))
    # Thick lines between the cells of different regions (or boxes).
    region = puzzle.shape.box_of
    n = puzzle.n
    right = [x for x in range(n * n) if region and x % n < n - 1 and region[x] != region[x + 1]]
    assert board.locator(".cell").evaluate_all(
        "cells => cells.flatMap((cell, x) => cell.classList.contains('box-right') ? [x] : [])") == right


@pytest.mark.parametrize("name", ["futoshiki", "x", "windoku", "jigsaw", "killer"])
def test_each_kinds_link_opens_its_exact_cover_and_counts_one_solution(new_page, name):
    problem = built_in(name)
    steps = web.cover_steps(name)["steps"]
    page = new_page(f"index.html?view=lab&problem={name}")
    expect(page.locator("#lab-title")).to_have_text(f"Exact cover lab: {problem.title}", timeout=READY_MS)
    expect(message(page)).to_have_text(f"The search takes {len(steps)} steps and finds 1 solution.", timeout=READY_MS)
    expect(page.locator("#lab-problem")).to_have_value(name)
    kind_clues(page, name)
    text = page.locator("#lab-step-text")
    for k in range(3):
        expect(text).to_have_text(steps[k]["text"])
        expect(page.locator("#lab-step-count")).to_contain_text(f"Step {k + 1} of {len(steps)}")
        button(page, "Next step").click()
    # A placement tried shows its digit on the board; a killer's combination marks its cage.
    k = next(k for k, step in enumerate(steps) if step["kind"] == "try")
    page.locator("#lab-range").evaluate("(range, k) => { range.value = k; range.dispatchEvent(new Event('input')) }", k + 1)
    expect(text).to_have_text(steps[k]["text"])
    mark = problem.board["marks"][steps[k]["option"]]
    now = page.locator(".lab-board .cell.now")
    if mark:
        expect(now).to_have_count(1)
        expect(page.locator(".lab-board .cell").nth(mark[0] * problem.board["cols"] + mark[1])).to_have_text(mark[2])
    else:
        cage = dict(problem.board["combinations"])[steps[k]["option"]]
        expect(now).to_have_count(len(problem.board["cages"][cage]["cells"]))
    if problem.n_primary < len(problem.items) and len(problem.items) * len(problem.options) <= 20000:
        expect(page.locator("th.secondary")).to_have_count(len(problem.items) - problem.n_primary)
        expect(page.locator(".matrix caption")).to_contain_text("secondary: covered at most once")
    button(page, "Count").click()
    expect(message(page)).to_contain_text(re.compile(r"^1 solution \(\d[\d,]* options? tried in"))


def test_a_kinds_link_takes_your_own_puzzle_and_names_what_is_wrong(new_page):
    own = "5:0R,0,0,0R,0,0,0L,0D,0L,0,0,0,0,0U,1,0U,0,0,0,0,0,0,0,0,0U,"  # sgt-unequal --generate 1 5de
    page = new_page(f"index.html?view=lab&problem=futoshiki&puzzle={quote(own)}")
    expect(page.locator("#lab-title")).to_have_text("Exact cover lab: 5×5 futoshiki", timeout=READY_MS)
    expect(page.locator(".lab-board .sign")).to_have_count(len(read_puzzle(own).signs))
    assert page.url.endswith(f"index.html?view=lab&problem=futoshiki#p={quote(own, safe='')}")
    page = new_page(f"index.html?view=lab&problem=killer#p={quote(own, safe='')}")
    expect(message(page)).to_have_text(
        f"Cannot read this link's problem: {web.cover_steps('killer', puzzle=own)['error']}.", timeout=READY_MS)
    assert "the puzzle is no killer sudoku: " in message(page).text_content()


@pytest.fixture
def host_page(browser, server, watch, other_origin):
    """A course's page on another origin that embeds `src` (a path on the page's server)."""
    pages = []

    def host(src: str) -> Page:
        url = f"{other_origin}tests/pages/lab_embed.html?src={quote(server + src, safe='')}"
        pages.append(open_page(browser, "", watch, url, viewport={"width": 900, "height": 1000}))
        return pages[-1]

    yield host
    for page in pages:
        page.context.close()


def test_the_lab_in_an_iframe_on_another_origin(host_page):
    page = host_page("index.html?view=lab&embed=1&problem=batting&n=6")
    frame = page.frame_locator("#embedded")
    expect(frame.locator("#lab-step-text")).to_have_text(web.cover_steps("batting", 6)["steps"][0]["text"],
                                                         timeout=READY_MS)
    expect(frame.locator(".lab-choose")).to_be_hidden()  # compact: no menu, no text box, no link
    expect(frame.locator("header")).to_be_hidden()
    frame.get_by_role("button", name="Next step", exact=True).click()
    expect(frame.locator("#lab-step-count")).to_contain_text("Step 2 of 56")
    frame.get_by_role("button", name="Count", exact=True).click()
    expect(frame.get_by_role("status")).to_contain_text("6 solutions (")
    expect(frame.locator(".lab-board .row-name")).to_have_text(["Opener", "Top", "Middle"])


def test_screenshot(lab, tmp_path):
    """Saves the manual's picture of the lab when UPDATE_SCREENSHOT=1 (else to a temp dir):
    the batting order with 6 items as it tries its second option for Top."""
    lab.set_viewport_size({"width": 1366, "height": 768})
    lab.locator("#lab-problem").select_option("batting 6")
    expect(lab.locator("#lab-title")).to_have_text("Exact cover lab: Batting order, 6 items")
    lab.locator("#lab-range").evaluate("range => { range.value = 11; range.dispatchEvent(new Event('input')) }")
    expect(lab.locator("#lab-step-text")).to_have_text(web.cover_steps("batting", 6)["steps"][10]["text"])
    lab.wait_for_timeout(2500)  # the step's marks have flashed
    lab.evaluate("window.scrollTo(0, 0)")
    folder = ROOT / "docs" if os.environ.get("UPDATE_SCREENSHOT") else tmp_path
    lab.screenshot(path=folder / "lab.png", full_page=True)
    assert (folder / "lab.png").stat().st_size > 10_000
