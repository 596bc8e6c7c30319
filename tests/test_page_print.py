"""Printing, in headless Chromium: the print layout and the PDFs at A4 and Letter.

The layout under print media (measured in CSS px, 96 to
the inch) and the PDFs Chromium makes of it at A4 and Letter, rendered with poppler's
pdftoppm and read with pdftotext (`bash .ci/run` installs poppler-utils).

The play view prints a worksheet page: a title, a line for the name and date, the grid at
16 cm whatever the screen it was printed from, centred, and the puzzle's line as its id. The
worksheet prints its puzzles, then their answers, several to a page; every small grid keeps
square cells, a row without digits as tall as the others (on screen too)."""

from __future__ import annotations

import math
import re
import shutil
import subprocess

import pytest
from conftest import lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import open_page
from playwright.sync_api import expect
from sudoku_dlx import web
from test_page_variants import THERMO, opened

pytestmark = pytest.mark.browser

PX_PER_MM = 96 / 25.4
#: The printed grid's side: 16 cm.
BOARD = 160 * PX_PER_MM
#: Paper (width, height) in mm, and the margin of style.css's @page.
PAPER = {"A4": (210, 297), "Letter": (215.9, 279.4)}
MARGIN = 15
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 375, "height": 667}
HARDEST = lines("9x9/norvig_hardest.txt", 1)[0]
#: A 17-clue puzzle whose first row has no givens.
EMPTY_ROW = lines("9x9/royle17_sample300.txt", 1)[0]
SIXTEEN = lines("16x16/vukr_16x16_first100.txt", 1)[0]
TWENTY_FIVE = lines("25x25/course_tcgaryau_25x25.tsv", 1)[0].split("\t")[0]
#: Puzzles (and answers) on one printed page, by size (worksheet.js's PER_PAGE, ANSWERS_PER_PAGE).
PER_PAGE = {4: 6, 6: 6, 8: 4, 9: 4, 12: 2, 16: 1}
ANSWERS_PER_PAGE = {4: 12, 6: 12, 8: 6, 9: 6, 12: 4, 16: 2}

# Every cell of every .mini-grid (or .race-grid) under `selector`: the largest difference
# between a cell's width and height, and between the tallest and the shortest row of a grid.
CELLS = """(selector) => {
  let unsquare = 0, uneven = 0, grids = 0;
  for (const grid of document.querySelectorAll(selector)) {
    const n = Number(grid.style.getPropertyValue("--n"));
    const boxes = [...grid.children].map((cell) => cell.getBoundingClientRect());
    const rows = Array.from({length: n}, (_, r) => boxes[r * n].height);
    for (const box of boxes) unsquare = Math.max(unsquare, Math.abs(box.width - box.height));
    uneven = Math.max(uneven, Math.max(...rows) - Math.min(...rows));
    grids++;
  }
  return {grids, unsquare, uneven};
}"""


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def poppler(tool: str) -> str:
    assert shutil.which(tool), "install Debian's poppler-utils: apt-get install -y poppler-utils"
    return tool


def pdf_texts(pdf: bytes, tmp_path, name: str) -> list[str]:
    """The text of each page of a PDF."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    text = subprocess.run([poppler("pdftotext"), str(path), "-"], capture_output=True, check=True).stdout.decode()
    return text.split("\f")[:-1]


def longest_dark_line(pdf: bytes, tmp_path, name: str) -> tuple[int, int, int]:
    """The PDF's first page at 96 dpi (1 image pixel = 1 CSS px): the page's width, and the
    left end and length of its longest horizontal run of dark pixels (the grid's top border)."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run([poppler("pdftoppm"), "-r", "96", "-gray", "-singlefile", "-f", "1", str(path), str(tmp_path / name)],
                   check=True)
    image = (tmp_path / f"{name}.pgm").read_bytes()
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", image)
    width, height = int(header.group(1)), int(header.group(2))
    pixels = image[header.end():]
    best = (0, 0)
    for y in range(height):
        for run in re.finditer(rb"[\x00-\x7f]+", pixels[y * width:(y + 1) * width]):
            best = max(best, (run.end() - run.start(), run.start()), key=lambda b: b[0])
    return width, best[1], best[0]


def rect(page, selector) -> dict:
    return page.locator(selector).evaluate("e => e.getBoundingClientRect().toJSON()")


# -- the play view -----------------------------------------------------------------------------

