"""Screenshots of the page as people meet it, to look at after a UI change.

    python3 scripts/look.py [OUT_DIR] [--path index.html#p=...] [--select size=12 ...] [--click Solve ...] [--embed]
    python3 scripts/look.py docs --path tests/pages/rules.html --wait 'html[data-drawn=yes]' \
        --prefix rules- --size 1366x768 --size 375x667 --full   # the rules' drawings of docs/rules.md

Serves the repository with `build.py serve`, opens the page in headless Chromium at
1366x768, 1280x800, 1440x900 and 375x667, light and dark, optionally chooses in menus
(``--select ID=VALUE``: the value of the menu of that id) and clicks a button
and waits for Python's answer (``--click`` again for more buttons, in turn), and saves one PNG per size and scheme (the viewport, as
seen without scrolling). With --embed the page is also shown inside an iframe of a host
page on another origin (localhost), as the Embed snippet puts it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1366, 768), (1280, 800), (1440, 900), (375, 667)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HARDEST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default="/tmp/look", type=Path)
    parser.add_argument("--path", default=f"index.html#p={HARDEST}")
    parser.add_argument("--select", action="append", default=[], help="ID=VALUE: choose VALUE in the menu #ID first")
    parser.add_argument("--click", action="append", default=[],
                        help="a button to press once Python is ready (repeat for more, pressed in turn)")
    parser.add_argument("--embed", action="store_true", help="also inside an iframe on another origin")
    parser.add_argument("--wait", default="html[data-python=ready]", help="what shows the page is ready (a selector)")
    parser.add_argument("--prefix", default="", help="the start of each file's name")
    parser.add_argument("--size", action="append", default=[], help="WIDTHxHEIGHT instead of the four sizes (repeat)")
    parser.add_argument("--full", action="store_true", help="the whole page at phone widths, not the viewport")
    args = parser.parse_args()
    sizes = [tuple(map(int, size.split("x"))) for size in args.size] or SIZES
    args.out.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen([sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    base = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for scheme in ("light", "dark"):
                for width, height in sizes:
                    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
                    page.goto(base + args.path)
                    page.locator(args.wait).wait_for(timeout=60_000)
                    for choice in args.select:
                        menu, value = choice.split("=", 1)
                        page.select_option(f"#{menu}", value)
                    for button in args.click:
                        page.get_by_role("button", name=button, exact=True).click()
                        page.wait_for_function("() => document.querySelector('[data-action=stop]')"
                                               ".getAttribute('aria-disabled') === 'true'")
                    name = args.out / f"{args.prefix}{width}x{height}-{scheme}.png"
                    page.screenshot(path=name, full_page=args.full and width < 600)
                    print(name)
                    page.close()
            if args.embed:
                with tempfile.TemporaryDirectory() as host_dir:
                    snippet = (f'<!doctype html><meta charset="utf-8"><title>Course page</title><h1>Week 3</h1>'
                               f'<iframe src="{base}{embedded(args.path)}" '
                               f'width="420" height="560" sandbox="allow-scripts allow-same-origin" '
                               f'style="border:1px solid #999"></iframe>')
                    Path(host_dir, "host.html").write_text(snippet)
                    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=host_dir)
                    handler.log_message = lambda *a: None
                    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as host:
                        threading.Thread(target=host.serve_forever, daemon=True).start()
                        page = browser.new_page(viewport={"width": 900, "height": 700})
                        page.goto(f"http://localhost:{host.server_address[1]}/host.html")
                        frame = page.frame_locator("iframe")
                        frame.locator("html[data-python=ready]").wait_for(timeout=60_000)
                        for button in args.click:
                            frame.get_by_role("button", name=button, exact=True).click()
                            page.wait_for_timeout(1500)
                        page.screenshot(path=args.out / "embed.png")
                        print(args.out / "embed.png")
                        host.shutdown()
            browser.close()
    finally:
        server.terminate()


def embedded(path: str) -> str:
    """`path` with embed=1 in its query string (which it may already have)."""
    return path.replace("index.html?", "index.html?embed=1&", 1) if "index.html?" in path \
        else path.replace("index.html", "index.html?embed=1", 1)


if __name__ == "__main__":
    main()
