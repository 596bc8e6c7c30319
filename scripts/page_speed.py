"""Start-up of the page in headless Chromium, side by side with a bare Pyodide page.

    python3 scripts/page_speed.py [--runs 5]

Builds, then serves the repository as ``build.py serve`` does (its handler, so
precompressed copies go out with their Content-Encoding), counting what the server
sends, and serves tests/pages/ from another origin (``localhost``) for a course page.
Each run opens, each in a browser with a new, empty profile, in an order that turns
with the run:

- the page (index.html): a *first visit*, then, once its service worker has cached
  the build and its worker has stored the memory snapshot of Python, a *repeat visit*
  in a new tab (the first one closed), then *Stop*: Generate 25×25, Stop after 0.3 s,
  and the time until Python is ready again;
- the bare page (tests/pages/bare.html: loadPyodide of the npm package's files as
  they come, in a module worker, nothing else): a first visit, then a repeat visit
  in a new tab (the first one closed; the browser's cache revalidates every file);
- a course page on the other origin with 3 embeds of the page, all in view: when the
  first embed's Python is ready (a first visit).

Times are seconds from the navigation start of the visit (of the course page for
the embeds): *grid* when a click on a cell first selects it, *Python* when
``<html data-python="ready">``. *Bytes* are the response bodies the server sent for a
visit (304s send none), the service worker's caching included.

Prints Markdown tables of medians (and ranges), the ratios the start-up aims name,
how the page's worker started Python in each kind of visit (worker.mjs's pythonStart:
restored from the snapshot, or booted), the storage the page's origin uses after the
first visit, and the load average before and after.
"""

from __future__ import annotations

import argparse
import collections
import functools
import gzip
import http.server
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402 - after the path that finds it

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TIMEOUT_S = 120
POLL_S = 0.05
EMBEDS = 3

# Runs in every document before its scripts (every frame too): notes when the grid
# first answers a click, each time Python becomes ready, and a click on Stop, in
# performance.now() time (0 = the document's navigation start).
PROBE = """
(() => {
  const marks = (window.__speed = { readies: [] });
  const check = () => {
    if (marks.grid === undefined) {
      const cell = document.querySelector('[data-cell]:not([aria-selected="true"])');
      if (cell) {
        cell.click();
        if (cell.getAttribute("aria-selected") === "true") {
          requestAnimationFrame(() => { marks.grid = performance.now(); });
        }
      }
    }
    const ready = document.documentElement.dataset.python === "ready";
    if (ready && !marks.ready) marks.readies.push(performance.now());
    marks.ready = ready;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-python"],
  });
  document.addEventListener("click", (event) => {
    if (event.target.closest?.('[data-action="stop"]')) marks.stopped = performance.now();
  }, true);
})();
"""

# Complete when the service worker controls the page, a cache holds build.json (its
# caching stores all of a build's files or none) and the worker's snapshot of Python.
CACHED = """async () => {
  const build = await (await fetch("static/vendor/build.json", { cache: "no-cache" })).json();
  const snapshot = await caches.match(`static/vendor/snapshot-${build.id}.bin`);
  return Boolean(navigator.serviceWorker.controller) && (await caches.keys()).length === 1
    && Boolean(await caches.match("static/vendor/build.json")) && snapshot?.status === 200;
}"""

# What the page's origin stores once the build and the snapshot are cached, in bytes.
STORED = """async () => {
  const build = await (await fetch("static/vendor/build.json", { cache: "no-cache" })).json();
  const snapshot = await caches.match(`static/vendor/snapshot-${build.id}.bin`);
  return { usage: (await navigator.storage.estimate()).usage, snapshot: (await snapshot.blob()).size };
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves tests/pages/ (the other origin) without logging each request."""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass


class Counted(build.Handler):
    """build.py's handler, counting the requests and the body bytes it sends."""

    def log_request(self, code="-", size="-") -> None:
        with self.server.lock:
            self.server.requests += 1

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        with self.server.lock:
            self.server.bytes += len(data)


def start_servers() -> tuple[http.server.ThreadingHTTPServer, str, str]:
    """The page's server (counting), its base URL, and the other origin's base URL."""
    build.build()
    build.precompress([build.VENDOR / build.RUNTIME / name for name in build.AS_IT_COMES])  # the bare page's, as the page's
    page = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted, directory=str(ROOT)))
    page.csp, page.verbose, page.lock, page.requests, page.bytes = build.content_security_policy(), False, threading.Lock(), 0, 0
    host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT / "tests" / "pages")))
    for server in (page, host):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    return page, f"http://127.0.0.1:{page.server_address[1]}/", f"http://localhost:{host.server_address[1]}/"


