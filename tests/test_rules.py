"""The variant rules (sudoku_dlx.rules): the solver's counts against brute force.

The checker here is written apart from the rules' own ``broken``: each rule's meaning
is said again below from its fields. On 4x4 and 6x6 grids the test lists every grid
that keeps the units (by a plain backtracker), keeps those the checker passes, and
asks the solver for the same solutions, for random sets of rules.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from sudoku_dlx import cli, web
from sudoku_dlx.kinds.grid import InvalidPuzzleError, shape_for
from sudoku_dlx.kinds.read import LINK_UNREAD
from sudoku_dlx.rules.link import read_link
from sudoku_dlx.rules import solve
from sudoku_dlx.rules.solve import Grid, VariantPuzzle, narrow, probe, solutions
from sudoku_dlx.rules.table import READERS, rules_of
from sudoku_dlx.rules.antiking import AntiKing
from sudoku_dlx.rules.antiknight import AntiKnight
from sudoku_dlx.rules.arrow import Arrow
from sudoku_dlx.rules.base import Rule, Unsolvable, mask_of, narrow_sum, sum_needs
from sudoku_dlx.rules.betweenline import BetweenLine
from sudoku_dlx.rules.clone import Clone
from sudoku_dlx.rules.diagonal import Diagonal
from sudoku_dlx.rules.disjointgroups import DisjointGroups
from sudoku_dlx.rules.entropic import EntropicLine
from sudoku_dlx.rules.extraregion import ExtraRegion
from sudoku_dlx.rules.extremes import Extreme
from sudoku_dlx.rules.indexer import ColumnIndexer
from sudoku_dlx.rules.killercage import KillerCage
from sudoku_dlx.rules.kropki import Dot, NoDot
from sudoku_dlx.rules.littlekiller import LittleKiller
from sudoku_dlx.rules.nonconsecutive import NonConsecutive
from sudoku_dlx.rules.palindrome import Palindrome
from sudoku_dlx.rules.parity import Parity
from sudoku_dlx.rules.quadruple import Quadruple
from sudoku_dlx.rules.regionsum import RegionSumLine
from sudoku_dlx.rules.renban import Renban
from sudoku_dlx.rules.sandwich import Sandwich
from sudoku_dlx.rules.skyscraper import Skyscraper
from sudoku_dlx.rules.thermometer import Thermometer
from sudoku_dlx.rules.whispers import Whispers
from sudoku_dlx.rules.xsum import XSum
from sudoku_dlx.rules.xv import XV, NoXV


def rc(x, n):
    return divmod(x, n)


def touching(a, b, n, corners=False):
    (ra, ca), (rb, cb) = rc(a, n), rc(b, n)
    return (abs(ra - rb) + abs(ca - cb) == 1) or corners and abs(ra - rb) == abs(ca - cb) == 1


def pairs_of_cells(n):
    return itertools.combinations(range(n * n), 2)


def keeps(rule, g, n) -> bool:
    """Whether the full grid ``g`` keeps ``rule``: each meaning said from scratch."""
    match rule:
        case Diagonal(rising=rising):
            cells = [g[r * n + (n - 1 - r if rising else r)] for r in range(n)]
            return len(set(cells)) == n
        case ExtraRegion(region=cells):
            return len({g[x] for x in cells}) == len(cells)
        case Renban(line=cells):
            held = sorted(g[x] for x in cells)
            return len(set(held)) == len(held) and held[-1] - held[0] == len(held) - 1
        case KillerCage(cage=cells, total=total):
            return len({g[x] for x in cells}) == len(cells) and (total is None or sum(g[x] for x in cells) == total)
        case AntiKnight():
            return all(g[a] != g[b] for a, b in pairs_of_cells(n)
                       if sorted(map(abs, (rc(a, n)[0] - rc(b, n)[0], rc(a, n)[1] - rc(b, n)[1]))) == [1, 2])
        case AntiKing():
            return all(g[a] != g[b] for a, b in pairs_of_cells(n) if touching(a, b, n, corners=True))
        case NonConsecutive(dotted=dotted):
            return all(abs(g[a] - g[b]) != 1 for a, b in pairs_of_cells(n) if touching(a, b, n) and (a, b) not in dotted)
        case Parity(cell=x, odd=odd):
            return g[x] % 2 == odd
        case Extreme(marked=marked, least=least):
            return all(g[x] < g[y] if least else g[x] > g[y] for x in marked for y in range(n * n)
                       if touching(x, y, n) and y not in marked)
        case Thermometer(line=line):
            return all(g[a] < g[b] for a, b in zip(line, line[1:]))
        case Arrow(circle=circle, line=line):
            number = int("".join(str(g[x]) for x in circle))
            return sum(g[x] for x in line) == number
        case Dot(a=a, b=b, white=white, value=v):
            x, y = g[a], g[b]
            return abs(x - y) == v if white else max(x, y) == v * min(x, y)
        case NoDot(dotted=dotted, differences=diffs, ratios=ratios):
            return all(not any(abs(g[a] - g[b]) == v for v in diffs)
                       and not any(max(g[a], g[b]) == v * min(g[a], g[b]) for v in ratios)
                       for a, b in pairs_of_cells(n) if touching(a, b, n) and (a, b) not in dotted)
        case XV(a=a, b=b, letter=letter):
            return g[a] + g[b] == {"X": 10, "V": 5}[letter]
        case NoXV(marked=marked):
            return all(g[a] + g[b] not in (5, 10) for a, b in pairs_of_cells(n) if touching(a, b, n) and (a, b) not in marked)
        case LittleKiller(diagonal=cells, total=total):
            return sum(g[x] for x in cells) == total
        case Sandwich(line=line, total=total):
            held = [g[x] for x in line]
            i, j = sorted((held.index(1), held.index(n)))
            return sum(held[i + 1:j]) == total
        case XSum(line=line, total=total):
            return sum(g[x] for x in line[:g[line[0]]]) == total
        case Skyscraper(line=line, seen=seen):
            return sum(1 for i, x in enumerate(line) if all(g[y] < g[x] for y in line[:i])) == seen
        case Palindrome(line=line):
            return [g[x] for x in line] == [g[x] for x in reversed(line)]
        case Whispers(line=line, gap=gap):
            return all(abs(g[a] - g[b]) >= gap for a, b in zip(line, line[1:]))
        case BetweenLine(line=line):
            low, high = sorted((g[line[0]], g[line[-1]]))
            return all(low < g[x] < high for x in line[1:-1])
        case Clone(one=one, other=other):
            return all(g[a] == g[b] for a, b in zip(one, other))
        case Quadruple(corner=cells, digits=digits):
            return not Counter(digits) - Counter(g[x] for x in cells)
        case ColumnIndexer(marked=marked):  # d in column c of row r: column d of row r holds c
            return all(g[x // n * n + g[x] - 1] == x % n + 1 for x in marked)
        case EntropicLine(line=line):  # each window of three (or the whole of a shorter line): one digit a third
            groups = [(g[x] - 1) // (n // 3) for x in line]
            return all(len(set(groups[i:i + 3])) == len(groups[i:i + 3]) for i in range(max(1, len(line) - 2)))
        case RegionSumLine(line=line):
            rows, cols = shape_for(n).box_rows, shape_for(n).box_cols
            sums: Counter[int] = Counter()
            for x in line:
                sums[x // n // rows * rows + x % n // cols] += g[x]
            return len(set(sums.values())) == 1
        case DisjointGroups(rows=rows, cols=cols):
            return all(len({g[r * n + c] for r in range(i, n, rows) for c in range(j, n, cols)}) == n
                       for i in range(rows) for j in range(cols))
    raise AssertionError(f"no check for {rule!r}")


def latin_grids(n, givens=None):
    """Every grid of ``n`` by ``n`` boxes (shape_for's) that keeps its units, holding ``givens``."""
    shape = shape_for(n)
    units_of = shape.units_of
    units = shape.units
    g = list(givens or [0] * n * n)
    order = [x for x in range(n * n) if not g[x]]

    def fits(x, d):
        return all(g[y] != d for u in units_of[x] for y in units[u] if y != x)

    def fill(k):
        if k == len(order):
            yield tuple(g)
            return
        x = order[k]
        for d in range(1, n + 1):
            if fits(x, d):
                g[x] = d
                yield from fill(k + 1)
                g[x] = 0

    yield from fill(0)


GRIDS4 = list(latin_grids(4))


def random_line(rng, n, length):
    x = rng.randrange(n * n)
    line = [x]
    while len(line) < length:
        r, c = divmod(line[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in line]
        if not steps:
            break
        line.append(rng.choice(steps))
    return tuple(line)


def random_rules(rng, n, solution, count):
    """``count`` random rules that ``solution`` keeps (so that no count is 0)."""
    rules = []
    while len(rules) < count:
        rule = random_rule(rng, n, solution)
        if keeps(rule, solution, n):
            rules.append(rule)
    return tuple(rules)


def random_rule(rng, n, solution):
    """A random rule, made to fit ``solution`` where a rule has a value."""
    kind = rng.randrange(24)
    pair = rng.choice([(a, b) for a, b in pairs_of_cells(n) if touching(a, b, n)])
    line = random_line(rng, n, rng.randint(2, 4))
    s = solution
    match kind:
        case 0: return Diagonal(rng.random() < 0.5)
        case 1: return AntiKing()
        case 2: return AntiKnight()
        case 3: return NonConsecutive()
        case 4: return Parity(rng.randrange(n * n), rng.random() < 0.5)
        case 5: return Extreme(tuple(rng.sample(range(n * n), rng.randint(1, 2))), rng.random() < 0.5)
        case 6: return Thermometer(tuple(sorted(line, key=lambda x: s[x])))
        case 7: return Arrow(line[:1], line[1:]) if n > 4 else KillerCage(line, sum(s[x] for x in line))
        case 8: return Dot(*pair, True, abs(s[pair[0]] - s[pair[1]]) or 1)
        case 9: return Dot(*pair, False, 2)
        case 10: return XV(*pair, rng.choice("XV"))
        case 11: return KillerCage(tuple(sorted(set(line))), sum(s[x] for x in set(line)) if rng.random() < 0.8 else None)
        case 12:
            cells = tuple(r * n + r + 1 for r in range(n - 1))  # a diagonal from outside
            return LittleKiller(cells, sum(s[x] for x in cells))
        case 13:
            row = rng.randrange(n)
            held = [s[row * n + c] for c in range(n)]
            i, j = sorted((held.index(1), held.index(n)))
            return Sandwich(tuple(range(row * n, row * n + n)), sum(held[i + 1:j]), f"row {row + 1}")
        case 14: return Palindrome(line)
        case 15: return Whispers(line, 2 if n == 4 else 3)
        case 16: return BetweenLine(line) if len(line) > 2 else Renban(line)
        case 17: return Renban(line)
        case 21:
            if n % 3:
                return Renban(line)
            return EntropicLine(line, n // 3)
        case 23: return ColumnIndexer(tuple(sorted(rng.sample(range(0, n * n, n), rng.randint(1, 2)))))
        case 22: return RegionSumLine.read(SimpleNamespace(lines=(line,)), n, (shape_for(n).box_rows, shape_for(n).box_cols))[0]
        case 19 | 20:
            start = rng.randrange(n)
            sight = [tuple(range(start * n, start * n + n)), tuple(range(start, n * n, n))][rng.randrange(2)]
            sight = sight[::-1] if rng.random() < 0.5 else sight
            if kind == 19:
                return XSum(sight, sum(s[x] for x in sight[:s[sight[0]]]), "a line")
            return Skyscraper(sight, sum(1 for i, x in enumerate(sight) if all(s[y] < s[x] for y in sight[:i])), "a line")
        case _:
            corner = rng.randrange(n - 1) * n + rng.randrange(n - 1)
            cells = (corner, corner + 1, corner + n, corner + n + 1)
            return Quadruple(cells, tuple(sorted(rng.sample([s[x] for x in cells], 2))))


def random_case4(seed):
    """A random 4x4 case: rules its ``solution`` keeps, some of its digits as ``givens``, and
    every grid (by brute force) that holds the givens and keeps the rules, sorted."""
    rng = random.Random(seed)
    n = 4
    solution = rng.choice(GRIDS4)
    rules = random_rules(rng, n, solution, rng.randint(1, 3))
    givens = tuple(d if rng.random() < 0.15 else 0 for d in solution)
    expected = sorted(g for g in GRIDS4 if all(g[x] == d for x, d in enumerate(givens) if d)
                      and all(keeps(rule, g, n) for rule in rules))
    return solution, rules, givens, expected


@pytest.mark.parametrize("seed", range(60))
def test_counts_equal_brute_force_on_4x4(seed):
    solution, rules, givens, expected = random_case4(seed)
    found, _ = solutions(VariantPuzzle(Grid(shape_for(4), rules), givens))
    assert sorted(found) == expected and solution in found, rules


@pytest.mark.parametrize("seed", range(25))
def test_counts_equal_brute_force_on_6x6(seed):
    rng = random.Random(1000 + seed)
    n = 6
    base = list(next(latin_grids(6)))
    digits = list(range(1, 7))
    rng.shuffle(digits)
    solution = tuple(digits[d - 1] for d in base)  # a relabelled grid
    rules = random_rules(rng, n, solution, rng.randint(2, 4))
    givens = tuple(d if rng.random() < 0.45 else 0 for d in solution)
    expected = sorted(g for g in latin_grids(6, givens) if all(keeps(rule, g, n) for rule in rules))
    found, _ = solutions(VariantPuzzle(Grid(shape_for(n), rules), givens))
    assert sorted(found) == expected and solution in found, rules


def test_disjoint_groups_and_extra_regions_on_4x4():
    n = 4
    for rules in [(DisjointGroups(2, 2),), (ExtraRegion((0, 5, 10)),), (DisjointGroups(2, 2), Diagonal(True))]:
        expected = sorted(g for g in GRIDS4 if all(keeps(rule, g, n) for rule in rules))
        found, _ = solutions(VariantPuzzle(Grid(shape_for(n), rules), (0,) * 16))
        assert sorted(found) == expected and expected


def clue(key, cells=(), lines=(), value="", outside=None, direction=""):
    return SimpleNamespace(key=key, cells=tuple(cells), lines=tuple(tuple(line) for line in lines),
                           value=value, outside=outside, direction=direction)


@pytest.mark.parametrize("bad, words", [
    (clue("thermometer", lines=[(0, 1, 1)]), "passes r1c2 twice"),
    (clue("thermometer", lines=[(0, 2)]), "jumps from r1c1 to r1c3"),
    (clue("killercage", cells=(0, 1), value="30"), "cannot add up to 30"),
    (clue("killercage", cells=(0, 81)), "outside the 9x9 grid"),
    (clue("arrow", cells=(0,)), "has no line"),
    (clue("arrow", cells=(0,), lines=[(1, 2)]), "does not start in its circle"),
    (clue("xv", cells=(0, 1), value="Y"), "X or V"),
    (clue("difference", cells=(0, 2)), "between two touching cells"),
    (clue("sandwichsum", outside=(0, 3), value="40"), "0 to 35"),
    (clue("littlekillersum", outside=(0, 1), direction="DR", value="x"), "has no sum"),
    (clue("xsum", outside=(0, 3), value="46"), "X-sum of column 3 from the top is 1 to 45"),
    (clue("skyscraper", outside=(3, 3), value="2"), "beside a row or column, not at R3C3"),
    (clue("skyscraper", outside=(0, 1), value="10"), "is 1 to 9"),
    (clue("betweenline", lines=[(0, 1)]), "no cells between its ends"),
    (clue("quadruple", cells=(0, 1, 9, 10), value="1,2,3,4,5"), "has digits"),
    (clue("clone", cells=(0, 1), lines=[(2,)]), "has 2 cells and its copy 1"),
    (clue("regionsumline", lines=[(0, 10, 20)]), "irregular regions are not solved here yet"),
])
def test_a_bad_clue_is_refused_by_name(bad, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        rules_of([bad], (), (), 9, None if bad.key == "regionsumline" else (3, 3))
    with pytest.raises(InvalidPuzzleError, match="a multiple of 3, not 4x4"):
        rules_of([clue("entropicline", lines=[(0, 1, 2)])], (), (), 4, (2, 2))


def test_an_unknown_key_is_named_not_ignored():
    with pytest.raises(InvalidPuzzleError, match="does not know: sudoku-chess"):
        rules_of([clue("sudoku-chess", cells=(0,))], (), (), 9, (3, 3))
    with pytest.raises(InvalidPuzzleError, match="does not know: antibishop"):
        rules_of([], ("antibishop",), (), 9, (3, 3))


def test_every_reader_reads_its_clue():
    n = 9
    samples = {
        "killercage": clue("killercage", cells=(0, 1), value="3"),
        "extraregion": clue("extraregion", cells=(0, 10, 20)),
        "odd": clue("odd", cells=(0,)), "even": clue("even", cells=(0,)),
        "minimum": clue("minimum", cells=(40,)), "maximum": clue("maximum", cells=(40,)),
        "thermometer": clue("thermometer", lines=[(0, 1, 2)]),
        "arrow": clue("arrow", cells=(0,), lines=[(0, 10, 20)]),
        "difference": clue("difference", cells=(0, 1)), "ratio": clue("ratio", cells=(0, 9)),
        "xv": clue("xv", cells=(0, 1), value="X"),
        "littlekillersum": clue("littlekillersum", outside=(0, 1), direction="DR", value="20"),
        "sandwichsum": clue("sandwichsum", outside=(2, 0), value="10"),
        "xsum": clue("xsum", outside=(10, 3), value="15"),
        "skyscraper": clue("skyscraper", outside=(4, 10), value="3"),
        "palindrome": clue("palindrome", lines=[(0, 1, 2)]), "renban": clue("renban", lines=[(0, 1, 2)]),
        "whispers": clue("whispers", lines=[(0, 1, 2)]), "betweenline": clue("betweenline", lines=[(0, 1, 2)]),
        "clone": clue("clone", cells=(0, 1), lines=[(80, 79)]),
        "quadruple": clue("quadruple", cells=(0, 1, 9, 10), value="1,2"),
        "entropicline": clue("entropicline", lines=[(0, 1, 2, 3)]),
        "columnindexer": clue("columnindexer", cells=tuple(range(0, 81, 9))),
        "regionsumline": clue("regionsumline", lines=[(1, 2, 3, 4)]),
    }
    assert set(samples) == set(READERS)
    for key, sample in samples.items():
        (rule,) = rules_of([sample], (), (), n, (3, 3))
        assert rule.key == key and rule.words(n)
    (little,) = rules_of([samples["littlekillersum"]], (), (), n, (3, 3))
    assert little.diagonal == tuple(r * 9 + r + 1 for r in range(8))
    (xsum,) = rules_of([samples["xsum"]], (), (), n, (3, 3))  # below column 3: read upwards
    assert xsum.line == tuple(range(74, -1, -9)) and xsum.named(n) == "the X-sum of column 3 from the bottom"
    (skyscraper,) = rules_of([samples["skyscraper"]], (), (), n, (3, 3))  # right of row 4: read leftwards
    assert skyscraper.line == tuple(range(35, 26, -1))
    (sums,) = rules_of([samples["regionsumline"]], (), (), n, (3, 3))  # r1c2-r1c5: boxes 1 and 2
    assert sums.parts == ((1, 2), (3, 4))


LINKS = Path(__file__).parent / "data" / "links" / "rangsk_fpuzzles.tsv"
REAL = {row[0]: row[1:] for row in (line.split("\t") for line in LINKS.read_text(encoding="utf-8").splitlines()
                                    if line.strip() and not line.startswith("#"))}


@pytest.mark.parametrize("title", ['"300 Subs!"', '"Peak Sudoku"', '"Dotween"', '"Irregular 7x7 Kropki"',
                                   '"6x6 Extreme Killer"', '"Just add Color"', '"Fortress Sudoku"', '"Black Kropki X"',
                                   '"Tiny Scar"', 'Entropic Lines 101', '"159 Arrows"'])
def test_real_links_solve_to_their_published_solutions(title):
    (name,) = [name for name in REAL if name.startswith(title)]
    data, solution = REAL[name]
    record = web.solve("https://www.f-puzzles.com/?load=" + data)
    assert (record["status"], record["kind"], record["solutions"]) == ("unique", "variant", [solution]), record["error"]
    assert record["rules"] and all(isinstance(words, str) for words in record["rules"])


def test_a_link_names_what_it_cannot_read_and_the_kinds_readers_send_it_here():
    (name,) = [name for name in REAL if name.startswith('"Alien"')]
    record = web.solve("fpuzzles" + REAL[name][0])
    assert record["status"] == "invalid" and "does not know: " in record["error"] and record["error"].split(": ", 1)[1]
    parsed = web.parse_puzzle("https://sudokupad.app/fpuzzles" + REAL[name][0])
    assert parsed["status"] == "invalid" and parsed["error"] == record["error"]
    rated = web.rate("https://sudokupad.app/fpuzzles" + REAL[name][0])
    assert rated["status"] == "invalid" and rated["error"] == record["error"] and rated["grade"] == "invalid"
    stepped = web.dlx_steps("https://sudokupad.app/fpuzzles" + REAL[name][0])
    assert stepped["status"] == "invalid" and stepped["error"] == record["error"]
    raced = web.race_open("https://sudokupad.app/fpuzzles" + REAL[name][0], "dlx")
    assert raced["status"] == "invalid" and raced["error"] == LINK_UNREAD


def test_the_command_line_solves_a_link(capsys):
    (name,) = [name for name in REAL if name.startswith('"Peak Sudoku"')]
    data, solution = REAL[name]
    for flags in (["--json"], [], ["--pretty"]):
        assert cli.main(["solve", *flags, "https://sudokupad.app/fpuzzles" + data]) == 0
        out = capsys.readouterr().out
        assert solution in out and (flags != ["--json"] or json.loads(out)["kind"] == "variant")


@pytest.mark.parametrize("seed", range(60))
def test_a_sum_keeps_exactly_the_digits_some_completion_uses(seed):
    """``narrow_sum`` and ``sum_needs`` against every tuple of the cells' candidates whose
    digits differ within each group (and may repeat across groups)."""
    rng = random.Random(seed)
    k = rng.randint(1, 5)
    cells = list(range(k))
    groups, start = [], 0
    while start < k:  # cut the cells into runs of 1 to 3
        size = rng.randint(1, 3)
        groups.append(tuple(cells[start:start + size]))
        start += size
    masks = [rng.randrange(1, 1 << 9) for _ in range(k)]
    totals = rng.randrange(1, 1 << 37)
    choices = [[d for d in range(1, 10) if m >> d - 1 & 1] for m in masks]
    fits = [t for t in itertools.product(*choices) if totals >> sum(t) & 1
            and all(len({t[x] for x in group}) == len(group) for group in groups)]
    allowed = masks[:]
    needed = sum_needs(allowed, tuple(groups), totals)
    try:
        _, reachable = narrow_sum(allowed, tuple(groups), totals)
    except Unsolvable:
        assert not fits and not needed
        return
    assert allowed == [sum(1 << d - 1 for d in {t[i] for t in fits}) for i in range(k)]
    assert reachable == sum(1 << s for s in {sum(t) for t in fits})
    every = [(group, mask_of(set.intersection(*({t[x] for x in group} for t in fits)))) for group in groups]
    assert needed == [(group, digits) for group, digits in every if len(group) > 1 and digits]


def test_sum_cells_that_share_a_unit_hold_different_digits_on_a_grid():
    """On a grid, an arrow's cells in one row are a group (:func:`~sudoku_dlx.rules.base.differing`):
    a circle of 4 over two of them leaves 1 and 3, not 2 and 2; off a grid, each cell is alone."""
    arrow = Arrow((2,), (0, 1))
    assert arrow.groups == ((0,), (1,))
    grid = Grid(shape_for(4), (arrow,))
    (placed,) = grid.rules
    assert placed.groups == ((0, 1),) and placed == arrow
    allowed = [0b0111, 0b0111, 0b1000] + [0b1111] * 13  # the circle r1c3 holds 4
    assert placed.narrow(allowed, 4) and allowed[:2] == [0b0101, 0b0101]
    diagonal = LittleKiller((3, 6, 9, 12), 14)  # 4x4: r1c4 and r2c3 share a box, r3c2 and r4c1 another
    assert Grid(shape_for(4), (diagonal,)).rules[0].groups == ((3, 6), (9, 12))


def test_a_drawing_made_from_a_typed_constraint_is_read_as_that_constraint_alone():
    """f-puzzles' newer constraints draw themselves as lines and texts marked fromConstraint:
    where the data types that constraint too, the drawing says nothing more; a drawing of
    no typed constraint is still refused (its meaning would be in the rules text)."""
    (name,) = [name for name in REAL if name.startswith("Renban Skyscrapers")]
    puzzle, variant = read_link(REAL[name][0])
    assert {rule.key for rule in puzzle.grid.rules} == {"renban", "skyscraper"}
    assert {clue.key for clue in variant.clues} >= {"line", "text"}  # the drawings are there...
    assert {record["key"] for record in web.parse_puzzle(REAL[name][0])["drawing"]} == {"renban", "skyscraper"}  # ...not drawn twice
    (alien,) = [name for name in REAL if name.startswith('"Alien"')]
    with pytest.raises(InvalidPuzzleError, match=r"does not know: line \(drawn only\), text \(drawn only\)"):
        read_link(REAL[alien][0])


@pytest.mark.parametrize("seed", range(40))
def test_a_skyscraper_keeps_exactly_the_digits_some_sight_uses(seed):
    """A skyscraper's narrowing against every tuple of its line's candidates that sees its
    number and ends at n seen, each digit higher than all before it or lower than the highest
    (so lower digits may repeat: the narrowing does not ask the row's units)."""
    rng = random.Random(seed)
    n = rng.choice([4, 5, 6])
    masks = [rng.randrange(1, 1 << n) for _ in range(n)]
    seen = rng.randint(1, n)

    def sights(t):
        top = count = 0
        for d in t:
            if d == top:
                return False
            top, count = max(top, d), count + (d > top)
        return count == seen and top == n

    fits = [t for t in itertools.product(*([d for d in range(1, n + 1) if m >> d - 1 & 1] for m in masks)) if sights(t)]
    allowed = masks[:]
    try:
        Skyscraper(tuple(range(n)), seen, "a line").narrow(allowed, n)
    except Unsolvable:
        assert not fits
        return
    assert allowed == [sum(1 << d - 1 for d in {t[i] for t in fits}) for i in range(n)]


@pytest.mark.parametrize("seed", range(40))
def test_a_column_indexer_keeps_the_digits_each_way_of_its_pointing_allows(seed):
    """A column indexer's narrowing on one row of random candidates: it keeps every digit some
    row of different digits that keeps the rule uses, and
    each digit it keeps has its partner: a marked cell's d (but its own column) a c where
    column d may hold it, and a c in column d the marked cell's d."""
    rng = random.Random(seed)
    n = rng.choice([4, 5, 6])
    marked = tuple(sorted(rng.sample(range(n), rng.randint(1, 2))))
    masks = [rng.randrange(1, 1 << n) for _ in range(n)]
    rule = ColumnIndexer(marked)
    fits = [t for t in itertools.product(*([d for d in range(1, n + 1) if m >> d - 1 & 1] for m in masks))
            if len(set(t)) == n and keeps(rule, t + (1,) * (n * n - n), n)]
    allowed = masks + [1] * (n * n - n)
    try:
        rule.narrow(allowed, n)
    except Unsolvable:
        assert not fits
        return
    for i in range(n):
        assert all(allowed[i] >> t[i] - 1 & 1 for t in fits)
    for c in marked:
        for d in range(1, n + 1):
            if d - 1 != c:
                assert (allowed[c] >> d - 1 & 1) == (allowed[d - 1] >> c & 1), (masks, marked, allowed)


def test_probing_keeps_every_solution_and_rules_out_what_fails():
    """``probe`` on random 4x4 cases: every solution's digits stay, and each candidate whose
    placing the plain narrowing refutes goes."""
    took = 0
    for seed in range(60):
        _, rules, givens, expected = random_case4(seed)
        grid = Grid(shape_for(4), rules)
        allowed = [1 << d - 1 if d else 15 for d in givens]
        try:
            narrow(grid, allowed)
            before = allowed[:]
            probe(grid, allowed)
        except Unsolvable:
            assert not expected
            continue
        assert all(allowed[x] >> g[x] - 1 & 1 for g in expected for x in range(16))
        for x, d in ((x, d) for x in range(16) for d in range(1, 5) if before[x] >> d - 1 & 1):
            trial = before[:]
            trial[x] = 1 << d - 1
            try:
                narrow(grid, trial)
            except Unsolvable:
                assert not allowed[x] >> d - 1 & 1
                took += 1
    assert took


@pytest.mark.parametrize("after", [0, 1, 3])
@pytest.mark.parametrize("seed", range(0, 25, 3))
def test_counts_equal_brute_force_when_the_search_probes_early(monkeypatch, seed, after):
    """The searches with and after probing (solve.PROBING_AFTER guesses, lowered here so
    that small grids reach them) find what brute force does."""
    monkeypatch.setattr(solve, "PROBING_AFTER", after)
    test_counts_equal_brute_force_on_4x4(seed)
    test_counts_equal_brute_force_on_6x6(seed)


@pytest.mark.parametrize("seed", range(40))
def test_a_rule_narrows_by_its_scope_alone(seed):
    """What a rule rules out depends on its :meth:`~Rule.scope`'s candidates alone and stays
    there (the solver skips a rule whose scope is as it last left it)."""
    rng = random.Random(2000 + seed)
    n = 6
    solution = tuple(next(latin_grids(6)))
    for _ in range(10):
        rule = random_rule(rng, n, solution)
        if type(rule).narrow is Rule.narrow:
            continue
        scope = set(rule.scope(n))
        results = []
        for _ in range(2):
            allowed = [rng.randrange(1, 1 << n) | 1 << solution[x] - 1 for x in range(n * n)]
            if results:
                allowed = [first[x] if x in scope else allowed[x] for x in range(n * n)]
            first, before = allowed[:], allowed[:]
            try:
                rule.narrow(allowed, n)
            except Unsolvable:
                results.append(None)
                continue
            assert all(allowed[x] == before[x] for x in range(n * n) if x not in scope), rule
            results.append([allowed[x] for x in sorted(scope)])
        assert results[0] == results[1], rule


def test_a_cage_keeps_the_digits_a_quadruple_around_it_leaves_room_for():
    """Boxes by Clover: a cage of 11 on three cells of a quadruple of 3, 4, 5 holds two of
    them, so it is 2, 4, 5 (no other set of 11 has two), and the fourth cell is 3."""
    grid = Grid(shape_for(9), (KillerCage((20, 21, 29), 11), Quadruple((20, 21, 29, 30), (3, 4, 5))))
    allowed = [(1 << 9) - 1] * 81
    narrow(grid, allowed, deep=True)
    assert [allowed[x] for x in (20, 21, 29, 30)] == [0b11010] * 3 + [0b100]


@pytest.mark.parametrize("seed", range(40))
def test_a_cage_inside_a_quadruple_counts_as_brute_force(seed):
    """A cage on two or three of a quadruple's cells (whose combinations then leave the
    quadruple's other cells room for the digits the cage lacks): the solver's count equals
    brute force."""
    rng = random.Random(3000 + seed)
    n = 4
    solution = rng.choice(GRIDS4)
    corner = rng.randrange(n - 1) * n + rng.randrange(n - 1)
    cells = (corner, corner + 1, corner + n, corner + n + 1)
    cage = tuple(sorted(rng.sample(cells, rng.randint(2, 3))))
    while len({solution[x] for x in cage}) < len(cage):
        cage = tuple(sorted(rng.sample(cells, len(cage))))
    digits = tuple(sorted(rng.sample([solution[x] for x in cells], rng.randint(2, 4))))
    rules = (KillerCage(cage, sum(solution[x] for x in cage)), Quadruple(cells, digits))
    expected = sorted(g for g in GRIDS4 if all(keeps(rule, g, n) for rule in rules))
    found, _ = solutions(VariantPuzzle(Grid(shape_for(n), rules), (0,) * 16))
    assert sorted(found) == expected and solution in found, rules