def test_the_grid_prints_at_one_size_whatever_the_screen(new_page):
    screen, printed = {}, {}
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_page(f"index.html#p={HARDEST}", viewport=viewport)
        expect(page.locator("#grid [data-cell]")).to_have_count(81)
        screen[name] = rect(page, "#grid")["width"]
        page.emulate_media(media="print")
        printed[name] = rect(page, "#grid")
    assert abs(screen["laptop"] - screen["phone"]) > 100  # the screens' grids differ...
    for box in printed.values():  # ...the printed ones do not: 16 cm, square
        assert box["width"] == pytest.approx(BOARD, abs=0.5)
        assert box["height"] == pytest.approx(BOARD, abs=0.5)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_printed_page_is_centred_with_a_title_a_name_line_and_the_id(new_page, paper):
    page = new_page(f"index.html#p={HARDEST}", viewport=PHONE)
    head = ["#print-title", ".print-name", "#print-id"]
    for part in head:
        expect(page.locator(part)).to_be_hidden()  # on paper only
    page.emulate_media(media="print")
    # Chromium lays a printed page out at the width inside its margins.
    page.set_viewport_size({"width": round((PAPER[paper][0] - 2 * MARGIN) * PX_PER_MM), "height": 900})
    for part in head:
        expect(page.locator(part)).to_be_visible()
    expect(page.locator("#print-title")).to_have_text("Sudoku 9×9")
    expect(page.locator("#print-id")).to_have_text(HARDEST)
    grid, title, name, puzzle_id = (rect(page, s) for s in ("#grid", "#print-title", ".print-name", "#print-id"))
    width = page.evaluate("innerWidth")
    assert grid["x"] + grid["width"] / 2 == pytest.approx(width / 2, abs=1)  # centred
    assert grid["width"] == pytest.approx(BOARD, abs=0.5)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider: no shrinking to fit
    assert title["bottom"] <= name["y"] and name["bottom"] <= grid["y"] and grid["bottom"] <= puzzle_id["y"]
    for box in (title, name, puzzle_id):  # the head and the id keep to the grid's width
        assert grid["x"] - 0.5 <= box["x"] and box["right"] <= grid["right"] + 0.5
    for hidden in ("#toolbar", "#keypad", ".message-bar", ".board-status", ".side", "header", "footer"):
        expect(page.locator(hidden)).to_be_hidden()


def test_the_pdf_has_the_grid_at_16_cm_centred_from_a_laptop_and_a_phone(new_page, tmp_path):
    found = {}
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_page(f"index.html#p={HARDEST}", viewport=viewport)
        expect(page.locator("#grid [data-cell]")).to_have_count(81)
        for paper in PAPER:
            pdf = page.pdf(format=paper)
            assert pdf_pages(pdf) == 1
            found[name, paper] = longest_dark_line(pdf, tmp_path, f"{name}-{paper}")
    for paper, (width_mm, _) in PAPER.items():
        page_width, left, length = found["laptop", paper]
        assert found["phone", paper] == found["laptop", paper]  # the same page from either screen
        assert page_width == pytest.approx(width_mm * PX_PER_MM, abs=1.5)  # pdftoppm rounds up
        assert length == pytest.approx(BOARD, abs=2)
        assert left + length / 2 == pytest.approx(page_width / 2, abs=2)


def test_the_title_names_the_grade_once_rated(new_page):
    puzzle = lines("9x9/sudoku_exchange_se_sample.tsv", 1)[0].split("\t")[0]
    page = new_page(f"index.html#p={puzzle}")
    wait_ready(page)
    button(page, "Rate").click()
    expect(message(page)).to_contain_text("Rated")
    page.emulate_media(media="print")
    expect(page.locator("#print-title")).to_have_text(f"Sudoku 9×9 · {web.rate(puzzle)['grade']}")
    page.evaluate("p => { location.hash = 'p=' + p }", HARDEST)  # another puzzle: not rated
    expect(page.locator("#print-title")).to_have_text("Sudoku 9×9")


def test_the_title_names_the_grade_a_puzzle_was_generated_for(new_page):
    page = new_page("index.html")
    wait_ready(page)
    page.locator("#difficulty").select_option("Easy")
    button(page, "Generate").click()
    expect(message(page)).to_contain_text("New 9×9 puzzle", timeout=READY_MS)
    grade = re.search(r", (Easy|Medium|Hard|Expert|Extreme) \(score", message(page).text_content()).group(1)
    page.emulate_media(media="print")
    expect(page.locator("#print-title")).to_have_text(f"Sudoku 9×9 · {grade}")


