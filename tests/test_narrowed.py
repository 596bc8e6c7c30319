"""The narrowed search finds exactly the solutions of the whole grid's exact cover, for every kind.

The narrowed search is ``bounds``, then the exact cover of the open cells alone. Checked on small seeded
sets from Simon Tatham's programs (Debian's sgt-puzzles, which .ci/run installs) and
this package's windokus, as they are (one solution), with givens taken away (several)
and with a given or two cage sums changed (often none). The generator counts solutions
through the same search, so a difference here would make it keep wrong puzzles.
"""

from __future__ import annotations

import subprocess
from dataclasses import replace

import pytest

from conftest import broken_rules, lines
from sudoku_dlx.generator import generate
from sudoku_dlx.kinds.grid import Cage, InvalidPuzzleError, Puzzle
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds import narrowing, solver
from sudoku_dlx.kinds.solver import NARROWED, _narrowed_solutions, bounds, count_solutions, fault, solutions

pytestmark = pytest.mark.external

#: (program, seeded parameters) -> three game IDs each; small sizes, and one 9x9 of each kind.
SETS = [
    ("sgt-solo", "2x3di#1"), ("sgt-solo", "3x3di#1"), ("sgt-solo", "2x3xdi#1"), ("sgt-solo", "3x3xdi#1"),
    ("sgt-solo", "6jdi#1"), ("sgt-solo", "9jdi#1"), ("sgt-solo", "2x2kdi#1"), ("sgt-solo", "2x3kdi#1"),
    ("sgt-solo", "3x3kdi#1"), ("sgt-unequal", "4de#1"), ("sgt-unequal", "5dt#1"), ("sgt-unequal", "6dx#1"),
]
#: More solutions than this are compared by their number only (the first ones found differ).
MOST = 60


