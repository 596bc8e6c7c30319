"""Times the exact cover lab's Count on N queens in the page (headless Chromium, the
engine in Pyodide, one worker), and the same count in CPython right after each, side by
side. Not a test: it prints. The page's time is the one Python measured in the worker.

    python3 scripts/bench_lab_count.py [--n 8,10,11,12] [--runs 2]
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from pagebench import ROOT, served_browser
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "py"))

from sudoku_dlx import web  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="8,10,11,12", help="board sizes, separated by commas")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    sizes = [int(n) for n in args.n.split(",")]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with served_browser() as (url, browser, _):
        page = browser.new_page()
        page.goto(url + f"index.html?view=lab&problem=queens&n={sizes[0]}&workers=1")
        status = page.get_by_role("status")
        expect(status).to_contain_text("The search", timeout=120_000)
        for _ in range(args.runs):
            for n in sizes:
                page.locator("#lab-n").select_option(str(n))
                expect(page.locator("#lab-title")).to_have_text(f"Exact cover lab: {n} queens", timeout=60_000)
                page.get_by_role("button", name="Count", exact=True).click()
                expect(status).to_contain_text(" tried in ", timeout=600_000)
                in_page = float(re.search(r"in ([\d.]+) s", status.text_content()).group(1))
                cpython = web.cover_count("queens", n)["ms"] / 1000
                print(f"{n:2} queens: page {in_page:6.2f} s, CPython {cpython:6.2f} s "
                      f"({in_page / cpython:.2f}x)  {status.text_content()}")
        print(f"Chromium {browser.version}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
