"""Times generation of every kind and size the page offers, with the page's time budget, and
checks each puzzle claimed minimal on its own. Not a test: it prints a Markdown table.

    python3 scripts/bench_generation.py [--n 10] [--only futoshiki:8-16,x:16] [--py DIR ...]
                                        [--no-check | --reach SECONDS | --grades]

For each kind and size (``KIND[kind].sizes``, which static/kinds.js's KIND_SIZES mirrors)
it generates seeds 1..N (a futoshiki with symmetry none, the others random, as the page's
default) with the budget the page's Generate passes (static/views/play/ask.js: the
package's default, a shorter one from its ``LARGE`` size on) and reports the median and
the longest time (grid filling included), the clues, how many the generator claims
minimal and how many of those the check confirms: removing any given orbit, or any sign,
leaves two solutions, counted by the kinds' solver (up to :data:`CHECK_SECONDS` a puzzle;
past it the puzzle counts as unchecked). A puzzle whose check finds a clue that may go, or
that has not exactly one solution, stops the run.

``--py`` names the package folders to time (default this checkout's ``py``); with two or
more (say a baseline made by ``git worktree add``), each runs in a process of its own and
they take turns seed by seed, so a change in the machine's load touches all alike.

``--reach SECONDS`` tabulates instead how often each grade comes up: puzzles made and rated
(both with the page's budget) up to N or SECONDS per kind and size, each grade's share and the
chance that ``generate(difficulty=...)`` makes one within the budget, beside the grades the page
offers (static/kinds.js's table). ``--grades`` runs ``generate(difficulty=...)`` itself for each
grade offered, seeds 1..N: how many made that grade, and how long they took.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seconds the check of one puzzle may take before it counts as unchecked.
CHECK_SECONDS = 120.0


def page_budget(n: int, default: float) -> float:
    """The budget (seconds) the page's Generate passes for an ``n`` x ``n`` grid (ask.js)."""
    text = (ROOT / "static/views/play/ask.js").read_text(encoding="utf-8")
    large = int(re.search(r"const LARGE = (\d+);", text).group(1))
    large_budget = float(re.search(r"const LARGE_BUDGET = (\d+);", text).group(1))
    return large_budget if n >= large else default


def offered_grades(kind: str, n: int, grades: list[str]) -> list[str]:
    """The grades the page offers for ``kind`` and ``n`` (kinds.js's EASIEST, gradesOf)."""
    text = (ROOT / "static/kinds.js").read_text(encoding="utf-8")
    table = re.search(r"const EASIEST = (\{.*?\});\n", text, re.S).group(1)
    easiest = json.loads(re.sub(r"(\w+):", r'"\1":', table))
    return grades[grades.index(easiest.get(kind, {}).get(str(n), grades[0])):]


# --- The worker: one package, one process ---------------------------------------------------

def serve() -> None:
    """Answer requests (JSON lines on standard input) with the package on ``sys.path``."""
    from sudoku_dlx.generator import DEFAULT_BUDGET, generate, orbits
    from sudoku_dlx.kinds.solver import solutions
    from sudoku_dlx.rating import GRADES, rate

    def count(puzzle, deadline: float) -> int | None:
        found, stats = solutions(puzzle, 2, stop=lambda stats: time.perf_counter() > deadline)
        return None if stats.stopped else len(found)

    def check(made) -> str:
        """"minimal", "false" (a clue may go), "unchecked" (past CHECK_SECONDS); raises if
        the puzzle has not one solution."""
        puzzle, deadline = made.puzzle, time.perf_counter() + CHECK_SECONDS
        counted = count(puzzle, deadline)
        if counted is None:
            return "unchecked"
        if counted != 1:
            raise AssertionError(f"{made.record()['puzzle']}: {counted} solutions")
        digits = puzzle.digits
        fewer = [puzzle.with_digits(tuple(0 if x in orbit else d for x, d in enumerate(digits)))
                 for orbit in orbits(puzzle.n, made.symmetry) if digits[orbit[0]]]
        fewer += [replace(puzzle, signs=tuple(s for s in puzzle.signs if s != sign)) for sign in puzzle.signs]
        for other in fewer:
            counted = count(other, deadline)
            if counted is None:
                return "unchecked"
            if counted < 2:
                return "false"
        return "minimal"

    print(json.dumps({"default": DEFAULT_BUDGET, "grades": [name for name, _ in GRADES]}), flush=True)
    for line in sys.stdin:
        ask = json.loads(line)
        symmetry = "none" if ask["kind"] == "futoshiki" else "random"
        start = time.perf_counter()
        made = generate(ask["size"], symmetry, ask["seed"], budget=ask["budget"], kind=ask["kind"],
                        difficulty=ask.get("difficulty"))
        seconds = time.perf_counter() - start
        answer = {"s": seconds, "clues": made.clues + len(made.puzzle.signs), "minimal": made.minimal,
                  "status": made.status, "grade": made.grade}
        if ask.get("check") and made.minimal:
            answer["check"] = check(made)
        if ask.get("rate"):
            start = time.perf_counter()
            try:
                answer["rated"] = rate(made.puzzle, start + ask["budget"]).grade
            except TimeoutError:
                answer["rated"] = None
            answer["rate_s"] = time.perf_counter() - start
        print(json.dumps(answer), flush=True)


