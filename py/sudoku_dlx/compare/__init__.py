"""Solvers compared on the same puzzles, as the page's race and batch views run them.

``race`` hands out two searches of one puzzle (backtracking and DLX) move by
move for a replay side by side; ``batch`` runs a puzzle set through the
solvers and measures each, for the batch view and the ``bench`` command.

Imports the engine, the puzzle kinds and :mod:`sudoku_dlx.baselines`; the
benchmark (:mod:`sudoku_dlx.bench`) and the page's API (:mod:`sudoku_dlx.web`)
stand on it.
"""
