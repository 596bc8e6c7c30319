"""Times Generate in the page, in headless Chromium: from the click to the new puzzle
in the grid (the message comes right after the grid is drawn). Not a test: it prints.

    python3 scripts/bench_page_generate.py [--size 9] [--n 10]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]

# Clicks Generate and resolves with the milliseconds until the message says "New ".
TIME_ONE = """async () => {
  const message = document.getElementById("message");
  const started = performance.now();
  const done = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (message.textContent.startsWith("New ")) {
        watch.disconnect();
        resolve(performance.now() - started);
      }
    });
    watch.observe(message, { childList: true, characterData: true, subtree: true });
  });
  document.querySelector('[data-action="generate"]').click();
  return done;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--n", type=int, default=10)
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", "0"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(url + "index.html")
            expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
            page.locator("#size").select_option(str(args.size))
            times = []
            for _ in range(args.n):
                times.append(page.evaluate(TIME_ONE))
                print(f"{times[-1]:8.1f} ms  {page.locator('#message').text_content()}")
            print(f"Chromium {browser.version}: {args.size}x{args.size} Generate, {args.n} runs: "
                  f"median {statistics.median(times):.0f} ms, mean {statistics.mean(times):.0f} ms, "
                  f"min {min(times):.0f} ms, max {max(times):.0f} ms")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
