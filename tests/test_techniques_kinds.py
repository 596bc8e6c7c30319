"""Rating, hints and the solving path for every kind: each kind's units, a killer's
cages and a futoshiki's signs, with the techniques that serve the kind.

The puzzles are Simon Tatham's, copied from his generators (the command above each),
except the windoku, which they do not make: it was made by removing givens from a
random windoku solution of :mod:`sudoku_dlx.kinds.solver` while the solution stayed
unique (seed 26).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from sudoku_dlx import web
from sudoku_dlx.cli import main
from sudoku_dlx.kinds.grid import Cage, Puzzle, Sign, jigsaw_shape, shape_for
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds.solver import solve
from sudoku_dlx.rating import hint, rate
from sudoku_dlx.techniques import basic, cages, signs, trial
from sudoku_dlx.techniques.position import Position
from sudoku_dlx.techniques.registry import TECHNIQUES, scored_for, techniques_for

PUZZLES = {
    # /usr/games/sgt-solo --generate 2 3x3xde
    "x": ["3x3x:f6f2b4d8_3_1_7a2b3a9b1a7g9a2b7a3b3a6_5_4_7d9b6f7f",
          "3x3x:3b7d2g9b9e6a4_3b2a5m5a8b7_3a2e5b4g5d9b6"],
    # kinds.solver, see the module docstring
    "windoku": ["windoku:.98.621..........27............9.....3...........7..........8..8..4.3.1..71..93.."],
    # /usr/games/sgt-solo --generate 2 9jdi and 6jdu
    "jigsaw": ["9j:a3b1b4c4d9a9_1a4k1d8c4d9k8a5_6a6d3c7b6b2a,b_cbbaaabaaaaa_cabaa_b_b_aqcbabaa_a_bc____b_______a_bc_aa_bf__",
               "6j:c6d2c4j6c1d3c,ae_aa_bbb___fc_a__a_b_aaa_c_"],
    # /usr/games/sgt-solo --generate 2 3x3kdi and 2x3kdu
    "killer": ["3x3k:zzzc,_aaa__ba___b_____a______a___aa___a______a_________aaaaaaaa______a_____b___aaa_aaa_aa__ba__aaaaaaa"
               "ba,16_4a8a15a10_8a17b13d11_13b11a4_14_6a17a8a11c11_9b11a13a22b14_11a16c7_9b7_24a11d16a15b9_11e3b",
               "2x3k:zj,_a_a____aa___a______bc_a_aaa__b_a_aa_aa_,8_9a3_9b11b7_8b8c6_7_13a7_8b14f8b"],
    # /usr/games/sgt-unequal --generate 2 6dx, 7dk
    "futoshiki": ["6:0,6,0,0,0R,0,0U,0L,0,0RL,0,0,0,0R,0,0R,0,0U,0,0U,0,0D,0,0,0,0L,0,0R,0,0,0,0,0U,0U,0,0L,",
                  "7:0,0,0R,5,0L,0D,0,0,0,0L,0L,0,0RL,0,0D,0,0,0D,0D,0U,7,0,0,0,0,0,0U,0,0U,0,0,0D,0U,0L,0,0R,0,0,0,0,0,"
                  "0,0,0,0U,0U,0,0R,0,"],
}
CASES = [(kind, text) for kind, texts in PUZZLES.items() for text in texts]
UNIQUENESS = ("Unique rectangle", "Hidden rectangle", "Avoidable rectangle", "BUG")


def _sound(puzzle: Puzzle, path) -> None:
    """Every step of ``path`` places the solution's digits and eliminates others, and the
    path, applied in order, fills the grid with the solution."""
    solution = solve(puzzle).solutions[0].digits
    position = Position.from_puzzle(puzzle)
    for step in path:
        assert all(solution[x] == d for x, d in step.placements), step.text
        assert all(solution[x] != d for x, d in step.eliminations), step.text
        position.apply(step)
    assert tuple(position.values) == solution


@pytest.mark.parametrize("kind, text", CASES)
def test_every_kind_is_rated_to_the_end_with_sound_steps(kind, text):
    puzzle = read_puzzle(text)
    assert puzzle.kind == kind
    rating = rate(puzzle)
    _sound(puzzle, rating.path)
    assert rating.scale == f"SE scores, {kind} techniques" and 1.0 <= rating.score
    names = [step.technique for step in rating.path]
    assert not [name for name in names if name.startswith(UNIQUENESS)]
    if kind in ("futoshiki", "jigsaw"):  # no fins, empty rectangles or Sue de Coq without bands of boxes
        assert not [name for name in names if "inned" in name or "ashimi" in name or name.startswith(("Empty", "Sue"))]
    if kind == "futoshiki":
        assert "Pointing" not in names and "Claiming" not in names
    if kind == "killer":
        assert "Cage combinations" in names
    if kind == "futoshiki":
        assert "Sign bound" in names


@pytest.mark.parametrize("program, setting", [("sgt-solo", "3x3xdi"), ("sgt-solo", "6jdi"), ("sgt-solo", "2x3kdi"),
                                              ("sgt-unequal", "5dk")])
@pytest.mark.external
def test_puzzles_tatham_generates_now_are_rated_soundly(program, setting):
    made = subprocess.run([f"/usr/games/{program}", "--generate", "2", setting], capture_output=True, text=True,
                          check=True).stdout.split()
    for text in made:
        puzzle = read_puzzle(text)
        _sound(puzzle, rate(puzzle).path)


def test_each_kind_gets_its_techniques_from_one_table():
    def names(kind):
        return {technique.name for technique in techniques_for(kind)}

    everywhere = {"Full house", "Hidden single", "Naked single", "Naked pair", "Hidden pair", "X-wing", "Swordfish",
                  "Jellyfish", "X-chain", "AIC, XY-chain, nice loop", "Trial and error"}
    for kind in ("sudoku", "x", "windoku", "jigsaw", "killer", "futoshiki"):
        assert everywhere <= names(kind)
        assert bool({"Unique rectangle type 1", "BUG+1"} & names(kind)) == (kind == "sudoku")
        assert ("Cage combinations" in names(kind)) == ("Rule of 45 (innies and outies)" in names(kind)) == (
            kind == "killer")
        assert ("Sign bound" in names(kind)) == ("Sign chain" in names(kind)) == (kind == "futoshiki")
        assert ("Pointing" in names(kind)) == (kind != "futoshiki")
        assert ("Finned X-wing" in names(kind)) == (kind not in ("futoshiki", "jigsaw"))
        assert set(scored_for(kind)) <= set(techniques_for(kind))
    assert {t.name for t in TECHNIQUES} == set().union(*(names(kind) for kind in
                                                         ("sudoku", "x", "windoku", "jigsaw", "killer", "futoshiki")))


def _position(kind: str, n: int = 9, **clues) -> Position:
    """A blank position of ``kind`` with every candidate, and ``cages`` or ``signs``."""
    shape = shape_for(n, kind=kind)
    return Position(shape, [0] * shape.cells, [(1 << n) - 1] * shape.cells, None, **clues)


def _without(position: Position, digit: int, cells) -> None:
    for x in cells:
        position.eliminate(x, digit)


def test_pointing_from_a_diagonal_into_a_box():
    position = _position("x")
    diagonal = position.units[27]
    _without(position, 5, [x for x in diagonal if x not in (0, 10)])  # 5 is in r1c1 or r2c2 on the main diagonal
    step = basic.pointing(position)
    assert set(step.eliminations) == {(x, 5) for x in (1, 2, 9, 11, 18, 19)}
    assert "the main diagonal" in step.text and "box 1" in step.text and step.units == (27, 18)


def test_hidden_single_in_a_window():
    position = _position("windoku")
    window = position.units[28]  # window 2: rows 2-4, columns 6-8
    _without(position, 7, [x for x in window if x != 15])
    step = basic.hidden_single(position)
    assert step.placements == ((15, 7),) and "window 2" in step.text and step.score == 1.5


def test_claiming_from_a_row_into_a_jigsaw_region():
    rows = [r for r in range(4) for _ in range(4)]
    position = Position(jigsaw_shape(tuple(rows[2:] + rows[:2])), [0] * 16, [15] * 16)  # region 1: r1c1, r1c2, r4c3, r4c4
    _without(position, 3, [2, 3])  # in row 1 the 3 is in r1c1 or r1c2, both in region 1
    step = basic.claiming(position)
    assert step.eliminations == ((14, 3), (15, 3)) and "row 1" in step.text and "region 1" in step.text


def test_cage_combinations_keep_the_digits_of_the_fillings():
    position = _position("killer", cages=(Cage((0, 1), 3),))
    step = cages.cage_combinations(position)
    assert set(step.eliminations) == {(x, d) for x in (0, 1) for d in range(3, 10)}
    assert "the cage r1c1+r1c2 (3)" in step.text and "1+2" in step.text


def test_a_digit_every_filling_uses_leaves_the_cells_that_see_its_places():
    position = _position("killer", cages=(Cage((0, 1), 17),))
    position.candidates[0] = position.candidates[1] = 0b110000000  # 8 and 9
    step = cages.cage_combinations(position)
    assert set(step.eliminations) == {(x, 8) for x in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20)}


def test_a_digit_confined_to_a_cage_in_a_unit_makes_the_cage_hold_it():
    position = _position("killer", cages=(Cage((0, 1), 10),))
    position.candidates[0] = position.candidates[1] = 0b111101111  # no 5: 1+9, 2+8, 3+7, 4+6
    _without(position, 9, range(2, 9))  # in row 1 the 9 is in the cage
    step = cages.cage_combinations(position)
    assert set(step.eliminations) == {(x, d) for x in (0, 1) for d in (2, 3, 4, 6, 7, 8)}
    assert "row 1" in step.text


def _killer(cages_: list[Cage]) -> Position:
    return Position.from_puzzle(Puzzle(shape_for(9, kind="killer"), (0,) * 81, tuple(cages_)))


def test_rule_of_45_places_a_cell_sticking_out_of_a_row():
    row = [Cage(tuple(range(0, 4)), 10), Cage(tuple(range(4, 8)), 26), Cage((8, 17), 12), Cage(tuple(range(9, 17)), 42)]
    position = _killer(row + [Cage(tuple(range(r * 9, r * 9 + 9)), 45) for r in range(2, 9)])
    step = cages.rule_of_45(position)
    assert step.placements == ((8, 9),) and "row 1 adds up to 45" in step.text


def test_rule_of_45_limits_two_cells_sticking_into_a_row():
    row = [Cage(tuple(range(0, 3)), 6), Cage(tuple(range(3, 7)), 26), Cage((7, 16), 10), Cage((8, 17), 10),
           Cage(tuple(range(9, 16)), 38)]
    position = _killer(row + [Cage(tuple(range(r * 9, r * 9 + 9)), 45) for r in range(2, 9)])
    step = cages.rule_of_45(position)  # r1c8 + r1c9 = 45 - 6 - 26 = 13: 4+9 or 6+7 (their cages of 10 rule out 5)
    assert not step.placements and set(step.eliminations) == {(x, d) for x in (7, 8) for d in (1, 2, 3, 8)}
    assert step.score == 2.6 and "add up to 13" in step.text


def test_sign_bound():
    position = _position("futoshiki", 4, signs=(Sign(0, 1),))
    step = signs.sign_bound(position)
    assert step.eliminations == ((0, 1), (1, 4)) and "the sign r1c1 > r1c2" in step.text


def test_sign_chain_bounds_through_the_chain():
    position = _position("futoshiki", 4, signs=(Sign(0, 1), Sign(1, 2)))
    step = signs.sign_chain(position)  # r1c1 > r1c2 > r1c3: two different digits below r1c1, so it is 3 or more
    assert step.eliminations == ((0, 1), (0, 2)) and "r1c1 > r1c2 and r1c2 > r1c3" in step.text


def test_sign_chain_counts_the_different_digits_below_a_cell():
    position = _position("futoshiki", 4, signs=(Sign(1, 0), Sign(1, 2)))
    position.candidates[0] = position.candidates[2] = 0b0011
    position.candidates[1] = 0b1110
    assert signs.sign_bound(position) is None
    step = signs.sign_chain(position)  # r1c2 is more than r1c1 and r1c3, which hold 1 and 2
    assert step.eliminations == ((1, 2),) and "row 1" in step.text


def test_trial_and_error_asks_the_exact_cover_with_the_cages():
    puzzle = read_puzzle(PUZZLES["killer"][1])
    solution = solve(puzzle).solutions[0].digits
    step = trial.trial_and_error(Position.from_puzzle(puzzle))  # without its cages the empty grid completes any way
    assert step.eliminations and all(solution[x] != d for x, d in step.eliminations)


def test_hints_follow_the_kind_and_read_its_entries():
    puzzle = read_puzzle(PUZZLES["futoshiki"][0])
    solution = solve(puzzle).solutions[0].digits
    found = hint(puzzle).step
    assert found.placements or found.eliminations
    assert all(solution[x] == d for x, d in found.placements) and all(solution[x] != d for x, d in found.eliminations)
    blank = puzzle.digits.index(0)
    entries = "".join(str(solution[x] % puzzle.n + 1) if x == blank else "." for x in range(len(solution)))
    record = web.hint(PUZZLES["futoshiki"][0], entries)
    assert record["status"] == "wrong" and record["cells"] == [blank]
    right = "".join(str(solution[x]) if x == blank else "." for x in range(len(solution)))
    assert web.hint(PUZZLES["futoshiki"][0], right)["status"] == "step"


@pytest.mark.parametrize("kind", ["killer", "futoshiki"])
def test_web_and_cli_records_of_the_kinds(kind, capsys):
    text = PUZZLES[kind][1]
    record = web.rate(text)
    assert record["status"] == "rated" and record["kind"] == kind and record["scale"] == f"SE scores, {kind} techniques"
    assert record["puzzle"] == text and record["path"] and {"technique", "text", "eliminations"} <= set(record["path"][0])
    record = web.hint(text, kind=kind)
    assert record["status"] == record["kind"] == "step" and record["technique"] and record["text"]
    assert main(["rate", "--json", "--kind", kind, text]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == kind and out["scale"] == f"SE scores, {kind} techniques"
    assert main(["hint", "--json", text]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "step"
    other = "sudoku" if kind == "killer" else "killer"
    assert main(["rate", "--kind", other, text]) == 1
    assert f"not a {other}" in capsys.readouterr().out


def test_classic_ratings_keep_the_se_scale():
    record = web.rate("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert record["kind"] == "sudoku" and record["scale"] == "SE"
    assert record["puzzle"] == "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
