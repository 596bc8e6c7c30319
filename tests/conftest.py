"""Shared test helpers: the test puzzles (tests/data/, see its PROVENANCE.md) and an independent checker."""

from __future__ import annotations

import os
import sys
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The puzzles the tests use, inside the repository (scripts/make_test_data.py wrote them).
DATA = ROOT / "tests" / "data"

#: Files the tests opened beside the repository (in its parent folder, outside it): the
#: tests must run from a clone alone, so any of these fails the run (see pytest_sessionfinish).
OUTSIDE: list[str] = []


def outside_the_repository(path: str) -> bool:
    """True for a path in the repository's parent folder but not in the repository."""
    path = os.path.abspath(path)
    parent = str(ROOT.parent)
    return parent != os.sep and path.startswith(parent + os.sep) and not path.startswith(str(ROOT) + os.sep)


def _watch_opens(event: str, args: tuple) -> None:
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if outside_the_repository(path):
            OUTSIDE.append(path)


sys.addaudithook(_watch_opens)


def pytest_sessionfinish(session, exitstatus):
    if OUTSIDE:
        print(f"\nTests opened files outside the repository: {sorted(set(OUTSIDE))}", file=sys.stderr)
        session.exitstatus = 1


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
