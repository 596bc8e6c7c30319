"""Almost locked sets (ALS-XZ, ALS-XY-wing, ALS chains, death blossoms) and Sue de
Coq on hand-made candidates, then on real puzzles: every step checked against the
solution, and found where HoDoKu's exemplars need them."""

from __future__ import annotations

import pytest
from positions import cells, eliminated, empty_position, found, with_candidates
from conftest import lines, techniques_of
from sudoku_dlx import parse, solve
from sudoku_dlx.rating import next_step
from sudoku_dlx.techniques import als
from sudoku_dlx.techniques.als import als_chain, als_xy_wing, als_xz, death_blossom, sue_de_coq
from sudoku_dlx.techniques.position import Position, Search
from sudoku_dlx.techniques.chains import grouped_aic
from sudoku_dlx.techniques.notation import eureka
from sudoku_dlx.techniques.registry import TECHNIQUES as REGISTRY


TECHNIQUES = techniques_of(als)


def test_als_xz():
    # r1c1 (1 2) and r5c1 r5c2 (1 3, 2 3): the 1 of r1c1 sees the 1 of r5c1, so one of them is locked
    # and a 2 is in r1c1 or r5c2: the cells that see both lose it.
    position = with_candidates(empty_position(), {"r1c1": "12", "r5c1": "13", "r5c2": "23"})
    step = found(als_xz, position)
    assert (step.technique, step.score) == ("ALS-XZ", 7.1)
    assert step.eliminations == eliminated("r1c2 r2c2 r3c2 r4c1 r6c1", 2)
    assert step.text.startswith("ALS-XZ: {r1c1} (12) and {r5c1 r5c2} (123) are almost locked sets")


def test_doubly_linked_als_xz_locks_both():
    # r1c1 (1 2) and r1c4 r1c5 (1 3, 2 3): 1 and 2 both link them, so both are locked.
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c4": "13", "r1c5": "23"})
    step = found(als_xz, position)
    assert step.technique == "ALS-XZ (doubly linked)"
    assert set(eliminated("r1c2 r1c9", 1) + eliminated("r1c2 r1c9", 2)) <= set(step.eliminations)
    assert (cells("r2c1")[0], 1) not in step.eliminations  # it sees r1c1 but not r1c4
    assert set(eliminated("r2c4 r2c5 r3c6", 3)) <= set(step.eliminations)  # box 2 loses the 3 of r1c4 r1c5


def test_als_xz_of_overlapping_alss():
    # {r1c1 r1c5} (134) of row 1 and {r1c1 r1c3 r2c2 r3c2} (12345) of box 1 share r1c1, which
    # has no 1; the 1s of r1c5 and r1c3 see each other, so one ALS is locked and holds the 3
    # and the 4: r1c2, which sees them all, loses both. No two ALSs sharing no cell do this.
    position = with_candidates(empty_position(), {"r1c1": "34", "r1c5": "134", "r1c3": "125", "r2c2": "23",
                                            "r3c2": "245"})
    step = found(als_xz, position)
    assert step.technique == "ALS-XZ"
    assert step.eliminations == eliminated("r1c2", 3) + eliminated("r1c2", 4)
    assert "{r1c1 r1c5} (134) and {r1c1 r1c3 r2c2 r3c2} (12345)" in step.text


def test_no_als_xz_on_a_digit_of_the_shared_cells():
    # As above, but r1c1 may hold the 1 too: it would be in both ALSs, so 1 links nothing.
    position = with_candidates(empty_position(), {"r1c1": "134", "r1c5": "134", "r1c3": "125", "r2c2": "23",
                                            "r3c2": "245"})
    step = found(als_xz, position)
    assert step is None or "{r1c1 r1c5} (134) and {r1c1 r1c3" not in step.text


def test_no_als_xz_without_a_restricted_common_candidate():
    position = with_candidates(empty_position(), {"r1c1": "12", "r5c2": "13", "r5c3": "23"})
    assert found(als_xz, position) is None


def test_als_xy_wing():
    # Pivot r5c5 (1 2), linked by 1 to r5c1 (1 3) and by 2 to r1c5 (2 3): one of those holds the 3.
    position = with_candidates(empty_position(), {"r5c5": "12", "r5c1": "13", "r1c5": "23"})
    step = found(als_xy_wing, position)
    assert (step.technique, step.score, step.eliminations) == ("ALS-XY-wing", 7.2, eliminated("r1c1", 3))


def test_als_chain():
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "41"})
    step = found(als_chain, position)
    assert (step.technique, step.score, step.eliminations) == ("ALS chain", 7.3, eliminated("r1c9 r5c1", 1))


def test_death_blossom():
    # Stem r5c5 (1 2): if 1, r5c1 (1 3) is 3; if 2, r1c5 (2 3) is 3.
    position = with_candidates(empty_position(), {"r5c5": "12", "r5c1": "13", "r1c5": "23"})
    step = found(death_blossom, position)
    assert (step.technique, step.score, step.eliminations) == ("Death blossom", 7.4, eliminated("r1c1", 3))
    position = with_candidates(position, {"r5c5": "123"})  # the 3 is the stem's too
    assert found(death_blossom, position) is None