class Worker:
    """A process serving one package folder."""

    def __init__(self, py: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(py.resolve()))
        self.py = py
        self.process = subprocess.Popen([sys.executable, __file__, "--serve"], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.hello = json.loads(self.process.stdout.readline())

    def ask(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker of {self.py} stopped (see above)")
        return json.loads(line)


# --- The tables -------------------------------------------------------------------------------

def cells(only: str | None, sizes_of: dict[str, tuple[int, ...]]) -> list[tuple[str, int]]:
    """(kind, size) of every kind and size, or of those ``only`` names: ``kind`` or ``kind:4-9,12``."""
    if not only:
        return [(kind, n) for kind, sizes in sizes_of.items() for n in sizes]
    found = []
    for part in only.split(","):
        kind, _, sizes = part.partition(":")
        if kind not in sizes_of:
            raise SystemExit(f"--only: unknown kind {kind!r}; kinds are {', '.join(sizes_of)}")
        if not sizes:
            found += [(kind, n) for n in sizes_of[kind]]
            continue
        for piece in sizes.split(";") if ";" in sizes else [sizes]:
            low, _, high = piece.partition("-")
            found += [(kind, n) for n in sizes_of[kind] if int(low) <= n <= int(high or low)]
    return found


def checked(checks: list[str | None]) -> str:
    """How many the check confirmed minimal, and how many it found a clue of that may go or could not finish."""
    said = [f"{checks.count(word)} {name}" for word, name in (("false", "NOT minimal"), ("unchecked", "unchecked"))
            if word in checks]
    return str(checks.count("minimal")) + (f" ({', '.join(said)})" if said else "")


def in_turns(workers: list[Worker], n: int, **asked) -> list[list[dict]]:
    """Seeds 1..``n`` asked of the workers in turn, seed by seed: each worker's answers."""
    runs: list[list[dict]] = [[] for _ in workers]
    for seed in range(1, n + 1):
        for worker, found in zip(workers, runs):
            found.append(worker.ask(seed=seed, **asked))
    return runs


def times(workers: list[Worker], todo: list[tuple[str, int]], default: float, n: int, check: bool) -> None:
    """The timing table: seeds 1..``n`` of each kind and size, the packages in turns."""
    print("| kind | size | budget s | package | median s | max s | over 2 s | over 5 s | clues | claimed minimal "
          "| checked minimal |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|")
    for kind, size in todo:
        budget = page_budget(size, default)
        for k, found in enumerate(in_turns(workers, n, kind=kind, size=size, budget=budget, check=check)):
            seconds = [run["s"] for run in found]
            clues = [run["clues"] for run in found]
            row = [kind, str(size), f"{budget:g}", str(k + 1), f"{statistics.median(seconds):.2f}",
                   f"{max(seconds):.2f}", str(sum(s > 2 for s in seconds)), str(sum(s > 5 for s in seconds)),
                   f"{min(clues)}-{max(clues)}", str(sum(run["minimal"] for run in found)),
                   checked([run.get("check") for run in found]) if check else "-"]
            print("| " + " | ".join(row) + " |", flush=True)


def reach(worker: Worker, todo: list[tuple[str, int]], default: float, n: int, seconds: float, grades: list[str]) -> None:
    """The grades table: puzzles made (the page's budget) and rated (the same budget), seeds 1 on
    until ``n`` or ``seconds``; each grade's share, and the chance that ``generate(difficulty=...)``,
    which makes and rates puzzles in turn, makes one within the budget: 1 - (1 - share) ** (budget /
    seconds a puzzle)."""
    print("| kind | size | budget s | puzzles | s a puzzle | " + " | ".join(grades) + " | unrated | offered |")
    print("|---|---:|---:|---:|---:|" + "---:|" * (len(grades) + 1) + "---|")
    for kind, size in todo:
        budget = page_budget(size, default)
        found: list[dict] = []
        start = time.perf_counter()
        while len(found) < n and (time.perf_counter() - start < seconds or not found):
            found.append(worker.ask(kind=kind, size=size, seed=len(found) + 1, budget=budget, rate=True))
        each = statistics.fmean(run["s"] + run["rate_s"] for run in found)
        cells = []
        for grade in grades + [None]:
            share = sum(run["rated"] == grade for run in found) / len(found)
            cells.append(f"{share:.0%}" + (f" ({1 - (1 - share) ** (budget / each):.0%})" if grade and share else ""))
        print(f"| {kind} | {size} | {budget:g} | {len(found)} | {each:.2f} | " + " | ".join(cells)
              + f" | {', '.join(offered_grades(kind, size, grades))} |", flush=True)


def made(workers: list[Worker], todo: list[tuple[str, int]], default: float, n: int, grades: list[str]) -> None:
    """The difficulty table: ``generate(difficulty=grade)`` with the page's budget, seeds 1..``n``,
    for each grade the page offers of each kind and size (the packages in turns)."""
    print("| kind | size | grade | package | made of that grade | median s | max s |")
    print("|---|---:|---|---|---:|---:|---:|")
    for kind, size in todo:
        budget = page_budget(size, default)
        for grade in offered_grades(kind, size, grades):
            for k, found in enumerate(in_turns(workers, n, kind=kind, size=size, budget=budget, difficulty=grade)):
                seconds = [run["s"] for run in found]
                print(f"| {kind} | {size} | {grade} | {k + 1} | {sum(run['grade'] == grade for run in found)} of "
                      f"{len(found)} | {statistics.median(seconds):.2f} | {max(seconds):.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10, help="seeds 1..N per kind and size (and grade)")
    parser.add_argument("--only", help="kinds and sizes: futoshiki:8-16,x:16 (default every one the page offers)")
    parser.add_argument("--py", type=Path, action="append", help="a package folder to time (repeatable)")
    parser.add_argument("--no-check", action="store_true", help="skip the minimality check")
    parser.add_argument("--reach", type=float, metavar="SECONDS",
                        help="instead: the share of each grade, up to N puzzles or SECONDS per kind and size")
    parser.add_argument("--grades", action="store_true", help="instead: generate each grade the page offers")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    sys.path.insert(0, str(ROOT / "py"))
    from sudoku_dlx.bench import machine
    from sudoku_dlx.kinds.kind import KIND

    workers = [Worker(py) for py in args.py or [ROOT / "py"]]
    default, grades = workers[0].hello["default"], workers[0].hello["grades"]
    todo = cells(args.only, {name: kind.sizes for name, kind in KIND.items()})
    print(f"machine: {machine()}; nproc {os.cpu_count()}")
    for k, worker in enumerate(workers):
        head = subprocess.run(["git", "-C", str(worker.py), "log", "-1", "--format=%h %s"], capture_output=True,
                              text=True).stdout.strip()
        print(f"package {k + 1}: {worker.py.resolve()} ({head})")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    if args.reach is not None:
        reach(workers[0], todo, default, args.n, args.reach, grades)
    elif args.grades:
        made(workers, todo, default, args.n, grades)
    else:
        times(workers, todo, default, args.n, not args.no_check)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
