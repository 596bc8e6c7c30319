"""Generation of every kind: unique, by the rules (checked here, not by the engine),
reproducible, minimal and symmetric where claimed, and read by Tatham's own programs."""

from __future__ import annotations

import json
import random
import subprocess
from dataclasses import replace

import pytest
from conftest import MAPS, broken_rules

from sudoku_dlx import InvalidPuzzleError, generator, web
from sudoku_dlx.cli import main
from sudoku_dlx.generator import DIG_FISH, _against, _Digger, generate, plan, put_back, swaps
from sudoku_dlx.kinds.grid import KIND, Puzzle, Sign
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds.solver import bounds, count_solutions
from sudoku_dlx.rating import GRADES, rate

SOLO, UNEQUAL = "/usr/games/sgt-solo", "/usr/games/sgt-unequal"

#: Every kind and size up to 16, with a time budget (None: none) and whether the result
#: must be minimal: a budget cuts the removal short on the big ones (a futoshiki's
#: searches, its signs seen only once both cells are placed, grow long from 8x8).
CASES = [(kind, n, None if n <= limit else 0.5, n <= limit)
         for kind, sizes in ((name, facts.sizes) for name, facts in KIND.items()) if kind != "sudoku"
         for limit in [7 if kind == "futoshiki" else 9] for n in sizes if n <= 16]


def connected(cells: set[int], n: int) -> bool:
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        x = todo.pop()
        for y in (x - n, x + n, x - 1 if x % n else -1, x + 1 if x % n < n - 1 else -1):
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen == cells


def check_rules(puzzle: Puzzle, solution: tuple[int, ...]) -> None:
    """The solution keeps every rule of the kind and agrees with the givens."""
    n = puzzle.n
    assert broken_rules(puzzle, list(solution)) == []
    for cage in puzzle.cages:
        assert connected(set(cage.cells), n)
    assert sorted(x for cage in puzzle.cages for x in cage.cells) == (list(range(n * n)) if puzzle.cages else [])
    if puzzle.shape.regions:
        for k in range(n):
            assert connected({x for x in range(n * n) if puzzle.shape.regions[x] == k}, n)


def orbit(cell: int, n: int, symmetry: str) -> set[int]:
    r, c = divmod(cell, n)
    cells = {cell}
    for _ in range(4):
        r, c = MAPS[symmetry](r, c, n)
        cells.add(r * n + c)
    return cells


def check_minimal(puzzle: Puzzle, symmetry: str) -> None:
    """Removing any given orbit, or any sign, leaves two solutions."""
    n = puzzle.n
    for x in {x for x, d in enumerate(puzzle.digits) if d}:
        gone = orbit(x, n, symmetry)
        fewer = replace(puzzle, digits=tuple(0 if y in gone else d for y, d in enumerate(puzzle.digits)))
        assert count_solutions(fewer, 2) == 2, x
    for sign in puzzle.signs:
        assert count_solutions(replace(puzzle, signs=tuple(s for s in puzzle.signs if s != sign)), 2) == 2, sign


