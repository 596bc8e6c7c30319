"""The batch view's reports in headless Chromium: Done, invalid lines, the time left, widths, plurals,
success by clue count.

Done is said only
once the table covers every result, junk lines are invalid lines and not puzzles, the
time left comes from the throughput and not the workers' boot, the table fits a
laptop's and a phone's width with mean guesses in it, every count is
plural-aware, and the plot of success by clue count shows what the run's statuses say (its
bars and its table checked against the JSON download, whichever solver wins). Inputs are small; what makes a million lines slow (a summary that takes
seconds) is reproduced by holding back the page worker's summaries."""

from __future__ import annotations

import json
import os
import re

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import ROOT
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PUZZLES = lines("9x9/royle17_sample300.txt")
#: Lines no parser takes for a puzzle (none is blank or a comment).
JUNK = [f"junk line {k}: {'x' * (k % 17)}" for k in range(2000)]
#: bench --json's fields, as the table's cells name them (data-stat).
STATS = ["puzzles", "unique", "multiple", "none", "invalid", "unfinished", "mean_ms", "median_ms", "min_ms",
         "max_ms", "mean_nodes", "median_nodes", "min_nodes", "max_nodes", "mean_guesses", "no_guess_pct",
         "total_s", "time_vs_first"]

# Holds back every batch_summary answer of the page's workers by window.summaryDelay ms
# (all by the same delay, so they stay in order), as a summary of a million results
# takes seconds; and, by window.bootDelay ms, a worker's word that its Python is ready,
# as a first boot takes seconds on a slow machine; with window.summaryError, a summary
# fails with that error instead (as one of too many results for Python's memory would).
HOLD_BACK = """
(() => {
  window.summaryDelay = 0;
  window.bootDelay = 0;
  window.summaryError = "";
  const Real = Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.summaries = new Set();
    }
    postMessage(message, ...rest) {
      if (message?.type === "batch_summary") this.summaries.add(message.id);
      return super.postMessage(message, ...rest);
    }
    set onmessage(listener) {
      super.onmessage = listener && ((event) => {
        const { data } = event;
        if (this.summaries.has(data?.id) && window.summaryError) return listener({ data: { id: data.id, error: window.summaryError } });
        const delay = data?.type === "status" && data.state === "ready" ? window.bootDelay
          : this.summaries.has(data?.id) && !("progress" in data) ? window.summaryDelay : 0;
        if (!delay) return listener(event);
        setTimeout(() => listener(event), delay);
      });
    }
    get onmessage() {
      return super.onmessage;
    }
  };
})();
"""
# A clock of the test's own for the page (its performance.now): it stands still but when
# an answer to a batch request arrives, which moves it on by window.msPerLine for each line
# the request held, and when a worker's Python says it is ready, which moves it on by
# window.bootMs. With one worker the page's pace and time left are then exact, however
# loaded the machine is (on the wall clock, a load that falls away mid-run made the
# estimate look wrong). After HOLD_BACK, whose Worker it wraps.
VIRTUAL_CLOCK = """
(() => {
  let now = 0;
  window.msPerLine = 40;
  window.bootMs = 3000;
  performance.now = () => now;
  const Held = Worker;
  window.Worker = class extends Held {
    constructor(...args) {
      super(...args);
      this.lines = new Map();
    }
    postMessage(message, ...rest) {
      if (message?.type === "batch") this.lines.set(message.id, message.args.lines.length);
      return super.postMessage(message, ...rest);
    }
    set onmessage(listener) {
      super.onmessage = listener && ((event) => {
        const { data } = event;
        if (data?.type === "status" && data.state === "ready") now += window.bootMs;
        else if (this.lines.has(data?.id) && "result" in data) now += window.msPerLine * this.lines.get(data.id);
        return listener(event);
      });
    }
    get onmessage() {
      return super.onmessage;
    }
  };
})();
"""
ONE_CORE = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 1 });"

