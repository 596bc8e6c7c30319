"""Templates on hand-made 4x4 positions (one digit's places restricted), their
count on an empty grid, and every step on real puzzles checked against the solution."""

from __future__ import annotations

import pytest
from positions import cells, empty_position, found
from conftest import lines
from sudoku_dlx import parse, solve
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.techniques import basic
from sudoku_dlx.techniques.position import Position
from sudoku_dlx.techniques.registry import TECHNIQUES
from sudoku_dlx.techniques.templates import digit_templates, templates

from test_techniques_kinds import CASES


def allow(position: Position, digit: int, keep: str) -> Position:
    """Make the cells ``keep`` the only places of ``digit`` on ``position``."""
    kept = cells(keep, position.n)
    for x in range(position.shape.cells):
        if x not in kept:
            position.eliminate(x, digit)
    return position


def test_an_empty_grid_has_46656_templates_of_a_digit():
    assert len(digit_templates(empty_position(), 1, tries=10**6)) == 46656
    assert digit_templates(empty_position(), 1) is None  # past the bound


def test_a_cell_in_every_template_is_placed():
    # Of 1 at r1c1/r1c3, r2c1/r2c4, r3c2/r3c3 and r4c4 one template is left:
    # r1c1 would leave row 2 only r2c4, in the column of row 4's only place.
    position = allow(empty_position(4), 1, "r1c1 r1c3 r2c1 r2c4 r3c2 r3c3 r4c4")
    assert digit_templates(position, 1) == [sum(1 << x for x in cells("r1c3 r2c1 r3c2 r4c4", 4))]
    step = found(templates, position)
    assert (step.technique, step.score) == ("Templates", 8.0)
    assert step.placements == tuple((x, 1) for x in sorted(cells("r1c3 r2c1 r3c2 r4c4", 4)))
    assert step.text.startswith("Templates on 1: of the 1 way")


def test_a_candidate_in_no_template_goes():
    # 1 at r1c1/r1c2, r2c1/r2c3/r2c4, r3c1/r3c3, r4c2/r4c4: the two templates
    # r1c1 r2c4 r3c3 r4c2 and r1c2 r2c3 r3c1 r4c4 share no cell and miss r2c1 (box 1 is row 1's).
    position = allow(empty_position(4), 1, "r1c1 r1c2 r2c1 r2c3 r2c4 r3c1 r3c3 r4c2 r4c4")
    assert len(digit_templates(position, 1)) == 2
    step = found(templates, position)
    assert step.placements == () and step.eliminations == ((cells("r2c1", 4)[0], 1),)


def test_templates_that_take_another_digits_certain_cell_are_dropped():
    # 1 has two templates, r1c1 r2c4 r3c3 r4c2 and r1c3 r2c1 r3c2 r4c4; every template of 2
    # takes r1c1 (row 1's only 2), so the first goes and the second is placed.
    position = allow(empty_position(4), 1, "r1c1 r1c3 r2c1 r2c4 r3c2 r3c3 r4c2 r4c4")
    assert len(digit_templates(position, 1)) == 2
    for name in ("r1c2", "r1c3", "r1c4"):
        position.eliminate(cells(name, 4)[0], 2)
    step = found(templates, position)
    assert step.placements == tuple((x, 1) for x in sorted(cells("r1c3 r2c1 r3c2 r4c4", 4)))


def test_every_template_step_is_sound_on_rated_puzzles():
    """Solving rated puzzles with singles, locked candidates and templates alone:
    each templates step against the solution."""
    cheap = (basic.full_house, basic.hidden_single, basic.naked_single, basic.pointing, basic.claiming)
    taken = 0
    for puzzle in [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 60)]:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        while not position.solved:
            step = next((s for t in cheap if (s := t(position))), None) or templates(position)
            if step is None:
                break
            if step.technique == "Templates":
                taken += 1
                assert all(solution[x] == d for x, d in step.placements), step.text
                assert all(solution[x] != d for x, d in step.eliminations), step.text
            position.apply(step)
    assert taken > 30


def test_every_lists_a_step_per_digit_each_sound():
    """``Technique.every`` gives a templates step for each digit that places or
    eliminates (HoDoKu's "template set" and "template delete"), ``find``'s first;
    each against the solution."""
    entry = next(t for t in TECHNIQUES if t.find is templates)
    for puzzle in [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 20)]:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        steps = entry.every(position)
        if len(steps) > 1:
            assert steps[0] == templates(position)
            placing = [s.placements[0][1] for s in steps if s.placements]
            deleting = [s.eliminations[0][1] for s in steps if s.eliminations]
            assert len(set(placing)) == len(placing) and len(set(deleting)) == len(deleting)  # one of each per digit
            for step in steps:
                assert all(solution[x] == d for x, d in step.placements), step.text
                assert all(solution[x] != d for x, d in step.eliminations), step.text
            return
    pytest.fail("no puzzle with several templates steps")


def test_templates_are_sound_in_every_kind():
    """From the start of each kind's puzzles (the units of the kind, a killer's cages
    left out, a futoshiki's signs too), the templates' steps: each against the solution."""
    taken = set()
    for kind, text in CASES:
        puzzle = read_puzzle(text)
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(puzzle)
        while (step := templates(position)) is not None:
            taken.add(kind)
            assert all(solution[x] == d for x, d in step.placements), (kind, step.text)
            assert all(solution[x] != d for x, d in step.eliminations), (kind, step.text)
            position.apply(step)
    assert {"x", "windoku", "jigsaw", "killer", "futoshiki"} <= taken