def tatham_reads(game_id: str, program: str) -> subprocess.CompletedProcess:
    return subprocess.run([program, "--print", "1x1"], input=game_id, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind, n, budget, minimal", CASES)
def test_every_kind_and_size_unique_by_the_rules_and_reproducible(kind, n, budget, minimal):
    made = generate(n, seed=n, time_budget=budget, kind=kind)
    puzzle = made.puzzle
    assert (puzzle.kind, puzzle.n) == (kind, n)
    check_rules(puzzle, made.solution.digits)
    assert count_solutions(puzzle, 2) == 1
    if minimal:
        assert made.minimal
    if made.minimal and n <= 6:
        check_minimal(puzzle, made.symmetry)
    for x, d in enumerate(puzzle.digits):
        assert bool(d) == bool(puzzle.digits[next(iter(orbit(x, n, made.symmetry) - {x}), x)]), x
    if budget is None:
        assert generate(n, seed=n, time_budget=budget, kind=kind).puzzle == puzzle


@pytest.mark.parametrize("kind", ["x", "windoku", "jigsaw", "killer", "futoshiki"])
def test_9x9_and_7x7_futoshiki_minimal_and_symmetric(kind):
    made = generate(seed=11, time_budget=None, kind=kind, symmetry="none" if kind == "futoshiki" else "rotational")
    assert made.puzzle.n == (7 if kind == "futoshiki" else 9)
    assert count_solutions(made.puzzle, 2) == 1
    if made.minimal:
        check_minimal(made.puzzle, made.symmetry)
    assert kind == "killer" or made.minimal  # a killer's hardest tests may be left (KILLER_DIG_CAP)
    if kind == "futoshiki":
        assert made.puzzle.signs and made.symmetry == "none"
    else:
        n, digits = 9, made.puzzle.digits
        assert all(bool(digits[x]) == bool(digits[80 - x]) for x in range(81))


@pytest.mark.parametrize("kind, size", [("killer", 4), ("killer", 6), ("killer", 9)])
def test_killer_cages_are_small_and_mostly_without_givens(kind, size):
    made = [generate(size, seed=seed, kind=kind, time_budget=None) for seed in range(4)]
    for m in made:
        assert all(1 <= len(cage.cells) <= 5 for cage in m.puzzle.cages)
        check_rules(m.puzzle, m.solution.digits)
    assert sum(m.clues for m in made) < 4 * size  # the cages do most of the work


@pytest.mark.parametrize("kind, size, program", [
    ("x", 9, SOLO), ("x", 6, SOLO), ("jigsaw", 9, SOLO), ("jigsaw", 7, SOLO),
    ("killer", 9, SOLO), ("killer", 6, SOLO), ("futoshiki", 7, UNEQUAL), ("futoshiki", 5, UNEQUAL),
])
@pytest.mark.external
def test_tatham_reads_our_game_ids(kind, size, program):
    # No budget: a run cut by the clock may dig less on a loaded machine, and the two
    # generations below must make the same puzzle (they take well under a second).
    answer = web.generate(size, seed=5, kind=kind, budget=None)
    game_id = answer["puzzle"]  # the game ID: the canonical text of every kind here
    assert read_puzzle(game_id) == generate(size, seed=5, kind=kind, budget=None).puzzle
    good = tatham_reads(game_id, program)
    assert good.returncode == 0, good.stderr
    bad = tatham_reads(game_id[:len(game_id) // 2], program)  # cut short: his parser must say so
    assert bad.returncode == 1 and "error parsing" in bad.stderr


@pytest.mark.external
def test_tatham_reads_a_classic_game_id(capsys):
    assert main(["generate", "--seed", "5", "--format", "tatham"]) == 0
    game_id = capsys.readouterr().out.strip()
    assert game_id.startswith("3x3:") and tatham_reads(game_id, SOLO).returncode == 0
    assert str(read_puzzle(game_id)) == str(generate(9, seed=5).puzzle)


def test_cli_generate_kind_json_and_formats(capsys):
    assert main(["generate", "--kind", "futoshiki", "--size", "5", "--seed", "2", "--count", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for record, seed in zip(records, (2, 3)):
        assert record["kind"] == "futoshiki" and record["size"] == 5 and record["seed"] == seed
        puzzle = read_puzzle(record["puzzle"])
        assert puzzle == generate(5, seed=seed, kind="futoshiki").puzzle
        assert count_solutions(puzzle, 2) == 1 and len(record["solution"]) == 25
        check_rules(puzzle, tuple(int(ch) for ch in record["solution"]))
    for kind in ("x", "windoku", "jigsaw", "killer", "futoshiki"):
        made = generate(seed=4, kind=kind)
        for form in ("text", "grid"):
            assert main(["generate", "--kind", kind, "--seed", "4", "--format", form]) == 0
            assert read_puzzle(capsys.readouterr().out, kind=kind) == made.puzzle, (kind, form)
    assert main(["generate", "--kind", "killer", "--size", "6", "--seed", "1", "--format", "tatham", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["puzzle"].startswith("2x3k:") and record["kind"] == "killer"
    assert main(["generate", "--kind", "windoku", "--format", "tatham"]) == 2
    assert "no windoku" in capsys.readouterr().err


@pytest.mark.parametrize("kwargs, words", [
    ({"kind": "killer", "size": 12}, "a killer has sizes 4, 6, 8 and 9, not 12"),
    ({"kind": "jigsaw", "size": 3}, "a jigsaw has sizes 4 to 16, not 3"),
    ({"kind": "windoku", "size": 6}, "a windoku has sizes 9, not 6"),
    ({"kind": "futoshiki", "symmetry": "rotational"}, "a futoshiki's givens have no symmetry"),
    ({"kind": "x", "difficulty": "easy"}, "unknown difficulty 'easy'"),
    ({"kind": "hexagon"}, 'unknown kind "hexagon"'),
])
def test_bad_kind_arguments(kwargs, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        generate(**kwargs)
    assert words in web.generate(**kwargs)["error"]


def test_same_seed_same_puzzle_of_every_kind():
    for kind in ("x", "windoku", "jigsaw", "killer", "futoshiki"):
        size = 6 if kind in ("x", "jigsaw", "killer") else None
        first, again = generate(size, seed=9, kind=kind), generate(size, seed=9, kind=kind)
        assert (again.puzzle, again.solution, again.symmetry) == (first.puzzle, first.solution, first.symmetry)
        assert generate(size, seed=10, kind=kind).puzzle != first.puzzle


def test_bench_generate_kinds(capsys):
    assert main(["bench", "--generate", "6", "--kind", "sudoku,x,jigsaw,killer,futoshiki", "--n", "2"]) == 0
    rows = [line.split("|") for line in capsys.readouterr().out.splitlines() if line.startswith("|  6x6")]
    assert [row[2].strip() for row in rows] == ["sudoku", "x", "jigsaw", "killer", "futoshiki"]
    with pytest.raises(SystemExit):
        main(["bench", "--generate", "6", "--kind", "hexagon"])
    assert "unknown kind 'hexagon'" in capsys.readouterr().err


@pytest.mark.parametrize("kind, size, difficulty", [("killer", 9, "Medium"), ("futoshiki", 5, "Hard"), ("killer", 6, "Easy")])
def test_a_difficulty_of_a_kind_is_rated_with_its_techniques(kind, size, difficulty):
    made = generate(size, seed=1, difficulty=difficulty, kind=kind, time_budget=10)
    assert (made.puzzle.kind, made.grade, made.record()["status"]) == (kind, difficulty, "generated")
    rated = web.rate(made.record()["puzzle"])
    assert (rated["grade"], rated["score"], rated["scale"]) == (difficulty, made.score, f"SE scores, {kind} techniques")


@pytest.mark.parametrize("n", [4, 6])
def test_futoshiki_minimal_where_claimed_over_many_seeds(n):
    # A sign between two givens says nothing; its test once found the blank cells'
    # solution and kept it, so a puzzle claimed minimal could lose it (4x4 seed 2, 6x6 seeds 8, 9).
    for seed in range(1, 11):
        made = generate(n, seed=seed, time_budget=None, kind="futoshiki")
        assert made.minimal
        check_minimal(made.puzzle, made.symmetry)
        assert not any(made.puzzle.digits[sign.greater] and made.puzzle.digits[sign.lesser] for sign in made.puzzle.signs)


def without(puzzle: Puzzle, clue) -> Puzzle:
    """``puzzle`` without ``clue``: a cell's given, or a sign."""
    return removed(puzzle, [clue if isinstance(clue, Sign) else (clue,)])


def removed(puzzle: Puzzle, clues) -> Puzzle:
    """``puzzle`` without ``clues`` (orbits of cells' givens, signs)."""
    gone = {x for clue in clues if not isinstance(clue, Sign) for x in clue}
    return replace(puzzle, digits=tuple(0 if x in gone else d for x, d in enumerate(puzzle.digits)),
                   signs=tuple(sign for sign in puzzle.signs if sign not in clues))


def unique_puzzles(kind: str, n: int, seed: int, count: int):
    """Unique puzzles of ``kind`` and ``n`` and their solution: the full grid (a killer's cages,
    a futoshiki's signs between all neighbours), then clues removed in a random order while
    ``count_solutions`` says it stays unique: about ``count`` puzzles on the way, and the last."""
    made = plan(n, "none", seed, kind)
    puzzle = Puzzle(made.shape, made.solution, made.cages, tuple(c for c in made.order if isinstance(c, Sign)))
    clues = [x for x in range(n * n)] + list(puzzle.signs)
    random.Random(seed).shuffle(clues)
    found = []
    for clue in clues:
        fewer = without(puzzle, clue)
        if count_solutions(fewer, 2) == 1:
            puzzle = fewer
            found.append(puzzle)
    return made.solution, found[len(found) // 3:-1:max(len(found) // count, 1)] + found[-1:]


@pytest.mark.parametrize("prune_after", [0, generator.PRUNE_AFTER])
@pytest.mark.parametrize("kind, n", [("futoshiki", 4), ("futoshiki", 6), ("futoshiki", 7), ("killer", 4), ("killer", 6),
                                     ("jigsaw", 5), ("jigsaw", 7)])
def test_the_narrowed_test_agrees_with_a_full_count(kind, n, prune_after, monkeypatch):
    # Each clue of unique puzzles of every density: the generator's test (a solution with
    # the cell's digit ruled out, or the sign turned round) finds one exactly when the
    # puzzle without the clue has two solutions; with bounds at every guess too (these
    # small searches seldom reach PRUNE_AFTER).
    monkeypatch.setattr(generator, "PRUNE_AFTER", prune_after)
    outcomes = set()
    for seed in range(3):
        solution, puzzles = unique_puzzles(kind, n, seed, 4)
        for puzzle in puzzles:
            digger = _Digger(puzzle.shape, solution, [], None, None, False, digits=list(puzzle.digits),
                             cages=puzzle.cages, signs=puzzle.signs)
            for clue in [x for x, d in enumerate(puzzle.digits) if d] + list(puzzle.signs):
                if isinstance(clue, Sign):
                    turned = set(puzzle.signs) - {clue} | {Sign(clue.lesser, clue.greater)}
                    found = digger.another_narrowed(list(puzzle.digits), turned, None, 10**9)
                else:
                    found = digger.another_narrowed(list(without(puzzle, clue).digits), puzzle.signs, clue, 10**9)
                assert found == (count_solutions(without(puzzle, clue), 2) == 2), (str(puzzle), clue)
                outcomes.add(found)
    assert outcomes == {True, False}


@pytest.mark.parametrize("n, seed", [(6, 1), (8, 2)])
def test_a_futoshiki_s_propagation_pass_keeps_it_solved_by_bounds(n, seed):
    # What it removes leaves a puzzle bounds solves (so unique); what it leaves, bounds
    # (as the clue removal runs it) cannot do without.
    made = plan(n, "none", seed, "futoshiki")
    signs = [c for c in made.order if isinstance(c, Sign)]
    digger = _Digger(made.shape, made.solution, made.order, None, None, False, signs=signs)
    left = digger.propagate(list(made.order))
    puzzle = Puzzle(made.shape, tuple(digger.digits), signs=tuple(digger.signs))
    assert bounds(puzzle) == [1 << d - 1 for d in made.solution]
    assert 0 < len(left) < len(made.order)
    assert all(clue in digger.signs if isinstance(clue, Sign) else digger.digits[clue[0]] for clue in left)
    for clue in left:
        fewer = without(puzzle, clue) if isinstance(clue, Sign) else without(puzzle, clue[0])
        assert any(mask & mask - 1 for mask in bounds(fewer, fish=DIG_FISH)), clue
    assert digger.decided == len(made.order) - len(left)


def test_a_futoshiki_above_exact_max_n_with_a_budget_keeps_what_reasoning_needs(monkeypatch):
    # With a budget, above EXACT_MAX_N only propagate's removal runs: the puzzle is solved by
    # bounds alone, said reasoned and not minimal; without a budget the exact tests still run.
    monkeypatch.setattr(generator, "EXACT_MAX_N", 5)
    fewer = []
    for seed in (1, 2, 3):
        made = generate(6, seed=seed, kind="futoshiki", budget=60)
        assert made.reasoned and not made.minimal and made.record()["reasoned"] is True
        assert bounds(made.puzzle, fish=DIG_FISH) == [1 << d - 1 for d in made.solution.digits]
        exact = generate(6, seed=seed, kind="futoshiki", budget=None)
        assert exact.minimal and not exact.reasoned
        fewer.append(exact.puzzle.clues + len(exact.puzzle.signs) - made.puzzle.clues - len(made.puzzle.signs))
        assert generate(5, seed=seed, kind="futoshiki", budget=60).minimal
    assert max(fewer) <= 0 and min(fewer) < 0, fewer  # the exact tests remove more, or as many


@pytest.mark.parametrize("kind, n", [("futoshiki", 3), ("futoshiki", 8), ("sudoku", 9), ("x", 9), ("windoku", 9),
                                     ("jigsaw", 9), ("sudoku", 16)])
def test_swaps_make_other_solutions(kind, n):
    made = plan(n, "none", n, kind)
    others = set()
    for changed in swaps(made.solution, made.shape):
        other = [changed.get(x, d) for x, d in enumerate(made.solution)]
        assert other != list(made.solution)
        assert all(sorted(other[x] for x in unit) == list(range(1, n + 1)) for unit in made.shape.units)
        others.add(tuple(other))
    assert len(others) >= (n - 1 if kind == "futoshiki" else 1)


@pytest.mark.parametrize("kind, n", [("futoshiki", 5), ("futoshiki", 6), ("x", 6), ("jigsaw", 6)])
def test_a_clue_a_swap_breaks_alone_must_stay(kind, n):
    # broken_by_swaps' clues are among those whose removal leaves two solutions, and it finds some.
    proved = 0
    for seed in range(3):
        solution, puzzles = unique_puzzles(kind, n, seed, 4)
        for puzzle in puzzles:
            order = [(x,) for x in range(puzzle.shape.cells)]
            digger = _Digger(puzzle.shape, solution, order, None, None, False, digits=list(puzzle.digits),
                             signs=puzzle.signs)
            for clue in digger.broken_by_swaps():
                assert count_solutions(without(puzzle, clue if isinstance(clue, Sign) else clue[0]), 2) == 2
                proved += 1
    assert proved >= 10


@pytest.mark.parametrize("n", [6, 9])
def test_bounds_goes_on_from_a_wider_puzzle_to_the_same_answer(n):
    # propagate's halves: bounds without a batch, narrowed by half of it put back (its givens'
    # cells and its signs' cells changed), answers as bounds of the puzzle without the other half.
    rng = random.Random(n)
    for seed in range(4):
        made = plan(n, "none", seed, "futoshiki")
        clues = list(made.order)
        full = Puzzle(made.shape, made.solution, signs=tuple(c for c in clues if isinstance(c, Sign)))
        for _ in range(10):
            batch = rng.sample(clues, rng.randrange(2, len(clues) // 2))
            half, back = batch[:len(batch) // 2], batch[len(batch) // 2:]
            wider = bounds(removed(full, batch), fish=DIG_FISH)
            fewer = removed(full, half)
            start, changed = put_back(wider, back, made.solution)
            assert bounds(fewer, start, changed=changed, fish=DIG_FISH) == bounds(fewer, fish=DIG_FISH)


@pytest.mark.parametrize("kind, n", [("sudoku", 9), ("x", 6), ("jigsaw", 6), ("killer", 6), ("futoshiki", 5)])
def test_graded_generation_skips_only_puzzles_of_another_grade(kind, n):
    # _against says a puzzle is below or above a grade without rating it: the rating agrees.
    names = [name for name, _ in GRADES]
    sides = set()
    for seed in range(1, 9):
        made = generate(n, seed=seed, kind=kind, time_budget=None)
        rated = names.index(rate(made.puzzle).grade)
        for k, difficulty in enumerate(names):
            side, _ = _against(made, difficulty, None)
            assert side == 0 or (rated < k if side < 0 else rated > k), (made.record()["puzzle"], difficulty)
            sides.add(side)
    assert sides == {-1, 0, 1}
