"""The baselines: the solvers the engine is measured against.

``textbook`` is Knuth's DLX1 written plainly (against the engine's tuned
search); ``backtrack`` plain backtracking, which also races the engine on the
page, handing out its ``moves`` as it goes; ``diggers`` clue removal with a
fresh uniqueness test per removal (against the generator's); ``annealing``,
``genetic`` and ``boltzmann`` the stochastic solvers a thesis compared with
backtracking (issue 42), which find a solution or not and prove nothing
(``stochastic``: their record, the check of a solution, the boxes filled);
``rulebased`` that thesis's rule-based solver: a person's rules, then a guess.

Imports :mod:`sudoku_dlx.dlx` and the puzzle kinds (:mod:`sudoku_dlx.kinds`)
only; the benchmark, the race and the batch stand on them. Two stand higher:
``rulebased`` on the techniques and the rating's choice of the easiest step, and
``needs``, the ways to a puzzle that needs a technique (against
``generate(needs=...)``), on the generator and the rating, whose puzzles and paths
it uses.
"""