# Notes what the page shows at the moment the message first says Done or Stopped.
AT_DONE = """() => {
  window.atDone = null;
  const message = document.querySelector(".batch-message");
  new MutationObserver(() => {
    if (window.atDone || !/^(Done|Stopped)/.test(message.textContent)) return;
    window.atDone = {
      message: message.textContent,
      cells: [...document.querySelectorAll("td[data-stat=puzzles]")].map((cell) => cell.textContent),
      run: !document.querySelector("#batch-run").disabled,
    };
  }).observe(message, { childList: true, characterData: true, subtree: true });
}"""

# Notes every text of the rate line with its time (ms since this was called).
RATES = """() => {
  window.rates = [];
  const rate = document.querySelector(".batch-rate");
  const start = performance.now();
  new MutationObserver(() => window.rates.push([performance.now() - start, rate.textContent]))
    .observe(rate, { childList: true, characterData: true, subtree: true });
}"""


def batch_page(browser, server, watch, *scripts) -> Page:
    context = browser.new_context()
    watch.attach(context)
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(server + "index.html?view=batch")
    wait_ready(page)
    return page


@pytest.fixture(scope="module")
def batch(browser, server, watch) -> Page:
    """A batch page on a machine of one core (so one worker), its worker booted."""
    page = batch_page(browser, server, watch, HOLD_BACK, ONE_CORE)
    expect(page.locator(".batch-workers")).to_have_text("Python workers ready: 1 of 1.", timeout=2 * READY_MS)
    yield page
    page.context.close()


def run(page, path, solvers=("dlx",), max_nodes=3000):
    page.locator("input[type=file]").set_input_files(path)
    for box in page.locator("input[name=solver]").all():
        box.set_checked(box.get_attribute("value") in solvers)
    page.locator("#batch-cap").fill(str(max_nodes))
    page.get_by_role("button", name="Run", exact=True).click()


def number(text: str) -> float:
    return float(text.replace(",", ""))


def cell(page, solver, stat):
    """The table's cell of `solver` and bench --json's field `stat` (in a row of the
    solver's or in its column)."""
    return page.locator(f'tr[data-solver="{solver}"] td[data-stat="{stat}"], '
                        f'td[data-solver="{solver}"][data-stat="{stat}"]')


def test_done_is_said_once_the_table_covers_every_result(batch, tmp_path):
    """The final summary used to be asked for after Done was said, behind a periodic one
    already on its way: with a million lines (seconds a summary) Done showed beside a
    table of 809,610."""
    path = tmp_path / "set.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    batch.evaluate("window.summaryDelay = 1500; window.summaryError = ''")  # whatever a test before left
    batch.evaluate(AT_DONE)
    run(batch, path, ["dlx", "textbook"])
    batch.wait_for_function("() => window.atDone !== null", timeout=2 * READY_MS)  # this run's Done (a run before may have left its own)
    seen = batch.evaluate("window.atDone")
    batch.evaluate("window.summaryDelay = 0")
    assert seen["message"] == "Done: 300 puzzles from 300 lines."
    assert [number(text) for text in seen["cells"]] == [300, 300]
    assert seen["run"]
    expect(cell(batch, "textbook", "unique")).to_have_text("300")


def test_a_table_that_cannot_be_made_is_said_so_with_the_pages_own_counts(batch, tmp_path):
    path = tmp_path / "set.txt"
    path.write_text("\n".join(PUZZLES[:20] + ["junk"]) + "\n")
    batch.evaluate("window.summaryError = 'MemoryError: held back by the test'")
    run(batch, path)
    expect(batch.locator(".batch-message")).to_have_text(
        "Done: 20 puzzles from 21 lines; 1 line is not a valid puzzle (listed below). "
        "The table could not be made (MemoryError: held back by the test).", timeout=READY_MS)
    batch.evaluate("window.summaryError = ''")
    expect(batch.get_by_role("button", name="Run", exact=True)).to_be_enabled()


