"""The command line: ``python -m sudoku_dlx solve|generate|rate|hint|steps|cover|queens|bench ...``.

Each subcommand is a function ``(args) -> exit code``: 0 when all went well, 1
when some input was not a puzzle, 2 for a usage error (unreadable file, bad
option). ``--json`` prints the records of :mod:`sudoku_dlx.web`, the page's own.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import replace

from . import bench, web
from .compare.batch import CSV_HEADER, SOLVERS, measure
from .cover import problems
from .generator import DEFAULT_BUDGET, SYMMETRIES, generate
from .kinds.forms import write_form
from .kinds.grid import KINDS, InvalidPuzzleError, Puzzle, format_grid, parse, puzzle_on_line, read_puzzles
from .kinds.read import puzzle_id, read_puzzle, read_texts
from .kinds.tatham import write_game_id
from .rating import GRADES

__all__ = ["main"]


#: The most processes ``bench --jobs`` starts (a pool starts them all at once).
JOBS_MAX = 64


def _read(source: str) -> str:
    """The text of a file, of standard input for ``-``, or ``source`` itself when no
    file has that name and it does not look like a file name (no folder, no
    extension): a puzzle of any size, or a bad one whose error the caller reports.
    OSError when there is no such file or it is no UTF-8 text."""
    try:
        if source == "-":
            return sys.stdin.read()
        if not os.path.exists(source):
            if "/" in source or os.sep in source or re.search(r"\.[A-Za-z]\w{0,4}$", source):
                raise FileNotFoundError(f"no file named {source!r}")
            return source
        with open(source, encoding="utf-8") as file:
            return file.read()
    except UnicodeDecodeError as error:
        name = "standard input" if source == "-" else repr(source)
        raise OSError(f"{name} is no UTF-8 text (byte {error.object[error.start]:#04x} at {error.start:,})") from None


def _emit(record: dict) -> None:
    print(json.dumps(record, separators=(",", ":")))


def cmd_solve(args: argparse.Namespace) -> int:
    """One result per puzzle, in order; a bad puzzle is reported and the run goes on."""
    invalid = 0
    for text in read_texts(_read(args.source)):
        record = web.solve(text, args.size or 0, args.limit, args.kind or "")
        invalid += record["status"] == "invalid"
        if args.json:
            _emit(record)
        elif record["status"] in ("none", "invalid"):
            print(f"{record['status']}: {record['error']}")
        elif args.pretty:
            print(_solved_grid(record["puzzle"], record["solutions"][0]) + "\n")
        else:
            suffix = "" if record["status"] == "unique" else f"  ({record['status']}: {len(record['solutions'])} found)"
            print(f"{record['solutions'][0]}{suffix}")
    return 1 if invalid else 0


def _solved_grid(puzzle: str, solution: str) -> str:
    """``puzzle`` (its canonical text) filled with ``solution`` as a grid; a futoshiki's with its signs."""
    solved = read_puzzle(puzzle)
    solved = replace(solved, digits=parse(solution, shape=solved.shape).digits)
    return write_form(solved) if solved.kind == "futoshiki" else format_grid(solved)


def cmd_generate(args: argparse.Namespace) -> int:
    """``--count`` puzzles, one per line (or grid); with ``--seed S`` their seeds are S, S+1, ..."""
    form = "grid" if args.pretty else args.format
    if args.needs_only and not args.needs:
        print("error: --needs-only goes with --needs TECHNIQUE", file=sys.stderr)
        return 2
    for k in range(args.count):
        seed = None if args.seed is None else args.seed + k
        try:
            made = generate(args.size, args.symmetry, seed, not args.not_minimal, args.clues, args.budget or None,
                            args.difficulty, kind=args.kind, needs=args.needs, needs_only=args.needs_only)
            shown = _shown(made.puzzle, form)
        except InvalidPuzzleError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        if made.status == "ungraded":
            print(f"note: the time budget ran out before this one was rated ({made.puzzles} made); its grade is unknown",
                  file=sys.stderr)
        elif made.status == "unmet":
            print(f"note: no puzzle needing {made.needs}{' and nothing harder' if made.needs_only else ''} in "
                  f"{made.puzzles} tries; this one does not", file=sys.stderr)
        elif made.status == "nearest":
            print(f"note: no {args.difficulty} puzzle in {made.puzzles} tries; this one is {made.grade} "
                  f"({made.score})", file=sys.stderr)
        if args.json:
            _emit(made.record() | ({"puzzle": shown} if form == "tatham" else {}))
        else:
            print(shown + ("\n" if form == "grid" else ""))
    return 0


