"""How well the rating agrees with published difficulty, and how fast it is.

    python3 scripts/rating_quality.py [--n N] [--seed S] [--every K] [--each] [se|kaggle|hodoku|er|hardest ...]

se       Spearman correlation with Sudoku Explainer on sudoku_exchange_se_dev.tsv,
         and the share of puzzles within 0.5 of the SE rating.
kaggle   our grades against Kaggle's published levels (a confusion table), and the
         time per puzzle (median, p95, worst).
hodoku   for each technique of hodoku_exemplars_techniques.tsv that we implement,
         how often its puzzles are found to need it or something at least as hard.
er       Spearman correlation with the ER ratings (SE's scale) of the hardest
         puzzles in forum_hardest_er_dev.tsv, and the time per puzzle.
hardest  the time per puzzle on forum_hardest_1106.txt (median, p95, worst) and
         whether every puzzle got a score below trial and error's.

Times are wall clock and, in brackets, the process's CPU time (the machine may
be shared). ``--n`` samples that many puzzles of each set (seeded; 0: all).
``--every K`` takes every Kth puzzle instead (the first, the K+1st, ...).
``--each`` also prints one line per puzzle of the timed sets as it is rated.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
DATA = ROOT.parent / "shared" / "data" / "9x9"

from sudoku_dlx.rating import GRADES, rate  # noqa: E402
from sudoku_dlx.techniques.position import base_score  # noqa: E402

#: HoDoKu's technique names -> (our technique names, the SE score of the technique).
HODOKU = {
    "Locked Candidate Type 1": ({"Pointing"}, 2.6),
    "Locked Candidate Type 2": ({"Claiming"}, 2.8),
    "Naked Pair": ({"Naked pair", "Locked pair"}, 3.0),
    "Locked Pair": ({"Locked pair"}, 3.0),
    "Hidden Pair": ({"Hidden pair"}, 3.4),
    "Naked Triple": ({"Naked triple", "Locked triple"}, 3.6),
    "Locked Triple": ({"Locked triple"}, 3.6),
    "Hidden Triple": ({"Hidden triple"}, 4.0),
    "Naked Quadruple": ({"Naked quad"}, 5.0),
    "Hidden Quadruple": ({"Hidden quad"}, 5.4),
    "X-Wing": ({"X-wing"}, 3.2),
    "Swordfish": ({"Swordfish"}, 3.8),
    "Jellyfish": ({"Jellyfish"}, 5.2),
    "Finned X-Wing": ({"Finned X-wing"}, 3.4),
    "Sashimi X-Wing": ({"Finned X-wing", "Sashimi X-wing"}, 3.4),
    "Finned Swordfish": ({"Finned swordfish"}, 4.0),
    "Sashimi Swordfish": ({"Finned swordfish", "Sashimi swordfish"}, 4.0),
    "Finned Jellyfish": ({"Finned jellyfish"}, 5.4),
    "Sashimi Jellyfish": ({"Finned jellyfish", "Sashimi jellyfish"}, 5.4),
    "XY-Wing": ({"XY-wing"}, 4.2),
    "XYZ-Wing": ({"XYZ-wing"}, 4.4),
    "W-Wing": ({"W-wing"}, 4.4),
    "Uniqueness Test Type 1": ({"Unique rectangle type 1"}, 4.5),
    "Uniqueness Test Type 2": ({"Unique rectangle type 2"}, 4.6),
    "Uniqueness Test Type 3": ({"Unique rectangle type 3"}, 4.6),
    "Uniqueness Test Type 4": ({"Unique rectangle type 4"}, 4.6),
    "Uniqueness Test Type 5": ({"Unique rectangle type 5"}, 4.5),
    "Uniqueness Test Type 6": ({"Unique rectangle type 6"}, 4.5),
    "Hidden Rectangle": ({"Hidden rectangle"}, 4.5),
    "Avoidable Rectangle Type 1": ({"Avoidable rectangle type 1"}, 4.5),
    "Avoidable Rectangle Type 2": ({"Avoidable rectangle type 2"}, 4.5),
    "Bivalue Universal Grave + 1": ({"BUG+1"}, 5.6),
    "Skyscraper": ({"Skyscraper"}, 4.0),
    "Empty Rectangle": ({"Empty rectangle"}, 4.2),
    "2-String Kite": ({"Two-string kite"}, 4.1),
    "Turbot Fish": ({"Skyscraper", "Two-string kite", "Turbot fish"}, 4.0),
    "Simple Colors": ({"Simple colouring"}, 5.4),
    "X-Chain": ({"X-chain"}, 5.4),
    "XY-Chain": ({"XY-chain"}, 7.0),
    "Remote Pairs": ({"Remote pairs", "XY-chain"}, 7.0),
    "Alternating Interference Chain": ({"X-chain", "XY-chain", "AIC"}, 6.6),
    "Discontinuous Nice Loop": ({"X-chain", "XY-chain", "AIC"}, 6.6),
    "Continuous Nice Loop": ({"Continuous nice loop", "X-chain", "XY-chain", "AIC"}, 6.5),
    "Grouped Alternating Interference Chain": ({"Grouped X-chain", "Grouped AIC"}, 7.1),
    "Grouped Discontinuous Nice Loop": ({"Grouped X-chain", "Grouped AIC"}, 7.1),
    "Grouped Continuous Nice Loop": ({"Grouped continuous nice loop"}, 7.1),
    "Sue de Coq": ({"Sue de Coq"}, 5.3),
    "Franken Swordfish": ({"Franken swordfish"}, 7.4),
    "Franken Jellyfish": ({"Franken jellyfish"}, 7.4),
    "Finned Franken Swordfish": ({"Finned franken swordfish"}, 7.4),
    "Finned Franken Jellyfish": ({"Finned franken jellyfish"}, 7.4),
    "Finned Mutant Jellyfish": ({"Finned mutant jellyfish"}, 7.5),
    "ALS-XZ rule": ({"ALS-XZ", "ALS-XZ (doubly linked)"}, 7.1),
    "ALS-XY-Wing rule": ({"ALS-XY-wing"}, 7.2),
    "ALS-XY-Chain": ({"ALS chain"}, 7.3),
    "Forcing Chain Verity": ({f"{kind} ({how})" for kind in ("Forcing chains", "Dynamic forcing chains")
                              for how in ("cell", "unit")}, 8.0),
}


def rows(name: str) -> list[list[str]]:
    with open(DATA / name, encoding="utf-8") as file:
        return [line.rstrip("\n").split("\t") for line in file][1:]


def sample(items: list, n: int, seed: int, every: int = 0) -> list:
    if every:
        return items[::every]
    return random.Random(seed).sample(items, n) if 0 < n < len(items) else items


def chosen_by(args) -> str:
    return f"every {args.every}th" if args.every else f"seed {args.seed}"


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    found = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            found[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return found


def spearman(xs: list[float], ys: list[float]) -> float:
    return statistics.correlation(ranks(xs), ranks(ys))


EACH = False


def timed(puzzle: str):
    """The rating of ``puzzle``, its wall time and its CPU time (ms)."""
    wall, cpu = time.perf_counter(), time.process_time()
    rating = rate(puzzle)
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    if EACH:
        print(f"  {puzzle} {rating.score:.1f} {rating.hardest} {wall:.0f} ms ({cpu:.0f} ms CPU)", flush=True)
    return rating, wall, cpu


def spread(wall: list[float], cpu: list[float]) -> str:
    """Median, p95 and worst of the wall times, CPU times in brackets."""
    def three(ms: list[float]) -> tuple[float, float, float]:
        ms = sorted(ms)
        return statistics.median(ms), ms[int(0.95 * (len(ms) - 1))], ms[-1]
    def text(ms: float) -> str:
        return f"{ms:.1f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"
    return ", ".join(f"{name} {text(a)} ({text(b)})" for name, a, b in zip(("median", "p95", "worst"), three(wall), three(cpu)))


def se(args) -> None:
    chosen = sample(rows("sudoku_exchange_se_dev.tsv"), args.n, args.seed, args.every)
    ours, theirs = [], []
    for puzzle, rating in chosen:
        ours.append(rate(puzzle).score)
        theirs.append(float(rating))
    close = sum(abs(a - b) <= 0.5 for a, b in zip(ours, theirs)) / len(ours)
    print(f"SE ({len(chosen)} puzzles of sudoku_exchange_se_dev.tsv, {chosen_by(args)}): "
          f"Spearman {spearman(ours, theirs):.3f}, within ±0.5: {close:.1%}")
    by_se = defaultdict(list)
    for a, b in zip(ours, theirs):
        by_se[b].append(a)
    print("| SE | puzzles | our median | our mean |\n|---:|---:|---:|---:|")
    for b in sorted(by_se):
        print(f"| {b:.1f} | {len(by_se[b])} | {statistics.median(by_se[b]):.1f} | {statistics.mean(by_se[b]):.2f} |")


def kaggle(args) -> None:
    chosen = sample(rows("kaggle3m_radcliffe_curated5000.tsv"), args.n, args.seed, args.every)
    table: Counter = Counter()
    wall, cpu = [], []
    for puzzle, _, _, _, level in chosen:
        found, w, c = timed(puzzle)
        table[level, found.grade] += 1
        wall.append(w)
        cpu.append(c)
    grades = [name for name, _ in GRADES]
    print(f"Kaggle ({len(chosen)} puzzles of kaggle3m_radcliffe_curated5000.tsv, {chosen_by(args)}): "
          "published level (rows) against our grade (columns)")
    print("| level | " + " | ".join(grades) + " |\n|---|" + "---:|" * len(grades))
    for level in ("Beginner", "Easy", "Medium", "Hard", "Expert"):
        print(f"| {level} | " + " | ".join(str(table[level, g]) for g in grades) + " |")
    print(f"time per puzzle: {spread(wall, cpu)}")


def hodoku(args) -> None:
    used: Counter = Counter()
    found: Counter = Counter()
    total: Counter = Counter()
    for puzzle, _, technique, *_ in rows("hodoku_exemplars_techniques.tsv"):
        if technique not in HODOKU:
            continue
        names, score = HODOKU[technique]
        rating = rate(puzzle)
        uses = any(step.technique in names for step in rating.path)
        total[technique] += 1
        used[technique] += uses
        found[technique] += uses or rating.score >= score
    print("HoDoKu exemplars: puzzles whose path uses the technique; or uses it or needs one at least as hard")
    print("| technique | puzzles | uses it | or harder |\n|---|---:|---:|---:|")
    for technique in HODOKU:
        if total[technique]:
            print(f"| {technique} | {total[technique]} | {used[technique]} | {found[technique]} |")
    all_, uses_, found_ = (sum(c.values()) for c in (total, used, found))
    print(f"all: {all_} puzzles, uses it {uses_} ({uses_ / all_:.1%}), or harder {found_} ({found_ / all_:.1%})")


def er(args) -> None:
    chosen = sample(rows("forum_hardest_er_dev.tsv"), args.n, args.seed, args.every)
    ours, theirs, wall, cpu = [], [], [], []
    hardest: Counter = Counter()
    for puzzle, rating in chosen:
        found, w, c = timed(puzzle)
        ours.append(found.score)
        theirs.append(float(rating))
        wall.append(w)
        cpu.append(c)
        hardest[found.hardest] += 1
    close = sum(abs(a - b) <= 0.5 for a, b in zip(ours, theirs)) / len(ours)
    print(f"ER ({len(chosen)} puzzles of forum_hardest_er_dev.tsv, {chosen_by(args)}): "
          f"Spearman {spearman(ours, theirs):.3f}, within ±0.5: {close:.1%}")
    print(f"time per puzzle: {spread(wall, cpu)}")
    print("hardest steps: " + ", ".join(f"{name} {count}" for name, count in hardest.most_common()))
    by_er = defaultdict(list)
    for a, b in zip(ours, theirs):
        by_er[b].append(a)
    print("| ER | puzzles | our median | our mean |\n|---:|---:|---:|---:|")
    for b in sorted(by_er):
        print(f"| {b:.1f} | {len(by_er[b])} | {statistics.median(by_er[b]):.1f} | {statistics.mean(by_er[b]):.2f} |")


def hardest(args) -> None:
    with open(DATA / "forum_hardest_1106.txt", encoding="utf-8") as file:
        puzzles = [line.strip() for line in file if line.strip()]
    chosen = sample(puzzles, args.n, args.seed, args.every)
    wall, cpu, scores = [], [], []
    for puzzle in chosen:
        found, w, c = timed(puzzle)
        wall.append(w)
        cpu.append(c)
        scores.append(found.score)
    scored = sum(score < base_score("Trial and error") for score in scores)
    print(f"hardest ({len(chosen)} puzzles of forum_hardest_1106.txt, {chosen_by(args)}): "
          f"{scored} scored by a technique, {len(chosen) - scored} needed trial and error; "
          f"scores {min(scores):.1f}-{max(scores):.1f}, median {statistics.median(scores):.1f}")
    print(f"time per puzzle: {spread(wall, cpu)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sets", nargs="*", help="se, kaggle, hodoku, er, hardest (default: all)")
    parser.add_argument("--n", type=int, default=1000, help="puzzles sampled per set (0: all; default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=0, metavar="K",
                        help="every Kth puzzle of each set instead of a sample (0: no)")
    parser.add_argument("--each", action="store_true", help="print each puzzle's rating as it comes")
    args = parser.parse_args()
    global EACH
    EACH = args.each
    runs = {"se": se, "kaggle": kaggle, "hodoku": hodoku, "er": er, "hardest": hardest}
    for name in args.sets or list(runs):
        if name not in runs:
            parser.error(f"unknown set {name!r}; choose from {', '.join(runs)}")
        runs[name](args)
        print()


if __name__ == "__main__":
    main()
