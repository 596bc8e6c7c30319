"""The kinds beyond classic sudoku, checked against Simon Tatham's programs.

sgt-solo and sgt-unequal (Debian's sgt-puzzles, which .ci/run installs) generate
fresh game IDs at test time; each must read, solve to exactly one solution that
this file's own rule checker accepts, agree with the solution Tatham's program
saves, and be written back to the same bytes. The engine's rules are not used to
check the engine: ``conftest.broken_rules`` is written from the rules of each kind.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import broken_rules
from sudoku_dlx import web
from sudoku_dlx.compare.batch import measure
from sudoku_dlx.generator import generate
from sudoku_dlx.kinds.forms import read_form, write_form
from sudoku_dlx.kinds.grid import InvalidPuzzleError, Puzzle
from sudoku_dlx.kinds.read import puzzle_id, read_puzzle, read_texts
from sudoku_dlx.kinds.solver import count_solutions, fault, solve
from sudoku_dlx.kinds.tatham import write_game_id

pytestmark = pytest.mark.external

GAMES = Path("/usr/games")
#: (program, its parameters, the kind and size they make): X, jigsaw, killer and
#: futoshiki in every size the kinds take from Tatham, with a classic 9x9 beside them.
MODES = [
    ("sgt-solo", "3x3di", "sudoku", 9),
    ("sgt-solo", "2x2xdi", "x", 4),
    ("sgt-solo", "2x3xdi", "x", 6),
    ("sgt-solo", "3x3xdi", "x", 9),
    ("sgt-solo", "3x3xdu", "x", 9),
    ("sgt-solo", "6jdi", "jigsaw", 6),
    ("sgt-solo", "9jdi", "jigsaw", 9),
    ("sgt-solo", "2x2kdi", "killer", 4),
    ("sgt-solo", "2x3kdi", "killer", 6),
    ("sgt-solo", "3x3kdi", "killer", 9),
    ("sgt-solo", "3x3kdu", "killer", 9),
    ("sgt-unequal", "4de", "futoshiki", 4),
    ("sgt-unequal", "5dt", "futoshiki", 5),
    ("sgt-unequal", "6dx", "futoshiki", 6),
    ("sgt-unequal", "7dx", "futoshiki", 7),
    ("sgt-unequal", "9dk", "futoshiki", 9),
]
PER_MODE = 4

#: The Guardian's Futoshiki puzzles that unequal.c's header lists (#3 reprints #2; #4 is empty).
GUARDIAN = [
    "5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,",
    "5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,",
    "5:0,0,0,0,0,0,2,0U,3U,0U,0,0,3,0,0,0,3,0D,4,0,0,0L,0R,0,0,",
    "5:0D,0L,0,0R,0,0,0D,0,3,0D,0,0R,0,0R,0D,0U,0L,0,1,2,0,0,0U,0,0L,",
]


def generated(program: str, params: str, count: int = PER_MODE) -> list[str]:
    """Fresh game IDs from Tatham's ``program`` (``--generate``)."""
    out = subprocess.run([str(GAMES / program), "--generate", str(count), params],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    ids = out.split()
    assert len(ids) == count, out
    return ids


def tatham_solution(program: str, game_id: str, tmp_path: Path) -> list[int]:
    """The solution Tatham's ``program`` saves for ``game_id`` (``--save --with-solutions``)."""
    prefix = tmp_path / "saved"
    subprocess.run([str(GAMES / program), "--save", str(prefix), "--with-solutions"], input=game_id,
                   capture_output=True, text=True, check=True, timeout=60)
    fields = dict(line.split(":", 2)[::2] for line in Path(f"{prefix}0").read_text().splitlines())
    move = fields["SOLVE   "]
    assert move.startswith("S"), move
    symbols = move[1:].split(",") if "," in move else list(move[1:])
    return [int(symbol, 36) for symbol in symbols]


def tatham_parses(program: str, game_id: str) -> subprocess.CompletedProcess:
    """Tatham's own parser on ``game_id``: printing it exits 0 for a good ID."""
    return subprocess.run([str(GAMES / program), "--print", "1x1"], input=game_id,
                          capture_output=True, text=True, timeout=60)


# --- Tatham's IDs -----------------------------------------------------------------

@pytest.mark.parametrize("program, params, kind, size", MODES, ids=[m[1] for m in MODES])
def test_tathams_ids_solve_to_his_solution(program, params, kind, size, tmp_path):
    for game_id in generated(program, params):
        puzzle = read_puzzle(game_id)
        assert (puzzle.kind, puzzle.n) == (kind, size), game_id
        result = solve(puzzle, limit=2)
        assert result.status == "unique", (game_id, result.reason)
        digits = list(result.solutions[0].digits)
        assert broken_rules(puzzle, digits) == [], game_id
        assert digits == tatham_solution(program, game_id, tmp_path), game_id
        assert puzzle_id(puzzle) == (game_id if kind != "sudoku" else str(puzzle))
        if kind != "sudoku":  # written back byte for byte, and read by Tatham's parser
            assert tatham_parses(program, puzzle_id(puzzle)).returncode == 0


@pytest.mark.parametrize("game_id, count", list(zip(GUARDIAN, (1, 5, 1, 1))))
def test_the_guardians_futoshikis(game_id, count, tmp_path):
    """#2 as the header writes it has five solutions (each checked by broken_rules): a sign
    must have been lost in its transcription; the others have one."""
    puzzle = read_puzzle(game_id)
    assert puzzle.kind == "futoshiki" and puzzle.n == 5
    found = solve(puzzle, limit=0).solutions
    assert len(found) == count
    assert all(broken_rules(puzzle, list(solution.digits)) == [] for solution in found)
    assert tatham_solution("sgt-unequal", game_id, tmp_path) in [list(solution.digits) for solution in found]


def test_the_checker_can_fail():
    """broken_rules finds a repeat on X's diagonal, a wrong cage sum and a broken sign."""
    x = read_puzzle(generated("sgt-solo", "2x2xdi", 1)[0])
    solution = list(solve(x).solutions[0].digits)
    swapped = solution[:]
    row = [0, 1, 2, 3]  # swapping two digits of row 1 keeps the row and breaks a column
    swapped[row[0]], swapped[row[1]] = swapped[row[1]], swapped[row[0]]
    assert broken_rules(Puzzle(x.shape, (0,) * 16), swapped)
    killer = read_puzzle(generated("sgt-solo", "2x2kdi", 1)[0])
    solution = list(solve(killer).solutions[0].digits)
    cage, *others = killer.cages
    wrong_sum = SimpleNamespace(**{key: getattr(killer, key) for key in ("n", "shape", "kind", "digits", "signs")},
                                cages=(type(cage)(cage.cells, cage.sum + 1), *others))  # no Puzzle takes it
    assert broken_rules(wrong_sum, solution) == [f"cage {wrong_sum.cages[0]}"]
    futoshiki = read_puzzle(GUARDIAN[0])
    solution = list(solve(futoshiki).solutions[0].digits)
    sign = futoshiki.signs[0]
    flipped = Puzzle(futoshiki.shape, futoshiki.digits, (), (type(sign)(sign.lesser, sign.greater),))
    assert any("sign" in rule for rule in broken_rules(flipped, solution))


@pytest.mark.parametrize("game_id", ["3x3x:a2_1_7_5f7f6a4e8_5f7d2_1_7d7f6_7e2a5f8f2_8_3_1", "9j:h4g1_5b9,bbca"])
def test_tathams_parser_refuses_what_we_refuse(game_id):
    """A truncated ID: both Tatham's parser and ours refuse it, ours saying what is missing."""
    program = "sgt-solo"
    assert tatham_parses(program, game_id).returncode == 1
    with pytest.raises(InvalidPuzzleError, match="describes"):
        read_puzzle(game_id)


# --- each kind's readable text ------------------------------------------------------

@pytest.mark.parametrize("program, params", [("sgt-solo", "9jdi"), ("sgt-solo", "3x3kdi"), ("sgt-unequal", "6dx")])
def test_readable_text_reads_back_the_same_puzzle(program, params):
    for game_id in generated(program, params, 2):
        puzzle = read_puzzle(game_id)
        text = write_form(puzzle)
        assert read_form(text, puzzle.kind) == puzzle
        assert read_puzzle(text) == puzzle  # auto-detected, as on paste and in the CLI


def test_a_newspaper_futoshiki():
    """The Guardian's first as a newspaper prints it, spaced out, with a blank line where no sign stands."""
    text = """
        .  <  .  <  .     .     .

        .  >  .  <  .     .  <  .
                          v
        .  >  .     2     .     .
                          v
        .     .     .     .     .
        ^                       ^
        .     .     .     .     .
    """
    assert read_puzzle(text) == read_puzzle(GUARDIAN[0])
    assert read_texts(text) == [text.strip("\n")]


def test_a_futoshiki_written_with_the_pages_signs_and_any_blank():
    """The signs the page draws (∧ ∨) and the blanks any grid takes (. 0 * _) read as Tatham's ^ v and ."""
    plain = write_form(read_puzzle(GUARDIAN[0]))
    blanks = iter("0*_" * 25)
    written = "".join(next(blanks) if ch == "." else ch for ch in plain).replace("^", "\u2227").replace("v", "\u2228")
    assert "\u2227" in written and "\u2228" in written and "_" in written
    assert read_puzzle(written) == read_puzzle(GUARDIAN[0])


# --- bad input names the problem ------------------------------------------------------

@pytest.mark.parametrize("text, kind, message", [
    ("killer:\n99: r1c1 r1c2", None, "cannot add up to 99"),
    ("jigsaw:\n" + "." * 16 + "\naabb\naabb\nccdd\ncddd", None, "region 3 of a 4x4 jigsaw has 3 cells, not 4"),
    ("3x3x:a2_1_7_5f7f6a4e8_5f7d2_1_7d7f6_7e2a5f8f2_8_3_1", None, "80 cells, not 81"),
    ("5:0,0", None, "2 of the 25 cells"),
    ("1" * 81, "x", "clash"),
    ("3x3k:zzzc,__aa,15", None, "edges"),
    ("futoshiki:\n1 < 2\n^\n3 . 4", None, "cells in each"),
])
def test_bad_input_is_named(text, kind, message):
    try:
        broken = fault(read_puzzle(text, kind=kind))
        error = broken.reason if broken else "no fault"
    except InvalidPuzzleError as raised:
        error = str(raised)
    assert re.search(message, error), error


def test_a_sign_between_cells_that_are_not_neighbours():
    puzzle = read_puzzle("4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,")
    sign = type(read_puzzle(GUARDIAN[0]).signs[0])
    with pytest.raises(InvalidPuzzleError, match="neighbour"):
        Puzzle(puzzle.shape, puzzle.digits, (), (sign(0, 5),))


def test_faults_name_the_kinds_rules():
    """A clash on X's diagonal, a cage's givens that cannot make its sum, givens that break a sign."""
    x = read_puzzle("x:" + "1" + "." * 14 + "1")
    assert fault(x).reason == "the givens clash: r1c1 and r4c4 both have 1 on the main diagonal"
    assert fault(x).cells == (0, 15)
    killer = read_puzzle(generated("sgt-solo", "2x2kdi", 1)[0])
    cage = next(cage for cage in killer.cages if len(cage.cells) == 2)
    a, b = next((a, b) for a in range(1, 5) for b in range(1, 5) if a != b and a + b != cage.sum)
    digits = [0] * 16
    digits[cage.cells[0]], digits[cage.cells[1]] = a, b
    broken = fault(Puzzle(killer.shape, tuple(digits), killer.cages))
    assert broken.cells == cage.cells and f"cannot add up to {cage.sum}" in broken.reason
    futoshiki = read_puzzle(GUARDIAN[0])
    sign = futoshiki.signs[0]
    digits = [0] * 25
    digits[sign.greater], digits[sign.lesser] = 1, 2
    broken = fault(Puzzle(futoshiki.shape, tuple(digits), (), futoshiki.signs))
    assert broken.cells == (sign.greater, sign.lesser) and "must be more than" in broken.reason


# --- the worker's and the command line's records ----------------------------------------

def test_solve_records_add_kind():
    for program, params in (("sgt-solo", "3x3kdi"), ("sgt-unequal", "5dt")):
        game_id = generated(program, params, 1)[0]
        record = web.solve(game_id)
        assert record["status"] == "unique" and record["kind"] == read_puzzle(game_id).kind
        assert record["puzzle"] == game_id and len(record["solutions"]) == 1
        forced = web.solve(game_id, kind="sudoku")
        assert forced["status"] == "invalid" and "not a sudoku" in forced["error"]


def test_cli_solve_reads_every_kind(tmp_path):
    """A file of game IDs of every kind, with a futoshiki's text between blank lines and comments."""
    ids = [generated(program, params, 1)[0] for program, params, *_ in MODES[1::3]]
    futoshiki = write_form(read_puzzle(GUARDIAN[0]))
    path = tmp_path / "puzzles.txt"
    path.write_text("# Tatham's\n" + "\n".join(ids) + "\n\n# the Guardian's first\n" + futoshiki + "\n")
    records = [json.loads(line) for line in cli("solve", str(path), "--json").splitlines()]
    assert [r["status"] for r in records] == ["unique"] * (len(ids) + 1)
    assert [r["kind"] for r in records] == [read_puzzle(i).kind for i in ids] + ["futoshiki"]
    assert records[-1]["puzzle"] == GUARDIAN[0]
    forced = [json.loads(line) for line in cli("solve", str(path), "--json", "--kind", "killer", check=False).splitlines()]
    assert [r["status"] == "unique" for r in forced] == [read_puzzle(i).kind == "killer" for i in ids] + [False]
    assert forced[-1]["error"] == "a killer's text lists its cages, a line each: 15: r1c1 r1c2"
    pretty = cli("solve", GUARDIAN[0], "--pretty")
    assert read_puzzle(pretty).signs == read_puzzle(GUARDIAN[0]).signs


def cli(*args: str, check: bool = True) -> str:
    return subprocess.run(["python3", "-m", "sudoku_dlx", *args], capture_output=True, text=True, check=check,
                          cwd=Path(__file__).parents[1], env=_env()).stdout


def _env() -> dict:
    import os
    return {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "py")}


