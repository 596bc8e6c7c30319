"""Times ``rate --scheduler local:N`` beside one process on a sample of a puzzle file, with a
perfectly parallel yardstick measured in the same run (not a test: it prints Markdown).

The yardstick is a pure CPU loop per puzzle, as long as that puzzle's rating took in the
one-process run, sent through the same batches (:func:`sudoku_dlx.cluster.ordered`) to a
local cluster of the same size, and run in one process: its speed-up is what the machine
gives parallel work at that moment. The overhead per puzzle is the cluster's worker time
not spent on the work, (seconds x worker threads - work's seconds) / puzzles, from the
summary line :func:`~sudoku_dlx.cluster.ordered` writes: an upper bound, since it counts the
workers idle at the start and the end too. The scheduler's own cost of a task is measured
apart: empty tasks of one item, wall seconds x worker threads / tasks.

    python3 scripts/bench_cluster.py FILE [--n 100] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stderr
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from sudoku_dlx import bench, cluster  # noqa: E402 - after the path is set
from sudoku_dlx.kinds.grid import puzzle_on_line  # noqa: E402

#: The summary line of :func:`sudoku_dlx.cluster.ordered`.
SUMMARY = re.compile(r": ([\d,]+) in ([\d.]+) s on (\d+) worker threads \(([\d.]+) s of work in (\d+) batches\)")


def spin(loops: int) -> int:
    """The yardstick's work: a pure CPU loop."""
    total = 0
    for k in range(loops):
        total += k & 7
    return total


def loops_per_ms() -> float:
    """How many of :func:`spin`'s loops take a millisecond here (best of five)."""
    best = float("inf")
    for _ in range(5):
        began = time.perf_counter()
        spin(1_000_000)
        best = min(best, time.perf_counter() - began)
    return 1_000_000 / (best * 1000)


def rate(sample: Path, out: Path, *options: str) -> tuple[float, str]:
    """Wall seconds of ``rate SAMPLE --json --output OUT`` in a process of its own, and its standard error."""
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "sudoku_dlx", "rate", str(sample), "--json", "--output", str(out),
                           *options], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    assert done.returncode in (0, 1), done.stderr
    return time.perf_counter() - began, done.stderr


def overhead_ms(summary: re.Match) -> float:
    """Milliseconds per item of the workers' time not spent on the work."""
    items, seconds, threads, work = (float(summary[k].replace(",", "")) for k in (1, 2, 3, 4))
    return (seconds * threads - work) / items * 1000


#: How many empty tasks measure the scheduler's cost of a task.
DISPATCHED = 400


def dispatched(client, tasks: int) -> float:
    """Seconds for ``tasks`` tasks of one item each whose work is nothing (``spin(0)``), sent as
    :func:`~sudoku_dlx.cluster.ordered` sends a batch, all at once: the scheduler's cost."""
    from distributed import wait

    began = time.perf_counter()
    futures = [client.submit(cluster.run_batch, spin, [0], (), key=f"empty-{k}", retries=cluster.RETRIES)
               for k in range(tasks)]
    wait(futures)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as file:
        puzzles = [line for number, raw in enumerate(file, 1) if (line := puzzle_on_line(raw.rstrip("\n"), number))]
    chosen = bench.sample(puzzles, args.n, args.seed)
    folder = Path(tempfile.mkdtemp())
    sample = folder / "sample.txt"
    sample.write_text("\n".join(chosen) + "\n")

    alone_s, _ = rate(sample, folder / "alone.jsonl")
    shared_s, err = rate(sample, folder / "shared.jsonl", "--scheduler", f"local:{args.workers}")
    rated = SUMMARY.search(err)
    assert rated, err

    def without_times(path: Path) -> list[dict]:
        return [{k: v for k, v in json.loads(line).items() if k != "ms"} for line in path.read_text().splitlines()]
    same = without_times(folder / "alone.jsonl") == without_times(folder / "shared.jsonl")
    ms = [json.loads(line)["ms"] for line in (folder / "alone.jsonl").read_text().splitlines()]

    rate_per_ms = loops_per_ms()
    loops = [round(m * rate_per_ms) for m in ms]
    began = time.perf_counter()
    for count in loops:
        spin(count)
    yard_alone_s = time.perf_counter() - began
    said = io.StringIO()
    with cluster.session(f"local:{args.workers}") as client, redirect_stderr(said):
        began = time.perf_counter()
        list(cluster.ordered(client, spin, loops, (), "yardstick"))
        yard_shared_s = time.perf_counter() - began
        dispatch_ms = dispatched(client, DISPATCHED) / DISPATCHED * args.workers * 1000
    yardstick = SUMMARY.search(said.getvalue())
    assert yardstick, said.getvalue()
    print(f"{args.file}: {len(chosen)} puzzles (seed {args.seed}), local:{args.workers} beside one process")
    print(f"machine: {bench.machine()}; load average before the run's end {os.getloadavg()[0]:.2f}\n")
    print("| run | one process s | local cluster s | speed-up | overhead ms / puzzle |")
    print("|---|---:|---:|---:|---:|")
    print(f"| rate (whole command) | {alone_s:.1f} | {shared_s:.1f} | {alone_s / shared_s:.2f}x | |")
    print(f"| rate (the work: sum of ms; the cluster's run) | {sum(ms) / 1000:.1f} | {float(rated[2]):.1f} | "
          f"{sum(ms) / 1000 / float(rated[2]):.2f}x | {overhead_ms(rated):.1f} |")
    print(f"| yardstick (a CPU loop as long as each rating) | {yard_alone_s:.1f} | {yard_shared_s:.1f} | "
          f"{yard_alone_s / yard_shared_s:.2f}x | {overhead_ms(yardstick):.1f} |")
    print(f"| {DISPATCHED} empty tasks of one item (the scheduler's cost of a task) | | | | {dispatch_ms:.1f} |")
    print(f"\nrecords the same apart from ms: {'yes' if same else 'NO'}; the cluster's summaries: "
          f"rate{rated[0]}; yardstick{yardstick[0]}")


if __name__ == "__main__":
    main()
