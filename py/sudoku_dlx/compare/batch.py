"""A puzzle set through the solvers, measured: what the page's batch view runs
in each of its workers, and what ``python -m sudoku_dlx bench`` tabulates.

Each solver (:data:`SOLVERS`: the DLX engine and the baselines of
:mod:`sudoku_dlx.baselines`) runs every puzzle; a :class:`Batch` keeps, per
solver, each puzzle's status (:data:`STATUSES`), milliseconds, tries
and guesses, and sums them up (:meth:`Batch.summary`: the ``bench --json``
records). Solvers take turns, a few puzzles each, so a change in the
machine's load touches all of them alike while each still runs with its own
data warm in the caches.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..baselines.annealing import anneal
from ..baselines.backtrack import backtrack_solutions
from ..baselines.boltzmann import sample
from ..baselines.genetic import evolve
from ..baselines.rulebased import rule_based_solutions
from ..baselines.stochastic import Stochastic
from ..baselines.textbook import textbook_solutions
from ..kinds.grid import InvalidPuzzleError, Puzzle, Shape
from ..kinds.read import puzzle_id, read_puzzle
from ..kinds.solver import exact_cover, fault, solve
from ..rules.link import check_givens, is_link, read_link
from ..rules.solve import VariantPuzzle
from ..rules.solve import solutions as variant_solutions

__all__ = ["CLASSIC_ONLY", "CSV_HEADER", "SOLVERS", "STATUSES", "STOCHASTIC", "SUCCESSES", "TURN", "Batch", "Runs",
           "measure", "outcome", "read", "rules_record", "stochastic_record"]


#: What a solver made of a puzzle: ``invalid`` (the text is no puzzle, or its givens
#: clash: no solver runs; or it is of a kind the solver does not take, see :data:`CLASSIC_ONLY`), ``unfinished`` (the node cap ended the search), or the
#: solutions found: ``none``, ``unique``, ``multiple``. A stochastic solver (:data:`STOCHASTIC`)
#: proves neither uniqueness nor the lack of a solution: its run is ``solved`` (a checked
#: solution found) or ``unsolved`` (a cap reached first).
STATUSES = ("unique", "multiple", "none", "invalid", "unfinished", "solved", "unsolved")
#: The statuses of a puzzle that got a solution (``success_pct`` in :meth:`Runs.summary`).
SUCCESSES = ("unique", "multiple", "solved")


def outcome(found: int, finished: bool) -> str:
    """The status of a search that found ``found`` solutions (looking for two or more)."""
    if not finished:
        return "unfinished"
    return "none" if not found else "unique" if found == 1 else "multiple"


def _dlx(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int, int, bool]:
    result = solve(puzzle, limit)
    return len(result.solutions), result.stats.tries, result.stats.guesses, True


def _textbook(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int, int, bool]:
    found, stats = textbook_solutions(puzzle, limit)
    return len(found), stats.tries, stats.guesses, True


def _backtrack(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int, int, bool]:
    found, stats, finished = backtrack_solutions(puzzle, limit, max_nodes)
    return len(found), stats.tries, stats.guesses, finished


def _rules(puzzle: Puzzle, limit: int, max_nodes: int) -> tuple[int, int, int, bool]:
    found, stats, finished = rule_based_solutions(puzzle, limit, max_nodes)
    return len(found), stats.tries, stats.guesses, finished


#: name -> function(puzzle, limit, max_nodes) -> (solutions found, nodes, guesses, finished).
#: ``max_nodes`` caps backtracking and the rule-based search (the digits they place);
#: the DLX searches always finish.
SOLVERS: dict[str, Callable[[Puzzle, int, int], tuple[int, int, int, bool]]] = {
    "dlx": _dlx,
    "textbook": _textbook,
    "backtrack": _backtrack,
    "rules": _rules,
}
#: The stochastic baselines: name -> function(puzzle, seed, max_iterations, max_seconds)
#: -> :class:`~sudoku_dlx.baselines.stochastic.Stochastic`; they run only in ``bench`` and
#: ``solve --solver`` for now (the page's batch offers :data:`SOLVERS`).
STOCHASTIC: dict[str, Callable[..., Stochastic]] = {
    "annealing": anneal,
    "genetic": evolve,
    "boltzmann": sample,
}
#: The baselines know the rows, columns and boxes of classic sudoku alone: they take no
#: other kind (its puzzles are ``invalid`` for them); the DLX engine takes every kind, and
#: the variants of f-puzzles and SudokuPad links (:func:`_dlx_variant`).
CLASSIC_ONLY = frozenset({"textbook", "backtrack", "rules", *STOCHASTIC})


def _dlx_variant(puzzle: VariantPuzzle, limit: int) -> tuple[int, int, int, bool]:
    """``dlx`` on a link's variant: the rules' solver (:func:`sudoku_dlx.rules.solve.solutions`)."""
    found, stats = variant_solutions(puzzle, limit)
    return len(found), stats.tries, stats.guesses, True


@dataclass
class Runs:
    """One solver's results, puzzle by puzzle (an invalid puzzle has 0 ms, nodes, guesses)."""

    solver: str
    status: list[str] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    guesses: list[int] = field(default_factory=list)

    def summary(self, first_total_ms: float) -> dict:
        """The ``bench --json`` record (``status`` measured): counts of every status (``puzzles`` is their
        sum), then over the puzzles searched (all but the invalid ones) ms, nodes (a stochastic
        solver's iterations) and guesses, the share solved without a guess, the total time and
        that time as a multiple of the first solver's (``first_total_ms``), and the share that got
        a solution (``success_pct``: unique, multiple or solved). None where nothing was searched."""
        counts = {status: self.status.count(status) for status in STATUSES}
        searched = [k for k, status in enumerate(self.status) if status != "invalid"]
        ms = [self.ms[k] for k in searched]
        nodes = [self.nodes[k] for k in searched]
        guesses = [self.guesses[k] for k in searched]
        record = {"solver": self.solver, "status": "measured", "puzzles": len(self.status), **counts}
        if not searched:
            return record | dict.fromkeys(SUMMARY_NUMBERS)
        return record | {
            "mean_ms": round(statistics.fmean(ms), 3),
            "median_ms": round(statistics.median(ms), 3),
            "min_ms": round(min(ms), 3),
            "max_ms": round(max(ms), 3),
            "mean_nodes": round(statistics.fmean(nodes), 1),
            "median_nodes": _plain(statistics.median(nodes)),
            "min_nodes": min(nodes),
            "max_nodes": max(nodes),
            "mean_guesses": round(statistics.fmean(guesses), 2),
            "no_guess_pct": round(100 * guesses.count(0) / len(guesses), 1),
            "total_s": round(sum(ms) / 1000, 3),
            "time_vs_first": round(sum(ms) / first_total_ms, 2) if first_total_ms else None,
            "success_pct": round(100 * sum(self.status[k] in SUCCESSES for k in searched) / len(searched), 1),
        }


