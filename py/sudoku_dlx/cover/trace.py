"""The DLX search of a puzzle traced event by event, in its kind's words (the page's "DLX steps").

Each event of :meth:`ExactCover.search` (``trace``) becomes a :class:`TraceEvent`: the
search chooses the item with the fewest options (a cell and its digits, a digit
and its places in a row, column, box, region, diagonal or window, a killer cage
and its combinations, or a digit of a cage and its places there), tries its
options one by one (a placement of a digit, or a cage's combination of digits),
takes them back, backs up when an item has none left, and stops at a dead end
(an item with no option at all) or at a solution. The items and options are
named by :class:`~.naming.Reduction`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dlx import SearchStats
from ..kinds.grid import Puzzle, cell_name
from ..kinds.solver import with_givens
from .naming import Reduction, digit_set

__all__ = ["Trace", "TraceEvent", "item_name", "trace_search"]


@dataclass
class TraceEvent:
    """One event of the search: ``kind`` is choose, try, undo, back up, dead end or solution.

    ``placed`` counts the digits the search has placed after the event (the
    placements it holds; a killer's combinations are not counted), and
    ``open_items`` and ``open_options`` what is then left of the exact cover;
    ``cell`` and ``digit`` are what try places and undo clears (else -1 and 0);
    ``combination`` the digits of a combination that try takes or undo takes
    back (else empty); ``cells`` are the cells the event is about (an item's
    cell, unit or cage, or its options' cells).
    """

    kind: str
    placed: int
    open_items: int
    open_options: int
    text: str
    cell: int = -1
    digit: int = 0
    cells: tuple[int, ...] = ()
    combination: tuple[int, ...] = ()


@dataclass
class Trace:
    """The reduction's size before and after the givens, and the search's events.

    ``items`` counts every item (a futoshiki's secondary sign items too),
    ``open_items`` the primary items left to cover. ``complete`` is False when
    the events were cut at ``max_events``."""

    puzzle: Puzzle
    items: int
    options: int
    open_items: int
    open_options: int
    events: list[TraceEvent]
    stats: SearchStats
    complete: bool
    reduction: Reduction


def item_name(item: int, puzzle: Puzzle) -> str:
    """``cell r3c4``, or a digit in its unit: ``7 in row 3``, ``7 in column 4``, ``7 in
    box 2``, ``7 in region 2``, ``7 in the main diagonal``, ``7 in window 2``; a killer's
    ``the cage of r1c1+r1c2 (sum 10)`` and ``7 in the cage of r1c1+r1c2 (sum 10)``."""
    return Reduction(puzzle).item_name(item)


def trace_search(puzzle: Puzzle, max_events: int = 1000, limit: int = 2) -> Trace:
    """The events of the search for up to ``limit`` solutions, cut after ``max_events``
    (at the first guess past it). The givens must break no rule."""
    n = puzzle.n
    symbol = puzzle.shape.symbol
    names = Reduction(puzzle)
    problem = with_givens(puzzle)
    events: list[TraceEvent] = []
    levels: list[list[int]] = []  # per level: [how many options its item has, how many were tried]
    # Every live option has exactly one open cell item (a placement) or cage item (a combination).
    counted = [item < names.unit_base or names.item_kind(item) == "cage" for item in range(names.items)]

    def left() -> tuple[int, int]:
        """Open items and open options."""
        counts = problem.open_items()
        return len(counts), sum(size for item, size in counts.items() if counted[item])

    def listed(option: int, what: str) -> str:
        """An option as the listing of a chosen item's options names it."""
        if not names.is_placement(option):
            k, digits = names.combination(option)
            return digit_set(digits) if what == "combination" else f"the combination {digit_set(digits)}"
        cell, digit = names.placement(option)
        return symbol(digit) if what == "digit" else cell_name(cell, n)

    def option_cells(options: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(dict.fromkeys(x for o in options for x in names.option_cells(o)))

    def record(kind: str, item: int, options: tuple[int, ...]) -> None:
        placed = events[-1].placed if events else 0
        name = names.item_name(item) if item >= 0 else ""
        # A cell item's options are its digits; a unit-digit item's, the digit's places;
        # a cage item's, its combinations; a cage-digit item's, places and combinations.
        what = {"cell": "digit", "unit": "place", "cage": "combination"}.get(names.item_kind(item), "option") \
            if item >= 0 else ""
        if kind == "choose":
            levels.append([len(options), 0])
            shown = ", ".join(listed(o, what) for o in options)
            text = (f"{name[0].upper()}{name[1:]} has one {what} left: {shown}." if len(options) == 1 else
                    f"Fewest options: {name} has {len(options)} {what}s ({shown}); try each in turn.")
            events.append(TraceEvent(kind, placed, *left(), text, cells=option_cells(options)))
        elif kind == "try":
            level = levels[-1]
            level[1] += 1
            of = f" ({what} {level[1]} of {level[0]})" if level[0] > 1 else ""
            option = options[0]
            if names.is_placement(option):
                cell, digit = names.placement(option)
                text = f"Place {names.option_name(option)}{of}: cover {names.covers(option)}."
                events.append(TraceEvent(kind, placed + 1, *left(), text, cell, digit, (cell,)))
            else:
                k, digits = names.combination(option)
                out = [symbol(d) for d in range(1, n + 1) if d not in digits]
                text = (f"Take the combination {digit_set(digits)} for {names.cage_name(k)}{of}: "
                        f"cover the cage's item and the items of the digits it leaves out "
                        f"({', '.join(out)}), so they go in no cell of the cage.")
                events.append(TraceEvent(kind, placed, *left(), text, cells=names.option_cells(option),
                                         combination=digits))
        elif kind == "undo":
            option = options[0]
            if names.is_placement(option):
                cell, _ = names.placement(option)
                events.append(TraceEvent(kind, placed - 1, *left(), f"Take back {names.option_name(option)}.",
                                         cell, 0, (cell,)))
            else:
                k, digits = names.combination(option)
                text = f"Take back the combination {digit_set(digits)} for {names.cage_name(k)}."
                events.append(TraceEvent(kind, placed, *left(), text, cells=names.option_cells(option),
                                         combination=digits))
        elif kind == "back up":
            levels.pop()
            text = f"Every {what} for {name} has been tried: back up to the choice before."
            events.append(TraceEvent(kind, placed, *left(), text, cells=names.item_cells(item)))
        elif kind == "dead end":
            text = f"Dead end: {name} has no {what} left."
            events.append(TraceEvent(kind, placed, *left(), text, cells=names.item_cells(item)))
        else:
            found = sum(event.kind == "solution" for event in events) + 1
            events.append(TraceEvent(kind, placed, *left(), f"Every item is covered: solution {found}."))

    open_items, open_options = left()
    for _ in problem.search(limit, stop=lambda stats: len(events) >= max_events, trace=record):
        pass
    complete = not problem.stats.stopped and len(events) <= max_events
    return Trace(puzzle, names.items, names.options, open_items, open_options, events[:max_events], problem.stats,
                 complete, names)
