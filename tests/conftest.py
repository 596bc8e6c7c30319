"""Shared test helpers: where the public puzzle sets are, and an independent checker."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

#: ../shared/data beside the project root (CI clones the repo with shared/ beside it).
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def lines(name: str, count: int | None = None, start: int = 0) -> list[str]:
    """Puzzle lines of a shared data file (a .tsv's first column, header skipped)."""
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
