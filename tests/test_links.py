"""f-puzzles and SudokuPad links: LZ-String, every key read and written back, real links, hostile input."""

from __future__ import annotations

import json
import random
import subprocess
import urllib.parse
from pathlib import Path

import pytest

from sudoku_dlx.links.reader import read
from sudoku_dlx.kinds.grid import InvalidPuzzleError
from sudoku_dlx.links import fpuzzles, lzstring, sudokupad
from sudoku_dlx.links.variant import Clue

ROOT = Path(__file__).resolve().parents[1]
LINKS = ROOT / "tests" / "data" / "links"


def table(name: str) -> list[tuple[str, str, str]]:
    """The (name, data, solution) rows of a .tsv in tests/data/links."""
    rows = (line.rstrip("\n").split("\t") for line in (LINKS / name).read_text(encoding="utf-8").splitlines(True))
    return [tuple(row) for row in rows if row[0] and not row[0].startswith("#")]


RANGSK = table("rangsk_fpuzzles.tsv")
REAL = RANGSK + table("sudokupad_fpuzzles.tsv")
LINK_LINES = [line for line in (LINKS / "links.txt").read_text(encoding="utf-8").splitlines() if not line.startswith("#")]


def named(name: str) -> str:
    return next(data for title, data, _ in REAL if title.startswith(f'"{name}"'))


# --- LZ-String -------------------------------------------------------------------------

#: Published vectors: SudokuPad's own test (puzzletools_lib.js), sudoku_formats' decoder test,
#: and lz-string 1.5.0's output for the empty string and two short texts.
VECTORS = [
    ('{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}', "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="),
    ('{"x":3}', "N4IgHiBcDMC+Q==="),
    ("", "Q==="),
    ("Hello, world!", "BIUwNmD2A0AEDukBOYAmBCIA"),
    ("a" * 40, "IY18ZVkA"),
]


@pytest.mark.parametrize(("text", "data"), VECTORS)
def test_lzstring_known_vectors(text, data):
    assert lzstring.compress_to_base64(text) == data
    assert lzstring.decompress_from_base64(data) == text
    assert lzstring.decompress_from_encoded_uri_component(lzstring.compress_to_encoded_uri_component(text)) == text


def test_lzstring_round_trips_unicode_outside_the_bmp():
    for text in ["😀 é ü x", "\U0001F600" * 30, "日本語のテキスト", "a\u0000b"]:
        assert lzstring.decompress_from_base64(lzstring.compress_to_base64(text)) == text
        assert lzstring.decompress_from_encoded_uri_component(lzstring.compress_to_encoded_uri_component(text)) == text


def test_lzstring_refuses_a_bomb_past_its_limit():
    data = lzstring.compress_to_base64("ab" * 5000)
    assert lzstring.decompress_from_base64(data, limit=10_000) == "ab" * 5000
    with pytest.raises(ValueError, match=r"expands past 9,999 characters \(at character \d+\)"):
        lzstring.decompress_from_base64(data, limit=9_999)


def bomb(codes: int) -> str:
    """An LZ-String stream of ``codes`` codes, each naming the entry being made ("w + w[0]"):
    a few kilobytes that expand to about codes**2 / 2 characters. Written bit by bit here,
    apart from the module under test."""
    bits: list[int] = []

    def put(code: int, width: int) -> None:
        bits.extend(code >> k & 1 for k in range(width))

    put(0, 2)
    put(ord("a"), 8)
    size, width, enlarge = 4, 3, 4
    for _ in range(codes):
        put(size, width)
        size += 1
        enlarge -= 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1
    put(2, width)
    bits += [0] * (-len(bits) % 6)
    return "".join(lzstring.BASE64[int("".join(map(str, bits[i:i + 6])), 2)] for i in range(0, len(bits), 6))


