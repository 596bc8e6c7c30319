"""The chains (turbot fish, colouring, X- and XY-chains, remote pairs, forcing chains) on
hand-made positions, then on real puzzles: soundness of every step, texts that
name real candidates, and SE's length bonus."""

from __future__ import annotations

import re
from functools import cache

import pytest
from positions import cells, confine, eliminated, empty_position, found, transposed, with_candidates
from conftest import lines, techniques_of
from sudoku_dlx import parse, solve
from sudoku_dlx.rating import steps as rating_steps
from sudoku_dlx.techniques import basic, chains, fish, uniqueness, wings
from sudoku_dlx.techniques.position import Position, Link, Search, bits
from sudoku_dlx.techniques.chains import (
    empty_rectangle, forcing_chain, forcing_x_chain, grouped_aic, remote_pairs, turbot_fish, x_chain,
    xy_chain,
)
from sudoku_dlx.techniques.forcing import Found, lower
from sudoku_dlx.techniques.links import length_bonus
from sudoku_dlx.techniques.registry import TECHNIQUES as REGISTERED


TECHNIQUES = techniques_of(chains)


def confine_box(position: Position, digit: int, box: int, keep: str) -> Position:
    """Make the cells ``keep`` the only places of ``digit`` in box ``box`` (1-based)."""
    kept = cells(keep, position.n)
    for x in position.units[2 * position.n + box - 1]:
        if x in kept:
            position.candidates[x] |= bits([digit])
        else:
            position.eliminate(x, digit)
    return position


# -- length bonus ------------------------------------------------------------

#: SE's length bonus by term count: +0.1 past 6, 8, 10, 14, 18, 26, 34 terms.
SE_BONUS = {2: 0.0, 6: 0.0, 7: 0.1, 8: 0.1, 9: 0.2, 10: 0.2, 11: 0.3, 14: 0.3, 15: 0.4, 18: 0.4,
            19: 0.5, 26: 0.5, 27: 0.6, 34: 0.6, 35: 0.7}


@pytest.mark.parametrize("terms, bonus", SE_BONUS.items())
def test_length_bonus_is_se(terms, bonus):
    assert length_bonus(terms) == pytest.approx(bonus)


# -- turbot fish -------------------------------------------------------------


def skyscraper_position() -> Position:
    position = confine(empty_position(), 4, "column 1", "r1c1 r7c1")
    return confine(position, 4, "column 5", "r2c5 r7c5")


def test_skyscraper():
    step = found(turbot_fish, skyscraper_position())
    assert (step.technique, step.score) == ("Skyscraper", 4.0)
    assert step.eliminations == eliminated("r1c4 r1c6 r2c2 r2c3", 4)
    assert step.text == (
        "Skyscraper on 4: r1c1=4 or r7c1=4 (column 1), r7c5=4 or r2c5=4 (column 5), and r7c1 sees r7c5, "
        "so r1c1 or r2c5 is 4: r1c4<>4, r1c6<>4, r2c2<>4, r2c3<>4."
    )
    assert found(turbot_fish, transposed(skyscraper_position())).technique == "Skyscraper"


def test_no_skyscraper_when_the_near_ends_do_not_see_each_other():
    position = confine(skyscraper_position(), 4, "column 5", "r2c5 r8c5")
    assert found(turbot_fish, position) is None


def test_two_string_kite():
    position = confine(empty_position(), 4, "row 1", "r1c2 r1c7")
    position = confine(position, 4, "column 1", "r3c1 r8c1")
    step = found(turbot_fish, position)
    assert (step.technique, step.score) == ("Two-string kite", 4.1)
    assert step.eliminations == eliminated("r8c7", 4)


def test_turbot_fish_with_a_box():
    position = confine_box(empty_position(), 4, 1, "r1c1 r3c3")
    position = confine(position, 4, "column 5", "r3c5 r8c5")
    step = found(turbot_fish, position)
    assert (step.technique, step.score) == ("Turbot fish", 4.2)
    assert step.eliminations == eliminated("r8c1", 4)


