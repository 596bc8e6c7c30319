"""The exact-cover side shown: the lab's problems and the DLX search recorded.

``problem`` holds an exact-cover problem with names and its text format and
Knuth's; ``classics`` builds Knuth's classics on it (the pentominoes, Langford
pairs); ``problems`` holds the lab's examples (N queens, a sudoku with its
givens, the classics...), their search recorded event by event, and counting
(whole or in parts); ``naming`` names the items and options of a puzzle's exact
cover in the words of its kind; ``record`` records a search event by event in
the words of a namer, for ``problems`` (the lab's names) and ``trace``, which
records the search of a puzzle of any kind in its words (the page's "DLX steps").

Imports :mod:`sudoku_dlx.dlx` and the puzzle kinds (:mod:`sudoku_dlx.kinds`),
never the techniques, the rating or anything above them.
"""
