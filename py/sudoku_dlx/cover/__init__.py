"""The exact-cover side shown: the lab's problems and the DLX search recorded.

``problems`` holds exact-cover problems with names (the lab's examples, N
queens, a sudoku with its givens), their text format and Knuth's, their search
recorded event by event, and counting (whole or in parts); ``classics`` builds
Knuth's classics on them (the pentominoes, Langford pairs); ``naming`` names the
items and options of a puzzle's exact cover in the words of its kind; ``trace`` records the search of a
puzzle of any kind event by event in those words (the page's "DLX steps").

Imports :mod:`sudoku_dlx.dlx` and the puzzle kinds (:mod:`sudoku_dlx.kinds`),
never the techniques, the rating or anything above them.
"""