def test_dual_two_string_kite():
    # r2c2 and r3c3 (box 1) each end a strong link in their row and one in their column: the two kites
    # crossed through them (and the two pairs of parallel links) make one step.
    position = empty_position()
    for unit, keep in (("row 2", "r2c2 r2c7"), ("column 3", "r3c3 r8c3"), ("column 2", "r2c2 r9c2"),
                       ("row 3", "r3c3 r3c8")):
        position = confine(position, 4, unit, keep)
    step = found(turbot_fish, position)
    assert (step.technique, step.score) == ("Dual two-string kite", 4.1)
    assert set(eliminated("r8c7 r9c8", 4)) <= set(step.eliminations)  # the two kites'
    single = confine(empty_position(), 4, "row 2", "r2c2 r2c7")
    assert found(turbot_fish, confine(single, 4, "column 3", "r3c3 r8c3")).technique == "Two-string kite"


def test_empty_rectangle():
    # Box 1 has its 5 only in row 2 and column 2; column 7 has it only in r2c7 and r8c7: a 5 in r8c2
    # would leave r8c7 without one, so r2c7=5, and box 1 none.
    position = confine_box(empty_position(), 5, 1, "r2c1 r2c2 r2c3 r1c2 r3c2")
    position = confine(position, 5, "column 7", "r2c7 r8c7")
    step = found(empty_rectangle, position)
    assert (step.technique, step.score, step.eliminations) == ("Empty rectangle", 4.2, eliminated("r8c2", 5))
    assert step.units == (18, 1, 10) and step.links[0].strong
    # A second strong link from the same row: both eliminations in one step (a dual empty rectangle).
    position = confine(position, 5, "column 5", "r2c5 r6c5")
    step = found(empty_rectangle, position)
    assert step.eliminations == eliminated("r6c2 r8c2", 5)
    assert found(empty_rectangle, confine_box(empty_position(), 5, 1, "r1c1 r3c3")) is None


def test_grouped_aic_uses_a_box_and_line_group():
    # The empty rectangle's chain, with groups: r8c2=5 -> {r1c2 r3c2}<>5 -> {r2c1 r2c2 r2c3}=5
    # -> r2c7<>5 -> r8c7=5 -> r8c2<>5 (or the same chain the other way round).
    position = confine_box(empty_position(), 5, 1, "r2c1 r2c2 r2c3 r1c2 r3c2")
    position = confine(position, 5, "column 7", "r2c7 r8c7")
    step = found(grouped_aic, position)
    assert (step.technique, step.score) == ("Grouped X-chain", 7.1)
    assert step.eliminations == eliminated("r8c2", 5)
    assert "{r1c2 r3c2}" in step.text or "{r1c2 r2c2 r3c2}" in step.text
    assert found(grouped_aic, three_link_position()) is None  # chains without groups are forcing_chain's


# -- X-chains -----------------------------------------------------------------


def three_link_position() -> Position:
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "column 5", "r5c5 r8c5")
    return confine(position, 4, "column 9", "r8c9 r2c9")


def test_x_chain_of_three_strong_links():
    position = three_link_position()
    assert found(turbot_fish, position) is None
    step = found(x_chain, position)
    assert (step.technique, step.score) == ("X-chain", 5.4)
    # r1c1 or r2c9 holds the 4: every cell seeing both loses it, in one step.
    assert step.eliminations == eliminated("r1c7 r1c8 r2c2 r2c3", 4)
    assert re.fullmatch(r"X-chain on 4: r\dc\d=4 -> (r\dc\d(<>|=)4 -> ){6}r\dc\d<>4, so r\dc\d=4 or r\dc\d=4: "
                        r"r1c7<>4, r1c8<>4, r2c2<>4, r2c3<>4\.", step.text)
    assert len(step.links) == 7 and [link.strong for link in step.links] == [False, True] * 3 + [False]


def test_x_chain_with_a_box_and_both_kinds_of_line_scores_as_a_kite():
    position = confine(empty_position(), 4, "row 1", "r1c1 r1c4")
    position = confine_box(position, 4, 5, "r5c4 r6c6")
    position = confine(position, 4, "column 9", "r6c9 r9c9")
    step = found(x_chain, position)
    assert (step.technique, step.score) == ("X-chain", 5.6)
    assert step.eliminations == eliminated("r9c1", 4)


def test_no_x_chain_on_an_empty_grid_of_pairs():
    assert found(x_chain, skyscraper_position()) is None


