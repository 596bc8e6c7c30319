"""Dynamic and nested forcing chains: the rules of a net, the hardest puzzles, ratings above SE 9.

The rules a net applies when its propagation stalls, on hand-made candidates; the techniques on the hardest
puzzles, every step checked against the solution; nets that go on across
positions; and ratings above SE 9 that grow with the nesting needed."""

from __future__ import annotations

import json
import re
import time
from functools import cache

import pytest
from positions import cells, empty_position, found, with_candidates
from conftest import lines, techniques_of
from sudoku_dlx import parse, rate, solve, web
from sudoku_dlx.cli import main
from sudoku_dlx.techniques import dynamic
from sudoku_dlx.techniques.position import Position, Search, base_score
from sudoku_dlx.techniques.dynamic import (
    DEPTH, LEVELS, _dynamic, _locked, _Net, _Nets, _pairs, _starts, _Static, _static_links, _static_multiple, _x_wings,
    dynamic_forcing_chains, dynamic_forcing_chains_plus, nested_dynamic_forcing_chains, nested_forcing_chains,
    nested_multiple_forcing_chains,
)
from sudoku_dlx.techniques.links import Links
from sudoku_dlx.techniques.registry import TECHNIQUES as REGISTERED

from test_chains import TERM

TRIAL_AND_ERROR = base_score("Trial and error")
HARDEST = lines("9x9/forum_hardest_1106.txt")
TECHNIQUES = techniques_of(dynamic)


def off(name: str, digit: int, n: int = 9) -> int:
    return (cells(name, n)[0] * n + digit - 1) << 1


def on(name: str, digit: int, n: int = 9) -> int:
    return off(name, digit, n) | 1


def net_removing(position: Position, removed: dict[str, str]) -> _Net:
    """A net on ``position`` that has removed the candidates ``removed`` (``{"r1c1": "57"}``)
    and nothing else, as if its propagation had."""
    net = _Net(Links(position), on("r9c9", 9), 1)
    for name, digits in removed.items():
        x = cells(name)[0]
        for digit in map(int, digits):
            net.parents[off(name, digit)] = ()
            net.candidates[x] &= ~(1 << (digit - 1))
            net.cells.append(x)
            for unit in position.units_of[x]:
                net.counts[unit * 9 + digit - 1] -= 1
                net.keys.append(unit * 9 + digit - 1)
    return net


def deduced(rule, net: _Net) -> set[int]:
    return {term for term, _, _ in rule(net, set(net.keys), set(net.cells))}


# -- the rules of a net, on hand-made candidates ------------------------------


def test_a_net_finds_pointing_where_it_removed_a_digit():
    # 5 leaves rows 2 and 3 of box 1: it is in row 1 there, so the rest of row 1 loses it.
    net = net_removing(empty_position(), {x: "5" for x in ("r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")})
    found = _locked(net, set(net.keys), set(net.cells))
    assert {term for term, _, _ in found} >= {off(f"r1c{c}", 5) for c in range(4, 10)}
    why = {term for _, parents, _ in found for term in parents}
    assert why == {off(x, 5) for x in ("r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")}
    assert "pointing: in box 1 the 5 is only in row 1" in found[0][2][0]


def test_a_net_finds_no_pointing_on_candidates_it_did_not_touch():
    position = empty_position()
    for x in cells("r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"):  # the position itself has the pattern
        position.eliminate(x, 5)
    net = net_removing(position, {"r5c5": "1"})
    assert not any(term >> 1 == cells("r1c4")[0] * 9 + 4 for term in deduced(_locked, net))


def test_a_net_finds_hidden_and_naked_pairs():
    # Row 1: 1 and 2 only in r1c1 and r1c2 (hidden pair), whose other digits go.
    net = net_removing(empty_position(), {f"r1c{c}": "12" for c in range(3, 10)})
    assert deduced(_pairs, net) >= {off("r1c1", d) for d in range(3, 10)} | {off("r1c2", d) for d in range(3, 10)}
    # Column 9: r1c9 and r2c9 hold only 7 and 8 (naked pair): the column and box 3 lose them.
    net = net_removing(empty_position(), {"r1c9": "1234569", "r2c9": "1234569"})
    assert deduced(_pairs, net) >= {off(f"r{r}c9", d) for r in range(3, 10) for d in (7, 8)}
    assert off("r1c7", 7) in deduced(_pairs, net)