def test_lzstring_refuses_a_bomb_at_two_million_characters():
    assert lzstring.decompress_from_base64(bomb(10)) == "a" * 66  # 1 + 2 + ... + 11
    data = bomb(2100)  # about 2.2 million characters from 4 KB
    assert len(data) < 5000
    with pytest.raises(ValueError, match=r"expands past 2,000,000 characters"):
        lzstring.decompress_from_base64(data)
    with pytest.raises(InvalidPuzzleError, match=r"expands past"):  # a link is held far tighter
        read(fpuzzles.LINK + data)


def test_lzstring_names_the_bad_character_and_the_truncation():
    with pytest.raises(ValueError, match=r"character 5 is '!'"):
        lzstring.decompress_from_base64("N4Ig!zglgXgpiBcBmANCA5")
    data = lzstring.compress_to_base64("the quick brown fox jumps over the lazy dog" * 3)
    with pytest.raises(ValueError, match=r"stops at character 10 before its end mark"):
        lzstring.decompress_from_base64(data[:10])


def test_lzstring_random_garbage_raises_or_decodes_never_hangs():
    rng = random.Random(40)
    for _ in range(300):
        data = "".join(rng.choice(lzstring.BASE64[:64]) for _ in range(rng.randrange(1, 200)))
        try:
            lzstring.decompress_from_base64(data, limit=100_000)
        except ValueError as error:
            assert "character" in str(error) or "empty" in str(error)


def random_texts(count: int) -> list[str]:
    """ASCII, Unicode (with astral characters) and JSON texts, a third each."""
    rng = random.Random(1)
    texts = []
    for i in range(count):
        if i % 3 == 0:
            texts.append("".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(0, 300))))
        elif i % 3 == 1:
            texts.append("".join(chr(rng.choice([rng.randrange(0x20, 0x2000), rng.randrange(0x1F600, 0x1F650),
                                                   rng.randrange(0x4E00, 0x4F00)])) for _ in range(rng.randrange(0, 200))))
        else:
            texts.append(json.dumps({"size": 9, "grid": [[{"value": rng.randrange(1, 10)} for _ in range(9)] for _ in range(9)]}))
    return texts


NODE_LZ = r"""
const L = require('lz-string'); let input = '';
process.stdin.on('data', d => input += d).on('end', () => {
  const {texts, datas} = JSON.parse(input);
  process.stdout.write(JSON.stringify({
    made: texts.map(t => [L.compressToBase64(t), L.compressToEncodedURIComponent(t)]),
    read: datas.map(([b, u]) => [L.decompressFromBase64(b), L.decompressFromEncodedURIComponent(u)]),
  }));
});
"""