def poll(page, expression: str, what: str):
    """Evaluates expression until truthy (wait_for_function's eval is refused by the CSP)."""
    deadline = time.monotonic() + TIMEOUT_S
    while not (value := page.evaluate(expression)):
        if time.monotonic() > deadline:
            sys.exit(f"{page.url}: no {what} in {TIMEOUT_S} s")
        time.sleep(POLL_S)
    return value


def taken(server) -> tuple[int, int]:
    """The requests and bytes the server sent since the last call."""
    with server.lock:
        counts = (server.requests, server.bytes)
        server.requests = server.bytes = 0
    return counts


def visit(page, url: str, server) -> dict:
    """Opens url, waits until Python is ready (and the grid answered, where it has one)."""
    taken(server)
    page.goto(url, wait_until="commit")
    marks = poll(page, "window.__speed.readies.length && (window.__speed.grid !== undefined"
                       " || !document.querySelector('[data-cell]')) && window.__speed", "Python")
    start = page.workers[-1].evaluate("self.pythonStart ?? 'bare'") if page.workers else "bare"
    return {"python": marks["readies"][0], "start": start, **({"grid": marks["grid"]} if "grid" in marks else {})}


def stop_and_restart(page) -> float:
    """Generate 25×25, Stop after 0.3 s: the time from the click on Stop to Python ready."""
    page.select_option("#size", "25")
    page.get_by_role("button", name="Generate", exact=True).click()
    page.wait_for_timeout(300)
    page.get_by_role("button", name="Stop", exact=True).click()
    marks = poll(page, "window.__speed.stopped !== undefined && window.__speed.readies.length > 1"
                       " && window.__speed.ready && window.__speed", "Python after Stop")
    return {"python": marks["readies"][-1] - marks["stopped"], "start": page.workers[-1].evaluate("self.pythonStart")}


def first_embed_ready(page, url: str) -> float:
    """Opens the course page; when its first embed's Python was ready, from its navigation start."""
    page.goto(url, wait_until="commit")
    poll(page, f"document.querySelectorAll('iframe').length === {EMBEDS}", "embeds")
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        readies = [frame.evaluate("window.__speed && window.__speed.readies.length"
                                  " && performance.timeOrigin + window.__speed.readies[0]")
                   for frame in page.frames if frame != page.main_frame]
        if any(readies):
            return min(r for r in readies if r) - page.evaluate("performance.timeOrigin")
        if time.monotonic() > deadline:
            sys.exit(f"{url}: no embed ready in {TIMEOUT_S} s")
        time.sleep(POLL_S)


def measure(runs: int) -> dict:
    """{(what, visit): [one value or dict per run]}."""
    server, base, other = start_servers()
    results: dict = {}

    def add(key, value):
        results.setdefault(key, []).append(value)

    def page_visits(context):
        first = context.new_page()
        marks = visit(first, base + "index.html", server)
        poll(first, CACHED, "service worker cache and snapshot")
        add(("page", "first"), {**marks, "counts": taken(server), "stored": first.evaluate(STORED)})
        first.close()
        repeat = context.new_page()
        add(("page", "repeat"), {**visit(repeat, base + "index.html", server), "counts": taken(server)})
        add(("page", "stop"), stop_and_restart(repeat))

    def bare_visits(context):
        first = context.new_page()
        marks = visit(first, base + "tests/pages/bare.html", server)
        first.wait_for_load_state("networkidle")
        add(("bare", "first"), {**marks, "counts": taken(server)})
        first.close()
        repeat = context.new_page()
        add(("bare", "repeat"), {**visit(repeat, base + "tests/pages/bare.html", server), "counts": taken(server)})

    def embeds_visit(context):
        add(("embeds", "first"), first_embed_ready(context.new_page(), f"{other}embeds.html?n={EMBEDS}&page={base}index.html"))

    kinds = [page_visits, bare_visits, embeds_visit]
    with sync_playwright() as playwright:
        for run in range(runs):
            for kind in kinds[run % 3:] + kinds[:run % 3]:
                # A browser with its own new profile: an empty disk cache and no service
                # worker, as a first visit has, and a real disk cache for the repeat visit.
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1366, "height": 768})
                    context.add_init_script(PROBE)
                    kind(context)
                    context.close()
            print(f"run {run + 1}/{runs}: " + ", ".join(
                f"{what} {kind} {_seconds(values[-1]):.2f}" for (what, kind), values in results.items()),
                file=sys.stderr, flush=True)
    server.shutdown()
    return results