def test_a_forcing_x_chain_over_a_colour_wrap_places_first():
    # r1c1 and r2c2 take one colour and share box 1: that colour is false.
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "row 5", "r5c1 r5c5")
    position = confine(position, 4, "column 5", "r5c5 r2c5")
    position = confine(position, 4, "row 2", "r2c5 r2c2")
    step = found(forcing_x_chain, position)
    assert (step.technique, step.score) == ("X-chain", 6.6)
    # The colour of r1c1 is false, so the other (r5c1, r2c5) is true: a chain that
    # places a 4 of it comes first; every 4 eliminated is of the false colour or sees the true one.
    false, true = cells("r1c1 r2c2 r5c5"), cells("r5c1 r2c5")
    assert len(step.placements) == 1 and step.placements[0] in {(x, 4) for x in true}
    assert all(
        digit == 4 and (cell in false or any(cell in position.peers[t] for t in true)) for cell, digit in step.eliminations
    )


def test_a_forcing_x_chain_places_a_digit():
    # r1c1<>4 -> r5c1=4 -> r5c8<>4 -> r2c8=4 -> r2c2<>4 -> r1c1=4: r1c1 is 4, so its peers are not.
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "column 8", "r2c8 r5c8")
    position = confine_box(position, 4, 1, "r1c1 r2c2")
    step = found(forcing_x_chain, position)
    assert (step.technique, step.score) == ("X-chain", 6.6)
    r1c1 = cells("r1c1")[0]
    assert set(step.placements) <= {(r1c1, 4)}
    assert all(digit == 4 and cell in position.peers[r1c1] for cell, digit in step.eliminations)


# -- XY-chains ---------------------------------------------------------------


def xy_chain_position() -> Position:
    return with_candidates(empty_position(), {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "41"})


def test_xy_chain_scores_as_a_forcing_chain():
    step = found(forcing_chain, xy_chain_position())
    assert (step.technique, step.score) == ("XY-chain", 7.2)
    assert step.eliminations == eliminated("r1c9 r5c1", 1)
    assert step.cells[1:5] in (tuple(cells("r1c1 r1c5 r5c5 r5c9")), tuple(cells("r5c9 r5c5 r1c5 r1c1")))


def test_no_xy_chain_when_a_link_is_missing():
    position = with_candidates(xy_chain_position(), {"r5c5": "35"})
    assert found(forcing_chain, position) is None


def test_the_chain_that_eliminates_most_of_its_length_comes_first():
    # Two XY-chains of four cells score 7.2 each: the first, r1c1..r5c9 (the position above),
    # has ends in different bands and stacks (2 cells see both); the second,
    # r7c1=5 .. r8c4=5, has ends in one band (6 cells see both). The search by
    # targets in cell order found the first; the second eliminates more.
    position = with_candidates(xy_chain_position(), {"r7c1": "56", "r2c1": "67", "r2c4": "78", "r8c4": "85"})
    for technique in (forcing_chain, xy_chain):
        step = found(technique, position)
        assert (step.technique, step.score) == ("XY-chain", 7.2)
        assert step.eliminations == eliminated("r7c4 r7c5 r7c6 r8c1 r8c2 r8c3", 5)
        assert {link.a[0] for link in step.links} == set(cells("r7c1 r2c1 r2c4 r8c4 r7c4"))


def test_an_xy_chain_places_nothing_and_closes_no_loop():
    # r1c1 and r5c9 see each other in the loop's last link: forcing_chain takes the
    # continuous loop, xy_chain only what both ends see.
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c1": "41"})
    loop = found(forcing_chain, position)
    assert loop.technique == "Continuous nice loop" and len(loop.eliminations) > 7
    step = found(xy_chain, position)
    assert (step.technique, step.placements) == ("XY-chain", ())
    assert set(step.eliminations) < set(loop.eliminations) and {d for _, d in step.eliminations} == {1}


def test_of_forcing_deductions_of_one_score_the_one_that_places_then_proves_most_comes_first():
    one, two = Found(8.2, [10], "cell", [], (0,), []), Found(8.2, [10, 12], "cell", [], (1,), [])
    places = Found(8.2, [11], "unit", [], (2,), [])  # an on-term: a placement
    assert lower(one, two) is two and lower(two, one) is two
    assert lower(two, places) is places and lower(places, two) is places
    easier = Found(8.1, [10], "cell", [], (3,), [])
    assert lower(places, easier) is easier and lower(one, Found(8.2, [14], "cell", [], (4,), [])) is one


