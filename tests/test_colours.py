"""Colouring (simple colours: traps and wraps over a whole cluster; multi-colours)
on hand-made positions, then every step on real puzzles checked against the solution."""

from __future__ import annotations

from positions import cells, confine, eliminated, empty_position, every_beyond_find, found
from conftest import lines, techniques_of
from sudoku_dlx import solve
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.techniques import basic, colours
from sudoku_dlx.techniques.position import Position
from sudoku_dlx.techniques.chains import forcing_x_chain, turbot_fish
from sudoku_dlx.techniques.colours import clusters, multi_colours, simple_colouring

from test_chains import exemplar_hits, three_link_position, walk
from test_techniques_kinds import CASES


def colouring_position() -> Position:
    """One cluster of strong links on 4: columns 1, 5, 9 joined by rows 5 and 8."""
    position = confine(three_link_position(), 4, "row 5", "r5c1 r5c5")
    return confine(position, 4, "row 8", "r8c5 r8c9")


def test_colour_trap():
    step = found(simple_colouring, colouring_position())
    assert (step.technique, step.score) == ("Simple colouring", 5.4)
    assert step.eliminations == eliminated("r1c7 r1c8 r2c2 r2c3", 4)
    assert step.text.startswith("Colour trap on 4:") and "alternate along strong links" in step.text
    assert len(step.links) == 5 and all(link.strong for link in step.links)
    assert found(turbot_fish, colouring_position()) is None


def test_a_colour_trap_takes_every_cell_that_sees_both_colours():
    # r1c1 r4c5 r8c8 r6c3 | r4c1 r8c5 r6c8 r2c3 alternate along columns 1, 5, 8, 3 and
    # rows 4, 8, 6. Box 1's r1c2 r2c2 r3c2 see r1c1 and r2c3 (the ends of seven strong
    # links), r5c2 sees r6c3 and r4c1 (five): all in one step, scored as the shortest
    # X-chain behind it (three strong links, all in rows: 5.4).
    position = empty_position()
    for unit, keep in (("column 1", "r1c1 r4c1"), ("row 4", "r4c1 r4c5"), ("column 5", "r4c5 r8c5"),
                       ("row 8", "r8c5 r8c8"), ("column 8", "r8c8 r6c8"), ("row 6", "r6c8 r6c3"),
                       ("column 3", "r6c3 r2c3")):
        position = confine(position, 4, unit, keep)
    cluster = clusters(position, 4)[0]  # the other is box 7's r7c2 | r9c2
    assert sorted(map(sorted, cluster.colours)) == sorted([cells("r1c1 r4c5 r6c3 r8c8"), cells("r2c3 r4c1 r6c8 r8c5")])
    step = found(simple_colouring, position)
    assert set(step.cells) == set(cluster.colour)  # box 7's pair traps the same cells, and comes second
    assert step.eliminations == eliminated("r1c2 r2c2 r3c2 r5c2", 4)
    assert step.score == 5.4


def test_a_colour_wrap_removes_the_whole_colour():
    # r1c1 and r2c2 take one colour and share box 1: that colour is false.
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "row 5", "r5c1 r5c5")
    position = confine(position, 4, "column 5", "r5c5 r2c5")
    position = confine(position, 4, "row 2", "r2c5 r2c2")
    step = found(simple_colouring, position)
    assert step.eliminations == eliminated("r1c1 r2c2 r5c5", 4)
    assert step.text.startswith("Colour wrap on 4:")
    # Scored as the forcing X-chain r1c1=4 -> ... -> r2c2=4 -> r1c1<>4 (6 terms), which finds part of it.
    assert step.score == found(forcing_x_chain, position).score == 6.6


def test_no_colouring_without_a_cluster():
    assert found(simple_colouring, three_link_position()) is None


def two_clusters() -> Position:
    """Clusters on 4: r1c1 r5c9 | r5c1 (column 1, row 5) and r1c7 | r4c7 (column 7)."""
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "row 5", "r5c1 r5c9")
    return confine(position, 4, "column 7", "r1c7 r4c7")


def test_multi_colours_both_types():
    position = two_clusters()
    one, two = clusters(position, 4)
    steps = {step.eliminations for step in colours._multi(position, one, two)}
    # r1c1 r5c9 see r1c7 (row 1) and r4c7 (box 6), both colours of the other cluster:
    # that colour is false (type 2). It sees r1c7, so r5c1 or r4c7 is 4, and r1c1 sees r4c7,
    # so r5c1 or r1c7 is: r4c2 r4c3 r5c9 see r5c1 and r4c7, r1c1 sees r5c1 and r1c7 (type 1).
    assert steps == {eliminated("r1c1 r5c9", 4), eliminated("r1c1 r4c2 r4c3 r5c9", 4)}
    step = found(multi_colours, position)
    assert (step.technique, step.score) == ("Multi-colours", 5.4)
    assert step.eliminations == eliminated("r1c1 r4c2 r4c3 r5c9", 4)
    assert found(simple_colouring, position) is None


def test_no_multi_colours_of_one_cluster():
    assert found(multi_colours, colouring_position()) is None


def test_every_colouring_step_is_sound_on_rated_puzzles():
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 80)]
    names = [name for puzzle in puzzles for name in walk(puzzle, techniques_of(colours))]
    assert {"Simple colouring", "Multi-colours"} <= set(names)


def test_hodoku_exemplars_meet_colouring_on_their_path():
    hits, puzzles = exemplar_hits("Simple Colors", simple_colouring)
    assert hits == puzzles


def test_colouring_is_sound_in_every_kind():
    """Each kind's puzzles solved with singles and colouring alone, as far as they go:
    every colouring step against the solution."""
    taken = set()
    singles = (basic.full_house, basic.hidden_single, basic.naked_single)
    for kind, text in CASES:
        puzzle = read_puzzle(text)
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(puzzle)
        while (step := next((s for t in singles if (s := t(position))), None)
               or simple_colouring(position) or multi_colours(position)) is not None:
            if step.technique in ("Simple colouring", "Multi-colours"):
                taken.add(kind)
                assert all(solution[x] != d for x, d in step.eliminations), (kind, step.text)
            position.apply(step)
    assert {"x", "windoku", "jigsaw", "killer", "futoshiki"} <= taken


def test_every_gives_each_colouring_beside_finds_step():
    """HoDoKu's "all steps": every cluster's trap and wrap, every pair of clusters' multi-colours,
    on the path of a simple colours exemplar."""
    puzzle = next(row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv")
                  if row.split("\t")[2] == "Simple Colors")
    assert every_beyond_find(puzzle, ("colours",)) == {"Simple colouring", "Multi-colours"}