def tatham(program: str, params: str) -> list[Puzzle]:
    out = subprocess.run([f"/usr/games/{program}", "--generate", "3", params], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return [read_puzzle(game_id) for game_id in out.split()]


def variants(puzzle: Puzzle) -> list[Puzzle]:
    """The puzzle; with its givens taken away one by one until it has more than one
    solution; with a blank cell's given set to a digit its peers allow that is not its
    solution's; for a killer, two cages of one unit made one, and one cage's sum one
    more and another's one less; each only if its givens break no rule."""
    found = [puzzle]
    digits = list(puzzle.digits)
    solution = solutions(puzzle, 1, whole=True)[0][0]
    for x, d in enumerate(puzzle.digits):
        if d:
            digits[x] = 0
            if len(solutions(replace(puzzle, digits=tuple(digits)), 2, whole=True)[0]) == 2:
                found.append(replace(puzzle, digits=tuple(digits)))
                break
    blank = [x for x, d in enumerate(puzzle.digits) if not d]
    peers = puzzle.shape.peers
    for x in blank[len(blank) // 2:]:
        held = {puzzle.digits[p] for p in peers[x]} | {solution[x]}
        other = next((d for d in range(1, puzzle.n + 1) if d not in held), 0)
        if other:
            found.append(replace(puzzle, digits=puzzle.digits[:x] + (other,) + puzzle.digits[x + 1:]))
            break
    cages = list(puzzle.cages)
    units_of = puzzle.shape.units_of
    for a in range(len(cages)):  # two cages of one unit made one: the solution stays, others may come
        b = next((b for b in range(a + 1, len(cages)) if set.intersection(
            *(set(units_of[x]) for x in cages[a].cells + cages[b].cells))), None)
        if b is not None:
            merged = Cage(cages[a].cells + cages[b].cells, cages[a].sum + cages[b].sum)
            found.append(replace(puzzle, cages=tuple(cages[:a] + [merged] + cages[a + 1:b] + cages[b + 1:])))
            break
    for a, b in zip(range(len(cages)), range(len(cages) - 1, 0, -1)):
        try:
            found.append(replace(puzzle, cages=tuple(cages[:a] + [Cage(cages[a].cells, cages[a].sum + 1)]
                                                     + cages[a + 1:b] + [Cage(cages[b].cells, cages[b].sum - 1)]
                                                     + cages[b + 1:])))
            break
        except InvalidPuzzleError:  # a sum out of its cage's range: the next pair
            continue
    return [p for p in found if not fault(p)]


def same_solutions(puzzle: Puzzle) -> int:
    """Assert both searches find the same solutions (all, or MOST + 1 of them when there
    are more), and return how many."""
    whole = solutions(puzzle, MOST + 1, whole=True)[0]
    narrowed = _narrowed_solutions(puzzle, MOST + 1, None)[0]
    assert len(narrowed) == len(whole), puzzle
    if len(whole) <= MOST:
        assert sorted(narrowed) == sorted(whole), puzzle
    for limit in (1, 2):
        assert len(_narrowed_solutions(puzzle, limit, None)[0]) == min(limit, len(whole))
    allowed = bounds(puzzle)
    for digits in narrowed:
        assert broken_rules(puzzle, list(digits)) == []
        assert all(allowed[x] >> d - 1 & 1 for x, d in enumerate(digits)), "bounds lost a solution"
    return len(whole)


@pytest.mark.parametrize("program, params", SETS, ids=[params for _, params in SETS])
def test_the_narrowed_search_finds_the_whole_covers_solutions(program, params):
    counts = [same_solutions(p) for puzzle in tatham(program, params) for p in variants(puzzle)]
    assert counts.count(1) >= 3 and any(count != 1 for count in counts), counts  # killers: rarely more than 1


def test_windokus_and_the_generators_puzzles_too():
    made = [generate(9, seed=seed, kind="windoku").puzzle for seed in (1, 2)]
    made += [generate(6, seed=1, kind=kind).puzzle for kind in ("jigsaw", "killer")]
    made += [generate(5, seed=1, kind="futoshiki").puzzle]
    counts = [same_solutions(p) for puzzle in made for p in variants(puzzle)]
    assert counts.count(1) >= len(made) and any(count > 1 for count in counts), counts


def test_a_windokus_implied_units_hold_every_digit_and_keep_its_solutions():
    """The five groups :attr:`Shape.implied_units` adds to a windoku's search hold 1-9
    in every solution, and the search with them finds the whole cover's solutions in
    fewer tries."""
    made = [p for seed in (1, 2) for p in variants(generate(9, seed=seed, kind="windoku").puzzle)]
    assert len(made[0].shape.implied_units) == 5
    tries = [0, 0]
    for puzzle in made:
        found, stats = solutions(puzzle, MOST + 1)
        whole, plain = solutions(puzzle, MOST + 1, whole=True)
        assert sorted(found) == sorted(whole), puzzle
        tries[0] += stats.tries
        tries[1] += plain.tries
        for digits in found:
            assert all(sorted(digits[x] for x in unit) == list(range(1, 10)) for unit in puzzle.shape.implied_units)
    assert any(len(solutions(p, MOST + 1)[0]) > 1 for p in made) and tries[0] < tries[1], tries


def test_solve_and_count_take_the_narrowed_search_for_its_kinds():
    puzzle = tatham("sgt-solo", "3x3kdi#2")[0]
    assert puzzle.kind in NARROWED
    found, stats = solutions(puzzle, 2)
    assert found == solutions(puzzle, 2, whole=True)[0] and count_solutions(puzzle, 2) == 1
    assert stats.nodes < solutions(puzzle, 2, whole=True)[1].nodes  # bounds solve most such killers outright


@pytest.mark.parametrize("program, params", [("sgt-solo", "2x3kde#1"), ("sgt-solo", "6jdi#1"), ("sgt-unequal", "6dx#1")],
                         ids=["killer", "jigsaw", "futoshiki"])
def test_bounds_at_every_guess_keep_the_same_solutions(program, params, monkeypatch):
    """With :data:`PRUNE_AFTER` 0 the search runs :func:`bounds` at every guess after
    the first, and still finds exactly the whole cover's solutions."""
    monkeypatch.setattr(solver, "PRUNE_AFTER", 0)
    asked = []
    monkeypatch.setattr(solver, "bounds",
                        lambda puzzle, start=None, **rules: asked.append(start) or bounds(puzzle, start, **rules))
    counts = [same_solutions(p) for puzzle in tatham(program, params) for p in variants(puzzle)]
    assert counts.count(1) >= 3 and sum(start is not None for start in asked) > 3, (counts, len(asked))



@pytest.mark.parametrize("program, params", [("sgt-solo", "2x3kde#1"), ("sgt-solo", "6jdi#1"), ("sgt-unequal", "7dx#1")],
                         ids=["killer", "jigsaw", "futoshiki"])
def test_bounds_from_an_earlier_answer_are_the_bounds_from_the_start(program, params):
    """The search's prune goes on from the bounds of the point it came from, with the
    cells it placed since as ``changed``: the answer is the one :func:`bounds` gives from
    the start (its rules only ever take digits out, so the order they run in does not
    matter), and it keeps the solution."""
    for puzzle in tatham(program, params):
        (solution,), _ = solutions(puzzle, 2, whole=True)
        earlier = bounds(puzzle)
        open_cells = [x for x, mask in enumerate(earlier) if mask & mask - 1]
        while open_cells:  # its open cells placed, three at a time
            placed = open_cells[:3]
            start = earlier[:]
            for x in placed:
                start[x] = 1 << solution[x] - 1
            later = bounds(puzzle, start, changed=placed)
            assert later == bounds(puzzle, start), (puzzle, placed)
            assert all(later[x] >> d - 1 & 1 for x, d in enumerate(solution))
            earlier = later
            open_cells = [x for x in open_cells if later[x] & later[x] - 1]

#: Tatham's sgt-unequal --generate 30 7dk#1, the fourth: at the subsets rule a digit
#: placed by it in one unit had not yet left a crossing unit, where the hidden subsets
#: took it for a digit still to place (the solution was lost before that was seen).
PLACED_BEFORE_IT_LEFT = "7:4,0L,0L,0,0,0,0D,0U,0,0D,0L,0R,0U,0,0,0R,0,0,0R,0,0D,7,0,2,0,0,0,0L,0,0,0,0,3U,0,0,5,0,1,0,0RL,0,7,0,0L,0,0R,0,0,0,"


def test_the_subsets_rule_keeps_the_solution_and_finds_naked_and_hidden_sets_and_fish():
    puzzle = read_puzzle(PLACED_BEFORE_IT_LEFT)
    (solution,), _ = solutions(puzzle, 2, whole=True)
    allowed = bounds(puzzle)
    assert all(allowed[x] >> d - 1 & 1 for x, d in enumerate(solution))
    shape = read_puzzle("4:" + "0," * 16).shape  # an empty 4x4 Latin square: row 1 is cells 0-3
    naked = bounds(Puzzle(shape, (0,) * 16), [0b0011, 0b0011, 0b1111, 0b1111] + [0b1111] * 12)
    assert naked[:4] == [0b0011, 0b0011, 0b1100, 0b1100]  # 1 and 2 fill two cells: the others keep 3 and 4
    hidden = bounds(Puzzle(shape, (0,) * 16), [0b1111, 0b1111, 0b0011, 0b0011] + [0b1111] * 12)
    assert hidden[:4] == [0b1100, 0b1100, 0b0011, 0b0011]
    # Rows 1 and 2 hold 1 in columns 1 and 2 only: an X-wing takes 1 from rows 3 and 4 there.
    start = [0b1111, 0b1111, 0b1110, 0b1110] * 2 + [0b1111] * 8
    fished = bounds(Puzzle(shape, (0,) * 16), start)
    assert [fished[x] & 1 for x in (8, 9, 12, 13)] == [0] * 4 and fished[10] & fished[14] & 1
    assert bounds(Puzzle(shape, (0,) * 16), start, fish=False) == start  # the big grids' switched search
    assert bounds(Puzzle(shape, (0,) * 16), start, subsets=False) == start  # the rating's position: no subsets, no fish


def test_tathams_tricky_futoshikis_need_no_search():
    """His "tricky" grade asks for his set rule (subsets of any size in a row or
    column); with subsets of :data:`SUBSET_CELLS` cells and digits the bounds solve 92 of
    the benchmark's 100 9x9s (without them, none), among them these three."""
    for puzzle in tatham("sgt-unequal", "9dk#1"):
        found, stats = solutions(puzzle, 2)
        assert len(found) == 1 and stats.nodes == 0 and broken_rules(puzzle, list(found[0])) == []


@pytest.mark.parametrize("n", [9, 16, 25])
def test_the_subsets_rule_reads_every_digit_of_a_big_unit(n):
    """A hidden pair of the two highest digits, and a naked pair of the two lowest, in a unit
    of ``n`` cells: the places of digits beyond the spread table's bits are read too."""
    full, high = (1 << n) - 1, 0b11 << n - 2
    allowed = [full & ~high] * n
    allowed[3] = allowed[n - 2] = full  # the only places of digits n - 1 and n
    allowed[0] = allowed[1] = 0b11  # digits 1 and 2 there alone
    narrowed = {}
    narrowing.subsets(tuple(range(n)), allowed, lambda x, mask: narrowed.__setitem__(x, mask))
    assert narrowed[3] == narrowed[n - 2] == high
    assert all(narrowed[x] & 0b11 == 0 for x in narrowed if x not in (3, n - 2))


@pytest.mark.parametrize("text", lines("futoshiki/generated_tails.txt"))
def test_a_long_narrowed_search_learns_where_it_fails(text):
    """Two generated futoshikis (12x12 and 13x13) whose narrowed search made about 58,000 guesses
    choosing by the fewest options alone: choosing by the fewest per dead end met (``learn`` in
    the search) proves each unique in a few hundred. Capped, so that without it the test stops."""
    puzzle = read_puzzle(text)
    found, stats = solutions(puzzle, 2, stop=lambda stats: stats.guesses > 3_000)
    assert not stats.stopped and len(found) == 1
    assert broken_rules(puzzle, list(found[0])) == []
