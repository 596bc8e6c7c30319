"""Shared test helpers: the test puzzles (tests/data/, see its PROVENANCE.md) and an independent checker."""

from __future__ import annotations

import os
import sys
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

#: The page's fixtures (a server, Playwright, headless Chromium), one of each per pytest process.
pytest_plugins = ["pagekit"]

ROOT = Path(__file__).resolve().parents[1]
#: The puzzles the tests use, inside the repository (scripts/make_test_data.py wrote them).
DATA = ROOT / "tests" / "data"

#: What the running test (its setup, call and teardown) opened outside the repository and
#: which programs it started; tests/conftest.py fails the test for either (see
#: pytest_runtest_makereport): the tests must run from a clone alone, and the marks hold.
OUTSIDE: list[str] = []
STARTED: list[str] = []

#: The marks that take a test out of the fast tier (registered in pyproject.toml).
TIERS = ("browser", "external", "slow")


def outside_the_repository(path: str) -> bool:
    """True for a path in the repository's parent folder but not in the repository."""
    path = os.path.abspath(path)
    parent = str(ROOT.parent)
    return parent != os.sep and path.startswith(parent + os.sep) and not path.startswith(str(ROOT) + os.sep)


def program_mark(executable: str) -> str | None:
    """The mark a test that starts ``executable`` needs: ``browser`` for Playwright's driver
    (which starts Chromium), ``external`` for Node and Simon Tatham's programs, ``slow`` for
    Dask's scheduler and workers (``dask``: seconds to start), else None."""
    name = os.path.basename(executable)
    if "playwright" in executable or name.startswith("chrom"):
        return "browser"
    if name in ("node", "npm", "npx") or name.startswith("sgt-"):
        return "external"
    if name == "dask":
        return "slow"
    return None


def _watch(event: str, args: tuple) -> None:
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if outside_the_repository(path):
            OUTSIDE.append(path)
    elif event == "subprocess.Popen":
        executable, argv = args[0], args[1]
        first = argv if isinstance(argv, (str, bytes, os.PathLike)) else (argv[0] if argv else "")
        STARTED.append(os.fsdecode(executable or first))


sys.addaudithook(_watch)


def pytest_collection_modifyitems(config, items):
    """Marks each test ``fast`` that is none of ``browser``, ``external``, ``slow`` (the tier a
    developer runs: ``-m fast``), refuses a test that opens Chromium without ``browser``, and
    runs the ``slow`` tests first (in their order): pytest-xdist's work stealing then ends the
    run on short tests, not with one worker alone on a long one."""
    unmarked = [item.nodeid for item in items
                if {"browser", "full_browser"} & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("browser")]
    if unmarked:
        raise pytest.UsageError(f"tests that use the browser fixture without the browser mark: {unmarked}")
    for item in items:
        if not any(item.get_closest_marker(mark) for mark in TIERS):
            item.add_marker(pytest.mark.fast)
    items.sort(key=lambda item: not item.get_closest_marker("slow"))