# -- remote pairs ------------------------------------------------------------


def remote_pairs_position() -> Position:
    # Six cells of 5 and 8, each seeing the next: r1c1 r1c5 r4c5 r4c8 r9c8 r9c2.
    chain = "r1c1 r1c5 r4c5 r4c8 r9c8 r9c2"
    return with_candidates(empty_position(), {name: "58" for name in chain.split()})


def test_remote_pairs_take_both_digits_from_every_cell_that_sees_both_colours():
    step = found(remote_pairs, remote_pairs_position())
    # r1c1-r4c8 (3 links apart): r1c8 r4c1; r1c1-r9c2 (5): r1c2 r2c2 r3c2 r7c1 r8c1 r9c1;
    # r1c5-r9c8 (3): r1c8 r9c5; r4c5-r9c2 (3): r4c2 r9c5. Cells 1 link apart are a naked pair's.
    lost = cells("r1c2 r1c8 r2c2 r3c2 r4c1 r4c2 r7c1 r8c1 r9c1 r9c5")
    assert step.technique == "Remote pairs"
    assert step.eliminations == tuple((x, d) for x in sorted(lost) for d in (5, 8))
    assert step.score == 7.3  # the XY-chain of six cells that r2c2's elimination needs: 14 terms
    assert step.cells == tuple(cells("r1c1 r1c5 r4c5 r4c8 r9c8 r9c2"))
    r1c1, r1c5 = cells("r1c1 r1c5")
    assert step.links[:3] == (Link((r1c1, 5), (r1c1, 8), True), Link((r1c1, 8), (r1c5, 8), False),
                              Link((r1c5, 8), (r1c5, 5), True))
    assert step.text.startswith("Remote pairs on 5/8: r1c1, r1c5, r4c5, r4c8, r9c8, r9c2 hold only 5 and 8")


def test_remote_pairs_need_two_cells_three_links_apart():
    position = with_candidates(empty_position(), {name: "58" for name in "r1c1 r1c5 r4c5".split()})
    assert found(remote_pairs, position) is None
    position = with_candidates(remote_pairs_position(), {"r4c5": "57"})  # the chain broken in the middle
    assert found(remote_pairs, position) is None


def test_a_forcing_chain_mixes_cells_and_units():
    # r1c9=3 -> r1c1<>3 -> r1c1=5 -> r4c1<>5 -> r4c1=7 -> r4c6<>7 -> r2c6=7 -> r2c6<>3 -> r2c8=3 -> r1c9<>3
    position = with_candidates(empty_position(), {"r1c1": "35", "r4c1": "57"})
    position = confine(position, 7, "column 6", "r4c6 r2c6")
    position = confine(position, 3, "row 2", "r2c6 r2c8")
    step = found(forcing_chain, position)
    assert (step.technique, step.score) == ("AIC", 7.2)
    # r1c1=3 or r2c8=3: the cells that see both lose the 3 (row 2 has it only in r2c6 and r2c8).
    assert step.eliminations == eliminated("r1c7 r1c8 r1c9", 3)


# -- all techniques ----------------------------------------------------------


def test_the_registry_is_every_technique_once_easiest_first():
    assert [base for base, _ in TECHNIQUES] == sorted(base for base, _ in TECHNIQUES)
    assert {t for _, t in TECHNIQUES} == {getattr(chains, name) for name in chains.__all__}