def test_junk_lines_are_invalid_lines_not_puzzles(batch, tmp_path):
    path = tmp_path / "junk.txt"
    path.write_text("\n".join(JUNK) + "\n")
    run(batch, path)
    expect(batch.locator(".batch-message")).to_have_text(
        "Done: 0 puzzles from 2,000 lines; 2,000 lines are not valid puzzles (listed below).", timeout=READY_MS)
    expect(batch.locator(".batch-rate")).to_have_text(re.compile(r"^0 puzzles from 2,000 lines in .*: 0 puzzles a second"))
    assert number(cell(batch, "dlx", "invalid").text_content()) == 2000
    assert number(cell(batch, "dlx", "puzzles").text_content()) == 2000  # bench's: every status, invalid too
    expect(batch.locator(".batch-errors li")).to_have_count(50)
    # "Line 1,000: ..." without the marker "1000." cut to "00." by the list's indent.
    expect(batch.locator(".batch-errors li").first).to_have_text(re.compile(r"^Line 1: "))
    expect(batch.locator(".batch-errors li").first).to_have_css("list-style-type", "none")


def test_every_count_says_one_thing_or_many(batch, tmp_path):
    expect(batch.locator("label", has=batch.locator("#batch-workers"))).to_have_text("Workers (1 core)")
    path = tmp_path / "one.txt"
    path.write_text(PUZZLES[0] + "\n")
    run(batch, path, ["dlx", "textbook", "backtrack"], max_nodes=1)
    expect(batch.locator(".batch-message")).to_have_text("Done: 1 puzzle from 1 line.", timeout=READY_MS)
    expect(batch.locator(".batch-rate")).to_have_text(re.compile(r"^1 puzzle from 1 line in .* with 1 worker$"))
    expect(batch.locator(".batch-hardest")).to_contain_text("1 try, line 1")  # backtracking, capped at 1 try
    text = "\n".join(batch.locator(".batch-message, .batch-rate, .batch-workers, #batch-source, .batch-options, "
                          ".batch-results > p, .batch-hardest").all_inner_texts())
    assert not re.search(r"\b1 (puzzles|lines|workers|cores|tries|guesses|bytes)\b", text), text
    expect(batch.locator("#batch-source")).to_have_text(f"Chosen: the file one.txt ({len(PUZZLES[0]) + 1} bytes).")


@pytest.mark.parametrize("width, height", [(1366, 768), (375, 667)])
def test_the_table_fits_the_width_with_mean_guesses(batch, tmp_path, width, height):
    """The 18 columns ran off a 1366 px screen: the table now has the solvers as its
    columns, in three groups side by side or one under another."""
    if not batch.locator(".batch-message").text_content().startswith("Done: 40 puzzles"):
        path = tmp_path / "three.txt"
        path.write_text("\n".join(PUZZLES[:40]) + "\n")
        run(batch, path, ["dlx", "textbook", "backtrack"])
        expect(batch.locator(".batch-message")).to_have_text(re.compile("^Done: 40 puzzles"), timeout=READY_MS)
    batch.set_viewport_size({"width": width, "height": height})
    assert batch.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for box in batch.locator(".batch-table-wrap").all():
        assert box.evaluate("box => box.scrollWidth <= box.clientWidth")
    right = batch.evaluate("Math.max(...[...document.querySelectorAll('.batch-table th, .batch-table td')]"
                           ".map((c) => c.getBoundingClientRect().right))")
    assert right <= width
    for solver in ["dlx", "textbook", "backtrack"]:
        for stat in STATS:
            expect(cell(batch, solver, stat)).to_have_count(1)
            assert cell(batch, solver, stat).text_content().strip(), (solver, stat)
    assert 0 < number(cell(batch, "textbook", "mean_guesses").text_content())


