"""The race view and the batch view in real headless Chromium (fixtures in pagekit.py).
The batch view's numbers are checked against the command line's `bench` on the same
file; one batch page (with its workers booted) serves the batch tests."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from urllib.parse import quote

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import Page, expect
from sudoku_dlx import solve, web
from sudoku_dlx.baselines.backtrack import backtrack_solutions
from sudoku_dlx.baselines.rulebased import rule_based_solutions
from sudoku_dlx.cli import main
from sudoku_dlx.kinds.grid import parse
from sudoku_dlx.kinds.read import read_puzzle
from test_bench import FUTOSHIKI, KILLER

pytestmark = pytest.mark.browser

#: Backtracking proves this one unique in 23,329 nodes (Kaggle's easiest level).
EASY = lines("9x9/kaggle_sample300.tsv", 1)[0].split("\t")[0]
MAX_NODES = 3000
#: Numbers the page's table must show exactly as bench --json (times differ run to run).
EXACT = ["puzzles", "unique", "multiple", "none", "invalid", "unfinished", "mean_nodes", "median_nodes",
         "min_nodes", "max_nodes", "mean_guesses", "no_guess_pct"]
TIMES = ["mean_ms", "max_ms", "total_s", "time_vs_first"]  # above 0 (a 0.1 ms timer may give a min of 0)


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory):
    """A file of 17-clue and hard puzzles, two with several solutions, one with none,
    a comment, a blank line and a malformed line (line 5)."""
    rows = (["# a set for the batch view"] + lines("9x9/royle17_sample300.txt", 3) + ["12x45", ""]
            + lines("9x9/norvig_top95.txt", 20) + lines("9x9/serg_multi_first20.txt", 2)
            + ["12345678." + "........9" + "." * 63] + lines("9x9/royle17_sample300.txt", 14, start=100))
    path = tmp_path_factory.mktemp("batch") / "set.txt"
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.fixture(scope="module")
def batch(browser, server, watch) -> Page:
    page = open_page(browser, server, watch, "index.html?view=batch")
    wait_ready(page)
    expect(page.locator(".batch-workers")).to_have_text(re.compile(r"ready: (\d+) of \1\."), timeout=2 * READY_MS)
    yield page
    page.context.close()


def choose_solvers(page, names, max_nodes=MAX_NODES):
    for box in page.locator("input[name=solver]").all():
        box.set_checked(box.get_attribute("value") in names)
    page.locator("#batch-cap").fill(str(max_nodes))


def table(page) -> dict[str, dict[str, str]]:
    """solver -> bench --json field -> the table's cell, as bench --json gives it (data-value)."""
    found: dict[str, dict[str, str]] = {}
    for solver, stat, value in page.locator("td[data-solver][data-stat]").evaluate_all(
            "cells => cells.map(c => [c.dataset.solver, c.dataset.stat, c.dataset.value])"):
        found.setdefault(solver, {})[stat] = value
    return found


