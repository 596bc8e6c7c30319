"""Exact-cover problems with names (problems.py): the examples' counts against answers
known from elsewhere, random problems against brute force, the text format and its
errors, and the recorded events against the engine's own arrays."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import is_solution
from sudoku_dlx import web
from sudoku_dlx.cover.problem import MAX_TEXT
from sudoku_dlx.cover.problems import (
    KIND_PUZZLES,
    LINKS_MAX_NODES,
    SUDOKU_GIVENS,
    Problem,
    ProblemError,
    batting,
    built_in,
    count,
    format_knuth,
    format_problem,
    is_knuth,
    knuth,
    parse_knuth,
    parse_problem,
    queens,
    trace_problem,
)
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds.solver import exact_cover
from sudoku_dlx.kinds.solver import solutions as solve_kind

LINKS = ("up", "down", "left", "right", "size")
# The number of ways to place n queens (OEIS A000170), n = 1..10.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


def solutions(problem: Problem) -> set[frozenset[str]]:
    """Every solution, as sets of option labels."""
    return {frozenset(problem.label(o) for o in s) for s in count(problem, keep=True).found}


def brute_force(problem: Problem) -> set[frozenset[int]]:
    """Every exact cover, by trying every set of options (the givens included, as the
    search leaves them out of its solutions). As in Knuth's DLX, the search reaches
    options through their primary items, so options of secondary items only are left out."""
    found = set()
    free = [o for o in range(len(problem.options))
            if o not in problem.given and min(problem.options[o]) < problem.n_primary]
    for size in range(len(free) + 1):
        for chosen in combinations(free, size):
            hits = [0] * len(problem.items)
            for o in (*chosen, *problem.given):
                for i in problem.options[o]:
                    hits[i] += 1
            if all(h == 1 for h in hits[:problem.n_primary]) and all(h <= 1 for h in hits[problem.n_primary:]):
                found.add(frozenset(chosen))
    return found


@pytest.mark.parametrize("n", range(1, 11))
def test_n_queens_counts(n):
    assert count(queens(n)).solutions == QUEENS[n - 1]


def test_n_queens_solutions_are_placements_of_queens_that_do_not_attack():
    problem = queens(6)
    for solution in count(problem, keep=True).found:
        squares = [divmod(o, 6) for o in solution]
        assert sorted(r for r, _ in squares) == list(range(6)) and sorted(c for _, c in squares) == list(range(6))
        assert len({r + c for r, c in squares}) == len({r - c for r, c in squares}) == 6


def test_the_batting_order_of_the_course_notes():
    assert count(batting(placed=False)).solutions == 27  # one batsman may take all three places
    six = solutions(batting(placed=True))
    assert len(six) == 6
    assert frozenset({"A as opener", "B as top", "C as middle"}) in six


def test_knuths_example_has_one_solution():
    assert solutions(knuth()) == {frozenset({"A D", "B G", "C E F"})}


def test_the_sudoku_examples_solve_their_givens():
    four = built_in("sudoku4")
    assert (len(four.items), len(four.options), len(four.given)) == (64, 64, 5)
    assert count(four).solutions == 3
    nine = built_in("sudoku9")
    assert (len(nine.items), len(nine.options)) == (324, 729)
    (solution,) = count(nine, keep=True).found
    grid = [0] * 81
    for o in [*nine.given, *solution]:
        grid[o // 9] = o % 9 + 1
    assert is_solution("".join(map(str, grid)), SUDOKU_GIVENS[9], (3, 3))


KIND_NAMES = ("x", "windoku", "jigsaw", "killer", "futoshiki")


@pytest.mark.parametrize("name", KIND_NAMES)
def test_each_kinds_example_is_the_solvers_own_reduction_with_its_solution(name):
    problem = built_in(name)
    puzzle = read_puzzle(KIND_PUZZLES[name])
    assert puzzle.kind == name
    reduction = exact_cover(puzzle.shape, puzzle.cages, puzzle.signs)
    assert problem.options == list(reduction.options)
    assert (len(problem.items), problem.n_primary) == (reduction.n_items, reduction.n_primary)
    assert len(set(problem.items)) == len(problem.items) and len(set(problem.names)) == len(problem.names)
    assert problem.given == [cell * puzzle.n + d - 1 for cell, d in enumerate(puzzle.digits) if d]
    ((expected,), _) = solve_kind(puzzle, 2)
    (solution,) = count(problem, keep=True).found  # one solution, the solver's
    digits = [0] * puzzle.shape.cells
    for o in [*problem.given, *solution]:
        mark = problem.board["marks"][o]
        if mark:  # a placement (a killer's combinations have no mark)
            digits[mark[0] * puzzle.n + mark[1]] = int(mark[2])
            assert problem.names[o] == f"r{mark[0] + 1}c{mark[1] + 1}={mark[2]}"
    assert tuple(digits) == expected
    assert trace_problem(problem).complete


def test_the_kinds_examples_name_their_items_and_draw_their_clues():
    futoshiki = built_in("futoshiki")
    puzzle = read_puzzle(KIND_PUZZLES["futoshiki"])
    n, signs = puzzle.n, puzzle.signs
    assert futoshiki.title == f"{n}×{n} futoshiki"
    # Each sign's n items are secondary, named by the sign and the digit.
    assert len(futoshiki.items) - futoshiki.n_primary == len(signs) * n
    g, l = signs[0].greater, signs[0].lesser
    assert futoshiki.items[futoshiki.n_primary:][:n] == [f"r{g // n + 1}c{g % n + 1}>r{l // n + 1}c{l % n + 1}:{d}"
                                                        for d in range(1, n + 1)]
    assert futoshiki.board["signs"] == [[s.greater, s.lesser] for s in signs]
    assert "secondary" in futoshiki.about and "secondary:" in format_problem(futoshiki)
    killer = built_in("killer")
    cages = read_puzzle(KIND_PUZZLES["killer"]).cages
    assert killer.title == "4×4 killer sudoku" and killer.n_primary == len(killer.items)
    assert killer.board["cages"] == [{"cells": list(c.cells), "sum": c.sum} for c in cages]
    combination = killer.names.index("cage2=1+4")  # cage 2 is r1c2+r1c3, sum 5
    assert killer.board["marks"][combination] is None and [combination, 1] in killer.board["combinations"]
    assert [killer.items[i] for i in killer.options[combination]] == ["cage2", "cage2#2", "cage2#3"]
    assert "cage1#3" in killer.items and "combination" in killer.about
    jigsaw = built_in("jigsaw")
    assert jigsaw.board["regions"] == list(read_puzzle(KIND_PUZZLES["jigsaw"]).shape.regions)
    assert "reg1#1" in jigsaw.items and "box" not in jigsaw.board
    x = built_in("x")
    assert x.board["units"][0] == list(range(0, 36, 7)) and {"diag#1", "anti#6"} <= set(x.items)
    windoku = built_in("windoku")
    assert len(windoku.board["units"]) == 4 and "win4#9" in windoku.items
    assert windoku.board["box"] == [3, 3] and len(windoku.given) == 17


def test_a_kinds_example_takes_your_own_puzzle_of_that_kind():
    # `sgt-unequal --generate 1 5de` (sgt-puzzles 20230122)
    own = built_in("futoshiki", puzzle="5:0R,0,0,0R,0,0,0L,0D,0L,0,0,0,0,0U,1,0U,0,0,0,0,0,0,0,0,0U,")
    assert own.title == "5×5 futoshiki" and count(own).solutions == 1
    assert built_in("x", puzzle="x:" + "." * 16).title == "4×4 X sudoku"


@st.composite
def small_problems(draw) -> Problem:
    n_primary = draw(st.integers(1, 5))
    n_items = n_primary + draw(st.integers(0, 3))
    options = draw(st.lists(st.sets(st.integers(0, n_items - 1), min_size=1).map(sorted).map(tuple),
                            min_size=0, max_size=9))
    names = [f"o{k}" for k in range(len(options))]
    return Problem("random", [f"i{k}" for k in range(n_items)], n_primary, options, names)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_problems())
def test_random_problems_against_brute_force(problem):
    assert {frozenset(s) for s in count(problem, keep=True).found} == brute_force(problem)
    walk = trace_problem(problem)
    assert walk.complete
    recorded = {frozenset(event["options"]) for event in walk.events if event["kind"] == "solution"}
    assert recorded == brute_force(problem)
    # The text format says the same problem (it has no room for an empty problem, and
    # takes secondary items in no option, and options of secondary items only, for mistakes).
    used = {i for option in problem.options for i in option}
    if (problem.options and used >= set(range(problem.n_primary, len(problem.items)))
            and all(min(option) < problem.n_primary for option in problem.options)):
        again = parse_problem(format_problem(problem))
        assert (again.items, again.n_primary, again.options) == (problem.items, problem.n_primary, problem.options)


@settings(max_examples=100, deadline=None)
@given(small_problems(), st.data())
def test_givens_against_brute_force(problem, data):
    # Givens that do not clash: chosen greedily from a drawn order.
    covered, chosen = set(), []
    for o in data.draw(st.permutations(range(len(problem.options)))):
        if len(chosen) < 2 and not covered & set(problem.options[o]):
            chosen.append(o)
            covered |= set(problem.options[o])
    problem.given = chosen
    assert {frozenset(s) for s in count(problem, keep=True).found} == brute_force(problem)


def check_events_against_the_engine(problem: Problem) -> int:
    """Replays the recorded events (what each covers or uncovers) beside a second run of
    the engine, and at every event compares the replayed state with the engine's arrays:
    the open items and their option counts, and every item's list of options. Returns
    how many events were checked."""
    walk = trace_problem(problem, 100_000)
    assert walk.complete
    ec = problem.exact_cover()
    out: dict[int, int] = {}  # option -> the item whose covering took it out
    covered: set[int] = set()

    def apply(covers, forward):
        for item, options in covers:
            if forward:
                covered.add(item)
                for o in options:
                    assert o not in out
                    out[o] = item
            else:
                covered.discard(item)
                for o in options:
                    assert out.pop(o) == item

    apply(walk.start, True)
    at_start = (dict(out), set(covered))
    containing = [[o for o, items in enumerate(problem.options) if i in items] for i in range(len(problem.items))]
    chosen: list[int] = []
    checked = 0

    def compare(kind, item, options):
        nonlocal checked
        event = walk.events[checked]
        checked += 1
        assert (event["kind"], event["item"]) == (kind, item)
        apply(event["covers"], kind in ("choose", "try"))
        if kind == "try":
            chosen.append(options[0])
        elif kind == "undo":
            assert chosen.pop() == options[0]
        elif kind == "solution":
            assert sorted(chosen) == sorted(options) == sorted(event["options"])  # the events lead to each solution
        open_items = ec.open_items()
        assert set(open_items) == {i for i in range(problem.n_primary) if i not in covered}
        for i in range(len(problem.items)):
            # An item's list holds its live options, and (if covered) those its covering took out.
            column, x = [], ec.down[i + 1]
            while x != i + 1:
                column.append(ec.option_of[x])
                x = ec.down[x]
            assert column == [o for o in containing[i] if out.get(o, i) == i]
            if i in open_items:
                assert open_items[i] == sum(1 for o in containing[i] if o not in out)

    for _ in ec.search(trace=compare):
        pass
    assert checked == len(walk.events)
    assert (out, covered) == at_start  # the search ends where it began, with only the givens chosen
    return checked


@pytest.mark.parametrize("problem", [knuth(), batting(), batting(True), queens(5), queens(6), built_in("sudoku4"),
                                     built_in("sudoku9"), *map(built_in, KIND_NAMES)], ids=lambda p: p.title)
def test_recorded_events_replay_to_the_engines_state(problem):
    assert check_events_against_the_engine(problem) > 10


@settings(max_examples=100, deadline=None)
@given(small_problems())
def test_recorded_events_replay_on_random_problems(problem):
    check_events_against_the_engine(problem)


@pytest.mark.parametrize("problem", [knuth(), batting(True), queens(4), queens(7), built_in("sudoku4")],
                         ids=lambda p: p.title)
def test_every_uncover_restores_the_links_exactly(problem):
    """The arrays after undoing an option equal those before trying it; after backing up
    from an item, those before choosing it."""
    ec = problem.exact_cover()
    snapshot = lambda: {name: list(getattr(ec, name)) for name in LINKS}  # noqa: E731
    states = [snapshot()]  # before the search, then after each event
    kinds = []
    for _ in ec.search(trace=lambda kind, item, options: (states.append(snapshot()), kinds.append(kind))):
        pass
    opened: list[int] = []  # the events that tried an option or chose an item, innermost last
    restored = 0
    for k, kind in enumerate(kinds, 1):
        if kind in ("choose", "try"):
            opened.append(k)
        elif kind in ("undo", "back up"):
            begun = opened.pop()
            assert kinds[begun - 1] == ("try" if kind == "undo" else "choose")
            assert states[k] == states[begun - 1]
            restored += 1
    assert restored > 2 and not opened and states[-1] == states[0]


@pytest.mark.parametrize("problem", [knuth(), batting(True), queens(4)], ids=lambda p: p.title)
def test_the_recorded_links_are_the_engines_and_dance_back(problem):
    """The arrays rebuilt from the recorded changes are the engine's after every event."""
    walk = trace_problem(problem)
    links = walk.links
    assert len(links["changes"]) == len(walk.events)
    assert links["top"][:len(problem.items) + 1] == list(range(len(problem.items) + 1))
    assert len(links["top"]) == 1 + len(problem.items) + problem.ones
    ec = problem.exact_cover()
    engine = [{name: list(getattr(ec, name)) for name in LINKS}]
    for _ in ec.search(trace=lambda *event: engine.append({name: list(getattr(ec, name)) for name in LINKS})):
        pass
    state = {name: list(values) for name, values in links["start"].items()}
    assert state == engine[0]
    for k, changes in enumerate(links["changes"]):
        for name, x, before, after in changes:
            assert state[name][x] == before
            state[name][x] = after
        assert state == engine[k + 1]
    first_try = next(k for k, event in enumerate(walk.events) if event["kind"] == "try")
    assert any(name in ("up", "down") for name, *_ in links["changes"][first_try])  # covering moved links
    assert state == links["start"]  # and every uncover put them back
    assert trace_problem(queens(5)).links is None and queens(4).ones <= LINKS_MAX_NODES


