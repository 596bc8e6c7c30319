"""Plain backtracking, the classic solver DLX is compared with (a baseline).

It fills the first blank cell with the first digit no peer holds, moves on,
and steps back when a cell has no digit left. Iterative, with a node cap.
"""

from __future__ import annotations

from ..dlx import SearchStats
from ..grid import Puzzle

__all__ = ["backtrack_solutions"]


def backtrack_solutions(
    puzzle: Puzzle, limit: int = 0, max_nodes: int = 0
) -> tuple[list[tuple[int, ...]], SearchStats, bool]:
    """Completions (at most ``limit``; 0: all), statistics, and whether the search finished.

    ``nodes`` counts digits placed; the search gives up after ``max_nodes`` (0: never).
    """
    shape = puzzle.shape
    n = shape.n
    digits = list(puzzle.digits)
    peers = [tuple(p) for p in shape.peers]
    blanks = [x for x, d in enumerate(digits) if not d]
    stats = SearchStats()
    found: list[tuple[int, ...]] = []
    level = 0
    while level >= 0:
        if level == len(blanks):
            found.append(tuple(digits))
            stats.solutions += 1
            if limit and len(found) >= limit:
                return found, stats, True
            level -= 1
            continue
        cell = blanks[level]
        taken = {digits[p] for p in peers[cell]}
        digit = digits[cell] + 1
        while digit <= n and digit in taken:
            digit += 1
        if digit > n:
            digits[cell] = 0
            level -= 1
            continue
        digits[cell] = digit
        stats.nodes += 1
        if max_nodes and stats.nodes >= max_nodes:
            return found, stats, False
        level += 1
    return found, stats, True
