"""The SCORM package (`build.py scorm`, docs/teachers.md) as an LMS runs it, in headless Chromium.

scorm-again (the pinned npm dev dependency, loaded from node_modules/ on the
package's origin, as its own integration tests run packages) is the stand-in LMS, a host
page that sets `window.API = new Scorm12API(...)` and opens the launch page in an iframe
(or a new window). The package is served from a deep path, with `.wasm` as
application/octet-stream (as many LMSs serve it), so Python's start is tested there too.

One package of two 4x4 puzzles and a lab link is built for the module and reused by every test."""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path
from urllib.parse import quote
from xml.etree import ElementTree

import pytest
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from pagekit import ROOT, open_page
from playwright.sync_api import expect

import build
from sudoku_dlx import solve

# Two puzzles of tests/data/4x4/vukr_4x4.txt (its lines 2 and 3).
PUZZLES = ["...3..4114..3...", "1..4..1..3..4..3"]
LAB = "https://example.org/sudoku/index.html?view=lab&problem=queens&n=5"
# What the package is made of: the two puzzles, and a lab link between them.
INPUTS = [PUZZLES[0], LAB, PUZZLES[1]]
TITLE = 'Week 3 & "4x4" <sudoku>'
MASTERY = 80
# Where the LMS serves the package: a deep path, as Moodle's pluginfile.php URLs are.
DEEP = "lms/pluginfile.php/42/mod_scorm/content/7/"
HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="/node_modules/scorm-again/dist/scorm12.js"></script></head><body>
<iframe id="sco" title="SCO" style="width:100%;height:96vh;border:0"></iframe>
<script>
  const params = new URLSearchParams(location.search);
  window.commits = 0;
  window.sets = {};  // every value the SCO set (session_time and exit are write-only in the CMI)
  window.API = new Scorm12API({ logLevel: 5 });
  if (params.get("cmi")) API.loadFromJSON(JSON.parse(params.get("cmi")));
  API.on("LMSCommit", () => (window.commits += 1));
  API.on("LMSSetValue.cmi.*", (element, value) => (window.sets[element] = value));
  API.on("LMSFinish", () => (window.finished = true));
  if (params.get("open")) window.child = window.open(params.get("launch"), "sco");
  else document.getElementById("sco").src = params.get("launch");
