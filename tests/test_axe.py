"""axe-core on every view of the page, light and dark, top level and embedded: no violation.

In headless Chromium: play (as drawn, and with each panel open: the rating with its solve path and a step drawn, the DLX steps, share, embed, a
hint, notes with a clash, a solution shown), the exact cover lab, the race, the batch view
after a run and the worksheet once made; each in light and dark, at the top level and
embedded (embed=1 in an iframe of a host page on another origin, axe run inside the frame).
Expected: no violation of any rule axe runs by default (WCAG A/AA and best practices).

axe-core is the pinned npm dev dependency (package.json; build.py's `npm ci` installs it).
It is injected as <script src> from the page's own origin (`build.py serve` serves the
repository, node_modules/ included), so the page keeps its real CSP (`script-src 'self'`):
no bypass_csp, which would also lift the policy the page is tested under.

Pages are shared by the states of one view and framing (tests run in that order); each state
sets itself up from wherever the page is, so any single test also runs alone (-k)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import ROOT
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# A puzzle whose solve path has chain steps (drawn as lines over the grid) and rates quickly.
PUZZLE = lines("9x9/sudoku_exchange_se_sample.tsv", 1)[0].split("\t")[0]
BATCH = lines("9x9/norvig_top95.txt", 3)
RACE = lines("9x9/kaggle_sample300.tsv", 1)[0].split("\t")[0]  # backtracking proves it in 23,329 tries

# The page each view is looked at on (with embed=1 added when embedded).
VIEWS = {
    "play": f"index.html?id=axe#p={PUZZLE}",
    "lab": "index.html?view=lab",
    "lab-futoshiki": "index.html?view=lab&problem=futoshiki",  # signs drawn on the board
    "lab-killer": "index.html?view=lab&problem=killer",  # cages and their sums
    "lab-pentomino": "index.html?view=lab&problem=pentomino&board=3x20",  # coloured pieces, lettered
    "race": f"index.html?view=race#p={RACE}",
    "batch": "index.html?view=batch",
    "worksheet": "index.html?view=worksheet&size=4&n=8",  # two pages of puzzles, one of answers
}

RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    targets: v.nodes.slice(0, 4).map((node) => node.target.flat().join(" ")),
    why: v.nodes[0]?.failureSummary ?? "",
  }));
}"""


# -- the states: each takes the page or frame the view is in ----------------------------------

def ready(target):
    expect(target.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)


def click(target, name):
    target.get_by_role("button", name=name, exact=True).click()


def say(target):
    return target.locator("#message")


def play_ready(target):
    ready(target)
    expect(target.locator("#grid [data-cell]")).to_have_count(81)


def play_rating(target):
    play_ready(target)
    if target.locator("#rating").is_hidden():
        click(target, "Rate")
    expect(target.locator("#rating [data-rating=grade]")).not_to_have_text("–", timeout=READY_MS)
    details = target.locator("#rating details")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()
    steps = target.locator("#path li button")
    chain = next(k for k in range(steps.count()) if re.search(r"chain|link|wing|cycle", steps.nth(k).inner_text(), re.I))
    steps.nth(chain).click()
    expect(target.locator("#grid .step-marks")).to_have_count(1)


def play_steps(target):
    play_ready(target)
    if target.locator("#steps-panel").is_hidden():
        click(target, "DLX steps")
    expect(target.locator("#steps-count")).not_to_be_empty(timeout=READY_MS)
    click(target, "Next step")


def play_share(target):
    play_ready(target)
    click(target, "Share")
    expect(target.locator("#share-panel")).to_be_visible()


def play_embed(target):
    play_ready(target)
    click(target, "Embed")
    expect(target.locator("#embed-panel")).to_be_visible()


def play_hint(target):
    play_ready(target)
    clear = target.get_by_role("button", name="Clear", exact=True)
    if clear.is_enabled():  # a wrong entry (the notes' clash, say) is all a hint would name
        clear.click()
    click(target, "Hint")
    # Each level's own words: the page may still show the last test's hint at level 3.
    expect(say(target)).to_contain_text("Hint: look for", timeout=READY_MS)
    click(target, "Show more")
    expect(say(target)).to_contain_text("its cells are marked")
    expect(target.locator('[data-hint="cell"]').first).to_be_visible()
    click(target, "Show more")
    expect(target.get_by_role("button", name="Apply", exact=True)).to_be_visible()


def play_notes(target):
    play_ready(target)
    click(target, "Fill notes")
    blank = PUZZLE.index(".")
    target.locator(f'[data-cell="{blank}"]').click()
    row = PUZZLE[blank - blank % 9: blank - blank % 9 + 9]
    clash = next(d for d in row if d != ".")  # a digit its row already holds
    target.locator(f'#keypad button[data-symbol="{clash}"]').click()
    expect(target.locator("[data-clash]").first).to_be_visible()


