"""The command line: ``python -m sudoku_dlx solve|generate|add-clues|rate|hint|steps|cover|queens|pentomino|langford|bench ...``.

Each subcommand is a function ``(args) -> exit code``: 0 when all went well, 1
when some input was not a puzzle, 2 for a usage error (unreadable file, bad
option). ``--json`` prints the records of :mod:`sudoku_dlx.web`, the page's own.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import replace
from itertools import islice
from typing import TextIO

from . import bench, web
from .compare.batch import CSV_HEADER, SOLVERS, STOCHASTIC, TURN, Batch, measure, rules_record, stochastic_record
from .cover import classics, problems
from .dlx import SearchStats
from .generator import DEFAULT_BUDGET, SYMMETRIES, GenerateOptions, add_clues, generate_from
from .kinds.forms import write_form
from .kinds.grid import KINDS, InvalidPuzzleError, Puzzle, format_grid, parse, puzzle_on_line, read_puzzles
from .kinds.read import VARIANT_LINK, puzzle_id, read_puzzle, read_texts, stream_texts
from .kinds.tatham import write_game_id
from .rating import GRADES

__all__ = ["main"]


#: The most processes ``bench --jobs`` and a count's ``--jobs`` start (a pool starts them all at once).
JOBS_MAX = 64
#: How many parts per process a count with ``--jobs`` splits its search into (the
#: parts differ much in size: many of them keep every process busy to the end).
PARTS_PER_JOB = 16


def _read(source: str) -> str:
    """The text of a file, of standard input for ``-``, or ``source`` itself when no
    file has that name and it is an f-puzzles or SudokuPad link or does not look like a
    file name (no folder, no extension): a puzzle, or a bad one whose error the caller reports.
    OSError when there is no such file or it is no UTF-8 text."""
    try:
        if source == "-":
            return sys.stdin.read()
        if not os.path.exists(source):
            return _not_a_file(source)
        with open(source, encoding="utf-8") as file:
            return file.read()
    except UnicodeDecodeError as error:
        raise OSError(f"{_named(source)} is no UTF-8 text (byte {error.object[error.start]:#04x} at {error.start:,})") from None


def _not_a_file(source: str) -> str:
    """``source`` itself, a puzzle given on the command line, unless it looks like a file name (OSError)."""
    if VARIANT_LINK.match(source):
        return source
    if "/" in source or os.sep in source or re.search(r"\.[A-Za-z]\w{0,4}$", source):
        raise FileNotFoundError(f"no file named {source!r}")
    return source


def _named(source: str) -> str:
    return "standard input" if source == "-" else repr(source)


def _lines(source: str) -> Iterator[str]:
    """The lines of :func:`_read`'s text, read as they are needed (a file of millions of
    lines is never held whole); OSError at a line that is no UTF-8 text."""
    if source != "-" and not os.path.exists(source):
        yield _not_a_file(source)
        return
    at = 0  # the bytes read before the line
    with nullcontext(sys.stdin.buffer) if source == "-" else open(source, "rb") as file:
        for raw in file:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise OSError(f"{_named(source)} is no UTF-8 text (byte {raw[error.start]:#04x} at "
                              f"{at + error.start:,})") from None
            at += len(raw)
            yield from text.splitlines(keepends=True)


def _json(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))


def _emit(record: dict) -> None:
    print(_json(record))


#: What ``--scheduler`` says where Dask is not installed.
NO_DASK = "error: --scheduler runs on Dask's distributed scheduler, which is not installed: pip install 'sudoku-dlx[cluster]'"


def _dask_ready(args: argparse.Namespace) -> bool:
    """Whether ``--scheduler`` (if given) can run: Dask imports (else says how to install it)
    and ``--jobs`` is not asked for too."""
    if args.scheduler is None:
        return True
    if getattr(args, "jobs", 1) != 1:
        print("error: --jobs and --scheduler: choose one (the cluster's workers are the processes)", file=sys.stderr)
        return False
    try:
        from . import cluster  # noqa: F401 - the one module that imports Dask
    except ImportError:
        print(NO_DASK, file=sys.stderr)
        return False
    return True


def _results(args: argparse.Namespace, noun: str, work: Callable, items: Iterable, extra: tuple) -> Iterator:
    """``work(item, *extra)`` for each item, in order: here, or with ``--scheduler`` on a
    Dask cluster (:func:`sudoku_dlx.cluster.ordered`, which says its progress on standard error)."""
    if args.scheduler is None:
        yield from (work(item, *extra) for item in items)
        return
    from . import cluster

    with cluster.session(args.scheduler) as client:
        yield from cluster.ordered(client, work, items, extra, noun)


def _records_out(args: argparse.Namespace) -> tuple[TextIO, int] | None:
    """Where a stream of records goes (standard output, or ``--output FILE``) and, with
    ``--resume``, how many records FILE holds already (a last line cut short is dropped).
    None, said on standard error, for --resume without --json and --output FILE."""
    if args.resume and not (args.output and args.json):
        print("error: --resume needs --output FILE and --json (a record a line, which it counts)", file=sys.stderr)
        return None
    if not args.output:
        return sys.stdout, 0
    if not args.resume:
        return open(args.output, "w", encoding="utf-8"), 0
    done = 0
    with open(args.output, "a+b") as file:
        file.seek(0)
        end = 0  # just after the last complete line
        for line in file:
            if line.endswith(b"\n"):
                done, end = done + 1, end + len(line)
        file.truncate(end)
    return open(args.output, "a", encoding="utf-8"), done


def _write_all(out: TextIO, results: Iterable[tuple[str, str, bool]], args: argparse.Namespace, done: int) -> int:
    """Write each result's lines to ``out`` (flushed: a run stopped at any moment leaves whole
    records) and its note, if any, to standard error; with ``--output``, close it and say how
    many records it got (after the ``done`` it held). How many results failed."""
    written = failed = 0
    try:
        for text, note, bad in results:
            if note:
                print(note, file=sys.stderr)
            out.write(text + "\n")
            out.flush()
            written, failed = written + 1, failed + bad
    finally:
        if out is not sys.stdout:
            out.close()
    if args.output:
        print(f"{written:,} records written to {args.output}" + (f" after the {done:,} it held" if done else ""),
              file=sys.stderr)
    return failed


def _skipped(items: Iterator, done: int, what: str, args: argparse.Namespace) -> bool:
    """Skip the ``done`` items that ``--output FILE`` holds records of; False, said on
    standard error, if there are fewer."""
    if sum(1 for _ in islice(items, done)) < done:
        print(f"error: --resume: {args.output!r} holds {done:,} records, more than the {what}", file=sys.stderr)
        return False
    return True


def cmd_solve(args: argparse.Namespace) -> int:
    """One result per puzzle, in order; a bad puzzle is reported and the run goes on."""
    if args.solver in STOCHASTIC:
        return _solve_stochastic(args)
    invalid = 0
    for text in read_texts(_read(args.source)):
        record = rules_record(text, args.limit) if args.solver == "rules" else \
            web.solve(text, args.size or 0, args.limit, args.kind or "")
        invalid += record["status"] == "invalid"
        if args.json:
            _emit(record)
        elif record["status"] in ("none", "invalid"):
            print(f"{record['status']}: {record['error'] or 'no solution'}")
        elif args.pretty and record.get("kind") != "variant":  # a variant's grid is its link's
            print(_solved_grid(record["puzzle"], record["solutions"][0]) + "\n")
        else:
            suffix = "" if record["status"] == "unique" else f"  ({record['status']}: {len(record['solutions'])} found)"
            print(f"{record['solutions'][0]}{suffix}")
    return 1 if invalid else 0


def _solve_stochastic(args: argparse.Namespace) -> int:
    """``solve --solver`` with a stochastic solver: each puzzle's run, solved or unsolved at a cap."""
    if not _capped(args):
        return 2
    invalid = 0
    for text in read_texts(_read(args.source)):
        record = stochastic_record(text, args.solver, args.seed, args.max_seconds, args.max_iterations)
        invalid += record["status"] == "invalid"
        if args.json:
            _emit(record)
        elif record["status"] == "invalid":
            print(f"invalid: {record['error']}")
        elif record["status"] == "unsolved":
            print(f"unsolved: {record['conflicts']} conflicts left after {record['iterations']:,} iterations "
                  f"({record['ms']:.0f} ms)")
        elif args.pretty:
            print(_solved_grid(record["puzzle"], record["solutions"][0]) + "\n")
        else:
            print(f"{record['solutions'][0]}  (solved: {record['iterations']:,} iterations, {record['ms']:.0f} ms)")
    return 1 if invalid else 0