def _shown(puzzle: Puzzle, form: str | None) -> str:
    """``puzzle`` in a ``generate --format``: ``tatham`` its game ID; ``text`` the kind's
    readable text (a futoshiki's, jigsaw's or killer's, see :mod:`~.kinds.forms`; else
    the digits, after ``x:`` or ``windoku:``); ``grid`` a grid (with boxes, or the
    readable text); None its canonical text (:func:`~.kinds.read.puzzle_id`)."""
    if form == "tatham":
        return write_game_id(puzzle)
    if form is None:
        return puzzle_id(puzzle)
    if puzzle.kind in ("futoshiki", "jigsaw", "killer"):
        return write_form(puzzle)
    if form == "grid":
        return format_grid(puzzle)
    return str(puzzle) if puzzle.kind == "sudoku" else f"{puzzle.kind}:{puzzle}"


def cmd_rate(args: argparse.Namespace) -> int:
    """One rating per puzzle, in order; a bad puzzle (or one without exactly one solution),
    or one whose rating runs past ``--budget``, is reported and the run goes on."""
    if not 0 <= args.budget < float("inf"):
        print(f"error: --budget must be a number of seconds, 0 for no limit, not {args.budget}", file=sys.stderr)
        return 2
    invalid = 0
    for text in read_texts(_read(args.source)):
        record = web.rate(text, args.size or 0, args.budget, kind=args.kind or "")
        path = record.pop("path", [])
        if record["status"] in web.FAILURES:
            invalid += 1
            if not args.json:
                print(f"{record['status']}: {record['error']}")
        elif not args.json:
            scale = "" if record["scale"] == "SE" else f"  [{record['scale']}]"
            print(f"{record['puzzle']}  {record['grade']} {record['score']:.1f}  {record['hardest']}"
                  f"  ({record['steps']} steps, abc {record['abc']}, {record['nodes']} nodes){scale}")
        if args.json:
            _emit({**record, "path": path} if args.path else record)
        elif args.path:
            for step in path:
                print(f"  {step['score']:4.1f}  {step['text']}")
    return 1 if invalid else 0


def cmd_hint(args: argparse.Namespace) -> int:
    """The next step for a puzzle and, optionally, the player's entries."""
    found = web.hint(args.puzzle, args.entries, None, args.size or 0, args.kind or "")
    if args.json:
        _emit(found)
    elif found["status"] in web.FAILURES:
        print(f"error: {found['error']}", file=sys.stderr)
    else:
        print(found["text"])
    return 1 if found["status"] in web.FAILURES else 0


def cmd_steps(args: argparse.Namespace) -> int:
    """The DLX search of a puzzle traced, one numbered event per line (``--json``: one object)."""
    if args.max < 1:
        print("error: --max must be at least 1", file=sys.stderr)
        return 2
    record = web.dlx_steps(args.puzzle, args.size or 0, args.max, args.kind or "")
    if args.json:
        _emit(record)
    elif record["status"] in web.FAILURES:
        print(f"error: {record['error']}", file=sys.stderr)
    else:
        print(f"{record['items']} items and {record['options']} options; the {record['clues']} givens leave "
              f"{record['open_items']} items and {record['open_options']} options.")
        width = len(str(len(record["steps"])))
        for number, event in enumerate(record["steps"], 1):
            print(f"{number:>{width}}  [{event['placed']:>3} placed]  {event['text']}")
        if not record["complete"]:
            print(f"(cut after {len(record['steps'])} steps: --max N shows more)")
    return 1 if record["status"] in web.FAILURES else 0


def cmd_cover(args: argparse.Namespace) -> int:
    """Solve an exact-cover problem written in the text format of :mod:`sudoku_dlx.cover.problems`
    (a file, or standard input for ``-``)."""
    if args.source != "-" and not os.path.isfile(args.source):
        print(f"error: no file named {args.source!r}", file=sys.stderr)
        return 2
    title = "standard input" if args.source == "-" else os.path.basename(args.source)
    try:
        problem = problems.parse_problem(_read(args.source), title)
    except problems.ProblemError as error:
        if args.json:
            _emit(web.problem_error_record(error, solutions=0))
        print(f"error: {error}", file=sys.stderr)
        return 1
    return _search(problem, args)


def cmd_queens(args: argparse.Namespace) -> int:
    """The N-queens problem as exact cover."""
    try:
        problem = problems.queens(args.n)
    except problems.ProblemError as error:
        if args.json:
            _emit(web.problem_error_record(error, solutions=0))
        print(f"error: {error}", file=sys.stderr)
        return 2
    return _search(problem, args)


