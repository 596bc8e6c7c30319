"""The rules' drawings (static/rules/), in headless Chromium on tests/pages/rules.html: each
f-puzzles key drawn with the parts players know (a thermometer's bulb and line, an arrow's
circle, line and head, dots with their values, clues outside the grid), over the play view's
board and in its cells' places, layered; an unknown key listed by `undrawn`; visible and
distinguishable in the light, dark and print schemes."""

from __future__ import annotations

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "tests/pages/rules.html"

# Each clue's drawing on the page, in the page's order: its key, its group, and the counts
# and texts of its parts.
DRAWN = """() => [...document.querySelectorAll(".grid")].flatMap((grid) =>
  [...grid.querySelectorAll("[data-key]")].map((g) => ({
    group: grid.dataset.group, key: g.dataset.key,
    bulbs: g.querySelectorAll(".bulb").length,
    lines: [...g.querySelectorAll(".line:not(.head)")].map((l) => l.getAttribute("points").trim().split(/\\s+/).length),
    heads: g.querySelectorAll(".head").length,
    circles: g.querySelectorAll("circle, rect.circle").length,
    rects: g.querySelectorAll("rect").length,
    chevrons: g.querySelectorAll(".chevron").length,
    texts: [...g.querySelectorAll("text")].map((t) => t.textContent),
    box: (({ x, y, width, height }) => ({ x, y, width, height }))(g.getBBox()),
  })))"""


def drawn(page):
    expect(page.locator("html")).to_have_attribute("data-drawn", "yes")
    return page.evaluate(DRAWN)


def of(drawings, key):
    return [d for d in drawings if d["key"] == key]


def test_each_key_is_drawn_with_its_parts(new_page):
    drawings = drawn(new_page(PAGE))
    keys = {d["key"] for d in drawings}
    expected = {"thermometer", "palindrome", "renban", "whispers", "entropicline", "regionsumline", "betweenline",
                "diagonal+", "diagonal-",
                "arrow", "odd", "even", "maximum", "minimum", "extraregion", "columnindexer", "clone", "difference", "ratio",
                "xv", "quadruple", "killercage", "littlekillersum", "sandwichsum", "xsum", "skyscraper"}
    assert keys == expected  # anti-knight has nothing to draw, the unknown key no drawing
    straight, branched = of(drawings, "thermometer")
    assert (straight["bulbs"], straight["lines"]) == (1, [4])
    assert (branched["bulbs"], branched["lines"]) == (1, [3, 4])  # two lines from one bulb
    for key, cells in (("palindrome", 4), ("renban", 4), ("whispers", 5), ("entropicline", 3), ("regionsumline", 4)):
        assert [d["lines"] for d in of(drawings, key)] == [[cells]]
    between = of(drawings, "betweenline")[0]
    assert (between["lines"], between["circles"]) == ([4], 2)
    assert [d["lines"] for d in of(drawings, "diagonal+") + of(drawings, "diagonal-")] == [[2], [2]]
    one, pill, two = of(drawings, "arrow")
    assert (one["circles"], one["lines"], one["heads"]) == (1, [4], 1)
    assert (pill["circles"], pill["lines"], pill["heads"]) == (1, [3], 1)
    assert pill["box"]["width"] > 1.7  # a pill over two cells
    assert (two["circles"], len(two["lines"]), two["heads"]) == (1, 2, 2)
    assert [d["circles"] for d in of(drawings, "odd")] == [1, 1]
    assert [d["rects"] for d in of(drawings, "even")] == [1, 1]
    assert [d["chevrons"] for d in of(drawings, "maximum") + of(drawings, "minimum")] == [4, 3]  # none off the grid, none between two minimum cells
    assert [d["rects"] for d in of(drawings, "extraregion") + of(drawings, "clone")] == [4, 4]
    assert [(d["circles"], d["texts"]) for d in of(drawings, "difference")] == [(1, []), (1, ["3"])]
    assert [(d["circles"], d["texts"]) for d in of(drawings, "ratio")] == [(1, []), (1, ["3"])]
    assert [d["texts"] for d in of(drawings, "xv")] == [["X"], ["V"]]
    assert [d["texts"] for d in of(drawings, "quadruple")] == [["1", "2", "3", "4"], ["1", "2"], ["5"]]
    assert [d["texts"] for d in of(drawings, "killercage")] == [["15"], []]
    assert [d["texts"] for d in of(drawings, "sandwichsum")] == [["12"], ["0"]]
    assert [d["texts"] for d in of(drawings, "xsum") + of(drawings, "skyscraper")] == [["21"], ["4"]]
    little = of(drawings, "littlekillersum")
    assert [(d["texts"], d["heads"]) for d in little] == [(["23"], 1), (["9"], 1), (["31"], 1), (["45"], 1)]