SUMMARY_NUMBERS = ("mean_ms", "median_ms", "min_ms", "max_ms", "mean_nodes", "median_nodes", "min_nodes",
                   "max_nodes", "mean_guesses", "no_guess_pct", "total_s", "time_vs_first", "success_pct")


def _plain(number: float) -> int | float:
    """A whole number as an int (a median of nodes is one unless it falls between two)."""
    return int(number) if number == int(number) else number


@dataclass
class Batch:
    """Puzzles run through solvers: per puzzle its canonical form (the text as given
    if it is invalid), the ``error`` that makes it invalid ("" if none) and its
    ``clues`` (its givens, None if it is invalid); per solver its :class:`Runs`, in
    the same order."""

    solvers: list[str]
    puzzles: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    runs: dict[str, Runs] = field(default_factory=dict)
    clues: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in self.solvers:
            self.runs.setdefault(name, Runs(name))

    def extend(self, other: Batch) -> None:
        """Append the puzzles and results of ``other`` (the same solvers)."""
        self.puzzles += other.puzzles
        self.errors += other.errors
        self.clues += other.clues
        for name, runs in self.runs.items():
            more = other.runs[name]
            runs.status += more.status
            runs.ms += more.ms
            runs.nodes += more.nodes
            runs.guesses += more.guesses

    def summary(self) -> list[dict]:
        """One ``bench --json`` record per solver (see :meth:`Runs.summary`)."""
        first = self.runs[self.solvers[0]]
        first_ms = sum(ms for ms, status in zip(first.ms, first.status) if status != "invalid")
        return [self.runs[name].summary(first_ms) for name in self.solvers]

    def rows(self) -> Iterator[tuple[str, str, str, int, int, str]]:
        """``bench --csv``'s rows, puzzle by puzzle, then solver by solver:
        (puzzle, solver, ms, nodes, guesses, status)."""
        for k, puzzle in enumerate(self.puzzles):
            for name in self.solvers:
                runs = self.runs[name]
                yield puzzle, name, f"{runs.ms[k]:.3f}", runs.nodes[k], runs.guesses[k], runs.status[k]

    def record(self) -> dict:
        """JSON-able columns: ``solvers``, ``puzzles``, ``errors``, ``clues``, and per solver
        in ``runs`` its ``status``, ``ms``, ``nodes`` and ``guesses`` lists."""
        runs = {name: {"status": r.status, "ms": [round(ms, 3) for ms in r.ms], "nodes": r.nodes,
                       "guesses": r.guesses} for name, r in self.runs.items()}
        return {"solvers": self.solvers, "puzzles": self.puzzles, "errors": self.errors, "clues": self.clues,
                "runs": runs}

    @classmethod
    def from_record(cls, record: dict) -> Batch:
        """The batch of a :meth:`record` (puzzles, errors and clues may be left out)."""
        solvers = list(record["solvers"])
        runs = {name: Runs(name, list(r["status"]), list(r["ms"]), list(r["nodes"]), list(r["guesses"]))
                for name, r in record["runs"].items()}
        return cls(solvers, list(record.get("puzzles", [])), list(record.get("errors", [])), runs,
                   list(record.get("clues", [])))