def test_the_batch_view_matches_bench_names_a_bad_line_and_downloads_the_rows(batch, puzzle_file, capsys, tmp_path):
    batch.locator("input[type=file]").set_input_files(puzzle_file)
    choose_solvers(batch, ["dlx", "textbook", "backtrack"])
    batch.get_by_role("button", name="Run", exact=True).click()
    expect(batch.get_by_role("status")).to_contain_text("Done: 40 puzzles from 43 lines; 1 line is not a valid puzzle",
                                                       timeout=3 * READY_MS)
    expect(batch.locator(".batch-errors li")).to_have_text(["Line 5: 5 cells is no puzzle size (a puzzle has 16, 36, 64, 81, 144, 256, 625 cells)"])
    assert batch.locator("progress").evaluate("p => p.value === p.max")

    assert main(["bench", str(puzzle_file), "--solver", "dlx,textbook,backtrack", "--max-nodes", str(MAX_NODES),
                 "--json", "--csv", str(tmp_path / "cli.csv")]) == 0
    cli = {record["solver"]: record for record in map(json.loads, capsys.readouterr().out.splitlines())}
    page = table(batch)
    assert list(page) == ["dlx", "textbook", "backtrack"]
    for solver, record in cli.items():
        for key in EXACT:
            assert float(page[solver][key]) == record[key], (solver, key)
        for key in TIMES:
            assert float(page[solver][key]) > 0, (solver, key)
    assert cli["dlx"]["multiple"] == 2 and cli["dlx"]["none"] == 1 and cli["backtrack"]["unfinished"] >= 17

    with batch.expect_download() as download:
        batch.get_by_role("button", name="Download CSV").click()
    rows = list(csv.reader(io.StringIO(open(download.value.path()).read())))
    expected = list(csv.reader(io.StringIO((tmp_path / "cli.csv").read_text())))
    assert rows[0] == expected[0] == ["puzzle", "solver", "ms", "nodes", "guesses", "status"]
    assert [row[:2] + row[3:] for row in rows] == [row[:2] + row[3:] for row in expected]
    with batch.expect_download() as download:
        batch.get_by_role("button", name="Download JSON").click()
    saved = json.loads(open(download.value.path()).read())
    assert [record["solver"] for record in saved["summary"]] == ["dlx", "textbook", "backtrack"]
    assert len(saved["rows"]) == 3 * 41 and saved["rows"][9]["line"] == 5 and saved["rows"][9]["status"] == "invalid"


def test_a_point_of_the_plot_shows_its_puzzle_and_a_click_opens_it_in_the_grid(batch):
    expect(batch.locator(".plot path.s-dlx").first).to_be_attached(timeout=3 * READY_MS)
    svg = batch.locator(".plot svg").first
    svg.scroll_into_view_if_needed()
    # The first point of the dlx series, from its path ("M x y h0..."), in screen pixels.
    x, y = map(float, re.match(r"M([\d.]+) ([\d.]+)", batch.locator(".plot path.s-dlx").first.get_attribute("d")).groups())
    box = svg.bounding_box()
    scale = box["width"] / 600
    batch.mouse.move(box["x"] + x * scale, box["y"] + y * scale)
    tip = batch.locator(".plot-tip").first
    expect(tip).to_be_visible()
    puzzle = tip.locator("code").text_content()
    assert re.fullmatch(r"[1-9.]{81}", puzzle)
    with batch.context.expect_page() as opened:
        batch.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    play = opened.value
    expect(play.locator("[data-cell]")).to_have_count(81)
    expect(play.locator("[data-given]")).to_have_count(81 - puzzle.count("."))
    assert grid_line(play) == puzzle
    play.close()


def test_stop_ends_every_batch_worker_and_keeps_what_was_done(batch):
    workers = list(batch.workers)
    assert len(workers) >= 2  # the page's own and at least one batch worker
    closed = []
    for worker in workers:
        worker.on("close", lambda w: closed.append(w))
    batch.locator("#batch-sample").select_option("forum_hardest_1106.txt")
    choose_solvers(batch, ["dlx", "backtrack"], max_nodes=300_000)
    batch.get_by_role("button", name="Run", exact=True).click()
    expect(batch.get_by_role("status")).to_contain_text("Running 375 lines")
    expect(batch.locator(".batch-rate")).to_have_text(re.compile(r"^([2-9]|\d\d+) puzzles from"), timeout=3 * READY_MS)
    batch.get_by_role("button", name="Stop", exact=True).click()
    expect(batch.get_by_role("status")).to_contain_text("Stopped after")
    expect(batch.locator('td[data-solver="dlx"][data-stat="puzzles"]')).not_to_have_text("")
    done = int(batch.locator('td[data-solver="dlx"][data-stat="puzzles"]').get_attribute("data-value"))
    assert 0 < done < 375
    for _ in range(600):  # the browser reports a terminated worker a moment later (a minute at most)
        if len(closed) == len(workers) - 1:
            break
        batch.wait_for_timeout(100)
    assert len(closed) == len(workers) - 1  # every batch worker ended; the page's own stays
    assert len(batch.workers) == 1
    expect(batch.get_by_role("button", name="Run", exact=True)).to_be_enabled()


def race_page(new_page, puzzle, query=""):
    page = new_page(f"index.html?view=race{query}#p={puzzle}")
    expect(page.get_by_role("status")).to_contain_text("Press Play", timeout=READY_MS)
    return page


