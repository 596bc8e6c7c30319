"""What the page benchmarks share: the site served by `build.py serve` and the full
Chromium, headless (the browser people use, with the tests' flags), and Chromium's memory."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from pagekit import CHROMIUM_ARGS, FULL_CHROMIUM  # noqa: E402


@contextlib.contextmanager
def served_browser() -> Iterator[tuple[str, Browser, int]]:
    """The site's URL (ending in /), a headless Chromium and the browser's process id."""
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", "0"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS)
            browser_pid = int(subprocess.run(["pgrep", "-n", "-f", "chromium.*remote-debugging-pipe"],
                                             capture_output=True, text=True).stdout.split()[0])
            try:
                yield url, browser, browser_pid
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def chromium_rss_mb(browser_pid: int) -> float:
    """Resident memory of Chromium's processes (the browser and its children), MB."""
    out = subprocess.run(["ps", "-o", "pid=,ppid=,rss=", "-A"], capture_output=True, text=True).stdout
    rows = [tuple(map(int, line.split())) for line in out.splitlines() if line.strip()]
    children = {browser_pid}
    changed = True
    while changed:
        changed = False
        for pid, ppid, _ in rows:
            if ppid in children and pid not in children:
                children.add(pid)
                changed = True
    return sum(rss for pid, _, rss in rows if pid in children) / 1024


def renderer_rss_mb() -> float:
    """The largest resident memory among Chromium's renderer processes, MB."""
    out = subprocess.run(["ps", "-o", "rss=,args=", "-A"], capture_output=True, text=True).stdout
    return max((int(line.split()[0]) for line in out.splitlines() if "--type=renderer" in line), default=0) / 1024


def heap_mb(cdp) -> float:
    """The main thread's used JS heap (DevTools Performance.getMetrics), MB."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return metrics["JSHeapUsedSize"] / 2**20


# Clicks a button and resolves with the milliseconds until the message starts with a text.
_TIME_CLICK = """async ([action, starts]) => {
  const message = document.getElementById("message");
  const started = performance.now();
  const done = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (message.textContent.startsWith(starts)) {
        watch.disconnect();
        resolve(performance.now() - started);
      }
    });
    watch.observe(message, { childList: true, characterData: true, subtree: true });
  });
  document.querySelector(`[data-action="${action}"]`).click();
  return done;
}"""


def time_click(page, action: str, starts: str) -> float:
    """Clicks the play view's ``[data-action=action]`` button; the milliseconds until its
    message starts with ``starts``."""
    return page.evaluate(_TIME_CLICK, [action, starts])