def test_events_are_cut_at_the_first_guess_past_the_maximum():
    walk = trace_problem(queens(8), max_events=100)
    assert not walk.complete and len(walk.events) == 100
    assert walk.links is None  # 256 nodes: too many to draw
    assert trace_problem(queens(8)).complete  # 8 queens takes 4,432 events


def test_event_texts_say_what_happens():
    events = trace_problem(knuth()).events
    assert events[0]["text"] == ("Choose item A: it has the fewest options left, 2 (B, C, E and F have as few; "
                                "the first is taken). Cover it and try A D G and A D in turn.")
    assert events[1]["text"] == "Try A D G (1 of 2): cover its other items, D and G, which takes 2 options out."
    assert events[2]["text"] == "Item B has one option left, B C F: cover the item and take it."
    assert events[4]["text"] == "Dead end: item E has no option left."
    assert events[5]["text"] == "Take B C F back: uncover F and C in reverse order, which puts 1 option back."
    assert events[13]["text"] == "Every primary item is covered: solution 1 is A D, B G and C E F."
    assert events[-1]["text"] == "Every option of A has been tried: uncover it. The search is over."


# --- The text format ------------------------------------------------------------------

def test_named_options_with_commas_or_spaces():
    problem = parse_problem("# the course notes' sets\nA: 1 4 7\nB: 1, 4\nC: 4 5 7\nD: 3 5 6\nE: 2 3 6 7\nF: 2 7\n")
    assert problem.items == ["1", "4", "7", "5", "3", "6", "2"]  # in the order they first appear
    assert solutions(problem) == {frozenset("BDF")}
    ordered = parse_problem("items: 1 2 3 4 5 6 7\nA: 1 4 7\nB: 1 4\nC: 4 5 7\nD: 3 5 6\nE: 2 3 6 7\nF: 2 7")
    assert ordered.items == list("1234567")


