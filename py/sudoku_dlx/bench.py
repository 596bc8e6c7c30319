"""The benchmark: ``python -m sudoku_dlx bench``'s tables.

Solving: the solvers of :mod:`sudoku_dlx.compare.batch` on the same sample of
a puzzle file, in one process or several, tabulated as the usual sudoku-solver
benchmarks do (tdoku's, say): per solver, how many puzzles, mean, median, min
and max milliseconds, mean, median, min and max tries, the share of
puzzles solved without a guess, the total time as a multiple of the first
solver's, and how many puzzles came out unique, multiple, none, invalid or
unfinished, with the machine. The page's batch view measures and sums up with
the same :func:`~sudoku_dlx.compare.batch.measure` and
:meth:`~sudoku_dlx.compare.batch.Batch.summary`.

Generating: :func:`~sudoku_dlx.generator.generate` against the clue removals
of :mod:`sudoku_dlx.baselines.diggers`, seed by seed; and a puzzle that needs a
technique (``generate(needs=...)``) against the ways of
:mod:`sudoku_dlx.baselines.needs`.

Exact cover: the engines of :data:`~sudoku_dlx.cover.problems.ENGINES` (dancing links,
dancing cells) and, where they are installed, the pure-Python exact-cover packages of
:data:`PEERS` counting the same problems, in turns (:func:`measure_cover`).
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from .baselines import needs as needs_ways
from .baselines.diggers import dig, dig_halving
from .compare.batch import STATUSES, TURN, Batch, measure
from .cover import problems
from .generator import generate, plan
from .kinds.grid import KIND, Puzzle
from .techniques.registry import Needed, needed

__all__ = ["COVER_HEADER", "GENERATION_HEADER", "GENERATORS", "HEADER", "NEEDS_HEADER", "NEEDS_WAYS", "PEERS",
           "CoverRow", "GenerationRow", "NeedsRow", "machine", "measure_cover", "measure_generation", "measure_needs",
           "measure_parallel", "sample", "summary_cells", "table"]


HEADER = ["solver", "puzzles", "mean ms", "median ms", "min ms", "max ms", "mean tries", "median tries",
          "min tries", "max tries", "no guess %", "total s", "time / first", "unique", "multiple", "none",
          "invalid", "unfinished", "solved", "unsolved", "success %"]


def summary_cells(record: dict) -> list[str]:
    """A row of :data:`HEADER` from a :meth:`~sudoku_dlx.compare.batch.Runs.summary` record."""
    def show(key: str, form: str = "{}") -> str:
        return "-" if record[key] is None else form.format(record[key])
    return [
        record["solver"], str(record["puzzles"]), show("mean_ms", "{:.3f}"), show("median_ms", "{:.3f}"),
        show("min_ms", "{:.3f}"), show("max_ms", "{:.3f}"), show("mean_nodes", "{:.1f}"), show("median_nodes"),
        show("min_nodes"), show("max_nodes"), show("no_guess_pct", "{:.1f}"), show("total_s", "{:.2f}"),
        show("time_vs_first", "{:.2f}x"), *(str(record[status]) for status in STATUSES),
        show("success_pct", "{:.1f}"),
    ]


@dataclass
class GenerationRow:
    """One generation method's results for one size."""

    size: int
    method: str
    ms: list[float]
    clues: list[int]
    minimal: int  # how many came out minimal
    kind: str = "sudoku"

    def cells(self) -> list[str]:
        ms = self.ms
        return [
            f"{self.size}x{self.size}",
            self.kind,
            self.method,
            str(len(ms)),
            f"{statistics.fmean(ms):.1f}",
            f"{statistics.median(ms):.1f}",
            f"{min(ms):.1f}",
            f"{max(ms):.1f}",
            f"{statistics.fmean(self.clues):.1f}",
            f"{min(self.clues)}-{max(self.clues)}",
            str(self.minimal),
        ]


GENERATION_HEADER = ["size", "kind", "method", "puzzles", "mean ms", "median ms", "min ms", "max ms", "mean clues",
                     "clues", "minimal"]