def _capped(args: argparse.Namespace) -> bool:
    """Whether a stochastic run has a cap (``--max-seconds`` or ``--max-iterations``); else says so."""
    if args.max_seconds < 0 or args.max_iterations < 0 or not (args.max_seconds or args.max_iterations):
        print("error: a stochastic solver needs --max-seconds or --max-iterations above 0 (and neither below)",
              file=sys.stderr)
        return False
    return True


def cmd_add_clues(args: argparse.Namespace) -> int:
    """Each puzzle with clues added from its solution up to ``--clues`` (puzzle k, from 0,
    drawn with seed ``--seed`` + k), one per line; a bad puzzle is reported and the run goes on."""
    invalid = 0
    for k, text in enumerate(read_texts(_read(args.source))):
        try:
            print(puzzle_id(add_clues(read_puzzle(text), args.clues, args.seed + k)))
        except InvalidPuzzleError as error:
            invalid += 1
            print(f"error: {error}", file=sys.stderr)
    return 1 if invalid else 0


def _solved_grid(puzzle: str, solution: str) -> str:
    """``puzzle`` (its canonical text) filled with ``solution`` as a grid; a futoshiki's with its signs."""
    solved = read_puzzle(puzzle)
    solved = replace(solved, digits=parse(solution, shape=solved.shape).digits)
    return write_form(solved) if solved.shape.facts.signs else format_grid(solved)


