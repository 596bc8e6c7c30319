"""The page's API on variant links (web.parse_puzzle, web.hint, web.check): real links of
tests/data/links and small ones written with links.fpuzzles, each hint checked against
the published solution and each solution by test_rules' checker, written apart from the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_rules import keeps

from sudoku_dlx import web
from sudoku_dlx.kinds.grid import SYMBOLS
from sudoku_dlx.links import fpuzzles
from sudoku_dlx.links.variant import Clue, Variant
from sudoku_dlx.rules.hint import solved_link
from sudoku_dlx.rules.link import read_link

LINKS = Path(__file__).parent / "data" / "links" / "rangsk_fpuzzles.tsv"
REAL = {row[0]: row[1:] for row in (line.split("\t") for line in LINKS.read_text(encoding="utf-8").splitlines()
                                    if line.strip() and not line.startswith("#"))}


def real(title: str) -> tuple[str, str]:
    """The link and published solution of the real puzzle whose name starts with ``title``."""
    (name,) = [name for name in REAL if name.startswith(f'"{title}"')]
    data, solution = REAL[name]
    return "https://www.f-puzzles.com/?load=" + data, solution


#: A 4x4 solution, and puzzles on it written as f-puzzles links.
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def link(givens: dict[int, int], clues=(), flags=(), rules="Normal sudoku rules apply.") -> str:
    return fpuzzles.link(Variant(4, tuple(givens.get(x, 0) for x in range(16)), None, tuple(clues), frozenset(flags),
                                 title="<b>Small</b>", author="Me", rules=rules))


THERMO = Clue("thermometer", lines=((0, 1, 2, 3),))
#: Unique: the thermometer along row 1 and r4c1 = 4, r4c4 = 1.
THERMO_LINK = link({12: 4, 15: 1}, [THERMO])


def line(digits) -> str:
    return "".join(SYMBOLS[d - 1] if d else "." for d in digits)


# --- parse_puzzle ------------------------------------------------------------------------

def test_a_link_parses_to_what_the_page_draws():
    text = link({12: 4, 15: 1}, [THERMO, Clue("killercage", cells=(5, 6, 9), value="7"), Clue("xv", cells=(10, 11), value="V")],
                ["diagonal-", "antiknight"], rules="Digits rise <i>along</i> thermometers.")
    record = web.parse_puzzle("  " + text + "\n")
    assert record["puzzle"] == text and record["status"] == "parsed" and record["kind"] == "variant"
    assert (record["size"], record["box_rows"], record["box_cols"]) == (4, 2, 2)
    assert record["regions"] == [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
    assert sorted(record["units"]) == [[0, 5, 10, 15], [5, 6, 9]]  # the falling diagonal, the cage; no row or box
    assert record["givens"] == "............4..1" and record["clues"] == 2
    assert record["drawing"] == [
        {"key": "thermometer", "cells": [], "lines": [[0, 1, 2, 3]], "value": "", "outside": None, "direction": ""},
        {"key": "killercage", "cells": [5, 6, 9], "lines": [], "value": "7", "outside": None, "direction": ""},
        {"key": "xv", "cells": [10, 11], "lines": [], "value": "V", "outside": None, "direction": ""},
        {"key": "antiknight"}, {"key": "diagonal-"}]
    assert record["rules"] == web.solve(text)["rules"] and len(record["rules"]) == 5
    assert (record["title"], record["author"], record["text"]) == ("<b>Small</b>", "Me", "Digits rise <i>along</i> thermometers.")


def test_bare_f_puzzles_data_and_its_json_parse_as_the_link():
    data = THERMO_LINK.split("?load=", 1)[1]
    record = web.parse_puzzle(THERMO_LINK)
    for text in (data, " " + data.replace("+", " ") + "\n", json.dumps(fpuzzles.decode(data))):
        bare = web.parse_puzzle(text)
        assert bare["status"] == "parsed" and bare["kind"] == "variant", text[:40]
        assert {k: v for k, v in bare.items() if k != "puzzle"} == {k: v for k, v in record.items() if k != "puzzle"}


def test_real_links_parse_with_their_regions_and_clues_outside():
    text, _ = real("Irregular 7x7 Kropki")
    puzzle, variant = read_link(text)
    record = web.parse_puzzle(text)
    assert (record["size"], record["box_rows"], record["box_cols"]) == (7, 0, 0)
    assert record["regions"] == list(variant.regions) and sorted(set(record["regions"])) == list(range(7))
    assert {d["key"] for d in record["drawing"]} == {"difference", "ratio"} and record["units"] == []
    text, _ = real("Peak Sudoku")
    little = [d for d in web.parse_puzzle(text)["drawing"] if d["key"] == "littlekillersum"]
    assert little and all(d["outside"] and d["direction"] in ("UL", "UR", "DL", "DR") for d in little)


def test_a_bad_link_is_invalid_with_read_links_message_and_cells():
    bad = link({}, [Clue("thermometer", lines=((0, 2),))])
    record = web.parse_puzzle(bad)
    assert record["status"] == "invalid" and "jumps from r1c1 to r1c3" in record["error"] and record["cells"] == [0, 2]
    record = web.parse_puzzle("https://www.f-puzzles.com/?load=N4Ig!zglgXgpiBcBmANCA5")
    assert record["status"] == "invalid" and record["error"]


# --- hint -----------------------------------------------------------------------------------

def page_notes(n: int, digits: list[int], cell: int, box: tuple[int, int]) -> str:
    """What the page notes in a cell without notes: the symbols its row, column and box leave."""
    r, c = divmod(cell, n)
    br, bc = box
    held = {digits[x] for x in range(n * n) if x // n == r or x % n == c
            or (x // n // br, x % n // bc) == (r // br, c // bc)}
    return "".join(SYMBOLS[d - 1] for d in range(1, n + 1) if d not in held)


def walk(text: str, published: str) -> list[dict]:
    """Every hint from the givens to the solved grid, applied as the page applies them;
    each step checked against the published solution."""
    record = web.parse_puzzle(text)
    n, box = record["size"], (record["box_rows"], record["box_cols"])
    solution = [SYMBOLS.index(s) + 1 for s in published]
    digits = [0 if s == "." else SYMBOLS.index(s) + 1 for s in record["givens"]]
    entries, notes, steps = [0] * (n * n), [""] * (n * n), []
    for _ in range(4 * n * n * n):
        hint = web.hint(text, line(entries), notes)
        if hint["status"] != "step":
            break
        steps.append(hint)
        assert hint["score"] == 0 and hint["links"] == [] and hint["chain"] == "" and hint["text"]
        assert hint["placements"] or hint["eliminations"], hint
        for cell, digit in hint["eliminations"]:
            assert solution[cell] != digit, hint
            notes[cell] = (notes[cell] or page_notes(n, digits, cell, box)).replace(SYMBOLS[digit - 1], "")
        for cell, digit in hint["placements"]:
            assert solution[cell] == digit, hint
            entries[cell] = digits[cell] = digit
            notes[cell] = ""
    assert hint == {"status": "solved", "kind": "solved", "text": "The grid is complete and right.", "cells": []}
    assert digits == solution
    return steps


@pytest.mark.parametrize("title", ["Peak Sudoku", "6x6 Extreme Killer"])
def test_hints_solve_a_real_puzzle_step_by_step(title):
    text, published = real(title)
    steps = walk(text, published)
    puzzle, _ = read_link(text)
    n = puzzle.grid.n
    names = {rule.name for rule in puzzle.grid.rules}
    for step in steps:
        assert step["technique"] in {"Full house", "Hidden single", "Naked single", "Locked candidates",
                                     "Naked pair", "Naked triple", "Hidden pair", "Hidden triple", "X-wing", "Swordfish",
                                     "Trial and error"} | names
        for cell, digit in step["placements"]:
            assert f"r{cell // n + 1}c{cell % n + 1}" in step["text"] and SYMBOLS[digit - 1] in step["text"]
    solution = tuple(SYMBOLS.index(s) + 1 for s in published)
    assert all(keeps(rule, solution, n) for rule in puzzle.grid.rules)


@pytest.mark.slow
def test_hints_solve_a_real_9x9_with_arrows_thermometers_and_anti_king():
    text, published = real("Clipped")
    steps = walk(text, published)
    told = {step["technique"] for step in steps}
    assert {"arrow", "thermometer", "anti-king rule"} <= told, told


def test_locked_candidates_come_before_trial_and_say_where_the_units_cross():
    text, published = real("6x6 Extreme Killer")
    steps = walk(text, published)  # every step's eliminations checked against the solution
    locked = [step for step in steps if step["technique"] == "Locked candidates"]
    assert locked[0]["text"] == ("Locked candidates: in box 3, 1 fits only in r3c3 and r4c3, which are in column 3 "
                                 "too, so r1c3, r2c3, r5c3 and r6c3 of column 3 cannot be 1.")
    assert locked[0]["eliminations"] == [[2, 1], [8, 1], [26, 1], [32, 1]]
    assert locked[0]["units"] == [[12, 13, 14, 18, 19, 20], [2, 8, 14, 20, 26, 32]]
    first = steps.index(locked[0])
    assert all(step["technique"] != "Trial and error" for step in steps[:first])


def test_a_digit_a_cage_needs_leaves_the_cells_that_see_all_its_places():
    text, published = real("6x6 Extreme Killer")
    needs = [step for step in walk(text, published) if " needs " in step["text"]]  # each checked against the solution
    assert needs and all(step["technique"] == "killer cage" for step in needs)
    assert needs[0]["text"] == ("The killer cage r1c1-r2c1-r3c1-r3c2 adding up to 18 needs 3, which can only go in r1c1, "
                                "r2c1, r3c1 or r3c2, so r4c1, which sees them all, cannot be 3.")
    assert needs[0]["eliminations"] == [[18, 3]]


def test_a_naked_pair_says_its_cells_and_digits():
    text, published = real("Just add Color")
    path = web.rate(text)["path"]  # every elimination checked in test_a_hidden_subset_keeps_its_cells_to_its_digits
    (pair, *_) = [step for step in path if step["technique"] == "Naked pair"]
    cells = [cell for cell in pair["cells"] if all(cell != x for x, _ in pair["eliminations"])]
    assert len(cells) == 2 and all(f"r{x // 9 + 1}c{x % 9 + 1}" in pair["text"] for x in cells)
    assert pair["text"].startswith("Naked pair: in ") and " hold only " in pair["text"] and pair["eliminations"]


def test_a_hidden_subset_keeps_its_cells_to_its_digits():
    text, published = real("Just add Color")
    path = web.rate(text)["path"]
    hidden = [step for step in path if step["technique"] in ("Hidden pair", "Hidden triple")]
    assert hidden and all(int(published[cell]) != digit for step in path for cell, digit in step["eliminations"])
    first = hidden[0]
    size = 2 if first["technique"] == "Hidden pair" else 3
    assert first["text"].startswith(f"{first['technique']}: in ") and "fit only in" in first["text"]
    assert len(first["cells"]) == size and {cell for cell, _ in first["eliminations"]} <= set(first["cells"])


def test_a_rules_step_is_told_in_its_own_words():
    text, _ = real("Peak Sudoku")
    hint = web.hint(text)
    assert hint["technique"] == "little killer" and hint["text"] == (
        "The little killer r1c4-r2c3-r3c2-r4c1 adding up to 14: a number outside the grid is the sum of the diagonal its arrow points "
        "along (digits may repeat), so r1c4, r2c3, r3c2 and r4c1 can only be 3 or 4.")  # two of them share a box
    assert hint["eliminations"] == [[x, d] for x in (3, 6, 9, 12) for d in (1, 2)] and hint["placements"] == []
    assert hint["units"] == [[3, 6, 9, 12]] and hint["cells"] == [3, 6, 9, 12]
    hint = web.hint(THERMO_LINK)
    assert hint["technique"] == "thermometer" and hint["placements"] == [[0, 1], [1, 2], [2, 3], [3, 4]]
    assert hint["text"] == ("The thermometer r1c1-r1c2-r1c3-r1c4: digits rise along a thermometer from its bulb, "
                            "so r1c1 is 1; r1c2 is 2; r1c3 is 3; r1c4 is 4.")


def test_singles_come_before_the_rules_and_say_which():
    hint = web.hint(THERMO_LINK, line(SOLUTION[:12]) + "....")
    assert hint["technique"] == "Full house" and hint["placements"] == [[13, 3]] and hint["units"] == [[1, 5, 9, 13]]
    assert hint["text"] == "Full house: r4c2 is the last blank cell of column 2, so it is 3."
    hint = web.hint(THERMO_LINK, line(SOLUTION[:4]) + "." * 12)
    assert hint["technique"] == "Hidden single" and hint["text"].startswith("Hidden single: in ")
    notes = ["1234"] * 16
    notes[4] = "3"
    hint = web.hint(THERMO_LINK, "", notes)  # the thermometer would place row 1, but a single comes first
    assert hint["technique"] == "Naked single" and hint["placements"] == [[4, 3]]
    assert hint["text"] == "Naked single: r2c1 has only one candidate left, 3."


def trial(givens: str, saying: str) -> tuple[dict, tuple[int, ...]]:
    """The first trial-and-error hint ``saying`` something, of a classic puzzle sent as a link
    (no rule beyond the grid's), the player applying every hint before it; and the solution."""
    text = fpuzzles.link(Variant(9, tuple(0 if s == "." else int(s) for s in givens), None))
    _, solution = solved_link(text)
    entries, notes = [0] * 81, [""] * 81
    for _ in range(81 * 9):  # each hint places a digit or takes out a candidate
        hint = web.hint(text, line(entries), notes)
        assert all(solution[cell] != digit for cell, digit in hint["eliminations"])
        assert all(solution[cell] == digit for cell, digit in hint["placements"])
        if hint["technique"] == "Trial and error" and saying in hint["text"]:
            return hint, solution
        for cell, digit in hint["eliminations"]:
            notes[cell] = (notes[cell] or SYMBOLS[:9]).replace(SYMBOLS[digit - 1], "")
        for cell, digit in hint["placements"]:
            entries[cell] = digit
            notes[cell] = ""
    raise AssertionError("no trial and error")


def test_trial_and_error_when_no_rule_decides_alone():
    # (Norvig's "4.....8.5.3..." needs no trial now: singles and locked candidates solve it.)
    hint, solution = trial("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", "")
    assert hint["text"].startswith("Trial and error: no rule decides a cell by itself now. If r")
    assert " would run out of digits at r" in hint["text"] and not hint["placements"]
    assert hint["eliminations"] and all(solution[cell] != digit for cell, digit in hint["eliminations"])


def test_trial_and_error_falls_back_on_the_search_and_says_so():
    """On one of Norvig's hardest, no one guess runs the narrowing out of digits: the search's answer, said as such."""
    said = "Nor does any one guess run the rules out of digits; the search says"
    hint, solution = trial("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", said)
    ((cell, digit),) = hint["placements"]
    assert solution[cell] == digit and hint["eliminations"] == [] and hint["cells"] == [cell]


def test_mistakes_come_first_and_a_full_right_grid_is_solved():
    wrong = list(SOLUTION)
    wrong[5], wrong[6] = wrong[6], wrong[5]
    hint = web.hint(THERMO_LINK, line(wrong))
    assert hint["status"] == hint["kind"] == "wrong" and hint["cells"] == [5, 6] and hint["text"].startswith("Wrong entries: r2c2 (1)")
    notes = [""] * 16
    notes[0] = "234"
    hint = web.hint(THERMO_LINK, "", notes)
    assert hint["status"] == "wrong" and hint["cells"] == [0] and "leave out the digit" in hint["text"]
    assert web.hint(THERMO_LINK, line(SOLUTION))["status"] == "solved"


@pytest.mark.parametrize("text, error", [
    (link({}, [THERMO]), "more than one solution"),
    (link({12: 4, 15: 1, 4: 1}, [THERMO]), "no solution"),  # the thermometer puts 1 in r1c1
    (link({0: 2, 1: 1}, [THERMO]), "the givens break a rule: the thermometer r1c1-r1c2-r1c3-r1c4 does not rise"),
])
def test_a_puzzle_without_one_solution_gets_no_hint(text, error):
    record = web.hint(text)
    assert record["status"] == "invalid" and error in record["error"], record


def test_bad_entries_and_notes_are_invalid_naming_them():
    assert "notes are needed for all 16 cells" in web.hint(THERMO_LINK, "", ["1"])["error"]
    record = web.hint(THERMO_LINK, "", ["7"] + [""] * 15)
    assert record["status"] == "invalid" and "r1c1" in record["error"] and record["cells"] == [0]
    assert web.hint(THERMO_LINK, "12x" + "." * 13)["status"] == "invalid"


# --- check ----------------------------------------------------------------------------------

def test_check_says_kept_open_or_broken_with_the_cells_at_fault():
    assert web.check(THERMO_LINK, line(SOLUTION)) == {"puzzle": THERMO_LINK, "status": "kept", "error": "", "cells": []}
    assert web.check(THERMO_LINK, "")["status"] == "open"
    assert web.check(THERMO_LINK, line(SOLUTION[:8]) + "." * 8)["status"] == "open"
    falling = [2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2]  # keeps the units, not the thermometer
    record = web.check(link({}, [THERMO]), line(falling))
    assert record["status"] == "broken" and record["cells"] == [0, 1, 2, 3]
    assert record["error"] == "the thermometer r1c1-r1c2-r1c3-r1c4 does not rise: r1c1 is 2, r1c2 is 1"
    record = web.check(THERMO_LINK, "11" + "." * 14)
    assert record["status"] == "broken" and record["cells"] == [0, 1] and "both hold 1" in record["error"]
    record = web.check(link({}, flags=["antiknight"]), "1" + "." * 5 + "1" + "." * 9)  # r1c1 and r2c3
    assert record["status"] == "broken" and record["cells"] == [0, 6] and "knight's move" in record["error"]


def test_check_of_a_bad_link_or_broken_givens_is_invalid():
    assert web.check(link({0: 2, 1: 1}, [THERMO]), "")["status"] == "invalid"
    assert web.check("fpuzzles" + "x!", "")["status"] == "invalid"


def test_a_full_grid_that_keeps_every_rule_is_kept_as_the_checker_says():
    text, published = real("6x6 Extreme Killer")
    puzzle, _ = read_link(text)
    solution = tuple(SYMBOLS.index(s) + 1 for s in published)
    assert web.check(text, published)["status"] == "kept"
    assert all(keeps(rule, solution, 6) for rule in puzzle.grid.rules)
    swapped = list(published)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert web.check(text, "".join(swapped))["status"] == "broken"


@pytest.mark.parametrize(("kind", "size"), [("sudoku", 9), ("sudoku", 6), ("sudoku", 12), ("x", 9), ("windoku", 9),
                                            ("jigsaw", 6), ("killer", 6)])
def test_a_puzzle_of_each_kind_opens_in_f_puzzles_with_its_rules(kind, size):
    """The f-puzzles link of a generated puzzle, read back as a link, has the kind's one
    solution: its regions, diagonals, windows and cages are all in it."""
    puzzle = web.generate(size=size, kind=kind, seed=3)["puzzle"]
    record = web.fpuzzles(puzzle)
    assert record["status"] == "written" and record["link"].startswith("https://www.f-puzzles.com/?load=N4Ig")
    theirs, ours = web.solve(record["link"]), web.solve(puzzle)
    assert theirs["status"] == ours["status"] == "unique" and theirs["solutions"] == ours["solutions"]


def test_a_link_opens_in_f_puzzles_as_f_puzzles_writes_it_and_what_it_cannot_show_is_said():
    link = fpuzzles.link(Variant(4, (1, 0, 0, 0) * 4, None, (Clue("thermometer", lines=((5, 6, 7),)),)))
    sudokupad = "https://sudokupad.app/fpuzzles" + link.split("load=")[1]
    assert web.fpuzzles(sudokupad) == {"puzzle": sudokupad, "status": "written", "link": link}
    futoshiki = web.generate(size=5, kind="futoshiki", seed=1)["puzzle"]
    assert web.fpuzzles(futoshiki)["error"] == "f-puzzles cannot show a futoshiki: it has no signs between cells"
    assert "not 25x25" in web.fpuzzles("." * 625)["error"]
    assert web.fpuzzles("12")["status"] == "invalid"


def test_a_variant_is_rated_on_the_hints_own_scale_with_its_path():
    text, published = real("6x6 Extreme Killer")
    record = web.rate(text)
    assert (record["status"], record["kind"]) == ("rated", "variant")
    assert record["scale"] == "variant steps: 1 singles, 2 one rule alone, 3 locked candidates, subsets and fish, 4 trial and error"
    path, solution = record["path"], [SYMBOLS.index(s) + 1 for s in published]
    digits = [SYMBOLS.index(s) + 1 if s != "." else 0 for s in web.parse_puzzle(text)["givens"]]
    rules = {rule.name for rule in read_link(text)[0].grid.rules}
    for step in path:
        assert all(solution[cell] != digit for cell, digit in step["eliminations"])
        for cell, digit in step["placements"]:
            assert solution[cell] == digit
            digits[cell] = digit
        level = {"Full house": 1, "Hidden single": 1, "Naked single": 1, "Locked candidates": 3, "Naked pair": 3,
                 "Naked triple": 3, "Hidden pair": 3, "Hidden triple": 3, "X-wing": 3, "Swordfish": 3,
                 "Trial and error": 4}.get(step["technique"], 2 if step["technique"] in rules else None)
        assert step["score"] == level, step
    assert digits == solution and record["steps"] == len(path)
    hardest = max(step["score"] for step in path)
    assert record["score"] == hardest and record["hardest"] == next(s["technique"] for s in path if s["score"] == hardest)
    assert record["grade"] == ["Easy", "Medium", "Hard", "Expert"][hardest - 1]
    assert record["clues"] == sum(1 for d in web.parse_puzzle(text)["givens"] if d != ".") and record["nodes"] > 0


def test_a_small_variant_rates_by_its_hardest_step_and_a_budget_cuts_it():
    record = web.rate(THERMO_LINK)
    assert (record["status"], record["hardest"], record["score"], record["grade"]) == ("rated", "thermometer", 2.0, "Medium")
    assert web.rate(real("Tangled Arrows")[0], budget=0.01)["status"] == "unrated"
    assert web.rate(link({0: 1, 1: 1}))["status"] == "invalid"


def test_an_x_wing_and_a_swordfish_need_only_the_rows_and_columns():
    from sudoku_dlx.kinds.grid import shape_for
    from sudoku_dlx.rules.hint import _fish
    from sudoku_dlx.rules.solve import Grid

    grid, n = Grid(shape_for(9), ()), 9
    allowed = [(1 << n) - 1] * 81
    for r in (1, 6):  # 4 only in columns 3 and 8 of rows 2 and 7
        for c in range(n):
            if c not in (2, 7):
                allowed[r * n + c] &= ~(1 << 3)
    step = _fish(grid, allowed)
    rest = [r * n + c for c in (2, 7) for r in range(n) if r not in (1, 6)]
    assert step["technique"] == "X-wing" and step["eliminations"] == [[x, 4] for x in sorted(rest)]
    assert step["text"].startswith("X-wing: in rows 2 and 7, 4 fits only in columns 3 and 8, so columns 3 and 8 have "
                                   "their 4 in rows 2 and 7, and r1c3, r1c8, r3c3, ")
    transposed = [allowed[(x % n) * n + x // n] for x in range(81)]
    assert _fish(grid, transposed)["text"].startswith("X-wing: in columns 2 and 7, 4 fits only in rows 3 and 8")
    allowed = [(1 << n) - 1] * 81
    for r, columns in ((0, (1, 4)), (3, (4, 8)), (5, (1, 8))):  # 7 in rows 1, 4, 6 only in columns 2, 5, 9
        for c in range(n):
            if c not in columns:
                allowed[r * n + c] &= ~(1 << 6)
    step = _fish(grid, allowed)
    assert step["technique"] == "Swordfish" and len(step["eliminations"]) == 18
    assert {x % n for x, _ in step["eliminations"]} == {1, 4, 8} and all(d == 7 for _, d in step["eliminations"])
    assert _fish(grid, [(1 << n) - 1] * 81) is None
