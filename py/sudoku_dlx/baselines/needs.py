"""Baseline ways to a puzzle that needs a technique (compare the generator's
``generate(needs=...)``, :func:`sudoku_dlx.generator._needing`).

* ``rate``: generate minimal puzzles and rate each in full until one's path uses
  the technique (as the generator meets a difficulty).
* ``dig``: dig with the rater in the loop: remove the orbits one by one, keeping a
  removal while the puzzle stays unique and the techniques up to the one needed
  solve it; stop when their path uses it (then rate it in full to be sure), else
  start again on a new grid.

Both take puzzles from seeds drawn from ``seed`` and stop at ``deadline``; each
returns the puzzle (None if the deadline came first) and how many it made.
"""

from __future__ import annotations

import random
import time

from ..generator import generate, plan
from ..kinds.grid import Puzzle
from ..kinds.solver import solutions
from ..rating import rate, steps
from ..techniques.position import Position, Search
from ..techniques.registry import Needed

__all__ = ["WAYS", "dig_rated", "rate_until"]


def rate_until(need: Needed, only: bool, seed: int, deadline: float, size: int = 9,
               kind: str = "sudoku") -> tuple[Puzzle | None, int]:
    """Generate and rate until the path uses ``need``."""
    rng, made = random.Random(seed), 0
    while time.perf_counter() < deadline:
        puzzle = generate(size, "random", rng.randrange(2**31), kind=kind).puzzle
        made += 1
        try:
            if need.met_by(rate(puzzle, deadline).path, only):
                return puzzle, made
        except TimeoutError:
            break
    return None, made


def dig_rated(need: Needed, only: bool, seed: int, deadline: float, size: int = 9,
              kind: str = "sudoku") -> tuple[Puzzle | None, int]:
    """Dig with the techniques up to ``need`` in the loop until their path uses it."""
    rng, made = random.Random(seed), 0
    while time.perf_counter() < deadline:
        shape, _, _, solution, order, _ = plan(size, "random", rng.randrange(2**31), kind)
        made += 1
        digits = list(solution)
        for orbit in order:
            if time.perf_counter() > deadline:
                return None, made
            for x in orbit:
                digits[x] = 0
            puzzle = Puzzle(shape, tuple(digits))
            position = Position.from_puzzle(puzzle)
            position.search = Search(solution=solution, givens=puzzle.digits)
            used = False
            if len(solutions(puzzle, 2)[0]) == 1:
                for step in steps(position, need.techniques):
                    used |= need.used_by(step)
            if not position.solved:
                for x in orbit:
                    digits[x] = solution[x]
            elif used:
                if need.met_by(rate(puzzle).path, only):
                    return puzzle, made
                break
    return None, made


#: name -> function(need, only, seed, deadline, size, kind) -> (puzzle or None, puzzles made).
WAYS = {"rate": rate_until, "dig": dig_rated}
