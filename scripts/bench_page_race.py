"""Watches the race view's memory while it replays a long backtracking run, in headless
Chromium. Not a test: it prints.

    python3 scripts/bench_page_race.py [--puzzle P] [--speed 19]

Opens index.html?view=race#p=P (by default the example of 2,093,093 backtracking
nodes), sets the speed slider (19: as fast as Python computes; see SPEEDS in race.js),
plays to the end and samples every second: the nodes shown, the main thread's JS heap
(Chrome DevTools Performance.getMetrics), and the resident memory of the page's
renderer process (which runs the page and its Python worker) and of all of Chromium's
processes.
"""

from __future__ import annotations

import argparse
import os
import time

from pagebench import chromium_rss_mb, heap_mb, renderer_rss_mb, served_browser
from playwright.sync_api import expect

NIGHTMARE = "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default=NIGHTMARE)
    parser.add_argument("--speed", default="19")
    args = parser.parse_args()
    with served_browser() as (url, browser, browser_pid):
        print(f"Chromium {browser.version}, {os.cpu_count()} cores, load {os.getloadavg()}")
        page = browser.new_page()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(f"{url}index.html?view=race#p={args.puzzle}")
        expect(page.get_by_role("status")).to_contain_text("Press Play", timeout=120_000)
        print(f"ready: heap {heap_mb(cdp):.1f} MB, renderer {renderer_rss_mb():.0f} MB, "
              f"Chromium {chromium_rss_mb(browser_pid):.0f} MB")
        page.locator("#race-speed").fill(args.speed)
        page.get_by_role("button", name="Play").click()
        started = time.perf_counter()
        peaks = [0.0, 0.0, 0.0]
        while page.locator(".race-lane[data-state=done]").count() < 2:
            time.sleep(1)
            sample = [heap_mb(cdp), renderer_rss_mb(), chromium_rss_mb(browser_pid)]
            peaks = [max(p, s) for p, s in zip(peaks, sample)]
            nodes = page.locator('[data-solver="backtrack"] [data-counter="nodes"]').text_content()
            print(f"{time.perf_counter() - started:6.1f} s  {nodes:>10} nodes  heap {sample[0]:6.1f} MB  "
                  f"renderer {sample[1]:5.0f} MB  Chromium {sample[2]:5.0f} MB")
        print(page.locator(".race-gap").text_content())
        print(f"peaks: heap {peaks[0]:.1f} MB, renderer {peaks[1]:.0f} MB, Chromium {peaks[2]:.0f} MB; "
              f"{time.perf_counter() - started:.1f} s; load {os.getloadavg()}")


if __name__ == "__main__":
    main()
