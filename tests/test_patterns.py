"""The pattern techniques (fish.py, wings.py, uniqueness.py) on real puzzles: every step
sound, and how often each technique is found where HoDoKu's exemplars need it (on
hand-made positions: test_fish.py, test_wings.py, test_uniqueness.py)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from positions import empty_position, every_beyond_find, found
from conftest import lines, techniques_of
from sudoku_dlx import generate, parse, solve
from sudoku_dlx.rating import steps as rating_steps
from sudoku_dlx.techniques import basic, fish, uniqueness, wings
from sudoku_dlx.techniques.position import Position, Search, base_score
from sudoku_dlx.techniques.fish import (
    finned_jellyfish, finned_swordfish, finned_x_wing, jellyfish, swordfish, x_wing,
)
from sudoku_dlx.techniques.registry import TECHNIQUES as REGISTERED
from sudoku_dlx.techniques.uniqueness import (
    avoidable_rectangle, bug_plus_one, hidden_rectangle, unique_rectangle_1, unique_rectangle_2, unique_rectangle_3,
    unique_rectangle_4, unique_rectangle_6,
)
from sudoku_dlx.techniques.wings import w_wing, xy_wing, xyz_wing

FRANKEN = base_score("Franken fish")
#: The families of pattern techniques.
FAMILIES = ("fish", "wings", "uniqueness")
#: Their techniques, easiest first, but for the franken and mutant fish, whose searches
#: cost more (test_fish.py checks them on their exemplars): ``(base score, function)``.
TECHNIQUES = tuple((t.score, t.find) for t in REGISTERED if t.family in FAMILIES and t.score < FRANKEN)


def test_the_registry_is_every_technique_once_easiest_first():
    assert [base for base, _ in TECHNIQUES] == sorted(base for base, _ in TECHNIQUES)
    for module in (fish, wings, uniqueness):
        assert {t for _, t in techniques_of(module)} == {getattr(module, name) for name in module.__all__}


@pytest.mark.parametrize("technique", [t for _, t in TECHNIQUES], ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert found(technique, empty_position()) is None


# -- real puzzles ------------------------------------------------------------

REGISTRY = sorted(techniques_of(basic) + TECHNIQUES, key=lambda entry: entry[0])
EXEMPLARS = [row.split("\t") for row in lines("9x9/hodoku_exemplars_techniques.tsv")]
#: HoDoKu's name of a technique -> the function that should find it.
HODOKU = {
    "X-Wing": x_wing, "Swordfish": swordfish, "Jellyfish": jellyfish,
    "Finned X-Wing": finned_x_wing, "Sashimi X-Wing": finned_x_wing,
    "Finned Swordfish": finned_swordfish, "Sashimi Swordfish": finned_swordfish,
    "Finned Jellyfish": finned_jellyfish, "Sashimi Jellyfish": finned_jellyfish,
    "XY-Wing": xy_wing, "XYZ-Wing": xyz_wing, "W-Wing": w_wing,
    "Uniqueness Test Type 1": unique_rectangle_1, "Uniqueness Test Type 2": unique_rectangle_2,
    "Uniqueness Test Type 3": unique_rectangle_3, "Uniqueness Test Type 4": unique_rectangle_4,
    "Uniqueness Test Type 5": unique_rectangle_2, "Uniqueness Test Type 6": unique_rectangle_6,
    "Hidden Rectangle": hidden_rectangle, "Bivalue Universal Grave + 1": bug_plus_one,
}


@cache
def stuck_positions(puzzle: str) -> tuple[Position, ...]:
    """The positions along the solving path (basic and pattern techniques, easiest
    first, as :func:`sudoku_dlx.rating.steps` takes them) where the easiest step
    scores at least an X-wing's, until solved or stuck."""
    position = Position.from_puzzle(parse(puzzle))
    position.search = Search(givens=parse(puzzle).digits)
    positions = []
    while not position.solved:
        step = next((s for _, t in REGISTRY if (s := t(position))), None)
        if step is None:
            break
        if step.score >= TECHNIQUES[0][0]:
            positions.append(position.copy())
        position.apply(step)
    return tuple(positions)