def test_givens_print_bold_entries_lighter_black_on_white_with_notes_without_tints(new_page):
    page = new_page(f"index.html#p={HARDEST}", color_scheme="dark")
    blanks = [i for i, s in enumerate(HARDEST) if s == "."]
    cell(page, blanks[0]).click()
    page.keyboard.type("4")  # clashes with the given 4 in its row: marked on screen
    expect(cell(page, blanks[0])).to_have_attribute("data-clash", "")
    button(page, "Fill notes").click()
    cell(page, blanks[1]).click()  # selected, and the cells it can go in tinted
    page.emulate_media(media="print", color_scheme="dark")
    style = """(e, pseudo) => { const s = getComputedStyle(e, pseudo);
        return {color: s.color, weight: s.fontWeight, background: s.backgroundColor, outline: s.outlineStyle,
                decoration: s.textDecorationLine, content: s.content}; }"""
    given = cell(page, 0).evaluate(style, None)
    entry = cell(page, blanks[0]).evaluate(style, None)
    assert (given["color"], given["weight"]) == ("rgb(0, 0, 0)", "700")
    assert entry["weight"] == "400" and entry["decoration"] == "none"
    r, g, b = map(int, re.findall(r"\d+", entry["color"]))
    assert r == g == b and 60 < r < 140  # a grey: lighter than the givens, still plain to read
    assert entry["content"] == "normal" and cell(page, blanks[0]).evaluate(style, "::after")["content"] == "none"
    for index in blanks[1:4]:  # selection and tints are not printed; the player's notes are, in grey
        cell_style = cell(page, index).evaluate(style, None)
        assert cell_style["background"] == "rgba(0, 0, 0, 0)" and cell_style["outline"] == "none"
        notes = cell(page, index).evaluate(style, "::before")
        assert notes["content"] not in ("none", "normal") and notes["color"] == "rgb(68, 68, 68)"
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == "rgb(255, 255, 255)"
    assert page.locator("#print-title").evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"


@pytest.mark.parametrize("puzzle", [HARDEST, SIXTEEN, TWENTY_FIVE], ids=["9x9", "16x16", "25x25"])
def test_each_size_prints_on_one_page(new_page, tmp_path, puzzle):
    page = new_page(f"index.html#p={puzzle}")
    n = math.isqrt(len(puzzle))
    expect(page.locator("#grid [data-cell]")).to_have_count(n * n)
    for paper in PAPER:
        pdf = page.pdf(format=paper)
        assert pdf_pages(pdf) == 1, paper
        text = pdf_texts(pdf, tmp_path, paper)[0]
        assert f"Sudoku {n}×{n}" in text and "Name" in text and "Date" in text
        assert puzzle in re.sub(r"\s", "", text)  # the id, wrapped over lines


def test_a_variant_prints_its_rules_in_words_under_the_whole_grid(new_page, tmp_path):
    page, _ = opened(new_page, THERMO)
    for paper in PAPER:
        pdf = page.pdf(format=paper)
        (tmp_path / f"variant-{paper}.pdf").write_bytes(pdf)
        pages = pdf_texts(pdf, tmp_path, f"variant-{paper}")
        # On the grid's page: the author and the rules (the drawn marks alone do not say them)...
        for words in ("by Rangsk", "Digits rise along a thermometer from its bulb.", "the ratio of its number"):
            assert words in pages[0], (paper, words)
        # ...then the author's text, which may run onto a second page.
        assert "Standard thermometers" in "".join(pages)
        assert "as the author wrote them" not in "".join(pages)  # the disclosure's button is for the screen
        _, _, length = longest_dark_line(pdf, tmp_path, f"variant-{paper}")
        assert length == pytest.approx(BOARD, abs=2)  # the grid whole, at 16 cm, on the first page


# -- the worksheet ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def worksheet(browser, server, watch):
    """One worksheet page; each test makes its sheets with the form (Python stays loaded)."""
    page = open_page(browser, server, watch, "index.html?view=worksheet&size=9&difficulty=Medium&n=6", viewport=LAPTOP)
    yield page
    page.context.close()


def make(page, size: int, count: int, difficulty: str = ""):
    page.emulate_media(media="screen")
    page.locator("#ws-size").select_option(str(size))
    page.locator("#ws-difficulty").select_option(difficulty)
    page.locator("#ws-count").fill(str(count))
    button(page, "Make the worksheet").click()
    expect(message(page)).to_contain_text(f"{count} puzzles and their answers are ready", timeout=READY_MS * 2)