def cmd_generate(args: argparse.Namespace) -> int:
    """``--count`` puzzles, one per line (or grid); with ``--seed S`` their seeds are S, S+1, ...
    (with ``--scheduler`` too, S drawn at random when not given)."""
    form = "grid" if args.pretty else args.format
    if args.needs_only and not args.needs:
        print("error: --needs-only goes with --needs TECHNIQUE", file=sys.stderr)
        return 2
    if args.resume and args.seed is None:
        print("error: generate --resume needs --seed S (the seeds S, S+1, ... say which puzzles are left)",
              file=sys.stderr)
        return 2
    opened = _records_out(args) if _dask_ready(args) else None
    if opened is None:
        return 2
    out, done = opened
    options = GenerateOptions(args.size, args.symmetry, None, not args.not_minimal, args.clues, args.budget or None,
                              args.difficulty, args.kind, args.needs, args.needs_only)
    first = random.randrange(2**31) if args.seed is None and args.scheduler else args.seed
    seeds = [None] * (args.count - done) if first is None else range(first + done, first + args.count)
    try:
        _write_all(out, _results(args, "generate", _generated, seeds, (options, form, args.json)), args, done)
    except InvalidPuzzleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _generated(seed: int | None, options: GenerateOptions, form: str | None, as_json: bool) -> tuple[str, str, bool]:
    """What ``generate`` writes of the puzzle of ``seed`` (None: a random one), a note on
    what it could not reach ("" if none), and False (a bad option raises InvalidPuzzleError)."""
    made = generate_from(replace(options, seed=seed))
    shown = _shown(made.puzzle, form)
    note = ""
    if made.status == "ungraded":
        note = f"note: the time budget ran out before this one was rated ({made.puzzles} made); its grade is unknown"
    elif made.status == "unmet":
        note = (f"note: no puzzle needing {made.needs}{' and nothing harder' if made.needs_only else ''} in "
                f"{made.puzzles} tries; this one does not")
    elif made.status == "nearest":
        note = f"note: no {options.difficulty} puzzle in {made.puzzles} tries; this one is {made.grade} ({made.score})"
    if as_json:
        return _json(made.record() | ({"puzzle": shown} if form == "tatham" else {})), note, False
    return shown + ("\n" if form == "grid" else ""), note, False


def _shown(puzzle: Puzzle, form: str | None) -> str:
    """``puzzle`` in a ``generate --format``: ``tatham`` its game ID; ``text`` the kind's
    readable text (a futoshiki's, jigsaw's or killer's, see :mod:`~.kinds.forms`; else
    the digits, after ``x:`` or ``windoku:``); ``grid`` a grid (with boxes, or the
    readable text); None its canonical text (:func:`~.kinds.read.puzzle_id`)."""
    if form == "tatham":
        return write_game_id(puzzle)
    if form is None:
        return puzzle_id(puzzle)
    if puzzle.shape.facts.clued:
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
    opened = _records_out(args) if _dask_ready(args) else None
    if opened is None:
        return 2
    out, done = opened
    texts = stream_texts(_lines(args.source))
    if not _skipped(texts, done, "puzzles of the source", args):
        out.close()
        return 2
    settings = (args.size or 0, args.budget or None, args.kind or "", args.json, args.path)
    return 1 if _write_all(out, _results(args, "rate", _rated, texts, settings), args, done) else 0