def test_time_left_comes_from_the_throughput_not_the_boot(browser, server, watch, tmp_path):
    """Run pressed while the worker still boots: the first estimate used to count the boot
    as the time of the first four puzzles (15 min for a 22 s run). On the page's clock
    (VIRTUAL_CLOCK: each line takes 40 ms, the boot 3 s) the time left it says is the time
    the run then takes."""
    page = batch_page(browser, server, watch, HOLD_BACK + "window.bootDelay = 3000;", VIRTUAL_CLOCK, ONE_CORE)
    path = tmp_path / "set.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    page.evaluate(RATES)
    run(page, path, ["dlx"])
    expect(page.locator(".batch-message")).to_have_text(re.compile("^Done"), timeout=2 * READY_MS)
    rates, ms_per_line = page.evaluate("[window.rates, window.msPerLine]")
    page.context.close()
    done = next(t for t, text in rates if text.startswith(f"{len(PUZZLES)} puzzles"))
    results = [(t, text) for t, text in rates if re.match(r"\d", text)]
    assert "left" not in results[0][1]  # one share of lines back: nothing said yet
    estimates = [(t, text) for t, text in results if "left" in text]
    assert estimates, rates
    for t, text in estimates:
        said = re.search(r"about (?:(\d+) min )?([\d.]+) (s|ms) left", text)
        left = int(said[1] or 0) * 60_000 + float(said[2]) * (1000 if said[3] == "s" else 1)
        # What is left at the pace of the lines; counting the 3 s boot would say several
        # times as much at first. The margin is the rounding of the words, and a share
        # of lines more or less.
        assert abs(left - (done - t)) <= 0.1 * (done - t) + 25 * ms_per_line, (text, done - t)


def test_a_file_of_links_is_measured_by_the_rules_solver(batch, tmp_path):
    from pathlib import Path
    rows = (Path(__file__).parent / "data" / "links" / "rangsk_fpuzzles.tsv").read_text(encoding="utf-8").splitlines()
    wanted = ('"300 Subs!"', '"Peak Sudoku"', '"6x6 Extreme Killer"', '"Alien"')
    links = [f"https://www.f-puzzles.com/?load={row.split(chr(9))[1]}" for row in rows if row.startswith(wanted)]
    path = tmp_path / "links.txt"
    path.write_text("\n".join(links) + "\n")
    run(batch, path)
    expect(batch.locator(".batch-message")).to_have_text(
        "Done: 3 puzzles from 4 lines; 1 line is not a valid puzzle (listed below).", timeout=READY_MS)
    assert number(cell(batch, "dlx", "unique").text_content()) == 3
    expect(batch.locator(".batch-errors li")).to_have_text([re.compile(r"^Line 4: .*line \(drawn only\)")])
    # Each of the most tried opens in the play view; none offers the race, which takes no link.
    hardest = batch.locator("ol li", has_text="f-puzzles.com")
    expect(hardest).to_have_count(3)
    expect(hardest.get_by_role("link", name="grid")).to_have_count(3)
    expect(hardest.get_by_role("link", name="race")).to_have_count(0)


def test_the_stochastic_solvers_are_offered_and_counted_solved(batch, tmp_path):
    from sudoku_dlx.generator import add_clues  # noqa: PLC0415 - the thesis's easier set
    from sudoku_dlx.kinds.grid import parse  # noqa: PLC0415

    easier = ["".join(str(d or ".") for d in add_clues(parse(text), 46, seed=k).digits) for k, text in enumerate(PUZZLES[:3])]
    path = tmp_path / "46.txt"
    path.write_text("\n".join(easier) + "\n")
    batch.locator("#batch-seconds").fill("20")
    run(batch, path, ["dlx", "boltzmann"])
    expect(batch.locator(".batch-message")).to_have_text("Done: 3 puzzles from 3 lines.", timeout=2 * READY_MS)
    expect(cell(batch, "boltzmann", "solved")).to_have_text("3")
    expect(cell(batch, "boltzmann", "success_pct")).to_have_text("100")
    expect(cell(batch, "dlx", "unique")).to_have_text("3")
    expect(cell(batch, "dlx", "success_pct")).to_have_text("100")


