"""Times Solve of Rangsk's real f-puzzles links (tests/data/links/rangsk_fpuzzles.tsv) in the
page, in headless Chromium (from the click to the message that says it is solved), beside
``web.solve`` of the same link in one CPython process, puzzle by puzzle in turn, so that the
machine's load touches both alike. Not a test: it prints a Markdown table.

    python3 scripts/bench_page_links.py [--cap 10] [--rounds 2]

A link the CPython side cannot solve within ``--cap`` seconds (or cannot read) is left out
of the page's run. Each side solves each link ``--rounds`` times and keeps its fastest
(the first solve of a link also reads it and builds its grid, in both).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from pagebench import ROOT, served_browser, time_click
from playwright.sync_api import expect

LINKS = ROOT / "tests" / "data" / "links" / "rangsk_fpuzzles.tsv"
SERVE = """import json, signal, sys, time
from sudoku_dlx import web
def over(*_):
    raise TimeoutError
signal.signal(signal.SIGALRM, over)
for link in sys.stdin:
    began = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, float(sys.argv[1]))
    try:
        status = web.solve(link.strip())["status"]
    except TimeoutError:
        status = "over the cap"
    signal.setitimer(signal.ITIMER_REAL, 0)
    print(json.dumps([status, (time.perf_counter() - began) * 1000]), flush=True)"""


PASTE = """(cell, text) => {
  const data = new DataTransfer();
  data.setData("text/plain", text);
  cell.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    rows = [line.split("\t") for line in LINKS.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    python = subprocess.Popen([sys.executable, "-c", SERVE, str(args.cap)], cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    table = []
    with served_browser() as (url, browser, _):
        page = browser.new_page()
        page.goto(url + "index.html")
        expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
        for name, data, _ in rows:
            link = "https://www.f-puzzles.com/?load=" + data
            title = name.split(" by ")[0].strip('"')
            cpython, status = [], ""
            for _ in range(args.rounds):
                python.stdin.write(link + "\n")
                python.stdin.flush()
                status, ms = json.loads(python.stdout.readline())
                cpython.append(ms)
                if status != "unique":
                    break
            if status != "unique":
                print(f"{title}: left out ({status}, {min(cpython) / 1000:.1f} s in CPython)", flush=True)
                continue
            page.locator('[data-cell="0"]').evaluate(PASTE, link)
            expect(page.locator("#message")).to_contain_text("Loaded a", timeout=60_000)
            paged = []
            for _ in range(args.rounds):
                paged.append(time_click(page, "solve", "Solved"))
                page.locator('[data-cell="0"]').evaluate(PASTE, link)  # the puzzle again, unsolved
                expect(page.locator("#message")).to_contain_text("Loaded a", timeout=60_000)
            table.append((title, min(cpython), min(paged)))
            print(f"{title}: CPython {min(cpython):.0f} ms, page {min(paged):.0f} ms, {min(paged) / min(cpython):.2f}x",
                  flush=True)
        version = browser.version
    python.stdin.close()
    python.wait(timeout=10)
    print(f"\nChromium {version}, CPython {sys.version.split()[0]}, {time.strftime('%Y-%m-%d')}, "
          f"fastest of {args.rounds} each\n")
    print("| puzzle | CPython ms | page ms | page / CPython |\n|---|---:|---:|---:|")
    for title, ours, theirs in table:
        print(f"| {title} | {ours:.0f} | {theirs:.0f} | {theirs / ours:.2f} |")
    ratios = [theirs / ours for _, ours, theirs in table]
    print(f"| **median of {len(table)}** | {statistics.median(o for _, o, _ in table):.0f} | "
          f"{statistics.median(t for _, _, t in table):.0f} | {statistics.median(ratios):.2f} |")


if __name__ == "__main__":
    main()