def _rated(text: str, size: int, budget: float | None, kind: str, as_json: bool, path: bool) -> tuple[str, str, bool]:
    """What ``rate`` writes of one puzzle (its line, or its record with ``as_json``; with
    ``path``, every step too), no note, and whether it failed."""
    record = web.rate(text, size, budget, kind=kind)
    steps = record.pop("path", [])
    failed = record["status"] in web.FAILURES
    if as_json:
        return _json({**record, "path": steps} if path else record), "", failed
    if failed:
        lines = [f"{record['status']}: {record['error']}"]
    else:
        scale = "" if record["scale"] == "SE" else f"  [{record['scale']}]"
        lines = [f"{record['puzzle']}  {record['grade']} {record['score']:.1f}  {record['hardest']}"
                 f"  ({record['steps']} steps, abc {record['abc']}, {record['nodes']} tries){scale}"]
    for step in steps if path else ():
        lines.append(f"  {step['score']:4.1f}  {step['text']}")
        if step["chain"]:
            lines.append(f"        {step['chain']}")
    return "\n".join(lines), "", failed


def cmd_hint(args: argparse.Namespace) -> int:
    """The next step for a puzzle and, optionally, the player's entries."""
    found = web.hint(args.puzzle, args.entries, None, args.size or 0, args.kind or "", args.all)
    if args.json:
        _emit(found)
    elif found["status"] in web.FAILURES:
        print(f"error: {found['error']}", file=sys.stderr)
    else:
        for step in [found, *found.get("others", ())]:
            print(step["text"])
            if step.get("chain"):
                print(f"  {step['chain']}")
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
            print(f"(cut after {len(record['steps'])} events: --max N shows more)")
    return 1 if record["status"] in web.FAILURES else 0


def cmd_cover(args: argparse.Namespace) -> int:
    """Solve an exact-cover problem written in the text format of :mod:`sudoku_dlx.cover.problems`
    or in Knuth's (a file, or standard input for ``-``)."""
    if args.source != "-" and not os.path.isfile(args.source):
        print(f"error: no file named {args.source!r}", file=sys.stderr)
        return 2
    title = "standard input" if args.source == "-" else os.path.basename(args.source)
    try:
        problem = problems.parse_problem(_read(args.source), title, args.format)
    except problems.ProblemError as error:
        if args.json:
            _emit(web.problem_error_record(error, solutions=0))
        print(f"error: {error}", file=sys.stderr)
        return 1
    return _search(problem, args)


def _built(build, args: argparse.Namespace) -> int:
    """Search the problem ``build()`` makes; a usage error (exit 2) if it cannot be made."""
    try:
        problem = build()
    except problems.ProblemError as error:
        if args.json:
            _emit(web.problem_error_record(error, solutions=0))
        print(f"error: {error}", file=sys.stderr)
        return 2
    return _search(problem, args)


def cmd_queens(args: argparse.Namespace) -> int:
    """The N-queens problem as exact cover."""
    return _built(lambda: problems.queens(args.n), args)


def cmd_pentomino(args: argparse.Namespace) -> int:
    """Conway's pentominoes on a board, counted up to symmetry (``--raw``: every solution)."""
    return _built(lambda: classics.pentomino(args.board, args.pieces, args.raw), args)


def cmd_langford(args: argparse.Namespace) -> int:
    """Langford pairs, counted up to reversal (``--raw``: every solution)."""
    return _built(lambda: classics.langford(args.n, args.raw), args)


_problem_in_process: problems.Problem | None = None  # the problem a --jobs process counts parts of


def _take_problem(problem: problems.Problem) -> None:
    global _problem_in_process
    _problem_in_process = problem


def _count_part(part: list[int], limit: int, keep: bool, engine: str) -> problems.Count:
    assert _problem_in_process is not None  # the pool's initializer, _take_problem, set it
    return _count_in(part, _problem_in_process, limit, keep, engine)


def _count_in(part: list[int], problem: problems.Problem, limit: int, keep: bool, engine: str) -> problems.Count:
    """One part of a split count (a task of ``--scheduler``)."""
    return problems.count(problem, limit, keep=keep, part=part, engine=engine)


