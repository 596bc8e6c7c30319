"""The DLX search of a sudoku traced event by event, in sudoku words (the page's "DLX steps").

Each event of :meth:`ExactCover.search` (``trace``) becomes a :class:`TraceEvent`: the
search chooses the item with the fewest options (a cell and its digits, or a
digit and its places in a row, column or box), tries its options one by one,
takes them back, backs up when an item has none left, and stops at a dead end
(an item with no option at all) or at a solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dlx import SearchStats
from ..kinds.grid import Puzzle, cell_name
from ..kinds.solver import with_givens

__all__ = ["Trace", "TraceEvent", "item_name", "trace_search"]

KINDS = ("cell", "row", "column", "box")


@dataclass
class TraceEvent:
    """One event of the search: ``kind`` is choose, try, undo, back up, dead end or solution.

    ``placed`` counts the options the search holds after the event, and
    ``open_items`` and ``open_options`` what is then left of the exact cover;
    ``cell`` and ``digit`` are what try places and undo clears (else -1 and 0);
    ``cells`` are the cells the event is about (an item's cell or unit, or its
    options' cells).
    """

    kind: str
    placed: int
    open_items: int
    open_options: int
    text: str
    cell: int = -1
    digit: int = 0
    cells: tuple[int, ...] = ()


@dataclass
class Trace:
    """The reduction's size before and after the givens, and the search's events.

    ``complete`` is False when the events were cut at ``max_events``."""

    puzzle: Puzzle
    items: int
    options: int
    open_items: int
    open_options: int
    events: list[TraceEvent]
    stats: SearchStats
    complete: bool


def item_name(item: int, puzzle: Puzzle) -> str:
    """``cell r3c4``, or a digit in its unit: ``7 in row 3``, ``7 in column 4``, ``7 in box 2``."""
    n = puzzle.n
    kind, rest = divmod(item, n * n)
    if kind == 0:
        return f"cell {cell_name(rest, n)}"
    unit, digit = divmod(rest, n)
    return f"{puzzle.shape.symbol(digit + 1)} in {KINDS[kind]} {unit + 1}"


def _item_cells(item: int, puzzle: Puzzle) -> tuple[int, ...]:
    """The cell of a cell item, or the cells of a unit-digit item's unit."""
    n = puzzle.n
    kind, rest = divmod(item, n * n)
    return (rest,) if kind == 0 else puzzle.shape.units[(kind - 1) * n + rest // n]


def trace_search(puzzle: Puzzle, max_events: int = 1000, limit: int = 2) -> Trace:
    """The events of the search for up to ``limit`` solutions, cut after ``max_events``
    (at the first guess past it). The givens must not clash."""
    n = puzzle.n
    symbol = puzzle.shape.symbol
    problem = with_givens(puzzle)
    events: list[TraceEvent] = []
    levels: list[list[int]] = []  # per level: [how many options its item has, how many were tried]

    def place(option: int) -> str:
        cell, d = divmod(option, n)
        return f"{symbol(d + 1)} in {cell_name(cell, n)}"

    def left() -> tuple[int, int]:
        """Open items and open options: every open option lies in four open items."""
        counts = problem.open_items()
        return len(counts), sum(counts.values()) // 4

    def record(kind: str, item: int, options: tuple[int, ...]) -> None:
        placed = events[-1].placed if events else 0
        name = item_name(item, puzzle) if item >= 0 else ""
        # A cell item's options are its digits; a unit-digit item's, the digit's places.
        what = "digit" if 0 <= item < n * n else "place"
        if kind == "choose":
            levels.append([len(options), 0])
            listed = ", ".join(symbol(o % n + 1) if what == "digit" else cell_name(o // n, n) for o in options)
            text = (f"{name[0].upper()}{name[1:]} has one {what} left: {listed}." if len(options) == 1 else
                    f"Fewest options: {name} has {len(options)} {what}s ({listed}); try each in turn.")
            events.append(TraceEvent(kind, placed, *left(), text, cells=tuple(dict.fromkeys(o // n for o in options))))
        elif kind == "try":
            level = levels[-1]
            level[1] += 1
            cell, d = divmod(options[0], n)
            of = f" ({what} {level[1]} of {level[0]})" if level[0] > 1 else ""
            text = f"Place {place(options[0])}{of}: cover its cell, row, column and box items."
            events.append(TraceEvent(kind, placed + 1, *left(), text, cell, d + 1, (cell,)))
        elif kind == "undo":
            cell = options[0] // n
            events.append(TraceEvent(kind, placed - 1, *left(), f"Take back {place(options[0])}.", cell, 0, (cell,)))
        elif kind == "back up":
            levels.pop()
            text = f"Every {what} for {name} has been tried: back up to the choice before."
            events.append(TraceEvent(kind, placed, *left(), text, cells=_item_cells(item, puzzle)))
        elif kind == "dead end":
            text = f"Dead end: {name} has no {what} left."
            events.append(TraceEvent(kind, placed, *left(), text, cells=_item_cells(item, puzzle)))
        else:
            found = sum(event.kind == "solution" for event in events) + 1
            events.append(TraceEvent(kind, placed, *left(), f"Every item is covered: solution {found}."))

    open_items, open_options = left()
    for _ in problem.search(limit, stop=lambda stats: len(events) >= max_events, trace=record):
        pass
    complete = not problem.stats.stopped and len(events) <= max_events
    return Trace(puzzle, 4 * n * n, n ** 3, open_items, open_options, events[:max_events], problem.stats, complete)