def play_solved(target):
    play_ready(target)
    click(target, "Clear")
    click(target, "Solve")
    expect(say(target)).to_contain_text("Solved", timeout=READY_MS)


def lab_ready(target):
    ready(target)
    expect(target.locator("#lab-message")).to_contain_text("The search takes", timeout=READY_MS)
    click(target, "Next step")


def lab_solution(target):
    ready(target)
    expect(target.locator("#lab-message")).to_contain_text("The search is long", timeout=READY_MS)
    click(target, "First")
    expect(target.locator("#lab-solution-text")).to_have_text("Solution 1", timeout=READY_MS)


def race_raced(target):
    ready(target)
    lanes = target.locator(".race-lane[data-state=done]")
    if lanes.count() == 2:
        return
    expect(target.get_by_role("status")).to_contain_text("Press Play", timeout=READY_MS)
    target.locator("#race-speed").fill("19")  # as fast as Python computes
    click(target, "Play")
    expect(target.locator(".race-lane[data-state=done]")).to_have_count(2, timeout=READY_MS)


def batch_run(target):
    ready(target)
    if target.locator(".batch-results").is_visible():
        return
    target.locator("#batch-text").fill("\n".join(BATCH))
    target.locator("#batch-workers").fill("1")
    click(target, "Run")
    expect(target.get_by_role("status")).to_contain_text("Done: 3 puzzles", timeout=2 * READY_MS)
    expect(target.locator(".batch-results")).to_be_visible()


def worksheet_made(target):
    ready(target)
    if target.locator(".sheet").count():
        return
    click(target, "Make the worksheet")
    # Making starts at once (a form whose submission is blocked never does: fail fast).
    expect(target.get_by_role("status")).not_to_contain_text("Choose the size", timeout=10_000)
    expect(target.get_by_role("status")).to_contain_text("8 puzzles and their answers are ready", timeout=READY_MS)


STATES = [
    ("play", "ready", play_ready), ("play", "rating", play_rating), ("play", "steps", play_steps),
    ("play", "share", play_share), ("play", "embed", play_embed), ("play", "hint", play_hint),
    ("play", "notes", play_notes), ("play", "solved", play_solved),
    ("lab", "ready", lab_ready), ("lab-futoshiki", "ready", lab_ready), ("lab-killer", "ready", lab_ready),
    ("lab-pentomino", "solution", lab_solution), ("race", "raced", race_raced), ("batch", "run", batch_run),
    ("worksheet", "made", worksheet_made),
]
#: The views that hand out an embed (the play view's snippet, the lab's compact link) are
#: also checked inside an iframe of another origin; the race, the batch and the worksheet
#: hand out none.
EMBEDDED = ("play", "lab")
CASES = [(framing, view, state, setup, scheme)
         for framing in ("page", "embedded") for view, state, setup in STATES for scheme in ("light", "dark")
         if framing == "page" or view.split("-")[0] in EMBEDDED]


@pytest.fixture(scope="module")
def views(browser, server, other_origin, watch):
    """views(view, framing): the page (or the frame) showing `view`; the one page open at a
    time is kept while the tests ask for the same view and framing."""
    assert AXE.exists(), "axe-core is missing: python3 build.py (npm ci installs the dev dependencies)"
    held = {}

    def open_view(view, framing):
        if (view, framing) in held:
            return held[(view, framing)]
        for page, _ in held.values():
            page.context.close()
        held.clear()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        watch.attach(context)
        page = context.new_page()
        if framing == "page":
            page.goto(server + VIEWS[view])
            target = page
        else:
            path = VIEWS[view].replace("index.html?", "index.html?embed=1&", 1)
            page.goto(f"{other_origin}tests/pages/host.html?width=420&height=1000&src={quote(server + path)}")
            page.locator("iframe").wait_for()
            target = page.locator("iframe").element_handle().content_frame()
            target.wait_for_load_state()
        held[(view, framing)] = (page, target)
        return page, target

    yield open_view
    for page, _ in held.values():
        page.context.close()


def report(violations) -> str:
    return "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}; {v['count']} node(s), e.g. {v['targets']}\n"
        f"    {' '.join(v['why'].split())[:300]}"
        for v in violations)


@pytest.mark.parametrize("framing, view, state, setup, scheme", CASES,
                         ids=[f"{f}-{v}-{s}-{c}" for f, v, s, _, c in CASES])
def test_axe_finds_no_violations(views, server, framing, view, state, setup, scheme):
    page, target = views(view, framing)
    page.emulate_media(color_scheme=scheme)
    assert target.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    setup(target)
    if not target.evaluate("typeof axe !== 'undefined'"):
        target.add_script_tag(url=server + "node_modules/axe-core/axe.min.js")
    violations = target.evaluate(RUN)
    assert violations == [], f"axe on {view} ({state}, {scheme}, {framing}):\n{report(violations)}"