def _count(problem: problems.Problem, limit: int, keep: bool, args: argparse.Namespace) -> tuple[problems.Count, int]:
    """:func:`~sudoku_dlx.cover.problems.count`, or with ``--jobs`` N > 1 the same count made
    in that many processes, or with ``--scheduler`` on a Dask cluster: the search split
    (:func:`~sudoku_dlx.cover.problems.split`, :data:`PARTS_PER_JOB` parts per process or
    worker thread), its parts counted as processes come free, added up, the solutions kept
    part by part in the search's order. Also how many processes (or threads) counted."""
    if args.jobs == 1 and args.scheduler is None:
        return problems.count(problem, limit, keep=keep, engine=args.engine), 1
    began = time.perf_counter()
    stats = SearchStats()
    if args.scheduler is None:
        from concurrent.futures import ProcessPoolExecutor  # not in every Python (Pyodide has no processes)

        jobs = args.jobs
        parts = sorted(problems.split(problem, jobs * PARTS_PER_JOB, stats))
        with ProcessPoolExecutor(jobs, initializer=_take_problem, initargs=(problem,)) as pool:
            n = len(parts)
            counts = list(pool.map(_count_part, parts, [limit] * n, [keep] * n, [args.engine] * n))
    else:
        from . import cluster

        with cluster.session(args.scheduler) as client:
            began = time.perf_counter()  # from the cluster's start (a local one takes seconds)
            jobs = cluster.threads(client)
            parts = sorted(problems.split(problem, jobs * PARTS_PER_JOB, stats))
            counts = list(cluster.ordered(client, _count_in, parts, (problem, limit, keep, args.engine), "parts"))
    found: list[list[int]] = []
    for counted in counts:
        for name in ("tries", "updates", "guesses", "solutions"):
            setattr(stats, name, getattr(stats, name) + getattr(counted.stats, name))
        found += counted.found
    solutions = min(stats.solutions, limit) if limit else stats.solutions
    stats.solutions = solutions
    return problems.Count(solutions, found[:solutions], stats, (time.perf_counter() - began) * 1000,
                          not limit or solutions < limit), jobs


def _drawn(problem: problems.Problem, solution: list[int]) -> str:
    """A pentomino tiling as rows of letters, or a Langford sequence of numbers ("" for others)."""
    board = problem.board or {}
    if "pieces" not in board:
        return ""
    grid = [[" "] * board["cols"] for _ in range(board["rows"])]
    for option in solution:
        for r, c, symbol in board["pieces"][option]:
            grid[r][c] = str(symbol)
    return "\n".join(" ".join(row).rstrip() for row in grid)


