"""The registry (techniques/registry.py) is the one source of each technique's name, base
score and family: no technique module holds a score, the steps read theirs from the
registry, and each step is named and scored as its technique's entry says."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from positions import confine, empty_position, with_candidates
from conftest import lines
from sudoku_dlx import parse, solve
from sudoku_dlx.rating import steps as rating_steps
from sudoku_dlx.techniques import basic, fish, registry, uniqueness, wings
from sudoku_dlx.techniques.position import BASE_SCORES, Position, Search, base_score
from sudoku_dlx.techniques.registry import BY_NAME, TECHNIQUES

MODULES = sorted((Path(registry.__file__).parent).glob("*.py"))
FLOOR = {"r1c1": "37", "r1c5": "37"}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_each_technique_has_one_entry_and_its_family_is_its_module():
    assert len(BY_NAME) == len(TECHNIQUES)
    for technique in TECHNIQUES:
        assert technique.family == technique.find.__module__.rsplit(".", 1)[-1], technique.name


@pytest.mark.parametrize("path", [path for path in MODULES if path.name != "registry.py"], ids=lambda path: path.name)
def test_no_technique_module_holds_a_score(path):
    """A number of 1.0 or more beside the registry's would be a score of its own (what a
    technique adds for a step's length or size is a tenth or a few)."""
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            assert node.value < 1.0, f"{path.name}:{node.lineno} holds the score {node.value}"


def test_every_base_score_asked_for_is_a_registry_entry():
    """(Names put together, as a fish's from its size, are asked for when the steps are
    found: :func:`test_every_step_is_named_and_scored_as_its_technique_says`.)"""
    asked = set()
    for path in MODULES:
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "base_score":
                (name,) = node.args
                if isinstance(name, ast.Constant):
                    assert name.value in BY_NAME, f"{path.name}:{node.lineno} asks for {name.value!r}"
                    asked.add(name.value)
    assert len(asked) > 40  # 44 when written


@pytest.mark.parametrize("name, find, position", [
    ("Hidden single", basic.hidden_single, lambda: confine(empty_position(), 5, "row 1", "r1c4")),
    ("X-wing", fish.x_wing, lambda: confine(confine(empty_position(), 4, "row 2", "r2c3 r2c8"), 4, "row 7", "r7c3 r7c8")),
    ("XY-wing", wings.xy_wing, lambda: with_candidates(empty_position(), {"r5c5": "12", "r5c1": "13", "r1c5": "23"})),
    ("Unique rectangle type 1", uniqueness.unique_rectangle_1,
     lambda: with_candidates(empty_position(), {**FLOOR, "r2c1": "37", "r2c5": "379"})),
    ("Unique rectangle type 3", uniqueness.unique_rectangle_3,  # base + 0.1 per digit beyond two: moves with it
     lambda: with_candidates(empty_position(), {**FLOOR, "r2c1": "137", "r2c5": "237", "r2c8": "12"})),
])
def test_a_step_scores_from_its_registry_entry(monkeypatch, name, find, position):
    """Moving a technique's base score (the table the registry writes) moves its steps'
    scores with it."""
    assert BASE_SCORES == {name: technique.score for name, technique in BY_NAME.items()}
    before = find(position()).score
    monkeypatch.setitem(BASE_SCORES, name, BASE_SCORES[name] + 2)
    assert find(position()).score == round(before + 2, 1)
    monkeypatch.undo()
    assert find(position()).score == before


#: The families whose every step (:meth:`Technique.every`) is quick to list; of the others,
#: the step ``find`` gives.
EVERY = {"basic", "fish", "wings", "uniqueness"}


def test_every_step_is_named_and_scored_as_its_technique_says():
    """Along the rating's path of HoDoKu exemplars, where no single is left (as where the
    rating and hints try the techniques beyond the singles), each technique's steps up to
    the ALS family score its base or more and have a name the registry writes (a forcing chain's
    with a qualifier in brackets): the technique's, or, for a chain that closes a loop,
    that of the loops' (an X-chain's: "Continuous nice loop")."""
    rows = [row.split("\t") for row in lines("9x9/hodoku_exemplars_techniques.tsv")]
    puzzles = [next(row[0] for row in rows if row[2] == name)
               for name in ("Swordfish", "Uniqueness Test Type 3", "Avoidable Rectangle Type 1", "ALS-XZ rule")]
    cheap = [technique for technique in TECHNIQUES if technique.score < base_score("Franken fish")]
    written = {name for technique in TECHNIQUES for name in technique.step_names}
    seen = set()
    for puzzle in puzzles:
        position = Position.from_puzzle(parse(puzzle))
        position.search = Search(solution=solve(puzzle).solutions[0].digits, givens=parse(puzzle).digits)
        for next_step in rating_steps(position):
            if next_step.score <= base_score("Naked single"):
                continue
            for technique in cheap:
                found = technique.every(position) if technique.family in EVERY else [technique.find(position.copy())]
                for step in filter(None, found):
                    name = step.technique.split(" (", 1)[0]
                    assert name in technique.step_names or name in written and "loop" in name, step.technique
                    assert step.score >= technique.score, (step.technique, step.score)
                    seen.add(technique.name)
    assert len(seen) > 20, seen
