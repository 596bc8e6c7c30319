"""Page load times in headless Chromium, beside a bare page that only loads Pyodide.

    python3 scripts/page_speed.py [--runs 5]

Serves the repository with ``build.py serve`` and opens, in turn, the page
(index.html) and tests/pages/bare.html (the same vendored Pyodide in a module
worker, nothing else). Each run starts the browser with a new, empty profile
(*cold*), then reloads (*warm*: the disk cache holds everything and the server
sends ``no-cache``, so every file is revalidated, 0 bytes downloaded). Times
are from navigation start:

- *grid*: a ``[data-cell]`` is in the DOM and a click on it selects it
  (``aria-selected="true"``), taken at the next animation frame after that;
- *Python*: ``<html data-python="ready">``;
- *after boot*: Python ready minus the moment the page's ``#python-status``
  first shows a message other than "Loading Python…" (the worker's first
  message once ``loadPyodide`` has resolved): the page's own work on top of
  Pyodide (micropip, the wheel, importing the package).

Prints a Markdown table of medians (and ranges), what each page downloads, and
the sizes of the project's own files.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGES = {"sudoku-dlx": "index.html", "bare Pyodide": "tests/pages/bare.html"}
OWN_LIMIT = 150_000
TIMEOUT_MS = 120_000
POLL_S = 0.1

# Runs in every document before its scripts: notes when the grid first answers a
# click and when Python is ready, in performance.now() time (0 = navigation start).
PROBE = """
(() => {
  const marks = (window.__speed = {});
  const check = () => {
    if (marks.clicked === undefined) {
      const cell = document.querySelector('[data-cell]:not([aria-selected="true"])');
      if (cell) {
        cell.click();
        if (cell.getAttribute("aria-selected") === "true") {
          marks.clicked = performance.now();
          requestAnimationFrame(() => { marks.grid = performance.now(); });
        }
      }
    }
    const text = document.getElementById("python-status")?.textContent;
    if (marks.booted === undefined && text && !text.startsWith("Loading Python")) marks.booted = performance.now();
    if (marks.python === undefined && document.documentElement.dataset.python === "ready") {
      marks.python = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-python"],
  });
})();
"""


def start_server() -> tuple[subprocess.Popen, str]:
    """`build.py serve --port 0` (which builds first) and its base URL."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not match:
        process.terminate()
        sys.exit(f"build.py serve said: {line!r}")
    return process, match.group(0)


class Downloads:
    """The finished requests of one load: their count and response body bytes."""

    def __init__(self, context):
        self.requests = []
        context.on("requestfinished", lambda request: self.requests.append(request))

    def take(self) -> tuple[int, int]:
        taken = (len(self.requests), sum(r.sizes()["responseBodySize"] for r in self.requests))
        self.requests.clear()
        return taken


def load(page, url: str | None, downloads: Downloads) -> dict:
    """Navigate (or reload if url is None), wait for Python; the marks and downloads."""
    if url is None:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    # Polled with evaluate: the page's CSP forbids wait_for_function's eval.
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        marks = page.evaluate("window.__speed")
        if "python" in marks and ("grid" in marks or not page.locator("[data-cell]").count()):
            break
        if time.monotonic() > deadline:
            sys.exit(f"{page.url}: Python not ready in {TIMEOUT_MS / 1000:.0f} s ({marks})")
        time.sleep(POLL_S)
    page.wait_for_load_state("networkidle")
    if "booted" in marks:
        marks["after boot"] = marks["python"] - marks["booted"]
    marks["requests"], marks["bytes"] = downloads.take()
    return marks


def measure(base: str, runs: int) -> dict:
    """{(page, 'cold'|'warm'): [marks of each run]}; the pages alternate run by run."""
    results = {(name, kind): [] for name in PAGES for kind in ("cold", "warm")}
    with sync_playwright() as playwright:
        for run in range(runs):
            for name, path in PAGES.items():
                # A browser with its own new profile: an empty disk cache, as a
                # first visit has, and a real one for the reload (a plain
                # new_context's in-memory cache does not keep the 9.6 MB wasm).
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    context.add_init_script(PROBE)
                    downloads = Downloads(context)
                    page = context.new_page()
                    results[name, "cold"].append(load(page, base + path, downloads))
                    results[name, "warm"].append(load(page, None, downloads))
                    context.close()
                print(f"run {run + 1}/{runs} {name}: "
                      f"{_ms(results[name, 'cold'][-1], 'python')} cold, "
                      f"{_ms(results[name, 'warm'][-1], 'python')} warm", file=sys.stderr, flush=True)
    return results


def _ms(marks: dict, key: str) -> str:
    return f"{marks[key]:.0f} ms" if key in marks else "–"


def median_cell(samples: list[dict], key: str) -> str:
    """'median (min–max)' in seconds, or a dash."""
    values = [marks[key] / 1000 for marks in samples if key in marks]
    if not values:
        return "–"
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def own_files() -> dict[str, int]:
    """Bytes of the project's own files the page loads, by kind."""
    static = ROOT / "static"
    wheel = next((static / "vendor").glob("wheel-*/*.whl"))
    return {
        "JS (static/*.js, *.mjs)": sum(p.stat().st_size for p in [*static.glob("*.js"), *static.glob("*.mjs")]),
        "CSS (static/style.css)": sum(p.stat().st_size for p in static.glob("*.css")),
        "index.html": (ROOT / "index.html").stat().st_size,
        f"wheel ({wheel.name})": wheel.stat().st_size,
    }


def report(results: dict, runs: int) -> str:
    lines = [
        f"Medians of {runs} runs, seconds from navigation start (min–max in brackets).",
        "",
        "| page | cold: grid | cold: Python ready | cold: after boot | warm: grid | warm: Python ready | warm: after boot |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name in PAGES:
        cold, warm = results[name, "cold"], results[name, "warm"]
        lines.append("| " + " | ".join([name] + [median_cell(samples, key) for samples in (cold, warm)
                                                 for key in ("grid", "python", "after boot")]) + " |")
    ratios = []
    for kind in ("cold", "warm"):
        page, bare = (statistics.median(m["python"] for m in results[name, kind]) for name in PAGES)
        ratios.append(f"{(page / bare - 1) * 100:+.0f}%")
    lines.append(f"| page vs bare | | {ratios[0]} | | | {ratios[1]} | |")
    lines += ["", "| page | cold: requests, bytes downloaded | warm: requests, bytes downloaded |", "|---|---:|---:|"]
    for name in PAGES:
        cells = []
        for kind in ("cold", "warm"):
            samples = results[name, kind]
            count = statistics.median(m["requests"] for m in samples)
            size = statistics.median(m["bytes"] for m in samples)
            cells.append(f"{count:.0f}, {size:,.0f}")
        lines.append(f"| {name} | {cells[0]} | {cells[1]} |")
    sizes = own_files()
    lines += ["", "| the project's own files | bytes |", "|---|---:|"]
    lines += [f"| {kind} | {size:,} |" for kind, size in sizes.items()]
    total = sum(sizes.values())
    verdict = "under" if total < OWN_LIMIT else "over"
    lines.append(f"| **total** ({verdict} {OWN_LIMIT:,}) | **{total:,}** |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh browser profiles per page (default 5)")
    args = parser.parse_args()
    server, base = start_server()
    load_before = os.getloadavg()[0]
    try:
        results = measure(base, args.runs)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(report(results, args.runs))
    print(f"\nLoad average (1 min): {load_before:.2f} before the runs, {os.getloadavg()[0]:.2f} after.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
