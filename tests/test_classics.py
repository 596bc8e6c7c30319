"""Knuth's classics (cover/classics.py): the pentominoes and Langford pairs, their cheap
counts against the published ones, small boards against a tiler written here without
the package, and their board records. The long counts are in scripts/check_classics.py."""

from __future__ import annotations

import pytest

from sudoku_dlx import web
from sudoku_dlx.cover.classics import langford, pentomino
from sudoku_dlx.cover.problems import BUILT_IN, ProblemError, built_in, count

# Conway's pentominoes as cells (row, col), written out here to check the package's own.
SHAPES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)], "I": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)], "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)], "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)], "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def tilings(board: str, pieces: str) -> int:
    """Every tiling of a drawn board, by filling its first empty cell with each piece left
    in each of its turns and flips."""
    free = {(r, c) for r, row in enumerate(board.split("/")) for c, mark in enumerate(row) if mark == "."}
    turns = {}
    for letter in pieces:
        shapes, cells = set(), SHAPES[letter]
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            for shape in (cells, [(r, -c) for r, c in cells]):
                first = min(shape)
                shapes.add(tuple(sorted((r - first[0], c - first[1]) for r, c in shape)))
        turns[letter] = shapes

    def fill(free: frozenset, left: str) -> int:
        if not free:
            return 1
        r0, c0 = min(free)
        return sum(fill(free - placed, left.replace(letter, ""))
                   for letter in left for shape in turns[letter]
                   if (placed := {(r0 + r, c0 + c) for r, c in shape}) <= free)

    return fill(frozenset(free), pieces)


def test_the_3x20_box_has_two_tilings_up_to_symmetry_and_eight_in_all():
    # Knuth, "Dancing Links" (2000): 2 ways to pack the 3x20 box, not counting turns and flips.
    assert count(pentomino("3x20")).solutions == 2
    assert count(pentomino("3x20", raw=True)).solutions == 8
    assert len(pentomino("20x3").options) == len(pentomino("3x20").options)


@pytest.mark.parametrize("board, pieces", [("#....#/....../....../#....#", "FLNY"), ("5x5", "FLPUX")])
def test_small_boards_against_a_tiler(board, pieces):
    raw = count(pentomino(board, pieces, raw=True)).solutions
    assert raw == tilings(board if "/" in board else "/".join(["." * 5] * 5), pieces) > 0
    # Up to symmetry: the square has 8, the rectangles 4; no tiling by distinct pieces is its own image.
    assert count(pentomino(board, pieces)).solutions * (8 if board == "5x5" else 4) == raw or "X" not in pieces


def test_the_restriction_is_on_the_x_alone_and_a_tie_breaking_item_where_x_sits_on_an_axis():
    raw, restricted = pentomino("6x10", raw=True), pentomino("6x10")
    assert raw.items == restricted.items and raw.n_primary == len(raw.items) == 72
    xs = [restricted.names[o] for o in range(len(restricted.options)) if restricted.names[o][0] == "X"]
    assert xs == [name for name in map(raw.label, range(len(raw.options))) if name[0] == "X"
                  and int(name.split()[3][1]) <= 3 and int(name.split()[3][3:]) <= 5]  # the centre's quarter
    assert len(xs) == 8 and len(restricted.options) == len(raw.options) - 24
    square = pentomino("8x8-hole")
    assert square.items[-1] == "sym" and square.n_primary == len(square.items) - 1 == 72
    on_axis = [square.label(o) for o, option in enumerate(square.options) if square.n_primary in option]
    assert {name[0] for name in on_axis} == {"X", "P"} and sum(name[0] == "X" for name in on_axis) == 2
    assert "the X may only go where none of its mirror images comes first" in restricted.about


@pytest.mark.parametrize("n", [3, 4, 7, 8])
def test_langford_pairs_up_to_reversal_and_in_all(n):
    # OEIS A014552 (solutions up to reversal): n = 3: 1, 4: 1, 7: 26, 8: 150.
    published = {3: 1, 4: 1, 7: 26, 8: 150}[n]
    once, both = count(langford(n), keep=True), count(langford(n, raw=True), keep=True)
    assert (once.solutions, both.solutions) == (published, 2 * published)
    problem = langford(n, raw=True)
    for solution in both.found:
        row = [0] * (2 * n)
        for option in solution:
            k, i, j = (int(part.strip("s:")) for part in problem.names[option].split())
            assert j - i == k + 1
            row[i - 1] = row[j - 1] = k
        assert sorted(row) == sorted(list(range(1, n + 1)) * 2)


def test_langford_without_solutions_and_out_of_range():
    assert count(langford(5)).solutions == count(langford(6, raw=True)).solutions == 0
    assert count(langford(1)).solutions == 0
    with pytest.raises(ProblemError, match="Langford pairs are offered for n from 1 to 16, not 17"):
        langford(17)


def test_board_records_the_lab_draws():
    problem = built_in("pentomino", board="8x8-hole")
    board = problem.record()["board"]
    assert board["kind"] == "pentomino" and (board["rows"], board["cols"]) == (8, 8)
    assert sorted(board["holes"]) == [[3, 3], [3, 4], [4, 3], [4, 4]]
    assert board["marks"] == [None] * len(problem.options) == [None] * len(board["pieces"])
    first = problem.options[0]
    assert [f"r{r + 1}c{c + 1}" for r, c, _ in board["pieces"][0]] == [problem.items[i] for i in first[1:]]
    assert {letter for _, _, letter in board["pieces"][0]} == {problem.items[first[0]]}
    seven = built_in("langford")
    assert seven.title == "Langford pairs, n = 7" and seven.items[:2] == ["1", "2"] and seven.items[-1] == "s14"
    record = seven.record()["board"]
    assert (record["kind"], record["rows"], record["cols"]) == ("langford", 1, 14)
    assert seven.names[0] == "1: s1 s3" and record["pieces"][0] == [[0, 0, 1], [0, 2, 1]]
    assert built_in("langford", 4, raw=True).title == "Langford pairs, n = 4" and "pentomino" in BUILT_IN
    assert web.cover_count("langford", 8)["solutions"] == 150


@pytest.mark.parametrize("board, pieces, message", [
    ("6x11", "", "the board has 66 cells, but 12 pentominoes cover 60 (5 each)"),
    ("..?../.....", "LP", "the board's row 1, column 3 is '?'"),
    ("6x10", "XXL", "pentomino X is asked for twice"),
    ("1x5", "Q", "there is no pentomino 'Q'"),
    ("61x1", "", "a board's sides are 1 to 60, not 61 and 1"),
])
def test_bad_boards_and_pieces(board, pieces, message):
    with pytest.raises(ProblemError) as caught:
        pentomino(board, pieces)
    assert str(caught.value).startswith(message)