#: The columns of ``bench --csv`` (:meth:`Batch.rows`).
CSV_HEADER = ("puzzle", "solver", "ms", "nodes", "guesses", "status")


TURN = 20  # puzzles a solver runs before the next one takes its turn


def read(text: str) -> tuple[Puzzle | VariantPuzzle | None, str, str]:
    """(puzzle, its canonical form, "") for a text that is a puzzle of any kind, or an
    f-puzzles or SudokuPad link (its canonical form the link), whose givens break no rule;
    else (None, the text, why it is invalid)."""
    if is_link(text):
        try:
            variant, _ = read_link(text)
            check_givens(variant)
        except InvalidPuzzleError as error:
            return None, text, str(error)
        return variant, text.strip(), ""
    try:
        puzzle = read_puzzle(text)
    except InvalidPuzzleError as error:
        return None, text, str(error)
    broken = fault(puzzle)
    if broken:
        return None, text, broken.reason
    return puzzle, puzzle_id(puzzle), ""


def measure(solvers: Sequence[str], texts: Sequence[str], limit: int = 2, max_nodes: int = 0,
            seed: int = 0, max_seconds: float = 0.0, max_iterations: int = 0) -> Batch:
    """Run every solver on every puzzle text, taking turns of ``TURN`` puzzles.

    ``limit`` is at least 2 (0: all solutions), so a status tells unique from
    multiple; a backtracking or rule-based search over ``max_nodes`` counts as unfinished; a
    text that is not a valid puzzle is invalid for every solver and not timed.
    A stochastic solver runs each puzzle with ``seed`` until ``max_seconds`` or
    ``max_iterations`` (0: no cap; one of them must be set)."""
    if any(name in STOCHASTIC for name in solvers) and not (max_seconds > 0 or max_iterations > 0):
        raise ValueError("a stochastic solver needs a cap: max_seconds or max_iterations")
    limit = limit and max(limit, 2)
    read_texts = [read(text) for text in texts]
    batch = Batch(list(solvers), [canonical for _, canonical, _ in read_texts],
                  [error for _, _, error in read_texts],
                  clues=[None if puzzle is None else puzzle.clues for puzzle, _, _ in read_texts])
    for turn in range(0, len(read_texts), TURN):
        for name in solvers:
            runs = batch.runs[name]
            for puzzle, _, _ in read_texts[turn:turn + TURN]:
                if puzzle is None or name in CLASSIC_ONLY and (isinstance(puzzle, VariantPuzzle)
                                                               or puzzle.kind != "sudoku"):
                    status, ms, nodes, guesses = "invalid", 0.0, 0, 0
                elif name in STOCHASTIC and isinstance(puzzle, Puzzle):
                    _warm(puzzle.shape)
                    run = STOCHASTIC[name](puzzle, seed, max_iterations, max_seconds)
                    status = "solved" if run.solved else "unsolved"
                    ms, nodes, guesses = run.ms, run.iterations, 0
                else:
                    if isinstance(puzzle, Puzzle):
                        _warm(puzzle.shape)
                    start = time.perf_counter()
                    found, nodes, guesses, finished = SOLVERS[name](puzzle, limit, max_nodes) \
                        if isinstance(puzzle, Puzzle) else _dlx_variant(puzzle, limit)
                    ms = (time.perf_counter() - start) * 1000
                    status = outcome(found, finished)
                runs.status.append(status)
                runs.ms.append(ms)
                runs.nodes.append(nodes)
                runs.guesses.append(guesses)
    return batch


