"""The DLX search recorded event by event, in the words of a namer: one recorder for
the lab's trace (:func:`~.problems.trace_problem`, named by items and options) and
the play view's DLX steps (:func:`~.trace.trace_search`, named in a puzzle's words).

:func:`record_search` runs :meth:`~sudoku_dlx.dlx.ExactCover.search` with its
``trace`` and makes each event one record (a dict of JSON values), the same for
every namer:

``kind``
    choose, try, undo, back up, dead end or solution;
``item``, ``option``
    the item the event is about (try and undo: the chosen one) and the option tried
    or taken back (-1 where none);
``options``
    choose: the item's options in the order they are tried; solution: the options chosen;
``tried``, ``of``
    try and undo: which of the chosen item's options it is (1-based), of how many;
``found``
    solution: its number (1-based);
``depth``
    how many chosen items the search holds after the event (a back up to 0 ends it);
``covers``
    when asked for: the items the event covers (choose, try) or uncovers (undo, back
    up, in reverse order), each with the options that leave (or come back to) the
    live matrix with it;
``text``
    what the event does, in the namer's words, and the namer's own fields.
"""

from __future__ import annotations

from collections.abc import Callable

from ..dlx import ExactCover

__all__ = ["Namer", "column", "record_search"]

#: Gives an event its ``text`` and any fields of its own: told the record so far,
#: while the engine holds the state just after the event.
Namer = Callable[[dict], dict]


def column(ec: ExactCover, item: int) -> list[int]:
    """The options in an item's list, top to bottom (0-based item and option numbers)."""
    down, header, option_of = ec.down, item + 1, ec.option_of
    found, x = [], down[item + 1]
    while x != header:
        found.append(option_of[x])
        x = down[x]
    return found


def record_search(ec: ExactCover, namer: Namer, max_events: int, limit: int = 0, covers: bool = False,
                  after: Callable[[dict], object] | None = None) -> tuple[list[dict], bool]:
    """The records of the search of ``ec`` for up to ``limit`` solutions (0: all), cut
    after ``max_events`` (at the first guess past it), and whether it ran to its end.
    ``covers`` fills the records' ``covers``; ``after`` hears each record once it is made."""
    events: list[dict] = []
    found = 0
    # Per level: its item, its options, how many were tried, what the last one tried covered.
    levels: list[list] = []

    def record(kind: str, item: int, options: tuple[int, ...]) -> None:
        nonlocal found
        event = {"kind": kind, "item": item, "option": -1, "options": [], "tried": 0, "of": 0, "found": 0,
                 "depth": 0, "covers": []}
        if kind == "choose":
            levels.append([item, options, 0, []])
            event.update(options=list(options), of=len(options))
            if covers:
                event["covers"] = [[item, list(options)]]
        elif kind == "try":
            level = levels[-1]
            level[2] += 1
            option = options[0]
            event.update(option=option, tried=level[2], of=len(level[1]))
            if covers:
                # The engine covers the other items of the option's node in the chosen item's list.
                node = next(x for x in (ec.first[option], *ec.rest[ec.first[option]]) if ec.top[x] == item + 1)
                level[3] = event["covers"] = [[ec.top[x] - 1, column(ec, ec.top[x] - 1)] for x in ec.rest[node]]
        elif kind == "undo":
            level = levels[-1]
            event.update(option=options[0], tried=level[2], of=len(level[1]), covers=level[3][::-1])
        elif kind == "back up":
            level = levels.pop()
            if covers:
                event["covers"] = [[item, list(level[1])]]
        elif kind == "solution":
            found += 1
            event.update(options=list(options), found=found)
        event["depth"] = len(levels)
        event.update(namer(event))
        events.append(event)
        if after is not None:
            after(event)

    for _ in ec.search(limit, stop=lambda stats: len(events) >= max_events, trace=record):
        pass
    return events[:max_events], not ec.stats.stopped and len(events) <= max_events
