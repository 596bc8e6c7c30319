"""A seeded random walk of what a person may do to the page, with no error at any step.

In headless Chromium; after the walk the page must still work (a digit typed into an empty cell
shows, Solve fills in the solution), with no page error and no console error at any step.

The actions: clicks on any visible control of the view at hand (buttons, links inside the
page, selects with a random option, checkboxes, details, range inputs, the grid's cells,
the keypad), key presses (digits, letters, arrows, Backspace, Delete, N, Ctrl+Z, Ctrl+Y,
Tab, Enter, Escape, ...), pastes of random and hostile text, typing into text and number
fields, views opened by URL (embed=1 too, #p= links with junk), share links of every kind
(each puzzle kind, with entries, cut short, with entries cut short, ?bd=, embeds of several
puzzles and ids), hash changes, a second tab of the browser (opened on a link, switched to,
closed), Stop, reloads, going offline and back, localStorage values edited between reloads,
window sizes, Back.

After every action, besides no error: the play view shows a game that is stored (as the saved
game or the second saved game), or a note under the keypad says what became of it; no game
is lost without a word (issue 39).

    python3 -m pytest tests/test_monkey.py                       # the CI walk (fixed seed)
    MONKEY_SEED=123 MONKEY_ACTIONS=2000 python3 -m pytest tests/test_monkey.py

Deterministic given the seed: each action draws from its own random.Random(f"{seed}:{i}"),
so the same seed makes the same actions in the same order (what they meet may still differ
with Python's timing); a failure names the seed, the action and the last 30 actions, and
MONKEY_ACTIONS=<action + 1> replays the walk up to it.

Never done: links to other origins, file pickers (a file is set directly instead), the print
dialog (window.print is stubbed); downloads are accepted and dropped, new tabs closed, and
any dialog (alert, confirm) fails the walk: the page opens none, so one is an injection."""

from __future__ import annotations

import json
import os
import random
import re
from urllib.parse import quote

import pytest
from conftest import DATA, lines
from pagekit import *  # noqa: F403 - the browser fixtures and helpers
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sudoku_dlx import web
from test_page_kinds import IDS as KIND_IDS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = int(os.environ.get("MONKEY_SEED", "24"))
ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "300"))

PUZZLES = {
    4: lines("4x4/vukr_4x4.txt", 3),
    6: [row.split("\t")[0] for row in lines("6x6/sukaku6x6explainer_readme_examples.tsv", 2)],
    9: lines("9x9/norvig_hardest.txt", 3) + lines("9x9/royle17_sample300.txt", 2),
    16: lines("16x16/vukr_16x16_first100.txt", 2),
    25: [row.split("\t")[0] for row in lines("25x25/course_tcgaryau_25x25.tsv", 1)],
}
FINAL = lines("9x9/norvig_top95.txt", 1)[0]
FINAL_SOLUTION = web.solve(FINAL)["solutions"][0]
BATCH_FILE = DATA / "9x9" / "norvig_top95.txt"

# Keys the page stores under (the embeds' are found in storage as the walk makes them).
STORAGE_KEYS = ["sudoku-dlx:page", "sudoku-dlx:page:kept", "sudoku-dlx:page:settings", "sudoku-dlx:page:import",
                "sudoku-dlx:page:generate", "sudoku-dlx:lab:text"]
STORAGE_VALUES = ["null", '"x"', "123", "[]", "{}", '{"unknown":1}', '{"tidy-notes":true,"old-option":false}', "{",
                  '"' + "x" * (1 << 20) + '"']
NUMBERS = ["-1", "1e309", "NaN", "0", "99999999999", "1.5", "-0", "Infinity", "", "12abc", "1e-9", "3"]
KEYS = ([str(d) for d in range(10)] + ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Backspace", "Delete",
        "n", "N", "Control+z", "Control+y", "Control+Shift+z", "Tab", "Shift+Tab", "Enter", "Escape", "Home",
        "End", "Control+ArrowDown", "Control+ArrowRight", " ", "PageDown"])
