"""``python -m sudoku_dlx``: the command line of :mod:`sudoku_dlx.cli`."""

import os
import sys

from .cli import main

code = main()
if code == 130:
    # Stopped with Ctrl+C: a thread may still wait on standard input (cluster's feed). Its lock
    # would make the interpreter's shutdown abort ("could not acquire lock for <stdin>"), so
    # the process ends here, its output flushed.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
sys.exit(code)
