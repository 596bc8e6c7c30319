"""f-puzzles links and data: decode a link to its JSON, read it into a :class:`~.variant.Variant`, write it back.

The records' shapes are f-puzzles' own, as SudokuPad's importer (``fpuzzlesdecoder.js``) and the
TypeScript typings of open f-puzzles readers spell them: ``{"cells": ["R1C1", ...], "value": "15"}``
for cages and dots, ``{"lines": [["R1C1", ...]]}`` for thermometers and lines (the bulb first),
``{"cells": circle, "lines": [...]}`` for arrows (each line from a circle cell),
``{"cell": "R0C3", "cells": [...], "direction": "DR", "value": "12"}`` for little killers,
``{"cell": "R3C0", "value": "9"}`` for sandwich sums, ``{"cells": four, "values": [1, 2]}`` for
quadruples, ``{"cells": [...], "cloneCells": [...]}`` for clones, booleans for global rules, and
per grid cell ``{"value": 5, "given": true, "region": 0}``. The default boxes per size are
SudokuPad's ``getRegionShape`` (rows as near the square root as divide the size: 6 is 2x3,
10 is 2x5, 14 is 2x7, 15 is 3x5); sizes with no such rectangle (5, 7, 11, 13) default to the
rows, so their puzzles set ``region`` on the cells that differ (as f-puzzles' own 7x7 data does).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import urllib.parse

from ..kinds.grid import InvalidPuzzleError, cell_name
from . import lzstring
from .variant import Clue, Variant, freeze, thaw

#: The sizes f-puzzles draws.
SIZES = range(4, 17)
#: The boolean keys f-puzzles writes for global rules.
FLAGS = ("diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive")
#: Each record key's shape: "cells" (a list of cells), "cell" (one cell), "outside" (a clue
#: outside the grid), "littlekiller", "lines", "arrow", "clone", "quadruple".
SHAPES = {
    "killercage": "cells", "extraregion": "cells", "difference": "cells", "ratio": "cells",
    "xv": "cells", "quadruple": "quadruple", "clone": "clone", "columnindexer": "cells",
    "odd": "cell", "even": "cell", "minimum": "cell", "maximum": "cell",
    "sandwichsum": "outside", "xsum": "outside", "skyscraper": "outside", "littlekillersum": "littlekiller",
    "thermometer": "lines", "palindrome": "lines", "renban": "lines", "whispers": "lines",
    "betweenline": "lines", "entropicline": "lines", "regionsumline": "lines", "arrow": "arrow",
    # drawn only: kept as clues so the rules layer can say so
    "cage": "cells", "rectangle": "cells", "circle": "cells", "text": "cells", "line": "lines",
}
#: Keys that only draw (their cells may lie outside the grid, their lines may cross themselves).
COSMETIC = frozenset({"cage", "rectangle", "circle", "text", "line"})
#: f-puzzles' constraint names in a drawing's ``fromConstraint`` (the lines and texts its
#: newer constraints draw with), and their keys: such a drawing says nothing more than the
#: constraint it was made from, where the data types that constraint too.
FROM_CONSTRAINT = {"Whispers": "whispers", "Renban": "renban", "X Sum": "xsum", "Skyscraper": "skyscraper",
                   "Region Sum Line": "regionsumline", "Entropic Line": "entropicline",
                   "Column Indexer": "columnindexer"}


def drawn_from(clue: Clue, keys: set[str]) -> bool:
    """Whether ``clue``, a drawing, was made from a constraint whose key is among ``keys``."""
    made = dict(clue.extra).get("fromConstraint")
    return clue.key in COSMETIC and isinstance(made, str) and FROM_CONSTRAINT.get(made) in keys
#: Keys that say nothing about the puzzle's rules (solver settings, the answer): kept, not flagged.
QUIET = frozenset({"solution", "disabledlogic", "truecandidatesoptions", "highlightConflicts"})
#: Keys this module reads into the Variant's own fields.
META = frozenset({"size", "grid", "title", "author", "ruleset", "negative"})
#: The grid cell fields a given's typing takes; any other field (pencil marks, colours, a
#: player's entry) goes to ``marks``.
CELL_FIELDS = frozenset({"value", "given", "region"})
#: The fields of a record that become a Clue's typed fields, per shape.
TYPED = {
    "cells": ("cells", "value"), "cell": ("cell", "value"), "outside": ("cell", "value"),
    "littlekiller": ("cell", "cells", "direction", "value"), "lines": ("lines", "value"),
    "arrow": ("cells", "lines"), "clone": ("cells", "cloneCells"), "quadruple": ("cells", "values"),
}
DIRECTIONS = ("UL", "UR", "DL", "DR")
RC = re.compile(r"R(\d+)C(\d+)", re.IGNORECASE)
LINK = "https://www.f-puzzles.com/?load="


def box_shape(n: int) -> tuple[int, int]:
    """f-puzzles' default box (rows, cols) for size ``n``: (1, n), the rows, where no rectangle fits."""
    rows = math.isqrt(n)
    while n % rows:
        rows -= 1
    return rows, n // rows