def test_the_batting_order_as_typed():
    text = "\n".join(f"{b} as {p}: {p.title()}, {b} placed" for b in "ABC" for p in ("opener", "top", "middle"))
    assert count(parse_problem(text)).solutions == 6
    places_only = "\n".join(f"{b} as {p}: {p.title()}" for b in "ABC" for p in ("opener", "top", "middle"))
    assert count(parse_problem(places_only)).solutions == 27


def test_secondary_items_and_givens():
    text = "secondary: s\nA: x s\nB: y s\nC: x\nD: y\n"
    problem = parse_problem(text)
    assert problem.items == ["x", "y", "s"] and problem.n_primary == 2
    assert solutions(problem) == {frozenset("AD"), frozenset("BC"), frozenset("CD")}
    given = parse_problem(text + "given: A\n")
    assert given.given == [0] and solutions(given) == {frozenset("D")}
    unnamed = parse_problem("given: x y, z\nx y\nz\nx\ny z")
    assert unnamed.given == [0, 1] and count(unnamed).solutions == 1  # the givens cover everything


def test_secondary_items_are_covered_at_most_once():
    # A queen on a1 and one on b2 share a diagonal (the secondary item d).
    problem = parse_problem("secondary: d\nQa1: r1 c1 d\nQb2: r2 c2 d\nQa2: r2 c1\nQb1: r1 c2")
    assert solutions(problem) == {frozenset({"Qa2", "Qb1"})}


