"""Times classic sudoku's solver on big grids without and with the switch to narrowing
(``kinds.solver.NARROW_LONG``, after ``SWITCH_AFTER`` guesses), puzzle by puzzle in turn, side by
side in one process. Not a test: it prints. The puzzles: the first ``--n`` 16x16 of vukr's set,
the generator's 16x16 minimal puzzles of seeds 1 to ``--seeds`` (``generate --size 16
--symmetry none``, no budget: the long tail of issue 44, seed 1 took 127 s), the first three
25x25 of the course set, and the puzzles the generator made with its budget of 16x16 seeds 1
to 100 and 25x25 seeds 1 to 20 (benchmarks/generated-16x16.txt and generated-25x25.txt), and
its futoshikis of 11x11 to 13x13, seeds 1 to 6 (generated-futoshiki.txt: the switch is classic
sudoku's, so a futoshiki's two searches are the same). A search without the switch is given
up after ``--cap`` seconds (counted as that long); with ``--cap 0`` only the switched search
runs.

    python3 scripts/bench_tails.py [--n 100] [--seeds 11] [--cap 60] [--data ../shared/data] [--only SET]

Each puzzle is solved up to 2 solutions (what Solve asks); the answers must agree (a
puzzle with several solutions: on how many, since the two searches find different ones).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "py"))

from sudoku_dlx.generator import generate  # noqa: E402
from sudoku_dlx.kinds import solver  # noqa: E402
from sudoku_dlx.kinds.grid import Puzzle, parse  # noqa: E402
from sudoku_dlx.kinds.read import read_puzzle  # noqa: E402


SWITCHED = solver.NARROW_LONG


def timed(puzzle: Puzzle, switch: bool, cap: float) -> tuple[float, int, list | None]:
    """Milliseconds, guesses and solutions (None: given up after ``cap`` seconds) of one
    solve, with the switch on or off."""
    solver.NARROW_LONG = SWITCHED if switch else frozenset()
    start = time.perf_counter()
    found, stats = solver.solutions(puzzle, 2, stop=lambda _: time.perf_counter() - start > cap)
    return (time.perf_counter() - start) * 1000, stats.guesses, None if stats.stopped else found


def kept(name: str) -> list[Puzzle]:
    """The puzzles of a file in benchmarks/ (a seed and a puzzle a line)."""
    return [read_puzzle(line.split()[1]) for line in (HERE / "benchmarks" / name).read_text().splitlines() if not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--seeds", type=int, default=11)
    parser.add_argument("--cap", type=float, default=60)
    parser.add_argument("--data", type=Path, default=HERE.parent / "shared" / "data")
    parser.add_argument("--only", help="only the sets whose names hold this")
    args = parser.parse_args()
    read = lambda path, skip=0: [parse(line.split()[0]) for line in (args.data / path).read_text().splitlines()[skip:] if line.strip()]  # noqa: E731
    sets = {
        "16x16 vukr": lambda: read("16x16/vukr_16x16_1000.txt")[: args.n],
        "16x16 generated": lambda: [generate(16, symmetry="none", seed=seed, budget=None).puzzle
                                    for seed in range(1, args.seeds + 1)],
        "25x25 course": lambda: read("25x25/course_tcgaryau_25x25.tsv", 1)[:3],
        "16x16 generated, 10 s budget": lambda: kept("generated-16x16.txt"),
        "25x25 generated, 10 s budget": lambda: kept("generated-25x25.txt"),
        "futoshiki 11x11-13x13 generated, 10 s budget": lambda: kept("generated-futoshiki.txt"),
    }
    print("| set | puzzles | median ms plain | median ms switched | max ms plain | max ms switched "
          "| total s plain | total s switched | plain given up |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, make in sets.items():
        if args.only and args.only not in name:
            continue
        plain, switched, given_up, texts = [], [], 0, make()
        for puzzle in texts:
            a = timed(puzzle, True, args.cap or float("inf"))
            b = timed(puzzle, False, args.cap) if args.cap else (0.0, 0, a[2])
            assert a[2] is not None and (b[2] is None or len(b[2]) == len(a[2]) and (len(a[2]) > 1 or b[2] == a[2])), \
                "the answers differ"
            plain.append(b[0])
            switched.append(a[0])
            given_up += b[2] is None
        print(f"| {name} | {len(texts)} | {statistics.median(plain):.1f} | {statistics.median(switched):.1f} | "
              f"{max(plain):.0f} | {max(switched):.0f} | {sum(plain) / 1000:.1f} | {sum(switched) / 1000:.1f} | {given_up} |",
              flush=True)


if __name__ == "__main__":
    main()