def _generate_dlx(size: int, symmetry: str, seed: int, budget: float | None,
                  kind: str = "sudoku") -> tuple[Puzzle, bool]:
    made = generate(size, symmetry, seed, budget=budget, kind=kind)
    return made.puzzle, made.minimal


def _generate_halving(size: int, symmetry: str, seed: int, budget: float | None) -> tuple[Puzzle, bool]:
    made = plan(size, symmetry, seed)
    return dig_halving(made.shape, made.solution, made.order, None if budget is None else time.perf_counter() + budget)


def _digger(method: str) -> Callable[[int, str, int, float | None], tuple[Puzzle, bool]]:
    def run(size: int, symmetry: str, seed: int, budget: float | None) -> tuple[Puzzle, bool]:
        made = plan(size, symmetry, seed)
        return dig(made.shape, made.solution, made.order, method), True
    return run


#: name -> function(size, symmetry, seed, time budget) -> (puzzle, minimal). ``dlx`` is
#: :func:`~sudoku_dlx.generator.generate`; the baselines try the orbits in the seed's
#: order, so given the same seed they make the same puzzle (``halving`` stops at the
#: budget like ``dlx``; ``count`` and ``naive`` ignore it).
GENERATORS: dict[str, Callable[[int, str, int, float | None], tuple[Puzzle, bool]]] = {
    "dlx": _generate_dlx,
    "halving": _generate_halving,
    "count": _digger("count"),
    "naive": _digger("naive"),
}


def measure_generation(size: int, methods: Sequence[str], symmetry: str, seeds: Iterable[int],
                       budget: float | None, kinds: Sequence[str] = ("sudoku",)) -> list[GenerationRow]:
    """Generate one puzzle per seed with each method (of a classic sudoku; other kinds
    ``dlx`` alone) and kind, timing each (grid filling included); they take turns seed
    by seed, so a change in the machine's load touches all alike. A futoshiki takes
    ``symmetry`` none."""
    runs = [(GENERATORS[method], method, "sudoku") for method in methods] + [
        (partial(_generate_dlx, kind=kind), "dlx", kind) for kind in kinds if kind != "sudoku"]
    if "sudoku" not in kinds:
        runs = runs[len(methods):]
    rows = [GenerationRow(size, method, [], [], 0, kind) for _, method, kind in runs]
    for seed in seeds:
        for (run, _, kind), row in zip(runs, rows):
            start = time.perf_counter()
            puzzle, is_minimal = run(size, symmetry if KIND[kind].symmetric else "none", seed, budget)
            row.ms.append((time.perf_counter() - start) * 1000)
            row.clues.append(puzzle.clues)
            row.minimal += is_minimal
    return rows


@dataclass
class NeedsRow:
    """One way's results for one technique needed: seconds and puzzles made per seed
    (``inf`` seconds where the budget ran out first)."""

    size: int
    technique: str
    way: str
    seconds: list[float]
    made: list[int]
    kind: str = "sudoku"

    def cells(self) -> list[str]:
        met = [s for s in self.seconds if s != float("inf")]
        return [
            f"{self.size}x{self.size}", self.kind, self.technique, self.way, str(len(self.seconds)), str(len(met)),
            f"{statistics.median(self.seconds):.2f}", f"{statistics.fmean(met):.2f}" if met else "-",
            f"{max(met):.2f}" if met else "-", f"{statistics.median(self.made):g}",
        ]


NEEDS_HEADER = ["size", "kind", "technique", "way", "seeds", "met", "median s", "mean s (met)", "max s (met)",
                "median puzzles"]


def _needs_generator(need: Needed, only: bool, seed: int, deadline: float, size: int, kind: str) -> tuple[Puzzle | None, int]:
    made = generate(size, seed=seed, budget=deadline - time.perf_counter(), kind=kind, needs=need.name,
                    needs_only=only)
    return made.puzzle if made.needs_met else None, made.puzzles


#: name -> function(need, only, seed, deadline, size, kind) -> (puzzle or None, puzzles made): ``needs``
#: is :func:`~sudoku_dlx.generator.generate`'s, the others :data:`sudoku_dlx.baselines.needs.WAYS`.
NEEDS_WAYS = {"needs": _needs_generator} | needs_ways.WAYS