@pytest.mark.external
def test_lzstring_equals_npm_lz_string_both_ways():
    texts = random_texts(200)
    ours = [[lzstring.compress_to_base64(t), lzstring.compress_to_encoded_uri_component(t)] for t in texts]
    done = subprocess.run(["node", "-e", NODE_LZ], input=json.dumps({"texts": texts, "datas": ours}), cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", check=True, timeout=60)
    theirs = json.loads(done.stdout)
    assert theirs["made"] == ours  # npm's compression is ours, character for character
    assert theirs["read"] == [[t, t] for t in texts]  # and it reads ours back
    assert [[lzstring.decompress_from_base64(b), lzstring.decompress_from_encoded_uri_component(u)]
            for b, u in theirs["made"]] == [[t, t] for t in texts]


# --- every key, read and written back --------------------------------------------------

EVERY_KEY = {
    "size": 9, "title": "All keys", "author": "test", "ruleset": "Every <b>rule</b>",
    "grid": [[{"value": 5, "given": True} if (r, c) == (0, 0) else
              {"value": 3, "centerPencilMarks": [1, 2]} if (r, c) == (1, 1) else
              {"c": "#FF0000"} if (r, c) == (2, 2) else {} for c in range(9)] for r in range(9)],
    "diagonal+": True, "diagonal-": True, "antiknight": True, "antiking": True, "disjointgroups": True,
    "nonconsecutive": True,
    "killercage": [{"cells": ["R1C1", "R1C2"], "value": "15"}, {"cells": ["R2C1", "R3C1"]}],
    "extraregion": [{"cells": [f"R{r}C{c}" for r in (4, 5, 6) for c in (4, 5, 6)]}],
    "odd": [{"cell": "R9C9"}], "even": [{"cell": "R8C9"}],
    "minimum": [{"cell": "R5C5"}], "maximum": [{"cell": "R4C4"}],
    "thermometer": [{"lines": [["R9C1", "R8C1", "R7C1"]]}],
    "arrow": [{"cells": ["R1C9"], "lines": [["R1C9", "R2C9", "R3C9"], ["R1C9", "R2C8"]]},
              {"cells": ["R6C1", "R6C2"], "lines": [["R6C2", "R7C3", "R8C4"]]}],
    "difference": [{"cells": ["R3C3", "R3C4"]}, {"cells": ["R4C3", "R4C4"], "value": "3"}],
    "ratio": [{"cells": ["R5C1", "R5C2"], "value": "3"}],
    "xv": [{"cells": ["R7C7", "R7C8"], "value": "X"}, {"cells": ["R8C7", "R8C8"], "value": "V"}],
    "littlekillersum": [{"cell": "R0C4", "cells": ["R1C3", "R2C2", "R3C1"], "direction": "DL", "value": "17"}],
    "sandwichsum": [{"cell": "R0C3", "value": "9"}, {"cell": "R3C0", "value": "0"}],
    "palindrome": [{"lines": [["R2C5", "R2C6", "R2C7"]]}],
    "renban": [{"lines": [["R3C5", "R3C6", "R3C7"]]}],
    "whispers": [{"lines": [["R4C5", "R4C6", "R4C7"]], "value": "4"}],
    "betweenline": [{"lines": [["R5C6", "R5C7", "R5C8", "R5C9"]]}],
    "clone": [{"cells": ["R9C4", "R9C5"], "cloneCells": ["R9C6", "R9C7"]}],
    "quadruple": [{"cells": ["R6C6", "R6C7", "R7C6", "R7C7"], "values": [1, 2]}],
    "line": [{"lines": [["R1C4", "R1C5", "R1C4"]], "outlineC": "#C54B8B", "width": 0.5}],
    "rectangle": [{"cells": ["R2C4"], "baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000",
                   "width": 0.5, "height": 0.5, "value": "A"}],
    "circle": [{"cells": ["R0C0"], "baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000",
                "width": 0.5, "height": 0.5}],
    "text": [{"cells": ["R8C2"], "value": "hi", "fontC": "#000000", "size": 1}],
    "cage": [{"cells": [], "value": "title: hidden", "outlineC": "#00000000", "fontC": "#00000000"}],
    "negative": ["ratio", "xv"],
    "solution": list(range(1, 10)) * 9,
    "lockout": [{"lines": [["R1C1", "R2C2"]]}],
}


def every_key():
    return fpuzzles.read_json(json.loads(json.dumps(EVERY_KEY)))


def test_every_key_reads_to_its_typed_meaning():
    v = every_key()
    n = 9
    clue = {c.key: c for c in reversed(v.clues)}  # the first of each key
    assert v.size == n and v.givens[0] == 5 and sum(1 for d in v.givens if d) == 1
    assert v.regions is None and v.title == "All keys" and v.rules == "Every <b>rule</b>"
    assert v.flags == {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"}
    assert v.negative == {"ratio", "xv"}
    assert v.unknown == ("lockout",)  # solution is kept quietly, lockout is named
    assert (10, "value", 3) in v.marks and (10, "centerPencilMarks", (1, 2)) in v.marks
    assert clue["killercage"] == Clue("killercage", cells=(0, 1), value="15")
    assert clue["thermometer"].lines == ((72, 63, 54),)
    arrows = [c for c in v.clues if c.key == "arrow"]
    assert arrows[0].cells == (8,) and arrows[0].lines == ((8, 17, 26), (8, 16))
    assert arrows[1].cells == (45, 46)
    assert clue["littlekillersum"] == Clue("littlekillersum", cells=(2, 10, 18), value="17",
                                           outside=(0, 4), direction="DL")
    assert [c.outside for c in v.clues if c.key == "sandwichsum"] == [(0, 3), (3, 0)]
    assert clue["quadruple"].value == "1,2" and clue["quadruple"].cells == (50, 51, 59, 60)
    assert clue["clone"].cells == (75, 76) and clue["clone"].lines == ((77, 78),)
    assert clue["xv"].value == "X" and clue["whispers"].value == "4"
    assert clue["odd"].cells == (80,) and clue["maximum"].cells == (30,)
    assert ("outlineC", "#C54B8B") in clue["line"].extra  # drawn keys keep their look
    assert clue["circle"].cells == () and clue["circle"].extra  # drawn off the grid: kept whole


def test_every_key_round_trips_through_data_and_link():
    v = every_key()
    assert fpuzzles.read(fpuzzles.write(v)) == v
    assert read(fpuzzles.link(v)) == v and "%" not in fpuzzles.link(v)  # raw, as f-puzzles writes its links
    assert fpuzzles.to_json(v)["lockout"] == EVERY_KEY["lockout"]  # unknown keys travel untouched


@pytest.mark.parametrize("key", sorted(k for k in EVERY_KEY if k not in ("size", "grid", "title", "author", "ruleset")))
def test_each_key_alone_round_trips(key):
    data = {k: EVERY_KEY[k] for k in ("size", "grid")} | {key: EVERY_KEY[key]}
    v = fpuzzles.read_json(json.loads(json.dumps(data)))
    assert fpuzzles.read(fpuzzles.write(v)) == v


@pytest.mark.parametrize("n", range(4, 17))
def test_default_boxes_and_regions_of_every_size(n):
    rows, cols = fpuzzles.box_shape(n)
    assert rows * cols == n and rows <= cols
    expected = {6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 14: (2, 7), 15: (3, 5), 16: (4, 4),
                5: (1, 5), 7: (1, 7), 11: (1, 11), 13: (1, 13)}
    assert (rows, cols) == expected.get(n, (rows, cols))
    regions = tuple((x * 7 // n) % n for x in range(n * n))  # n cells each: a band shape
    grid = [[{"region": regions[r * n + c]} for c in range(n)] for r in range(n)]
    v = fpuzzles.read_json({"size": n, "grid": grid})
    assert v.regions == regions and fpuzzles.read(fpuzzles.write(v)) == v


# --- real links --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "data", "solution"), REAL, ids=[row[0][:40] for row in REAL])
def test_real_f_puzzles_data_reads_and_its_givens_agree_with_its_solution(name, data, solution):
    v = read(data)
    assert v.size ** 2 == len(v.givens) and (v.clues or v.flags or any(v.givens))
    json_data = fpuzzles.decode(data)  # every key is named: typed, a flag, or kept and listed
    named_keys = {c.key for c in v.clues} | v.flags | {k for k, _ in v.raw} | fpuzzles.META
    assert all(json_data[k] in (False, []) for k in set(json_data) - named_keys)
    assert set(v.unknown) == {k for k, _ in v.raw} - fpuzzles.QUIET
    assert fpuzzles.read(fpuzzles.write(v)) == v
    if solution and v.size < 10:  # the setter's solution: every given sits where it says, row-major from 0
        assert len(solution) == v.size ** 2
        assert all(d == 0 or str(d) == solution[x] for x, d in enumerate(v.givens))


@pytest.mark.parametrize("line", LINK_LINES, ids=["lisudoku", "sudokutools-slash", "parity-fish-scl"])
def test_real_links_read(line):
    v = read(line)
    assert v.size == 9 and v.regions is None


def test_the_small_real_links_by_hand():
    lisudoku, slashed = (read(line) for line in LINK_LINES[:2])
    assert lisudoku.givens == (1,) + (0,) * 80 and not lisudoku.clues  # r1c1 = 1, nothing else
    assert "/" in LINK_LINES[1] and slashed.givens == (0,) * 81 and not slashed.clues


def test_blitz_by_hand():
    v = read(named("Blitz"))
    assert (v.title, v.author) == ("Blitz", "Patrick") and not any(v.givens)
    cages = [c for c in v.clues if c.key == "killercage"]
    assert len(cages) == 15 and sum(1 for c in cages if not c.value) == 7
    assert cages[7] == Clue("killercage", cells=(72, 73), value="7")  # R9C1, R9C2
    little = [c for c in v.clues if c.key == "littlekillersum"]
    assert little[0] == Clue("littlekillersum", cells=(2, 10, 18), value="17", outside=(0, 4), direction="DL")
    assert [c.cells for c in v.clues if c.key == "odd"] == [(50,), (11,), (80,)]  # R6C6, R2C3, R9C9


def test_tangled_arrows_by_hand():
    v = read(named("Tangled Arrows"))
    assert v.flags == {"diagonal+"}
    arrow = next(c for c in v.clues if c.key == "arrow")
    assert arrow.cells == (48,) and arrow.lines == ((48, 39, 30),)  # R6C4 <- R5C4, R4C4
    clone = next(c for c in v.clues if c.key == "clone")
    assert clone.cells == (20, 21, 29, 30) and clone.lines == ((50, 51, 59, 60),)


def test_irregular_7x7_by_hand():
    v = read(named("Irregular 7x7 Kropki"))
    assert v.size == 7 and v.regions is not None
    # cells with no region take the rows (f-puzzles' default for 7); those set give the shapes
    assert v.regions[:21] == (0,) * 7 + (1,) * 7 + (2,) * 7
    assert v.regions[21:28] == (3, 3, 3, 4, 5, 5, 5) and v.regions[42:49] == (3, 6, 6, 6, 6, 6, 5)
    assert all(v.regions.count(k) == 7 for k in range(7))


def test_parity_fish_scl_by_hand():
    v = read(LINK_LINES[2])
    assert (v.title, v.author) == ("Parity Fish", "Marty Sears") and v.rules.startswith("Normal sudoku rules apply")
    assert not any(v.givens) and v.regions is None and not v.clues
    assert "overlays" in v.unknown and "metadata bgimage" in v.unknown  # its dots and lines are drawn only


def test_sudokupad_short_and_scl_forms():
    data = lzstring.compress_to_base64(
        "{id:'t',ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:'4'}]],"
        "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"
        "ca:[{ce:[[0,2],[0,3]],v:'7'},{v:'title: Tiny'},{v:'antiknight: true'},{ce:[[3,0]],style:'box'},"
        "{ce:[[3,1],[3,2]]},{ce:[[2,1],[2,2]],unique:t},{ce:[[1,1]],v:3,unique:f}],"
        "global:['diagonal+']}")
    v = read("https://sudokupad.app/scl" + data)
    assert v.size == 4 and v.givens[0] == 1 and v.givens[15] == 4 and v.regions is None
    assert v.clues == (Clue("killercage", cells=(2, 3), value="7"), Clue("killercage", cells=(9, 10)))
    assert v.title == "Tiny" and v.flags == {"antiknight", "diagonal+"}
    assert v.unknown == ("cage 4 (style box)", "cage 5 (no sum and not marked unique)", "cage 7 (digits may repeat)")
    zipped = lzstring.decompress_from_base64(data)
    assert sudokupad.read(lzstring.compress_to_encoded_uri_component(zipped)) == v
    assert read(zipped) == v  # its zipped JSON pasted as it is


def test_sudokupad_links_carrying_f_puzzles_data():
    data = named("Peak Sudoku")
    v = read(data)
    for form in (f"https://sudokupad.app/fpuzzles{data}", f"sudokupad.app/?puzzleid=fpuzzles{data}",
                 f"https://app.crackingthecryptic.com/sudoku/fpuzzles{data}", f"https://sudokupad.app/fpuz{data}",
                 f"https://beta.sudokupad.app/fpuzzles{data}?setting-nogrid=1"):
        assert read(form) == v


def test_mangled_links_still_read():
    v = read(named("Boxes"))
    data = fpuzzles.write(v)
    assert "//" in data and "+" in data
    for form in (
        fpuzzles.LINK + urllib.parse.quote(data, safe=""),  # percent-encoded
        fpuzzles.LINK + data.replace("+", " "),  # '+' arriving as a space
        fpuzzles.LINK + data.replace("//", "/"),  # '//' collapsed
        f"  <{fpuzzles.LINK}{data}>  ",  # a forum's brackets
        f'"{fpuzzles.LINK}{data}"',
        f"'{data}'\n",
    ):
        assert read(form) == v


# --- hostile input -----------------------------------------------------------------------


def error(text_or_json) -> InvalidPuzzleError:
    with pytest.raises(InvalidPuzzleError) as caught:
        if isinstance(text_or_json, dict):
            fpuzzles.read_json(text_or_json)
        else:
            read(text_or_json)
    return caught.value


def blank(n: int = 9, **keys) -> dict:
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)]} | keys


def test_bad_base64_names_the_character():
    e = error("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBm!ANCA5gJwgEwQbT2")
    assert str(e) == "the f-puzzles data is not LZ-String base64 (character 17 is '!')"


def test_truncated_data_says_so():
    data = fpuzzles.write(every_key())
    assert "stops at character 40 before its end mark" in str(error(data[:40]))


def test_a_line_through_a_cell_twice():
    e = error(blank(thermometer=[{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R3C3", "R3C4", "R4C4", "R3C4"]]}]))
    assert str(e) == "thermometer 2 passes r3c4 twice" and e.cells == (21,)


def test_a_cell_outside_the_grid():
    cages = [{"cells": ["R1C1"]}] * 4 + [{"cells": ["R9C1", "R10C1"], "value": "5"}]
    assert str(error(blank(killercage=cages))) == "killercage 5 has cell R10C1 outside the 9x9 grid"


def test_an_arrow_with_no_line():
    e = error(blank(arrow=[{"cells": ["R2C2"], "lines": []}]))
    assert str(e).startswith("arrow 1 is an arrow with no line") and "r2c2" in str(e) and e.cells == (10,)


def test_a_region_of_the_wrong_size():
    data = blank()
    for r, row in enumerate(data["grid"]):
        for c, cell in enumerate(row):
            cell["region"] = r // 3 * 3 + c // 3
    data["grid"][4][4]["region"] = 0  # r5c5 leaves box 4 for box 0
    e = error(data)
    assert str(e) == "the regions are not 9 cells each: region 0 has 10" and 40 in e.cells


def test_no_size_and_wrong_size():
    assert str(error({"grid": []})) == "the JSON has no size"
    # SudokuPad's own 3x3 test (puzzletools_lib.js) is no f-puzzles size
    assert "size is 3" in str(error("fpuzzlesN4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="))


def test_short_links_cannot_be_read_offline():
    assert "cannot be read offline" in str(error("https://f-puzzles.com/?id=yhkyz63b"))
    assert "cannot be read offline" in str(error("https://sudokupad.app/wsj7iunsg6"))


def test_other_bad_records():
    assert "not one of UL, UR, DL, DR" in str(error(blank(littlekillersum=[{"cell": "R0C1", "cells": [], "direction": "X"}])))
    assert "where a cell such as R1C1 belongs" in str(error(blank(odd=[{"cell": "A1"}])))
    assert str(error(blank(sandwichsum=[{"cell": "R5C5", "value": "3"}]))) == \
        "sandwichsum 1 has clue cell R5C5, not just outside the 9x9 grid"
    assert "has value 12, not a digit 1-9" in str(error({"size": 9, "grid": [[{"value": 12}] + [{}] * 8] + [[{}] * 9] * 8}))
    assert str(error("{not json")).startswith("the JSON is not valid")