def test_a_net_finds_x_wings():
    removed = {f"r{r}c{c}": "4" for r in (2, 7) for c in range(1, 10) if c not in (3, 8)}
    net = net_removing(empty_position(), removed)
    assert deduced(_x_wings, net) == {off(f"r{r}c{c}", 4) for r in (1, 3, 4, 5, 6, 8, 9) for c in (3, 8)}


def test_a_nested_forcing_chain_uses_a_strong_link_the_net_made():
    # The net leaves r1c1 with 1 and 2 only (new strong link). r1c1=1 -> r1c5<>1 -> r1c5=3
    # -> r5c5<>3 -> r5c5=4; r1c1=2 -> r5c1<>2 -> r5c1=4: both remove the 4 of r5c3.
    position = with_candidates(empty_position(), {"r1c5": "13", "r5c5": "34", "r5c1": "24"})
    net = net_removing(position, {"r1c1": "3456789"})
    found = {term: (parents, inner) for term, parents, inner in _static_links(net, set(), set())}
    assert off("r5c3", 4) in found
    parents, (words, complexity) = found[off("r5c3", 4)]
    assert set(parents) >= {off("r1c1", d) for d in range(3, 10)} and complexity > 4
    assert words.startswith("forcing chain: r1c1=1 and r1c1=2")


def test_a_cell_forcing_chain_in_a_net():
    # The net leaves r1c1 with 1, 2 and 3; each makes one of r1c2, r1c3, r1c4 a 9, so the rest of row 1 loses it.
    position = with_candidates(empty_position(), {"r1c2": "19", "r1c3": "29", "r1c4": "39"})
    net = net_removing(position, {"r1c1": "456789"})
    found = {term: inner for term, _, inner in _static_multiple(net, set(), set())}
    assert {off(f"r1c{c}", 9) for c in range(5, 10)} <= found.keys()
    assert on("r1c2", 9) not in found and off("r2c2", 9) not in found
    assert found[off("r1c5", 9)][0] == "cell forcing chains: whichever digit r1c1 holds"


def test_dynamic_forcing_chains_in_a_net_find_contradictions():
    # r1c1 and r1c2 hold only 1 and 2: r1c3=1 leaves r1c1=2, then r1c2=1, which r1c3 sees.
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c2": "12"})
    net = net_removing(position, {"r9c8": "1"})
    found = {term: inner for term, _, inner in _dynamic(net, set(), set())}
    assert off("r1c3", 1) in found and found[off("r1c3", 1)][1] > 4
    assert found[off("r1c3", 1)][0] == "dynamic forcing chain: r1c3=1 leads to a contradiction"


# -- the techniques on the hardest puzzles -----------------------------------


@cache
def rating(puzzle: str):
    return rate(puzzle)


def path(puzzle: str):
    return rating(puzzle).path


def position_before(puzzle: str, technique: str) -> tuple[Position, tuple[int, ...]]:
    """The position where the rating first used ``technique``, and the solution."""
    position = Position.from_puzzle(parse(puzzle))
    for step in path(puzzle):
        if step.technique == technique:
            return position, solve(puzzle).solutions[0].digits
        position.apply(step)
    raise AssertionError(f"{technique} not in the path")


def assert_sound(position: Position, step, solution) -> None:
    assert step.cells and (step.placements or step.eliminations)
    for cell, digit in step.eliminations:
        assert position.has(cell, digit) and solution[cell] != digit, step.text
    for cell, digit in step.placements:
        assert position.has(cell, digit) and solution[cell] == digit, step.text
    for name, _, symbol in TERM.findall(step.text):
        assert position.has(cells(name)[0], int(symbol, 36)), (name, symbol, step.text)
    for link in step.links:
        assert position.has(*link.a) and position.has(*link.b)