SIZES = [(1366, 768), (375, 667), (1280, 800), (320, 480), (1920, 1080)]

# The controls a person may click or change: visible, not disabled, inside the page.
CONTROLS = """() => [...document.querySelectorAll(
    "button, a[href], select, input, textarea, summary, label, [data-cell], [role=button], [tabindex]")]
  .filter((el) => {
    if (el.disabled || el.matches("input[type=file]")) return false;
    if (el.matches("a[href]") && new URL(el.href, location.href).origin !== location.origin) return false;
    return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  })"""
TEXT_FIELDS = """() => [...document.querySelectorAll(
    "textarea, input:not([type]), input[type=text], input[type=number], input[type=search]")]
  .filter((el) => !el.disabled && !el.readOnly && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))"""
DESCRIBE = """(el) => {
  const text = (el.getAttribute("aria-label") || el.textContent || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 30);
  const id = el.id ? "#" + el.id : "";
  const cell = el.dataset.cell !== undefined ? ` cell ${el.dataset.cell}` : "";
  const type = el.type ? `[${el.type}]` : "";
  const href = el.matches("a[href]") ? ` -> ${el.getAttribute("href").slice(0, 60)}` : "";
  return `${el.tagName.toLowerCase()}${type}${id}${cell} "${text}"${href}`;
}"""
# A paste as the browser makes it, on the focused element (the page listens on the document).
PASTE = """(text) => {
  const data = new DataTransfer();
  data.setData("text/plain", text);
  const target = document.activeElement ?? document.body;
  target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
}"""
SET_VALUE = """(el, value) => {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}"""
# Whether the play view's grid is a stored game's (the saved one or the second), or a note
# says what became of its game; true where it does not apply (another view, an embed, a
# solve path's step shown on the grid, an empty grid).
KEPT = """() => {
  const params = new URLSearchParams(location.search);
  const cells = [...document.querySelectorAll("#grid [data-cell]")];
  if (params.has("embed") || (params.get("view") ?? "play") !== "play" || !cells.length) return true;
  if (/^Step \\d+:/.test(document.getElementById("message")?.textContent ?? "")) return true;
  if ([...document.querySelectorAll("#notice, #games")].some((note) => !note.hidden)) return true;
  const shown = cells.map((cell) => cell.textContent || ".").join("");
  if (!/[^.]/.test(shown)) return true; // an empty grid: nothing to lose
  const line = (key) => {
    try {
      const { givens, entries, shown } = JSON.parse(localStorage.getItem(key)).state;
      return Array.from(givens, (g, x) => (g !== "." ? g : entries[x] !== "." ? entries[x] : shown[x])).join("");
    } catch {
      return null;
    }
  };
  return [line("sudoku-dlx:page"), line("sudoku-dlx:page:kept")].includes(shown);
}"""

# What the play view shows and what is stored, to say why KEPT failed.
SHOWN_AND_STORED = """() => ({
  shown: [...document.querySelectorAll("#grid [data-cell]")].map((cell) => cell.textContent || ".").join(""),
  stored: ["sudoku-dlx:page", "sudoku-dlx:page:kept"].map((key) => (localStorage.getItem(key) ?? "").slice(0, 300)),
  message: document.getElementById("message")?.textContent,
})"""

# The print dialog would block a headless walk: print() is counted instead.
NO_PRINT = "window.print = () => { window.printed = (window.printed ?? 0) + 1; };"

# What Chromium logs for a request that fails because the walk took the network away (not
# the page's doing): "Failed to load resource: net::ERR_INTERNET_DISCONNECTED" and, for a
# request the service worker could not answer offline, "net::ERR_FAILED". Only these exact
# lines, and only while offline (or in the action after it went back online, as the browser
# may tell them late), are forgiven; nothing else, and never a page error. (The page
# registers its service worker only while online, so a failed fetch of sw.js is an error.)
OFFLINE_LINES = re.compile(r"^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$")


def fullwidth(text: str) -> str:
    return text.translate({ord(d): 0xFF10 + int(d) for d in "0123456789"})


