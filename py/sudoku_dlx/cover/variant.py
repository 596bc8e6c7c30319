"""A variant puzzle's exact cover, for the lab: the grid's reduction and each rule's part of it.

Items, in order:

- ``r1c1``: the cell needs a digit;
- ``r1#4``, ``c1#4``, ``b1#4`` (``reg1#4`` for an irregular region): the grid's units need a 4;
- each rule's units by its key and number: ``killercage2#4``, ``diagonal+#4``, primary for
  a unit of n cells (it needs every digit), secondary for a smaller one (at most once);
- a secondary ``r1c1=4/r1c2=5`` for each pair of placements a rule forbids;
- for a rule whose meaning is which digits its cells hold (:meth:`~sudoku_dlx.rules.base.Rule.fillings`:
  a cage's sum, a renban line's run), its item ``killercage2`` and its unit's digit items, all
  primary: an option ``killercage2=1+3+5`` for each set of digits covers the rule's item and
  the items of the digits it leaves out, so the cells hold exactly that set.

Options: ``r1c1=4`` for each digit a cell may hold, less those a rule rules out alone on
the empty grid (an odd cell's even digits, a thermometer's bulb's highest ones). A rule
these say whole (:meth:`~sudoku_dlx.rules.base.Rule.whole`) has each cover keep it; a sum,
an arrow or their kin are no items, so a cover may break them, and ``about`` says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..kinds.grid import InvalidPuzzleError, cell_name
from ..rules.base import Rule, Unsolvable, cells_name, digits_of
from ..rules.link import check_givens, drawing_of, read_link
from ..rules.solve import VariantPuzzle, fault
from .problem import Problem, ProblemError
from .record import record_search

__all__ = ["VariantCover", "link_cover", "link_problem", "trace_link", "variant_cover", "variant_problem"]


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _ruled_out(rule: Rule, n: int) -> list[int]:
    """The candidates ``rule`` alone leaves each cell of an empty grid."""
    allowed = [(1 << n) - 1] * (n * n)
    try:
        while rule.narrow(allowed, n):
            pass
    except Unsolvable:
        raise ProblemError(f"{rule.named(n)} cannot be kept on any grid") from None
    return allowed


@dataclass
class VariantCover:
    """A variant's exact cover (:attr:`problem`, the lab's) with each item in words and the
    cells it is about, for the DLX steps: ``item_words`` ("4 in row 1", "the digits of the
    killer cage r1c1-r1c2 adding up to 7"), ``item_cells``; ``placements`` the (cell, digit)
    of each option, (-1, 0) for a filling; ``fillings`` each filling option's digits, its
    rule by name and the rule's cells."""

    problem: Problem
    #: The reduction in words, as the lab's ``about`` says it but for the givens.
    reduction: str
    item_words: list[str]
    item_cells: list[tuple[int, ...]]
    placements: list[tuple[int, int]]
    fillings: dict[int, tuple[list[int], str, tuple[int, ...]]]


def variant_problem(puzzle: VariantPuzzle, title: str = "", drawing: list | None = None) -> Problem:
    """The exact cover of ``puzzle`` (see the module's docstring), its givens chosen first;
    ``board`` draws the grid, its regions and the rules (``drawing``, as
    :func:`~sudoku_dlx.rules.link.drawing_of` gives it)."""
    return variant_cover(puzzle, title, drawing).problem


def variant_cover(puzzle: VariantPuzzle, title: str = "", drawing: list | None = None) -> VariantCover:
    """:func:`variant_problem`'s problem, with its items and options in words (:class:`VariantCover`)."""
    grid = puzzle.grid
    shape, n = grid.shape, grid.n
    symbol = shape.symbol
    region = "reg" if shape.regions or not shape.box_rows else "b"
    # The items, in order: label -> (words, cells).
    primary: dict[str, tuple[str, tuple[int, ...]]] = {cell_name(x, n): (f"cell {cell_name(x, n)}", (x,))
                                                      for x in range(n * n)}
    secondary: dict[str, tuple[str, tuple[int, ...]]] = {}
    covers: list[list[str]] = [[cell_name(x, n)] for x in range(n * n) for _ in range(n)]  # each placement's items
    fills: list[tuple[str, Rule, tuple[int, ...], list[int]]] = []  # a rule's item, the rule, its cells, its fillings
    part: dict[str, Counter[str]] = {}  # each rule's name: how many rules, items and options it adds

    def unit(cells: tuple[int, ...], label: str, where: str, items: dict, name: str = "") -> None:
        for d in range(1, n + 1):
            items[f"{label}#{symbol(d)}"] = (f"{symbol(d)} in {where}", cells)
            for x in cells:
                covers[x * n + d - 1].append(f"{label}#{symbol(d)}")
        if name:
            part[name]["primary" if items is primary else "secondary"] += n

    for u, cells in enumerate(shape.units):
        unit(cells, ("r", "c", region)[u // n] + str(u % n + 1), shape.unit_name(u), primary)
    allowed = [(1 << n) - 1] * (n * n)
    removed_by: dict[tuple[int, int], Rule] = {}
    units_of_key = Counter(rule.key for rule in grid.rules for _ in rule.units(n))
    numbered: Counter[str] = Counter()
    for rule in grid.rules:
        counts = part.setdefault(rule.name, Counter())
        counts["rules"] += 1
        fillings = list(rule.fillings(n))
        units = [tuple(cells) for cells in rule.units(n)]
        for cells in units:
            numbered[rule.key] += 1
            label = rule.key + (str(numbered[rule.key]) if units_of_key[rule.key] > 1 else "")
            where = rule.named(n) if len(units) == 1 else f"{rule.named(n)} ({cells_name(cells, n, ' ')})"
            if fillings:
                unit(cells, label, where, primary)
                primary[label] = (f"the digits of {where}", cells)
                counts["filled"] += n + 1
                counts["fillings"] += len(fillings)
                fills.append((label, rule, cells, fillings))
            else:
                unit(cells, label, where, primary if len(cells) == n else secondary, rule.name)
        if type(rule).narrow is not Rule.narrow:
            for x, mask in enumerate(_ruled_out(rule, n)):
                for d in digits_of(allowed[x] & ~mask):
                    allowed[x] ^= 1 << d - 1
                    removed_by[x, d] = rule
                    counts["removed"] += 1
    for rule in grid.rules:
        for a, x, b, y in rule.conflicts(n):
            label = f"{cell_name(a, n)}={symbol(x)}/{cell_name(b, n)}={symbol(y)}"
            twin = f"{cell_name(b, n)}={symbol(y)}/{cell_name(a, n)}={symbol(x)}"
            if label in secondary or twin in secondary or not allowed[a] >> x - 1 & 1 or not allowed[b] >> y - 1 & 1:
                continue
            secondary[label] = (f"{symbol(x)} in {cell_name(a, n)} and {symbol(y)} in {cell_name(b, n)}, "
                                f"which {rule.named(n)} forbids together", (a, b))
            covers[a * n + x - 1].append(label)
            covers[b * n + y - 1].append(label)
            part[rule.name]["conflicts"] += 1
    items = {**primary, **secondary}
    number = {label: k for k, label in enumerate(items)}
    options: list[tuple[int, ...]] = []
    names: list[str] = []
    marks: list[list | None] = []
    placements: list[tuple[int, int]] = []
    index: dict[tuple[int, int], int] = {}
    for x in range(n * n):
        for d in digits_of(allowed[x]):
            index[x, d] = len(options)
            options.append(tuple(number[label] for label in covers[x * n + d - 1]))
            names.append(f"{cell_name(x, n)}={symbol(d)}")
            marks.append([x // n, x % n, symbol(d)])
            placements.append((x, d))
    chosen: dict[int, tuple[list[int], str, tuple[int, ...]]] = {}
    for label, rule, cells, fillings in fills:
        for filling in fillings:
            left_out = [d for d in range(1, n + 1) if not filling >> d - 1 & 1]
            chosen[len(options)] = (digits_of(filling), rule.named(n), cells)
            options.append((number[label], *(number[f"{label}#{symbol(d)}"] for d in left_out)))
            names.append(f"{label}=" + "+".join(symbol(d) for d in digits_of(filling)))
            marks.append(None)
            placements.append((-1, 0))
    given = []
    for x, d in enumerate(puzzle.digits):
        if d and (x, d) not in index:
            raise ProblemError(f"the given {d} in {cell_name(x, n)} breaks {removed_by[x, d].named(n)}")
        if d:
            given.append(index[x, d])
    board: dict = {"kind": "variant", "rows": n, "cols": n, "marks": marks, "drawing": drawing or []}
    if region == "b":
        board["box"] = [shape.box_rows, shape.box_cols]
    else:
        board["regions"] = list(shape.box_of)
    reduction = _about(puzzle, region, part, len(primary), len(secondary), len(options))
    about = f"{reduction} " + (f"The {len(given)} givens are chosen before the search." if given else "There are no givens.")
    problem = Problem(f"{n}\u00d7{n} variant sudoku" + (f": {title}" if title else ""), list(number), len(primary),
                      options, names, given, about=about, board=board)
    return VariantCover(problem, reduction, [words for words, _ in items.values()], [cells for _, cells in items.values()],
                        placements, chosen)


def _about(puzzle: VariantPuzzle, region: str, part: dict[str, Counter[str]], primary: int, secondary: int,
           options: int) -> str:
    """The reduction in words: what the grid gives, what each rule adds, and whether a cover
    keeps every rule."""
    n = puzzle.grid.n
    regions = "region" if region == "reg" else "box"
    said = [f"As exact cover, this {n}\u00d7{n} puzzle has {_plural(primary, 'primary item')}, "
            f"{_plural(secondary, 'secondary one') if secondary else 'no secondary ones'} and "
            f"{_plural(options, 'option')}. An option r1c1=4 puts 4 in r1c1. Items: r1c1 (the cell needs a digit), "
            f"r1#4, c1#4, {region}1#4 (row, column, {regions} 1 needs a 4)."]
    for name, counts in part.items():
        it, ending = ("they", "") if counts["rules"] > 1 else ("it", "s")
        bits = []
        if counts["primary"]:
            bits.append(f"{_plural(counts['primary'], 'primary item')} (each digit once in its {n} cells)")
        if counts["secondary"]:
            bits.append(f"{_plural(counts['secondary'], 'secondary item')} (each digit at most once in its cells)")
        if counts["filled"]:
            bits.append(f"{_plural(counts['filled'], 'primary item')} (its cells need one set of digits, and each "
                        f"digit goes in a cell or is left out by that set) and {_plural(counts['fillings'], 'option')}, "
                        f"one per set of digits {it} may hold")
        if counts["conflicts"]:
            bits.append(f"{_plural(counts['conflicts'], 'secondary item')}, each a pair of placements {it} forbid{ending} "
                        f"(r1c1=4/r1c2=5)")
        if counts["removed"]:
            bits.append(f"{_plural(counts['removed'], 'option')} {it} rule{ending} out alone taken away")
        what = _plural(counts["rules"], name) if counts["rules"] > 1 else f"The {name}"
        said.append(f"{what}: {'; '.join(bits) if bits else 'nothing the matrix can hold'}.")
    partial = sorted({rule.name for rule in puzzle.grid.rules if not rule.whole()})
    if partial:
        said.append(f"Not whole in the matrix: {', '.join(partial)}. A cover may still break them, so a count "
                    f"here can exceed the puzzle's; the solver narrows them at every guess and checks each solution.")
    else:
        said.append("The matrix says every rule whole: each cover is a solution of the puzzle.")
    return " ".join(said)


def link_cover(text: str) -> VariantCover:
    """The exact cover of the f-puzzles or SudokuPad link ``text`` (:func:`variant_cover`)."""
    try:
        puzzle, variant = read_link(text)
        check_givens(puzzle)
    except InvalidPuzzleError as error:
        raise ProblemError(f"the link is no puzzle the solver reads: {error}") from None
    return variant_cover(puzzle, variant.title, drawing_of(variant))


def link_problem(text: str) -> Problem:
    """The lab's problem of the f-puzzles or SudokuPad link ``text`` (:func:`variant_problem`)."""
    return link_cover(text).problem


def trace_link(text: str, max_events: int = 1000, limit: int = 2) -> dict:
    """``dlx_steps``' record for a link: the search of its exact cover (:func:`link_cover`,
    givens chosen) event by event, cut after ``max_events``, in the words of its grid and
    rules, with the fields of :func:`~.trace.trace_search`'s events (``placed``,
    ``open_items``, ``open_options``, ``cell``, ``digit``, ``combination``, ``cells``). A
    cover that breaks a rule the matrix does not hold whole is said to be no solution.
    InvalidPuzzleError for a link the solver cannot read, or whose givens break a rule."""
    puzzle, variant = read_link(text)
    check_givens(puzzle)
    cover = variant_cover(puzzle, variant.title)
    problem = cover.problem
    n = puzzle.grid.n
    symbol = puzzle.grid.shape.symbol
    ec = problem.exact_cover()
    words, item_cells, placements = cover.item_words, cover.item_cells, cover.placements
    filling_items = {problem.options[option][0] for option in cover.fillings}
    counted = [item < n * n or item in filling_items for item in range(len(problem.items))]
    digits = list(puzzle.digits)
    placed = 0

    def left() -> dict:
        counts = ec.open_items()
        return {"open_items": len(counts), "open_options": sum(size for item, size in counts.items() if counted[item])}

    def what(item: int) -> str:
        return "digit" if item < n * n else "set of digits" if item in filling_items else "option"

    def digit_set(option: int) -> str:
        return "{" + ", ".join(symbol(d) for d in cover.fillings[option][0]) + "}"

    def listed(option: int, how: str) -> str:
        cell, digit = placements[option]
        if cell < 0:
            return digit_set(option) if how == "set of digits" else f"the set {digit_set(option)}"
        return symbol(digit) if how == "digit" else f"{symbol(digit)} in {cell_name(cell, n)}"

    def covered(option: int) -> str:
        items = problem.options[option]
        conflicts = sum(1 for item in items if item >= problem.n_primary)
        rules = sum(1 for item in items if n * n + 3 * n * n <= item < problem.n_primary)
        said = [f"its {len(items) - conflicts - rules} items of the cell and its row, column and region"]
        if rules:
            said.append(f"{rules} of the rules' units")
        if conflicts:
            said.append(f"{conflicts} conflict item{'s' if conflicts > 1 else ''} (placements a rule forbids with it)")
        return ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1]

    def named(event: dict) -> dict:
        nonlocal placed
        kind, item, options, option = event["kind"], event["item"], event["options"], event["option"]
        name = words[item] if item >= 0 else ""
        how = what(item) if item >= 0 else ""
        fields: dict = {"cell": -1, "digit": 0, "cells": [], "combination": []}
        if kind == "choose":
            shown = ", ".join(listed(o, how) for o in options)
            text = (f"{name[0].upper()}{name[1:]} has one {how} left: {shown}." if len(options) == 1 else
                    f"Fewest options: {name} has {len(options)} {how}s ({shown}); try each in turn.")
            fields["cells"] = list(dict.fromkeys(x for o in options for x in
                                                 (cover.fillings[o][2] if placements[o][0] < 0 else placements[o][:1])))
        elif kind in ("try", "undo"):
            cell, digit = placements[option]
            of = f" ({how} {event['tried']} of {event['of']})" if event["of"] > 1 else ""
            if cell >= 0:
                text = (f"Place {symbol(digit)} in {cell_name(cell, n)}{of}: cover {covered(option)}." if kind == "try"
                        else f"Take back {symbol(digit)} in {cell_name(cell, n)}.")
                placed += 1 if kind == "try" else -1
                digits[cell] = digit if kind == "try" else 0
                fields.update(cell=cell, digit=digit if kind == "try" else 0, cells=[cell])
            else:
                these, rule, cells = cover.fillings[option]
                chosen = f"{digit_set(option)} for {rule}"
                text = (f"Take {chosen}{of}: cover its item and the items of the digits it leaves out, so they go in "
                        f"none of its cells." if kind == "try" else f"Take back {chosen}.")
                fields.update(cells=list(cells), combination=these)
        elif kind == "back up":
            text = f"Every {how} for {name} has been tried: back up to the choice before."
            fields["cells"] = list(item_cells[item])
        elif kind == "dead end":
            text = f"Dead end: {name} has no {how} left."
            fields["cells"] = list(item_cells[item])
        else:
            broken = fault(puzzle, tuple(digits))
            text = (f"Every item is covered: solution {event['found']}." if broken is None else
                    f"Every item is covered, but this cover breaks a rule the matrix does not hold whole: "
                    f"{broken[0]}. The solver checks each cover, so this one is no solution.")
            fields["cells"] = list(broken[1]) if broken else []
        return {"text": text, "placed": placed, **left(), **fields}

    opened = left()
    events, complete = record_search(ec, named, max_events, limit)
    primaries = [sum(1 for item in problem.options[o] if item < problem.n_primary)
                 for o, (cell, _) in enumerate(placements) if cell >= 0]
    return {"puzzle": text.strip(), "status": "complete" if complete else "cut", "kind": "variant", "size": n,
            "clues": sum(1 for d in puzzle.digits if d), "items": len(problem.items), "options": len(problem.options),
            "secondary_items": len(problem.items) - problem.n_primary,
            "placements": sum(1 for cell, _ in placements if cell >= 0), "combinations": len(cover.fillings),
            "items_per_placement": [min(primaries), max(primaries)], "reduction": cover.reduction,
            "open_items": opened["open_items"], "open_options": opened["open_options"], "nodes": ec.stats.nodes,
            "complete": complete, "steps": events}
