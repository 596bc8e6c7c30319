"""Fixtures and helpers for the page's tests in real headless Chromium (Debian's),
driven by Playwright, with the page served by `build.py serve`.

tests/conftest.py loads this module as a plugin, so its fixtures are the session's: one
server, one Playwright and one browser (of each kind) per pytest process, shared by every
test module: nine page test modules took 143-147 s with a server and a browser of their
own each and take 127-129 s (2026-12-08, 2 cores, ``-n 2``). A test module imports the
helpers (``from pagekit import *``). The browser's contexts and their pages are used again (see
:class:`Contexts`): in a new context a page compiles Pyodide and makes its snapshot
from nothing, and a new page starts a renderer. Opening the page until Python is ready,
then closing it, took 5.5 CPU-s in a used context with a new page and takes 3.4 with a
used page (2026-12-02, 2 cores, nothing else running); test_page_storage.py and
test_page_ux.py side by side took 551 s and take 450. ``other_origin`` serves the
repository from a second origin (``localhost`` on another port), so that
tests/pages/host.html is a course site on another origin embedding the page.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[1]
#: Debian's old headless shell, the browser Playwright itself runs headless: the same Blink
#: and V8 as Chromium, without the full browser's profile and window machinery. Measured side
#: by side (2026-12-06, 2 cores): test_page_ux, test_page_storage, test_axe and
#: test_page_print took 248 s with it and 336 s with the full browser.
CHROMIUM = "/usr/bin/chromium-headless-shell"
#: The full browser (``full_browser``), for what only its profile does: Chromium's own
#: refusal of storage to a frame of another site.
FULL_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: What the tests' browsers add (not the benchmarks', which time what a visitor's browser
#: does): WebAssembly compiled by V8's baseline compiler alone, the same semantics without
#: recompiling Pyodide's hot functions in every new renderer. Measured side by side
#: (2026-12-07, 2 cores): test_page_ux's browsers took 83 s of CPU with it and 106 s without;
#: test_page_storage 146 s and 162 s; the compute of test_page_race_batch and
#: test_page_kinds 120 s and 129 s.
TEST_ARGS = ["--js-flags=--liftoff-only"]
READY_MS = 60_000
#: How long an expect() waits by default (Playwright's own is 5 s): what a loaded machine
#: may take to draw or answer; a passing test waits only as long as the page takes.
EXPECT_MS = 20_000
expect.set_options(timeout=EXPECT_MS)
#: The hosts the pages may ask for: the page's server and the other origin's.
LOCAL_HOSTS = ("127.0.0.1", "localhost")

__all__ = ["READY_MS", "ROOT", "button", "cell", "grid_line", "message", "open_page", "paste", "wait_fits", "wait_ready"]


@pytest.fixture(scope="session")
def server():
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert match, f"build.py serve said: {line!r}"
    yield match.group(0)
    process.terminate()
    process.wait(timeout=10)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def other_origin():
    """A base URL on another origin (http://localhost:PORT/) serving the repository (for
    the host pages of tests/pages/), without the page's headers."""
    handler = functools.partial(Quiet, directory=str(ROOT))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as host:
        threading.Thread(target=host.serve_forever, daemon=True).start()
        yield f"http://localhost:{host.server_address[1]}/"
        host.shutdown()


class Watch:
    """Everything the pages asked the network for, and every console error."""

    def __init__(self):
        self.urls: list[str] = []
        self.errors: list[str] = []
        self.watched: list[BrowserContext] = []

    def attach(self, context):
        """Watches ``context`` (once, however often a used context comes back)."""
        if any(context is other for other in self.watched):
            return
        self.watched.append(context)
        on = functools.partial(BrowserContext.on, context)  # the class's: not a change a test made
        on("request", lambda request: self.urls.append(request.url))
        on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        on("weberror", lambda error: self.errors.append(str(error.error)))


@pytest.fixture(scope="session")
def watch():
    return Watch()


#: What a test can do to a context that closing its pages and clearing its storage does not
#: take back: a context that had one is closed for good, never used again.
LASTING = ("add_init_script", "expose_binding", "expose_function", "on", "once", "route", "route_from_har",
           "route_web_socket", "set_default_navigation_timeout", "set_default_timeout", "set_extra_http_headers",
           "set_geolocation", "set_offline")
#: The same for a page: a context whose page had one is closed for good.
PAGE_LASTING = ("add_init_script", "add_locator_handler", "emulate_media", "expose_binding", "expose_function",
                "on", "once", "route", "route_from_har", "route_web_socket", "set_default_navigation_timeout",
                "set_default_timeout", "set_extra_http_headers", "set_viewport_size")
#: What Storage.clearDataForOrigin clears of an origin between two tests. Not the HTTP
#: cache (the compiled Pyodide) nor Cache Storage: with no service worker, that holds
#: only Python's memory snapshot, which the worker stores on a first visit for the next.
STORAGE = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"


