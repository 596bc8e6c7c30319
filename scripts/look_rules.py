"""Screenshots of the rules' drawings (tests/pages/rules.html) for docs/, to look at after a
change to static/rules/.

    python3 scripts/look_rules.py [OUT_DIR]

Serves the repository with `build.py serve`, opens the test page in headless Chromium at
1366x768 and 375x667, light and dark, and saves docs/rules-WIDTHxHEIGHT-SCHEME.png (the
phone's the whole page, its boards one under another).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1366, 768), (375, 667)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default=ROOT / "docs", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen([sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    base = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for scheme in ("light", "dark"):
                for width, height in SIZES:
                    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
                    page.goto(base + "tests/pages/rules.html")
                    page.locator("html[data-drawn=yes]").wait_for(timeout=60_000)
                    name = args.out / f"rules-{width}x{height}-{scheme}.png"
                    page.screenshot(path=name, full_page=width < 600)
                    print(name)
                    page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
