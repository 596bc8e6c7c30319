"""f-puzzles and SudokuPad links: read what a link says into a typed Variant, and write f-puzzles links.

``lzstring`` is LZ-String's base64 and URI-safe forms; ``variant`` the typed description
(:class:`~.variant.Variant`, :class:`~.variant.Clue`); ``fpuzzles`` decodes f-puzzles links (and
SudokuPad links carrying f-puzzles data), reads and writes their JSON; ``sudokupad`` reads
SudokuPad's own ``scl`` links as far as their meaning is recoverable; ``reader.read`` takes any
of them. No solver objects: the rules layer gives each key its meaning. Imports only
:mod:`sudoku_dlx.kinds.grid`.
"""