def _search(problem: problems.Problem, args: argparse.Namespace) -> int:
    """Print the solutions (or, with --count, how many), the steps with --steps, or one
    JSON object with --json (``web.cover_record``, plus ``jobs``, ``engine``, and
    ``found`` and ``steps`` as asked); with --export the problem in that form instead."""
    if args.export:
        print((problems.format_knuth if args.export == "knuth" else problems.format_problem)(problem), end="")
        return 0
    if args.limit < 0 or args.max < 1 or not 1 <= args.jobs <= JOBS_MAX:
        print(f"error: --limit must not be negative, --max must be at least 1 and --jobs 1 to {JOBS_MAX}",
              file=sys.stderr)
        return 2
    if not _dask_ready(args):
        return 2
    try:
        counted, jobs = _count(problem, args.limit, not args.count, args)
    except problems.ProblemError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    walk = problems.trace_problem(problem, args.max) if args.steps else None
    record = web.cover_record(problem, counted) | {"jobs": jobs, "engine": args.engine}
    found = [[problem.label(k) for k in solution] for solution in counted.found]
    if args.json:
        extra: dict[str, object] = {} if args.count else {"found": found}
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
            print(f"(events cut after {len(walk.events)}: --max N shows more)")
    for number, (solution, labels) in enumerate(zip(counted.found, found), 1):
        drawn = _drawn(problem, solution)
        print(f"solution {number}:\n{drawn}" if drawn else f"solution {number}: {'; '.join(labels)}")
    solutions = f"{record['solutions']:,} solution{'' if record['solutions'] == 1 else 's'}"
    print(f"{'at least ' if not record['complete'] else ''}{solutions} "
          f"({record['nodes']:,} options tried, {record['ms']:.1f} ms"
          + (f", {jobs} Dask worker threads" if args.scheduler else f", {jobs} processes" if jobs > 1 else "") + ")"
          + ("" if record["complete"] else f"; stopped at --limit {args.limit}"))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Time the chosen solvers on the same sample of a puzzle file and print the table,
    or ``--json`` one record per solver (or, with ``--generate``, time generation).
    A line that is no valid puzzle is named on standard error and counted invalid."""
    if args.n < 0:
        print(f"error: --n must be 0 (every puzzle; --generate: 10) or more, not {args.n}", file=sys.stderr)
        return 2
    if args.scheduler and (args.generate or args.cover):
        print("error: bench --scheduler times the solving of a puzzle file, not --generate or --cover", file=sys.stderr)
        return 2
    if args.generate and args.needs:
        return _bench_needs(args)
    if args.generate:
        return _bench_generate(args)
    if args.cover:
        return _bench_cover(args)
    if args.file is None:
        print("error: bench needs a puzzle file, or --generate SIZES", file=sys.stderr)
        return 2
    if not 1 <= args.jobs <= JOBS_MAX:
        print(f"error: --jobs must be 1 to {JOBS_MAX}, not {args.jobs}", file=sys.stderr)
        return 2
    if not _dask_ready(args):
        return 2
    text = _read(args.file)
    numbered = [(number, line) for number, raw in enumerate(text.splitlines(), 1)
                if (line := puzzle_on_line(raw, number)) is not None]
    if any(name in STOCHASTIC for name in args.solver) and not _capped(args):
        return 2
    if len(numbered) != len(puzzles := read_puzzles(text)):  # the whole file is one grid
        numbered = [(1, puzzles[0])]
    chosen = bench.sample(numbered, args.n, args.seed)
    texts = [line for _, line in chosen]
    if args.scheduler:
        turns = [texts[k:k + TURN] for k in range(0, len(texts), TURN)]
        batch = Batch(list(args.solver))
        for part in _results(args, "bench", _measured, turns, (args.solver, args.limit, args.max_nodes, args.seed,
                                                                 args.max_seconds, args.max_iterations)):
            batch.extend(part)
    elif args.jobs > 1:
        batch = bench.measure_parallel(args.solver, texts, args.limit, args.max_nodes, args.jobs, args.seed,
                                       args.max_seconds, args.max_iterations)
    else:
        batch = measure(args.solver, texts, args.limit, args.max_nodes, args.seed, args.max_seconds,
                        args.max_iterations)
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
    caps = f", stochastic caps {args.max_seconds:g} s / {args.max_iterations or 'no'} iterations" \
        if any(name in STOCHASTIC for name in args.solver) else ""
    print(f"{args.file}: {len(chosen)} of {len(numbered)} puzzles (seed {args.seed}), limit {args.limit}{caps}"
          + (f", {args.jobs} processes" if args.jobs > 1 else f", Dask scheduler {args.scheduler}" if args.scheduler
             else "")
          + (f", {invalid} invalid" if invalid else ""))
    print(f"machine: {bench.machine()}")
    print(bench.table([bench.summary_cells(record) for record in summary]))
    return 0


def _measured(texts: list[str], solvers: list[str], limit: int, max_nodes: int, seed: int, max_seconds: float,
              max_iterations: int) -> Batch:
    """One turn of ``bench``'s puzzles through every solver (a task of ``--scheduler``)."""
    return measure(solvers, texts, limit, max_nodes, seed, max_seconds, max_iterations)


def _bench_cover(args: argparse.Namespace) -> int:
    """Count the problem NAME[:N or BOARD] (or, with a FILE, each of its puzzles as the
    problem NAME) with both engines and, with --peers, the packages of ``bench.PEERS``."""
    if args.rounds < 1:
        print(f"error: --rounds must be 1 or more, not {args.rounds}", file=sys.stderr)
        return 2
    name, _, argument = args.cover.partition(":")
    size = {"n": int(argument)} if argument.isdigit() else {"board": argument}
    try:
        if args.file is None:
            chosen = [problems.built_in(name, raw=args.raw, **size)]
            about = f"{chosen[0].title}{' (raw)' if args.raw else ''}"
        else:
            numbered = [line for number, raw in enumerate(_read(args.file).splitlines(), 1)
                        if (line := puzzle_on_line(raw, number)) is not None]
            chosen = [problems.built_in(name, puzzle=line) for line in bench.sample(numbered, args.n, args.seed)]
            about = f"{args.file}: {len(chosen)} of {len(numbered)} puzzles (seed {args.seed}) as {name}"
    except problems.ProblemError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rows = bench.measure_cover(chosen, list(problems.ENGINES), list(bench.PEERS) if args.peers else [],
                               args.rounds)
    print(f"{about}: {len(chosen[0].options)} options, every solution counted, "
          f"best of {args.rounds} rounds taken in turns (CPU time, building included)")
    print(f"machine: {bench.machine()}")
    print(bench.table([row.cells(min(rows[0].seconds)) for row in rows], bench.COVER_HEADER))
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


_solvers = _names((*SOLVERS, *STOCHASTIC), "solver")


