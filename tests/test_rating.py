"""The basic techniques on hand-made positions, soundness of every step on real puzzles,
ratings, hints and difficulty-targeted generation."""

from __future__ import annotations

import json
import random
import time

import pytest
from conftest import lines
from sudoku_dlx import GRADES, Board, InvalidPuzzleError, generate, hint, parse, rate, solve
from sudoku_dlx.cli import main
from sudoku_dlx.kinds.grid import shape_for
from sudoku_dlx.rating import SE_ALONE_FROM, grade, next_step, steps
from sudoku_dlx.techniques.basic import (
    claiming, full_house, hidden_pair, hidden_quad, hidden_single, hidden_triple, naked_pair, naked_quad,
    naked_single, naked_triple, pointing,
)
from sudoku_dlx.techniques.position import Position, Step, bits
from sudoku_dlx.techniques.registry import BEYOND_SE, SCORED, TECHNIQUES, Technique, techniques_for

SHAPE = shape_for(9)
FULL = (1 << 9) - 1
KAGGLE = [row.split("\t") for row in lines("9x9/kaggle_sample300.tsv")]
SE = [row.split("\t") for row in lines("9x9/sudoku_exchange_se_sample.tsv", 60)]
EASY = KAGGLE[0][0]  # a Beginner puzzle: hidden singles and full houses only


def empty_position() -> Position:
    return Position(SHAPE, [0] * 81, [FULL] * 81)


def without(position: Position, digits, cells) -> Position:
    for x in cells:
        position.candidates[x] &= ~bits(digits)
    return position


ALL_BASIC = [full_house, hidden_single, naked_single, pointing, claiming, naked_pair, hidden_pair,
             naked_triple, hidden_triple, naked_quad, hidden_quad]


@pytest.mark.parametrize("technique", ALL_BASIC, ids=lambda t: t.__name__)
def test_nothing_is_found_on_an_empty_grid(technique):
    assert technique(empty_position()) is None


def test_board_stays_a_published_name_of_a_position():
    assert Board is Position


def test_full_house_fills_the_last_cell_of_a_unit():
    solution = solve(EASY).solutions[0].digits
    values = list(solution)
    values[40] = 0
    position = Position.from_puzzle(parse("".join(map(str, values)).replace("0", ".")))
    step = full_house(position)
    assert step.placements == ((40, solution[40]),) and step.score == 1.0


def test_hidden_single_in_a_box_before_a_row():
    position = without(empty_position(), [1], [1, 2, 9, 10, 11, 18, 19, 20])  # box 1 keeps 1 only in r1c1
    step = hidden_single(position)
    assert step.placements == ((0, 1),) and step.units == (18,) and step.score == 1.2
    row = without(empty_position(), [4], range(1, 9))  # row 1 keeps 4 only in r1c1
    assert hidden_single(row).placements == ((0, 4),) and hidden_single(row).score == 1.5


def test_naked_single():
    position = empty_position()
    position.candidates[30] = bits([5])
    step = naked_single(position)
    assert step.placements == ((30, 5),) and "r4c4" in step.text


def test_pointing_and_claiming():
    position = without(empty_position(), [3], [9, 10, 11, 18, 19, 20, 2])  # box 1: 3 only in r1c1, r1c2
    step = pointing(position)
    assert step.eliminations == tuple((x, 3) for x in range(3, 9)) and step.units == (18, 0)
    position = without(empty_position(), [3], range(2, 9))  # row 1: 3 only in r1c1, r1c2 (box 1)
    step = claiming(position)
    assert step.eliminations == tuple((x, 3) for x in (9, 10, 11, 18, 19, 20)) and step.units == (0, 18)


@pytest.mark.parametrize("size,technique", [(2, naked_pair), (3, naked_triple), (4, naked_quad)])
def test_naked_subsets(size, technique):
    position = empty_position()
    subset = (0, 3, 6, 7)[:size]  # in row 1, not all in one box
    for x in subset:
        position.candidates[x] = bits(range(1, size + 1))
    step = technique(position)
    assert step.technique.startswith("Naked") and step.cells == subset and step.units == (0,)
    assert step.eliminations == tuple((x, d) for x in range(9) if x not in subset for d in range(1, size + 1))