@pytest.mark.parametrize("technique", [t for _, t in TECHNIQUES], ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert found(technique, empty_position(6)) is None


# -- real puzzles ------------------------------------------------------------

CHEAP = [(base, t) for base, t in TECHNIQUES if base < 7.5]
#: The pattern techniques, but for the franken and mutant fish (they come after the chains).
PATTERNS = tuple((base, t) for base, t in techniques_of(fish) + techniques_of(wings) + techniques_of(uniqueness)
                 if t not in (fish.franken_fish, fish.mutant_fish))
REGISTRY = sorted(techniques_of(basic) + PATTERNS + tuple(CHEAP), key=lambda entry: entry[0])
TERM = re.compile(r"(r\d+c\d+)(=|<>)(\w)")


@cache
def stuck_positions(puzzle: str) -> tuple[Position, ...]:
    """The positions along the solving path (basic and pattern techniques and the
    cheap chains, easiest first) where the easiest step is a chain, and the
    position where they are stuck, if they are."""
    position = Position.from_puzzle(parse(puzzle))
    positions = []
    while not position.solved:
        step = next((s for _, t in REGISTRY if (s := t(position))), None)
        if step is None or step.technique in NAMES:
            positions.append(position.copy())
        if step is None:
            break
        position.apply(step)
    return tuple(positions)


#: The names of the chains' steps, as the rating's HoDoKu map uses them.
NAMES = {"Skyscraper", "Two-string kite", "Turbot fish", "Simple colouring", "X-chain", "XY-chain", "AIC",
         "Continuous nice loop", "Empty rectangle", "Grouped X-chain", "Grouped AIC", "Grouped continuous nice loop"}


def assert_sound(position: Position, techniques, solution) -> list[str]:
    """Run ``techniques`` on ``position`` and check each step against the solution
    and its text against the position; the names of the steps."""
    names = []
    for base, technique in techniques:
        step = found(technique, position)
        if step is None:
            continue
        assert step.score >= base and step.cells and (step.placements or step.eliminations)
        for cell, digit in step.eliminations:
            assert position.has(cell, digit) and solution[cell] != digit, step.text
        for cell, digit in step.placements:
            assert position.has(cell, digit) and solution[cell] == digit, step.text
        for name, _, symbol in TERM.findall(step.text):
            assert position.has(cells(name, position.n)[0], int(symbol, 36)), (name, symbol, step.text)
        names.append(step.technique)
    return names


def walk(puzzle: str, techniques, positions: slice = slice(None)) -> list[str]:
    """:func:`assert_sound` on the :func:`stuck_positions` of ``puzzle``."""
    solution = solve(puzzle).solutions[0].digits
    return [name for position in stuck_positions(puzzle)[positions] for name in assert_sound(position, techniques, solution)]


@pytest.mark.slow
def test_every_step_is_sound_on_rated_puzzles():
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 40)]  # 232 steps, every chain named below
    names = [name for puzzle in puzzles for name in walk(puzzle, CHEAP)]
    assert len(names) > 50
    assert {"Two-string kite", "X-chain", "XY-chain", "AIC", "Continuous nice loop"} <= set(names)


def test_remote_pairs_are_sound_on_hodokus_remote_pair_exemplars():
    puzzles = [row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv")
               if row.split("\t")[2] == "Remote Pairs"]
    names = [name for puzzle in puzzles for name in walk(puzzle, [(7.0, remote_pairs), (7.0, xy_chain)])]
    assert len(puzzles) > 20 and {"Remote pairs", "XY-chain"} <= set(names)


@pytest.mark.parametrize("name, technique, share", [
    ("Skyscraper", turbot_fish, 0.9), ("2-String Kite", turbot_fish, 0.9), ("Turbot Fish", turbot_fish, 0.9),
    ("Empty Rectangle", empty_rectangle, 0.9),
    ("Grouped Alternating Interference Chain", grouped_aic, 0.9), ("Grouped Continuous Nice Loop", grouped_aic, 0.9),
])
def test_hodoku_exemplars_meet_the_technique_on_their_path(name, technique, share):
    """Finned fish (3.4-4.0) take many of these first, but the rating's path
    meets the technique before the exemplar is solved."""
    hits, puzzles = exemplar_hits(name, technique)
    assert hits >= share * puzzles


def exemplar_hits(name: str, technique) -> tuple[int, int]:
    """How many of HoDoKu's exemplars listed under ``name`` meet ``technique`` on the
    rating's path (or at once), and how many there are."""
    puzzles = [row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv") if row.split("\t")[2] == name]
    hits = 0
    for puzzle in puzzles:
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solve(puzzle).solutions[0].digits, givens=parse(puzzle).digits)
        hits += bool(technique(position)) or any(technique(position) for _ in rating_steps(position))
    return hits, len(puzzles)