def hostile_text(r: random.Random) -> str:
    size = r.choice(list(PUZZLES))
    puzzle = r.choice(PUZZLES[size])
    nine = r.choice(PUZZLES[9])
    kinds = [
        lambda: puzzle,
        lambda: "<script>alert(1)</script>",
        lambda: '"><img src=x onerror=alert(1)>',
        lambda: f"<svg onload=alert(1)>{nine}",
        lambda: "\u200e" + nine + "\u200e",
        lambda: "\u202e" + nine,
        lambda: "\u200e".join(nine),
        lambda: fullwidth(nine),
        lambda: "\x00" + nine,
        lambda: nine.replace(".", "\x00"),
        lambda: "🧩😀" * r.randint(1, 50) + nine + "👍🏽",
        lambda: "".join(r.choice("0123456789") for _ in range(10_000)),
        lambda: "".join(chr(r.randint(32, 0x2FFF)) for _ in range(r.choice([10, 1000, 200_000]))),
        lambda: "\n".join("|".join(nine[k:k + 9]) for k in range(0, 81, 9)),
        lambda: f"Puzzle #1: {nine.replace('.', '*')} (SE 2.3)",
        lambda: f"[code]{nine}[/code]",
        lambda: "\n".join(PUZZLES[9]),
        lambda: "",
        lambda: " \n\t ",
        lambda: "javascript:alert(1)",
        lambda: "%3Cscript%3Ealert(1)%3C/script%3E",
        lambda: "items: 1 2\nA: 1\nB: 2\n" * r.randint(1, 3),
        lambda: "1" * 4301,
    ]
    return r.choice(kinds)()


def share_hash(r: random.Random) -> str:
    """A share link's hash, of every kind the page reads: any puzzle kind, whole or cut
    short, with entries whole or cut short."""
    size = r.choice(list(PUZZLES))
    puzzle = r.choice(PUZZLES[size] + list(KIND_IDS.values()) + ["windoku:" + r.choice(PUZZLES[9])])
    entries = "".join(r.choice("123456789" if size == 9 else ".") if r.random() < 0.2 else "." for _ in range(81))
    return r.choice([
        f"p={puzzle}",
        f"p={puzzle[:r.randrange(1, len(puzzle))]}",
        f"p={r.choice(PUZZLES[9])}&e={entries}",
        f"p={r.choice(PUZZLES[9])}&e={entries[:r.randrange(1, 81)]}",
        f"p={quote(puzzle)}&e=",
        f"p={puzzle.replace('.', '0')}",
    ])


def junk_link(r: random.Random) -> str:
    nine = r.choice(PUZZLES[9])
    text = quote(hostile_text(r)[:2000])
    return r.choice([
        "index.html", "index.html?view=lab", "index.html?view=race", "index.html?view=batch",
        "index.html?view=worksheet", "index.html?embed=1", "index.html?view=lab&embed=1",
        "index.html?view=race&embed=1", "index.html?view=batch&embed=1", "index.html?view=worksheet&embed=1",
        f"index.html#p={text}", f"index.html#p={nine}", f"index.html#p={nine}&e={text}",
        f"index.html?embed=1&id={text[:50]}#p={nine}", f"index.html?embed=1&readonly=1&steps=1#p={nine}",
        f"index.html?bd={text}", "index.html?view=lab&problem=queens&n=99", "index.html?view=lab&problem=nope",
        "index.html?view=lab&problem=sudoku9&step=-5", f"index.html?view=lab#t={text}",
        f"index.html?view=worksheet&size=25&n=-1&difficulty=Nope&title={quote('<b>x</b>')}",
        "index.html?view=nonsense", f"index.html?buttons=solve,zzz&stats=0#p={nine}", "index.html?buttons=0",
        f"index.html?view=race#p={text}", f"index.html?view=race&embed=1#p={nine}",
        f"index.html#{share_hash(r)}", f"index.html?bd={nine[:r.randrange(1, 82)]}",
        f"index.html?embed=1&id={r.choice('ab')}#{share_hash(r)}",
    ])


