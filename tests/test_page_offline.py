"""The page's start in headless Chromium: offline, a new build, the snapshot, Stop, several embeds.

The service worker's cache (offline
reloads, a new build replacing the old cache, `build.py dist` offline), Python restored
from the worker's memory snapshot (and booted as usual when the snapshot fails), Stop
restarting Python from the cache, and several embeds on one course page (fixtures in
pagekit.py). Each test but the embeds' is a first visit, in a new context of the browser
itself (``browser.browser``), with its service worker."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import sys
import time
from unittest.mock import ANY

import build
import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PREFIX = "sudoku-dlx-"

# Every cache of the page's origin and the URLs it holds.
CACHES = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    found[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  return found;
}"""


@contextlib.contextmanager
def serving(folder=None):
    """`build.py serve` of the repository (or of a folder `dist` wrote) on a free port,
    stopped on leaving: then the page has no network at all."""
    command = [sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"]
    process = subprocess.Popen(command + (["--dir", str(folder)] if folder else []), stdout=subprocess.PIPE, text=True)
    try:
        match = re.search(r"http://127\.0\.0\.1:\d+/", process.stdout.readline())
        assert match, "build.py serve did not start"
        yield match.group(0)
    finally:
        process.terminate()
        process.wait(timeout=10)


def wait_cached(page, build_id=None, timeout_s=60) -> dict:
    """Waits until the service worker controls the page and the origin holds exactly
    one cache, complete (addAll stored build.json with all the rest, or nothing) and of build_id
    if given; returns {cache name: URLs}."""
    deadline = time.monotonic() + timeout_s
    while True:
        # Polled with evaluate: the page's CSP forbids wait_for_function's eval.
        controlled = page.evaluate("Boolean(navigator.serviceWorker.controller)")
        found = page.evaluate(CACHES)
        complete = [name for name, urls in found.items() if any(u.endswith("static/vendor/build.json") for u in urls)]
        if controlled and len(found) == 1 and complete and (build_id is None or complete == [PREFIX + build_id]):
            return found
        assert time.monotonic() < deadline, f"no complete cache of {build_id or 'the build'}: {list(found)}"
        time.sleep(0.2)


# This build's memory snapshot in the page's caches: the status of the cached response
# (200: a snapshot, 204: the mark of one that failed), or null.
SNAPSHOT = """async () => {
  const build = await (await fetch("static/vendor/build.json", { cache: "no-cache" })).json();
  const saved = await caches.match(new URL(`static/vendor/snapshot-${build.id}.bin`, location.href).href);
  return saved ? saved.status : null;
}"""

# Spoils this build's snapshot in its cache, as named: "magic" (not a snapshot), "runtime"
# (made by another Pyodide build), "truncated" (half of it), "foreign" (a real snapshot of
# Pyodide without the package, made here).
SPOIL = """async (how) => {
  const vendor = new URL("static/vendor/", location.href);
  const build = await (await fetch(new URL("build.json", vendor), { cache: "no-cache" })).json();
  const url = new URL(`snapshot-${build.id}.bin`, vendor).href;
  const cache = await caches.open(build.cache);
  let bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
  if (how === "magic") bytes[0] ^= 0xff;
  else if (how === "runtime") bytes[16] ^= 0xff;
  else if (how === "truncated") bytes = bytes.slice(0, bytes.length / 2);
  else if (how === "foreign") {
    const runtime = new URL(build.runtime, vendor);
    const { loadPyodide } = await import(new URL("pyodide.mjs", runtime));
    const options = { indexURL: runtime.href, stdLibURL: new URL(build.stdlib, vendor).href, lockFileContents: build.lock };
    bytes = (await loadPyodide({ ...options, _makeSnapshot: true })).makeMemorySnapshot();
  }
  await cache.put(url, new Response(bytes));
}"""

# A request to Python through the page's own client (python.js, as the views ask).
ASK = "async ([type, args]) => (await import('./static/python.js')).python.client.request(type, args)"


def python_start(page) -> str:
    """How the page's (last) worker started Python (worker.mjs's pythonStart)."""
    return page.workers[-1].evaluate("self.pythonStart")


def wait_snapshot(page, status=200, timeout_s=60):
    """Waits until this build's snapshot (or its failed mark) is in the cache."""
    deadline = time.monotonic() + timeout_s
    while page.evaluate(SNAPSHOT) != status:
        assert time.monotonic() < deadline, f"no snapshot with status {status}: {page.evaluate(SNAPSHOT)}"
        time.sleep(0.2)


def solve(page_or_frame):
    page_or_frame.get_by_role("button", name="Solve", exact=True).click()
    expect(page_or_frame.get_by_role("status")).to_have_text("Solved: the solution is unique.")


def test_offline_reload_then_solve(browser, watch):
    with serving() as base:
        page = open_page(browser.browser, base, watch, f"index.html#p={PUZZLE}")
        wait_ready(page)
        cached = wait_cached(page)
        manifest = json.loads((build.VENDOR / "build.json").read_text())
        (urls,) = cached.values()
        # Every file of the build, every view and the batch view's samples among them.
        assert {base + file for file in manifest["files"]} <= set(urls)
        sample = min(base + file for file in manifest["files"] if file.startswith("static/data/") and file.endswith(".txt"))
    # The server is gone: everything comes from the service worker's cache.
    page.reload()
    wait_ready(page)
    assert page.evaluate("async (url) => (await fetch(url)).text()", sample).count("\n") >= 300
    solve(page)
    # Every view opens offline, though none was opened online; the lab searches with Python.
    page.context.set_offline(True)
    for view, shown in (("race", "#race-speed"), ("batch", "#batch-text"), ("worksheet", "#ws-make"), ("lab", "#lab-title")):
        page.goto(base + f"index.html?view={view}")
        expect(page.locator(shown)).to_be_visible()
    wait_ready(page)
    expect(page.locator("#lab-message")).to_contain_text("The search takes", timeout=READY_MS)
    page.context.set_offline(False)
    other = page.context.new_page()  # a new visit, not a reload
    other.goto(base + f"index.html?embed=1#p={PUZZLE}")
    wait_ready(other)
    solve(other)
    page.context.close()


def new_build(site) -> tuple[str, str]:
    """Makes `site` (dist's folder) a new build: its wheel moved to another folder, as a
    changed engine would be; returns the old wheel's path and the new build's id."""
    vendor = site / "static" / "vendor"
    manifest = json.loads((vendor / "build.json").read_text())
    old = manifest["wheel"]
    new = "wheel-000000000000/" + old.split("/")[1]
    (vendor / new).parent.mkdir()
    shutil.move(vendor / old, vendor / new)
    manifest["files"] = [f"static/vendor/{new}" if f == f"static/vendor/{old}" else f for f in manifest["files"]]
    manifest.update(wheel=new, id="000000000000", cache=PREFIX + "000000000000")
    for copy in vendor.glob("build.json.*"):
        copy.unlink()
    (vendor / "build.json").write_text(json.dumps(manifest))
    return old, manifest["id"]


@pytest.mark.external
def test_a_new_build_replaces_the_old_cache_and_dist_works_offline(browser, watch, tmp_path):
    site = tmp_path / "site"
    build.dist(site)
    with serving(site) as base:
        page = open_page(browser.browser, base, watch, f"index.html#p={PUZZLE}")
        wait_ready(page)
        wait_snapshot(page)
        first = wait_cached(page)
        old_wheel, new_id = new_build(site)
        assert any(url.endswith(old_wheel) for urls in first.values() for url in urls)
        asked = len(watch.urls)
        page.reload()
        wait_ready(page)
        # The old build's snapshot is not restored: Python boots and makes the new build's.
        assert python_start(page) == "booted, snapshot made"
        wheels = [url for url in watch.urls[asked:] if url.endswith(".whl")]
        assert wheels and all("wheel-000000000000/" in url for url in wheels), wheels  # no stale wheel
        wait_snapshot(page)
        (urls,) = wait_cached(page, new_id).values()
        assert not any(old_wheel in url for url in urls)
        assert [url.rsplit("/", 1)[1] for url in urls if "/snapshot-" in url] == [f"snapshot-{new_id}.bin"]
    page.reload()  # offline: the new build, from its cache and its snapshot
    wait_ready(page)
    assert python_start(page) == "restored"
    solve(page)
    page.context.close()


def test_stop_restarts_python_from_the_cache(browser, server, watch):
    page = open_page(browser.browser, server, watch)
    wait_ready(page)
    wait_snapshot(page)
    wait_cached(page)
    page.select_option("#size", "25")
    page.get_by_role("button", name="Generate", exact=True).click()
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_enabled()
    page.wait_for_timeout(300)
    responses = []
    page.context.on("response", lambda response: responses.append(response))
    page.get_by_role("button", name="Stop", exact=True).click()
    expect(message(page)).to_have_text("Stopped.")
    wait_ready(page)
    page.evaluate("puzzle => { location.hash = 'p=' + puzzle }", PUZZLE)
    expect(page.locator("[data-given]")).to_have_count(17)
    solve(page)
    # Restored from the snapshot: the runtime and the library from the service worker, and
    # no wheel, as the snapshot holds the package.
    assert python_start(page) == "restored"
    runtime = {r.url.rsplit("/", 1)[1]: r.from_service_worker for r in responses if "/static/vendor/" in r.url}
    assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= set(runtime), runtime
    assert not any(name.endswith(".whl") for name in runtime), runtime
    assert all(runtime.values()), runtime
    page.context.close()


def test_a_repeat_visit_restores_python_from_the_snapshot_reseeded_and_offline(browser, watch):
    generate = ["generate", {"size": 4, "seed": 7}]
    draw = ["generate", {"size": 4}]  # seed drawn with `random`
    with serving() as base:
        page = open_page(browser.browser, base, watch, f"index.html#p={PUZZLE}")
        wait_ready(page)
        assert python_start(page) == "booted, snapshot made"
        booted = page.evaluate(ASK, generate)
        wait_snapshot(page)
        wait_cached(page)
        seeds = []
        for _ in range(2):
            page.reload()
            wait_ready(page)
            assert python_start(page) == "restored"
            assert page.evaluate(ASK, generate) == {**booted, "ms": ANY}  # a seed makes the same puzzle
            seeds.append(page.evaluate(ASK, draw)["seed"])
        assert seeds[0] != seeds[1], "two restores drew the same seed: random was not reseeded"
    page.reload()  # offline
    wait_ready(page)
    assert python_start(page) == "restored"
    solve(page)
    page.context.close()


@pytest.mark.parametrize("how", ["magic", "runtime", "truncated", "foreign"])
def test_a_snapshot_that_fails_falls_back_to_a_normal_boot_for_the_build(browser, server, watch, how):
    page = open_page(browser.browser, server, watch, f"index.html#p={PUZZLE}")
    wait_ready(page)
    wait_snapshot(page)
    page.evaluate(SPOIL, how)
    page.reload()
    wait_ready(page)
    assert python_start(page) == "booted after a failed restore"
    solve(page)
    wait_snapshot(page, 204)  # marked failed: this build boots as usual from now on
    page.reload()
    wait_ready(page)
    assert python_start(page) == "booted"
    solve(page)
    page.context.close()


@pytest.fixture
def course_page(browser, server, other_origin, watch):
    """course_page(n, below): a host page on another origin with n embeds in view and
    `below` far down the page."""
    contexts = []

    def open_course_page(n=3, below=0):
        contexts.append(browser.new_context(viewport={"width": 1366, "height": 768}))
        watch.attach(contexts[-1])
        page = contexts[-1].new_page()
        page.goto(f"{other_origin}tests/pages/embeds.html?n={n}&below={below}&page={server}index.html")
        return page

    yield open_course_page
    for context in contexts:
        context.close()


def test_three_embeds_on_one_host_page_all_become_ready_and_solve(course_page):
    page = course_page(3)
    frames = [page.frame_locator(f"#embed-{i}") for i in (1, 2, 3)]
    for frame in frames:
        expect(frame.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    for frame in frames:
        solve(frame)


def test_an_embed_out_of_view_boots_once_scrolled_to(course_page):
    page = course_page(1, below=1)
    expect(page.frame_locator("#embed-1").locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    below = page.frame_locator("#embed-2")
    expect(below.locator("html")).to_have_attribute("data-python", "idle")
    expect(below.locator(".python-status")).to_have_text("Python starts when it is needed.")
    expect(below.get_by_role("button", name="Solve", exact=True)).to_be_enabled()
    page.locator("#embed-2").scroll_into_view_if_needed()
    expect(below.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    solve(below)
