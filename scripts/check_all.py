"""Solve every puzzle of every shared data set and check every answer (run by hand).

    python3 scripts/check_all.py [../shared/data]

Every set but the 25x25 stress input. Unique sets must come out unique with a valid solution (equal to the published
one where a file gives it); the multi-solution set must give two different valid
solutions. Prints one summary line per file; exits 1 on any wrong answer.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from conftest import is_solution  # noqa: E402  (the tests' independent rule checker)

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


def published(path: Path) -> list[str | None]:
    """The published solution of each puzzle, where the data set gives one."""
    if path.suffix == ".tsv":
        with open(path, encoding="utf-8") as file:
            rows = list(csv.DictReader(file, delimiter="\t"))
        key = next((k for k in ("solution", "unique_solution_computed") if k in rows[0]), None)
        return [row[key] or None if key else None for row in rows]
    solutions = path.with_name(path.stem + ".solutions.txt")
    count = sum(1 for line in open(path, encoding="utf-8") if line.strip())
    if solutions.exists():
        return [line.strip() for line in open(solutions, encoding="utf-8") if line.strip()]
    return [None] * count


def check(path: Path) -> bool:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "sudoku_dlx", "solve", str(path), "--json"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
    ).stdout.splitlines()
    results = [json.loads(line) for line in out]
    expected = published(path)
    multi = "multi" in path.name
    status_wanted = "multiple" if multi else "unique"
    wrong = []
    for k, (result, solution) in enumerate(zip(results, expected)):
        n = int(len(result["puzzle"]) ** 0.5)
        box = BOXES.get(n)
        ok = result["status"] in ("unique", "multiple") and all(
            is_solution(s, result["puzzle"], box) for s in result["solutions"]
        )
        ok = ok and (status_wanted is None or result["status"] == status_wanted)
        ok = ok and (solution is None or result["solutions"][0] == solution or result["status"] == "multiple")
        ok = ok and (result["status"] != "multiple" or len(set(result["solutions"])) == 2)
        if not ok:
            wrong.append(k + 1)
    counts = {s: sum(r["status"] == s for r in results) for s in ("unique", "multiple", "none", "invalid")}
    fine = len(results) == len(expected) and not wrong
    print(f"{path.relative_to(path.parents[1])}: {len(results)} puzzles, {counts}, "
          f"{'all correct' if fine else f'WRONG lines {wrong[:10]}'} ({time.perf_counter() - start:.0f} s)", flush=True)
    return fine


def main() -> int:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data"
    # 25x25/ holds stress input, two puzzles of which no solver has finished: the
    # tests check its one unique puzzle.
    files = sorted(p for p in data.glob("*/*") if p.suffix in (".txt", ".tsv")
                   and ".solutions" not in p.name and p.parent.name != "25x25")
    return 0 if all([check(path) for path in files]) else 1


if __name__ == "__main__":
    sys.exit(main())