def clue_puzzles(counts) -> list[str]:
    """A puzzle of each clue count of `counts`: a 17-clue puzzle of the sample (the k-th for
    the k-th count) with clues added from its solution, as the thesis made its easier set."""
    from sudoku_dlx.generator import add_clues  # noqa: PLC0415
    from sudoku_dlx.kinds.grid import parse  # noqa: PLC0415

    return ["".join(str(d or ".") for d in add_clues(parse(PUZZLES[k]), clues, seed=k).digits)
            for k, clues in enumerate(counts)]


def run_for_success(page, path, solvers):
    """Runs `path` through `solvers` (the stochastic ones capped at half a second a puzzle)
    and answers bench's rows as the JSON download holds them."""
    page.locator("#batch-seconds").fill("0.5")
    run(page, path, solvers)
    expect(page.locator(".batch-message")).to_have_text(re.compile("^Done"), timeout=2 * READY_MS)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download JSON").click()
    return json.loads(open(download.value.path()).read())["rows"]


def expected_success(rows, group_of) -> dict[str, dict[str, tuple[int, int]]]:
    """group -> solver -> (puzzles searched, solved), from each row's puzzle text (its clues:
    the cells not blank) and status (unique, multiple or solved: a success; invalid: left out)."""
    found: dict[str, dict[str, tuple[int, int]]] = {}
    for row in rows:
        if row["status"] != "invalid":
            tallies = found.setdefault(group_of(81 - row["puzzle"].count(".")), {})
            searched, solved = tallies.get(row["solver"], (0, 0))
            tallies[row["solver"]] = (searched + 1, solved + (row["status"] in ("unique", "multiple", "solved")))
    return found


def shown_success(page) -> dict[str, dict[str, tuple[str, float]]]:
    """group -> solver -> (the table's cell, the height of the bar as a % of the y axis)."""
    plot = page.locator(".plot", has=page.locator(".columns"))
    top, bottom = map(float, re.match(r"M[\d.]+ ([\d.]+)V([\d.]+)", plot.locator(".axis path").get_attribute("d")).groups())
    bars = plot.locator(".columns path").evaluate_all(
        "paths => paths.map(p => [p.dataset.group, p.dataset.solver, p.getAttribute('d')])")
    heights = {}
    for group, solver, d in bars:
        base, high, base_again = map(float, re.fullmatch(r"M[\d.]+ ([\d.]+)V([\d.]+)H[\d.]+V([\d.]+)Z", d).groups())
        assert base == base_again == bottom, d  # every bar stands on the x axis
        heights[group, solver] = 100 * (bottom - high) / (bottom - top)
    cells = plot.locator("tbody td").evaluate_all(
        "cells => cells.map(c => [c.dataset.group, c.closest('tr').dataset.solver, c.textContent])")
    assert {(group, solver) for group, solver, text in cells if text != "–"} == set(heights)
    shown: dict[str, dict[str, tuple[str, float]]] = {}
    for group, solver, text in cells:
        if text != "–":
            shown.setdefault(group, {})[solver] = (text, heights[group, solver])
    return shown


def assert_success_matches(page, rows, group_of, groups):
    """The plot of success by clue count shows `groups` (label -> puzzles) in order, under the
    x axis and in its table, and in its bars and its table each solver's share of each
    group's puzzles as the rows have it."""
    expected = expected_success(rows, group_of)
    plot = page.locator(".plot", has=page.locator(".columns"))
    labels = plot.locator(".axis text").all_text_contents()
    assert [label for label in labels if label in groups or label.startswith("n = ")] == \
        [part for group, n in groups.items() for part in (group, f"n = {n}")]
    assert plot.locator("thead th[data-group]").all_text_contents() == [f"{group} n = {n}" for group, n in groups.items()]
    shown = shown_success(page)
    assert set(shown) == set(expected) == set(groups)
    for group, solvers in expected.items():
        assert set(shown[group]) == set(solvers)
        for solver, (searched, solved) in solvers.items():
            pct = 100 * solved / searched
            text, height = shown[group][solver]
            assert text == f"{pct:.1f}".removesuffix(".0") + f"% ({solved} of {searched})", (group, solver)
            assert abs(height - pct) < 0.01, (group, solver, height, pct)