class Contexts:
    """The browser, whose ``new_context(**options)`` gives back a context an earlier test
    closed with the same options, as for a returning visitor: its storage, cookies and
    permissions cleared on every origin it visited, its HTTP cache and Python's snapshot
    kept, its pages closed but one, blank with no history, which its next ``new_page()``
    gives (a new page costs a renderer's start, a second of CPU). A context with a lasting
    change to it or to a page (:data:`LASTING`, :data:`PAGE_LASTING`) is closed for good
    instead. Service workers are blocked unless a test asks for them
    (``service_workers="allow"``, a context never used again), so that none caches the
    whole build in the background of a test that is not about it. The tests of a first
    visit use ``contexts.browser``, the browser itself."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.free: dict[str, list[BrowserContext]] = {}

    def __getattr__(self, name):
        return getattr(self.browser, name)

    def new_context(self, **options) -> BrowserContext:
        options.setdefault("service_workers", "block")
        if options["service_workers"] != "block":
            return self.browser.new_context(**options)
        key = repr(sorted(options.items()))
        if self.free.get(key):
            return self.free[key].pop()
        context = self.browser.new_context(**options)
        origins: set[str] = set()
        BrowserContext.on(context, "request", lambda request: origins.add(_origin(request.url)))
        lasting: list[str] = []
        kept: list[Page] = []  # the page of the last test, blank, for the next one's first page

        def mark(target, names):
            for name in names:
                method = getattr(target, name)

                def changed(*args, method=method, name=name, **kwargs):
                    lasting.append(name)
                    return method(*args, **kwargs)
                setattr(target, name, changed)

        mark(context, LASTING)
        BrowserContext.on(context, "page", lambda page: mark(page, PAGE_LASTING))  # popups too; before new_page returns
        new_page, close = context.new_page, context.close

        def next_page() -> Page:
            return kept.pop() if kept else new_page()

        def give_back(**_):
            free = self.free.setdefault(key, [])
            if any(context is other for other in free):
                return None  # closed twice
            page = not lasting and self._clear(context, origins)
            if not page:
                return close()
            kept.append(page)
            free.append(context)
            return None
        context.new_page, context.close = next_page, give_back
        return context

    @staticmethod
    def _clear(context: BrowserContext, origins: set[str]) -> Page | None:
        """Clears what ``context``'s pages stored, and closes all but one, which it gives
        back blank with no history; None if it cannot."""
        try:
            # The first page, taken to a blank document (so the page has stored all it stores on
            # leaving), carries the CDP session, and is used again: a new page starts a renderer.
            page, *others = context.pages or [context.new_page()]
            for other in others:
                other.close()
            page.goto("about:blank")
            cdp = context.new_cdp_session(page)
            for origin in origins - {None}:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
            cdp.send("Page.resetNavigationHistory")
            cdp.detach()
            context.clear_cookies()
            context.clear_permissions()
            return page
        except PlaywrightError:
            return None



def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


@pytest.fixture(scope="session")
def playwright():
    """The session's Playwright (one driver serves both browsers)."""
    with sync_playwright() as driver:
        yield driver


def _launch(playwright, executable: str, package: str):
    assert Path(executable).exists(), f"install Debian's {package}: apt-get install -y {package}"
    contexts = Contexts(playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS + TEST_ARGS))
    yield contexts
    contexts.browser.close()


@pytest.fixture(scope="session")
def browser(playwright):
    """The session's headless Chromium (:data:`CHROMIUM`), as :class:`Contexts`."""
    yield from _launch(playwright, CHROMIUM, "chromium-headless-shell")


@pytest.fixture(scope="session")
def full_browser(playwright):
    """The session's full Chromium (:data:`FULL_CHROMIUM`), headless, as :class:`Contexts`."""
    yield from _launch(playwright, FULL_CHROMIUM, "chromium")


def open_page(browser, server, watch, path="index.html", **options) -> Page:
    """A page in a fresh context (its own storage), watched; `path` is relative to the
    server, or a whole URL (another origin's)."""
    context = browser.new_context(**options)
    watch.attach(context)
    page = context.new_page()
    page.goto(path if path.startswith("http") else server + path)
    return page


def _pages(browser, server, watch):
    pages = []

    def new(path="index.html", **options):
        pages.append(open_page(browser, server, watch, path, **options))
        return pages[-1]

    yield new
    for page in pages:
        page.context.close()


@pytest.fixture
def new_page(browser, server, watch):
    """new_page(path, **context options); closed after the test, so no page left
    loading Python slows the next tests down."""
    yield from _pages(browser, server, watch)


@pytest.fixture
def new_full_page(full_browser, server, watch):
    """new_page's twin in the full browser."""
    yield from _pages(full_browser, server, watch)


@pytest.fixture(autouse=True)
def no_errors_and_no_outside_requests(watch):
    errors, urls = len(watch.errors), len(watch.urls)
    yield
    assert watch.errors[errors:] == [], f"console errors: {watch.errors[errors:]}"
    outside = [url for url in watch.urls[urls:]
               if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).hostname not in LOCAL_HOSTS]
    assert outside == [], "requests that left this machine"


def wait_ready(page):
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)


def cell(page, index):
    return page.locator(f'[data-cell="{index}"]')


def grid_line(page) -> str:
    texts = page.locator("[data-cell]").all_text_contents()
    return "".join(text or "." for text in texts)


def message(page):
    return page.get_by_role("status")


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def paste(page, text):
    page.locator('[data-cell="0"]').evaluate(
        """(cell, text) => {
            const data = new DataTransfer();
            data.setData("text/plain", text);
            cell.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
        }""",
        text,
    )


def wait_fits(frame, timeout=READY_MS) -> None:
    """Waits until ``frame``'s document fits its window with no scrollbar (its layout may
    settle after a panel opens or Python answers); fails with both heights if it never does."""
    try:
        frame.wait_for_function("() => document.documentElement.scrollHeight <= innerHeight", timeout=timeout)
    except PlaywrightTimeoutError:
        sizes = frame.evaluate("[document.documentElement.scrollHeight, innerHeight]")
        pytest.fail(f"the embed scrolls: {sizes[0]} px in {sizes[1]}")