def lane_grid(page, solver) -> str:
    texts = page.locator(f'[data-solver="{solver}"] .race-grid div').all_text_contents()
    return "".join(text or "." for text in texts)


def test_the_race_link_races_the_grids_puzzle(new_page):
    page = new_page("index.html")
    paste(page, EASY)
    page.get_by_role("link", name="Race").click()
    expect(page.locator("#race-puzzle")).to_have_value(EASY)
    expect(page.get_by_role("status")).to_contain_text("Press Play", timeout=READY_MS)
    killer = new_page(f"index.html#p={quote(KILLER, safe=':,')}")
    expect(killer.locator('nav [data-view="race"]')).to_have_attribute("href", re.compile(r"#p=3x3k:"), timeout=READY_MS)


def test_the_race_ends_on_the_solution_with_the_searches_own_counts(new_page):
    page = race_page(new_page, EASY)
    assert lane_grid(page, "backtrack") == lane_grid(page, "dlx") == EASY
    button(page, "Step").click()
    expect(page.locator('[data-solver="dlx"] [data-counter="nodes"]')).to_have_text("1")
    expect(page.locator('[data-solver="backtrack"] [data-counter="nodes"]')).to_have_text("1")
    page.locator("#race-speed").fill("19")  # as fast as Python computes
    button(page, "Play").click()
    expect(page.locator(".race-lane[data-state=done]")).to_have_count(2, timeout=READY_MS)
    engine = solve(EASY)
    _, stats, _ = backtrack_solutions(parse(EASY), 2)
    solution = str(engine.solutions[0])
    assert lane_grid(page, "backtrack") == lane_grid(page, "dlx") == solution
    expect(page.locator('[data-solver="dlx"] [data-counter="nodes"]')).to_have_text(f"{engine.stats.nodes:,}")
    expect(page.locator('[data-solver="backtrack"] [data-counter="nodes"]')).to_have_text(f"{stats.nodes:,}")
    expect(page.locator('[data-solver="backtrack"] [data-counter="guesses"]')).to_have_text(f"{stats.guesses:,}")
    expect(page.locator(".race-gap")).to_contain_text(f"Backtracking needed {stats.nodes:,} tries")
    expect(page.get_by_role("status")).to_contain_text("proven unique")


def test_the_race_refuses_a_clash_and_counts_on_after_dlx_is_done(new_page):
    page = race_page(new_page, EASY)
    page.locator("#race-puzzle").fill("55" + "." * 79)
    button(page, "Race it").click()
    expect(page.get_by_role("status")).to_contain_text("not a puzzle to race: the givens clash: r1c1 and r1c2")
    page.locator("#race-example").select_option(index=2)  # 17 clues, DLX without a guess
    button(page, "Race it").click()
    expect(page.get_by_role("status")).to_contain_text("Press Play")
    page.locator("#race-speed").fill("15")  # 100,000 tries a second
    button(page, "Play").click()
    expect(page.locator(".race-gap")).to_contain_text("Dancing links finished after 64 tries; backtracking is at",
                                                      timeout=READY_MS)
    button(page, "Pause").click()
    assert "#p=" in page.url and parse(page.url.split("#p=")[1]).clues == 17


