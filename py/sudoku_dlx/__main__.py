"""``python -m sudoku_dlx``: the command line of :mod:`sudoku_dlx.cli`."""

import sys

from .cli import main

sys.exit(main())