def test_success_by_clue_count_is_a_bar_per_solver_and_clue_count(batch, tmp_path):
    """Two clue counts, each its own group: the 17-clue puzzles and the 46-clue ones made from
    them, with a line that is no puzzle and one whose givens clash (invalid: left out)."""
    clash = "11" + PUZZLES[5][2:]
    path = tmp_path / "clues.txt"
    path.write_text("\n".join([*clue_puzzles([46, 46, 46]), "junk", PUZZLES[3], PUZZLES[4], clash]) + "\n")
    rows = run_for_success(batch, path, ["dlx", "boltzmann"])
    assert {row["status"] for row in rows if row["line"] in (4, 7)} == {"invalid"}
    assert_success_matches(batch, rows, str, {"17": 2, "46": 3})
    # dlx proves every one unique: all of each group.
    assert [text for text, _ in (shown_success(batch)[g]["dlx"] for g in ("17", "46"))] == \
        ["100% (2 of 2)", "100% (3 of 3)"]
    # Each solver in its own colour, the bars as the view's other plots draw them.
    fills = batch.locator(".columns path").evaluate_all(
        "paths => Object.fromEntries(paths.map(p => [p.dataset.solver, getComputedStyle(p).fill]))")
    legend = batch.locator(".legend li").evaluate_all(
        "items => Object.fromEntries(items.map(li => [li.className.slice(2), getComputedStyle(li, '::before').color]))")
    assert fills == legend and len(set(fills.values())) == 2, (fills, legend)
    # Hovering a group names its puzzles and each solver's share.
    svg = batch.locator(".plot svg", has=batch.locator(".columns"))
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    batch.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5)
    tip = batch.locator(".plot-tip", has_text="clues:")
    expect(tip).to_be_visible()
    expect(tip.locator("strong")).to_have_text("17 clues: 2 puzzles")
    expect(tip.locator("div").first).to_have_text("dlx: 100% (2 of 2)")


def test_many_clue_counts_are_grouped_in_the_thesiss_ranges(batch, tmp_path):
    """Ten clue counts: the ranges 0-16, 17, 18-21, 22-29, 30-36, 37-45, 46+. Below 17 clues,
    a puzzle with no solution (none: no success) and one with several (multiple: a success)."""
    no_solution = "12345678." + "........9" + "." * 63
    first = next(k for k, ch in enumerate(PUZZLES[20]) if ch != ".")
    several = PUZZLES[20][:first] + "." + PUZZLES[20][first + 1:]  # no 16-clue puzzle has one solution
    path = tmp_path / "ranges.txt"
    path.write_text("\n".join([*clue_puzzles([17, 19, 24, 33, 40, 46, 50, 21]), no_solution, several]) + "\n")
    rows = run_for_success(batch, path, ["dlx", "boltzmann"])
    assert [row["status"] for row in rows if row["solver"] == "dlx"][-2:] == ["none", "multiple"]
    ranges = [(16, "0–16"), (17, "17"), (21, "18–21"), (29, "22–29"), (36, "30–36"), (45, "37–45"), (81, "46+")]

    def group_of(clues):
        return next(label for high, label in ranges if clues <= high)

    assert_success_matches(batch, rows, group_of,
                           {"0–16": 2, "17": 1, "18–21": 2, "22–29": 1, "30–36": 1, "37–45": 1, "46+": 2})
    assert shown_success(batch)["0–16"]["dlx"][0] == "50% (1 of 2)"
    # The manual's picture when UPDATE_SCREENSHOT=1 (else to a temp dir).
    folder = ROOT / "docs" if os.environ.get("UPDATE_SCREENSHOT") else tmp_path
    batch.set_viewport_size({"width": 1280, "height": 800})
    batch.locator(".plot", has=batch.locator(".columns")).screenshot(path=folder / "batch-success.png")
