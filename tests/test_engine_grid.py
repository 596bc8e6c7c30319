"""Parsing and formatting puzzles in every common form, and the error messages."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import lines
from sudoku_dlx import InvalidPuzzleError, find_clash, format_grid, parse, read_puzzles
from sudoku_dlx.grid import cell_name, shape_for

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_one_line_with_dots_or_zeros():
    assert str(parse(LINE)) == LINE
    assert parse(LINE.replace(".", "0")) == parse(LINE)
    assert parse(LINE).clues == 30


def test_pretty_grid_round_trips():
    puzzle = parse(LINE)
    text = format_grid(puzzle)
    assert "|" in text and "+" in text and "-" in text
    assert parse(text) == puzzle


def test_multi_line_grid_with_separators():
    text = """
    5 3 . | . 7 . | . . .
    6 . . | 1 9 5 | . . .
    . 9 8 | . . . | . 6 .
    ------+-------+------
    8 . . | . 6 . | . . 3
    4 . . | 8 . 3 | . . 1
    7 . . | . 2 . | . . 6
    ------+-------+------
    . 6 . | . . . | 2 8 .
    . . . | 4 1 9 | . . 5
    . . . | . 8 . | . 7 9
    """
    assert str(parse(text)) == LINE


def test_sizes_are_inferred_from_the_length():
    for n, box in [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))]:
        shape = parse("." * n * n).shape
        assert (shape.n, shape.box_rows, shape.box_cols) == (n, *box)


def test_letters_for_big_grids_in_either_case():
    line = lines("16x16/vukr_16x16_1000.txt", 1)[0]
    puzzle = parse(line)
    assert puzzle.n == 16 and str(puzzle) == line
    assert parse(line.lower()) == puzzle
    assert "G" in str(parse(lines("16x16/vukr_16x16_1000.solutions.txt", 1)[0]))


def test_whitespace_separated_numbers_for_big_grids():
    line = lines("16x16/vukr_16x16_1000.txt", 1)[0]
    numbers = "\n".join(
        " ".join(str(int(ch, 36) if ch != "." else 0) for ch in line[r * 16:(r + 1) * 16])
        for r in range(16)
    )
    assert parse(numbers) == parse(line)


def test_size_and_box_override():
    assert parse("." * 36, box=(3, 2)).shape.box_rows == 3
    with pytest.raises(InvalidPuzzleError, match="a 9x9 puzzle has 81 cells, this text has 16"):
        parse("." * 16, size=9)


def test_files_with_comments_and_one_puzzle_per_line():
    text = f"# two puzzles\n{LINE}  # the first\n\n{LINE.replace('5', '.', 1)}\n"
    assert read_puzzles(text) == [f"{LINE}  ", LINE.replace("5", ".", 1)]


def test_a_file_holding_one_grid_is_one_puzzle():
    assert [str(parse(p)) for p in read_puzzles(format_grid(parse(LINE)))] == [LINE]
    big = parse(lines("16x16/vukr_16x16_1000.txt", 1)[0])
    assert [parse(p) for p in read_puzzles(format_grid(big))] == [big]


def test_tsv_takes_the_first_column_and_skips_the_header():
    text = "puzzle\tsolution\n" + LINE + "\tx\n"
    assert read_puzzles(text) == [LINE]


def test_bad_character_names_position_and_cell():
    with pytest.raises(InvalidPuzzleError) as error:
        parse(LINE[:20] + "x" + LINE[21:])
    assert "'x'" in str(error.value) and "position 21" in str(error.value) and "r3c3" in str(error.value)
    assert error.value.cells == (20,)


def test_bad_character_in_a_grid_names_line_and_column():
    text = format_grid(parse(LINE)).replace("7", "?", 1)
    with pytest.raises(InvalidPuzzleError, match=r"'\?' at line 1, column 11 \(r1c5\)"):
        parse(text)


def test_digit_too_big_for_the_size():
    with pytest.raises(InvalidPuzzleError, match="'5' at position 1 .r1c1.: a 4x4 grid takes 1-4"):
        parse("5" + "." * 15)
    with pytest.raises(InvalidPuzzleError, match="number 17 at r1c1 is more than 16"):
        parse(" ".join(["17"] + ["0"] * 255))


def test_wrong_length_and_unsupported_size():
    with pytest.raises(InvalidPuzzleError, match="80 cells is no puzzle size"):
        parse(LINE[:80])
    with pytest.raises(InvalidPuzzleError, match="unsupported size 10"):
        parse("." * 100, size=10)
    with pytest.raises(InvalidPuzzleError, match="no 9x9 grid has 2x3 boxes"):
        parse(LINE, box=(2, 3))


def test_find_clash_names_two_cells_of_one_unit():
    assert find_clash(parse(LINE)) is None
    clash = find_clash(parse("5.....5" + "." * 74))
    assert clash == (0, 6)
    assert [cell_name(c, 9) for c in clash] == ["r1c1", "r1c7"]


def test_units_and_peers():
    shape = shape_for(9)
    assert len(shape.units) == 27 and all(len(u) == 9 for u in shape.units)
    assert all(len(p) == 20 for p in shape.peers)
    six = shape_for(6)
    assert all(len(p) == 5 + 5 + 2 for p in six.peers)
    assert shape_for(6).units[12] == (0, 1, 2, 6, 7, 8)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parse_any_text_gives_a_puzzle_or_a_clear_error(text):
    try:
        puzzle = parse(text)
    except InvalidPuzzleError as error:
        assert str(error)
    else:
        assert len(puzzle.digits) == puzzle.n**2


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=".0123456789 |+-\n\tABCDEFGxyz#", min_size=60, max_size=700))
def test_parse_near_puzzles_gives_a_puzzle_or_a_clear_error(text):
    try:
        puzzle = parse(text)
    except InvalidPuzzleError as error:
        assert str(error)
    else:
        assert parse(str(puzzle)) == puzzle