def test_death_blossom_of_overlapping_petals():
    # Stem r2c1 (4 5): {r2c2 r3c2} (3 4 5) is the petal of both digits (its 4 and its 5 see
    # the stem), so whatever the stem holds, the petal holds the 3, in r2c2 alone: all its
    # peers lose it, r2c3 and r3c3 too (next to the petal's cells: a sum of the petals' bit
    # sets, not their union, once carried into them).
    position = with_candidates(empty_position(), {"r5c5": "125", "r2c1": "45", "r2c2": "35", "r5c1": "14",
                                            "r3c2": "45"})
    step = found(death_blossom, position)
    assert step.eliminations == tuple(sorted(
        eliminated("r1c1 r1c2 r1c3 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9 r3c1 r3c3 r4c2 r5c2 r6c2 r7c2 r8c2 r9c2", 3)))
    assert "4: {r2c2 r3c2} (345); 5: {r2c2 r3c2} (345)" in step.text


def test_grouped_aic_through_an_als():
    # {r5c1 r5c2 r5c3} (1234) is an ALS: without its 1 (r5c2) it is locked and holds the 3 in
    # r5c1 or r5c3. r4c2=3 -> r1c2=1 -> r5c2<>1 -> {r5c1 r5c3}=3 -> r4c2<>3; no chain of
    # single cells and box-line groups does it (r5c3 has three digits).
    position = with_candidates(empty_position(), {"r1c2": "13", "r5c2": "14", "r5c3": "234", "r5c1": "23"})
    position.search = Search()
    step = found(grouped_aic, position)
    assert (step.technique, step.eliminations) == ("Grouped AIC", eliminated("r4c2 r6c2", 3))
    assert "{r5c1 r5c3}=3" in step.text or "{r5c1 r5c3}<>3" in step.text  # the ALS as a term
    assert eureka(step, position.shape) == ""  # its links do not name the ALS: no notation rather than a wrong one


def test_sue_de_coq():
    # r1c1 r1c2 hold 1-4; r1c6 (1 2) of the row and r2c3 (3 4) of the box share no digit: the row's
    # other cells lose 1 and 2, the box's lose 3 and 4, and r1c3, in both, all four.
    position = with_candidates(empty_position(), {"r1c1": "123", "r1c2": "124", "r1c6": "12", "r2c3": "34"})
    step = found(sue_de_coq, position)
    assert (step.technique, step.score) == ("Sue de Coq", 5.3)
    row = "r1c4 r1c5 r1c7 r1c8 r1c9"
    box = "r2c1 r2c2 r3c1 r3c2 r3c3"
    expected = set()
    for digit in (1, 2):
        expected |= set(eliminated(row + " r1c3", digit))
    for digit in (3, 4):
        expected |= set(eliminated(box + " r1c3", digit))
    assert set(step.eliminations) == expected


def test_no_sue_de_coq_when_the_parts_share_a_digit():
    position = with_candidates(empty_position(), {"r1c1": "123", "r1c2": "124", "r1c6": "13", "r2c3": "34"})
    assert found(sue_de_coq, position) is None


@pytest.mark.parametrize("technique", [t for _, t in TECHNIQUES], ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert found(technique, empty_position(6)) is None


def test_the_registry_is_every_technique_once_easiest_first():
    assert [base for base, _ in TECHNIQUES] == sorted(base for base, _ in TECHNIQUES)
    assert {t.__name__ for _, t in TECHNIQUES} == set(als.__all__)


def test_every_step_is_sound_on_real_puzzles():
    """Each technique on every position of the rating's path of SE-rated puzzles,
    each step checked against the solution."""
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 5)]
    found_names = set()
    for puzzle in puzzles:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solution)
        count = 0
        while not position.solved:
            count += 1
            for _, technique in TECHNIQUES if count % 3 == 1 else ():  # every third position
                step = technique(position)
                if step:
                    found_names.add(step.technique)
                    for cell, digit in step.eliminations:
                        assert position.has(cell, digit) and solution[cell] != digit, step.text
            position.apply(next_step(position))
    assert {"Sue de Coq", "ALS-XZ", "ALS-XY-wing", "ALS chain", "Death blossom"} <= found_names


@pytest.mark.parametrize("name, technique", [
    ("Sue de Coq", sue_de_coq), ("ALS-XZ rule", als_xz), ("ALS-XY-Wing rule", als_xy_wing),
    ("ALS-XY-Chain", als_chain),
])
def test_hodoku_exemplars_meet_the_technique_on_their_path(name, technique):
    puzzles = [row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv") if row.split("\t")[2] == name]
    hits = 0
    for puzzle in puzzles:
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solve(puzzle).solutions[0].digits)
        while not position.solved and not technique(position):
            position.apply(next_step(position))
        hits += not position.solved
    assert hits >= 0.9 * len(puzzles)


@pytest.mark.parametrize("technique", [als_xz, als_xy_wing, als_chain, death_blossom, sue_de_coq],
                         ids=lambda t: t.__name__)
def test_every_lists_more_than_the_first_step_each_sound(technique):
    """On the first position of SE-rated puzzles' rating paths where the technique has
    several steps, ``Technique.every`` lists them all (HoDoKu's "all steps"), the
    eliminations of ``find``'s step among them; each step against the solution."""
    entry = next(t for t in REGISTRY if t.find is technique)
    for puzzle in [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 5)]:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solution)
        while not position.solved:
            step = technique(position)
            if step is not None:
                steps = entry.every(position)
                assert step.eliminations in [each.eliminations for each in steps]
                for each in steps:
                    assert all(position.has(x, d) and solution[x] != d for x, d in each.eliminations), each.text
                if len(steps) > 1:
                    return
            position.apply(next_step(position))
    pytest.fail(f"no position with several {entry.name} steps")