def test_a_pasted_matrix_with_item_names():
    # The course notes' second table, as pasted from it (tabs between the cells).
    places = ("Opener", "Top", "Middle")
    header = "\t" + "\t".join(places + ("A placed", "B placed", "C placed"))
    rows = []
    for b in range(3):
        for p in range(3):
            bits = ["0"] * 6
            bits[p] = bits[3 + b] = "1"
            rows.append(f"{'ABC'[b]} as {places[p].lower()}\t" + "\t".join(bits))
    problem = parse_problem("\n".join([header, *rows]))
    assert problem.items[3] == "A placed" and problem.label(4) == "B as top"
    assert count(problem).solutions == 6
    three = parse_problem("\n".join(["\tOpener\tTop\tMiddle", *(row.rsplit("\t", 3)[0] for row in rows)]))
    assert count(three).solutions == 27


def test_a_bare_matrix_numbers_its_columns():
    problem = parse_problem("0010110\n1001001\n0110010\n1001000\n0100001\n0001101\n")  # Knuth's, in rows
    assert problem.items == [str(k) for k in range(1, 8)]
    assert solutions(problem) == {frozenset({"1 4", "2 7", "3 5 6"})}
    named = parse_problem("secondary: 3\nr1 1 0 1\nr2 0 1 0\n")
    assert named.items == ["1", "2", "3"] and named.n_primary == 2 and named.label(0) == "r1"
    assert solutions(named) == {frozenset({"r1", "r2"})}


