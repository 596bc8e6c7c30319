"""Each kind as a set of rules (sudoku_dlx.rules.kinds): the rules' solver finds the kinds'
solver's solutions, on Simon Tatham's game IDs of the lab and on generated puzzles of every
kind, and a puzzle with two solutions has the same two."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sudoku_dlx.cover.problems import KIND_PUZZLES
from sudoku_dlx.generator import generate
from sudoku_dlx.kinds.grid import KIND
from sudoku_dlx.kinds.read import read_puzzle
from sudoku_dlx.kinds.solver import solutions as kind_solutions
from sudoku_dlx.rules.diagonal import Diagonal
from sudoku_dlx.rules.extraregion import ExtraRegion
from sudoku_dlx.rules.kinds import as_rules
from sudoku_dlx.rules.solve import solutions as rule_solutions


def same_solutions(puzzle, limit=0):
    ours, _ = kind_solutions(puzzle, limit)
    theirs, _ = rule_solutions(as_rules(puzzle), limit)
    assert sorted(ours) == sorted(theirs) and ours
    return ours


@pytest.mark.parametrize("kind", sorted(KIND_PUZZLES))
def test_the_labs_puzzle_of_each_kind(kind):
    assert len(same_solutions(read_puzzle(KIND_PUZZLES[kind], kind=kind))) == 1


@pytest.mark.parametrize("kind", [name for name in KIND if name != "sudoku"])
@pytest.mark.parametrize("seed", range(3))
def test_generated_puzzles_of_every_kind(kind, seed):
    size = 6 if 6 in KIND[kind].sizes else KIND[kind].natural_size
    puzzle = generate(size=size, kind=kind, seed=seed, symmetry="none", budget=2.0).puzzle
    assert len(same_solutions(puzzle)) == 1


@pytest.mark.parametrize("kind", ["x", "killer", "futoshiki", "jigsaw"])
def test_a_puzzle_with_givens_taken_away_has_the_same_several_solutions(kind):
    puzzle = generate(size=6 if kind != "futoshiki" else 5, kind=kind, seed=7, symmetry="none", budget=2.0).puzzle
    fewer = replace(puzzle, digits=tuple(0 if x % 4 == 0 else d for x, d in enumerate(puzzle.digits)),
                    signs=puzzle.signs[::2])
    assert len(same_solutions(fewer)) > 1


def test_the_rules_are_the_kinds_facts():
    x = as_rules(read_puzzle(KIND_PUZZLES["x"], kind="x")).grid.rules
    assert x == (Diagonal(True), Diagonal(False))
    windoku = as_rules(read_puzzle(KIND_PUZZLES["windoku"], kind="windoku")).grid
    assert all(isinstance(rule, ExtraRegion) for rule in windoku.rules) and len(windoku.rules) == 4
    assert windoku.shape.kind == "sudoku"
    killer = read_puzzle(KIND_PUZZLES["killer"], kind="killer")
    assert [rule.total for rule in as_rules(killer).grid.rules] == [cage.sum for cage in killer.cages]
    futoshiki = read_puzzle(KIND_PUZZLES["futoshiki"], kind="futoshiki")
    assert [rule.line for rule in as_rules(futoshiki).grid.rules] == [(s.lesser, s.greater) for s in futoshiki.signs]
