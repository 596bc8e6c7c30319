"""Shapes, every form ``parse`` reads, every error it reports, and ``read_puzzles``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA, lines
from sudoku_dlx import BOX_SHAPES, InvalidPuzzleError, Puzzle, find_clash, format_grid, parse, read_puzzles
from sudoku_dlx.kinds.grid import cell_name, shape_for

TOP95_FIRST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED_4 = "3412123423414123"
SOLVED_6 = "123456456132214365635241361524542613"  # 2x3 boxes
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


# --- shapes -------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_units_and_peers_of_every_size(n):
    shape = shape_for(n)
    assert (shape.box_rows, shape.box_cols) == BOX_SHAPES[n]
    units = shape.units
    assert len(units) == 3 * n and all(len(u) == n for u in units)
    for k in range(n):
        assert all(shape.row(x) == k for x in units[k])
        assert all(shape.col(x) == k for x in units[n + k])
        assert all(shape.box(x) == k for x in units[2 * n + k])
    for x in range(n * n):
        assert sum(x in u for u in units) == 3
        peers = shape.peers[x]
        assert x not in peers
        # row + col + box, less the box cells already counted in the row or the column
        assert len(peers) == 3 * (n - 1) - (shape.box_rows - 1) - (shape.box_cols - 1)
        assert peers == {y for u in units if x in u for y in u} - {x}


def test_box_numbers_run_row_by_row():
    shape = shape_for(6)  # 2 rows x 3 cols
    assert [shape.box(x) for x in range(0, 36, 3)] == [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]


def test_cell_names_are_one_based():
    assert cell_name(0, 9) == "r1c1"
    assert cell_name(80, 9) == "r9c9"
    assert cell_name(17, 16) == "r2c2"


def test_symbols():
    shape = shape_for(25)
    assert [shape.symbol(d) for d in (0, 1, 9, 10, 16, 25)] == [".", "1", "9", "A", "G", "P"]


def test_unsupported_size_and_box():
    with pytest.raises(InvalidPuzzleError, match="unsupported size 10"):
        shape_for(10)
    with pytest.raises(InvalidPuzzleError, match="no 6x6 grid has 2x2 boxes"):
        shape_for(6, (2, 2))


# --- the one-line forms -------------------------------------------------------------------


def test_one_line_with_dots_and_zeros():
    puzzle = parse(TOP95_FIRST)
    assert puzzle.n == 9 and puzzle.clues == 17
    assert puzzle.digits[0] == 4 and puzzle.digits[1] == 0 and puzzle.digits[6] == 8
    assert str(puzzle) == TOP95_FIRST
    assert parse(TOP95_FIRST.replace(".", "0")) == puzzle
    assert parse("  " + TOP95_FIRST + "\n") == puzzle


@pytest.mark.parametrize("text, n", [(SOLVED_4, 4), (SOLVED_6, 6), ("." * 64, 8), ("." * 144, 12)])
def test_size_inferred_from_length(text, n):
    puzzle = parse(text)
    assert puzzle.n == n and str(puzzle) == text


def test_16x16_letters_upper_and_lower_case():
    puzzle_line = lines("16x16/vukr_16x16_first100.txt", 1)[0]
    puzzle = parse(puzzle_line)
    assert puzzle.n == 16 and str(puzzle) == puzzle_line
    assert parse(puzzle_line.lower()) == puzzle
    assert {d for d in puzzle.digits} <= set(range(17))
    assert 16 in puzzle.digits  # a G
    assert puzzle.digits[puzzle_line.index("G")] == 16
    assert puzzle.digits[puzzle_line.index("A")] == 10


def test_25x25_letters():
    text = lines("25x25/course_tcgaryau_25x25.tsv", 1)[0].split("\t")[0]
    puzzle = parse(text)
    assert puzzle.n == 25 and str(puzzle) == text
    assert max(puzzle.digits) <= 25


# --- multi-line grids -----------------------------------------------------------------------


def test_grid_with_spaces_and_separators():
    text = """
        4 . . | . . . | 8 . 5
        . 3 . | . . . | . . .
        . . . | 7 . . | . . .
        ------+-------+------
        . 2 . | . . . | . 6 .
        . . . | . 8 . | 4 . .
        . . . | . 1 . | . . .
        ------+-------+------
        . . . | 6 . 3 | . 7 .
        5 . . | 2 . . | . . .
        1 . 4 | . . . | . . .
    """
    assert parse(text) == parse(TOP95_FIRST)


def full_width(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@pytest.mark.parametrize("text", [
    full_width(TOP95_FIRST),  # as typed on an East Asian keyboard
    "\u200e" + TOP95_FIRST + "\u200f", "\ufeff" + TOP95_FIRST, TOP95_FIRST[:30] + "\u2066\u202e" + TOP95_FIRST[30:],
    "[code]\n" + format_grid(parse(TOP95_FIRST)) + "\n[/code]", "[CODE]" + TOP95_FIRST + "[/code]",
    "\u3000".join(full_width(TOP95_FIRST[r * 9:r * 9 + 9]) for r in range(9)),
])
def test_full_width_symbols_invisible_marks_and_forum_tags_are_read(text):
    assert parse(text) == parse(TOP95_FIRST)


def test_positions_in_messages_are_those_of_the_text_as_pasted():
    with pytest.raises(InvalidPuzzleError, match="unexpected character 'x' at position 8 "):
        parse("[code]4" + "x" + TOP95_FIRST[2:] + "[/code]")


@pytest.mark.parametrize(
    "text",
    [SOLVED_4, "1...............", SOLVED_6, TOP95_FIRST, lines("16x16/vukr_16x16_first100.txt", 1)[0], "." * 144],
)
def test_format_grid_reads_back(text):
    puzzle = parse(text)
    grid = format_grid(puzzle)
    assert len(grid.splitlines()) == puzzle.n + puzzle.n // puzzle.shape.box_rows - 1
    assert "|" in grid and "-" in grid
    assert parse(grid) == puzzle


def test_format_grid_of_a_9x9():
    lines_ = format_grid(parse(TOP95_FIRST)).splitlines()
    assert lines_[0] == "4 . . | . . . | 8 . 5"
    assert lines_[3] == "------+-------+------"


def test_whitespace_separated_numbers_16x16():
    solution = lines("16x16/vukr_16x16_first100.solutions.txt", 1)[0]
    digits = [SYMBOLS.index(ch) + 1 for ch in solution]
    digits[0] = 0  # a blank written as 0
    rows = [" ".join(str(d) for d in digits[r * 16:(r + 1) * 16]) for r in range(16)]
    puzzle = parse("\n".join(rows))
    assert puzzle.n == 16
    assert puzzle.digits == tuple(digits)
    assert parse(" ".join(rows)) == puzzle  # on one line too


def test_whitespace_separated_numbers_25x25_with_dots():
    digits = [(r * 5 + r // 5 + c) % 25 + 1 for r in range(25) for c in range(25)]  # any digits will do
    tokens = [str(d) for d in digits]
    tokens[7] = "."
    puzzle = parse("\n".join(" ".join(tokens[r * 25:(r + 1) * 25]) for r in range(25)))
    assert puzzle.n == 25
    assert puzzle.digits[7] == 0
    assert puzzle.digits[:7] == tuple(digits[:7]) and puzzle.digits[8:] == tuple(digits[8:])


def test_size_override():
    assert parse(SOLVED_4, size=4).n == 4
    with pytest.raises(InvalidPuzzleError, match="a 9x9 puzzle has 81 cells, this text has 16"):
        parse(SOLVED_4, size=9)


def test_6x6_with_box_override():
    transposed = "".join(SOLVED_6[c * 6 + r] for r in range(6) for c in range(6))  # 3x2 boxes
    puzzle = parse(transposed, box=(3, 2))
    assert (puzzle.shape.box_rows, puzzle.shape.box_cols) == (3, 2)
    assert find_clash(puzzle) is None
    assert find_clash(parse(transposed)) is not None  # with the usual 2x3 boxes it clashes
    assert parse(transposed, size=6, box=(3, 2)) == puzzle


# --- errors ---------------------------------------------------------------------------------


def test_bad_character_in_one_line():
    text = TOP95_FIRST[:12] + "x" + TOP95_FIRST[13:]
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(text)
    message = str(caught.value)
    assert "'x'" in message and "position 13" in message and "r2c4" in message
    assert "1-9" in message
    assert caught.value.cells == (12,)
    assert isinstance(caught.value, ValueError)


def test_bad_character_in_a_grid_names_line_and_column():
    text = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 ?\n4 3 | 2 1"
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(text)
    message = str(caught.value)
    assert "'?'" in message and "line 4, column 9" in message and "r3c4" in message
    assert caught.value.cells == (11,)


def test_digit_too_big_for_the_size():
    with pytest.raises(InvalidPuzzleError) as caught:
        parse("5" + SOLVED_4[1:])
    message = str(caught.value)
    assert "'5'" in message and "r1c1" in message and "4x4" in message and "1-4" in message
    with pytest.raises(InvalidPuzzleError, match=r"'H'.*r1c2.*1-G"):
        parse("1H" + "." * 254)


@pytest.mark.parametrize("count", [0, 1, 15, 17, 80, 82, 100])
def test_bad_length(count):
    with pytest.raises(InvalidPuzzleError) as caught:
        parse("." * count)
    message = str(caught.value)
    assert f"{count} cells is no puzzle size" in message
    assert "81" in message and "256" in message


def test_unsupported_size_override():
    with pytest.raises(InvalidPuzzleError, match="unsupported size 10; sizes are 4, 6, 8, 9, 12, 16, 25"):
        parse("." * 100, size=10)


def test_number_too_large():
    tokens = ["1"] * 256
    tokens[17] = "17"
    with pytest.raises(InvalidPuzzleError) as caught:
        parse(" ".join(tokens))
    assert "number 17 at r2c2 is more than 16" in str(caught.value)
    assert caught.value.cells == (17,)


def test_not_text():
    with pytest.raises(InvalidPuzzleError, match="text"):
        parse(None)  # type: ignore[arg-type]


# --- clashes --------------------------------------------------------------------------------


def test_find_clash_in_row_column_and_box():
    blank = ["."] * 81

    def with_digits(**cells):
        grid = blank.copy()
        for name, d in cells.items():
            r, c = int(name[1]), int(name[3])
            grid[(r - 1) * 9 + c - 1] = d
        return parse("".join(grid))

    assert find_clash(with_digits(r1c3="5", r1c7="5")) == (2, 6)
    assert find_clash(with_digits(r2c4="9", r8c4="9")) == (12, 66)
    assert find_clash(with_digits(r4c4="1", r6c6="1")) == (30, 50)
    assert find_clash(with_digits(r1c1="1", r2c4="1", r4c2="1")) is None
    assert find_clash(parse(TOP95_FIRST)) is None


# --- files ----------------------------------------------------------------------------------


def test_read_puzzles_with_comments_and_blank_lines():
    text = f"# a comment\n\n{TOP95_FIRST}\n{SOLVED_4}  # with a note\n   \n# {SOLVED_4}\n"
    assert read_puzzles(text) == [TOP95_FIRST, SOLVED_4 + "  "]
    assert [parse(p) for p in read_puzzles(text)] == [parse(TOP95_FIRST), parse(SOLVED_4)]


def test_read_puzzles_tsv_takes_the_first_column_and_skips_the_header():
    with open(DATA / "6x6/sukaku6x6explainer_readme_examples.tsv", encoding="utf-8") as file:
        text = file.read()
    found = read_puzzles(text)
    assert found == [row.split("\t")[0] for row in text.splitlines()[1:]]
    assert len(found) == 3 and all(parse(p).n == 6 for p in found)


def test_read_puzzles_one_grid_is_one_puzzle():
    grid = format_grid(parse(TOP95_FIRST))
    found = read_puzzles("# one grid\n" + grid + "\n")
    assert len(found) == 1 and parse(found[0]) == parse(TOP95_FIRST)
    rows = "\n".join(SOLVED_4[r * 4:(r + 1) * 4] for r in range(4))
    assert read_puzzles(rows) == [rows]
    assert parse(read_puzzles(rows)[0]) == parse(SOLVED_4)


# --- fuzz -----------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_parse_any_text_gives_a_puzzle_or_an_invalid_puzzle_error(text):
    try:
        puzzle = parse(text)
    except InvalidPuzzleError as error:
        assert str(error)
        assert all(isinstance(c, int) for c in error.cells)
        return
    assert isinstance(puzzle, Puzzle)
    assert len(puzzle.digits) == puzzle.n ** 2
    assert all(0 <= d <= puzzle.n for d in puzzle.digits)
    assert parse(str(puzzle)) == puzzle


grid_alphabet = st.sampled_from(list(".0123456789ABCDEFGabcdefg |+-\n\t#x"))


@settings(max_examples=300, deadline=None)
@given(st.lists(grid_alphabet, min_size=10, max_size=300).map("".join), st.sampled_from([None, 4, 9, 16, 10]))
def test_parse_near_puzzle_text(text, size):
    try:
        puzzle = parse(text, size)
    except InvalidPuzzleError:
        return
    assert parse(format_grid(puzzle)) == puzzle
    assert size is None or puzzle.n == size


@st.composite
def laid_out(draw):
    """A puzzle's symbols (upper or lower case, . or 0 for blanks) with any separators between them."""
    n = draw(st.sampled_from(sorted(BOX_SHAPES)[:-1]))
    symbols = draw(st.lists(st.sampled_from(".0" + SYMBOLS[:n] + SYMBOLS[9:n].lower()), min_size=n * n, max_size=n * n))
    gaps = draw(st.lists(st.sampled_from([" ", "  ", "\t", " | ", "|", "\n", " +", "-", "\n------+---\n"]),
                         min_size=n * n - 1, max_size=n * n - 1))
    text = symbols[0] + "".join(gap + symbol for gap, symbol in zip(gaps, symbols[1:]))
    return n, "".join(symbols), text


@settings(max_examples=150, deadline=None)
@given(laid_out())
def test_separators_and_whitespace_do_not_change_the_puzzle(case):
    n, bare, text = case
    puzzle = parse(text)
    assert puzzle.n == n
    assert puzzle == parse(bare)
    assert str(puzzle) == bare.upper().replace("0", ".")


def test_the_tests_notice_a_file_read_beside_the_repository():
    """The guard in conftest: reading ../shared (or any sibling of the repository) is caught."""
    import conftest

    sibling = conftest.ROOT.parent / "shared" / "data" / "PROVENANCE.md"
    assert conftest.outside_the_repository(str(sibling))
    assert not conftest.outside_the_repository(str(conftest.DATA / "PROVENANCE.md"))
    before = len(conftest.OUTSIDE)
    try:
        open(sibling).close()
    except OSError:
        pass  # absent in a clone on its own: the attempt is what counts
    assert conftest.OUTSIDE[before:] == [str(sibling)]
    del conftest.OUTSIDE[before:]