class Monkey:
    def __init__(self, page, server, watch, seed):
        self.page = page
        self.context = page.context
        self.server = server
        self.watch = watch
        self.seed = seed
        self.log: list[str] = []
        self.offline = False
        self.offline_before = False  # offline at some time during the previous action
        self.dialogs: list[str] = []
        self.crashed = False
        self.checked = 0  # watch.errors before this index are accounted for
        self.other = None  # a second tab of the browser, when the walk opened one
        self.watch_page(page)

    def watch_page(self, page):
        page.on("dialog", self.dialog)
        page.on("crash", lambda _: setattr(self, "crashed", True))

    def dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    # -- what a person does ------------------------------------------------------------------

    def click(self, r):
        # The grid's cells would outnumber everything else: a quarter of the clicks go to
        # cells, a sixth to the keypad, the rest to the other controls (all, if a group is empty).
        group, pick = r.random(), r.random()
        group = "cells" if group < 0.25 else "keypad" if group < 0.4 else "others"
        controls = self.page.evaluate_handle(f"""() => {{
          const all = ({CONTROLS})();
          const groups = {{
            cells: all.filter((el) => el.matches("[data-cell]")),
            keypad: all.filter((el) => el.closest("#keypad")),
            others: all.filter((el) => !el.matches("[data-cell]") && !el.closest("#keypad")),
          }};
          return groups["{group}"].length ? groups["{group}"] : all;
        }}""")
        count = controls.evaluate("list => list.length")
        if not count:
            return "nothing to click"
        element = controls.evaluate_handle("(list, k) => list[k]", int(pick * count)).as_element()
        what = self.target = element.evaluate(DESCRIBE)
        kind = element.evaluate("el => el.tagName === 'INPUT' ? el.type : el.tagName.toLowerCase()")
        if kind == "select":
            options = element.evaluate("el => el.options.length")
            if options:
                k = int(r.random() * options)
                element.select_option(index=k, timeout=2000)
                return f"select {what} option {k}"
        if kind == "range":
            low, high = element.evaluate("el => [Number(el.min || 0), Number(el.max || 100)]")
            value = low + int(r.random() * (high - low + 1))
            element.fill(str(value), timeout=2000)
            return f"range {what} = {value}"
        element.click(timeout=2000)
        return f"click {what}"

    def key(self, r):
        if r.random() < 0.2:  # a burst of typing
            keys = [r.choice(KEYS) for _ in range(r.randint(2, 15))]
        else:
            keys = [r.choice(KEYS + [r.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMOPQRSTUVWXYZ")])]
        for key in keys:
            self.page.keyboard.press(key)
        return "keys " + " ".join(keys)

    def paste(self, r):
        text = hostile_text(r)
        self.page.evaluate(PASTE, text)
        return f"paste {text[:40]!r} ({len(text)} chars)"

    def type(self, r):
        fields = self.page.evaluate_handle(TEXT_FIELDS)
        count = fields.evaluate("list => list.length")
        if not count:
            return "no text field"
        field = fields.evaluate_handle("(list, k) => list[k]", int(r.random() * count)).as_element()
        what = self.target = field.evaluate(DESCRIBE)
        if field.evaluate("el => el.type") == "number":
            value = r.choice(NUMBERS)
            field.evaluate(SET_VALUE, value)
        else:
            value = hostile_text(r)
            try:
                field.fill(value, timeout=5000)
            except PlaywrightError:  # text fill() refuses (NUL, say): as a script would set it
                field.evaluate(SET_VALUE, value)
        enter = r.random() < 0.3
        if enter:
            field.press("Enter", timeout=2000)
        return f"type into {what}: {value[:40]!r} ({len(value)} chars){' + Enter' if enter else ''}"

    def navigate(self, r):
        link = junk_link(r)
        self.page.goto(self.server + link)
        return f"open {link[:100]}"

    def hash(self, r):
        nine = r.choice(PUZZLES[9])
        value = r.choice([f"p={nine}", f"p={quote(hostile_text(r)[:500])}", f"p={nine}&e={quote(hostile_text(r)[:200])}",
                          "", "p=", f"t={quote(hostile_text(r)[:500])}", share_hash(r), share_hash(r)])
        self.page.evaluate("(hash) => { location.hash = hash; }", value)
        return f"hash #{value[:60]}"

    def stop(self, r):
        stops = self.page.get_by_role("button", name="Stop", exact=True, disabled=False)  # one that can stop something
        if not stops.count():
            return "no Stop"
        stops.first.click(timeout=2000)
        return "click Stop"

    def reload(self, r):
        self.page.reload()
        return "reload"

    def toggle_offline(self, r):
        self.offline = not self.offline
        self.context.set_offline(self.offline)
        return "offline" if self.offline else "online"

    def storage(self, r):
        present = sorted(k for k in self.page.evaluate("Object.keys(localStorage)") if k.startswith("sudoku-dlx:"))
        keys = STORAGE_KEYS + [k for k in present if k not in STORAGE_KEYS]
        key = keys[int(r.random() * len(keys))]
        value = r.choice(STORAGE_VALUES)
        self.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])
        self.page.reload()
        return f"storage {key[:60]} = {value[:40]!r} ({len(value)} chars), reload"

    def resize(self, r):
        width, height = r.choice(SIZES)
        self.page.set_viewport_size({"width": width, "height": height})
        return f"window {width}x{height}"

    def back(self, r):
        self.page.go_back()
        return "Back"

    def wait(self, r):
        ms = r.choice([100, 300, 1000, 2500])
        self.page.wait_for_timeout(ms)
        return f"wait {ms} ms"

    def tab(self, r):
        """A second tab of the browser: opened on a link, switched to, or closed."""
        if self.other is None:
            link = r.choice(["index.html", f"index.html#{share_hash(r)}", junk_link(r)])
            self.other, self.page = self.page, self.context.new_page()
            self.watch_page(self.page)
            self.page.goto(self.server + link)
            return f"new tab: open {link[:100]}"
        if r.random() < 0.7:
            self.page, self.other = self.other, self.page
            self.page.bring_to_front()
            return "switch tabs"
        self.page.close(run_before_unload=True)
        self.page, self.other = self.other, None
        return "close this tab"

    def file(self, r):
        picker = self.page.locator("input[type=file]")
        if not picker.count():
            return "no file input"
        picker.first.set_input_files(BATCH_FILE)
        return f"choose file {BATCH_FILE.name}"

    WEIGHTS = {"click": 40, "key": 18, "paste": 6, "type": 8, "navigate": 4, "hash": 3, "stop": 3, "reload": 2,
               "toggle_offline": 2, "storage": 3, "resize": 1, "back": 1, "wait": 5, "file": 1, "tab": 3}

    # -- the walk ----------------------------------------------------------------------------

    def act(self, i):
        r = random.Random(f"{self.seed}:{i}")
        name = r.choices(list(self.WEIGHTS), weights=list(self.WEIGHTS.values()))[0]
        offline_at_start = self.offline
        where = re.sub(r"^https?://[^/]+/", "", self.page.url)[:60]
        self.target = ""
        try:
            done = getattr(self, name)(r)
        except PlaywrightError as error:
            # The element went away, moved or is covered; a navigation offline before the
            # service worker could keep the page. Noted; the walk goes on.
            first = str(error).splitlines()[0][:120]
            done = f"{name} {self.target}: not done ({first})"
        self.log.append(f"{i:5d} {done}   @ {where}")
        if self.page.url.startswith("chrome-error:"):
            # Offline before the service worker kept the page (it registers once Python is
            # ready): the browser shows its own offline page. Back online, as a person would.
            self.offline = False
            self.context.set_offline(False)
            self.page.goto(self.server + "index.html")
            self.log.append(f"{i:5d} (the browser's offline page: back online, open index.html)")
        for extra in self.context.pages:
            if extra not in (self.page, self.other):
                extra.close()  # a link's new tab
        self.forgive_offline_lines(self.offline_before or offline_at_start or self.offline)
        self.offline_before = offline_at_start or self.offline
        self.check(i)

    def forgive_offline_lines(self, offline):
        errors = self.watch.errors
        if offline:
            kept = [e for e in errors[self.checked:] if not OFFLINE_LINES.match(e)]
            errors[self.checked:] = kept

    def check(self, i):
        problems = []
        if self.crashed or self.page.is_closed():
            problems.append("the page crashed or closed")
        if self.dialogs:
            problems.append(f"a dialog opened (an injection?): {self.dialogs}")
        if len(self.watch.errors) > self.checked:
            problems.append(f"page/console errors: {self.watch.errors[self.checked:]}")
        if problems:
            pytest.fail(self.failure(i, "; ".join(problems)), pytrace=False)
        self.checked = len(self.watch.errors)
        # (After the errors: what the page logs meanwhile belongs to the next action.)
        if not self.game_kept():
            pytest.fail(self.failure(i, "the play view shows a game that is neither stored nor said to be lost"), pytrace=False)

    def game_kept(self) -> bool:
        """The play view (at the top, not an embed) shows a stored game (the saved one or the
        second), or a note says what became of it (waiting a little for another tab's event)."""
        if self.page.is_closed() or not re.fullmatch(r"[^?#]*/index\.html([?#].*)?", self.page.url):
            return True
        try:
            self.page.wait_for_function(KEPT, timeout=10_000, polling=100)
        except PlaywrightError as error:
            if "Timeout" not in str(error):
                return True  # gone meanwhile (a navigation): nothing to check
            self.log.append(f"      {self.page.url[:100]}: {self.page.evaluate(SHOWN_AND_STORED)}")
            return False
        return True

    def failure(self, i, what):
        text = (f"Monkey seed {self.seed}, action {i} of {ACTIONS}: {what}\n"
                f"Replay: MONKEY_SEED={self.seed} MONKEY_ACTIONS={i + 1} python3 -m pytest tests/test_monkey.py\n"
                "Last actions:\n" + "\n".join(self.log[-30:]))
        # An error may quote the hostile text (a NUL, say): escaped, so the report stays text.
        return re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}", text)


