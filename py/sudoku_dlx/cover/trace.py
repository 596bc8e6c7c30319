"""The DLX search of a puzzle traced event by event, in its kind's words (the page's "DLX steps").

Each event of :meth:`ExactCover.search` (``trace``) becomes a record of
:func:`~.record.record_search`, told in the puzzle's words (see :func:`trace_search`): the
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
from .record import record_search

__all__ = ["Trace", "item_name", "trace_search"]


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
    events: list[dict]
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
    (at the first guess past it), recorded by :func:`~.record.record_search` in the
    puzzle's words, each with these fields of its own: ``placed`` counts the digits
    the search has placed after the event (the placements it holds; a killer's
    combinations are not counted), and ``open_items`` and ``open_options`` what is
    then left of the exact cover; ``cell`` and ``digit`` are what try places and
    undo clears (else -1 and 0); ``combination`` the digits of a combination that try
    takes or undo takes back (else empty); ``cells`` are the cells the event is
    about (an item's cell, unit or cage, or its options' cells). The givens must
    break no rule."""
    n = puzzle.n
    symbol = puzzle.shape.symbol
    names = Reduction(puzzle)
    problem = with_givens(puzzle)
    placed = 0
    # Every live option has exactly one open cell item (a placement) or cage item (a combination).
    counted = [item < names.unit_base or names.item_kind(item) == "cage" for item in range(names.items)]

    def left() -> dict:
        """Open items and open options."""
        counts = problem.open_items()
        return {"open_items": len(counts), "open_options": sum(size for item, size in counts.items() if counted[item])}

    def listed(option: int, what: str) -> str:
        """An option as the listing of a chosen item's options names it."""
        if not names.is_placement(option):
            k, digits = names.combination(option)
            return digit_set(digits) if what == "combination" else f"the combination {digit_set(digits)}"
        cell, digit = names.placement(option)
        return symbol(digit) if what == "digit" else cell_name(cell, n)

    def option_cells(options: list[int]) -> list[int]:
        return list(dict.fromkeys(x for o in options for x in names.option_cells(o)))

    def named(event: dict) -> dict:
        nonlocal placed
        kind, item, options, option = event["kind"], event["item"], event["options"], event["option"]
        name = names.item_name(item) if item >= 0 else ""
        # A cell item's options are its digits; a unit-digit item's, the digit's places;
        # a cage item's, its combinations; a cage-digit item's, places and combinations.
        what = {"cell": "digit", "unit": "place", "cage": "combination"}.get(names.item_kind(item), "option") \
            if item >= 0 else ""
        fields = {"cell": -1, "digit": 0, "cells": [], "combination": []}
        if kind == "choose":
            shown = ", ".join(listed(o, what) for o in options)
            text = (f"{name[0].upper()}{name[1:]} has one {what} left: {shown}." if len(options) == 1 else
                    f"Fewest options: {name} has {len(options)} {what}s ({shown}); try each in turn.")
            fields["cells"] = option_cells(options)
        elif kind in ("try", "undo") and names.is_placement(option):
            cell, digit = names.placement(option)
            of = f" ({what} {event['tried']} of {event['of']})" if event["of"] > 1 else ""
            text = (f"Place {names.option_name(option)}{of}: cover {names.covers(option)}." if kind == "try" else
                    f"Take back {names.option_name(option)}.")
            placed += 1 if kind == "try" else -1
            fields.update(cell=cell, digit=digit if kind == "try" else 0, cells=[cell])
        elif kind in ("try", "undo"):
            k, digits = names.combination(option)
            if kind == "try":
                of = f" ({what} {event['tried']} of {event['of']})" if event["of"] > 1 else ""
                out = [symbol(d) for d in range(1, n + 1) if d not in digits]
                text = (f"Take the combination {digit_set(digits)} for {names.cage_name(k)}{of}: "
                        f"cover the cage's item and the items of the digits it leaves out "
                        f"({', '.join(out)}), so they go in no cell of the cage.")
            else:
                text = f"Take back the combination {digit_set(digits)} for {names.cage_name(k)}."
            fields.update(cells=list(names.option_cells(option)), combination=list(digits))
        elif kind == "back up":
            text = f"Every {what} for {name} has been tried: back up to the choice before."
            fields["cells"] = list(names.item_cells(item))
        elif kind == "dead end":
            text = f"Dead end: {name} has no {what} left."
            fields["cells"] = list(names.item_cells(item))
        else:
            text = f"Every item is covered: solution {event['found']}."
        return {"text": text, "placed": placed, **left(), **fields}

    opened = left()
    events, complete = record_search(problem, named, max_events, limit)
    return Trace(puzzle, names.items, names.options, opened["open_items"], opened["open_options"], events,
                 problem.stats, complete, names)