def brute_force_count(puzzle: Puzzle) -> int:
    """The solutions of a 4x4 ``puzzle`` by trying every grid of permuted rows whose columns
    hold no digit twice (every kind's rule; the 576 latin squares) against the test's own rules."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = [()]
    for _ in range(4):
        grids = [grid + (row,) for grid in grids for row in rows if all(row[c] not in col for c, col in enumerate(zip(*grid)))]
    return sum(not broken_rules(puzzle, [d for row in grid for d in row]) for grid in grids)


@pytest.mark.parametrize("text", [
    "." * 16, "x:" + "." * 16, "futoshiki:\n" + "\n".join(["1 . . .", ". . . .", ". . . .", ". . . ."]),
    "futoshiki:\n. < . . .\n^\n. . . .\n. . . .\n. . . .",
    "jigsaw:\n" + "." * 16 + "\nabbb\naacb\nacdd\nccdd",
    "killer:\n3: r1c1 r1c2\n7: r1c3 r1c4\n5: r2c1 r3c1\n5: r2c2 r2c3\n5: r2c4 r3c4\n8: r3c2 r3c3 r4c2\n"
    "4: r4c1\n3: r4c3 r4c4",
], ids=["sudoku", "x", "latin", "futoshiki", "jigsaw", "killer"])
def test_counts_agree_with_brute_force(text):
    """Every solution of a small grid of each kind, counted by the engine and by trying every grid."""
    puzzle = read_puzzle(text)
    assert count_solutions(puzzle) == brute_force_count(puzzle) > 0


def test_the_batch_runs_every_kind_on_dlx_and_classic_alone_on_the_baselines():
    x_id = generated("sgt-solo", "3x3xdi", 1)[0]
    classic = generated("sgt-solo", "3x3di", 1)[0]
    batch = measure(["dlx", "textbook", "backtrack"], [x_id, classic])
    assert batch.runs["dlx"].status == ["unique", "unique"]
    assert batch.runs["textbook"].status == batch.runs["backtrack"].status == ["invalid", "unique"]


@pytest.mark.parametrize("kind, size, program", [
    ("x", 9, "sgt-solo"), ("jigsaw", 9, "sgt-solo"), ("killer", 9, "sgt-solo"), ("killer", 6, "sgt-solo"),
    ("futoshiki", 6, "sgt-unequal"), ("sudoku", 9, "sgt-solo"),
])
def test_our_puzzles_open_in_tathams_programs_with_our_solution(kind, size, program, tmp_path):
    """A puzzle of the project's own generation, written as a game ID, is read by Tatham's
    program, which saves the same solution as ours."""
    made = generate(size, seed=7, kind=kind, time_budget=5)
    game_id = write_game_id(made.puzzle)
    assert tatham_parses(program, game_id).returncode == 0
    assert tatham_solution(program, game_id, tmp_path) == list(made.solution.digits)
