"""Simulated annealing after Lewis (2007), a stochastic baseline.

Each box is filled with a permutation of the digits it misses, so boxes never
repeat a digit; a move swaps two non-given cells of one box. The cost is the
number of digits missing from the rows and the columns (0: solved), updated for
the two rows and columns a swap touches. A worse move is taken with probability
``exp(-delta / T)``; the starting temperature is the spread (standard deviation)
of the cost over random moves, cooled geometrically after each chain of about
(free cells)^2 moves, and reheated to it once the search, cold, has gone chains without a lower cost.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable

from ..kinds.grid import Puzzle
from .stochastic import Run, Stochastic, Watch, box_fill, needs_classic

__all__ = ["COOLING", "REHEAT_AFTER", "anneal"]

#: The factor the temperature is multiplied by after each chain.
COOLING = 0.99
#: Chains without a new lowest cost after which the temperature goes back to the start.
REHEAT_AFTER = 20
#: The share of the starting temperature below which chains without a lower cost count
#: towards a reheat (a hot search wanders; only a cold one can be stuck).
COLD = 0.1
#: Random moves whose costs give the starting temperature.
SAMPLE = 200


def anneal(puzzle: Puzzle, seed: int = 0, max_iterations: int = 1_000_000, max_seconds: float = 0.0,
           stop: Callable[[], bool] | None = None, watch: Watch | None = None) -> Stochastic:
    """Anneal ``puzzle`` (a classic sudoku); an iteration is one move proposed; ``watch``
    hears the filled grid, then each swap made."""
    needs_classic(puzzle)
    run = Run(seed, max_iterations, max_seconds, stop)
    rng, n = run.rng, puzzle.n
    digits, free = box_fill(puzzle, rng)
    boxes = [cells for cells in free if len(cells) >= 2]
    rows = [[0] * (n + 1) for _ in range(n)]  # rows[r][d]: how many times row r holds digit d
    cols = [[0] * (n + 1) for _ in range(n)]
    for x, d in enumerate(digits):
        rows[x // n][d] += 1
        cols[x % n][d] += 1
    cost = sum(line[1:].count(0) for line in rows + cols)

    def delta(a: int, b: int) -> int:
        """The change in cost if the digits of cells ``a`` and ``b`` (one box) swap."""
        da, db, change = digits[a], digits[b], 0
        for lines, la, lb in ((rows, a // n, b // n), (cols, a % n, b % n)):
            if la != lb:
                one, two = lines[la], lines[lb]
                change += (one[da] == 1) - (one[db] == 0) + (two[db] == 1) - (two[da] == 0)
        return change

    def swap(a: int, b: int) -> None:
        da, db = digits[a], digits[b]
        for lines, la, lb in ((rows, a // n, b // n), (cols, a % n, b % n)):
            lines[la][da] -= 1
            lines[la][db] += 1
            lines[lb][db] -= 1
            lines[lb][da] += 1
        digits[a], digits[b] = db, da

    best, best_cost, iterations = digits[:], cost, 0
    if not boxes or not cost:
        return run.result(puzzle, best, iterations)
    costs = []
    for _ in range(SAMPLE):  # the spread of the cost over random moves
        a, b = rng.sample(rng.choice(boxes), 2)
        cost += delta(a, b)
        swap(a, b)
        costs.append(cost)
    start = max(statistics.pstdev(costs), 0.5)
    temperature, chain = start, max(1, sum(map(len, free))) ** 2
    if watch:
        watch(digits, None, cost, temperature)
    stalled, run_best = 0, cost  # chains without a lower cost, the lowest since the last (re)heat
    while cost and not run.over(iterations):
        iterations += 1
        a, b = rng.sample(rng.choice(boxes), 2)
        change = delta(a, b)
        if change <= 0 or rng.random() < math.exp(-change / temperature):
            swap(a, b)
            cost += change
            if watch:
                watch(digits, [a, b], cost, temperature)
            if cost < run_best:
                run_best, stalled = cost, 0
                if cost < best_cost:
                    best, best_cost = digits[:], cost
        if not iterations % chain:
            temperature *= COOLING
            stalled += temperature < start * COLD
            if stalled >= REHEAT_AFTER:
                temperature, stalled, run_best = start, 0, cost
    return run.result(puzzle, digits if not cost else best, iterations)
