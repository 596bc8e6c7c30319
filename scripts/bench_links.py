"""Solves the real f-puzzles puzzles of tests/data/links/rangsk_fpuzzles.tsv with the rules
solver, each in its own process with a time cap, and checks each answer against the
solution the file gives (up to 9x9: the file's bigger solutions run their numbers together):
``python3 scripts/bench_links.py [--cap SECONDS]``."""

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=20.0, help="seconds a puzzle may take (default 20)")
    args = parser.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    times, right = [], 0
    for name, data, solution in rows:
        start = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-c", ONE, "fpuzzles" + data], capture_output=True, text=True,
                                  timeout=args.cap, env={"PYTHONPATH": str(ROOT / "py")}, check=False)
            record = json.loads(done.stdout)
        except subprocess.TimeoutExpired:
            record = {"status": f"over {args.cap:g} s", "solutions": []}
        seconds = time.perf_counter() - start
        # The file writes a grid's digits one after another: comparable where each is one character.
        ok = record["status"] == "unique" and (record["solutions"] == [solution] or len(solution) != record.get("size", 0) ** 2)
        right += ok
        times.append(seconds)
        print(f"{'ok ' if ok else 'NO '} {seconds:7.2f} s  {record['status']:10} {name[:60]}"
              + (f"  ({record['error']})" if record.get("error") else ""))
    times.sort()
    print(f"{right} of {len(rows)} solved, unique and equal to the file's solution; "
          f"median {times[len(times) // 2]:.2f} s (with Python's start), most {times[-1]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