@pytest.mark.parametrize("text, message", [
    ("", "no options: write one option per line, as 'name: item item ...'"),
    ("# only a comment\n\n", "no options: write one option per line, as 'name: item item ...'"),
    ("A: x y\nB:\nC: y", "line 2: option 'B' has no items"),
    ("A: x y\n  ,  \n", "line 2: the option has no items"),
    ("A: x y\nB: y z y", "line 2: option 'B' names item 'y' twice"),
    ("x y\nsecondary: z\n", "line 2: secondary item 'z' is in no option"),
    ("secondary: y\nA: x\nB: y", "line 3: option 'B' has only secondary items, so the search never chooses it"),
    ("items: x\nsecondary: x\nA: x", "line 1: item 'x' is on both the items: line and the secondary: line"),
    ("items: x\nA: x\nB: y", "line 3: item 'y' is neither on the items: line nor on the secondary: line"),
    ("given: C\nA: x\nB: x", "line 1: no option is named 'C'"),
    ("given: A, B\nA: x\nB: x y", "line 1: given options 'A' and 'B' both cover item 'x'"),
    ("given: A\nA: x\nA: y", "line 1: 2 options are named 'A'"),
    ("101\n10\n", "line 2: this row has 2 columns, the first row 3"),
    ("101\n000\n", "line 2: this row has no 1: an option needs at least one item"),
    ("a b\n101\n010\n", "line 1: this line names 2 items, but the rows have 3 columns "
                        "(separate names with tabs when they have spaces)"),
    ("a b a\n101\n010\n", "line 1: item 'a' is named twice"),
    ("secondary: d\n101\n011\n", "line 1: secondary item 'd' is in no option"),
])
def test_bad_text_says_which_line_and_what(text, message):
    with pytest.raises(ProblemError) as caught:
        parse_problem(text)
    assert str(caught.value) == message
    assert caught.value.line == (int(message.split()[1].rstrip(":")) if message.startswith("line") else 0)