def stochastic_options(p: argparse.ArgumentParser, seed: bool) -> None:
    """The options of a stochastic solver's run (``--seed`` where the command has none yet)."""
    if seed:
        p.add_argument("--seed", type=int, default=0, help="the stochastic solver's seed (default 0): a run replays")
    p.add_argument("--max-seconds", type=float, default=10.0,
                   help="a stochastic solver gives a puzzle up after S seconds (0: no time cap; default 10)")
    p.add_argument("--max-iterations", type=int, default=0,
                   help="... or after N iterations (0: no cap, the default)")


def _scheduler(text: str) -> str:
    """An argparse type: a scheduler's address, or ``local:N`` with N of 1 to :data:`JOBS_MAX`."""
    n = text.removeprefix("local:")
    if text.startswith("local:") and not (n.isdigit() and 1 <= int(n) <= JOBS_MAX):
        raise argparse.ArgumentTypeError(f"local:N takes a number of processes, 1 to {JOBS_MAX}, not {n!r}")
    return text


def scheduler_option(p: argparse.ArgumentParser) -> None:
    """``--scheduler``: run on a Dask cluster (:mod:`sudoku_dlx.cluster`)."""
    p.add_argument("--scheduler", metavar="ADDRESS", type=_scheduler, default=None,
                   help="run on Dask's distributed scheduler at ADDRESS (tcp://host:8786, or a scheduler file "
                        "FILE.json), or local:N for N local processes; the same output as one process "
                        "(pip install 'sudoku-dlx[cluster]')")