@pytest.mark.parametrize("text, marks", [(KILLER, ".cage"), (FUTOSHIKI, ".sign")])
def test_the_race_races_a_killer_or_futoshiki_by_its_rules_and_says_backtracking_cannot(new_page, text, marks):
    puzzle = read_puzzle(text)
    page = race_page(new_page, quote(text, safe=":,"))
    name, clues = ("killer sudoku", "cage") if puzzle.cages else ("futoshiki", "sign")
    n, count = puzzle.n, len(puzzle.cages or puzzle.signs)
    expect(page.get_by_role("status")).to_contain_text(
        f"Ready: a {n}×{n} {name}, {puzzle.clues} givens, {count} {clues}s, {n * n - puzzle.clues} cells to fill. "
        f"Plain backtracking cannot race a {puzzle.kind}: it checks each digit against the rows, columns")
    expect(page.get_by_role("status")).to_contain_text(f"only, not the {clues}s. Dancing links races it alone, by all its rules.")
    expect(page.locator("#race-puzzle")).to_have_value(text)
    backtrack = page.locator('[data-solver="backtrack"]')
    expect(backtrack).to_have_attribute("data-state", "unraced")
    expect(backtrack.locator(".race-state")).to_contain_text(f"Not racing: plain backtracking cannot race a {puzzle.kind}")
    expect(page.locator(f'[data-solver="dlx"] .kind-marks {marks}')).to_have_count(count)
    for solver in ("dlx", "backtrack"):  # the marks lie on their grid
        grid = page.locator(f'[data-solver="{solver}"] .race-grid').bounding_box()
        drawn = page.locator(f'[data-solver="{solver}"] .kind-marks').bounding_box()
        assert all(abs(grid[key] - drawn[key]) <= 4 for key in ("x", "y", "width", "height")), (grid, drawn)
    page.locator("#race-speed").fill("19")
    button(page, "Play").click()
    expect(page.locator('[data-solver="dlx"]')).to_have_attribute("data-state", "done", timeout=READY_MS)
    assert lane_grid(page, "dlx") == web.solve(text)["solutions"][0]
    expect(page.locator(".race-gap")).to_contain_text("Dancing links needed")
    expect(page.get_by_role("status")).to_contain_text("Dancing links: the solution, proven unique.")


def test_an_invalid_race_link_says_so_and_what_it_raced_instead(new_page):
    page = new_page("index.html?view=race#p=12x45")
    expect(page.get_by_role("status")).to_contain_text(
        "The link's puzzle is not valid: 5 cells is no puzzle size", timeout=READY_MS)
    expect(page.get_by_role("status")).to_contain_text(
        "so the race opened the first example instead. Ready: 21 givens, 60 cells to fill. Press Play.",
        timeout=READY_MS)
    expect(page.locator("#race-example")).to_have_value("0")


def test_the_race_in_a_sandboxed_frame_on_another_origin(server, other_origin, new_page):
    src = f"{server}index.html?view=race&embed=1#p={EASY}"
    host = new_page(f"{other_origin}tests/pages/host.html?height=900&src={quote(src)}")
    frame = host.frame_locator("iframe")
    expect(frame.get_by_role("status")).to_contain_text("Press Play", timeout=READY_MS)
    frame.locator("#race-speed").fill("19")
    frame.get_by_role("button", name="Play").click()
    expect(frame.locator(".race-lane[data-state=done]")).to_have_count(2, timeout=READY_MS)
    assert host.evaluate("window.events.some(e => e.data.type === 'size')")


def test_screenshots_of_both_views(batch, new_page, tmp_path):
    """Saves the manual's pictures when UPDATE_SCREENSHOT=1 (else to a temp dir): the batch
    view after the 17-clue sample, the race view when dancing links has finished."""
    folder = ROOT / "docs" if os.environ.get("UPDATE_SCREENSHOT") else tmp_path
    batch.locator("#batch-sample").select_option("royle17_sample1000.txt")
    choose_solvers(batch, ["dlx", "textbook"])
    batch.get_by_role("button", name="Run", exact=True).click()
    expect(batch.get_by_role("status")).to_contain_text("Done: 1,000 puzzles", timeout=5 * READY_MS)
    batch.set_viewport_size({"width": 1280, "height": 800})
    batch.locator(".batch").screenshot(path=folder / "batch.png")
    assert (folder / "batch.png").stat().st_size > 20_000
    page = race_page(new_page, lines("9x9/norvig_top95.txt", 47)[46])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#race-speed").fill("10")  # 2,000 tries a second
    button(page, "Play").click()
    expect(page.locator(".race-gap")).to_contain_text("and counting", timeout=READY_MS)
    page.wait_for_timeout(1500)
    button(page, "Pause").click()
    page.locator(".race").screenshot(path=folder / "race.png")
    assert (folder / "race.png").stat().st_size > 20_000


