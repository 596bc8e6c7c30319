"""The generic exact-cover engine on problems that are not sudoku, each count known from elsewhere.

Every count here is checked against an answer known from elsewhere (Knuth's
paper, the N-queens and domino-tiling sequences) or against brute force.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_dlx import dlx
from sudoku_dlx.dlx import ExactCover

LINKS = ("up", "down", "left", "right", "size")


@pytest.fixture(autouse=True, params=["lists", "nodes"])
def path(request, monkeypatch):
    """Every test twice: searches on the lists alone, and moved to node objects after
    their first cover (a long search's path)."""
    if request.param == "nodes":
        monkeypatch.setattr(dlx, "NODES_SWITCH", 0)
    return request.param


def problem(n_primary: int, options, n_secondary: int = 0) -> ExactCover:
    ec = ExactCover(n_primary, n_secondary)
    for option in options:
        ec.add_option(option)
    return ec


def snapshot(ec: ExactCover) -> dict[str, list[int]]:
    return {name: list(getattr(ec, name)) for name in LINKS}


def as_sets(solutions) -> set[frozenset[int]]:
    return {frozenset(s) for s in solutions}


# Knuth, "Dancing Links" (2000), the example matrix: items A-G, six options.
A, B, C, D, E, F, G = range(7)
KNUTH = [(C, E, F), (A, D, G), (B, C, F), (A, D), (B, G), (D, E, G)]


def test_knuth_example_has_its_one_solution():
    ec = problem(7, KNUTH)
    found = list(ec.search())
    assert len(found) == 1
    assert as_sets(found) == {frozenset({0, 3, 4})}  # {C,E,F}, {A,D}, {B,G}
    assert ec.stats.solutions == 1
    assert ec.stats.nodes >= 3


def test_option_numbers_follow_the_order_of_adding():
    ec = ExactCover(3)
    assert [ec.add_option(o) for o in ([0], [1, 2], [0, 1])] == [0, 1, 2]


def queens(n: int) -> tuple[ExactCover, list[tuple[int, int]]]:
    """N-queens: rows and columns primary, the 2n-1 + 2n-1 diagonals secondary."""
    ec = ExactCover(2 * n, 2 * (2 * n - 1))
    squares = []
    for r in range(n):
        for c in range(n):
            ec.add_option([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1])
            squares.append((r, c))
    return ec, squares


def is_queens_solution(n: int, placed: list[tuple[int, int]]) -> bool:
    return (
        len(placed) == n
        and len({r for r, _ in placed}) == n
        and len({c for _, c in placed}) == n
        and len({r + c for r, c in placed}) == n
        and len({r - c for r, c in placed}) == n
    )


@pytest.mark.parametrize("n, count", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_n_queens_counts_with_secondary_diagonals(n, count):
    ec, squares = queens(n)
    found = list(ec.search())
    assert len(found) == count == ec.stats.solutions
    assert len(as_sets(found)) == count  # all different
    for solution in found:
        assert is_queens_solution(n, [squares[o] for o in solution])


def test_n_queens_with_random_order_finds_the_same_solutions():
    ec, _ = queens(6)
    plain = as_sets(ec.search())
    shuffled = as_sets(queens(6)[0].search(rng=random.Random(7)))
    assert plain == shuffled and len(plain) == 4


def dominoes(rows: int, cols: int) -> ExactCover:
    """Tilings of a rows x cols board by dominoes: the cells are the items."""
    ec = ExactCover(rows * cols)
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                ec.add_option([r * cols + c, r * cols + c + 1])
            if r + 1 < rows:
                ec.add_option([r * cols + c, (r + 1) * cols + c])
    return ec


@pytest.mark.parametrize("rows, cols, count", [(2, 1, 1), (2, 8, 34), (3, 3, 0), (3, 4, 11), (4, 4, 36), (6, 6, 6728)])
def test_domino_tilings(rows, cols, count):
    assert sum(1 for _ in dominoes(rows, cols).search()) == count


def brute_force(n_primary: int, n_secondary: int, options) -> set[frozenset[int]]:
    """Every set of options covering each primary item once and no secondary item twice."""
    found = set()
    for k in range(len(options) + 1):
        for chosen in combinations(range(len(options)), k):
            covered = [item for o in chosen for item in options[o]]
            if len(covered) == len(set(covered)) and set(range(n_primary)) <= set(covered):
                found.add(frozenset(chosen))
    return found


@st.composite
def small_problems(draw):
    """Up to 5 primary and 2 secondary items, up to 9 options, each with a primary
    item (as DLX requires: an option of secondary items only is never chosen)."""
    n_primary, n_secondary = draw(st.integers(1, 5)), draw(st.integers(0, 2))
    option = st.tuples(st.integers(0, n_primary - 1), st.sets(st.integers(0, n_primary + n_secondary - 1)))
    options = draw(st.lists(option.map(lambda o: sorted(o[1] | {o[0]})), max_size=9))
    return n_primary, n_secondary, options


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.integers(0, 3), st.booleans(), st.booleans())
def test_search_agrees_with_brute_force_and_restores_links(case, limit, shuffle, learn):
    n_primary, n_secondary, options = case
    ec = problem(n_primary, options, n_secondary)
    before = snapshot(ec)
    expected = brute_force(n_primary, n_secondary, options)
    found = list(ec.search(limit, random.Random(limit) if shuffle else None, learn=learn))
    assert len(found) == len(set(map(frozenset, found)))  # no solution twice
    assert as_sets(found) <= expected
    assert len(found) == (min(limit, len(expected)) if limit else len(expected))
    assert snapshot(ec) == before


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.integers(0, 3), st.booleans())
def test_prune_hides_what_it_returns_and_the_search_keeps_every_solution(case, limit, learn):
    """A prune that returns every option in no solution holding the chosen ones (and
    some already chosen or hidden, which it may) leaves the solutions as they were, and so
    does learning where the search fails."""
    n_primary, n_secondary, options = case
    ec = problem(n_primary, options, n_secondary)
    before = snapshot(ec)
    expected = brute_force(n_primary, n_secondary, options)

    def prune(chosen):
        holding = [s for s in expected if s >= set(chosen)]
        return [o for o in range(len(options)) if not any(o in s for s in holding)] + chosen

    found = list(ec.search(limit, prune=prune, learn=learn))
    assert len(found) == len(set(map(frozenset, found))) and as_sets(found) <= expected
    assert len(found) == (min(limit, len(expected)) if limit else len(expected))
    assert snapshot(ec) == before


