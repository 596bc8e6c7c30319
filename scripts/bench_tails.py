"""Times classic sudoku's solver on big grids with and without the switch to narrowing
(``kinds.solver.NARROW_LONG``), puzzle by puzzle in turn, side by side in one process. Not a
test: it prints. The puzzles: the first ``--n`` 16x16 of vukr's set, the generator's 16x16
minimal puzzles of seeds 1 to ``--seeds`` (``generate --size 16 --symmetry none``: the long
tail of issue 44, seed 1 took 127 s), and the first three 25x25 of the course set.

    python3 scripts/bench_tails.py [--n 100] [--seeds 11] [--data ../shared/data]

Each puzzle is solved up to 2 solutions (what Solve asks); the answers must agree.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from sudoku_dlx.generator import generate  # noqa: E402
from sudoku_dlx.kinds import solver  # noqa: E402
from sudoku_dlx.kinds.grid import Puzzle, parse  # noqa: E402


def timed(puzzle: Puzzle, switch: bool) -> tuple[float, int, list]:
    """Milliseconds, guesses and solutions of one solve, with the switch on or off."""
    solver.NARROW_LONG = frozenset({16}) if switch else frozenset()
    start = time.perf_counter()
    found, stats = solver.solutions(puzzle, 2)
    return (time.perf_counter() - start) * 1000, stats.guesses, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--seeds", type=int, default=11)
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    args = parser.parse_args()
    read = lambda path, skip=0: [parse(line.split()[0]) for line in (args.data / path).read_text().splitlines()[skip:] if line.strip()]  # noqa: E731
    sets = {
        "16x16 vukr": read("16x16/vukr_16x16_1000.txt")[: args.n],
        "16x16 generated": [generate(16, symmetry="none", seed=seed, budget=None).puzzle for seed in range(1, args.seeds + 1)],
        "25x25 course": read("25x25/course_tcgaryau_25x25.tsv", 1)[:3],
    }
    print("| set | puzzles | median ms before | median ms after | max ms before | max ms after | total s before | total s after |")
    print("|---|---|---|---|---|---|---|---|")
    for name, texts in sets.items():
        before, after = [], []
        for puzzle in texts:
            b, a = timed(puzzle, False), timed(puzzle, True)
            assert b[2] == a[2], "the answers differ"
            before.append(b[0])
            after.append(a[0])
        print(f"| {name} | {len(texts)} | {statistics.median(before):.1f} | {statistics.median(after):.1f} | "
              f"{max(before):.0f} | {max(after):.0f} | {sum(before) / 1000:.1f} | {sum(after) / 1000:.1f} |", flush=True)


if __name__ == "__main__":
    main()
