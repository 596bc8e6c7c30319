"""Variant rules: a puzzle is a grid and a list of rules (docs/rules.md).

Each rule is one module with one class (``thermometer``, ``kropki``, ...) keeping the
protocol of :mod:`.base`; :mod:`.table` finds them by their f-puzzles keys, and
:mod:`.solve` solves a grid with them as one exact cover.

Stands on :mod:`sudoku_dlx.dlx` and :mod:`sudoku_dlx.kinds.grid`.
"""