def test_prune_is_asked_after_guesses_and_cuts_the_search():
    """On 8 queens, a prune that rules out the squares no solution holding the chosen
    queens has (found by a search of its own) is asked with the chosen options; the
    search finds the 92 solutions in less than half the tries, and restores its links
    when it is closed early."""
    n = 8
    whole, _ = queens(n)
    solutions = [frozenset(s) for s in whole.search()]
    asked = []

    def prune(chosen):
        asked.append(list(chosen))
        return [o for o in range(n * n) if not any(o in s and s >= set(chosen) for s in solutions)]

    ec, _ = queens(n)
    before = snapshot(ec)
    assert as_sets(ec.search(prune=prune)) == set(solutions)
    assert asked and all(any(s >= set(chosen) for s in solutions) for chosen in asked)
    plain, _ = queens(n)
    list(plain.search())
    assert ec.stats.nodes < plain.stats.nodes / 2
    search = ec.search(prune=prune)
    next(search)
    search.close()
    assert snapshot(ec) == before


def test_no_items_has_one_empty_solution():
    assert list(ExactCover(0).search()) == [[]]


def test_an_item_without_options_has_no_solution():
    ec = problem(3, [(0, 1)])
    assert list(ec.search()) == []


def test_secondary_items_need_not_be_covered():
    ec = problem(1, [(0,), (0, 1)], n_secondary=1)
    assert as_sets(ec.search()) == {frozenset({0}), frozenset({1})}