def stochastic_record(text: str, solver: str, seed: int = 0, max_seconds: float = 0.0,
                      max_iterations: int = 0) -> dict:
    """``solve --solver``'s record of one stochastic run on a puzzle text: ``puzzle`` (canonical
    form), ``solver``, ``seed``, ``status`` (``solved``, ``unsolved``, or ``invalid`` with an
    ``error``: no puzzle, clashing givens, a cell no digit fits, or not a classic sudoku),
    ``solutions`` (the one found, or none), ``iterations``, ``ms`` and ``conflicts`` (the best
    state's, 0 when solved)."""
    puzzle, canonical, error = _classic(text, "the stochastic solvers take classic sudoku only")
    record = {"puzzle": canonical, "solver": solver, "seed": seed}
    if puzzle is None:
        return record | {"status": "invalid", "error": error, "solutions": [], "iterations": 0, "ms": 0.0,
                         "conflicts": None}
    run = STOCHASTIC[solver](puzzle, seed, max_iterations, max_seconds)
    solutions = [str(puzzle.with_digits(run.solution))] if run.solution else []
    return record | {"status": "solved" if run.solved else "unsolved", "error": "", "solutions": solutions,
                     "iterations": run.iterations, "ms": round(run.ms, 3), "conflicts": run.conflicts}


def rules_record(text: str, limit: int = 2) -> dict:
    """``solve --solver rules``'s record of the rule-based search of a puzzle text:
    ``puzzle`` (canonical form), ``solver``, ``status`` (unique, multiple, none, or invalid
    with an ``error``, as :func:`stochastic_record` says), up to ``limit`` (0: all)
    ``solutions``, ``nodes`` (digits placed, by a rule or a guess), ``guesses`` and ``ms``."""
    puzzle, canonical, error = _classic(text, "the rule-based solver takes classic sudoku only")
    record = {"puzzle": canonical, "solver": "rules"}
    if puzzle is None:
        return record | {"status": "invalid", "error": error, "solutions": [], "nodes": 0, "guesses": 0, "ms": 0.0}
    start = time.perf_counter()
    found, stats, _ = rule_based_solutions(puzzle, limit and max(limit, 2))
    ms = (time.perf_counter() - start) * 1000
    return record | {"status": outcome(len(found), True), "error": "",
                     "solutions": [str(puzzle.with_digits(digits)) for digits in found[:limit or None]],
                     "nodes": stats.tries, "guesses": stats.guesses, "ms": round(ms, 3)}


def _classic(text: str, refusal: str) -> tuple[Puzzle | None, str, str]:
    """:func:`read` for a solver of classic sudoku alone: (None, canonical form, ``refusal``)
    for another kind or a variant."""
    puzzle, canonical, error = read(text)
    if isinstance(puzzle, VariantPuzzle) or puzzle is not None and puzzle.kind != "sudoku":
        return None, canonical, refusal
    return puzzle, canonical, error


def _warm(shape: Shape) -> None:
    """Build the tables of ``shape`` every solver shares (once per process), so no
    puzzle's time includes them."""
    for implied in (False, True):  # as with_givens asks for them
        exact_cover(shape, (), (), implied)
    shape.peers  # noqa: B018 - a cached property, computed on first use
