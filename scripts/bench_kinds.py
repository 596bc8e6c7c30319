"""Times the DLX engine on 9x9 puzzles of every kind beside classic sudoku, side by side.
Not a test: it prints. The sets come from Simon Tatham's programs (Debian's sgt-puzzles:
Solo's intermediate grade for classic, X, jigsaw and killer, and his extreme grade for classic
too; Unequal's "tricky" 7x7 and 9x9 futoshikis, the grade of his set rule as Solo's
intermediate is, and his "extreme" ones)
and, for windoku, which Tatham lacks, from this package's generator, beside
classic puzzles from the same generator (minimal, the same seeds): the windokus' fair
baseline, as Tatham's classics are the other kinds'.
Every kind solves its puzzles in turns of 10, so a change in the machine's load touches
all kinds alike; each puzzle's time includes narrowing it and building its exact cover
where the kind's puzzles do not share one (a jigsaw's regions, a killer's cages and a
futoshiki's signs are its own: see ``kinds.solver.NARROWED``). ``no search`` counts the
puzzles the narrowing solved alone (no node).

    python3 scripts/bench_kinds.py [--n 100] [--seed 1] [--py OTHER/py] [--as-rules]

``--py`` times another copy of the package (say an earlier commit's ``py/``, made by
``git archive``), for runs side by side. ``--as-rules`` times instead, puzzle by puzzle in
turn, the kinds' own solver (``kinds.solver.solutions``, up to 2 solutions) and the variant
rules' solver on the same puzzle as a set of rules (``rules.kinds.as_rules``, building it
included), and checks that they agree.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: kind -> (Tatham's program, its parameters), or ("generator", the kind) for this package's.
SETS = {
    "sudoku": ("sgt-solo", "3x3di"),
    "sudoku (generator)": ("generator", "sudoku"),
    "sudoku (Tatham's extreme)": ("sgt-solo", "3x3de"),
    "x": ("sgt-solo", "3x3xdi"),
    "windoku": ("generator", "windoku"),
    "jigsaw": ("sgt-solo", "9jdi"),
    "killer": ("sgt-solo", "3x3kdi"),
    "futoshiki 7x7 tricky": ("sgt-unequal", "7dk"),
    "futoshiki 9x9 tricky": ("sgt-unequal", "9dk"),
    "futoshiki 7x7 extreme": ("sgt-unequal", "7dx"),
    "futoshiki 9x9 extreme": ("sgt-unequal", "9dx"),
}
TURN = 10


def puzzles(kind: str, n: int, seed: int) -> list[str]:
    program, params = SETS[kind]
    if program == "generator":
        from sudoku_dlx.generator import generate
        return [generate(9, "random", seed + k, kind=params).record()["puzzle"] for k in range(n)]
    out = subprocess.run([f"/usr/games/{program}", "--generate", str(n), f"{params}#{seed}"],  # seeded: the same set
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100, help="puzzles per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--py", type=Path, default=ROOT / "py", help="the package's folder to time")
    parser.add_argument("--as-rules", action="store_true", help="the kinds' solver against the rules' solver")
    args = parser.parse_args()
    sys.path.insert(0, str(args.py.resolve()))
    if args.as_rules:
        as_rules_table(args.n, args.seed)
        return
    from sudoku_dlx.compare.batch import measure
    print(f"package: {args.py.resolve()}")
    sets = {kind: puzzles(kind, args.n, args.seed) for kind in SETS}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ms: dict[str, list[float]] = {kind: [] for kind in sets}
    nodes: dict[str, list[int]] = {kind: [] for kind in sets}
    for turn in range(0, args.n, TURN):
        for kind, texts in sets.items():
            runs = measure(["dlx"], texts[turn:turn + TURN]).runs["dlx"]
            assert set(runs.status) == {"unique"}, (kind, runs.status)
            ms[kind] += runs.ms
            nodes[kind] += runs.nodes
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    base, made = statistics.median(ms["sudoku"]), statistics.median(ms["sudoku (generator)"])
    print("| kind | puzzles | median ms | mean ms | max ms | median nodes | no search | median / classic "
          "| median / generator's classic |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind in sets:
        median = statistics.median(ms[kind])
        print(f"| {kind} | {len(ms[kind])} | {median:.2f} | {statistics.mean(ms[kind]):.2f} | {max(ms[kind]):.1f} "
              f"| {statistics.median(nodes[kind]):g} | {nodes[kind].count(0)} | {median / base:.1f}x "
              f"| {median / made:.1f}x |")


def as_rules_table(n: int, seed: int) -> None:
    """The kinds' solver and the rules' solver on each kind's set, side by side (see the module's docstring)."""
    import time

    from sudoku_dlx.kinds.read import read_puzzle
    from sudoku_dlx.kinds.solver import solutions as kind_solutions
    from sudoku_dlx.rules.kinds import as_rules
    from sudoku_dlx.rules.solve import solutions as rule_solutions
    sets = {kind: [read_puzzle(text) for text in puzzles(kind, n, seed)] for kind in SETS}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ms: dict[str, tuple[list[float], list[float]]] = {kind: ([], []) for kind in sets}
    for kind, found in sets.items():
        for puzzle in found:
            start = time.perf_counter()
            ours, _ = kind_solutions(puzzle, 2)
            middle = time.perf_counter()
            theirs, _ = rule_solutions(as_rules(puzzle), 2)
            end = time.perf_counter()
            assert sorted(ours) == sorted(theirs) and len(ours) == 1, kind
            ms[kind][0].append((middle - start) * 1000)
            ms[kind][1].append((end - middle) * 1000)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| kind | puzzles | kinds' solver, median ms | as rules, median ms | ratio | kinds' max ms | rules' max ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, (ours, theirs) in ms.items():
        a, b = statistics.median(ours), statistics.median(theirs)
        print(f"| {kind} | {len(ours)} | {a:.2f} | {b:.2f} | {b / a:.1f}x | {max(ours):.1f} | {max(theirs):.1f} |")


if __name__ == "__main__":
    main()