def _search(problem: problems.Problem, args: argparse.Namespace) -> int:
    """Print the solutions (or, with --count, how many), the steps with --steps, or one
    JSON object with --json (``web.cover_record``, plus ``found`` and ``steps`` as asked)."""
    if args.limit < 0 or args.max < 1:
        print("error: --limit must not be negative and --max must be at least 1", file=sys.stderr)
        return 2
    counted = problems.count(problem, args.limit, keep=not args.count)
    walk = problems.trace_problem(problem, args.max) if args.steps else None
    record = web.cover_record(problem, counted)
    found = [[problem.label(k) for k in solution] for solution in counted.found]
    if args.json:
        extra = {} if args.count else {"found": found}
        if walk:
            extra |= {"steps": walk.events, "steps_complete": walk.complete}
        _emit(record | extra)
        return 0
    print(f"{problem.title}: {record['items']} items ({record['primary']} primary), {record['options']} options, "
          f"{record['ones']} nodes")
    if walk:
        width = len(str(len(walk.events)))
        for number, event in enumerate(walk.events, 1):
            print(f"{number:>{width}}  {event['text']}")
        if not walk.complete:
            print(f"(steps cut after {len(walk.events)}: --max N shows more)")
    for number, labels in enumerate(found, 1):
        print(f"solution {number}: {'; '.join(labels)}")
    solutions = f"{record['solutions']:,} solution{'' if record['solutions'] == 1 else 's'}"
    print(f"{'at least ' if not record['complete'] else ''}{solutions} "
          f"({record['nodes']:,} options tried, {record['ms']:.1f} ms)"
          + ("" if record["complete"] else f"; stopped at --limit {args.limit}"))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Time the chosen solvers on the same sample of a puzzle file and print the table,
    or ``--json`` one record per solver (or, with ``--generate``, time generation).
    A line that is no valid puzzle is named on standard error and counted invalid."""
    if args.n < 0:
        print(f"error: --n must be 0 (every puzzle; --generate: 10) or more, not {args.n}", file=sys.stderr)
        return 2
    if args.generate and args.needs:
        return _bench_needs(args)
    if args.generate:
        return _bench_generate(args)
    if args.file is None:
        print("error: bench needs a puzzle file, or --generate SIZES", file=sys.stderr)
        return 2
    if not 1 <= args.jobs <= JOBS_MAX:
        print(f"error: --jobs must be 1 to {JOBS_MAX}, not {args.jobs}", file=sys.stderr)
        return 2
    text = _read(args.file)
    numbered = [(number, line) for number, raw in enumerate(text.splitlines(), 1)
                if (line := puzzle_on_line(raw, number)) is not None]
    if len(numbered) != len(puzzles := read_puzzles(text)):  # the whole file is one grid
        numbered = [(1, puzzles[0])]
    chosen = bench.sample(numbered, args.n, args.seed)
    texts = [line for _, line in chosen]
    if args.jobs > 1:
        batch = bench.measure_parallel(args.solver, texts, args.limit, args.max_nodes, args.jobs)
    else:
        batch = measure(args.solver, texts, args.limit, args.max_nodes)
    for (number, _), error in zip(chosen, batch.errors):
        if error:
            print(f"{args.file}: line {number}: {error}", file=sys.stderr)
    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as file:
            writer = csv.writer(file, lineterminator="\n")
            writer.writerow(CSV_HEADER)
            writer.writerows(batch.rows())
    summary = batch.summary()
    if args.json:
        for record in summary:
            _emit(record)
        return 0
    invalid = sum(bool(error) for error in batch.errors)
    print(f"{args.file}: {len(chosen)} of {len(numbered)} puzzles (seed {args.seed}), limit {args.limit}"
          + (f", {args.jobs} processes" if args.jobs > 1 else "")
          + (f", {invalid} invalid" if invalid else ""))
    print(f"machine: {bench.machine()}")
    print(bench.table([bench.summary_cells(record) for record in summary]))
    return 0


def _bench_generate(args: argparse.Namespace) -> int:
    """Generate ``--n`` puzzles per size (seeds from ``--seed``) with each method; print the table."""
    seeds = range(args.seed, args.seed + (args.n or 10))
    try:
        rows = [row for size in args.generate
                for row in bench.measure_generation(size, args.method, args.symmetry, seeds, args.budget or None,
                                                    args.kind)]
    except InvalidPuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"generate: {args.n or 10} puzzles per size and kind, seeds from {args.seed}, symmetry {args.symmetry}, "
          f"time budget {args.budget or 'none'} s (dlx and halving)")
    print(f"machine: {bench.machine()}")
    print(bench.table([row.cells() for row in rows], bench.GENERATION_HEADER))
    return 0


def _bench_needs(args: argparse.Namespace) -> int:
    """For each technique of ``--needs``, one puzzle per seed (``--n``, from ``--seed``) with each
    of ``--ways``; print the table."""
    seeds = range(args.seed, args.seed + (args.n or 10))
    budget = args.budget or NEEDS_BENCH_BUDGET
    try:
        rows = [row for size in args.generate for kind in args.kind
                for row in bench.measure_needs(size, args.needs.split(","), args.ways, seeds, budget,
                                               args.needs_only, kind)]
    except InvalidPuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"generate --needs: {args.n or 10} seeds from {args.seed} per technique and way, budget {budget:g} s "
          f"each (inf: not met within it)")
    print(f"machine: {bench.machine()}")
    print(bench.table([row.cells() for row in rows], bench.NEEDS_HEADER))
    return 0


#: Seconds one ``bench --generate --needs`` run may take when ``--budget`` is 0.
NEEDS_BENCH_BUDGET = 60.0


def _names(choices: Sequence[str], kind: str):
    """An argparse type: a comma-separated list of names from ``choices``."""
    def names(text: str) -> list[str]:
        chosen = text.split(",")
        for name in chosen:
            if name not in choices:
                raise argparse.ArgumentTypeError(f"unknown {kind} {name!r}; choose from {', '.join(choices)}")
        return chosen
    return names


def _sizes(text: str) -> list[int]:
    try:
        return [int(size) for size in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes must be integers separated by commas, not {text!r}") from None


_solvers = _names(tuple(SOLVERS), "solver")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m sudoku_dlx", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)

    def kind_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--kind", choices=KINDS, default=None,
                       help="read every puzzle as this kind (default: the kind each text says or shows)")

    p = commands.add_parser("solve", help="solve puzzles: one result per puzzle, in order")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, - for standard input, or a puzzle")
    p.add_argument("--limit", type=int, default=2, help="look for at most N solutions (0: all; default 2)")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    kind_option(p)
    p.add_argument("--pretty", action="store_true", help="print solutions as grids")
    p.set_defaults(run=cmd_solve)

    p = commands.add_parser("generate", help="generate unique puzzles: one per line")
    p.add_argument("--kind", choices=KINDS, default="sudoku", help="the kind of puzzle (default sudoku)")
    p.add_argument("--size", type=int, default=None, help="grid size (default 9; a futoshiki's 7)")
    p.add_argument("--format", choices=("tatham", "text", "grid"), default=None,
                   help="tatham: the game ID (--json: the records' puzzle too); text: the kind's readable text; "
                        "grid: as a grid (default: the digits of a sudoku, the game ID of other kinds)")
    p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--seed", type=int, default=None, help="seed of the first puzzle (default: random)")
    p.add_argument("--symmetry", choices=SYMMETRIES + ("random",), default="random",
                   help="symmetry of the clue pattern (default: random, chosen by the seed)")
    p.add_argument("--clues", type=int, default=None,
                   help="stop removing clues at N (fewer clues do not by themselves make a harder puzzle)")
    p.add_argument("--not-minimal", action="store_true", help="stop at the first clue that must stay")
    p.add_argument("--difficulty", choices=[name for name, _ in GRADES], default=None,
                   help="generate and rate puzzles until one has this grade (within the budget)")
    p.add_argument("--needs", default=None, metavar="TECHNIQUE",
                   help="generate puzzles until one's solving path uses this technique (within the budget): a "
                        "name as the steps write it, any case, or a short form (x-wing, swordfish, unique "
                        "rectangle, aic)")
    p.add_argument("--needs-only", action="store_true",
                   help="with --needs: and no step harder than it")
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                   help=f"seconds of clue removal per puzzle (with --difficulty or --needs: for all tries), then the "
                        f"best so far is returned (0: none; default {DEFAULT_BUDGET:g})")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--pretty", action="store_true", help="print puzzles as grids (--format grid)")
    p.set_defaults(run=cmd_generate)

    p = commands.add_parser("rate", help="rate puzzles on the Sudoku Explainer scale: one line per puzzle")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, - for standard input, or a puzzle")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--path", action="store_true", help="also print every step of the solving path (--json: a path field)")
    p.add_argument("--budget", type=float, default=0, metavar="SECONDS",
                   help="give up a puzzle whose rating takes longer (0: no limit, the default)")
    kind_option(p)
    p.set_defaults(run=cmd_rate)

    p = commands.add_parser("hint", help="the next logical step for a puzzle (and your entries)")
    p.add_argument("puzzle", help="the puzzle's givens, in any form solve takes")
    p.add_argument("--entries", default="", help="your entries as a grid of the same size (. for blank)")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="a JSON object")
    kind_option(p)
    p.set_defaults(run=cmd_hint)

    p = commands.add_parser("steps", help="the DLX search of a puzzle, step by step")
    p.add_argument("puzzle", help="the puzzle's givens, in any form solve takes")
    p.add_argument("--max", type=int, default=5000, help="show at most N steps (default 5000)")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="a JSON object: the reduction's sizes and the steps")
    kind_option(p)
    p.set_defaults(run=cmd_steps)

    def search_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--count", action="store_true", help="only count the solutions")
        p.add_argument("--limit", type=int, default=0, help="stop after N solutions (0: all, the default)")
        p.add_argument("--steps", action="store_true", help="also print the search step by step")
        p.add_argument("--max", type=int, default=5000, help="with --steps: at most N steps (default 5000)")
        p.add_argument("--json", action="store_true",
                       help="one JSON object: sizes, solutions (how many), nodes, ms; found, steps as asked")

    p = commands.add_parser("cover", help="solve an exact-cover problem written as options or as a 0/1 matrix")
    p.add_argument("source", help="a problem file, or - for standard input")
    search_options(p)
    p.set_defaults(run=cmd_cover)

    p = commands.add_parser("queens", help="the N-queens problem as exact cover")
    p.add_argument("n", type=int, help=f"the board's size (1 to {problems.QUEENS_MAX})")
    search_options(p)
    p.set_defaults(run=cmd_queens)

    p = commands.add_parser("bench", help="time solvers on the puzzles of a file, or generation")
    p.add_argument("file", nargs="?", default=None)
    p.add_argument("--generate", type=_sizes, default=None, metavar="SIZES",
                   help="time generation for these sizes (e.g. 9,16) instead of solving a file")
    p.add_argument("--method", type=_names(tuple(bench.GENERATORS), "method"), default=["dlx"],
                   help=f"with --generate: {', '.join(bench.GENERATORS)}, or several: dlx,naive")
    p.add_argument("--symmetry", choices=SYMMETRIES + ("random",), default="random",
                   help="with --generate: the symmetry (default random; a futoshiki's: none)")
    p.add_argument("--kind", type=_names(KINDS, "kind"), default=["sudoku"],
                   help="with --generate: the kinds, side by side: sudoku,x,windoku (default sudoku; "
                        "--method applies to sudoku, other kinds are timed with dlx)")
    p.add_argument("--budget", type=float, default=0.0,
                   help="with --generate: time budget of dlx and halving in seconds (0: none, the default; "
                        f"with --needs: of each run, 0: {NEEDS_BENCH_BUDGET:g})")
    p.add_argument("--needs", default=None, metavar="TECHNIQUES",
                   help="with --generate: time puzzles that need these techniques, comma-separated "
                        "(e.g. X-wing,XY-wing,swordfish,unique rectangle,AIC)")
    p.add_argument("--needs-only", action="store_true", help="with --needs: and nothing harder")
    p.add_argument("--ways", type=_names(tuple(bench.NEEDS_WAYS), "way"), default=["needs"],
                   help=f"with --needs: {', '.join(bench.NEEDS_WAYS)}, or several side by side (default needs)")
    p.add_argument("--n", type=int, default=0, help="a random sample of N puzzles (0: all; --generate: 10)")
    p.add_argument("--seed", type=int, default=1, help="the sample's seed (--generate: the first seed)")
    p.add_argument("--limit", type=int, default=2, help="solutions to look for: 2 or more tells unique from multiple (0: all)")
    p.add_argument("--solver", type=_solvers, default=["dlx"], help=f"{', '.join(SOLVERS)}, or several side by side: dlx,textbook")
    p.add_argument("--max-nodes", type=int, default=1_000_000, help="node cap per puzzle for backtrack")
    p.add_argument("--jobs", type=int, default=1, help="run in N processes, each taking the next puzzles when free; one merged table")
    p.add_argument("--csv", metavar="FILE", default=None, help="also write one row per puzzle and solver: " + ",".join(CSV_HEADER))
    p.add_argument("--json", action="store_true", help="one JSON object per solver instead of the table")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
