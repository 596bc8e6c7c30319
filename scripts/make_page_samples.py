"""Write static/data/: the puzzle sets the batch view offers as samples.

    python3 scripts/make_page_samples.py [SHARED_DATA]   (default: ../shared/data)

The page ships these files (build.py dist copies static/), so they stay small: 1,000
of the 49,158 17-clue puzzles (drawn with a fixed seed, kept in file order) and the
whole forum hardest list (375 puzzles). static/data/PROVENANCE.md names their sources
and licences. Running this again writes the same bytes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "static" / "data"


def puzzles(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(source: Path) -> None:
    TARGET.mkdir(parents=True, exist_ok=True)
    royle = puzzles(source / "9x9" / "royle17_49158.txt")
    kept = [royle[i] for i in sorted(random.Random(49158).sample(range(len(royle)), 1000))]
    (TARGET / "royle17_sample1000.txt").write_text("\n".join(kept) + "\n", encoding="utf-8")
    hardest = puzzles(source / "9x9" / "forum_hardest_1106.txt")
    (TARGET / "forum_hardest_1106.txt").write_text("\n".join(hardest) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data")