def test_clues_sit_where_f_puzzles_puts_them(new_page):
    page = new_page(PAGE)
    drawings = drawn(page)
    # A kropki dot and an X on the side two cells share, a quadruple on their corner.
    white = of(drawings, "difference")[0]["box"]  # r1c1-r1c2
    assert white["x"] + white["width"] / 2 == pytest.approx(1) and white["y"] + white["height"] / 2 == pytest.approx(0.5)
    quad = of(drawings, "quadruple")[0]["box"]  # r4c6 r4c7 r5c6 r5c7
    assert (quad["x"] + quad["width"] / 2, quad["y"] + quad["height"] / 2) == (pytest.approx(6), pytest.approx(4))
    # Outside the grid: above it, below it, right of it.
    above, below, right, corner = (d["box"] for d in of(drawings, "littlekillersum"))
    assert above["y"] + above["height"] <= 0 and below["y"] >= 9 and right["x"] >= 9 and corner["x"] >= 9 <= corner["y"]
    assert of(drawings, "sandwichsum")[0]["box"]["y"] + of(drawings, "sandwichsum")[0]["box"]["height"] <= 0
    assert of(drawings, "xsum")[0]["box"]["y"] >= 9 and of(drawings, "skyscraper")[0]["box"]["x"] >= 9  # below, right
    # The drawing lies on the board's cells: r1c1's bulb is centred on r1c1's cell on screen.
    grid = page.locator('.grid[data-group="lines"]')
    bulb = grid.locator('[data-key="thermometer"] .bulb').first.bounding_box()
    cell = grid.locator('[data-cell="0"]').bounding_box()
    for a, b, size in (("x", "width", "width"), ("y", "height", "height")):
        assert bulb[a] + bulb[b] / 2 == pytest.approx(cell[a] + cell[size] / 2, abs=1.5)
    # Layers: shaded cells, then lines, then dots, then text.
    # under the cells (their digits and the grid's lines) and over them.
    assert grid.evaluate("""grid => [...grid.children].filter((e) => e.matches(".rule-marks, [role=row]"))
        .map((e) => e.matches(".rule-marks") ? [...e.children].map((g) => g.dataset.layer).join(" ") : "row")
        .filter((e, k, all) => e !== "row" || all[k - 1] !== "row")""") == ["shade line", "row", "dot text"]
    assert grid.locator('[data-layer="shade"] [data-key]').evaluate_all("gs => gs.map((g) => g.dataset.key)") == \
        ["diagonal+", "diagonal-"]  # under every other line
    dots = page.locator('.grid[data-group="dots"]')
    assert dots.locator('[data-layer="dot"] [data-key]').evaluate_all("gs => [...new Set(gs.map((g) => g.dataset.key))]") == \
        ["difference", "ratio", "quadruple"]


def test_undrawn_lists_each_unknown_key_once(new_page):
    page = new_page(PAGE)
    expect(page.locator("#undrawn")).to_have_text("no-such-rule")
    result = page.evaluate("""async () => {
        const { drawClues, undrawn } = await import("../../static/rules/index.js");
        const clues = [{ key: "jigsaw-ish" }, { key: "thermometer", lines: [[0, 1]] }, { key: "jigsaw-ish" },
                       { key: "toString" }, { key: "antiking" }, { key: "killercage", cells: [3, 4], value: null },
                       { key: "arrow", lines: [[20, 21, 22]] }];
        const drawing = drawClues(clues, 9);
        return { undrawn: undrawn(clues), drawn: [...drawing.querySelectorAll("[data-key]")].map((g) => g.dataset.key),
                 circle: drawing.querySelector('[data-key="arrow"] .circle').getAttribute("x") };
    }""")
    assert result == {"undrawn": ["jigsaw-ish", "toString"], "drawn": ["thermometer", "arrow", "killercage"],
                      "circle": "2.1"}  # by layer; a value of null is none; an arrow's circle on its line's first cell


COLOURS = """() => {
  const css = (selector, property) => getComputedStyle(document.querySelector(selector))[property];
  return {
    cell: getComputedStyle(document.querySelector(".grid")).backgroundColor,
    thermo: css('[data-key="thermometer"] .line', "stroke"),
    palindrome: css('[data-key="palindrome"] .line', "stroke"),
    renban: css('[data-key="renban"] .line', "stroke"),
    whispers: css('[data-key="whispers"] .line', "stroke"),
    entropic: css('[data-key="entropicline"] .line', "stroke"),
    regionsum: css('[data-key="regionsumline"] .line', "stroke"),
    white: css(".dot.white", "fill"), whiteEdge: css(".dot.white", "stroke"), whiteValue: css(".dot-value.white", "fill"),
    black: css(".dot.black", "fill"), blackEdge: css(".dot.black", "stroke"), blackValue: css(".dot-value.black", "fill"),
    text: css('[data-key="sandwichsum"] text', "fill"), page: getComputedStyle(document.body).backgroundColor,
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark", "print"])
def test_drawings_are_visible_and_told_apart(new_page, scheme):
    page = new_page(PAGE, color_scheme="light" if scheme == "print" else scheme)
    if scheme == "print":
        page.emulate_media(media="print")
    drawn(page)
    colours = page.evaluate(COLOURS)
    lines = [colours[key] for key in ("thermo", "palindrome", "renban", "whispers", "entropic", "regionsum")]
    assert len(set(lines)) == 6 and colours["cell"] not in lines
    # Kropki's dots keep their colours in every scheme, each edged apart from the cell, values readable.
    assert (colours["white"], colours["black"]) == ("rgb(255, 255, 255)", "rgb(0, 0, 0)")
    assert colours["cell"] not in (colours["whiteEdge"], colours["blackEdge"])
    assert colours["whiteValue"] != colours["white"] and colours["blackValue"] != colours["black"]
    assert colours["text"] != colours["page"]
    if scheme == "print":
        assert (colours["blackEdge"], colours["text"]) == ("rgb(0, 0, 0)", "rgb(0, 0, 0)")
