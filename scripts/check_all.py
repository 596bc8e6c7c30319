"""Solve every puzzle of every shared data set and check every answer (run by hand).

    python3 scripts/check_all.py [--jobs 2] [--timeout 60] [NAME-PART ...]

Each solution is checked against the rules and the givens by the tests' own
checker (``tests/conftest.py``, written without the package), and against the
published solution where the data set has one (``X.solutions.txt``, or a
``solution`` / ``unique_solution_computed`` column). Sets known to be unique
(17-clue, top1465, forum hardest, 4x4, 16x16) must come out unique; the serg
set must have two or more solutions; the 25x25 statuses must match the
``solver_status`` column where it names one. A puzzle that takes longer than
``--timeout`` seconds is counted as timed out, never as passed. Prints one line
per file; exits 1 if any answer is wrong.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from conftest import DATA, is_solution  # noqa: E402
from sudoku_dlx import InvalidPuzzleError, parse, solve  # noqa: E402

#: file name part -> the status every puzzle must have
EXPECTED_STATUS = {
    "royle17": "unique",
    "magictour_top1465": "unique",
    "forum_hardest": "unique",
    "vukr_4x4": "unique",
    "vukr_16x16": "unique",
    "serg_multi": "multiple",
}
SOLUTION_COLUMNS = ("solution", "unique_solution_computed")


class TimedOut(Exception):
    pass


def _alarm(signum, frame):
    raise TimedOut


def cases(path: Path) -> list[tuple[str, str | None, str | None]]:
    """(puzzle, published solution or None, expected status or None) for each puzzle of a file."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    status = next((s for part, s in EXPECTED_STATUS.items() if part in path.name), None)
    if path.suffix == ".tsv":
        header = rows[0].split("\t")
        column = next((header.index(c) for c in SOLUTION_COLUMNS if c in header), None)
        found = []
        for row in rows[1:]:
            fields = row.split("\t") + [""] * len(header)
            expected = fields[column] if column is not None and fields[column] else None
            row_status = status
            if "solver_status" in header and fields[header.index("solver_status")] in ("unique", "multiple"):
                row_status = fields[header.index("solver_status")]
            found.append((fields[0], expected, row_status))
        return found
    solutions = path.with_name(path.name.replace(".txt", ".solutions.txt"))
    expected = solutions.read_text(encoding="utf-8").splitlines() if solutions.exists() else [None] * len(rows)
    return [(p, s, status) for p, s in zip(rows, expected, strict=True)]


def check_file(job: tuple[Path, float]) -> tuple[str, Counter, list[str], float]:
    path, timeout = job
    signal.signal(signal.SIGALRM, _alarm)
    counts: Counter = Counter()
    failures: list[str] = []
    start = time.perf_counter()
    for number, (text, expected, status) in enumerate(cases(path), 1):
        try:
            puzzle = parse(text)
        except InvalidPuzzleError as error:
            counts["invalid"] += 1
            failures.append(f"line {number}: invalid: {error}")
            continue
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            result = solve(puzzle)
        except TimedOut:
            counts["timed out"] += 1
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        counts[result.status] += 1
        box = (puzzle.shape.box_rows, puzzle.shape.box_cols)
        found = [str(s) for s in result.solutions]
        wrong = []
        if not all(is_solution(s, text, box) for s in found):
            wrong.append("a solution breaks the rules or the givens")
        if len(set(found)) != len(found):
            wrong.append("the same solution twice")
        if status and result.status != status:
            wrong.append(f"status {result.status}, expected {status}")
        if expected and result.status != "multiple" and found != [expected.upper()]:
            wrong.append("differs from the published solution")
        if wrong:
            counts["wrong"] += 1
            failures.append(f"line {number}: " + "; ".join(wrong))
    return str(path.relative_to(DATA)), counts, failures, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="only files whose name contains one of these")
    parser.add_argument("--jobs", type=int, default=2, help="files checked in parallel")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per puzzle before giving up")
    args = parser.parse_args()
    paths = sorted(
        p for p in DATA.glob("*/*")
        if p.suffix in (".txt", ".tsv") and not p.name.endswith(".solutions.txt")
        and (not args.names or any(n in p.name for n in args.names))
    )
    paths.sort(key=lambda p: -p.stat().st_size)  # the longest first, for the pool
    wrong = 0
    with Pool(args.jobs) as pool:
        for name, counts, failures, seconds in pool.imap_unordered(check_file, [(p, args.timeout) for p in paths]):
            summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            print(f"{name}: {sum(counts.values()) - counts['wrong']} puzzles in {seconds:.1f} s: {summary}", flush=True)
            for failure in failures[:5]:
                print(f"    {failure}")
            wrong += counts["wrong"] + counts["invalid"]
    print("all answers right" if not wrong else f"{wrong} wrong answers or invalid lines")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
