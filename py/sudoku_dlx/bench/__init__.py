"""Benchmarks: time solvers on the same puzzles and print a table.

The package also holds the baselines the engine is measured against, used by
benchmarks only: :mod:`.textbook` (a plain DLX), :mod:`.backtrack` (plain
backtracking) and :mod:`.diggers` (clue removal with a fresh uniqueness test
per removal).

The table follows the usual sudoku-solver benchmarks (tdoku's, say): per solver, how many puzzles, mean,
median, min and max milliseconds, mean, median and max search nodes, the share
of puzzles solved without a guess, and the total time as a multiple of the
first solver's, with the command and the machine. Solvers take turns, a few
puzzles each, so a change in the machine's load touches all of them alike while
each still runs with its own data warm in the caches.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..generator import generate, plan
from ..grid import Puzzle
from ..solver import solve
from .backtrack import backtrack_solutions
from .diggers import dig, dig_halving
from .textbook import textbook_solutions

__all__ = ["GENERATORS", "SOLVERS", "GenerationRow", "Row", "machine", "measure", "measure_generation",
           "sample", "table"]


@dataclass
class Row:
    """One solver's results on a set of puzzles."""

    solver: str
    ms: list[float]
    nodes: list[int]
    no_guess: int | None  # None: the solver has no notion of a guess
    unfinished: int
    baseline_ms: float  # the first solver's total time on the same puzzles

    def cells(self) -> list[str]:
        ms, nodes = self.ms, self.nodes
        return [
            self.solver,
            str(len(ms)),
            f"{statistics.fmean(ms):.3f}",
            f"{statistics.median(ms):.3f}",
            f"{min(ms):.3f}",
            f"{max(ms):.3f}",
            f"{statistics.fmean(nodes):.1f}",
            f"{statistics.median(nodes):g}",
            str(max(nodes)),
            "-" if self.no_guess is None else f"{100 * self.no_guess / len(ms):.1f}",
            f"{sum(ms) / 1000:.2f}",
            f"{sum(ms) / self.baseline_ms:.2f}x",
            str(self.unfinished),
        ]


HEADER = ["solver", "puzzles", "mean ms", "median ms", "min ms", "max ms", "mean nodes",
          "median nodes", "max nodes", "no guess %", "total s", "time / first", "unfinished"]


def _dlx(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int | None, bool]:
    result = solve(puzzle, limit)
    return result.stats.nodes, result.stats.guesses, True


def _textbook(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int | None, bool]:
    _, stats = textbook_solutions(puzzle, limit)
    return stats.nodes, stats.guesses, True


def _backtrack(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int | None, bool]:
    _, stats, finished = backtrack_solutions(puzzle, limit, max_nodes)
    return stats.nodes, None, finished


#: name -> function(puzzle, limit, max_nodes) -> (nodes, guesses or None, finished)
SOLVERS: dict[str, Callable[[Puzzle, int, int], tuple[int, int | None, bool]]] = {
    "dlx": _dlx,
    "textbook": _textbook,
    "backtrack": _backtrack,
}


@dataclass
class GenerationRow:
    """One generation method's results for one size."""

    size: int
    method: str
    ms: list[float]
    clues: list[int]
    minimal: int  # how many came out minimal

    def cells(self) -> list[str]:
        ms = self.ms
        return [
            f"{self.size}x{self.size}",
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


GENERATION_HEADER = ["size", "method", "puzzles", "mean ms", "median ms", "min ms", "max ms", "mean clues",
                     "clues", "minimal"]


def _generate_dlx(size: int, symmetry: str, seed: int, budget: float | None) -> tuple[Puzzle, bool]:
    made = generate(size, symmetry, seed, time_budget=budget)
    return made.puzzle, made.minimal


def _generate_halving(size: int, symmetry: str, seed: int, budget: float | None) -> tuple[Puzzle, bool]:
    shape, _, _, solution, order = plan(size, symmetry, seed)
    return dig_halving(shape, solution, order, None if budget is None else time.perf_counter() + budget)


def _digger(method: str) -> Callable[[int, str, int, float | None], tuple[Puzzle, bool]]:
    def run(size: int, symmetry: str, seed: int, budget: float | None) -> tuple[Puzzle, bool]:
        shape, _, _, solution, order = plan(size, symmetry, seed)
        return dig(shape, solution, order, method), True
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
                       budget: float | None) -> list[GenerationRow]:
    """Generate one puzzle per seed with each method, timing each (grid filling included);
    the methods take turns seed by seed, so a change in the machine's load touches all alike."""
    runs = [GENERATORS[method] for method in methods]
    rows = [GenerationRow(size, method, [], [], 0) for method in methods]
    for seed in seeds:
        for run, row in zip(runs, rows):
            start = time.perf_counter()
            puzzle, is_minimal = run(size, symmetry, seed, budget)
            row.ms.append((time.perf_counter() - start) * 1000)
            row.clues.append(puzzle.clues)
            row.minimal += is_minimal
    return rows


def sample(puzzles: Sequence[Puzzle], n: int, seed: int) -> list[Puzzle]:
    """``n`` puzzles drawn at random with ``seed`` (all of them, in order, if n is 0 or too big)."""
    if not n or n >= len(puzzles):
        return list(puzzles)
    return random.Random(seed).sample(list(puzzles), n)


TURN = 20  # puzzles a solver runs before the next one takes its turn


def measure(solvers: Sequence[str], puzzles: Sequence[Puzzle], limit: int, max_nodes: int) -> list[Row]:
    """Run every solver on every puzzle, taking turns of ``TURN`` puzzles; one row per solver.

    A backtracking search over ``max_nodes`` counts as unfinished."""
    runs = [SOLVERS[name] for name in solvers]
    if puzzles:
        for run in runs:
            run(puzzles[0], limit, max_nodes)  # untimed: builds the per-shape tables once
    ms: list[list[float]] = [[] for _ in runs]
    nodes: list[list[int]] = [[] for _ in runs]
    no_guess: list[int | None] = [0] * len(runs)
    unfinished = [0] * len(runs)
    for turn in range(0, len(puzzles), TURN):
        for k, run in enumerate(runs):
            for puzzle in puzzles[turn:turn + TURN]:
                start = time.perf_counter()
                count, guesses, finished = run(puzzle, limit, max_nodes)
                ms[k].append((time.perf_counter() - start) * 1000)
                nodes[k].append(count)
                if guesses is None:
                    no_guess[k] = None
                elif no_guess[k] is not None:
                    no_guess[k] += guesses == 0
                unfinished[k] += not finished
    baseline = sum(ms[0])
    return [Row(name, ms[k], nodes[k], no_guess[k], unfinished[k], baseline) for k, name in enumerate(solvers)]


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


def table(rows: Sequence[Row | GenerationRow], header: Sequence[str] = HEADER) -> str:
    """A Markdown table of the rows."""
    lines = [list(header)] + [row.cells() for row in rows]
    widths = [max(len(line[k]) for line in lines) for k in range(len(header))]
    out = ["| " + " | ".join(cell.rjust(w) for cell, w in zip(line, widths)) + " |" for line in lines]
    out.insert(1, "|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    return "\n".join(out)
