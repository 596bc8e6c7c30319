"""Solves the real f-puzzles puzzles of tests/data/links/rangsk_fpuzzles.tsv with the rules
solver, each in its own process with a time cap, and checks each answer against the
solution the file gives (up to 9x9: the file's bigger solutions run their numbers together):
``python3 scripts/bench_links.py [--cap SECONDS] [--pencilmark]``.

With ``--pencilmark`` the PyPI package pencilmark (a C++ variant solver, ``pip install
pencilmark``; never a dependency of this package) solves each one too, with the same cap,
and where an answer differs from the file's solution, the tests' own rule checker
(``tests/test_rules.py``'s ``keeps``, written apart from the solver) says whether the
file's solution keeps every rule as this package reads them."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "links" / "rangsk_fpuzzles.tsv"
ONE = "import json, sys; from sudoku_dlx import web; print(json.dumps(web.solve(sys.argv[1])))"
THEIRS = """import json, sys
import pencilmark
from pencilmark import sources
try:
    record = {"status": "unique", "solutions": ["".join(map(str, pencilmark.solve(sources.load(sys.argv[1]))))]}
except Exception as error:
    record = {"status": type(error).__name__, "solutions": [], "error": str(error)[:70]}
print(json.dumps(record))"""


def solved(program: str, link: str, cap: float) -> tuple[dict, float]:
    """The record ``program`` prints for ``link`` in a process of its own, and its seconds."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", program, link], capture_output=True, text=True, timeout=cap,
                              env={"PYTHONPATH": str(ROOT / "py")}, check=False)
        record = json.loads(done.stdout)
    except subprocess.TimeoutExpired:
        record = {"status": f"over {cap:g} s", "solutions": []}
    return record, time.perf_counter() - start


def kept(link: str, solution: str) -> str:
    """Whether the file's solution keeps the link's rows, columns, regions and rules, by the
    tests' checker: "kept", or the rules it breaks."""
    sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
    from sudoku_dlx.rules.link import read_link
    from test_rules import keeps
    puzzle, _ = read_link(link)
    grid, digits = puzzle.grid, tuple(int(c) for c in solution)
    broken = sorted({type(rule).__name__ for rule in grid.rules if not keeps(rule, digits, grid.n)}
                    | {"units" for unit in grid.shape.units if len({digits[x] for x in unit}) < len(unit)})
    return "kept" if not broken else "breaks " + ", ".join(broken)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=20.0, help="seconds a puzzle may take (default 20)")
    parser.add_argument("--pencilmark", action="store_true", help="pencilmark solves each one too")
    args = parser.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    times, right = [], 0
    for name, data, solution in rows:
        link = "fpuzzles" + data
        record, seconds = solved(ONE, link, args.cap)
        # The file writes a grid's digits one after another: comparable where each is one character.
        comparable = len(solution) == (record.get("size") or 9) ** 2
        ok = record["status"] == "unique" and (record["solutions"] == [solution] or not comparable)
        right += ok
        times.append(seconds)
        line = (f"{'ok ' if ok else 'NO '} {seconds:7.2f} s {record.get('guesses', ''):>6} guesses  {record['status']:10} {name[:60]}"
                + (f"  ({record['error']})" if record.get("error") else ""))
        if args.pencilmark:
            theirs, their_seconds = solved(THEIRS, "https://www.f-puzzles.com/?load=" + data, args.cap)
            same = theirs["solutions"] == [solution]
            # (a file's solution up to 9x9 has one character a cell, and the link reads)
            judged = "" if same or len(solution) > 81 or record["status"] == "invalid" else \
                f"; the file's solution: {kept(link, solution)}"
            line += (f"\n      pencilmark {their_seconds:7.2f} s  {'same' if same else theirs['status']}"
                     + (f" ({theirs['error']})" if theirs.get("error") else "") + judged)
        print(line, flush=True)
    times.sort()
    print(f"{right} of {len(rows)} solved, unique and equal to the file's solution; "
          f"median {times[len(times) // 2]:.2f} s (with Python's start), most {times[-1]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