@pytest.mark.parametrize("size, count, difficulty", [
    (4, 7, ""), (6, 7, ""), (8, 5, ""), (9, 6, "Medium"), (12, 3, ""), (16, 2, ""),
])
def test_worksheet_cells_are_square_and_the_pdf_has_puzzle_pages_then_answer_pages(
        worksheet, tmp_path, size, count, difficulty):
    page = worksheet
    make(page, size, count, difficulty)
    # The first puzzle's second row made empty, as a puzzle with a row without givens has it.
    page.locator(".sheet.puzzles .mini-grid").first.evaluate(
        "(grid, n) => [...grid.children].slice(n, 2 * n).forEach((c) => { c.textContent = ''; c.className = ''; })",
        size)
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        measured = page.evaluate(CELLS, ".sheet .mini-grid")
        assert measured["grids"] == 2 * count
        assert measured["unsquare"] < 0.5, media
        assert measured["uneven"] < 0.5, media  # the empty row as tall as the others
    puzzle_pages, answer_pages = math.ceil(count / PER_PAGE[size]), math.ceil(count / ANSWERS_PER_PAGE[size])
    for paper in PAPER:
        pdf = page.pdf(format=paper)
        assert pdf_pages(pdf) == puzzle_pages + answer_pages, paper
        texts = pdf_texts(pdf, tmp_path, f"{size}-{paper}")
        answers = ["answers" in text for text in texts]
        assert answers == [False] * puzzle_pages + [True] * answer_pages, paper


def test_the_worksheet_names_each_kind_and_offers_the_grades_it_reaches(new_page):
    """The generator's 9x9 killers are never Easy (their cages need a Cage combinations
    step), its 4x4 ones can be: the form offers a 9x9 killer from Medium and says why; the
    kind's name is the menu's and the printed title's unless the teacher wrote one."""
    # Seeded and without a time budget, so that a loaded machine makes the same puzzles.
    for size in (9, 8):
        grades = {web.rate(web.generate(size, seed=seed, kind="killer", budget=None)["puzzle"])["grade"]
                  for seed in range(1, 9)}
        assert "Easy" not in grades and "Medium" in grades, size
    assert web.generate(4, seed=1, kind="killer", difficulty="Easy", budget=None)["grade"] == "Easy"
    page = new_page("index.html?view=worksheet&kind=killer&size=9&difficulty=Easy&n=1", viewport=LAPTOP)
    expect(page.locator("#ws-kind option")).to_have_text(
        ["Sudoku", "Sudoku X", "Windoku", "Jigsaw sudoku", "Killer sudoku", "Futoshiki"])
    expect(page.locator("#ws-difficulty option")).to_have_text(["Any", "Medium", "Hard", "Expert", "Extreme"])
    expect(page.locator("#ws-difficulty")).to_have_value("Medium")
    expect(message(page)).to_have_text("The generator makes no Easy 9×9 killer sudoku: each of its puzzles needs a "
                                       "Medium step or a harder one, so the difficulties start at Medium. The "
                                       "worksheet asks for Medium, not Easy.")
    expect(page.locator("#ws-title")).to_have_value("Killer sudoku")
    page.locator("#ws-size").select_option("4")
    expect(page.locator("#ws-difficulty option")).to_have_text(["Any", "Easy", "Medium", "Hard", "Expert", "Extreme"])
    page.locator("#ws-difficulty").select_option("Easy")
    button(page, "Make the worksheet").click()
    expect(message(page)).to_contain_text("1 puzzle and their answers are ready (1 of them Easy)", timeout=READY_MS * 2)
    expect(page.locator(".sheet.puzzles h2")).to_have_text("Killer sudoku")
    expect(page.locator(".sheet.puzzles .kind-marks .cage").first).to_be_attached()
    page.locator("#ws-kind").select_option("futoshiki")
    expect(page.locator("#ws-title")).to_have_value("Futoshiki")
    page.locator("#ws-title").fill("Week 3")
    page.locator("#ws-kind").select_option("killer")
    page.locator("#ws-size").select_option("9")
    expect(page.locator("#ws-difficulty")).to_have_value("Medium")
    expect(message(page)).to_contain_text("The worksheet asks for Medium, not Easy.")
    expect(page.locator("#ws-title")).to_have_value("Week 3")  # the teacher's own stays


# -- the other small grids -------------------------------------------------------------------

def test_the_step_panels_grid_keeps_square_cells_with_an_empty_row(new_page):
    page = new_page(f"index.html#p={EMPTY_ROW}")
    wait_ready(page)
    button(page, "DLX steps").click()
    expect(page.locator("#steps-grid div")).to_have_count(81, timeout=READY_MS)
    measured = page.evaluate(CELLS, "#steps-grid")
    assert measured["grids"] == 1 and measured["unsquare"] < 0.5 and measured["uneven"] < 0.5


def test_the_race_grids_keep_square_cells_with_an_empty_row(new_page):
    page = new_page(f"index.html?view=race#p={EMPTY_ROW}")
    expect(page.get_by_role("status")).to_contain_text("Press Play", timeout=READY_MS)
    measured = page.evaluate(CELLS, ".race-grid")
    assert measured["grids"] == 2 and measured["unsquare"] < 0.5 and measured["uneven"] < 0.5
