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

from ..kinds.grid import InvalidPuzzleError, cell_name
from ..rules.base import Rule, Unsolvable, digits_of
from ..rules.link import check_givens, drawing_of, read_link
from ..rules.solve import VariantPuzzle
from .problem import Problem, ProblemError

__all__ = ["link_problem", "variant_problem"]


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


def variant_problem(puzzle: VariantPuzzle, title: str = "", drawing: list | None = None) -> Problem:
    """The exact cover of ``puzzle`` (see the module's docstring), its givens chosen first;
    ``board`` draws the grid, its regions and the rules (``drawing``, as
    :func:`~sudoku_dlx.rules.link.drawing_of` gives it)."""
    grid = puzzle.grid
    shape, n = grid.shape, grid.n
    symbol = shape.symbol
    region = "reg" if shape.regions or not shape.box_rows else "b"
    primary: dict[str, None] = {cell_name(x, n): None for x in range(n * n)}  # the items, in order
    secondary: dict[str, None] = {}
    covers: list[list[str]] = [[cell_name(x, n)] for x in range(n * n) for _ in range(n)]  # each placement's items
    fills: list[tuple[str, str, list[int]]] = []  # a rule's item, its unit's label and its fillings
    part: dict[str, Counter[str]] = {}  # each rule's name: how many rules, items and options it adds

    def unit(cells: tuple[int, ...], label: str, items: dict[str, None], name: str = "") -> None:
        for d in range(1, n + 1):
            items[f"{label}#{symbol(d)}"] = None
            for x in cells:
                covers[x * n + d - 1].append(f"{label}#{symbol(d)}")
        if name:
            part[name]["primary" if items is primary else "secondary"] += n

    for u, cells in enumerate(shape.units):
        unit(cells, ("r", "c", region)[u // n] + str(u % n + 1), primary)
    allowed = [(1 << n) - 1] * (n * n)
    removed_by: dict[tuple[int, int], Rule] = {}
    units_of_key = Counter(rule.key for rule in grid.rules for _ in rule.units(n))
    numbered: Counter[str] = Counter()
    for rule in grid.rules:
        counts = part.setdefault(rule.name, Counter())
        counts["rules"] += 1
        fillings = list(rule.fillings(n))
        for cells in rule.units(n):
            numbered[rule.key] += 1
            label = rule.key + (str(numbered[rule.key]) if units_of_key[rule.key] > 1 else "")
            if fillings:
                unit(tuple(cells), label, primary)
                primary[label] = None
                counts["filled"] += n + 1
                counts["fillings"] += len(fillings)
                fills.append((label, label, fillings))
            else:
                unit(tuple(cells), label, primary if len(cells) == n else secondary, rule.name)
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
            secondary[label] = None
            covers[a * n + x - 1].append(label)
            covers[b * n + y - 1].append(label)
            part[rule.name]["conflicts"] += 1
    number = {label: k for k, label in enumerate([*primary, *secondary])}
    options: list[tuple[int, ...]] = []
    names: list[str] = []
    marks: list[list | None] = []
    index: dict[tuple[int, int], int] = {}
    for x in range(n * n):
        for d in digits_of(allowed[x]):
            index[x, d] = len(options)
            options.append(tuple(number[label] for label in covers[x * n + d - 1]))
            names.append(f"{cell_name(x, n)}={symbol(d)}")
            marks.append([x // n, x % n, symbol(d)])
    for item, label, fillings in fills:
        for filling in fillings:
            left_out = [d for d in range(1, n + 1) if not filling >> d - 1 & 1]
            options.append((number[item], *(number[f"{label}#{symbol(d)}"] for d in left_out)))
            names.append(f"{item}=" + "+".join(symbol(d) for d in digits_of(filling)))
            marks.append(None)
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
    about = _about(puzzle, region, part, len(primary), len(secondary), len(options), len(given))
    return Problem(f"{n}\u00d7{n} variant sudoku" + (f": {title}" if title else ""), list(number), len(primary),
                   options, names, given, about=about, board=board)


def _about(puzzle: VariantPuzzle, region: str, part: dict[str, Counter[str]], primary: int, secondary: int,
           options: int, given: int) -> str:
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
    said.append(f"The {given} givens are chosen before the search." if given else "There are no givens.")
    return " ".join(said)


def link_problem(text: str) -> Problem:
    """The exact cover of the f-puzzles or SudokuPad link ``text`` (:func:`variant_problem`)."""
    try:
        puzzle, variant = read_link(text)
        check_givens(puzzle)
    except InvalidPuzzleError as error:
        raise ProblemError(f"the link is no puzzle the solver reads: {error}") from None
    return variant_problem(puzzle, variant.title, drawing_of(variant))