def test_too_long_a_text():
    with pytest.raises(ProblemError, match=f"at most {MAX_TEXT:,} are read"):
        parse_problem("x\n" * MAX_TEXT)


@pytest.mark.parametrize("name, n, puzzle, message", [
    ("queens", 13, "", "N queens is offered for N from 1 to 12, not 13"),
    ("batting", 4, "", "the batting order has 3 or 6 items, not 4"),
    ("lemmings", 0, "", "there is no example named 'lemmings'; the examples are batting, knuth, queens, sudoku4, "
                        "sudoku9, x, windoku, jigsaw, killer, futoshiki, variant, pentomino, langford"),
    ("futoshiki", 0, "2x2k:p,_aa_a_ab_____aaa,6_5a6b5a5b8_5c", "the puzzle is no futoshiki: "),
    ("killer", 0, "killer:1234", "the puzzle is no killer sudoku: "),
    ("futoshiki", 0, "4:1,0,0,0,2D,0,0,0,3,0,0,0,0,0,0,0,",
     "the givens break a sign: r2c1 (2) must be more than r3c1 (3)"),
    ("sudoku4", 0, "1234", "the givens are no 4×4 puzzle: "),
    ("sudoku4", 0, "11" + "." * 14, "the givens clash: r1c1 and r1c2 both have 1"),
])
def test_bad_examples(name, n, puzzle, message):
    with pytest.raises(ProblemError) as caught:
        built_in(name, n, puzzle)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("problem", [knuth(), batting(), batting(True), queens(1), queens(5), built_in("sudoku4"),
                                     built_in("sudoku9", puzzle="." * 81), *map(built_in, KIND_NAMES)],
                         ids=lambda p: p.title)
def test_every_example_reads_back_from_its_text(problem):
    again = parse_problem(format_problem(problem))
    assert (again.items, again.n_primary, again.options, again.given) == \
        (problem.items, problem.n_primary, problem.options, problem.given)
    assert [again.label(o) for o in range(len(again.options))] == [problem.label(o) for o in range(len(problem.options))]


# --- Knuth's format ------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(small_problems())
def test_random_problems_in_knuths_format_against_brute_force(problem):
    text = format_knuth(problem)
    assert is_knuth(text)
    again = parse_problem(text)
    assert (again.items, again.n_primary, again.options) == (problem.items, problem.n_primary, problem.options)
    assert {frozenset(s) for s in count(again, keep=True).found} == brute_force(problem)


def test_knuths_format_as_he_writes_it():
    text = "| Knuth's example, as in his paper\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
    problem = parse_knuth(text)
    assert (problem.items, problem.options) == (knuth().items, knuth().options)
    bare = text.split("\n", 1)[1]  # no comment: still read as his format, not as an option A B C D E F G
    assert is_knuth(bare) and parse_problem(bare).options == knuth().options
    assert not is_knuth(format_problem(knuth())) and not is_knuth("A: x y\nB: y")
    assert not is_knuth("1 0\n0 1") and not is_knuth("C E F\nA D G\nB C F")
    queens_text = "r1 r2 | d1 d2\nr1 d1\nr2 d1\nr2 d2\n"
    assert is_knuth(queens_text)
    secondary = parse_problem(queens_text)
    assert (secondary.items, secondary.n_primary, count(secondary).solutions) == (["r1", "r2", "d1", "d2"], 2, 1)
    # A primary item in no option is fine: no solution.
    assert count(parse_knuth("a b c\na b\n")).solutions == 0