@pytest.mark.parametrize(
    "build",
    [
        lambda: problem(7, KNUTH),
        lambda: queens(6)[0],
        lambda: queens(8)[0],
        lambda: dominoes(4, 4),
    ],
    ids=["knuth", "queens6", "queens8", "dominoes4x4"],
)
def test_links_are_restored_after_full_early_and_closed_searches(build):
    ec = build()
    before = snapshot(ec)
    total = sum(1 for _ in ec.search())
    assert snapshot(ec) == before, "after a full search"

    for limit in (1, 2):
        list(ec.search(limit))
        assert snapshot(ec) == before, f"after a search stopped by limit={limit}"

    search = ec.search()
    next(search)  # suspended at a solution: every primary item is covered
    assert snapshot(ec) != before
    search.close()
    assert snapshot(ec) == before, "after closing the generator"

    list(ec.search(rng=random.Random(3)))
    assert snapshot(ec) == before, "after a random-order search"
    assert sum(1 for _ in ec.search()) == total, "a second search finds the same"


def test_closing_an_unstarted_search_changes_nothing():
    ec = problem(7, KNUTH)
    before = snapshot(ec)
    ec.search().close()
    assert snapshot(ec) == before


def test_stats_count_the_work():
    ec, _ = queens(8)
    assert len(list(ec.search(limit=5))) == 5
    assert ec.stats.solutions == 5
    assert ec.stats.nodes > 0 and ec.stats.updates > 0 and ec.stats.guesses > 0


def test_select_fixes_options_before_the_search():
    ec = problem(7, KNUTH)
    ec.select([3])  # {A, D}
    selected = snapshot(ec)
    assert as_sets(ec.search()) == {frozenset({0, 4})}  # the rest: {C,E,F}, {B,G}
    assert snapshot(ec) == selected

    ec = problem(7, KNUTH)
    ec.select([1])  # {A, D, G} is in no solution
    assert list(ec.search()) == []


def test_select_refuses_a_clash_or_an_unknown_option():
    ec = problem(7, KNUTH)
    ec.select([3])
    with pytest.raises(ValueError, match="shares an item"):
        ec.select([1])  # A again
    with pytest.raises(ValueError, match="no option 6"):
        ec.select([6])


def test_exclude_leaves_options_out_of_every_later_solution():
    ec = problem(7, KNUTH)
    ec.exclude([0])  # {C, E, F}: the one solution needs it
    assert list(ec.search()) == []
    rng = random.Random(5)
    for _ in range(40):
        options = [tuple(sorted(rng.sample(range(6), rng.randint(1, 3)))) for _ in range(10)]
        out = set(rng.sample(range(10), 3))
        ec = problem(6, options)
        ec.exclude(sorted(out))
        excluded = snapshot(ec)
        expected = {frozenset(c) for k in range(7) for c in combinations(range(10), k)
                    if not out & set(c) and sorted(i for o in c for i in options[o]) == list(range(6))}
        assert as_sets(ec.search()) == expected
        assert snapshot(ec) == excluded


def test_exclude_refuses_a_selected_hidden_or_excluded_option():
    ec = problem(7, KNUTH)
    ec.select([3])  # {A, D}
    ec.exclude([0])
    for option in (3, 1, 0):  # selected, hidden by {A, D}, excluded already
        with pytest.raises(ValueError, match=f"option {option} is no longer"):
            ec.exclude([option])
    with pytest.raises(ValueError, match="no option 6"):
        ec.exclude([6])


def test_copy_is_independent_and_freezes_the_options():
    ec = problem(7, KNUTH)
    before = snapshot(ec)
    twin = ec.copy()
    twin.select([0])  # {C, E, F}
    assert as_sets(twin.search()) == {frozenset({3, 4})}
    assert snapshot(ec) == before
    assert as_sets(ec.search()) == {frozenset({0, 3, 4})}
    for copy_or_original in (ec, twin):
        with pytest.raises(ValueError):
            copy_or_original.add_option([0])


