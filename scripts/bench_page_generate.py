"""Times Generate in the page, in headless Chromium: from the click to the new puzzle
in the grid (the message comes right after the grid is drawn). Not a test: it prints.

    python3 scripts/bench_page_generate.py [--kind sudoku] [--size 9] [--n 10]
"""

from __future__ import annotations

import argparse
import statistics

from pagebench import served_browser, time_click
from playwright.sync_api import expect


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="sudoku")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--n", type=int, default=10)
    args = parser.parse_args()
    with served_browser() as (url, browser, _):
        page = browser.new_page()
        page.goto(url + "index.html")
        expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
        page.locator("#kind").select_option(args.kind)
        page.locator("#size").select_option(str(args.size))
        times = []
        for _ in range(args.n):
            times.append(time_click(page, "generate", "New "))
            print(f"{times[-1]:8.1f} ms  {page.locator('#message').text_content()}")
        print(f"Chromium {browser.version}: {args.kind} {args.size}x{args.size} Generate, {args.n} runs: "
              f"median {statistics.median(times):.0f} ms, mean {statistics.mean(times):.0f} ms, "
              f"min {min(times):.0f} ms, max {max(times):.0f} ms")


if __name__ == "__main__":
    main()
