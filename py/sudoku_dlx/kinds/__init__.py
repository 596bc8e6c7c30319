"""The puzzle kinds: grids and their rules, as exact cover.

``grid`` reads and writes puzzles of every size (shapes, units, peers,
symbols, parsing, :class:`~.grid.InvalidPuzzleError`); ``solver`` turns a
sudoku into exact cover and solves it with :mod:`sudoku_dlx.dlx`. The kinds to
come (X, windoku, jigsaw, killer, futoshiki) live here beside them.

Imports only :mod:`sudoku_dlx.dlx`; everything else in the package stands on this floor.
"""