@pytest.mark.parametrize(
    "n_primary, option",
    [(3, (0, 0)), (3, (3,)), (3, (-1,)), (2, (1, 5))],
)
def test_bad_options_are_refused(n_primary, option):
    with pytest.raises(ValueError, match="item"):
        ExactCover(n_primary).add_option(option)


def test_negative_item_counts_are_refused():
    with pytest.raises(ValueError):
        ExactCover(-1)
    with pytest.raises(ValueError):
        ExactCover(2, -1)


def test_stop_ends_the_search_at_a_guess_and_restores_the_links():
    ec, _ = queens(8)
    before = snapshot(ec)
    found = list(ec.search(stop=lambda stats: stats.guesses >= 3))
    assert ec.stats.stopped and ec.stats.guesses == 3
    assert len(found) < 92
    assert snapshot(ec) == before
    ec, _ = queens(8)
    assert len(list(ec.search(stop=lambda stats: False))) == 92 and not ec.stats.stopped


def test_trace_tells_every_step_in_order():
    ec, _ = queens(6)
    events = []
    solutions = list(ec.search(trace=lambda event, item, options: events.append((event, item, options))))
    assert sum(e[0] == "try" for e in events) == ec.stats.nodes
    assert [e[2] for e in events if e[0] == "solution"] == [tuple(s) for s in solutions]
    levels = []  # [item, its options, the option held or None]
    for event, item, options in events:
        if event == "choose":
            assert options and (not levels or levels[-1][2] is not None)
            levels.append([item, options, None])
        elif event == "try":
            assert levels[-1][0] == item and options[0] in levels[-1][1] and levels[-1][2] is None
            levels[-1][2] = options[0]
        elif event == "undo":
            assert levels[-1][0] == item and levels[-1][2] == options[0]
            levels[-1][2] = None
        elif event == "back up":
            assert levels.pop()[0] == item
        else:
            assert event in ("dead end", "solution") and levels[-1][2] is not None
    assert levels == []  # the search ran to its end and backed out of every level
    assert {e[0] for e in events} == {"choose", "try", "undo", "back up", "dead end", "solution"}


def test_a_traced_search_finds_what_an_untraced_one_finds_and_restores_the_links():
    ec, _ = queens(8)
    before = snapshot(ec)
    traced = as_sets(ec.search(trace=lambda *event: None))
    assert traced == as_sets(queens(8)[0].search()) and len(traced) == 92
    assert snapshot(ec) == before


@pytest.mark.parametrize("build", [lambda: queens(8)[0], lambda: dominoes(4, 5), lambda: problem(7, KNUTH)],
                         ids=["queens8", "dominoes4x5", "knuth"])
def test_node_objects_search_as_the_lists_do(build, monkeypatch):
    """Same solutions in the same order, same statistics, links restored, and a second
    search after it the same as after a search on the lists."""
    runs = []
    for switch in (dlx.NODES_SWITCH, 0):
        monkeypatch.setattr(dlx, "NODES_SWITCH", switch)
        ec = build()
        before = snapshot(ec)
        first = list(ec.search(rng=random.Random(5)))
        stats = ec.stats
        ec.stats = dlx.SearchStats()
        second = list(ec.search(stop=lambda s: False))
        assert snapshot(ec) == before
        runs.append((first, stats, second, ec.stats))
    assert runs[0] == runs[1]


def test_nodes_is_the_published_name_of_tries():
    """``SearchStats.tries`` was published as ``nodes``: both read and write the same count."""
    ec = dlx.ExactCover(2)
    for option in ([0], [1], [0, 1]):
        ec.add_option(option)
    assert list(ec.search()) and ec.stats.tries == ec.stats.nodes > 0
    ec.stats.nodes = 7
    assert ec.stats.tries == 7
