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
import re
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from bench_page_batch import chromium_rss_mb, heap_mb  # noqa: E402
from pagekit import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

NIGHTMARE = "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8"


def renderer_rss_mb(browser_pid: int) -> float:
    """The largest resident memory among Chromium's renderer processes, MB."""
    out = subprocess.run(["ps", "-o", "rss=,args=", "-A"], capture_output=True, text=True).stdout
    return max((int(line.split()[0]) for line in out.splitlines() if "--type=renderer" in line), default=0) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default=NIGHTMARE)
    parser.add_argument("--speed", default="19")
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", "0"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            browser_pid = int(subprocess.run(["pgrep", "-n", "-f", "chromium.*remote-debugging-pipe"],
                                             capture_output=True, text=True).stdout.split()[0])
            print(f"Chromium {browser.version}, {os.cpu_count()} cores, load {os.getloadavg()}")
            page = browser.new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(f"{url}index.html?view=race#p={args.puzzle}")
            expect(page.get_by_role("status")).to_contain_text("Press Play", timeout=120_000)
            print(f"ready: heap {heap_mb(cdp):.1f} MB, renderer {renderer_rss_mb(browser_pid):.0f} MB, "
                  f"Chromium {chromium_rss_mb(browser_pid):.0f} MB")
            page.locator("#race-speed").fill(args.speed)
            page.get_by_role("button", name="Play").click()
            started = time.perf_counter()
            peaks = [0.0, 0.0, 0.0]
            while page.locator(".race-lane[data-state=done]").count() < 2:
                time.sleep(1)
                sample = [heap_mb(cdp), renderer_rss_mb(browser_pid), chromium_rss_mb(browser_pid)]
                peaks = [max(p, s) for p, s in zip(peaks, sample)]
                nodes = page.locator('[data-solver="backtrack"] [data-counter="nodes"]').text_content()
                print(f"{time.perf_counter() - started:6.1f} s  {nodes:>10} nodes  heap {sample[0]:6.1f} MB  "
                      f"renderer {sample[1]:5.0f} MB  Chromium {sample[2]:5.0f} MB")
            print(page.locator(".race-gap").text_content())
            print(f"peaks: heap {peaks[0]:.1f} MB, renderer {peaks[1]:.0f} MB, Chromium {peaks[2]:.0f} MB; "
                  f"{time.perf_counter() - started:.1f} s; load {os.getloadavg()}")
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
