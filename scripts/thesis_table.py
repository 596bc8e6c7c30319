"""The table of Berggren & Nilsson's thesis (KTH 2012), reproduced: DLX, backtracking, the
rule-based solver and the three stochastic baselines (simulated annealing, a cultural genetic algorithm, a Boltzmann
machine) on ``--n`` of Gordon Royle's 17-clue puzzles (evenly spaced lines of
``9x9/royle17_49158.txt``) and on the same puzzles with clues added from their solutions
(``generator.add_clues``, puzzle k with seed ``--seed`` + k) up to 25, 33 and 46 clues. Not a
test: it prints a Markdown table (per solver and clue count: success rate, mean and median
seconds, a failed run counting its cap) with the thesis's and Lewis's published figures beside
it, and with ``--svg FILE`` writes the success rates as a line plot. Each (set, solver) is one
``compare.batch.measure`` run, ``--jobs`` of them at once in processes.

    python3 scripts/thesis_table.py [--n 20] [--max-seconds 20] [--seed 1] [--jobs 2]
        [--data ../shared/data] [--svg docs/thesis-success.svg]

``--max-iterations N`` caps the stochastic runs in iterations instead (0: none);
``--max-nodes`` caps backtracking in tries (default 1,000,000, as ``bench``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from sudoku_dlx.compare.batch import SUCCESSES, measure  # noqa: E402
from sudoku_dlx.generator import add_clues  # noqa: E402
from sudoku_dlx.kinds.read import puzzle_id, read_puzzle  # noqa: E402

SOLVERS = ("dlx", "backtrack", "rules", "annealing", "genetic", "boltzmann")
CLUES = (17, 25, 33, 46)
#: Published figures per (solver, clues): the thesis's own (Berggren & Nilsson 2012, 49,151
#: 17-clue puzzles, 20 s each) and, for annealing, those of Lewis-style annealing (500,000
#: iterations; its 22-29-clue puzzles were minimal ones, ours are not).
PUBLISHED = {
    ("backtrack", 17): "97.7% (1,150 of 49,151 unsolved in 20 s)",
    ("rules", 17): "100%, mean 0.02 s (C++)",
    ("boltzmann", 17): "0% (could not solve them)",
    ("boltzmann", 46): "98.5% of 400 in 20 s, about 8 s mean",
    ("annealing", 17): "~0% (Lewis-style, 500,000 iterations)",
    ("annealing", 25): "~12% of minimal 22-29-clue puzzles",
    ("annealing", 46): "~100% of easy puzzles",
}
COLOURS = {"dlx": ("#1f5fa8", ""), "backtrack": ("#c2570c", "6 3"), "rules": ("#b8336a", "1 3"), "annealing": ("#1b7a3a", ""),
           "genetic": ("#b3261e", "2 3"), "boltzmann": ("#6a3d9a", "8 3 2 3")}


def sets(data: Path, n: int, seed: int) -> dict[int, list[str]]:
    """``n`` evenly spaced 17-clue puzzles and, per clue count of :data:`CLUES`, the same with clues added."""
    lines = [line.split()[0] for line in (data / "9x9" / "royle17_49158.txt").read_text().splitlines() if line.strip()]
    chosen = [lines[k * (len(lines) // n)] for k in range(n)]
    return {clues: [puzzle_id(add_clues(read_puzzle(text), clues, seed + k)) for k, text in enumerate(chosen)]
            for clues in CLUES}


def run(solver: str, texts: list[str], seed: int, max_seconds: float, max_iterations: int, max_nodes: int) -> dict:
    """One solver on one set through ``compare.batch.measure``: success %, mean and median seconds."""
    runs = measure([solver], texts, 2, max_nodes, seed, max_seconds, max_iterations).runs[solver]
    seconds = [ms / 1000 for ms in runs.ms]
    return {"solved": sum(status in SUCCESSES for status in runs.status), "puzzles": len(texts),
            "success_pct": 100 * sum(status in SUCCESSES for status in runs.status) / len(texts),
            "mean_s": statistics.fmean(seconds), "median_s": statistics.median(seconds)}


def measure_all(puzzle_sets: dict[int, list[str]], seed: int, max_seconds: float, max_iterations: int,
                max_nodes: int, jobs: int) -> dict[tuple[str, int], dict]:
    """Every solver on every set, ``jobs`` runs at once (1: in this process)."""
    tasks = [(solver, clues) for clues in puzzle_sets for solver in SOLVERS]
    args = [(solver, puzzle_sets[clues], seed, max_seconds, max_iterations, max_nodes) for solver, clues in tasks]
    if jobs <= 1:
        return {task: run(*a) for task, a in zip(tasks, args)}
    with ProcessPoolExecutor(jobs) as pool:
        return dict(zip(tasks, pool.map(run, *zip(*args))))


def table(results: dict[tuple[str, int], dict]) -> str:
    """The Markdown table: a row per solver and clue count, the published figure beside it."""
    rows = ["| solver | clues | puzzles | solved | mean s | median s | thesis / published |", "|---|---:|---:|---:|---:|---:|---|"]
    for solver in SOLVERS:
        for clues in CLUES:
            r = results[solver, clues]
            rows.append(f"| {solver} | {clues} | {r['puzzles']} | {r['success_pct']:.0f}% | {r['mean_s']:.3f} | "
                        f"{r['median_s']:.3f} | {PUBLISHED.get((solver, clues), '—')} |")
    return "\n".join(rows)


def svg(results: dict[tuple[str, int], dict]) -> str:
    """A standalone SVG line plot: success % against clue count, a line per solver, a legend."""
    w, h, left, top, right, bottom = 560, 320, 56, 20, 150, 44
    x = lambda clues: left + (clues - 15) / (48 - 15) * (w - left - right)  # noqa: E731
    y = lambda pct: top + (100 - pct) / 100 * (h - top - bottom)  # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'font-family="sans-serif" font-size="12">',
           '<title>Share of puzzles solved against clue count, per solver</title>',
           f'<rect width="{w}" height="{h}" fill="#ffffff"/>']
    for pct in range(0, 101, 25):
        out.append(f'<line x1="{left}" y1="{y(pct):.1f}" x2="{w - right}" y2="{y(pct):.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(pct) + 4:.1f}" text-anchor="end" fill="#222222">{pct}%</text>')
    for clues in CLUES:
        out.append(f'<text x="{x(clues):.1f}" y="{h - bottom + 16}" text-anchor="middle" fill="#222222">{clues}</text>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#222222"/>')
    out.append(f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="#222222"/>')
    out.append(f'<text x="{(left + w - right) / 2:.1f}" y="{h - 8}" text-anchor="middle" fill="#222222">clues</text>')
    out.append(f'<text transform="translate(14 {(top + h - bottom) / 2:.1f}) rotate(-90)" text-anchor="middle" '
               'fill="#222222">solved</text>')
    for k, solver in enumerate(SOLVERS):
        colour, dash = COLOURS[solver]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x(c):.1f},{y(results[solver, c]['success_pct']):.1f}" for c in CLUES)
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"{dashes}>'
                   f'<title>{escape(solver)}</title></polyline>')
        out += [f'<circle cx="{x(c):.1f}" cy="{y(results[solver, c]["success_pct"]):.1f}" r="3" fill="{colour}"/>'
                for c in CLUES]
        ly = top + 10 + 20 * k
        out.append(f'<line x1="{w - right + 14}" y1="{ly}" x2="{w - right + 44}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2.5"{dashes}/>')
        out.append(f'<text x="{w - right + 50}" y="{ly + 4}" fill="#222222">{escape(solver)}</text>')
    return "\n".join([*out, "</svg>", ""])


def main(argv: list[str] | None = None) -> str:
    """Measure, print the table (and write the SVG); the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    parser.add_argument("--n", type=int, default=20, help="puzzles per set")
    parser.add_argument("--max-seconds", type=float, default=20.0, help="cap per stochastic run (the thesis's 20 s)")
    parser.add_argument("--max-iterations", type=int, default=0, help="cap per stochastic run in iterations (0: none)")
    parser.add_argument("--max-nodes", type=int, default=1_000_000, help="cap on backtracking's tries per puzzle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--svg", type=Path, help="write the success plot here")
    args = parser.parse_args(argv)
    results = measure_all(sets(args.data, args.n, args.seed), args.seed, args.max_seconds, args.max_iterations,
                          args.max_nodes, args.jobs)
    text = table(results)
    print(text, flush=True)
    if args.svg:
        args.svg.write_text(svg(results), encoding="utf-8")
    return text


if __name__ == "__main__":
    main()
