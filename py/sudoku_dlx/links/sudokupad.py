"""SudokuPad's own ``scl`` links: what can be recovered (size, givens, regions, cages with sums, global rules).

An scl link (``https://sudokupad.app/scl...``) carries SudokuPad's puzzle JSON, "zipped" and then
LZ-String compressed (base64; the URI-safe alphabet is read too). The zipping is SudokuPad's
``PuzzleZipper`` (``puzzlezipper.js``, as vendored by open SudokuPad tools such as marktekfan's
sudokupad-penpa-import, whose ``puzzleLinkConverter`` writes ``'scl' + compressPuzzle(zip(...))``):
long property names shortened (``cells`` -> ``ce``, ``regions`` -> ``re``, ``cages`` -> ``ca``,
...), keys unquoted, double quotes swapped for single, ``true``/``false`` as ``t``/``f``, empty
objects left out, colours as bare hex. :func:`unzip` undoes it the same way.

The JSON: ``cells`` (rows of ``{"value": 5}``), ``regions`` (lists of ``[row, col]``, 0-based),
``cages`` (``{"cells": [[r, c], ...], "value": "15", "unique": true}``; one with no cells and a
value ``"title: ..."`` is metadata, as SudokuPad's f-puzzles importer writes title, author,
rules, solution), and drawings (``lines``, ``arrows``, ``overlays``, ``underlays``) whose
meaning lives in their look: those are listed in ``unknown``, never guessed.
"""

from __future__ import annotations

import json
import re

from ..kinds.grid import InvalidPuzzleError
from . import lzstring
from .fpuzzles import FLAGS, SIZES, default_regions, restore
from .variant import Clue, Variant

#: PuzzleZipper's short names, long name -> short.
PROPS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
    "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w",
    "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r", "regions": "re",
    "fontSize": "fs", "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t",
    "text": "te", "duration": "d",
}
LONG = {short: long for long, short in PROPS.items()}
#: Top-level keys that carry no rule.
QUIET = frozenset({"id", "cellSize", "settings", "videos", "metadata", "metaData", "global"})
#: Metadata names that are texts of the Variant, and those that carry no rule.
TEXTS = ("title", "author", "rules")
QUIET_META = frozenset({"solution", "msgcorrect", "source", "bgimageopacity"})
#: SudokuPad's global rule names: its f-puzzles importer keeps f-puzzles' names, as metadata
#: ("antiknight: true"); a ``global`` list or object of them is read too (seen in no source
#: here: read by name, anything else listed as unknown).
GLOBALS = {name: name for name in FLAGS} | {"anti-knight": "antiknight", "anti-king": "antiking"}


def unzip(zipped: str) -> dict:
    """SudokuPad's JSON from its zipped form (PuzzleZipper's ``unzip``)."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, repl in (
        (r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":'),
        (r"([,{\[])(?=[,}\]])", r"\1_"),
        (r"{_}", "{}"),
        (r"([,{\[])_", r"\1{}"),
        (r"(:)f([,}\]])", r"\1false\2"),
        (r"(:)t([,}\]])", r"\1true\2"),
        (r"(:)#0([,}\]])", r'\1"#000000"\2'),
        (r"(:)#F([,}\]])", r'\1"#FFFFFF"\2'),
        (r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3'),
    ):
        zipped = re.sub(pattern, repl, zipped)
    try:
        data = json.loads(zipped)
    except json.JSONDecodeError as error:
        raise InvalidPuzzleError(f"the scl data is not SudokuPad's JSON ({error.msg} at character {error.pos + 1})")
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the scl data is not a JSON object")
    return _long_names(data)


def _long_names(value):
    if isinstance(value, list):
        return [_long_names(v) for v in value]
    if isinstance(value, dict):
        return {LONG.get(k, k): _long_names(v) for k, v in value.items()}
    return value


def decode(data: str) -> dict:
    """SudokuPad's JSON from the data of an scl link (after ``scl``)."""
    if re.search(r"[-$]", data):
        try:
            return unzip(lzstring.decompress_from_encoded_uri_component(data))
        except ValueError as error:
            raise InvalidPuzzleError(f"the scl data is not LZ-String: {error}")
    return restore(data, "the scl data", unzip)