def pytest_collection_finish(session):
    if OUTSIDE:
        raise pytest.UsageError(f"collecting the tests opened files outside the repository: {sorted(set(OUTSIDE))}")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    OUTSIDE.clear()
    STARTED.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Fails a test that opened files outside the repository, or started a browser or an
    outside program without the mark that says so."""
    report = yield
    if call.when == "teardown" and report.passed:
        missing = sorted({mark for mark in map(program_mark, STARTED) if mark and not item.get_closest_marker(mark)})
        if OUTSIDE:
            report.outcome, report.longrepr = "failed", f"{item.nodeid} opened files outside the repository: {sorted(set(OUTSIDE))}"
        elif missing:
            report.outcome, report.longrepr = "failed", f"{item.nodeid} started {sorted(set(STARTED))} without the marks {missing}"
    return report


def lines(name: str, count: int | None = None, start: int = 0) -> list[str]:
    """Lines of a test data file (a .tsv's header skipped)."""
    with open(DATA / name, encoding="utf-8") as file:
        rows = (line.rstrip("\n") for line in file if line.strip())
        if name.endswith(".tsv"):
            next(rows)
        stop = None if count is None else start + count
        return list(islice(rows, start, stop))


def is_solution(solution: str, puzzle: str, box: tuple[int, int]) -> bool:
    """True if ``solution`` completes ``puzzle`` by the rules (written without the package)."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = box[0] * box[1]
    if len(solution) != n * n or len(puzzle) != n * n:
        return False
    if any(p not in ".0" and p.upper() != s for p, s in zip(puzzle, solution)):
        return False
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    cols = ["".join(row[c] for row in rows) for c in range(n)]
    boxes = [
        "".join(rows[r][c] for r in range(br, br + box[0]) for c in range(bc, bc + box[1]))
        for br in range(0, n, box[0])
        for bc in range(0, n, box[1])
    ]
    return all(sorted(unit) == sorted(symbols[:n]) for unit in rows + cols + boxes)


def techniques_of(module) -> tuple[tuple[float, object], ...]:
    """``(base score, technique)`` for the registry's techniques of one family module, easiest first."""
    from sudoku_dlx.techniques.registry import TECHNIQUES
    return tuple((t.score, t.find) for t in TECHNIQUES if t.find.__module__ == module.__name__)


#: Each symmetry's map of (row, col), written here apart from the package's.
MAPS = {
    "none": lambda r, c, n: (r, c),
    "rotational": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "quarter": lambda r, c, n: (c, n - 1 - r),
    "horizontal": lambda r, c, n: (n - 1 - r, c),
    "vertical": lambda r, c, n: (r, n - 1 - c),
    "diagonal": lambda r, c, n: (c, r),
    "antidiagonal": lambda r, c, n: (n - 1 - c, n - 1 - r),
}


if TYPE_CHECKING:
    from sudoku_dlx.kinds.grid import Puzzle


# The rules of every kind, written without the package, to check the package's answers.

def houses(puzzle: Puzzle) -> list[list[int]]:
    """Every group of cells that must hold different digits, from the kind's rules."""
    n, shape = puzzle.n, puzzle.shape
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    groups = rows + cols
    if shape.regions:
        groups += [[x for x in range(n * n) if shape.regions[x] == region] for region in range(n)]
    elif shape.box_rows:
        br, bc = shape.box_rows, shape.box_cols
        groups += [[(top + r) * n + left + c for r in range(br) for c in range(bc)]
                   for top in range(0, n, br) for left in range(0, n, bc)]
    if puzzle.kind == "x":
        groups += [[k * n + k for k in range(n)], [k * n + n - 1 - k for k in range(n)]]
    if puzzle.kind == "windoku":
        groups += [[(top + r) * 9 + left + c for r in range(3) for c in range(3)] for top in (1, 5) for left in (1, 5)]
    return groups + [list(cage.cells) for cage in puzzle.cages]


def broken_rules(puzzle: Puzzle, digits: list[int]) -> list[str]:
    """What a filled grid ``digits`` breaks of ``puzzle``'s rules (empty: none)."""
    n = puzzle.n
    broken = [f"given {x}" for x, d in enumerate(puzzle.digits) if d and digits[x] != d]
    broken += [f"digits {digits}" for _ in [0] if sorted(set(digits)) != list(range(1, n + 1))]
    broken += [f"repeat in {group}" for group in houses(puzzle) if len({digits[x] for x in group}) != len(group)]
    broken += [f"cage {cage}" for cage in puzzle.cages if sum(digits[x] for x in cage.cells) != cage.sum]
    broken += [f"sign {sign}" for sign in puzzle.signs if digits[sign.greater] <= digits[sign.lesser]]
    for sign in puzzle.signs:
        (rg, cg), (rl, cl) = divmod(sign.greater, n), divmod(sign.lesser, n)
        if abs(rg - rl) + abs(cg - cl) != 1:
            broken.append(f"sign {sign} between non-neighbours")
    return broken