@pytest.mark.parametrize("size,technique", [(2, naked_pair), (3, naked_triple)])
def test_locked_subsets_clear_the_row_and_the_box_in_one_step(size, technique):
    position = empty_position()
    for x in range(size):  # r1c1.. in row 1 and box 1
        position.candidates[x] = bits(range(1, size + 1))
    step = technique(position)
    assert step.technique == ("Locked pair", "Locked triple")[size - 2] and step.units == (0, 18)
    others = [x for x in range(9) if x >= size] + [x for x in (9, 10, 11, 18, 19, 20)]
    assert step.eliminations == tuple((x, d) for x in others for d in range(1, size + 1))
    assert step.score == (3.0, 3.6)[size - 2]


@pytest.mark.parametrize("size,technique", [(2, hidden_pair), (3, hidden_triple), (4, hidden_quad)])
def test_hidden_subsets(size, technique):
    digits = range(1, size + 1)
    position = without(empty_position(), digits, range(size, 9))  # in row 1, digits 1..size only in its first cells
    step = technique(position)
    assert step.cells == tuple(range(size)) and step.units == (0,)
    assert step.eliminations == tuple((x, d) for x in range(size) for d in range(size + 1, 10))


def test_smaller_subsets_are_not_reported_as_bigger_ones():
    position = empty_position()
    position.candidates[0] = position.candidates[1] = bits([1, 2])
    assert naked_pair(position) is not None and naked_triple(position) is None


def _check_path(puzzle: str) -> int:
    """Solve with the techniques, checking every step against the solution; the step count."""
    solution = solve(puzzle).solutions[0].digits
    position = Position.from_puzzle(parse(puzzle))
    count = 0
    for step in steps(position):
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.text
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.text
        count += 1
    assert position.values == list(solution)
    return count


@pytest.mark.slow
def test_every_step_is_sound_on_real_puzzles():
    chosen = random.Random(1).sample(KAGGLE, 25) + SE[::2]  # every level of Kaggle's, ER 5.4 to 8.3 of SE's
    assert all(_check_path(row[0]) > 0 for row in chosen)


def test_registry_is_ordered_by_score():
    scores = [technique.score for technique in TECHNIQUES]
    assert scores == sorted(scores) and TECHNIQUES[-1].find.__name__ == "trial_and_error"
    assert len({technique.name for technique in TECHNIQUES}) == len(TECHNIQUES)


def test_grades_by_score():
    assert [grade(s) for s in (1.2, 2.3, 3.2, 5.6, 7.1)] == [name for name, _ in GRADES]


def test_ratings_grow_with_the_techniques_needed():
    easy, hard = rate(EASY), rate(SE[0][0])
    assert easy.score <= 1.5 and easy.grade == "Easy" and easy.hardest in {"Hidden single", "Full house"}
    assert hard.score >= 5.0 and hard.score > easy.score
    record = easy.record()
    assert set(record) >= {"puzzle", "score", "grade", "hardest", "steps", "abc", "nodes", "guesses", "ms"}
    assert record["status"] == "rated"
    assert record["steps"] == 81 - record["clues"]  # singles only: one placement per step


@pytest.mark.slow
def test_published_levels_and_grades_agree_on_average():
    """Kaggle's Beginner puzzles rate lower on average than its Expert ones."""
    by_level = {"Beginner": [], "Expert": []}
    for row in KAGGLE:
        if row[4] in by_level and len(by_level[row[4]]) < 8:  # sums 15.9 and 56.6
            by_level[row[4]].append(rate(row[0]).score)
    assert sum(by_level["Beginner"]) < sum(by_level["Expert"])


def test_only_unique_puzzles_are_rated():
    with pytest.raises(InvalidPuzzleError, match="more than one solution"):
        rate("." * 81)
    with pytest.raises(InvalidPuzzleError, match="the givens clash") as caught:
        rate("11" + "." * 79)
    assert caught.value.cells == (0, 1)


