"""How often the rater's techniques find HoDoKu's step on HoDoKu's regression library.

    python3 scripts/hodoku_reglib.py LIBRARY [--codes 0701,07] [--each] [--timeout S]

LIBRARY is HoDoKu's ``reglib-1.4.txt`` (held out from this repository: fetch it from
HoDoKu's sources). Each test is one line ``:code:candidates:grid:deleted:eliminations:
placements:extra``: a grid (``+`` marks a placed digit, the rest are givens), candidates
deleted beyond what the digits rule out, and what HoDoKu's technique ``code`` does there.
Codes ending in ``-x`` are fail cases: the technique must find nothing.

For each test the techniques of the code's family (:data:`FAMILIES`, in registry order)
are tried on the test's position. A test is *found first* when one of them returns, as its
step, exactly HoDoKu's eliminations and placements (a placement counting as the
eliminations of its cell's other candidates: :func:`effect`); *found among all* when
HoDoKu's step is one of every step the technique finds there (:meth:`Technique.every`),
which is what HoDoKu's own tester asks of HoDoKu (it lists all the steps of the technique
and looks for the test's; several tests share a grid and name different steps);
*other* when neither; *none* when they find nothing. *Unsound* counts steps (of all
those found) that remove a digit of the grid's solution or place a wrong one (on grids
with one solution). Tests of codes with no family here are counted as *missing*. Prints
a line per code and the totals.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from sudoku_dlx import parse, solve  # noqa: E402
from sudoku_dlx.techniques.position import Position, Search  # noqa: E402
from sudoku_dlx.techniques.registry import TECHNIQUES  # noqa: E402

#: HoDoKu's library codes (the part before any ``-variant``) -> the registry names of the
#: techniques that stand for them here.
FAMILIES: dict[str, tuple[str, ...]] = {
    "0000": ("Full house",), "0002": ("Hidden single",), "0003": ("Naked single",),
    "0100": ("Pointing",), "0101": ("Claiming",), "0110": ("Naked pair",), "0111": ("Naked triple",),
    "0200": ("Naked pair",), "0201": ("Naked triple",), "0202": ("Naked quad",),
    "0210": ("Hidden pair",), "0211": ("Hidden triple",), "0212": ("Hidden quad",),
    "0300": ("X-wing",), "0301": ("Swordfish",), "0302": ("Jellyfish",),
    **{code: ("Finned X-wing",) for code in ("0310", "0320")},
    **{code: ("Finned swordfish",) for code in ("0311", "0321", "03111", "03211")},
    **{code: ("Finned jellyfish",) for code in ("0312", "0322", "03121", "03221")},
    **{code: ("Franken fish",) for code in ("0330", "0331", "0332", "0340", "0341", "0342", "03411", "03421")},
    **{code: ("Mutant fish",) for code in ("0350", "0351", "0352", "0360", "0361", "0362", "03621")},
    **{code: ("Skyscraper, two-string kite, turbot fish",) for code in ("0400", "0401", "0403", "0404")},
    **{code: ("Empty rectangle",) for code in ("0402", "0405")},
    **{code: ("Simple colouring",) for code in ("0500", "0501")},
    "0502": ("Multi-colours",), "0503": ("Multi-colours",),
    "0600": ("Unique rectangle type 1",), "0601": ("Unique rectangle type 2",),
    "0602": ("Unique rectangle type 3",), "0603": ("Unique rectangle type 4",),
    "0604": ("Unique rectangle type 2",), "0605": ("Unique rectangle type 6",),
    "0606": ("Hidden rectangle",), "0607": ("Avoidable rectangle",), "0608": ("Avoidable rectangle",),
    "0610": ("BUG+1",),
    "0701": ("X-chain", "Forcing X-chain, X-cycle"),
    "0702": ("XY-chain",),
    "0703": ("Remote pairs",),
    **{code: ("Forcing X-chain, X-cycle", "AIC, XY-chain, nice loop") for code in ("0706", "0707", "0708")},
    **{code: ("Grouped AIC",) for code in ("0709", "0710", "0711")},
    "0800": ("XY-wing",), "0801": ("XYZ-wing",), "0802": ("WXYZ-wing",), "0803": ("W-wing",),
    "0901": ("ALS-XZ",), "0902": ("ALS-XY-wing",), "0903": ("ALS chain",), "0904": ("Death blossom",),
    "1101": ("Sue de Coq",),
    "1201": ("Templates",), "1202": ("Templates",),
    **{code: ("Forcing chains", "Dynamic forcing chains") for code in ("1301", "1302", "1303", "1304")},
}


def candidates(text: str) -> set[tuple[int, int]]:
    """``(cell, digit)`` pairs of a library field: ``<digit><row><col>`` separated by blanks."""
    return {((int(word[1]) - 1) * 9 + int(word[2]) - 1, int(word[0])) for word in text.split()}


def position_of(grid: str, deleted: str) -> tuple[Position, tuple[int, ...] | None]:
    """The test's position (with a search that knows the givens and the solution), and the
    solution when the grid has exactly one."""
    digits = grid.replace("+", "")
    result = solve(parse(digits))
    solution = result.solutions[0].digits if result.status == "unique" else None
    givens, placed = [0] * 81, 0
    cell = 0
    for ch in grid:
        if ch == "+":
            placed = 1
            continue
        givens[cell] = 0 if placed or ch == "." else int(ch)
        placed = 0
        cell += 1
    position = Position.from_puzzle(parse(digits))
    position.search = Search(solution=solution, givens=tuple(givens))
    for cell, digit in candidates(deleted):
        position.eliminate(cell, digit)
    return position, solution


def effect(position: Position, placements, eliminations) -> set[tuple[int, int]]:
    """What a step removes from the cells' candidates: its eliminations, and for each
    placement the other candidates of its cell (HoDoKu writes a discontinuous nice loop
    that proves a digit as the eliminations of the cell's other digits)."""
    return set(eliminations) | {(x, e) for x, d in placements for e in position.digits(x) if e != d}


def unsound(step, solution) -> bool:
    return solution is not None and (any(solution[x] == d for x, d in step.eliminations)
                                     or any(solution[x] != d for x, d in step.placements))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--codes", default="", help="comma-separated code prefixes to test (default: all)")
    parser.add_argument("--each", action="store_true", help="print every test that is not found")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per technique and test")
    args = parser.parse_args()
    prefixes = [p for p in args.codes.split(",") if p]
    techniques = {t.name: t for t in TECHNIQUES}
    tally: dict[str, Counter] = defaultdict(Counter)
    ms: dict[str, float] = defaultdict(float)
    for line in args.library.read_text(encoding="utf-8").splitlines():
        if not line.startswith(":"):
            continue
        fields = (line.split(":") + [""] * 8)[1:8]
        code, _, grid, deleted, eliminated, placed = fields[:6]
        base, _, variant = code.partition("-")
        if prefixes and not any(code.startswith(p) for p in prefixes):
            continue
        names = FAMILIES.get(base, ())
        if not all(name in techniques for name in names) or not names:
            tally[code]["missing"] += 1
            continue
        position, solution = position_of(grid, deleted)
        expected = effect(position, candidates(placed), candidates(eliminated))
        outcome, told = "none", ""
        start = time.perf_counter()
        for name in names:
            play = position.copy()
            play.search.deadline = time.perf_counter() + args.timeout
            try:
                step = techniques[name].find(play)
                steps = techniques[name].every(play)
            except TimeoutError:
                outcome, told = "timeout" if outcome == "none" else outcome, f"{name} ran past {args.timeout} s"
                continue
            tally[code]["unsound"] += sum(unsound(s, solution) for s in steps)
            if step is not None and effect(play, step.placements, step.eliminations) == expected:
                outcome = "first"
                break
            if any(effect(play, s.placements, s.eliminations) == expected for s in steps):
                outcome = "all"
            elif step is not None and outcome == "none":
                outcome, told = "other", f"{step.technique}: {step.text}"
        ms[code] += (time.perf_counter() - start) * 1000
        if variant == "x":
            outcome = "first" if outcome in ("none", "timeout") else "other"
        tally[code][outcome] += 1
        if args.each and outcome != "first":
            print(f"  {line}\n    {outcome}: {told}", flush=True)
    total = Counter()
    print(f"{'code':8} {'tests':>5} {'first':>5} {'all':>5} {'other':>5} {'none':>5} {'unsound':>7} {'ms':>8}  family")
    for code in sorted(tally):
        row = tally[code]
        tests = sum(row[k] for k in ("first", "all", "other", "none", "timeout", "missing"))
        total.update(row)
        total["tests"] += tests
        family = ", ".join(FAMILIES.get(code.partition("-")[0], ("-",)))
        print(f"{code:8} {tests:5} {row['first']:5} {row['all']:5} {row['other']:5} {row['none'] + row['timeout']:5} "
              f"{row['unsound']:7} {ms[code]:8.0f}  {family}{' (missing)' if row['missing'] else ''}")
    have = total["tests"] - total["missing"]
    print(f"\n{total['tests']} tests; {total['missing']} of codes with no technique here; of the other {have}: "
          f"{total['first']} found first ({100 * total['first'] / max(have, 1):.1f}%), "
          f"{total['first'] + total['all']} found among all steps ({100 * (total['first'] + total['all']) / max(have, 1):.1f}%), "
          f"{total['other']} other step, {total['none'] + total['timeout']} nothing ({total['timeout']} past the timeout), "
          f"{total['unsound']} unsound steps")

if __name__ == "__main__":
    main()
