"""Times the batch view in headless Chromium: a puzzle file through the chosen solvers
with 1, 2, ... workers, while a key is pressed every 250 ms to measure input lag.
Not a test: it prints.

    python3 scripts/bench_page_batch.py FILE [--workers 1,2] [--solver dlx] [--max-nodes N]

Per run: wall time from the click on Run to "Done" (the workers already booted),
puzzles a second, the page's table (mean, median and max ms and nodes), the input lag
of the key presses (from the key event's time stamp to its handler, and Event Timing's
duration, which runs to the next paint), the main thread's JS heap before and after
(Chrome DevTools Performance.getMetrics) and the resident memory of all of Chromium's
processes at the end (the batch workers' WebAssembly memory included).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from pagebench import chromium_rss_mb, heap_mb, served_browser
from playwright.sync_api import expect

# Runs before the page's own scripts: records every key press's lag.
RECORD_LAG = """
window.lags = [];
window.eventDurations = [];
addEventListener("keydown", (event) => lags.push(performance.now() - event.timeStamp), true);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.name === "keydown") eventDurations.push(entry.duration);
}).observe({ type: "event", durationThreshold: 16, buffered: true });
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--solver", default="dlx")
    parser.add_argument("--max-nodes", type=int, default=100_000)
    args = parser.parse_args()
    with served_browser() as (url, browser, browser_pid):
        print(f"Chromium {browser.version}, {os.cpu_count()} cores, load {os.getloadavg()}")
        for workers in map(int, args.workers.split(",")):
            page = browser.new_page()
            page.add_init_script(RECORD_LAG)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(url + "index.html?view=batch")
            page.locator("#batch-workers").fill(str(workers))
            page.locator("#batch-workers").dispatch_event("change")
            booted = time.perf_counter()
            expect(page.locator(".batch-workers")).to_have_text(
                f"Python workers ready: {workers} of {workers}.", timeout=180_000)
            boot_s = time.perf_counter() - booted
            for box in page.locator("input[name=solver]").all():
                box.set_checked(box.get_attribute("value") in args.solver.split(","))
            page.locator("#batch-cap").fill(str(args.max_nodes))
            page.locator("#batch-file").set_input_files(args.file)
            before = heap_mb(cdp)
            load = os.getloadavg()[0]
            started = time.perf_counter()
            page.get_by_role("button", name="Run", exact=True).click()
            status = page.get_by_role("status")
            peak = before
            while not status.text_content().startswith(("Done", "Stopped")):
                page.locator("#batch-text").press("Shift")
                peak = max(peak, heap_mb(cdp))
                time.sleep(0.25)
            took = time.perf_counter() - started
            first = f'td[data-solver="{args.solver.split(",")[0]}"]'
            expect(page.locator(f'{first}[data-stat="puzzles"]')).not_to_have_text("", timeout=60_000)
            lags = page.evaluate("lags")
            durations = page.evaluate("eventDurations")
            row = {cell.get_attribute("data-stat"): cell.get_attribute("data-value")
                   for cell in page.locator(first).all()}
            after = heap_mb(cdp)
            print(f"{workers} workers (boot {boot_s:.1f} s after the page's Python, load {load:.1f} at the start): "
                  f"{status.text_content()} in {took:.1f} s, {int(row['puzzles']) / took:.0f} puzzles/s; "
                  f"mean {row['mean_ms']} ms, median {row['median_ms']} ms, max {row['max_ms']} ms, "
                  f"mean nodes {row['mean_nodes']}, max {row['max_nodes']}, no guess {row['no_guess_pct']}%")
            print(f"   input lag over {len(lags)} key presses: median {statistics.median(lags):.1f} ms, "
                  f"max {max(lags):.1f} ms; Event Timing durations >= 16 ms: {len(durations)}"
                  + (f", max {max(durations):.0f} ms" if durations else ""))
            print(f"   JS heap (main thread): {before:.1f} MB before, peak {peak:.1f} MB, {after:.1f} MB after; "
                  f"Chromium's processes: {chromium_rss_mb(browser_pid):.0f} MB resident")
            page.close()


if __name__ == "__main__":
    main()