def assert_sound(puzzle: str) -> int:
    """Run every pattern technique on the positions of :func:`stuck_positions` and check
    each step against the solution; the number of steps checked."""
    solution = solve(puzzle).solutions[0].digits
    checked = 0
    for position in stuck_positions(puzzle):
        for base, technique in TECHNIQUES:
            step = found(technique, position)
            if step is None:
                continue
            assert step.score >= base and step.text and step.cells
            assert step.placements or step.eliminations
            for cell, digit in step.eliminations:
                assert position.has(cell, digit) and solution[cell] != digit, (puzzle, step.text)
            for cell, digit in step.placements:
                assert position.has(cell, digit) and solution[cell] == digit, (puzzle, step.text)
            checked += 1
    return checked


@pytest.mark.slow
def test_every_step_is_sound_on_hodoku_exemplars():
    puzzles = [row[0] for row in EXEMPLARS if row[2] in HODOKU]
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 500


@pytest.mark.slow
def test_every_step_is_sound_on_rated_puzzles():
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 120)]  # about 1,400 steps
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 1000


@pytest.mark.parametrize("size, count", [(6, 80), (8, 40), (12, 12)])
def test_every_step_is_sound_on_boxes_that_are_not_square(size, count):
    puzzles = [str(generate(size, seed=seed).puzzle) for seed in range(count)]
    assert sum(assert_sound(puzzle) for puzzle in puzzles) > 10


def test_every_step_is_sound_on_16x16_puzzles():
    assert sum(assert_sound(puzzle) for puzzle in lines("16x16/vukr_16x16_first100.txt", 10)) > 50


def test_siamese_fish_take_the_eliminations_of_both_fish_in_one_step():
    """Two sashimi X-wings on the same rows (a real position of the SE sample), each
    with its own fins: one step with both fish's eliminations."""
    puzzle = ".......5..2..34..9....653713.69.1..........1..9168.........9.63754............7.."
    position = stuck_positions(puzzle)[0]
    step = found(finned_x_wing, position)
    assert step.technique == "Siamese sashimi X-wing"
    solution = solve(puzzle).solutions[0].digits
    assert all(position.has(cell, digit) and solution[cell] != digit for cell, digit in step.eliminations)
    assert step.text.count("Sashimi X-wing on") == 2
    parts = [set(re.findall(r"r\d+c\d+<>\d", part)) for part in step.text.split("Sashimi X-wing on")[1:]]
    assert parts[0] != parts[1] and set(position.removal(step.eliminations).split(", ")) == parts[0] | parts[1]


@pytest.mark.parametrize("name", HODOKU)
def test_hodoku_exemplars_are_found(name):
    """The technique is found on the path of (almost) every exemplar of it."""
    technique = HODOKU[name]
    puzzles = [row[0] for row in EXEMPLARS if row[2] == name]
    hits = sum(any(technique(position) for position in stuck_positions(puzzle)) for puzzle in puzzles)
    assert hits >= 0.9 * len(puzzles), f"{name}: {hits} of {len(puzzles)}"


def test_every_gives_each_fish_wing_and_rectangle_beside_finds_step():
    """HoDoKu's "all steps": on the paths of an XY-wing's and an XYZ-wing's exemplar."""
    puzzles = [[row[0] for row in EXEMPLARS if row[2] == name][1] for name in ("XY-Wing", "XYZ-Wing")]
    more = set().union(*(every_beyond_find(puzzle, FAMILIES, below=FRANKEN) for puzzle in puzzles))
    assert {"X-wing", "Finned swordfish", "Jellyfish", "XY-wing", "XYZ-wing", "W-wing", "WXYZ-wing",
            "Unique rectangle type 1", "Hidden rectangle"} <= more, more


@pytest.mark.slow
def test_avoidable_rectangles_are_found_on_the_paths_of_their_exemplars():
    """Avoidable rectangles need cells filled on the way, which depend on the
    path: the rating's path meets one in most of their exemplars."""
    puzzles = [row[0] for row in EXEMPLARS if row[2].startswith("Avoidable Rectangle")]
    hits = 0
    for puzzle in puzzles:
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solve(puzzle).solutions[0].digits, givens=parse(puzzle).digits)
        hits += any(avoidable_rectangle(position) for _ in rating_steps(position))
    assert hits >= 0.8 * len(puzzles)