</script></body></html>"""


def solution(puzzle: str) -> str:
    return str(solve(puzzle).solutions[0])


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("scorm") / "set.zip"
    args = [sys.executable, str(ROOT / "build.py"), "scorm", str(target), "--title", TITLE, "--mastery", str(MASTERY)]
    subprocess.run([*args, *(f"--puzzle={p}" for p in INPUTS)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return target


class LMS(http.server.SimpleHTTPRequestHandler):
    """The LMS's origin: the package unzipped under DEEP, scorm-again under
    /node_modules/, the host page at /host.html; `.wasm` as application/octet-stream."""

    extensions_map = {**build.MIME_TYPES, ".wasm": "application/octet-stream"}

    def translate_path(self, path):
        path = path.split("?")[0]
        if path.startswith("/node_modules/"):
            return str(ROOT / path.lstrip("/"))
        if path.startswith("/" + DEEP):
            return str(self.server.unzipped / path[len(DEEP) + 1:])
        return str(self.server.unzipped / "none")

    def do_GET(self):
        if self.path.startswith("/host.html"):
            body = HOST.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()

    def end_headers(self):
        if self.server.csp and not self.path.startswith("/host.html"):
            self.send_header("Content-Security-Policy", self.server.csp)
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def lms(package, tmp_path_factory):
    unzipped = tmp_path_factory.mktemp("lms")
    with zipfile.ZipFile(package) as archive:
        archive.extractall(unzipped)
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), LMS) as server:
        server.unzipped, server.csp = unzipped, None
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield server
        server.shutdown()


def launch_url(package: Path) -> str:
    with zipfile.ZipFile(package) as archive:
        manifest = ElementTree.fromstring(archive.read("imsmanifest.xml"))
    href = next(e for e in manifest.iter() if e.tag.endswith("resource")).get("href")
    return "/" + DEEP + href


def host(browser, watch, lms, package, cmi=None, opened=False):
    base = f"http://127.0.0.1:{lms.server_address[1]}"
    url = f"{base}/host.html?launch={quote(launch_url(package))}"
    if cmi:
        url += f"&cmi={quote(json.dumps(cmi))}"
    return open_page(browser, base + "/", watch, url + ("&open=1" if opened else ""))


def cmi(page) -> dict:
    return page.evaluate("""() => ({
        status: API.cmi.core.lesson_status, raw: API.cmi.core.score.raw, min: API.cmi.core.score.min,
        max: API.cmi.core.score.max, session: sets["cmi.core.session_time"], exit: sets["cmi.core.exit"],
        suspend: API.cmi.suspend_data, commits: window.commits })""")


def type_line(frame, line: str, cells):
    """Types the symbols of `line` into `cells`, cell by cell, as a student does."""
    for index in cells:
        target = frame.locator(f'[data-cell="{index}"]')
        target.click()
        target.press(line[index])


def blanks(puzzle: str) -> list[int]:
    return [cell for cell, symbol in enumerate(puzzle) if symbol == "."]


def test_the_manifest_is_scorm_12_with_the_title_escaped_and_every_path_relative(package):
    with zipfile.ZipFile(package) as archive:
        names = archive.namelist()
        manifest = ElementTree.fromstring(archive.read("imsmanifest.xml"))  # parses: well-formed XML
        set_file = json.loads(archive.read("scorm.json"))
    ns = {"cp": "http://www.imsproject.org/xsd/imscp_rootv1p1p2", "adlcp": "http://www.adlnet.org/xsd/adlcp_rootv1p2"}
    assert names[0] == "imsmanifest.xml"
    assert manifest.find("cp:metadata/cp:schema", ns).text == "ADL SCORM"
    assert manifest.find("cp:metadata/cp:schemaversion", ns).text == "1.2"
    organization = manifest.find("cp:organizations/cp:organization", ns)
    assert manifest.find("cp:organizations", ns).get("default") == organization.get("identifier")
    assert organization.find("cp:title", ns).text == TITLE
    item = organization.find("cp:item", ns)
    assert item.find("adlcp:masteryscore", ns).text == str(MASTERY)
    resource = manifest.find("cp:resources/cp:resource", ns)
    assert item.get("identifierref") == resource.get("identifier")
    assert resource.get(f"{{{ns['adlcp']}}}scormtype") == "sco"
    assert resource.get("href").split("?")[0] == "index.html" and "set=scorm.json" in resource.get("href")
    listed = [f.get("href") for f in resource.findall("cp:file", ns)]
    assert sorted(listed) == sorted(n for n in names if n != "imsmanifest.xml")
    assert all(not n.startswith("/") and ".." not in n.split("/") for n in names)
    assert any(n.endswith("pyodide.asm.wasm") for n in names) and not any(n.endswith((".br", ".gz")) for n in names)
    assert set_file["puzzles"] == PUZZLES and set_file["mastery"] == MASTERY
    assert set_file["labs"] == ["index.html?view=lab&problem=queens&n=5"]  # the package's own page
    assert f"costs {set_file['hint_cost'] * 100:g}% of that" in set_file["rule"] and "100/N" in set_file["rule"]


@pytest.mark.external
def test_the_same_inputs_give_the_same_bytes_and_2004_is_a_second_manifest(package, tmp_path):
    again = tmp_path / "again.zip"
    build.scorm(again, build.scorm_set(INPUTS, TITLE, MASTERY, "1.2"))
    assert again.read_bytes() == package.read_bytes()
    manifest = ElementTree.fromstring(build.imsmanifest(build.scorm_set(PUZZLES, TITLE, None, "2004"), ["index.html"]))
    ns = {"cp": "http://www.imsglobal.org/xsd/imscp_v1p1", "adlcp": "http://www.adlnet.org/xsd/adlcp_v1p3"}
    assert manifest.find("cp:metadata/cp:schemaversion", ns).text == "2004 4th Edition"
    assert manifest.find("cp:resources/cp:resource", ns).get(f"{{{ns['adlcp']}}}scormType") == "sco"


def test_a_bad_puzzle_is_named():
    done = subprocess.run([sys.executable, str(ROOT / "build.py"), "scorm", "/nonexistent/x.zip",
                           "--puzzle", PUZZLES[0], "--puzzle", "12..34"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode != 0
    assert "puzzle 2 ('12..34') is not valid" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.browser
def test_the_lms_records_progress_score_and_resume(browser, watch, lms, package):
    page = host(browser, watch, lms, package)
    frame = page.frame_locator("#sco")
    expect(frame.locator(".set-line")).to_contain_text("Puzzle 1 of 2 · 0 solved · score 0 of 100")
    expect(frame.get_by_role("link", name="Lab")).to_have_attribute("href", re.compile(f"/{DEEP}index.html\\?view=lab&problem=queens&n=5$"))
    assert cmi(page)["status"] == "incomplete"
    first, second = solution(PUZZLES[0]), solution(PUZZLES[1])
    type_line(frame, first, blanks(PUZZLES[0])[:3])
    page.evaluate("document.getElementById('sco').src = 'about:blank'")  # the student leaves: LMSFinish
    expect(page.locator("#sco")).to_have_attribute("src", "about:blank")
    page.wait_for_function("window.finished")
    left = cmi(page)
    assert left["status"] == "incomplete" and left["exit"] == "suspend" and left["suspend"]
    assert re.fullmatch(r"\d{4}:\d\d:\d\d\.\d\d", left["session"]) and left["session"] != "0000:00:00.00"
    page.context.close()

    # Relaunch with what the LMS kept: the three entries are back; solve both puzzles.
    page = host(browser, watch, lms, package, {"cmi": {"suspend_data": left["suspend"], "core": {"lesson_status": "incomplete"}}})
    frame = page.frame_locator("#sco")
    expect(frame.locator(".set-line")).to_contain_text("Puzzle 1 of 2")
    # The set's bar passes axe-core (the pinned dev dependency, as tests/test_axe.py runs it).
    sco = page.locator("#sco").element_handle().content_frame()
    sco.add_script_tag(url="/node_modules/axe-core/axe.min.js")
    assert sco.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map((v) => v.id)") == []
    for cell in blanks(PUZZLES[0])[:3]:
        expect(frame.locator(f'[data-cell="{cell}"]')).to_have_text(first[cell])
    type_line(frame, first, blanks(PUZZLES[0])[3:])
    expect(frame.locator(".set-line")).to_contain_text("1 solved · score 50 of 100")
    assert cmi(page)["status"] == "incomplete" and cmi(page)["raw"] == "50"
    frame.locator('[data-set-puzzle="1"]').click()
    expect(frame.locator(".set-line")).to_contain_text("Puzzle 2 of 2")
    type_line(frame, second, blanks(PUZZLES[1]))
    expect(frame.locator(".set-line")).to_contain_text("2 solved · score 100 of 100")
    done = cmi(page)
    assert (done["status"], done["raw"], done["min"], done["max"]) == ("passed", "100", "0", "100")
    assert done["commits"] >= 3
    page.context.close()

    # A relaunch after passing never sets the status back to incomplete.
    page = host(browser, watch, lms, package, {"cmi": {"suspend_data": done["suspend"], "core": {"lesson_status": "passed"}}})
    expect(page.frame_locator("#sco").locator(".set-line")).to_contain_text("2 solved")
    assert cmi(page)["status"] == "passed"
    page.context.close()


@pytest.mark.browser
def test_a_shown_solution_scores_lower_and_python_starts_with_wasm_as_octet_stream(browser, watch, lms, package):
    page = host(browser, watch, lms, package)
    frame = page.frame_locator("#sco")
    expect(frame.locator("html")).to_have_attribute("data-python", "ready", timeout=READY_MS)
    type_line(frame, solution(PUZZLES[0]), blanks(PUZZLES[0]))
    frame.locator('[data-set-puzzle="1"]').click()
    frame.get_by_role("button", name="Solve", exact=True).click()
    expect(frame.locator('[data-cell="1"]')).to_have_text(solution(PUZZLES[1])[1])
    type_line(frame, solution(PUZZLES[1]), blanks(PUZZLES[1]))  # over the shown solution
    expect(frame.locator(".set-line")).to_contain_text("2 solved · score 50 of 100")
    assert (cmi(page)["status"], cmi(page)["raw"]) == ("failed", "50")  # below the mastery score
    page.context.close()


@pytest.mark.browser
def test_the_api_is_found_through_the_opener(browser, watch, lms, package):
    page = host(browser, watch, lms, package, opened=True)
    page.wait_for_function("window.child && window.child.document.querySelector('.set-line')", timeout=READY_MS)
    child = page.context.pages[-1]
    type_line(child, solution(PUZZLES[0]), blanks(PUZZLES[0]))
    expect(child.locator(".set-line")).to_contain_text("score 50 of 100")
    assert (cmi(page)["status"], cmi(page)["raw"]) == ("incomplete", "50")
    page.context.close()


@pytest.mark.browser
def test_a_policy_that_blocks_webassembly_is_said(browser, watch, lms, package):
    errors = len(watch.errors)
    lms.csp = "default-src 'self'; script-src 'self'; style-src 'self'"
    try:
        # A context of its own (never used again): its HTTP cache keeps the files served under the policy.
        page = host(browser.browser, watch, lms, package)
        frame = page.frame_locator("#sco")
        expect(frame.locator(".python-status")).to_contain_text("blocks WebAssembly", timeout=READY_MS)
    finally:
        lms.csp = None
    del watch.errors[errors:]  # the browser logs the policy's refusals
    page.context.close()


@pytest.mark.browser
def test_the_embed_panel_downloads_a_package_built_in_the_browser(new_page, package, tmp_path):
    page = new_page(f"index.html#p={PUZZLES[0]}")
    button(page, "Embed").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download for an LMS (SCORM)").click()
    expect(message(page)).to_contain_text("Downloaded sudoku-scorm.zip")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    with zipfile.ZipFile(saved) as archive, zipfile.ZipFile(package) as built:
        assert archive.testzip() is None  # every entry's CRC-32 holds
        assert archive.namelist() == built.namelist()
        assert json.loads(archive.read("scorm.json"))["puzzles"] == [PUZZLES[0]]
        manifest = ElementTree.fromstring(archive.read("imsmanifest.xml"))
        assert manifest.find("{*}metadata/{*}schemaversion").text == "1.2"
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        for name in ("index.html", "static/vendor/build.json"):
            assert archive.read(name) == built.read(name)
        largest = max(archive.infolist(), key=lambda info: info.file_size)
        assert largest.compress_type == zipfile.ZIP_DEFLATED and largest.compress_size < largest.file_size / 2
    # Deflated as `build.py scorm` deflates it: course sites cap the size of an upload.
    assert saved.stat().st_size <= 1.05 * package.stat().st_size


SUSPEND = """
const m = await import(process.argv[1]);
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// n x n work: an entry in every third cell, every symbol noted in the others, a corner mark
// in every fifth, colours in every seventh.
const work = (n) => ({
  entries: Array.from({length: n * n}, (_, c) => (c % 3 ? "." : SYMBOLS[c % n])).join(""),
  notes: Array.from({length: n * n}, (_, c) => (c % 3 ? SYMBOLS.slice(0, n) : "")),
  corners: Array.from({length: n * n}, (_, c) => (c % 5 ? "" : SYMBOLS[c % n])),
  colours: Array.from({length: n * n}, (_, c) => (c % 7 ? "" : "29")),
  ms: 61000, hints: 3, solved: false, revealed: true,
});
const said = [];
const keep = (works, limit) => m.PuzzleSet.prototype.suspendData.call(
  {works, current: 0, lms: {suspendLimit: limit}, play: {notice: (text) => said.push(text)}, notesDropped: false});