def test_the_batch_view_in_a_sandboxed_frame_on_another_origin(server, other_origin, new_page):
    src = f"{server}index.html?view=batch&embed=1"
    host = new_page(f"{other_origin}tests/pages/host.html?height=1200&src={quote(src)}")
    frame = host.frame_locator("iframe")
    frame.locator("#batch-text").fill("\n".join(lines("9x9/norvig_top95.txt", 3)))
    frame.locator("#batch-workers").fill("1")
    frame.get_by_role("button", name="Run", exact=True).click()
    expect(frame.get_by_role("status")).to_contain_text("Done: 3 puzzles from 3 lines.", timeout=2 * READY_MS)
    expect(frame.locator('td[data-solver="textbook"][data-stat="unique"]')).to_have_text("3")


SEVENTEEN = lines("9x9/norvig_hardest.txt", 1)[0]


def race_to_the_end(page: Page) -> None:
    """Plays the race as fast as Python computes until both lanes are done."""
    expect(page.get_by_role("button", name="Play")).to_be_enabled(timeout=READY_MS)
    page.locator("#race-speed").fill("19")
    page.get_by_role("button", name="Play").click()
    expect(page.locator(".race-lane[data-state='done']")).to_have_count(2, timeout=READY_MS)


def test_a_boltzmann_machine_races_dancing_links_and_solves_46_clues(new_page):
    from sudoku_dlx.generator import add_clues  # noqa: PLC0415 - the thesis's easier set

    puzzle = "".join(str(d or ".") for d in add_clues(parse(SEVENTEEN), 46, seed=1).digits)
    page = new_page(f"index.html?view=race&solvers=boltzmann,dlx#p={puzzle}")
    expect(page.locator("#race-title")).to_have_text("Boltzmann machine against dancing links")
    race_to_the_end(page)
    lane = page.locator(".race-lane[data-solver='boltzmann']")
    expect(lane.locator(".race-state")).to_have_text("Done: a solution (a random search proves nothing about a second one).")
    solution = web.solve(puzzle)["solutions"][0]
    assert "".join(lane.locator(".race-grid > div").all_text_contents()) == solution
    expect(lane.locator(".race-grid .clash")).to_have_count(0)
    expect(lane.locator("[data-counter='cost']")).to_have_text("0")
    expect(lane.locator(".race-cost polyline")).to_have_count(1)


def test_simulated_annealing_gives_up_on_17_clues_and_a_racer_is_picked(new_page):
    page = new_page(f"index.html?view=race&solvers=annealing,dlx#p={SEVENTEEN}")
    race_to_the_end(page)
    lane = page.locator(".race-lane[data-solver='annealing']")
    expect(lane.locator(".race-state")).to_contain_text("Gave up after 200,000 iterations, cost ")
    assert lane.locator(".race-grid .clash").count() > 0  # its grid full of digits, clashes marked
    expect(page.locator(".race-lane[data-solver='dlx'] .race-state")).to_have_text("Done: the solution, proven unique.")
    page.locator("#race-solver-1").select_option("genetic")
    expect(page.locator("#race-title")).to_have_text("Genetic algorithm against dancing links")
    expect(page.locator(".race-lane[data-solver='genetic']")).to_be_visible()
    assert "solvers=genetic%2Cdlx" in page.url or "solvers=genetic,dlx" in page.url


def test_the_rule_based_solver_races_dancing_links_with_its_own_counts(new_page):
    hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    page = new_page(f"index.html?view=race&solvers=rules,dlx#p={hardest}")
    expect(page.locator("#race-title")).to_have_text("Rules, then guesses against dancing links")
    race_to_the_end(page)
    _, stats, _ = rule_based_solutions(parse(hardest), 2)
    lane = page.locator(".race-lane[data-solver='rules']")
    expect(lane.locator(".race-state")).to_have_text("Done: the solution, proven unique.")
    assert lane_grid(page, "rules") == str(solve(hardest).solutions[0])
    expect(lane.locator("[data-counter='nodes']")).to_have_text(f"{stats.tries:,}")
    expect(lane.locator("[data-counter='guesses']")).to_have_text(f"{stats.guesses:,}")
    page.locator("#race-solver-2").select_option("boltzmann")
    expect(page.locator("#race-title")).to_have_text("Rules, then guesses against Boltzmann machine")