def _seconds(value) -> float:
    return (value["python"] if isinstance(value, dict) else value) / 1000


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def own_files() -> dict[str, tuple[int, int]]:
    """The project's own files the page loads, by kind: (bytes, bytes as serve sends them:
    gzipped as they go for the sources, the brotli copy for the wheel)."""
    manifest = build.build()
    static, wheel = ROOT / "static", build.VENDOR / manifest["wheel"]
    kinds = {
        "JS (static/*.js, *.mjs, sw.js)": [*static.glob("*.js"), *static.glob("*.mjs"), ROOT / "sw.js"],
        "CSS, index.html, manifest": [*static.glob("*.css"), ROOT / "index.html", ROOT / "manifest.webmanifest"],
    }
    sizes = {kind: (sum(p.stat().st_size for p in paths), sum(len(gzip.compress(p.read_bytes(), mtime=0)) for p in paths))
             for kind, paths in kinds.items()}
    sizes[f"wheel with bytecode ({wheel.name})"] = (wheel.stat().st_size, Path(f"{wheel}.br").stat().st_size)
    return sizes


def report(results: dict, runs: int) -> str:
    seconds = {key: [_seconds(v) for v in values] for key, values in results.items()}
    median = {key: statistics.median(values) for key, values in seconds.items()}
    grid = [v["grid"] / 1000 for v in results["page", "first"]]
    lines = [
        f"Medians of {runs} runs, seconds (min–max in brackets).",
        "",
        "| | first visit: Python ready | repeat visit: Python ready | Stop → Python ready | 3 embeds: first embed ready |",
        "|---|---:|---:|---:|---:|",
        f"| sudoku-dlx | {cell(seconds['page', 'first'])} | {cell(seconds['page', 'repeat'])} | "
        f"{cell(seconds['page', 'stop'])} | {cell(seconds['embeds', 'first'])} |",
        f"| bare Pyodide | {cell(seconds['bare', 'first'])} | {cell(seconds['bare', 'repeat'])} | | |",
        f"| ratio | page / bare {median['page', 'first'] / median['bare', 'first']:.2f} | "
        f"page / bare {median['page', 'repeat'] / median['bare', 'repeat']:.2f} | | "
        f"embed / page's first visit {median['embeds', 'first'] / median['page', 'first']:.2f} |",
        "",
        f"Grid answering a click (page, first visit): {cell(grid)} s.",
        "",
        "| | first visit: requests, bytes sent | repeat visit: requests, bytes sent |",
        "|---|---:|---:|",
    ]
    for name, label in (("page", "sudoku-dlx"), ("bare", "bare Pyodide")):
        cells = []
        for kind in ("first", "repeat"):
            counts = [v["counts"] for v in results[name, kind]]
            cells.append(f"{statistics.median(c[0] for c in counts):.0f}, "
                         f"{statistics.median(c[1] for c in counts):,.0f}")
        lines.append(f"| {label} | {cells[0]} | {cells[1]} |")
    starts = {kind: collections.Counter(v["start"] for v in results["page", kind]) for kind in ("first", "repeat", "stop")}
    lines += ["", "How the page's worker started Python: " + "; ".join(
        f"{kind}: " + ", ".join(f"{start} ×{n}" for start, n in counts.items()) for kind, counts in starts.items()) + "."]
    stored = [v["stored"] for v in results["page", "first"]]
    lines.append(f"Stored by the page's origin after the first visit: {statistics.median(s['usage'] for s in stored):,.0f} bytes"
                 f" (median), the snapshot {statistics.median(s['snapshot'] for s in stored):,.0f} of them.")
    sizes = own_files()
    lines += ["", "| the project's own files | bytes | as sent |", "|---|---:|---:|"]
    lines += [f"| {kind} | {raw:,} | {sent:,} |" for kind, (raw, sent) in sizes.items()]
    lines.append(f"| **total** | **{sum(r for r, _ in sizes.values()):,}** | **{sum(t for _, t in sizes.values()):,}** |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs, each with new profiles (default 5)")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    results = measure(args.runs)
    print(report(results, args.runs))
    print(f"\nLoad average (1 min): {load_before:.2f} before the runs, {os.getloadavg()[0]:.2f} after.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