const works = [work(9), work(16)];
const text = m.encode(works, 1);
const records = works.map((w, k) => ({size: [9, 16][k], givens: ".".repeat(w.entries.length)}));
const small = [work(9)];
// Work stored before corner marks and colours: its fields end at the flags.
const old = m.decode("s1|0|(81)~~1p~3~1", [{size: 9, givens: ".".repeat(81)}]);
console.log(JSON.stringify({
  back: m.decode(text, records), works, old: old.works[0], length: m.encode(small, 0).length, json: JSON.stringify(small).length,
  kept: [keep(small, 4096) === m.encode(small, 0), keep(Array(4).fill(work(16)), 4096) === m.encode(Array(4).fill(work(16)), 0, false),
         keep(Array(12).fill(work(25)), 4096)],
  said,
}));
"""


@pytest.mark.external
def test_suspend_data_is_compact_reads_back_and_past_the_limit_drops_marks_then_says_so():
    done = subprocess.run(["node", "--input-type=module", "-e", SUSPEND, (ROOT / "static/views/play/set.js").as_uri()],
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert result["back"] == {"works": result["works"], "current": 1}  # corner marks and colours too
    assert result["old"]["corners"] == result["old"]["colours"] == [""] * 81 and result["old"]["ms"] == 61000
    assert result["length"] < 0.5 * result["json"]  # under half the work as JSON
    assert result["kept"] == [True, True, None]
    assert len(result["said"]) == 2
    assert "keeps your entries, times and hints, and this browser your marks" in result["said"][0]
    assert "only this browser keeps it" in result["said"][1]


RUNTIME = """
globalThis.window = globalThis;
const [scorm, lib12, lib2004] = process.argv.slice(1);
const { connect, findAPI } = await import(scorm);
const { Scorm12API } = await import(lib12);
const { Scorm2004API } = await import(lib2004);
const out = {};
// SCORM 2004: its element names, as scorm-again's Scorm2004API takes them.
const api = new Scorm2004API({ logLevel: 5 });
const sets = {};
api.on("SetValue.cmi.*", (element, value) => (sets[element] = value));
globalThis.API_1484_11 = api;
const said = [];
const session = connect("2004", (text) => said.push(text));
session.setStatus("incomplete");
session.setScore(75);
session.setStatus("passed");
session.finish();
out.v2004 = { sets, said, status: api.cmi.success_status };
// SCORM 1.2: a refusal is told in words.
globalThis.API = new Scorm12API({ logLevel: 5 });
const refused = [];
const old = connect("1.2", (text) => refused.push(text));
old.set("lesson_status", "done");
out.refused = refused;
// Discovery: parents up the chain, then the opener's chain; none: null.
const top = { API: "found" };
top.parent = top;
const frame = { parent: { parent: top } };
const popup = { opener: { parent: top } };
popup.parent = popup;
const alone = {};
alone.parent = alone;
out.found = [findAPI("1.2", frame), findAPI("1.2", popup), findAPI("1.2", alone)];
console.log(JSON.stringify(out));
"""


@pytest.mark.external
def test_the_runtime_speaks_scorm_2004_finds_the_api_and_words_refusals():
    dist = ROOT / "node_modules" / "scorm-again" / "dist" / "esm"
    done = subprocess.run(["node", "--input-type=module", "-e", RUNTIME, (ROOT / "static/scorm.js").as_uri(),
                           (dist / "scorm12.js").as_uri(), (dist / "scorm2004.js").as_uri()],
                          capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    sets = out["v2004"]["sets"]
    assert (sets["cmi.completion_status"], sets["cmi.success_status"], out["v2004"]["status"]) == ("completed", "passed", "passed")
    assert (sets["cmi.score.raw"], sets["cmi.score.min"], sets["cmi.score.max"], sets["cmi.score.scaled"]) == ("75", "0", "100", "0.7500")
    assert re.fullmatch(r"PT\d+H\d+M[\d.]+S", sets["cmi.session_time"]) and sets["cmi.exit"] == "suspend"
    assert out["v2004"]["said"] == []
    assert len(out["refused"]) == 1 and 'LMSSetValue("cmi.core.lesson_status")' in out["refused"][0]
    assert "error 405 (Incorrect Data Type)" in out["refused"][0]  # scorm-again's code and words
    assert out["found"] == ["found", "found", None]


@pytest.mark.browser
def test_without_an_lms_the_set_is_the_ordinary_page_and_the_browser_keeps_it(browser, watch, lms, package):
    base = f"http://127.0.0.1:{lms.server_address[1]}"
    page = open_page(browser, base + "/", watch, base + launch_url(package))
    expect(page.locator(".set-line")).to_contain_text("Puzzle 1 of 2 · 0 solved")
    cells = blanks(PUZZLES[0])[:2]
    type_line(page, solution(PUZZLES[0]), cells)
    page.reload()
    expect(page.locator(".set-line")).to_contain_text("Puzzle 1 of 2")
    for cell in cells:
        expect(page.locator(f'[data-cell="{cell}"]')).to_have_text(solution(PUZZLES[0])[cell])
    expect(page.locator("#notice")).to_be_hidden()  # no LMS: nothing to complain about
    page.context.close()