def test_knuths_format_keeps_givens_out_and_writes_names_it_can_hold():
    sudoku = built_in("sudoku4")
    written = parse_knuth(format_knuth(sudoku))
    assert count(written).solutions == count(sudoku).solutions == 3
    assert len(written.items) == len(sudoku.items) - 4 * len(sudoku.given)
    placed = batting(True)
    again = parse_knuth(format_knuth(placed))
    assert again.items == ["Opener", "Top", "Middle", "A_placed", "B_placed", "C_placed"]
    assert again.options == placed.options
    assert parse_knuth(format_knuth(Problem("t", ["a b", "a_b"], 2, [(0, 1)], [""]))).items == ["a_b", "a_b2"]
    assert built_in("langford", 3).record()["knuth"].splitlines()[1] == "1 2 3 s1 s2 s3 s4 s5 s6"


@pytest.mark.parametrize("text, message", [
    ("| only a comment\n", "no items: the first line that is no comment ('|') names the items"),
    ("a b a\na b", "line 1: item 'a' is named twice"),
    ("a b | c | d\na", "line 1: the items line has '|' twice"),
    ("| items\na b\na\nb c", "line 4: the option names item 'c', which is not on the items line"),
    ("a b\n| an option\na b a", "line 3: the option names item 'a' twice"),
    ("a b:red\na", "line 1: the item has 'b:red': colours (item:colour, Knuth's DLX2) are not read"),
])
def test_bad_knuth_text_says_which_line(text, message):
    with pytest.raises(ProblemError) as caught:
        parse_knuth(text)
    assert str(caught.value).startswith(message)
    # The page's records say the same, the text told apart from the text format by a comment.
    record = web.cover_count(text="| a file\n" + text)
    assert record["status"] == "invalid" and record["line"] == caught.value.line + (caught.value.line > 0)


# --- The page's records ----------------------------------------------------------------

def test_cover_count_record_and_progress():
    heard = []
    record = web.cover_count("queens", 8, progress=heard.append)
    assert record | {"ms": 0} == {
        "title": "8 queens", "items": 46, "primary": 16, "options": 64, "ones": 256, "status": "multiple",
        "solutions": 92, "complete": True, "nodes": record["nodes"], "guesses": record["guesses"],
        "updates": record["updates"], "ms": 0, "engine": "links", "part": None,
    }
    assert record["nodes"] > 92 and heard and set(heard[0]) == {"solutions", "guesses", "seconds"}
    limited = web.cover_count("queens", 8, limit=10)
    assert (limited["solutions"], limited["complete"]) == (10, False)
    assert web.cover_count(text="A: x\nB: y")["status"] == "unique"
    assert web.cover_count(text="A: x y\nB: y z\nC: z x")["status"] == "none"


def test_cover_steps_record():
    record = web.cover_steps("batting", 6)
    assert record["problem"]["title"] == "Batting order, 6 items"
    assert record["problem"]["board"]["row_names"] == ["Opener", "Top", "Middle"]
    assert record["complete"] and sum(event["kind"] == "solution" for event in record["steps"]) == 6
    assert record["links"]["start"]["size"][1:7] == [3] * 6
    own = web.cover_steps(text="items: x y\nA: x\nB: y")
    assert own["problem"]["title"] == "Your problem" and own["problem"]["names"] == ["A", "B"]
    assert web.cover_steps("sudoku4", puzzle="1...............")["problem"]["given"] == [0]
    killer = web.cover_steps("killer", max_steps=3)
    assert killer["problem"]["board"]["kind"] == "killer" and killer["steps"][0]["kind"] == "choose"
    assert web.cover_count("futoshiki")["status"] == "unique"


def test_bad_input_comes_back_as_a_record():
    assert web.cover_steps(text="A: x\nB: x x") == {
        "status": "invalid", "error": "line 2: option 'B' names item 'x' twice", "line": 2}
    assert web.cover_count("queens", 40) == {
        "status": "invalid", "solutions": 0, "error": "N queens is offered for N from 1 to 12, not 40", "line": 0}
