"""Times classic sudoku's solver in two source trees side by side: this one and a baseline
(a worktree of another commit, say ``git worktree add --detach ../base e6f0a9a``). Each tree
runs in a process of its own that stays up; the puzzles go to the two in turn, one at a time,
so a machine's load falls on both alike. Not a test: it prints a markdown table.

    python3 scripts/bench_engine.py --base ../base FILE [FILE ...] [--n 300] [--rounds 3]

Each puzzle is solved up to 2 solutions (what Solve asks), ``--rounds`` times in each tree
(the fastest counts); the solutions and the tries must agree.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# Run in each tree's process: reads a puzzle a line, answers its fastest time, tries and solutions.
WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
try:
    from sudoku_dlx.kinds.solver import solutions
    from sudoku_dlx.kinds.grid import parse
except ImportError:  # before the kinds (e6f0a9a)
    from sudoku_dlx.solver import solutions
    from sudoku_dlx.grid import parse
rounds = int(sys.argv[2])
for line in sys.stdin:
    puzzle = parse(line.strip())
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        found, stats = solutions(puzzle, 2)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    print(json.dumps([best * 1000, getattr(stats, "tries", None) or stats.nodes, ["".join(map(str, s)) for s in found]]), flush=True)
"""


def worker(tree: Path, rounds: int) -> subprocess.Popen:
    """A process that solves puzzles with the package of ``tree``."""
    return subprocess.Popen([sys.executable, "-c", WORKER, str(tree / "py"), str(rounds)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(process: subprocess.Popen, text: str) -> list:
    """One puzzle's answer from a worker."""
    assert process.stdin and process.stdout
    process.stdin.write(text + "\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--base", type=Path, required=True, help="the baseline's source tree")
    parser.add_argument("--n", type=int, default=300, help="a sample of N puzzles of each file (0: all)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    base, head = worker(args.base, args.rounds), worker(HERE, args.rounds)
    print("| set | puzzles | median ms base | median ms head | total s base | total s head | head / base |")
    print("|---|---|---|---|---|---|---|")
    for path in args.files:
        lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
        texts = random.Random(1).sample(lines, args.n) if 0 < args.n < len(lines) else lines
        times: tuple[list[float], list[float]] = ([], [])
        for k, text in enumerate(texts):
            pair = (base, head) if k % 2 else (head, base)  # who goes first alternates
            answers = {id(p): ask(p, text) for p in pair}
            b, h = answers[id(base)], answers[id(head)]
            assert b[1:] == h[1:], f"{text}: the trees differ ({b[1]} tries against {h[1]})"
            times[0].append(b[0])
            times[1].append(h[0])
        total_b, total_h = sum(times[0]) / 1000, sum(times[1]) / 1000
        print(f"| {path.name} | {len(texts)} | {statistics.median(times[0]):.2f} | {statistics.median(times[1]):.2f} | "
              f"{total_b:.2f} | {total_h:.2f} | {total_h / total_b:.2f}x |", flush=True)
    for process in (base, head):
        assert process.stdin
        process.stdin.close()
        process.wait()


if __name__ == "__main__":
    main()