def output_options(p: argparse.ArgumentParser) -> None:
    """``--output FILE`` and ``--resume``: a stream of records to a file, and going on with it."""
    p.add_argument("--output", metavar="FILE", default=None, help="write the records to FILE (default: standard "
                                                                   "output)")
    p.add_argument("--resume", action="store_true",
                   help="with --output FILE and --json: keep FILE's records and go on after the last (a run "
                        "stopped with Ctrl+C, say)")


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
    p.add_argument("--solver", choices=("dlx", "rules", *STOCHASTIC), default="dlx",
                   help="dlx (the default: every solution up to --limit, any kind); rules, the rule-based search "
                        "of classic sudoku (the thesis's: rules, then a guess); or a stochastic solver of classic "
                        "sudoku: its record says solved or unsolved, with iterations and ms")
    stochastic_options(p, seed=True)
    p.set_defaults(run=cmd_solve)

    p = commands.add_parser("add-clues", help="add clues from each puzzle's solution (the thesis's easier set)")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, - for standard input, or a puzzle")
    p.add_argument("--clues", type=int, default=46, help="clues each puzzle ends with (default 46)")
    p.add_argument("--seed", type=int, default=0, help="puzzle k (from 0) draws its cells with seed S + k (default 0)")
    p.set_defaults(run=cmd_add_clues)

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
    output_options(p)
    scheduler_option(p)
    p.set_defaults(run=cmd_generate)

    p = commands.add_parser("rate", help="rate puzzles on the Sudoku Explainer scale: one line per puzzle")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, - for standard input, or a puzzle")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--path", action="store_true", help="also print every step of the solving path (--json: a path field)")
    p.add_argument("--budget", type=float, default=0, metavar="SECONDS",
                   help="give up a puzzle whose rating takes longer (0: no limit, the default)")
    kind_option(p)
    output_options(p)
    scheduler_option(p)
    p.set_defaults(run=cmd_rate)

    p = commands.add_parser("hint", help="the next logical step for a puzzle (and your entries)")
    p.add_argument("puzzle", help="the puzzle's givens, in any form solve takes")
    p.add_argument("--entries", default="", help="your entries as a grid of the same size (. for blank)")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--all", action="store_true",
                   help="also every other step the hint's technique finds now (--json: an others field)")
    p.add_argument("--json", action="store_true", help="a JSON object")
    kind_option(p)
    p.set_defaults(run=cmd_hint)

    p = commands.add_parser("steps", help="the DLX search of a puzzle, event by event (choose, try, undo, ...)")
    p.add_argument("puzzle", help="the puzzle's givens, in any form solve takes")
    p.add_argument("--max", type=int, default=5000, help="show at most N events (default 5000)")
    p.add_argument("--size", type=int, default=None, help="grid size, if not inferred from the length")
    p.add_argument("--json", action="store_true", help="a JSON object: the reduction's sizes and the events (as its steps field)")
    kind_option(p)
    p.set_defaults(run=cmd_steps)

    def search_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--count", action="store_true", help="only count the solutions")
        p.add_argument("--limit", type=int, default=0, help="stop after N solutions (0: all, the default)")
        p.add_argument("--steps", action="store_true", help="also print the search event by event")
        p.add_argument("--max", type=int, default=5000, help="with --steps: at most N events (default 5000)")
        p.add_argument("--jobs", type=int, default=1,
                       help="count in N processes, the search split into parts (default 1; the solutions "
                            "come part by part)")
        p.add_argument("--engine", choices=problems.ENGINES, default="links",
                       help="links: dancing links (the default); cells: dancing cells")
        p.add_argument("--export", choices=("knuth", "text"), default=None,
                       help="print the problem in Knuth's format or the text format instead of solving it")
        p.add_argument("--json", action="store_true",
                       help="one JSON object: sizes, solutions (how many), nodes, ms, jobs, engine; found, "
                            "steps as asked")
        scheduler_option(p)

    p = commands.add_parser("cover", help="solve an exact-cover problem written as options, as a 0/1 matrix "
                                          "or in Knuth's format")
    p.add_argument("source", help="a problem file, or - for standard input")
    p.add_argument("--format", choices=problems.FORMS, default="auto",
                   help="knuth: Knuth's format; text: the text format or a 0/1 matrix; auto (the default): "
                        "Knuth's where the text can be nothing else")
    search_options(p)
    p.set_defaults(run=cmd_cover)

    p = commands.add_parser("queens", help="the N-queens problem as exact cover")
    p.add_argument("n", type=int, help=f"the board's size (1 to {problems.QUEENS_MAX})")
    search_options(p)
    p.set_defaults(run=cmd_queens)

    p = commands.add_parser("pentomino", help="Conway's twelve pentominoes on a board, up to symmetry")
    p.add_argument("board", help="6x10, 5x12, 4x15, 3x20, any RxC, 8x8-hole (Scott's), or a drawing: rows of "
                                 "'.' (a cell) and '#' (no cell) separated by '/'")
    p.add_argument("--pieces", default="", help="the pieces, a subset of FILNPTUVWXYZ (default all twelve)")
    p.add_argument("--raw", action="store_true", help="count every solution, not up to turns and flips")
    search_options(p)
    p.set_defaults(run=cmd_pentomino)

    p = commands.add_parser("langford", help="Langford pairs: 1..n twice, k others between the two k's")
    p.add_argument("n", type=int, help=f"the largest number (1 to {classics.LANGFORD_MAX})")
    p.add_argument("--raw", action="store_true", help="count every solution, not up to reversal")
    search_options(p)
    p.set_defaults(run=cmd_langford)

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
    p.add_argument("--seed", type=int, default=1,
                   help="the sample's seed, and every puzzle's seed for the stochastic solvers (--generate: the first seed)")
    p.add_argument("--limit", type=int, default=2, help="solutions to look for: 2 or more tells unique from multiple (0: all)")
    p.add_argument("--solver", type=_solvers, default=["dlx"],
                   help=f"{', '.join((*SOLVERS, *STOCHASTIC))}, or several side by side: dlx,textbook")
    p.add_argument("--max-nodes", type=int, default=1_000_000, help="cap on tries per puzzle for backtrack and rules")
    stochastic_options(p, seed=False)
    p.add_argument("--jobs", type=int, default=1, help="run in N processes, each taking the next puzzles when free; one merged table")
    scheduler_option(p)
    p.add_argument("--csv", metavar="FILE", default=None, help="also write one row per puzzle and solver: " + ",".join(CSV_HEADER))
    p.add_argument("--json", action="store_true", help="one JSON object per solver instead of the table")
    p.add_argument("--cover", metavar="NAME[:N|:BOARD]", default=None,
                   help="count an exact-cover problem of the lab (queens:10, pentomino:4x15, langford:11; with a "
                        "FILE: each puzzle as sudoku9, x...) with dancing links and dancing cells")
    p.add_argument("--raw", action="store_true", help="with --cover: every solution, not up to symmetry")
    p.add_argument("--peers", action="store_true",
                   help=f"with --cover: also {', '.join(bench.PEERS)} from PyPI, where installed "
                        "(requirements-bench.txt)")
    p.add_argument("--rounds", type=int, default=3, help="with --cover: rounds taken in turns (default 3)")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (130 when stopped with Ctrl+C)."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        output = getattr(args, "output", None)
        print("interrupted" + (f": {output} holds the records written; --resume goes on from them" if output else ""),
              file=sys.stderr)
        return 130
