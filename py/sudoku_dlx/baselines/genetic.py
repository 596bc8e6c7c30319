"""A cultural genetic algorithm after Mantere & Koljonen, a stochastic baseline.

An individual is a grid whose boxes (the genes) each hold a permutation of the
digits the box misses, the givens fixed. Its fitness is the repeats in the rows
and columns (0: solved). Each generation keeps the best (elitism) and breeds the
rest from parents picked by tournaments: a child takes each whole box from one
parent or the other (crossover), then swaps two cells inside a box (mutation).
The belief space is the culture: the cells on which the best individuals all
agree. Mutation leaves those cells be and swaps among the others, so the
population keeps what its best have learnt and searches where they differ. When
the best fitness stalls, the population starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kinds.grid import Puzzle
from .stochastic import Run, Stochastic, Watch, box_fill, needs_classic

__all__ = ["ELITE", "POPULATION", "RESTART_AFTER", "evolve"]

#: Individuals in a generation.
POPULATION = 60
#: The best individuals kept as they are, and whose agreement is the belief space.
ELITE = 6
#: Parents drawn for each tournament (the fittest of them wins).
TOURNAMENT = 3
#: Mutations per child: each swaps two cells of a random box.
MUTATIONS = 2
#: Generations without a better best after which the population starts afresh.
RESTART_AFTER = 150


def evolve(puzzle: Puzzle, seed: int = 0, max_iterations: int = 1_000_000, max_seconds: float = 0.0,
           stop: Callable[[], bool] | None = None, watch: Watch | None = None) -> Stochastic:
    """Evolve grids for ``puzzle`` (a classic sudoku); an iteration is one child made and
    rated; ``watch`` hears each generation's fittest grid (its cost: repeats in rows and
    columns)."""
    needs_classic(puzzle)
    run = Run(seed, max_iterations, max_seconds, stop)
    rng, n = run.rng, puzzle.n
    lines = [range(r * n, r * n + n) for r in range(n)] + [range(c, n * n, n) for c in range(n)]
    _, free = box_fill(puzzle, rng)
    boxes = [cells for cells in free if len(cells) >= 2]

    def fitness(grid: list[int]) -> int:
        return n * 2 * n - sum(len({grid[x] for x in line}) for line in lines)

    def population() -> list[tuple[int, list[int]]]:
        return sorted(((fitness(g), g) for g in (box_fill(puzzle, rng)[0] for _ in range(POPULATION))),
                      key=lambda pair: pair[0])

    def pick(rated: list[tuple[int, list[int]]]) -> list[int]:
        return min(rng.sample(rated, TOURNAMENT), key=lambda pair: pair[0])[1]

    rated = population()
    best_fit, best = rated[0]
    if watch:
        watch(best, None, best_fit, 0.0)
    iterations = stalled = 0
    while best_fit and boxes and not run.over(iterations):
        elite = [grid for _, grid in rated[:ELITE]]
        believed = [all(g[x] == elite[0][x] for g in elite) for x in range(n * n)]
        children = rated[:ELITE]
        while len(children) < POPULATION and not run.over(iterations):
            iterations += 1
            mother, father = pick(rated), pick(rated)
            child = mother[:]
            for cells in free:
                if rng.random() < 0.5:
                    for x in cells:
                        child[x] = father[x]
            for _ in range(MUTATIONS):
                cells = rng.choice(boxes)
                open_cells = [x for x in cells if not (believed[x] and child[x] == elite[0][x])]
                a, b = rng.sample(open_cells if len(open_cells) >= 2 else cells, 2)
                child[a], child[b] = child[b], child[a]
            children.append((fitness(child), child))
        rated = sorted(children, key=lambda pair: pair[0])
        if watch:
            watch(rated[0][1], None, rated[0][0], 0.0)
        if rated[0][0] < best_fit:
            best_fit, best, stalled = rated[0][0], rated[0][1], 0
            continue
        stalled += 1
        if stalled >= RESTART_AFTER:
            rated, stalled = population(), 0
    return run.result(puzzle, best, iterations)