def test_every_step_is_sound_on_hard_puzzles():
    """On the last two positions of SE 7.6+ puzzles and of the hardest ones, where
    the cheap chains give out: every technique, the expensive ones found."""
    rated = [row.split("\t") for row in lines("9x9/sudoku_exchange_se_sample.tsv", 3000)]
    puzzles = [puzzle for puzzle, se in rated if float(se) >= 7.6][:12] + lines("9x9/forum_hardest_1106.txt")[::60]
    names = [name for puzzle in puzzles for name in walk(puzzle, TECHNIQUES, slice(-2, None))]
    kinds = {name.split(" (")[0] for name in names}
    assert {"Nishio forcing chain", "Forcing chains"} <= kinds


def test_16x16_chains():
    position = confine(empty_position(16), 11, "column 1", "r1c1 r9c1")
    position = confine(position, 11, "column 6", "r2c6 r9c6")
    step = found(turbot_fish, position)
    assert step.technique == "Skyscraper" and step.text.startswith("Skyscraper on B: r1c1=B or r9c1=B (column 1)")
    position = with_candidates(empty_position(16), {"r1c1": "12", "r1c9": "23", "r9c9": "34", "r9c13": "41"})
    step = found(forcing_chain, position)
    assert step.technique == "XY-chain" and step.eliminations[0][0] in cells("r1c13 r9c1", 16)


def test_a_6x6_position_has_chains():
    position = with_candidates(empty_position(6), {"r1c1": "12", "r1c5": "23", "r4c5": "34", "r4c2": "41"})
    step = found(forcing_chain, position)
    assert step.technique == "XY-chain" and step.eliminations[0][1] == 1



# -- every step (HoDoKu's "all steps") ------------------------------------------


def test_every_chain_step_is_sound_and_the_choice_is_among_them():
    """Technique.every: each chain search, asked for every step on positions where the
    cheap chains are needed, gives its own choice and more, each sound; an AIC also
    takes the candidates on its own chain that see both ends (either end holds)."""
    searches = [t for t in REGISTERED if t.find in (x_chain, forcing_x_chain, xy_chain, forcing_chain, grouped_aic)]
    puzzles = [row.split("\t")[0] for row in lines("9x9/sudoku_exchange_se_sample.tsv", 80)][:12]
    more = on_chain = 0
    for puzzle in puzzles:
        solution = solve(puzzle).solutions[0].digits
        for position in stuck_positions(puzzle)[:2]:
            for technique in searches:
                every = technique.every(position)
                first = technique.find(position.fork(Search()))
                assert (first is None) == (not every) and (first is None or first in every)
                more += len(every) > 1
                for step in every:
                    assert all(solution[x] != d for x, d in step.eliminations), step.text
                    assert all(solution[x] == d for x, d in step.placements), step.text
                    terms = TERM.findall(step.text.split(", so ")[0])[1:-1]  # the chain between its target's
                    inner = {(cells(name, 9)[0], int(d)) for name, _, d in terms}
                    on_chain += step.technique == "AIC" and bool(inner & set(step.eliminations))
    assert more > 20 and on_chain > 0


def test_a_loop_through_an_als_locks_its_other_digits_soundly(monkeypatch):
    """A continuous loop through an ALS term holds exactly one of the two digits it links
    there, so the ALS's other digits leave the cells that see all their places: every
    grouped step on HoDoKu's grouped continuous nice loop exemplars, where such loops
    are found and eliminate more than their weak links do, is sound."""
    removals = chains._loop_removals
    locked = []

    def spy(position, links, loop):
        found = removals(position, links, loop)
        if any((a, b) in links.als_of for a, b in zip(loop, loop[1:])):
            monkeypatch.setattr(links, "als_of", {})
            locked.append(len(found - removals(position, links, loop)))
            monkeypatch.undo()
        return found

    grouped = next(t for t in REGISTERED if t.find is grouped_aic)
    puzzles = [row.split("\t")[0] for row in lines("9x9/hodoku_exemplars_techniques.tsv")
               if row.split("\t")[2] == "Grouped Continuous Nice Loop"]
    for puzzle in puzzles:
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solution)
        next(step for step in rating_steps(position) if step.score >= 7.0)
        monkeypatch.setattr(chains, "_loop_removals", spy)
        for step in grouped.every(position):
            assert all(solution[x] != d for x, d in step.eliminations), step.text
        monkeypatch.setattr(chains, "_loop_removals", removals)
    assert sum(n > 0 for n in locked) >= 5