def _cell(rc: object, n: int, where: str) -> int:
    if not (isinstance(rc, list) and len(rc) == 2 and all(isinstance(v, int) for v in rc)):
        raise InvalidPuzzleError(f"{where} has {rc!r} where a cell [row, col] belongs")
    r, c = rc
    if not (0 <= r < n and 0 <= c < n):
        raise InvalidPuzzleError(f"{where} has cell [{r}, {c}] outside the {n}x{n} grid")
    return r * n + c


def read_json(data: dict) -> Variant:
    """The Variant of SudokuPad's puzzle JSON: what it says plainly; the rest named in ``unknown``."""
    rows = data.get("cells")
    if not isinstance(rows, list) or not rows:
        raise InvalidPuzzleError("the SudokuPad JSON has no cells")
    n = len(rows)
    if not all(isinstance(row, list) and len(row) == n for row in rows):
        raise InvalidPuzzleError("the SudokuPad grid is not square: only square grids are read")
    if n not in SIZES:
        raise InvalidPuzzleError(f"the SudokuPad grid is {n}x{n}: sizes {SIZES[0]} to {SIZES[-1]} are read")
    givens = []
    for x, cell in enumerate(c for row in rows for c in row):
        value = cell.get("value") if isinstance(cell, dict) else None
        digit = int(value) if isinstance(value, (int, str)) and str(value).isdigit() else 0
        if value not in (None, "") and not 1 <= digit <= n:
            raise InvalidPuzzleError(f"cell r{x // n + 1}c{x % n + 1} has value {value!r}, not a digit 1-{n}", (x,))
        givens.append(digit)
    regions = [-1] * (n * n)
    for k, region in enumerate(data.get("regions") or []):
        for rc in region if isinstance(region, list) else [region]:
            regions[_cell(rc, n, f"region {k + 1}")] = k
    region_tuple: tuple[int, ...] | None = tuple(regions)
    if region_tuple == default_regions(n):
        region_tuple = None
    else:
        for k in sorted(set(regions) - {-1}):
            size = regions.count(k)
            if size != n:
                raise InvalidPuzzleError(f"the regions are not {n} cells each: region {k + 1} has {size}",
                                         tuple(x for x, g in enumerate(regions) if g == k))
    texts = dict.fromkeys(TEXTS, "")
    flags, clues, unknown = set(), [], []
    meta = {**(data.get("metadata") or {}), **(data.get("metaData") or {})}
    for number, cage in enumerate(data.get("cages") or [], 1):
        if not isinstance(cage, dict):
            raise InvalidPuzzleError(f"cage {number} is {cage!r}, not a record")
        value = "" if cage.get("value") is None else str(cage.get("value"))
        cells = cage.get("cells") or []
        if not cells:
            name, sep, text = value.partition(": ")
            if sep and re.fullmatch(r"[a-z]+", name):
                meta.setdefault(name, text)
            continue
        # SudokuPad's f-puzzles importer marks killer cages unique; an extra region comes as a bare cage
        unique = cage.get("unique", True if value else None)
        if unique is True and not cage.get("hidden") and "style" not in cage:
            clues.append(Clue("killercage", cells=tuple(_cell(rc, n, f"cage {number}") for rc in cells), value=value))
        else:
            why = f"style {cage['style']}" if "style" in cage else "hidden" if cage.get("hidden") else \
                "digits may repeat" if unique is False else "no sum and not marked unique"
            unknown.append(f"cage {number} ({why})")
    global_rules = data.get("global") or []
    if isinstance(global_rules, dict):
        global_rules = [k for k, v in global_rules.items() if v]
    for name, value in list(meta.items()) + [(g, True) for g in global_rules]:
        if name in TEXTS:
            texts[name] = str(value)
        elif name in GLOBALS and str(value).lower() in ("true", "1", "yes", ""):
            flags.add(GLOBALS[name])
        elif name not in QUIET_META:
            unknown.append(f"metadata {name}")  # bgimage too: a picture may carry the rules
    for key, value in data.items():
        if key not in QUIET and key not in ("cells", "regions", "cages") and value:
            unknown.append(key)
    return Variant(size=n, givens=tuple(givens), regions=region_tuple, clues=tuple(clues),
                   flags=frozenset(flags), unknown=tuple(unknown),
                   title=texts["title"], author=texts["author"], rules=texts["rules"])


def read(data: str) -> Variant:
    """The Variant of the data of an scl link (after ``scl``)."""
    return read_json(decode(data))
