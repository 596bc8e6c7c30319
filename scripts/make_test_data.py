"""Write tests/data/: the few puzzles the tests need, taken from the public sets.

    python3 scripts/make_test_data.py [SHARED_DATA]   (default: ../shared/data)

The tests read only tests/data/, so a clone of the repository runs them on its own.
Each file is a whole small set or a subset of a large one, lines kept in their
order; tests/data/PROVENANCE.md names the source and licence of each. Running
this again writes the same bytes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "tests" / "data"


def read(source: Path, name: str) -> tuple[list[str], list[str]]:
    """(header lines, puzzle lines) of a set: a .tsv has one header row."""
    rows = [line for line in (source / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    return (rows[:1], rows[1:]) if name.endswith(".tsv") else ([], rows)


def write(name: str, header: list[str], rows: list[str]) -> None:
    path = TARGET / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(header + rows) + "\n", encoding="utf-8")


def sample(rows: list[str], k: int, seed: int) -> list[str]:
    """``k`` rows drawn with ``seed``, in their order in the file."""
    return [rows[i] for i in sorted(random.Random(seed).sample(range(len(rows)), k))]


def main(source: Path) -> None:
    whole = [
        "4x4/vukr_4x4.txt", "4x4/vukr_4x4.solutions.txt",
        "6x6/sukaku6x6explainer_readme_examples.tsv",
        "9x9/norvig_top95.txt", "9x9/norvig_hardest.txt", "9x9/forum_hardest_1106.txt",
        "9x9/hodoku_exemplars_techniques.tsv",
        "25x25/course_tcgaryau_25x25.tsv",
    ]
    for name in whole:
        write(name, *read(source, name))
    _, rows = read(source, "9x9/royle17_49158.txt")
    write("9x9/royle17_sample300.txt", [], sample(rows, 300, 17))
    _, rows = read(source, "9x9/magictour_top1465.txt")
    write("9x9/magictour_sample100.txt", [], sample(rows, 100, 1465))
    _, rows = read(source, "9x9/serg_multi_solution_10000.txt")
    write("9x9/serg_multi_first20.txt", [], rows[:20])
    # Kaggle's file is sorted by level: the first 60 of each level.
    header, rows = read(source, "9x9/kaggle3m_radcliffe_curated5000.tsv")
    kept, per_level = [], {}
    for row in rows:
        level = row.split("\t")[4]
        if per_level.get(level, 0) < 60:
            per_level[level] = per_level.get(level, 0) + 1
            kept.append(row)
    write("9x9/kaggle_sample300.tsv", header, kept)
    # SE-rated: the first 300, then the first 12 of the first 3,000 rated 7.6 or more.
    header, rows = read(source, "9x9/sudoku_exchange_se_dev.tsv")
    hard = [i for i, row in enumerate(rows[:3000]) if float(row.split("\t")[1]) >= 7.6][:12]
    write("9x9/sudoku_exchange_se_sample.tsv", header, [rows[i] for i in sorted(set(range(300)) | set(hard))])
    # ER-rated hardest puzzles: the first two rated 10.3 or less and the first two rated 11.8 or more.
    header, rows = read(source, "9x9/forum_hardest_er_dev.tsv")
    low = [row for row in rows if float(row.split("\t")[1]) <= 10.3][:2]
    high = [row for row in rows if float(row.split("\t")[1]) >= 11.8][:2]
    write("9x9/forum_hardest_er_sample.tsv", header, [row for row in rows if row in low + high])
    for suffix in ("txt", "solutions.txt"):
        _, rows = read(source, f"16x16/vukr_16x16_1000.{suffix}")
        write(f"16x16/vukr_16x16_first100.{suffix}", [], rows[:100])


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data")
