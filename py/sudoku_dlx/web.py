"""The functions the page's worker calls, and the JSON records of the command line.

Plain values in (strings, numbers, booleans), JSON-able dicts out: the same
records ``python -m sudoku_dlx ... --json`` prints, with the same field names.
Every record has a ``status`` (:data:`STATUSES`: what happened, or why it
failed) and, when it failed, an ``error`` sentence (see ``docs/glossary.md``).
Input that is no valid puzzle comes back as a value, never as an exception:
``status`` is ``invalid``, ``error`` says what is wrong and where, ``cells``
lists the cells at fault, so the page can show the message and mark them. A function
with a ``progress`` parameter may call it with JSON-able dicts while it works;
the worker passes them on to the page at once (see :func:`throttled`).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from .cover import problems
from .cover.naming import BOUNDS
from .cover.trace import trace_search
from .cover.variant import trace_link
from .dlx import SearchStats
from .generator import DEFAULT_BUDGET, SYMMETRIES, GenerateOptions, generate_from, one_budget
from .kinds.grid import KINDS, SYMBOLS, InvalidPuzzleError, Puzzle, marks_of, parse, puzzle_on_line
from .kinds.read import puzzle_id, puzzle_record, read_puzzle
from .rules.hint import SCALE as VARIANT_SCALE
from .rules.hint import hint_link, path_link, solved_link
from .rules.link import check_link, fpuzzles_link, is_link, parse_link, solve_link
from .kinds.solver import fault
from .kinds.solver import solve as _solve
from .rating import GRADES
from .rating import hint as _hint
from .rating import rate as _rate
from .techniques.registry import TECHNIQUES

__all__ = ["batch", "batch_summary", "check", "cover_count", "cover_solutions", "cover_split", "cover_steps", "dlx_steps", "fpuzzles",
           "generate", "hint", "parse_puzzle", "race_close", "race_next", "race_open", "rate", "solve"]

#: The ``status`` values of each function's records: first what happened when it
#: worked, then the failures (``invalid`` for every function: the worker answers so
#: when a call cannot be made). Any record may also be :data:`FAILED`, made by the
#: worker (:mod:`sudoku_dlx.worker`) when a function raised.
STATUSES = {
    "solve": ("unique", "multiple", "none", "invalid"),
    "rate": ("rated", "invalid", "unrated"),
    "hint": ("step", "wrong", "solved", "invalid"),
    "check": ("kept", "open", "broken", "invalid"),
    "generate": ("generated", "nearest", "ungraded", "unmet", "invalid"),
    "dlx_steps": ("complete", "cut", "invalid"),
    "cover_count": ("unique", "multiple", "none", "invalid"),
    "cover_steps": ("complete", "cut", "invalid"),
    "cover_split": ("split", "invalid"),
    "cover_solutions": ("found", "none", "invalid"),
    "parse_puzzle": ("parsed", "invalid"),
    "fpuzzles": ("written", "invalid"),
    "batch": ("measured", "invalid"),
    "batch_summary": ("measured", "invalid"),
    "race_open": ("open", "invalid", "unraced"),
    "race_next": ("running", "unique", "multiple", "none", "unfinished", "invalid", "solved", "unsolved"),
    "race_close": ("closed", "absent", "invalid"),
}
#: The status of a record whose function raised (the worker makes it).
FAILED = "failed"
#: The statuses of a record that failed, which then has an ``error``: ``invalid`` input,
#: ``unrated`` (a rating ran past its budget) and :data:`FAILED`.
FAILURES = ("invalid", "unrated", FAILED)


def words() -> dict:
    """The words the page shares with the package (``build.py`` writes them into
    ``static/words.js``, one constant each, named in capitals): ``grades`` (``name``,
    the score it is ``from`` and the score it is ``below``, None for the last, easiest
    first), ``symbols`` (of the digits 1, 2, ...), ``symmetries`` (``random`` takes one
    of the others, by the seed), ``techniques`` (``name``, base ``score``, ``family``,
    ``se``: whether Sudoku Explainer has it, ``kinds``: the kinds of puzzle it serves,
    easiest first), ``solvers`` (the batch's), ``stochastic_solvers`` (the batch's too, which
    find a solution or none and prove nothing) and ``racers`` (the race's), ``batch_statuses`` (of a puzzle in a batch),
    ``batch_successes`` (those that count as a success: the puzzle got a solution),
    ``statuses`` (of each function's records, :data:`STATUSES`) and ``failures``
    (:data:`FAILURES`)."""
    from .compare.batch import SOLVERS, STOCHASTIC
    from .compare.batch import STATUSES as BATCH_STATUSES
    from .compare.batch import SUCCESSES as BATCH_SUCCESSES
    from .compare.race import RACERS
    bands = [*(low for _, low in GRADES[1:]), None]
    return {
        "grades": [{"name": name, "from": low, "below": below} for (name, low), below in zip(GRADES, bands)],
        "symbols": SYMBOLS,
        "symmetries": [*SYMMETRIES, "random"],
        "techniques": [{"name": t.name, "score": t.score, "family": t.family, "se": t.se,
                        "kinds": [kind for kind in KINDS if kind in t.kinds]} for t in TECHNIQUES],
        "solvers": list(SOLVERS),
        "stochastic_solvers": list(STOCHASTIC),
        "racers": list(RACERS),
        "batch_statuses": list(BATCH_STATUSES),
        "batch_successes": list(BATCH_SUCCESSES),
        "statuses": {name: list(statuses) for name, statuses in STATUSES.items()},
        "failures": list(FAILURES),
    }


def throttled(progress: Callable[[dict], object] | None, seconds: float = 0.1) -> Callable[[dict], None]:
    """``progress``, passed on at most once every ``seconds`` (the first call always);
    a function that does nothing when ``progress`` is None."""
    last = -seconds

    def report(record: dict) -> None:
        nonlocal last
        now = time.perf_counter()
        if progress is not None and now - last >= seconds:
            last = now
            progress(record)

    return report


def _puzzle(text: str, size: int, kind: str = "") -> Puzzle:
    """The puzzle of any kind in ``text`` (of ``size`` and ``kind`` where they are given)."""
    return read_puzzle(text, size or None, kind or None)


def _puzzle_without_clash(text: str, size: int, kind: str = "") -> Puzzle:
    """The puzzle ``text``; InvalidPuzzleError if it does not parse or its givens break a rule."""
    puzzle = _puzzle(text, size, kind)
    broken = fault(puzzle)
    if broken:
        raise InvalidPuzzleError(broken.reason, broken.cells)
    return puzzle


def _invalid(error: InvalidPuzzleError, text: str | None = None, **fields) -> dict:
    """The record of input that is no valid puzzle (``fields`` complete a command's record)."""
    puzzle = {} if text is None else {"puzzle": text}
    return {**puzzle, "status": "invalid", **fields, "error": str(error), "cells": list(error.cells)}


def shown(value: object, most: int = 40) -> str:
    """``value`` as Python shows it in an error, cut to about ``most`` characters (input may be huge)."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _wrong(error: str, **fields) -> dict:
    """The record of an argument that is out of range or names nothing: ``error`` says which."""
    return {"status": "invalid", **fields, "error": error}


def parse_puzzle(text: str, size: int = 0, kind: str = "") -> dict:
    """``{"puzzle", "status": "parsed", "kind", "size", "box_rows", "box_cols",
    "clues"}`` for any text the engine reads (``puzzle``: its canonical text, the
    digits of a classic sudoku, else its game ID; see
    :func:`~sudoku_dlx.kinds.read.puzzle_record` for the fields of other kinds; for an
    f-puzzles or SudokuPad link, kind variant, :func:`~sudoku_dlx.rules.link.parse_link`'s)."""
    try:
        if is_link(text):
            return parse_link(text)
        puzzle = _puzzle(text, size, kind)
    except InvalidPuzzleError as error:
        return _invalid(error, text)
    return {"puzzle": puzzle_id(puzzle), "status": "parsed", **puzzle_record(puzzle), "clues": puzzle.clues}


def fpuzzles(text: str, size: int = 0, kind: str = "") -> dict:
    """``{"puzzle", "status": "written", "link"}``: an f-puzzles link that opens the
    puzzle (a link's as f-puzzles writes it, a kind's with its rules as f-puzzles has
    them); ``invalid`` with ``error`` for what f-puzzles cannot show (a futoshiki, a
    grid over 16x16)."""
    try:
        link = fpuzzles_link(text) if is_link(text) else fpuzzles_link(text, _puzzle(text, size, kind))
    except InvalidPuzzleError as error:
        return _invalid(error, text, link="")
    return {"puzzle": text.strip(), "status": "written", "link": link}


def solve(text: str, size: int = 0, limit: int = 2, kind: str = "") -> dict:
    """Solve (``solve --json``'s record, see :meth:`SolveResult.record`): ``status`` is
    unique, multiple, none or invalid, with up to ``limit`` solutions."""
    try:
        if is_link(text):  # a variant of f-puzzles or SudokuPad (kind "variant", see rules.link)
            return solve_link(text, limit)
        puzzle = _puzzle(text, size, kind)
    except InvalidPuzzleError as error:
        return _invalid(error, text, size=None, solutions=[], nodes=0, guesses=0, updates=0, ms=0.0)
    return _solve(puzzle, limit).record()


def generate(
    size: int = 9,
    symmetry: str = "random",
    seed: int | None = None,
    minimal: bool = True,
    target_clues: int | None = None,
    budget: float | None = DEFAULT_BUDGET,
    difficulty: str | None = None,
    progress: Callable[[dict], object] | None = None,
    kind: str = "sudoku",
    needs: str | None = None,
    needs_only: bool = False,
    time_budget: float | None = DEFAULT_BUDGET,
) -> dict:
    """A new unique puzzle of ``kind`` and ``size`` (see :func:`sudoku_dlx.generator.generate`);
    ``seed`` and ``symmetry`` in the answer reproduce it; ``puzzle`` is its canonical
    text (the game ID of every kind but classic sudoku and windoku), ``kind`` its
    kind. With a ``difficulty`` (a grade name), also ``score``, ``grade`` (which may
    differ when the time ran out) and ``puzzles``. With ``needs`` (a technique's name)
    and ``needs_only``, also ``needs`` (its name as the registry writes it),
    ``needs_only``, ``needs_met`` (False: status ``unmet``, none made within the
    budget needs it), ``score``, ``grade`` and ``puzzles``. ``progress`` hears the clue
    removal: ``size``, ``clues`` left, orbits ``decided`` (removed or found to stay) of
    all ``orbits``, and with ``needs`` the ``puzzles`` made before this one.
    ``time_budget`` is ``budget``'s published old name (see :func:`~.generator.one_budget`)."""
    report = throttled(progress)
    made_before = {"puzzles": 0} if needs is not None else {}

    def heard(made) -> None:
        made_before["puzzles"] = made.puzzles

    try:
        options = GenerateOptions(size, symmetry, seed, minimal, target_clues, one_budget(budget, time_budget),
                                  difficulty, kind, needs or None, needs_only)
        made = generate_from(options, heard, lambda clues, decided, orbits: report(
            {"size": size, "clues": clues, "decided": decided, "orbits": orbits} | made_before))
    except InvalidPuzzleError as error:
        return _invalid(error)
    return made.record()


def dlx_steps(text: str, size: int = 0, max_steps: int = 5000, kind: str = "") -> dict:
    """The trace of the DLX search of the givens, event by event (at most ``max_steps``):
    ``status`` complete or cut, the puzzle's ``kind``, the reduction's ``items`` (every
    item; ``secondary_items`` of them, a futoshiki's sign items, are covered at most
    once) and ``options`` (``placements`` of a digit in a cell, and a killer's
    ``combinations``), ``items_per_placement`` (the fewest and the most primary items a
    placement covers), the reduction in words (``reduction``), the primary items and
    the options still open after the givens (``open_items``, ``open_options``), and
    the events as ``steps``: the records of :func:`~sudoku_dlx.cover.record.record_search`
    with the fields of :func:`~sudoku_dlx.cover.trace.trace_search` (``placed``,
    ``open_items`` and ``open_options`` after the event, ``cell``, ``digit``,
    ``combination``, ``cells``). A link's: :func:`~sudoku_dlx.cover.variant.trace_link`'s,
    kind variant (its reduction is the lab's, ``combinations`` a cage's or renban line's sets
    of digits)."""
    if max_steps < 1:
        return _wrong(f"max_steps must be 1 or more, not {max_steps}", puzzle=text)
    if is_link(text):
        try:
            return trace_link(text, max_steps)
        except InvalidPuzzleError as error:
            return _invalid(error, text)
        except problems.ProblemError as error:  # a rule no grid keeps
            return {"puzzle": text, "status": "invalid", "error": str(error), "cells": []}
    try:
        puzzle = _puzzle_without_clash(text, size, kind)
    except InvalidPuzzleError as error:
        return _invalid(error, text)
    walk = trace_search(puzzle, max_steps)
    reduction = walk.reduction
    return {
        "puzzle": puzzle_id(puzzle),
        "status": "complete" if walk.complete else "cut",
        "kind": puzzle.kind,
        "size": puzzle.n,
        "clues": puzzle.clues,
        "items": walk.items,
        "options": walk.options,
        "secondary_items": reduction.secondary,
        "placements": reduction.placements,
        "combinations": walk.options - reduction.placements,
        "items_per_placement": list(reduction.items_per_placement),
        "reduction": reduction.words() + (f" {BOUNDS}" if puzzle.signs or puzzle.cages else ""),
        "open_items": walk.open_items,
        "open_options": walk.open_options,
        "nodes": walk.stats.nodes,
        "complete": walk.complete,
        "steps": walk.events,
    }


def rate(text: str, size: int = 0, budget: float | None = None, progress: Callable[[dict], object] | None = None,
         kind: str = "") -> dict:
    """The rating (``rate --json``'s fields, with the puzzle's ``kind`` and the score's
    ``scale``) and the solving ``path``: every step in order. ``text`` is a puzzle of
    any kind (of ``kind`` if given, else the kind it reads as).
    A puzzle without exactly one solution is ``invalid`` (its ``grade`` too); one whose
    rating takes longer than ``budget`` seconds (None: no limit, and 0, as published
    before) is ``unrated``, with an ``error`` saying so. ``progress`` hears ``{"steps": count, "hardest": technique,
    "score": score}`` (the hardest step so far) a few times a second while the rating works.
    A rating has ``status`` rated."""
    if budget is not None and not 0 <= budget < float("inf"):
        return _wrong(f"budget must be a number of seconds, or none for no limit, not {budget}", puzzle=text,
                      grade="invalid")
    if is_link(text):
        return _rate_link(text, budget)
    try:
        rating = _rate(_puzzle(text, size, kind), time.perf_counter() + budget if budget else None, throttled(progress))
    except InvalidPuzzleError as error:
        return _invalid(error, text, grade="invalid")
    except TimeoutError:
        return {"puzzle": text, "status": "unrated", "grade": "unrated",
                "error": f"the rating ran past its budget of {budget:g} s"}
    shape = rating.puzzle.shape
    return {**rating.record(), "path": [step.record(shape) for step in rating.path]}


def _rate_link(text: str, budget: float | None) -> dict:
    """``rate``'s record for a link: its hints from the givens to the solution
    (:func:`~sudoku_dlx.rules.hint.path_link`), scored on their own scale (``scale``: 1
    singles, 2 a rule alone, 3 locked candidates, 4 trial and error), the score the hardest
    step's and the grade the score's among the first four grades."""
    start = time.perf_counter()
    try:
        path, abc, stats = path_link(text, start + budget if budget else None)
        puzzle, _ = solved_link(text)
    except InvalidPuzzleError as error:
        return _invalid(error, text, grade="invalid")
    except TimeoutError:
        return {"puzzle": text, "status": "unrated", "grade": "unrated",
                "error": f"the rating ran past its budget of {budget:g} s"}
    hardest = max(path, key=lambda step: step["score"], default=None)
    score = hardest["score"] if hardest else 1
    return {"puzzle": text.strip(), "kind": "variant", "scale": VARIANT_SCALE, "status": "rated", "score": float(score),
            "grade": GRADES[score - 1][0], "hardest": hardest["technique"] if hardest else "", "steps": len(path),
            "abc": round(abc, 2), "nodes": stats.tries, "guesses": stats.guesses,
            "clues": sum(1 for d in puzzle.digits if d), "ms": round((time.perf_counter() - start) * 1000, 3),
            "path": path}


def hint(text: str, entries: str = "", notes: list[str] | None = None, size: int = 0, kind: str = "",
         every: bool = False) -> dict:
    """The next hint for the givens ``text`` (a puzzle of any kind: of ``kind`` if
    given), the player's ``entries`` (the digits of the same grid, one line) and
    ``notes`` (one string of candidate symbols per cell, "" for none): ``status``
    (wrong, step, solved; ``kind`` says the same: it is no puzzle's kind), ``text``,
    ``cells``, and for a step its fields; with ``every``, ``others``: the records of
    the other steps its technique finds now (HoDoKu's "all steps"). For an f-puzzles or
    SudokuPad link, :func:`~sudoku_dlx.rules.hint.hint_link`'s record (steps in the
    rules' words, score 0; no ``others``)."""
    try:
        if is_link(text):
            return hint_link(text, entries, notes)
        puzzle = _puzzle(text, size, kind)
        shape = puzzle.shape
        typed = parse(entries, shape=shape) if entries else None
        found = _hint(puzzle, typed, marks_of(notes, puzzle.n) if notes else None, every)
    except InvalidPuzzleError as error:
        return _invalid(error, text)
    step = found.step.record(shape) if found.step else {}
    if every:
        step["others"] = [other.record(shape) for other in found.others]
    return {**step, "status": found.kind, "kind": found.kind, "text": found.text, "cells": list(found.cells)}


def check(text: str, entries: str = "") -> dict:
    """The player's grid, the link ``text``'s givens and ``entries`` (one line), against its
    rules: ``status`` kept (full, every rule kept), open (cells blank, nothing broken yet),
    broken (``error``: the rule's sentence, ``cells``: those at fault) or invalid (see
    :func:`~sudoku_dlx.rules.link.check_link`)."""
    try:
        return check_link(text, entries)
    except InvalidPuzzleError as error:
        return _invalid(error, text)


def _problem(problem: str, n: int, text: str, puzzle: str, board: str = "", raw: bool = False,
             pieces: str = "") -> problems.Problem:
    """``text`` in the text format (or Knuth's) if there is any, else the example named
    ``problem`` (``n``, ``puzzle``, ``board``, ``raw``, ``pieces``: see
    :func:`~sudoku_dlx.cover.problems.built_in`)."""
    return problems.parse_problem(text) if text.strip() else problems.built_in(problem, n, puzzle, board, raw, pieces)


def problem_error_record(error: problems.ProblemError, **fields) -> dict:
    """The record of text that is no exact-cover problem: its ``error`` and ``line`` (0: none)."""
    return {"status": "invalid", **fields, "error": str(error), "line": error.line}


def cover_record(problem: problems.Problem, counted: problems.Count) -> dict:
    """``cover --json``'s record: the problem's size (``items``, ``primary``, ``options``,
    ``ones``: its nodes), ``status`` (none, unique, multiple), ``solutions`` (how many),
    ``complete`` (False: stopped at the limit), the search's ``nodes`` (options tried),
    ``guesses``, ``updates`` and ``ms``."""
    found = counted.solutions
    return {
        "title": problem.title,
        "items": len(problem.items),
        "primary": problem.n_primary,
        "options": len(problem.options),
        "ones": problem.ones,
        "status": "none" if not found else "unique" if found == 1 else "multiple",
        "solutions": found,
        "complete": counted.complete,
        "nodes": counted.stats.nodes,
        "guesses": counted.stats.guesses,
        "updates": counted.stats.updates,
        "ms": round(counted.ms, 3),
    }


def cover_count(problem: str = "knuth", n: int = 0, text: str = "", puzzle: str = "", limit: int = 0,
                progress: Callable[[dict], object] | None = None, board: str = "", raw: bool = False,
                part: list[int] | None = None, engine: str = "links", pieces: str = "") -> dict:
    """Count the solutions (up to ``limit``; 0: all) of ``text`` (the text format of
    :mod:`sudoku_dlx.cover.problems`, or Knuth's) or else of the example ``problem``
    (``n``: its size, ``puzzle``: a sudoku's givens, ``board``, ``pieces`` and ``raw``: a
    pentomino board, its pieces (all twelve if "") and whether to count every solution,
    not up to symmetry): :func:`cover_record`
    with the ``engine`` (links or cells) and the ``part`` counted (None: all; else one
    of :func:`cover_split`'s parts, whose solutions alone are counted); or ``status``
    invalid with ``error`` and ``line``. ``progress`` hears the solutions found so far."""
    if limit < 0:
        return _wrong(f"limit must be 0 (all) or more, not {limit}", solutions=0, line=0)
    try:
        chosen = _problem(problem, n, text, puzzle, board, raw, pieces)
        counted = problems.count(chosen, limit, throttled(progress), part=part, engine=engine)
    except problems.ProblemError as error:
        return problem_error_record(error, solutions=0)
    return {**cover_record(chosen, counted), "engine": engine, "part": part}


def cover_steps(problem: str = "knuth", n: int = 0, text: str = "", puzzle: str = "",
                max_steps: int = 5000, board: str = "", raw: bool = False, pieces: str = "") -> dict:
    """The problem (as :func:`cover_count` chooses it) and the trace of its search (its
    events as ``steps``; ``status`` complete or cut):
    ``problem`` (:meth:`~sudoku_dlx.cover.problems.Problem.record`), ``start``, ``steps``
    and ``links`` (see :func:`~sudoku_dlx.cover.problems.trace_problem`; ``links`` is None
    for all but tiny problems), ``complete`` (False when cut at ``max_steps``), the
    search's ``nodes``; or ``status`` invalid with ``error`` and ``line``."""
    if max_steps < 1:
        return _wrong(f"max_steps must be 1 or more, not {max_steps}", line=0)
    try:
        chosen = _problem(problem, n, text, puzzle, board, raw, pieces)
    except problems.ProblemError as error:
        return problem_error_record(error)
    walk = problems.trace_problem(chosen, max_steps)
    return {
        "status": "complete" if walk.complete else "cut",
        "problem": chosen.record(),
        "start": walk.start,
        "steps": walk.events,
        "links": walk.links,
        "complete": walk.complete,
        "nodes": walk.stats.nodes,
    }


#: The most parts :func:`cover_split` makes, and solutions :func:`cover_solutions` returns at once.
PARTS_MAX = 4096
SOLUTIONS_MAX = 100


def cover_split(problem: str = "knuth", n: int = 0, text: str = "", puzzle: str = "", board: str = "",
                raw: bool = False, parts: int = 8, pieces: str = "") -> dict:
    """The search of the problem (as :func:`cover_count` chooses it) split into at least
    ``parts`` parts (1 to 4096; fewer if it has no more) to count apart, in workers:
    ``status`` split, ``parts`` (lists of options to choose first, for
    ``cover_count(part=...)``; see :func:`~sudoku_dlx.cover.problems.split`), the
    problem's ``title`` and ``options`` (how many), the ``nodes`` and ``guesses`` of the
    search above the parts (the parts' counts add to them), ``ms``; or ``status`` invalid."""
    if not 1 <= parts <= PARTS_MAX:
        return _wrong(f"parts must be 1 to {PARTS_MAX}, not {parts}", line=0)
    began = time.perf_counter()
    try:
        chosen = _problem(problem, n, text, puzzle, board, raw, pieces)
    except problems.ProblemError as error:
        return problem_error_record(error)
    above = SearchStats()
    found = problems.split(chosen, parts, above)
    return {"status": "split", "parts": found, "title": chosen.title, "options": len(chosen.options),
            "nodes": above.nodes, "guesses": above.guesses, "ms": round((time.perf_counter() - began) * 1000, 3)}


def cover_solutions(problem: str = "knuth", n: int = 0, text: str = "", puzzle: str = "", board: str = "",
                    raw: bool = False, first: int = 0, count: int = 1, seed: int | None = None,
                    pieces: str = "") -> dict:
    """Solutions ``first`` (0-based) to ``first + count - 1`` of the problem (as
    :func:`cover_count` chooses it) in the search's order, or with ``seed`` of a search
    whose options are tried in an order shuffled by that seed (a random solution):
    ``status`` found or none (no solution that far), ``solutions`` (each its option
    numbers sorted, the givens too), ``first``, ``seed`` and ``complete`` (no solution
    follows them); or ``status`` invalid."""
    if first < 0 or not 1 <= count <= SOLUTIONS_MAX:
        return _wrong(f"first must be 0 or more and count 1 to {SOLUTIONS_MAX}, not {first} and {count}", line=0)
    try:
        chosen = _problem(problem, n, text, puzzle, board, raw, pieces)
    except problems.ProblemError as error:
        return problem_error_record(error)
    found, complete = problems.browse(chosen, first, count, seed)
    return {"status": "found" if found else "none", "solutions": found, "first": first, "seed": seed,
            "complete": complete}


def batch(lines: list[str], first: int = 1, solvers: list[str] | None = None, limit: int = 2,
          max_nodes: int = 1_000_000, seed: int = 1, max_seconds: float = 10.0) -> dict:
    """Lines of a puzzle file (numbered from ``first``) through ``solvers`` (names in
    :data:`~sudoku_dlx.compare.batch.SOLVERS` or ``STOCHASTIC``, the latter seeded with
    ``seed`` and given up after ``max_seconds`` a puzzle; default dlx), measured as ``bench``
    measures them: ``lines``, the numbers of the lines that hold a puzzle (blank lines and
    comments hold none), then :meth:`~sudoku_dlx.compare.batch.Batch.record`'s ``puzzles``,
    ``errors``, ``clues`` and ``runs``; ``status`` measured."""
    from .compare.batch import SOLVERS, STOCHASTIC, measure  # here, not at the top: only the batch and race views need it
    solvers = solvers or ["dlx"]
    known = [*SOLVERS, *STOCHASTIC]
    unknown = [name for name in solvers if name not in known]
    if unknown:
        return _wrong(f"unknown solver {shown(unknown[0])}; choose from {', '.join(known)}")
    if limit < 0 or max_nodes < 0 or not max_seconds > 0:
        return _wrong(f"limit and max_nodes must be 0 (none) or more and max_seconds more than 0, not {limit}, "
                      f"{max_nodes} and {max_seconds}")
    numbered = [(number, text) for number, raw in enumerate(lines, first)
                if (text := puzzle_on_line(raw, number)) is not None]
    measured = measure(solvers, [text for _, text in numbered], limit, max_nodes, seed=seed, max_seconds=max_seconds)
    return {"status": "measured", "lines": [number for number, _ in numbered], **measured.record()}


def batch_summary(solvers: list[str], runs: dict) -> list[dict] | dict:
    """``bench --json``'s records (``status`` measured), one per solver, for the ``runs``
    columns of one or more :func:`batch` answers put together; or one record, invalid,
    when ``runs`` are no such columns of these ``solvers``."""
    from .compare.batch import STATUSES, Batch
    if not solvers:
        return _wrong("solvers must name one solver or more")
    for name in solvers:
        columns = runs.get(name)
        if not isinstance(columns, dict) or not all(isinstance(columns.get(key), list)
                                                    for key in ("status", "ms", "nodes", "guesses")):
            return _wrong(f"runs must hold the status, ms, nodes and guesses lists of solver {shown(name)}")
        sizes = {len(columns[key]) for key in ("status", "ms", "nodes", "guesses")}
        numbers = all(isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1e15
                      for key in ("ms", "nodes", "guesses") for value in columns[key])
        if len(sizes) > 1 or not numbers or not set(columns["status"]) <= set(STATUSES):
            return _wrong(f"the runs of solver {shown(name)} must be lists of one length: statuses "
                          f"({', '.join(STATUSES)}) and numbers from 0 to 10^15")
    return Batch.from_record({"solvers": solvers, "runs": runs}).summary()


#: The races the page is pulling: id -> compare.race.Race; the oldest are dropped past RACES_KEPT.
_races: dict = {}
_race_ids = itertools.count(1)
RACES_KEPT = 8


def race_open(text: str, solver: str, size: int = 0, limit: int = 2, max_nodes: int = 0,
              chunk: int = 50_000) -> dict:
    """Start a search of the puzzle ``text`` by ``solver`` (a name in RACERS) to be
    pulled with :func:`race_next`: ``race`` (its id), ``puzzle``, ``size``,
    ``box_rows``, ``box_cols``. The moves come ``chunk`` at a time (see
    :mod:`sudoku_dlx.baselines.moves`); the search stops after ``max_nodes`` (0: never).
    ``status`` open, and the fields of :func:`parse_puzzle` (a killer's cages, a futoshiki's
    signs); ``unraced`` with ``error`` when the solver cannot race the kind's rules (see
    :func:`~sudoku_dlx.compare.race.unraced`), with the same fields but ``race``."""
    from .compare.race import RACERS, Race, unraced
    if solver not in RACERS:
        return _wrong(f"unknown solver {shown(solver)}; choose from {', '.join(RACERS)}", puzzle=text)
    if limit < 0 or max_nodes < 0 or chunk < 1:
        return _wrong(f"limit and max_nodes must be 0 (none) or more and chunk 1 or more, not {limit}, "
                      f"{max_nodes} and {chunk}", puzzle=text)
    try:
        puzzle = _puzzle_without_clash(text, size)
    except InvalidPuzzleError as error:
        return _invalid(error, text)
    read = {"puzzle": puzzle_id(puzzle), **puzzle_record(puzzle), "clues": puzzle.clues}
    refused = unraced(puzzle, solver)
    if refused:
        return {**read, "status": "unraced", "error": refused}
    race = next(_race_ids)
    _races[race] = Race(puzzle, solver, limit, max_nodes, chunk)
    while len(_races) > RACES_KEPT:
        del _races[next(iter(_races))]
    return {"race": race, **read, "status": "open"}


def race_next(race: int) -> dict:
    """The next chunk of a race (see :meth:`~sudoku_dlx.compare.race.Race.next`); the race
    is forgotten once it is done. A race not open (done, closed, or dropped as
    :data:`RACES_KEPT` newer ones opened) is invalid."""
    if race not in _races:
        return _wrong(f"no race {race} is open", race=race)
    record = _races[race].next()
    if record["done"]:
        del _races[race]
    return record


def race_close(race: int) -> dict:
    """Forget a race before it is done: ``status`` closed, or absent when it was not
    open; ``closed`` says the same."""
    closed = _races.pop(race, None) is not None
    return {"status": "closed" if closed else "absent", "closed": closed}

