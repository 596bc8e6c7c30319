"""Run the test suite several times in a row under a competing CPU load (run by hand).

    python3 scripts/flake_check.py [--runs 3] [--load 2] [PYTEST-ARGS ...]

A test that passes on a quiet machine and fails on a loaded one is a flaky test, and it
blocks a landing as surely as a bug. This starts ``--load`` busy processes (each spins
one core) beside the suite, runs ``python3 -m pytest -q`` (with the given arguments, by
default ``-n auto``: the whole suite as CI runs it) ``--runs`` times, prints one line per run (its
time and pytest's last line) and exits 1 if any run failed. The busy processes stop with
the script, however it ends.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def spin() -> None:
    while True:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many runs of the suite (default 3)")
    parser.add_argument("--load", type=int, default=2, help="how many busy processes beside it (default 2)")
    args, pytest_args = parser.parse_known_args(argv)
    pytest_args = pytest_args or ["-n", "auto"]
    busy = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.load)]
    for process in busy:
        process.start()
    failed = 0
    try:
        for run in range(1, args.runs + 1):
            started = time.monotonic()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", *pytest_args], cwd=ROOT,
                                  capture_output=True, text=True, check=False)
            last = next((line for line in reversed(done.stdout.splitlines()) if line.strip()), "")
            print(f"run {run}: {time.monotonic() - started:.0f} s, exit {done.returncode}: {last}", flush=True)
            if done.returncode:
                failed += 1
                print(done.stdout[-6000:], flush=True)
    finally:
        for process in busy:
            process.terminate()
    print(f"{failed} of {args.runs} runs failed under {args.load} busy processes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