def test_the_static_links_of_a_net_reach_for_all_candidates_what_they_reach_for_one():
    """_Static.reach_all (every candidate at once, a round at a time) gives what
    reach_bits gives each candidate alone, on nets of a hardest puzzle's position,
    chains of several rounds among them."""
    position, solution = position_before(HARDEST[0], "Nested forcing chains")
    position.search = Search(solution=solution)
    memo = _Nets(position)
    longest = 0
    for start in _starts(position)[::7]:
        net = memo.follow(position, start, 1)
        static = _Static(net, DEPTH)
        on, off = static.reach_all()
        for c in range(len(on)):
            if static.alive >> c & 1:
                assert (on[c], off[c]) == static.reach_bits((c << 1) | 1), (start, c)
                longest = max(longest, on[c].bit_count())
            else:
                assert on[c] == off[c] == 0
    assert longest >= 4  # some candidate makes three others true: chains of more than one round


def test_the_static_links_of_a_net_are_those_of_its_candidates():
    """A net's static links, made from the position's less what the net removed and with
    the strong links it made, are those of its candidates made afresh."""
    position, solution = position_before(HARDEST[0], "Nested forcing chains")
    position.search = Search(solution=solution)
    memo, n = _Nets(position), 9
    made = 0
    for start in _starts(position)[::5]:
        net = memo.follow(position, start, 2)
        if net.conflict:  # it stopped at once: the links are of a net whose propagation ran out
            continue
        static = _Static(net, DEPTH)
        strong, linked = [0] * (81 * n), 0
        pairs = [[x * n + d0 for d0 in range(n) if mask >> d0 & 1] for x, mask in enumerate(net.candidates)
                 if mask.bit_count() == 2]
        pairs += [[x * n + d0 for x in position.units[u] if net.candidates[x] >> d0 & 1]
                  for u in range(27) for d0 in range(n) if net.counts[u * n + d0] == 2]
        for a, b in pairs:
            strong[a] |= 1 << b
            strong[b] |= 1 << a
            linked |= 1 << a | 1 << b
        assert static.alive == sum(mask << (x * n) for x, mask in enumerate(net.candidates))
        assert (static.strong, static.linked) == (strong, linked)
        made += bool(static.new_links) and bool(position.candidates != net.candidates)
    assert made > 5


def test_the_static_links_of_a_net_are_made_again_once_it_removes_a_candidate():
    position = with_candidates(empty_position(), {"r1c5": "13", "r5c5": "34", "r5c1": "24"})
    net = net_removing(position, {"r1c1": "3456789"})
    static = _Static.of(net, DEPTH)
    assert _Static.of(net, DEPTH) is static
    assert not net.propagate([(off("r5c1", 2), ())])
    again = _Static.of(net, DEPTH)
    assert again is not static and not again.alive >> (cells("r5c1")[0] * 9 + 1) & 1
    assert net.copy(net.level).static is None


@pytest.mark.slow
@pytest.mark.parametrize("technique, puzzle", [
    (dynamic_forcing_chains_plus, HARDEST[0]), (nested_forcing_chains, HARDEST[0]),
    (nested_multiple_forcing_chains, HARDEST[50]), (nested_dynamic_forcing_chains, HARDEST[50]),
], ids=lambda value: getattr(value, "__name__", ""))
def test_each_level_on_a_position_that_needs_it(technique, puzzle):
    """Where the rating first used the level, the technique alone (without the
    solution to skip assumptions) finds a sound step, scored from the level's base."""
    name, technique_name, _ = LEVELS[[t for _, t in TECHNIQUES].index(technique)]
    base = base_score(technique_name)
    position, solution = position_before(puzzle, name)
    step = found(technique, position)
    assert step.technique == name and base <= step.score < TRIAL_AND_ERROR
    assert_sound(position, step, solution)
    assert re.search(r"leads to a contradiction \(r\d+c\d+=\d and r\d+c\d+<>\d\)", step.text)
    if base > 9.0:
        assert " by " in step.text  # a nested deduction is named


@pytest.mark.slow
def test_every_step_of_the_hardest_is_sound_and_scored_below_trial_and_error():
    for puzzle in (HARDEST[0], HARDEST[50], HARDEST[250]):
        solution = solve(puzzle).solutions[0].digits
        position = Position.from_puzzle(parse(puzzle))
        for step in path(puzzle):
            assert_sound(position, step, solution)
            position.apply(step)
        assert position.values == list(solution)
        assert 9.5 <= max(step.score for step in path(puzzle)) < TRIAL_AND_ERROR