def measure_needs(size: int, names: Sequence[str], ways: Sequence[str], seeds: Iterable[int], budget: float,
                  only: bool = False, kind: str = "sudoku") -> list[NeedsRow]:
    """For each technique of ``names``, one puzzle that needs it per seed with each way,
    timed (at most ``budget`` seconds each); the ways take turns seed by seed."""
    needs = [needed(name, kind) for name in names]
    rows = [NeedsRow(size, need.name + (" (only)" if only else ""), way, [], [], kind) for need in needs for way in ways]
    for seed in seeds:
        for k, need in enumerate(needs):
            for way, row in zip(ways, rows[k * len(ways):(k + 1) * len(ways)]):
                start = time.perf_counter()
                puzzle, made = NEEDS_WAYS[way](need, only, seed, start + budget, size, kind)
                row.seconds.append(time.perf_counter() - start if puzzle is not None else float("inf"))
                row.made.append(made)
    return rows


def sample(puzzles: Sequence, n: int, seed: int) -> list:
    """``n`` puzzles drawn at random with ``seed`` (all of them, in order, if n is 0 or too big)."""
    if not n or n >= len(puzzles):
        return list(puzzles)
    return random.Random(seed).sample(list(puzzles), n)


def measure_parallel(solvers: Sequence[str], texts: Sequence[str], limit: int, max_nodes: int,
                     jobs: int, seed: int = 0, max_seconds: float = 0.0, max_iterations: int = 0) -> Batch:
    """:func:`~sudoku_dlx.compare.batch.measure` in ``jobs`` processes, each taking the next ``TURN`` puzzles
    when it is free; the results are merged in the puzzles' order."""
    from concurrent.futures import ProcessPoolExecutor  # not in every Python (Pyodide has no processes)

    turns = [texts[k:k + TURN] for k in range(0, len(texts), TURN)]
    batch = Batch(list(solvers))
    with ProcessPoolExecutor(jobs) as pool:
        k = len(turns)
        for part in pool.map(measure, [solvers] * k, turns, [limit] * k, [max_nodes] * k, [seed] * k,
                             [max_seconds] * k, [max_iterations] * k):
            batch.extend(part)
    return batch


def machine() -> str:
    """One line naming the machine and the Python that ran the benchmark."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()}; "
            f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")


def table(rows: Sequence[Sequence[str]], header: Sequence[str] = HEADER) -> str:
    """A Markdown table of rows of cells under ``header``."""
    lines = [list(header)] + [list(row) for row in rows]
    widths = [max(len(line[k]) for line in lines) for k in range(len(header))]
    out = ["| " + " | ".join(cell.rjust(w) for cell, w in zip(line, widths)) + " |" for line in lines]
    out.insert(1, "|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    return "\n".join(out)


# --- Exact cover: the engines and their peers --------------------------------------------

def _reduced(problem: problems.Problem) -> problems.Problem:
    """The problem with its givens chosen, for a package that cannot choose them and for
    the engines alike: the covered items and the options that clash with a given left
    out, the items renumbered in order."""
    covered = {item for option in problem.given for item in problem.options[option]}
    kept = [item for item in range(len(problem.items)) if item not in covered]
    number = {item: k for k, item in enumerate(kept)}
    options = [tuple(number[item] for item in option) for option in problem.options if covered.isdisjoint(option)]
    return problems.Problem(problem.title, [problem.items[item] for item in kept],
                            sum(item < problem.n_primary for item in kept), options, [""] * len(options))


def _algorithm_x(problem: problems.Problem) -> tuple[int, int | None]:
    """PyPI's ``algorithm-x``: primary items only, so each secondary item becomes primary
    with an option of its own (that covers it when no other option does)."""
    from algorithm_x import AlgorithmX

    solver = AlgorithmX(len(problem.items))
    for option in problem.options + [(item,) for item in range(problem.n_primary, len(problem.items))]:
        solver.appendRow(option)
    return sum(1 for _ in solver.solve()), None


def _dlx_package(problem: problems.Problem) -> tuple[int, int | None]:
    """PyPI's ``dlx``, its items primary and secondary as ours."""
    from dlx import DLX

    solver = DLX([(name, DLX.PRIMARY if k < problem.n_primary else DLX.SECONDARY)
                  for k, name in enumerate(problem.items)], [list(option) for option in problem.options])
    solutions = sum(1 for _ in solver.solve())
    return solutions, sum(solver.statistics.nodes)