def test_the_page_survives_a_monkey(browser, server, watch):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    watch.attach(context)
    context.add_init_script(NO_PRINT)
    page = context.new_page()
    monkey = Monkey(page, server, watch, SEED)
    monkey.checked = len(watch.errors)
    page.goto(server + "index.html")
    try:
        for i in range(ACTIONS):
            monkey.act(i)
        # After the walk: online, the play view works.
        context.set_offline(False)
        monkey.offline = False
        if monkey.other is not None:
            monkey.other.close()
        page = monkey.page
        monkey.log.append("  end online, one tab; open the play view, type a digit, Solve")
        try:
            page.goto(server + f"index.html#p={FINAL}")
            blank = FINAL.index(".")
            expect(page.locator("[data-cell]")).to_have_count(81)
            page.get_by_role("button", name="Digit mode (Z)").click()  # the walk may have left marks on
            if cell(page, blank).text_content():
                button(page, "Clear").click()
            cell(page, blank).click()
            page.keyboard.press(FINAL_SOLUTION[blank])
            expect(cell(page, blank)).to_have_text(FINAL_SOLUTION[blank])
            expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=2 * READY_MS)
            button(page, "Solve").click()
            expect(message(page)).to_contain_text("Solved", timeout=READY_MS)
            assert grid_line(page) == FINAL_SOLUTION
        except AssertionError as error:
            pytest.fail(monkey.failure(ACTIONS, f"the page does not work after the walk: {error}"), pytrace=False)
        monkey.check(ACTIONS)
        print(f"\nMonkey seed {SEED}: {ACTIONS} actions; the last ones:\n" + "\n".join(monkey.log[-30:]))
    finally:
        context.close()
