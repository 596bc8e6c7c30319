"""Times the lab's Count of the 6x10 pentominoes on N workers in the page against the CLI.

The page counts up to symmetry (headless Chromium, the search split by web.cover_split and counted in Pyodide on the lab's
pool of workers), against the CLI's single process (`python3 -m sudoku_dlx pentomino 6x10
--count --json`), alternating, best of --runs. Not a test: it prints. The page's time runs
from the split to the last part counted (the pool is started by the first run, which is
timed too: the best of the runs is a warm one).

    python3 scripts/bench_lab_parallel.py [--board 6x10] [--workers 2] [--runs 2] [--engine links]

--engine is the page's (the CLI counts with dancing links, its default).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys

from pagebench import ROOT, served_browser
from playwright.sync_api import expect


def cli_seconds(board: str) -> tuple[float, int, int]:
    """The CLI's single-process count: its seconds, solutions and nodes."""
    out = subprocess.run([sys.executable, "-m", "sudoku_dlx", "pentomino", board, "--count", "--json"],
                         cwd=ROOT / "py", capture_output=True, text=True, check=True).stdout
    record = json.loads(out)
    return record["ms"] / 1000, record["solutions"], record["nodes"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="6x10")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--engine", choices=("links", "cells"), default="links", help="the page's engine")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pages, clis = [], []
    with served_browser() as (url, browser, _):
        page = browser.new_page()
        page.goto(url + f"index.html?view=lab&problem=pentomino&board={args.board}&workers={args.workers}"
                  f"&engine={args.engine}")
        status = page.get_by_role("status")
        expect(status).to_contain_text("The search", timeout=120_000)
        for run in range(args.runs):
            page.get_by_role("button", name="Count", exact=True).click()
            expect(status).to_contain_text(" tried in ", timeout=1_200_000)
            text = status.text_content()
            pages.append(float(re.search(r"in ([\d.]+) s", text).group(1)))
            seconds, solutions, nodes = cli_seconds(args.board)
            clis.append(seconds)
            print(f"run {run + 1}: page {pages[-1]:7.2f} s  ({text})")
            print(f"       CLI  {seconds:7.2f} s  ({solutions:,} solutions, {nodes:,} nodes, one process)")
        print(f"Chromium {browser.version}")
    best_page, best_cli = min(pages), min(clis)
    print(f"best of {args.runs}: page on {args.workers} workers ({args.engine}) {best_page:.2f} s, CLI {best_cli:.2f} s: "
          f"the page takes {best_page / best_cli:.2f}x the CLI's time")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