def test_hint_names_wrong_entries_first():
    solution = solve(EASY).solutions[0].digits
    blank = EASY.index(".")
    wrong = solution[blank] % 9 + 1
    entries = parse("." * blank + str(wrong) + "." * (80 - blank))
    found = hint(EASY, entries)
    assert found.kind == "wrong" and found.cells == (blank,) and found.step is None


def test_hint_names_notes_that_lose_the_solution():
    solution = solve(EASY).solutions[0].digits
    blank = EASY.index(".")
    marks = [0] * 81
    marks[blank] = FULL & ~bits([solution[blank]])
    assert hint(EASY, None, marks).cells == (blank,)


def test_hint_gives_the_easiest_step_and_respects_notes():
    solution = solve(EASY).solutions[0].digits
    found = hint(EASY)
    assert found.kind == "step" and found.step.score <= 1.5
    (cell, digit), = found.step.placements
    assert solution[cell] == digit
    assert hint("".join(map(str, solution))).kind == "solved"


def test_hint_with_every_lists_the_other_steps_of_its_technique(capsys):
    # This puzzle (from Norvig's essay) starts with four hidden singles: the hint's and three others.
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    found = hint(puzzle, every=True)
    assert hint(puzzle).others == () and found.step == hint(puzzle).step
    assert [s.technique for s in found.others] == ["Hidden single"] * 3 and found.step not in found.others
    placed = {found.step.placements, *(s.placements for s in found.others)}
    assert len(placed) == 3  # r6c2=4 is a hidden single of box 4 and of column 2: two steps, one placement
    solution = solve(puzzle).solutions[0].digits
    assert all(solution[x] == d for p in placed for x, d in p)
    assert main(["hint", puzzle, "--all", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [other["text"] for other in record["others"]] == [s.text for s in found.others]


def test_a_step_that_changes_nothing_raises_instead_of_coming_back_forever():
    idle = Technique("Idle", 1.0, "test", lambda position: Step("Idle", 1.0, "Idle: nothing.", (), (), (0,)))
    position = Position.from_puzzle(parse(EASY))
    with pytest.raises(RuntimeError, match="changes nothing: Idle"):
        list(steps(position, (idle,)))


def test_difficulty_targeted_generation_lands_in_the_band():
    for difficulty in ("Easy", "Medium", "Hard"):
        made = generate(seed=11, difficulty=difficulty)
        assert made.grade == difficulty == grade(rate(made.puzzle).score)
        assert made.record()["status"] == "generated" and made.record()["difficulty"] == difficulty
        assert generate(seed=made.seed).puzzle == made.puzzle  # the seed alone reproduces it
    nearest = generate(4, "none", 1, time_budget=0.2, difficulty="Extreme")  # no 4x4 is that hard
    assert nearest.status == "nearest" and nearest.grade != "Extreme" and nearest.puzzles > 1
    with pytest.raises(InvalidPuzzleError, match="unknown difficulty"):
        generate(difficulty="Impossible")


def test_rating_stops_at_its_deadline_and_graded_generation_keeps_its_budget():
    with pytest.raises(TimeoutError):
        rate(EASY, deadline=time.perf_counter())  # already past: stops after the first step
    start = time.process_time()  # the work done: CPU time, which a loaded machine does not stretch
    made = generate(16, "none", 5, time_budget=0.05, difficulty="Easy")
    elapsed = time.process_time() - start
    # Making a minimal 16x16 takes longer than the budget (0.15 s at the least, 0.33 s median):
    # the run ends with it, unrated.
    assert made.grade is None and made.score is None and made.puzzles == 1 and not made.minimal
    assert elapsed < 0.05 + 1.5  # the budget, plus at most one uniqueness test past it
    assert solve(made.puzzle).solutions == [made.solution]
    assert {"status": "ungraded", "grade": None, "score": None, "puzzles": 1}.items() <= made.record().items()


def test_cli_says_when_the_budget_ran_out_while_rating(capsys):
    assert main(["generate", "--size", "16", "--symmetry", "none", "--seed", "5", "--budget", "0.05",
                 "--difficulty", "Easy", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["grade"] is None
    assert "time budget ran out before this one was rated (1 made); its grade is unknown" in err


def test_cli_rate_hint_and_generate_by_difficulty(capsys, tmp_path):
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{EASY}\n{'.' * 81}\n12x\n")
    assert main(["rate", str(source), "--json"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0]["grade"] == "Easy" and out[0]["puzzle"] == EASY
    assert out[1]["grade"] == out[2]["grade"] == "invalid" and "more than one" in out[1]["error"]
    assert main(["hint", EASY, "--json"]) == 0
    assert {"status": "step", "kind": "step"}.items() <= json.loads(capsys.readouterr().out).items()
    assert main(["hint", EASY[:-1]]) == 1
    assert "80 cells is no puzzle size" in capsys.readouterr().err
    assert main(["generate", "--difficulty", "Medium", "--seed", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grade"] == "Medium"


def test_web_rate_says_no_limit_with_none_and_with_the_published_0():
    from sudoku_dlx import web, worker

    rated = web.rate(EASY)
    assert rated["status"] == "rated" and web.rate(EASY, budget=0)["grade"] == rated["grade"]
    assert worker.answer("rate", {"text": EASY, "budget": None})["grade"] == rated["grade"]
    assert "or none for no limit, not -1" in web.rate(EASY, budget=-1)["error"]
    assert web.rate(SE[-1][0], budget=1e-9)["status"] == "unrated"


def test_web_rate_reports_progress_and_the_links_of_chains():
    from sudoku_dlx import web

    for puzzle, _ in SE[:20]:
        heard = []
        result = web.rate(puzzle, progress=heard.append)
        chains = [step for step in result["path"] if step["links"]]
        if chains:
            break
    assert heard and heard[0]["steps"] == 1 and set(heard[-1]) == {"steps", "hardest", "score"}
    link = chains[0]["links"][0]
    assert set(link) == {"from", "to", "kind"} and link["kind"] in ("strong", "weak")
    assert all(len(link["from"]) == len(link["to"]) == 2 for step in chains for link in step["links"])


#: The step names of the techniques SE lacks.
LACKED = {name for technique in TECHNIQUES if not technique.se for name in technique.step_names}


def test_the_score_is_the_solve_without_the_techniques_se_lacks():
    # Sudoku Explainer rates this one 8.9: the path takes grouped AICs and ALS-XZs (7.1-7.2)
    # where SE needs cell forcing chains; the score is SE's, the path keeps the steps a strong
    # solver names.
    puzzle = lines("9x9/sudoku_exchange_se_sample.tsv", 10)[9].split("\t")[0]
    found = rate(puzzle)
    assert {step.technique for step in found.path} & LACKED
    alone = list(steps(Position.from_puzzle(parse(puzzle)), SCORED))
    assert found.score == max(step.score for step in alone) == 8.5
    assert found.hardest == "Forcing chains (cell)" and found.score > max(step.score for step in found.path)
    classic = {technique.find for technique in techniques_for("sudoku")}
    assert {technique.find for technique in SCORED} | (BEYOND_SE & classic) == classic



def test_past_dynamic_forcing_chains_the_path_takes_no_technique_se_lacks():
    puzzle = lines("9x9/sudoku_exchange_se_sample.tsv", 10)[9].split("\t")[0]
    position = Position.from_puzzle(parse(puzzle))
    for lacked in steps(position):  # each step comes before it is applied
        if lacked.technique in LACKED:
            break
    assert next_step(position).technique == lacked.technique
    position.search.enough = SE_ALONE_FROM
    found = next_step(position)
    assert found.technique not in LACKED and found.score <= SE_ALONE_FROM
    assert next_step(position, SCORED) == found


def test_a_rating_keeps_its_deadline_in_the_solve_that_proves_the_solution_unique():
    """That first solve ran without the deadline: an 11x11 futoshiki the generator made (seed
    1, Extreme, 10 s budget) spent 14 s there and came back after 22 s. A deadline gone by
    now ends it at its first guess, before any step."""
    puzzle = lines("9x9/forum_hardest_1106.txt", 1)[0]
    with pytest.raises(TimeoutError, match="stopped before it could tell"):
        rate(puzzle, deadline=time.perf_counter())
    assert solve(puzzle).status == "unique"