def default_regions(n: int) -> tuple[int, ...]:
    """The box index of each cell under the default boxes."""
    rows, cols = box_shape(n)
    return tuple(r // rows * rows + c // cols for r in range(n) for c in range(n))


# --- links to data ---------------------------------------------------------------------


def unwrap(text: str) -> str:
    """``text`` without the whitespace, ``<...>`` and quotes a forum puts around a link."""
    text = text.strip()
    while len(text) >= 2 and (text[0], text[-1]) in {("<", ">"), ('"', '"'), ("'", "'"), ("`", "`")}:
        text = text[1:-1].strip()
    return text


def payload(text: str) -> tuple[str, str]:
    """``(form, data)`` of a link or bare data: form "fpuzzles", "scl" (SudokuPad's own) or
    "json"; the data still percent-encoded as it came. Short ids raise: they live on a server."""
    text = unwrap(text)
    if text.startswith("{"):
        return "json", text
    if re.search(r"f-puzzles\.com/?\?(.*&)?id=", text, re.IGNORECASE):
        raise InvalidPuzzleError("an f-puzzles short link (?id=...) names a puzzle on f-puzzles' server and "
                                 "cannot be read offline: open it and copy the long link (?load=...)")
    load = re.search(r"[?&]load=([^&#]*)", text)
    if load:
        return "fpuzzles", load.group(1)
    pad = re.match(r"(?:https?:/{1,2})?(?:[\w-]+\.)?(?:sudokupad\.app|app\.crackingthecryptic\.com)/(.*)$",
                   text, re.IGNORECASE | re.DOTALL)
    if not pad:
        return _prefixed(text) or ("fpuzzles", text)
    path = re.sub(r"^(?:sudoku/)?(?:\?puzzleid=)?", "", pad.group(1))
    found = _prefixed(re.split(r"[?&#]", path, maxsplit=1)[0])
    if found is None:
        raise InvalidPuzzleError(f"the SudokuPad link names puzzle {path[:40]!r} on SudokuPad's server, which "
                                 "cannot be read offline: share it as an f-puzzles or scl link instead")
    return found


#: SudokuPad's prefixes of a puzzle in its links (its ``PuzzleTools.rePuzzlePrefix``) and their forms.
PREFIXES = (("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "scl"), ("ctc", "scl"))


def _prefixed(text: str) -> tuple[str, str] | None:
    """``(form, data)`` of ``text`` that starts with one of :data:`PREFIXES`, else None."""
    return next(((form, text[len(prefix):]) for prefix, form in PREFIXES if text.startswith(prefix)), None)


def json_object(text: str) -> dict:
    """The JSON object ``text`` holds; ValueError if it holds none."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"it decompresses to text that is not JSON ({error.msg} at character {error.pos + 1})")
    if not isinstance(value, dict):
        raise ValueError("it decompresses to JSON that is not an object")
    return value


def restore(data: str, what: str = "the f-puzzles data", parse=json_object) -> dict:
    """The JSON object in LZ-String base64 ``data`` that a link or a forum may have mangled:
    percent-encoded, ``+`` turned to a space, ``//`` collapsed to ``/`` (tried as SudokuPad's
    ``fixFPuzzleSlashes`` does, the fewest restored first, at most 64 tries, each bounded to
    100 times the data's length). ``parse`` reads the text."""
    if "%" in data:
        data = urllib.parse.unquote(data)
    data = re.sub(r"\s", lambda m: "+" if m.group() == " " else "", data)
    bad = next((i for i, ch in enumerate(data) if ch not in lzstring.BASE64), None)
    if bad is not None:
        raise InvalidPuzzleError(f"{what} is not LZ-String base64 (character {bad + 1} is {data[bad]!r})")
    limit = min(lzstring.LIMIT, 100 * len(data) + 10_000)  # far past any real puzzle's ratio
    try:
        return parse(lzstring.decompress_from_base64(data, limit))
    except ValueError as error:
        first = error
    if "expands past" in str(first):
        raise InvalidPuzzleError(f"{what} is not LZ-String base64 JSON: {first}")
    slashes = [i for i, ch in enumerate(data) if ch == "/"][:16]
    chosen_sets = itertools.chain.from_iterable(
        itertools.combinations(slashes, count) for count in range(1, len(slashes) + 1))
    for chosen in itertools.islice(chosen_sets, 64):
        fixed = "".join(data[a:b] + ("/" if b in chosen else "")
                        for a, b in zip([0] + slashes, slashes + [len(data)]))
        try:
            return parse(lzstring.decompress_from_base64(fixed, limit))
        except ValueError:
            continue
    raise InvalidPuzzleError(f"{what} is not LZ-String base64 JSON: {first}")


def decode(text: str) -> dict:
    """The f-puzzles JSON of a link (f-puzzles ``?load=``, SudokuPad ``fpuzzles...``) or bare data."""
    form, data = payload(text)
    if form == "scl":
        raise InvalidPuzzleError("this is a SudokuPad scl link, not f-puzzles data: read it with links.reader.read")
    if form == "json":
        try:
            value = json.loads(data)
        except json.JSONDecodeError as error:
            raise InvalidPuzzleError(f"the JSON is not valid ({error.msg} at character {error.pos + 1})")
        return value
    return restore(data)


# --- data to Variant -------------------------------------------------------------------


class _Reader:
    """Reads the records of one f-puzzles JSON object of size ``n``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def place(self, rc: object, where: str) -> tuple[int, int]:
        """f-puzzles' 1-based (row, col) of ``rc`` ("R3C4")."""
        match = RC.fullmatch(rc) if isinstance(rc, str) else None
        if not match:
            raise InvalidPuzzleError(f"{where} has {rc!r} where a cell such as R1C1 belongs")
        return int(match.group(1)), int(match.group(2))

    def beside(self, rc: object, where: str) -> tuple[int, int]:
        """f-puzzles' (row, col) of a clue outside the grid: on the ring of row or col 0 or n+1."""
        r, c = self.place(rc, where)
        n = self.n
        if not (0 <= r <= n + 1 and 0 <= c <= n + 1) or (1 <= r <= n and 1 <= c <= n):
            raise InvalidPuzzleError(f"{where} has clue cell {rc}, not just outside the {n}x{n} grid")
        return r, c

    def cell(self, rc: object, where: str) -> int:
        """The 0-based index of ``rc``, which must lie in the grid."""
        r, c = self.place(rc, where)
        if not (1 <= r <= self.n and 1 <= c <= self.n):
            raise InvalidPuzzleError(f"{where} has cell {rc} outside the {self.n}x{self.n} grid")
        return (r - 1) * self.n + c - 1

    def cells(self, rcs: object, where: str, once: bool = False) -> tuple[int, ...]:
        if not isinstance(rcs, list):
            raise InvalidPuzzleError(f"{where} has {rcs!r} where a list of cells belongs")
        out = tuple(self.cell(rc, where) for rc in rcs)
        if once:
            seen = set()
            for x in out:
                if x in seen:
                    raise InvalidPuzzleError(f"{where} passes {cell_name(x, self.n)} twice", (x,))
                seen.add(x)
        return out

    def lines(self, lines: object, where: str, once: bool) -> tuple[tuple[int, ...], ...]:
        if not isinstance(lines, list):
            raise InvalidPuzzleError(f"{where} has {lines!r} where a list of lines belongs")
        return tuple(self.cells(line, where, once) for line in lines)

    def clue(self, key: str, record: object, number: int) -> Clue:
        """The Clue of ``record``, the ``number`` th (from 1) of ``key``."""
        where = f"{key} {number}"
        if not isinstance(record, dict):
            raise InvalidPuzzleError(f"{where} is {record!r}, not a record")
        shape = SHAPES[key]
        typed = TYPED[shape]
        extra = tuple((k, freeze(v)) for k, v in sorted(record.items()) if k not in typed)
        value = record.get("value", "")
        value = "" if value is None else str(value)
        if key in COSMETIC:
            try:
                return self._clue(key, record, shape, where, value, extra)
            except InvalidPuzzleError:  # drawn off the grid: kept whole, untyped
                return Clue(key, extra=tuple((k, freeze(v)) for k, v in sorted(record.items())))
        return self._clue(key, record, shape, where, value, extra)

    def _clue(self, key, record, shape, where, value, extra) -> Clue:
        once = key not in COSMETIC
        if shape == "cells":
            return Clue(key, cells=self.cells(record.get("cells", []), where, once), value=value, extra=extra)
        if shape == "cell":
            return Clue(key, cells=(self.cell(record.get("cell"), where),), value=value, extra=extra)
        if shape == "outside":
            return Clue(key, outside=self.beside(record.get("cell"), where), value=value, extra=extra)
        if shape == "littlekiller":
            direction = record.get("direction", "")
            if direction not in DIRECTIONS:
                raise InvalidPuzzleError(f"{where} has direction {direction!r}, not one of {', '.join(DIRECTIONS)}")
            return Clue(key, cells=self.cells(record.get("cells", []), where, True), value=value,
                        outside=self.beside(record.get("cell"), where), direction=direction, extra=extra)
        if shape == "lines":
            return Clue(key, lines=self.lines(record.get("lines", []), where, once), value=value, extra=extra)
        if shape == "arrow":
            circle = self.cells(record.get("cells", []), where, True)
            lines = self.lines(record.get("lines", []), where, True)
            if not circle:
                raise InvalidPuzzleError(f"{where} is an arrow with no circle")
            if not any(len(line) > 1 for line in lines):
                raise InvalidPuzzleError(f"{where} is an arrow with no line: its circle is "
                                         f"{', '.join(cell_name(x, self.n) for x in circle)}", circle)
            return Clue(key, cells=circle, lines=lines, extra=extra)
        if shape == "clone":
            return Clue(key, cells=self.cells(record.get("cells", []), where),
                        lines=(self.cells(record.get("cloneCells", []), where),), extra=extra)
        values = record.get("values", [])  # quadruple
        if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise InvalidPuzzleError(f"{where} has values {values!r}, not a list of digits")
        return Clue(key, cells=self.cells(record.get("cells", []), where, True),
                    value=",".join(map(str, values)), extra=extra)


def read_json(data: dict) -> Variant:
    """The Variant of an f-puzzles JSON object."""
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the f-puzzles data is not a JSON object")
    if "size" not in data:
        raise InvalidPuzzleError("the JSON has no size")
    n = data["size"]
    if not isinstance(n, int) or isinstance(n, bool) or n not in SIZES:
        raise InvalidPuzzleError(f"the JSON's size is {n!r}: f-puzzles sizes are {SIZES[0]} to {SIZES[-1]}")
    grid = data.get("grid")
    if not (isinstance(grid, list) and len(grid) == n and all(isinstance(row, list) and len(row) == n for row in grid)):
        raise InvalidPuzzleError(f"the JSON's grid is not {n} rows of {n} cells")
    givens: list[int] = []
    regions: list[int | None] = []
    marks: list = []
    region_set = False
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            x = r * n + c
            if not isinstance(cell, dict):
                raise InvalidPuzzleError(f"cell {cell_name(x, n)} is {cell!r}, not a record", (x,))
            value = cell.get("value")
            if value is not None and not (isinstance(value, int) and 1 <= value <= n):
                raise InvalidPuzzleError(f"cell {cell_name(x, n)} has value {value!r}, not a digit 1-{n}", (x,))
            given = value is not None and cell.get("given") is True
            givens.append(value if given and value is not None else 0)
            plain = CELL_FIELDS if given else {"region"}
            marks += [(x, k, freeze(v)) for k, v in sorted(cell.items()) if k not in plain]
            if "region" in cell:
                region_set = True
                region = cell["region"]
                if region is not None and not (isinstance(region, int) and 0 <= region < n):
                    raise InvalidPuzzleError(f"cell {cell_name(x, n)} has region {region!r}, not 0-{n - 1}", (x,))
                regions.append(-1 if region is None else region)
            else:
                regions.append(None)
    boxes = default_regions(n)
    if region_set:
        full: tuple[int, ...] = tuple(boxes[x] if g is None else g for x, g in enumerate(regions))
        for k in sorted(set(full) - {-1}):
            members = tuple(x for x, g in enumerate(full) if g == k)
            if len(members) != n:
                raise InvalidPuzzleError(f"the regions are not {n} cells each: region {k} has {len(members)}", members)
    reader = _Reader(n)
    clues, flags, unknown, raw = [], set(), [], []
    for key, value in data.items():
        if key in META:
            continue
        if key in FLAGS:
            if value is True:
                flags.add(key)
            elif value not in (False, None):
                raise InvalidPuzzleError(f"{key} is {value!r}, not true or false")
        elif key in SHAPES:
            if not isinstance(value, list):
                raise InvalidPuzzleError(f"{key} is {value!r}, not a list of records")
            clues += [reader.clue(key, record, i) for i, record in enumerate(value, 1)]
        else:
            raw.append((key, freeze(value)))
            if key not in QUIET:
                unknown.append(key)
    negative = data.get("negative", [])
    if not isinstance(negative, list) or not all(isinstance(k, str) for k in negative):
        raise InvalidPuzzleError(f"negative is {negative!r}, not a list of keys")
    return Variant(
        size=n, givens=tuple(givens), regions=full if region_set else None, clues=tuple(clues),
        flags=frozenset(flags), negative=frozenset(negative),
        title=_text(data, "title"), author=_text(data, "author"), rules=_text(data, "ruleset"),
        unknown=tuple(unknown), marks=tuple(marks), raw=tuple(raw))


def _text(data: dict, key: str) -> str:
    value = data.get(key, "")
    return "" if value is None else str(value)


def read(text: str) -> Variant:
    """The Variant of an f-puzzles link, a SudokuPad link carrying f-puzzles data, or bare data."""
    return read_json(decode(text))


# --- Variant to data -------------------------------------------------------------------


def _rc(x: int, n: int) -> str:
    return f"R{x // n + 1}C{x % n + 1}"


def _record(clue: Clue, n: int) -> dict:
    """The f-puzzles record of ``clue`` (its extra fields back in place)."""
    shape = SHAPES[clue.key]
    out: dict = {k: thaw(v) for k, v in clue.extra}
    cells = [_rc(x, n) for x in clue.cells]
    lines = [[_rc(x, n) for x in line] for line in clue.lines]
    if clue.key in COSMETIC and not (clue.cells or clue.lines or clue.value):
        return out  # drawn off the grid: kept whole
    if shape in ("cells", "quadruple", "arrow", "clone", "littlekiller"):
        out["cells"] = cells
    if shape == "cell":
        out["cell"] = cells[0]
    if shape in ("outside", "littlekiller") and clue.outside:
        out["cell"] = f"R{clue.outside[0]}C{clue.outside[1]}"
    if shape == "littlekiller":
        out["direction"] = clue.direction
    if shape in ("lines", "arrow"):
        out["lines"] = lines
    if shape == "clone":
        out["cloneCells"] = lines[0] if lines else []
    if shape == "quadruple":
        out["values"] = [int(v) for v in clue.value.split(",") if v]
    elif clue.value:
        out["value"] = clue.value
    return out


def to_json(variant: Variant) -> dict:
    """The f-puzzles JSON object of ``variant``."""
    n = variant.size
    grid: list[list[dict]] = [[{} for _ in range(n)] for _ in range(n)]
    for x, digit in enumerate(variant.givens):
        if digit:
            grid[x // n][x % n].update(value=digit, given=True)
        if variant.regions is not None:
            region = variant.regions[x]
            grid[x // n][x % n]["region"] = None if region < 0 else region
    for x, key, value in variant.marks:
        grid[x // n][x % n][key] = thaw(value)
    data: dict = {"size": n, "title": variant.title, "author": variant.author, "ruleset": variant.rules, "grid": grid}
    for flag in sorted(variant.flags):
        data[flag] = True
    for clue in variant.clues:
        data.setdefault(clue.key, []).append(_record(clue, n))
    if variant.negative:
        data["negative"] = sorted(variant.negative)
    for key, value in variant.raw:
        data[key] = thaw(value)
    return data


def write(variant: Variant) -> str:
    """The f-puzzles data of ``variant``: its JSON in LZ-String base64."""
    return lzstring.compress_to_base64(json.dumps(to_json(variant), separators=(",", ":"), ensure_ascii=False))


def link(variant: Variant) -> str:
    """An f-puzzles link that opens ``variant``, its data as f-puzzles itself writes it (not percent-encoded)."""
    return LINK + write(variant)
