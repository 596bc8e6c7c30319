"""Times the rating of this tree beside a baseline tree's, puzzle by puzzle in turn, and
checks that both give the same scores (not a test: it prints a Markdown table).

Each tree rates in a process of its own (its ``py/`` first on the path); the two take turns
on each puzzle, so a change in the machine's load touches both alike: read the ratio, not
the times alone. The sets: ``--n`` puzzles of the forum's hardest drawn with ``--seed``
(as ``bench --n --seed`` draws them), the ER-rated sample of the hardest and the Sudoku
Exchange sample with SE ratings (``--se N``: its first N, 0 for none).

    python3 scripts/bench_rating.py --base ../wtrate-base [--n 30] [--seed 1] [--se 300]

Every puzzle must get the same score and hardest technique in both trees (else it stops
with an AssertionError naming the puzzle); the table also counts the puzzles whose solving
path (every step's words) differs. The times are the ratings' own (``Rating.ms``), wall
clock; the processor time of the two processes, less touched by other work on the machine,
is compared too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "9x9"


def serve() -> None:
    """The worker: rate each puzzle read from standard input, one JSON line back for each."""
    from sudoku_dlx import rate

    for line in sys.stdin:
        began = time.process_time()
        rated = rate(line.strip())
        cpu = time.process_time() - began
        path = hashlib.sha256("\n".join(step.text for step in rated.path).encode()).hexdigest()
        print(json.dumps({"score": rated.score, "hardest": rated.hardest, "path": path, "ms": rated.ms, "cpu": cpu}),
              flush=True)


class Worker:
    """A process rating with the package of the tree at ``root``."""

    def __init__(self, root: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(root / "py")}
        self.process = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env)

    def rate(self, puzzle: str) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(puzzle + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, f"the worker stopped on {puzzle}"
        return json.loads(answer)

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def column(path: Path, skip_header: bool) -> list[str]:
    """The puzzles of a file: the first field of each line (after the header of a .tsv)."""
    rows = [line.split("\t")[0] for line in path.read_text().splitlines() if line.strip()]
    return rows[1:] if skip_header else rows


def row(name: str, base: list[dict], ours: list[dict], differ: int) -> str:
    def times(records: list[dict]) -> tuple[float, float, float]:
        ms = [record["ms"] / 1000 for record in records]
        return statistics.median(ms), max(ms), sum(ms)
    (bmed, bmax, btot), (omed, omax, otot) = times(base), times(ours)
    cpu = sum(record["cpu"] for record in ours) / sum(record["cpu"] for record in base)
    return (f"| {name} | {len(base)} | {bmed:.2f} | {omed:.2f} | {bmax:.2f} | {omax:.2f} | {btot:.1f} | {otot:.1f} | "
            f"{omed / bmed:.2f} | {otot / btot:.2f} | {cpu:.2f} | {differ} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, help="the baseline tree (a worktree of the repository)")
    parser.add_argument("--n", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--se", type=int, default=300, help="how many of the Sudoku Exchange sample (0: none)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve()
    if args.base is None:
        parser.error("--base TREE is needed")
    sys.path.insert(0, str(ROOT / "py"))
    from sudoku_dlx import bench

    sets = {
        f"forum hardest, {args.n} (seed {args.seed})": bench.sample(column(DATA / "forum_hardest_1106.txt", False),
                                                                    args.n, args.seed),
        "forum hardest, ER sample": column(DATA / "forum_hardest_er_sample.tsv", True),
        "Sudoku Exchange SE sample": column(DATA / "sudoku_exchange_se_sample.tsv", True)[:args.se],
    }
    base, ours = Worker(args.base.resolve()), Worker(ROOT)
    print(f"baseline {args.base}, ours {ROOT}; machine: {bench.machine()}\n")
    print("| set | puzzles | median s base | median s ours | max s base | max s ours | total s base | total s ours "
          "| ours / base (median) | ours / base (total) | ours / base (processor time) | paths that differ |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, puzzles in sets.items():
        if not puzzles:
            continue
        before, after, differ = [], [], 0
        for puzzle in puzzles:
            before.append(base.rate(puzzle))
            after.append(ours.rate(puzzle))
            for key in ("score", "hardest"):
                assert before[-1][key] == after[-1][key], f"{puzzle}: {key} {before[-1][key]} (base), {after[-1][key]} (ours)"
            differ += before[-1]["path"] != after[-1]["path"]
        print(row(name, before, after, differ), flush=True)
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    base.close()
    ours.close()


if __name__ == "__main__":
    main()
