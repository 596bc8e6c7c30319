"""The page's start in real headless Chromium: the service worker's cache (offline
reloads, a new build replacing the old cache, `build.py dist` offline), Stop restarting
Python from the cache, and several embeds on one course page (fixtures in pagekit.py)."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import sys
import time

import build
import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import expect

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


def solve(page_or_frame):
    page_or_frame.get_by_role("button", name="Solve", exact=True).click()
    expect(page_or_frame.get_by_role("status")).to_have_text("Solved: the solution is unique.")


def test_offline_reload_then_solve(browser, watch):
    with serving() as base:
        page = open_page(browser, base, watch, f"index.html#p={PUZZLE}")
        wait_ready(page)
        cached = wait_cached(page)
        manifest = json.loads((build.VENDOR / "build.json").read_text())
        (urls,) = cached.values()
        assert {base + file for file in manifest["files"]} <= set(urls)
    # The server is gone: everything comes from the service worker's cache.
    page.reload()
    wait_ready(page)
    solve(page)
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
    manifest.update(wheel=new, id="000000000000")
    for copy in vendor.glob("build.json.*"):
        copy.unlink()
    (vendor / "build.json").write_text(json.dumps(manifest))
    return old, manifest["id"]


def test_a_new_build_replaces_the_old_cache_and_dist_works_offline(browser, watch, tmp_path):
    site = tmp_path / "site"
    build.dist(site)
    with serving(site) as base:
        page = open_page(browser, base, watch, f"index.html#p={PUZZLE}")
        wait_ready(page)
        first = wait_cached(page)
        old_wheel, new_id = new_build(site)
        assert any(url.endswith(old_wheel) for urls in first.values() for url in urls)
        asked = len(watch.urls)
        page.reload()
        wait_ready(page)
        wheels = [url for url in watch.urls[asked:] if url.endswith(".whl")]
        assert wheels and all("wheel-000000000000/" in url for url in wheels), wheels  # no stale wheel
        (urls,) = wait_cached(page, new_id).values()
        assert not any(old_wheel in url for url in urls)
    page.reload()  # offline: the new build, from its cache
    wait_ready(page)
    solve(page)
    page.context.close()


def test_stop_restarts_python_from_the_cache(browser, server, watch):
    page = open_page(browser, server, watch)
    wait_ready(page)
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
    runtime = {r.url.rsplit("/", 1)[1]: r.from_service_worker for r in responses if "/static/vendor/" in r.url}
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "sudoku_dlx-0.1.0-py3-none-any.whl"} <= set(runtime), runtime
    assert all(runtime.values()), runtime
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
