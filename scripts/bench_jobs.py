"""Times a count with ``--jobs N`` beside ``--jobs 1``, alternating, best of ``--runs``
(not a test: it prints). Each run is the command line in a process of its own; its wall
time and its CPU time (with its worker processes') are measured from here.

    python3 scripts/bench_jobs.py [--problem "pentomino 6x10"] [--jobs 2] [--runs 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(problem: str, jobs: int) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds and the last line printed by one count in ``jobs`` processes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "sudoku_dlx", *problem.split(), "--count", "--jobs", str(jobs)],
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problem", default="pentomino 6x10", help="a counting command's words (default "
                                                                    "'pentomino 6x10')")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    best: dict[int, tuple[float, float]] = {}
    for number in range(1, args.runs + 1):
        for jobs in (1, args.jobs):
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            wall, cpu, said = run(args.problem, jobs)
            print(f"run {number}, --jobs {jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU (load before {load}): {said}",
                  flush=True)
            best[jobs] = min(best.get(jobs, (wall, cpu)), (wall, cpu))
    (one, one_cpu), (many, many_cpu) = best[1], best[args.jobs]
    print(f"best: --jobs 1 {one:.1f} s, --jobs {args.jobs} {many:.1f} s: {one / many:.2f}x faster; "
          f"CPU {many_cpu / one_cpu:.2f}x of --jobs 1's")


if __name__ == "__main__":
    main()