#: The exact-cover packages of PyPI that ``bench --cover --peers`` races, pinned in
#: requirements-bench.txt: name -> (module, count(problem) -> (solutions, tries or None)).
PEERS: dict[str, tuple[str, Callable[[problems.Problem], tuple[int, int | None]]]] = {
    "algorithm-x": ("algorithm_x", _algorithm_x),
    "dlx": ("dlx", _dlx_package),
}

COVER_HEADER = ["engine", "problems", "solutions", "tries", "updates", "best ms", "median ms", "rounds",
                "best / first"]


@dataclass
class CoverRow:
    """One engine's or peer's counts of the problems: totals per round (CPU seconds)."""

    engine: str
    problems: int
    solutions: int = 0
    tries: int | None = 0
    updates: int | None = 0
    seconds: list[float] = field(default_factory=list)  # per round
    missing: str = ""  # why a peer did not run

    def cells(self, first: float) -> list[str]:
        if self.missing:
            return [self.engine, str(self.problems), self.missing] + ["-"] * (len(COVER_HEADER) - 3)
        best = min(self.seconds)
        return [self.engine, str(self.problems), f"{self.solutions:,}",
                "-" if self.tries is None else f"{self.tries:,}",
                "-" if self.updates is None else f"{self.updates:,}", f"{best * 1000:.1f}",
                f"{statistics.median(self.seconds) * 1000:.1f}", str(len(self.seconds)), f"{best / first:.2f}x"]


def measure_cover(chosen: Sequence[problems.Problem], engines: Sequence[str], peers: Sequence[str],
                  rounds: int) -> list[CoverRow]:
    """Count every solution of each problem with each engine (building it included, as
    :func:`~sudoku_dlx.cover.problems.count` does) and each peer that imports, taking
    turns problem by problem, ``rounds`` times; CPU seconds, which a shared machine's
    other work touches less than the clock's. All take the same options: a problem's
    givens are chosen first (:func:`_reduced`). A peer that does not import is a row
    saying so."""
    chosen = [_reduced(problem) if problem.given else problem for problem in chosen]
    runs: list[tuple[CoverRow, Callable[[problems.Problem], tuple[int, int | None, int | None]]]] = []
    rows = []
    for engine in engines:
        def run(problem: problems.Problem, engine: str = engine) -> tuple[int, int | None, int | None]:
            counted = problems.count(problem, engine=engine)
            return counted.solutions, counted.stats.tries, counted.stats.updates
        runs.append((CoverRow(engine, len(chosen)), run))
        rows.append(runs[-1][0])
    for name in peers:
        module, count = PEERS[name]
        try:
            __import__(module)
        except ImportError:
            rows.append(CoverRow(name, len(chosen), missing="not installed (pip install -r requirements-bench.txt)"))
            continue

        def run_peer(problem: problems.Problem, count: Callable[[problems.Problem], tuple[int, int | None]] = count
                     ) -> tuple[int, int | None, int | None]:
            return (*count(problem), None)
        runs.append((CoverRow(name, len(chosen), updates=None), run_peer))
        rows.append(runs[-1][0])
    for _ in range(rounds):
        for row, _ in runs:
            row.seconds.append(0.0)
            row.solutions, row.tries, row.updates = 0, 0, 0
        for problem in chosen:
            for row, tally in runs:
                began = time.process_time()
                solutions, tries, updates = tally(problem)
                row.seconds[-1] += time.process_time() - began
                row.solutions += solutions
                row.tries = None if tries is None or row.tries is None else row.tries + tries
                row.updates = None if updates is None or row.updates is None else row.updates + updates
    return rows