def test_ratings_grow_with_the_nesting_needed():
    """Of the hardest puzzles, one that needs nested forcing chains only rates
    lower than one that needs them nested with dynamic forcing chains."""
    nested, dynamic = rating(HARDEST[0]), rating(HARDEST[50])
    assert nested.hardest == "Nested forcing chains" and dynamic.hardest == "Nested dynamic forcing chains"
    assert 9.5 <= nested.score < 10.5 <= dynamic.score


@pytest.mark.slow
def test_ratings_order_the_hardest_as_their_er_does():
    """Two puzzles of the hardest list rated 10.3 or less by SE's scale (ER), and two
    rated 11.8 or more: each of the second rates higher than each of the first."""
    rated = [(rating(puzzle).score, float(er)) for puzzle, er in
             (row.split("\t") for row in lines("9x9/forum_hardest_er_sample.tsv"))]
    low = [ours for ours, er in rated if er <= 10.3]
    high = [ours for ours, er in rated if er >= 11.8]
    assert len(low) == len(high) == 2 and max(low) < min(high)
    assert all(abs(ours - er) <= 0.5 for ours, er in rated)


def test_dynamic_forcing_chains_without_the_solution():
    position, solution = position_before(HARDEST[0], "Dynamic forcing chains (contradiction)")
    step = found(dynamic_forcing_chains, position)
    assert step.technique.startswith("Dynamic forcing chains") and 8.5 <= step.score < 9.0 + 1
    assert_sound(position, step, solution)


def test_nets_that_go_on_across_positions_find_what_fresh_ones_find():
    position, solution = position_before(HARDEST[0], "Nested forcing chains")
    position.search = Search(solution=solution)
    memo = _Nets(position)
    starts = [((x * 9 + d - 1) << 1) | 1 for x in position.blanks() for d in position.digits(x) if solution[x] != d]
    for start in starts:
        memo.follow(position, start, 1)
    wrong = next((x, d) for x in position.blanks() for d in position.digits(x) if solution[x] != d)
    position.eliminate(*wrong)
    assert memo.update(position) and memo.facts == [((wrong[0] * 9 + wrong[1] - 1) << 1, ())]
    fresh = _Nets(position)
    for start in starts:
        if position.has((start >> 1) // 9, (start >> 1) % 9 + 1):
            assert bool(memo.follow(position, start, 0).conflict) == bool(fresh.follow(position, start, 0).conflict)
    position.candidates[wrong[0]] |= 1 << (wrong[1] - 1)  # a candidate the nets lack: they start again
    assert not memo.update(position)


def test_the_rating_stops_inside_a_long_search_at_its_deadline():
    # The work done is measured in CPU time, which a loaded machine does not stretch (the
    # deadline is the wall clock's, so on a loaded machine less work fits before it).
    cpu = time.process_time()
    with pytest.raises(TimeoutError):
        rate(HARDEST[50], deadline=time.perf_counter() + 0.3)
    assert time.process_time() - cpu < 0.3 + 1.5


def test_the_page_and_the_cli_give_up_a_rating_past_its_budget(capsys):
    assert web.rate(HARDEST[50], budget=0.3) == {
        "puzzle": HARDEST[50], "status": "unrated", "grade": "unrated",
        "error": "the rating ran past its budget of 0.3 s"}
    assert main(["rate", "--json", "--budget", "0.3", HARDEST[50]]) == 1
    assert json.loads(capsys.readouterr().out)["grade"] == "unrated"


def test_progress_reports_the_hardest_step_so_far():
    heard = []
    found = rate(lines("9x9/sudoku_exchange_se_sample.tsv", 1)[0].split("\t")[0], progress=heard.append)
    counts = [record["steps"] for record in heard]
    assert sorted(set(counts)) == list(range(1, len(found.path) + 1)) and counts == sorted(counts)
    assert heard[-1] == {"steps": len(found.path), "hardest": found.hardest, "score": found.score}
    assert all(a["score"] <= b["score"] for a, b in zip(heard, heard[1:])) and heard[0]["score"] < found.score


def test_the_registry_is_every_technique_once_easiest_first():
    assert [base for base, _ in TECHNIQUES] == sorted(base for base, _ in TECHNIQUES)
    assert [t.name for t in REGISTERED if t.family == "dynamic"] == [LEVELS[level][1] for level in range(5)]


@pytest.mark.parametrize("technique", [t for _, t in TECHNIQUES], ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert found(technique, empty_position(6)) is None
