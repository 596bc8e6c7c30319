"""A Boltzmann machine with one choice per cell, a stochastic baseline.

The thesis's network has a unit per cell and digit, each pair of units of one
digit in one row, column or box joined by a negative weight. Here each cell is
one categorical unit (one-hot: exactly one digit on), so a cell's digit ``d``
has the energy of its conflicts: the cells of its row, col and box holding
``d``. Gibbs sampling visits the non-given cells and draws each one's digit from
the softmax ``exp(-E(d) / T)`` over the digits; the givens stay clamped. The
temperature falls geometrically sweep by sweep; a run that has not settled by
the coldest temperature restarts from random digits instead of cooling on.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..kinds.grid import Puzzle
from .stochastic import Run, Stochastic, Watch, needs_classic

__all__ = ["COLDEST", "COOLING", "HOTTEST", "sample"]

#: The temperature of a (re)start, the one a run restarts below, and the factor per sweep.
HOTTEST = 1.5
COLDEST = 0.1
COOLING = 0.98


def sample(puzzle: Puzzle, seed: int = 0, max_iterations: int = 1_000_000, max_seconds: float = 0.0,
           stop: Callable[[], bool] | None = None, watch: Watch | None = None) -> Stochastic:
    """Gibbs-sample ``puzzle`` (a classic sudoku); an iteration is one cell's digit drawn;
    ``watch`` hears the random start, each digit drawn that changes its cell, each restart."""
    needs_classic(puzzle)
    run = Run(seed, max_iterations, max_seconds, stop)
    rng, shape, n = run.rng, puzzle.shape, puzzle.n
    units_of = [(x // n, n + x % n, 2 * n + shape.box_of[x]) for x in range(n * n)]
    counts = [[0] * (n + 1) for _ in range(3 * n)]  # counts[unit][d]: cells of the unit holding d
    digits = list(puzzle.digits)
    blanks = [x for x, d in enumerate(digits) if not d]
    for x, d in enumerate(digits):
        if d:
            for u in units_of[x]:
                counts[u][d] += 1
    conflicts = sum(c * (c - 1) // 2 for unit in counts for c in unit[1:])  # from the givens alone

    def place(x: int, d: int) -> None:
        """Put ``d`` in blank ``x`` (empty now), keeping the counts and conflicts."""
        nonlocal conflicts
        for u in units_of[x]:
            conflicts += counts[u][d]
            counts[u][d] += 1
        digits[x] = d

    def lift(x: int) -> None:
        nonlocal conflicts
        d, digits[x] = digits[x], 0
        for u in units_of[x]:
            counts[u][d] -= 1
            conflicts -= counts[u][d]

    for x in blanks:
        place(x, rng.randint(1, n))
    if watch:
        watch(digits, None, conflicts, HOTTEST)
    best, best_conflicts = digits[:], conflicts
    iterations, temperature, weights = 0, HOTTEST, [0.0] * (n + 1)
    order = blanks[:]
    while conflicts and blanks and not run.over(iterations):
        boltzmann = [math.exp(-e / temperature) for e in range(3 * n + 1)]  # by energy, this sweep
        rng.shuffle(order)
        for x in order:
            iterations += 1
            was = digits[x]
            lift(x)
            r, c, b = (counts[u] for u in units_of[x])
            total = 0.0
            for d in range(1, n + 1):
                total += boltzmann[r[d] + c[d] + b[d]]
                weights[d] = total
            pick, d = rng.random() * total, 1
            while weights[d] < pick:
                d += 1
            place(x, d)
            if watch and d != was:
                watch(digits, [x], conflicts, temperature)
            if conflicts < best_conflicts:
                best, best_conflicts = digits[:], conflicts
            if not conflicts or run.over(iterations):
                break
        temperature *= COOLING
        if temperature < COLDEST and conflicts:  # restart: fresh random digits, hot again
            temperature = HOTTEST
            for x in blanks:
                lift(x)
                place(x, rng.randint(1, n))
            if watch:
                watch(digits, None, conflicts, temperature)
    return run.result(puzzle, digits if not conflicts else best, iterations)
