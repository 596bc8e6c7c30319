"""Count Knuth's classics in full and check the counts against his (run by hand: the
long counts are benchmarks, not tests). Prints one line per problem: the count, the
search's nodes (options tried) and updates, the time, and whether the count is the
published one (Knuth, "Dancing Links", 2000; Langford pairs: OEIS A014552).

    python3 scripts/check_classics.py [NAME-PART ...]

Exits 1 if any count differs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from sudoku_dlx.cover.classics import langford, pentomino  # noqa: E402
from sudoku_dlx.cover.problems import count  # noqa: E402

#: (name, problem builder, the published count).
CHECKS = [
    ("pentomino 3x20", lambda: pentomino("3x20"), 2),
    ("pentomino 3x20 raw", lambda: pentomino("3x20", raw=True), 8),
    ("pentomino 4x15", lambda: pentomino("4x15"), 368),
    ("pentomino 4x15 raw", lambda: pentomino("4x15", raw=True), 1472),
    ("pentomino 5x12", lambda: pentomino("5x12"), 1010),
    ("pentomino 6x10", lambda: pentomino("6x10"), 2339),
    ("pentomino 8x8-hole", lambda: pentomino("8x8-hole"), 65),
    ("pentomino 8x8-hole raw", lambda: pentomino("8x8-hole", raw=True), 520),
    ("langford 11", lambda: langford(11), 17_792),
    ("langford 12", lambda: langford(12), 108_144),
]


def main(parts: list[str]) -> int:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    wrong = 0
    for name, build, published in CHECKS:
        if parts and not any(part in name for part in parts):
            continue
        counted = count(build())
        ok = counted.solutions == published
        wrong += not ok
        print(f"{name:24} {counted.solutions:>8,} solutions ({'ok' if ok else f'published {published:,}'}), "
              f"{counted.stats.nodes:>11,} nodes, {counted.stats.updates:>13,} updates, {counted.ms / 1000:8.1f} s",
              flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
