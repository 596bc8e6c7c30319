// A problem set in the play view (?set=FILE, a JSON file beside the page: what
// `build.py scorm` writes as scorm.json): its puzzles one at a time, "Puzzle k of N",
// each one's progress, and the score. Each puzzle keeps its entries, notes, time and
// hints; the set's work is kept in the LMS's cmi.suspend_data, with the status and score
// the LMS records, when the page was launched by a learning management system
// (static/scorm.js finds its API), and in the browser's storage otherwise.
//
// The score (scorm-package.js's RULE, in the set file and docs/teachers.md): each puzzle is
// worth 100/N; each hint asked for costs HINT_COST of that; a puzzle whose solution was shown
// (Solve, Show the solution) scores 0; an unsolved puzzle scores 0. The set is completed
// when every puzzle is solved by the student's own entries; with a mastery score, it is
// then passed (score at least mastery) or failed.
import { BLANK, COLOURS, SYMBOLS, gridShape } from "../../grid.js";
import { readPuzzle } from "../../kinds.js";
import { h, useStyle } from "../../kit.js";
import { HINT_COST, crc32 } from "../../scorm-package.js";
import { connect } from "../../scorm.js";
import { Store, shapes } from "../../store.js";
import { Game, emptyState } from "./game.js";

// A commit after this many entries since the last one (a solve, a hint, a shown solution,
// and the page being hidden commit at once).
const COMMIT_EVERY = 10;
// The version of suspend_data's encoding (its first field).
const FORMAT = "s1";
const LOCAL_LIMIT = 200_000;
const FINAL = ["completed", "passed", "failed"];

// A puzzle's work: entries (one line), its centre marks (notes), corner marks and colours
// (one string per cell each), ms played, hints asked for (the most ever: Clear does not give
// them back), solution shown, solved.
function fresh(n) {
  const none = () => Array(n * n).fill("");
  return { entries: BLANK.repeat(n * n), notes: none(), corners: none(), colours: none(), ms: 0, hints: 0, revealed: false, solved: false };
}

// -- suspend_data: compact text, as SCORM 1.2 keeps 4,096 characters ---------------------
// "s1|k|p;p;...": k the puzzle shown; each p is entries~notes~seconds~hints~flags~corners~colours,
// where entries are the line with runs of 3 or more blanks as "(count)", notes (centre marks)
// are each noted cell's index (2 base-36 digits) and its notes as a mask (symbol k bit k, in
// base 36, as many digits as n bits need: 2 for a 9x9), seconds and hints are base 36, flags
// 1 solved + 2 shown; corner marks as notes are, colours too (colour k bit k, 9 bits). Work
// stored before corner marks and colours existed ends at flags.

function packEntries(line) {
  return line.replace(/\.{3,}/g, (run) => `(${run.length})`);
}

function unpackEntries(text) {
  return text.replace(/\((\d+)\)/g, (_, count) => BLANK.repeat(Number(count)));
}

// The base-36 digits of a mask of n bits (a cell's notes as bits, symbol k bit k).
const maskWidth = (n) => (2 ** n - 1).toString(36).length;

// A layer of marks (one string per cell, each of the characters of `alphabet`) packed.
function packMarks(marks = [], alphabet) {
  const cells = marks.map((marked, cell) => {
    if (!marked) return "";
    const mask = [...marked].reduce((bits, s) => bits + 2 ** alphabet.indexOf(s), 0);
    return cell.toString(36).padStart(2, "0") + mask.toString(36).padStart(maskWidth(alphabet.length), "0");
  });
  return cells.join("");
}

function unpackMarks(text, n, alphabet) {
  const marks = Array(n * n).fill("");
  const width = 2 + maskWidth(alphabet.length);
  for (let at = 0; at + width <= (text ?? "").length; at += width) {
    const cell = parseInt(text.slice(at, at + 2), 36);
    const mask = parseInt(text.slice(at + 2, at + width), 36);
    if (cell >= 0 && cell < n * n) marks[cell] = [...alphabet].filter((_, k) => Math.floor(mask / 2 ** k) % 2).join("");
  }
  return marks;
}

export function encode(works, current, withNotes = true) {
  const parts = works.map((w) => {
    const symbols = SYMBOLS.slice(0, Math.sqrt(w.entries.length));
    const marks = withNotes ? [packMarks(w.corners, symbols), packMarks(w.colours, COLOURS)] : [];
    return [packEntries(w.entries), withNotes ? packMarks(w.notes, symbols) : "", Math.round(w.ms / 1000).toString(36),
      w.hints.toString(36), (w.solved ? 1 : 0) + (w.revealed ? 2 : 0), ...(marks.some(Boolean) ? marks : [])].join("~");
  });
  return `${FORMAT}|${current}|${parts.join(";")}`;
}

// The works and current puzzle `text` holds for `puzzles` (their records), or null if it
// is not this set's.
export function decode(text, puzzles) {
  const [format, current, body] = text.split("|");
  const parts = body?.split(";") ?? [];
  if (format !== FORMAT || parts.length !== puzzles.length) return null;
  const works = parts.map((part, k) => {
    const [entries, notes, seconds, hints, flags, corners, colours] = part.split("~");
    const n = puzzles[k].size;
    const symbols = SYMBOLS.slice(0, n);
    const line = unpackEntries(entries ?? "");
    if (line.length !== n * n) return null;
    const kept = [...line].map((s, cell) => (puzzles[k].givens[cell] === BLANK && SYMBOLS.slice(0, n).includes(s) ? s : BLANK)).join("");
    return {
      entries: kept, notes: unpackMarks(notes, n, symbols), corners: unpackMarks(corners, n, symbols),
      colours: unpackMarks(colours, n, COLOURS), ms: (parseInt(seconds, 36) || 0) * 1000,
      hints: parseInt(hints, 36) || 0, solved: Boolean(Number(flags) & 1), revealed: Boolean(Number(flags) & 2),
    };
  });
  const k = Number(current);
  return works.every(Boolean) && Number.isInteger(k) && k >= 0 && k < works.length ? { works, current: k } : null;
}

export class PuzzleSet {
  // Loads the set file the URL names and puts its first (or stored) puzzle on the board.
  static async start(play, file) {
    let set;
    try {
      const response = await fetch(new URL(file, location.href));
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      set = await response.json();
    } catch (error) {
      return play.say(`The problem set ${file} could not be loaded (${error.message}).`);
    }
    const puzzles = (set.puzzles ?? []).map((text) => readPuzzle(text));
    const bad = puzzles.findIndex((record) => record.status === "invalid");
    if (!puzzles.length || bad >= 0) {
      return play.say(puzzles.length ? `Puzzle ${bad + 1} of the set is not valid: ${puzzles[bad].error}.` : "The problem set has no puzzles.");
    }
    await useStyle(new URL("set.css", import.meta.url));
    play.set = new PuzzleSet(play, set, puzzles);
    play.set.open(play.set.current);
  }

  constructor(play, set, puzzles) {
    this.play = play;
    this.title = set.title ?? "Problem set";
    this.mastery = Number.isFinite(set.mastery) ? set.mastery : null;
    this.puzzles = puzzles;
    this.labs = Array.isArray(set.labs) ? set.labs.filter((link) => typeof link === "string") : [];
    this.lms = connect(set.scorm === "2004" ? "2004" : "1.2", (text) => play.notice(text));
    this.status = this.lms?.status() ?? "";
    this.entriesSinceCommit = 0;
    this.notesDropped = false;
    this.opened = false;
    // The browser keeps the work of each set (named by its puzzles) for the page without an
    // LMS; with one, the LMS's suspend_data alone resumes (none: a new attempt starts afresh).
    const name = crc32(new TextEncoder().encode(puzzles.map((p) => p.puzzle).join("\n"))).toString(36);
    this.store = new Store(`sudoku-dlx:set:${name}`);
    const stored = this.lms ? this.lms.get("suspend_data") : this.store.read("", shapes.text(LOCAL_LIMIT), "");
    const resumed = stored ? decode(stored, puzzles) : null;
    this.works = resumed?.works ?? puzzles.map((p) => fresh(p.size));
    this.current = resumed?.current ?? 0;
    if (stored && !resumed) play.notice("The stored work on this set could not be read, so the set starts afresh.");
    document.querySelector(".board").prepend(this.makeBar());
    if (this.lms && !FINAL.includes(this.status)) this.tell("incomplete");
    addEventListener("visibilitychange", () => {
      if (!document.hidden) return;
      this.keep();
      this.save(true);
    });
  }

  makeBar() {
    this.buttons = this.puzzles.map((_, k) => h("button", { type: "button", "data-set-puzzle": k }, String(k + 1)));
    this.buttons.forEach((button, k) => button.addEventListener("click", () => this.open(k)));
    this.line = h("p", { class: "set-line", "aria-live": "polite" });
    // The set's lab links open in a tab of their own: leaving this page would end the LMS session.
    const labs = this.labs.map((link, k) => h("a", { href: new URL(link, location.href).href, target: "_blank", rel: "noopener" },
      this.labs.length > 1 ? `Lab ${k + 1}` : "Lab"));
    return h("nav", { class: "set-bar", "aria-label": this.title },
      h("h2", { class: "set-title" }, this.title), this.line, h("div", { class: "set-puzzles" }, this.buttons, labs));
  }

  // Puts puzzle k on the board with its work.
  open(k) {
    // The board's game is the set's only once a puzzle was opened (before, it is what the
    // browser kept of the page, which must not override the LMS's suspend_data).
    if (this.opened) this.keep();
    this.opened = true;
    this.current = k;
    const record = this.puzzles[k];
    const work = this.works[k];
    const { notes, corners, colours } = work;
    const state = emptyState(gridShape(record), record.givens, work.entries, { notes, corners, colours });
    const game = new Game({ state, clocks: { [record.puzzle]: { ms: work.ms, hints: work.hints, solved: work.solved } } });
    this.play.game = game;
    this.play.clockStarted = null;
    this.play.board.unmark();
    this.play.update();
    this.play.say(`Puzzle ${k + 1} of ${this.puzzles.length}${work.solved ? ": solved." : "."}`);
    this.save(true);
  }

  // The board's game into the current puzzle's work; true when it changed what a commit keeps.
  keep() {
    const { game } = this.play;
    const work = this.works[this.current];
    if (game.id !== this.puzzles[this.current].puzzle) return false; // not the set's puzzle
    this.play.tick();
    const clock = game.clock;
    const before = { hints: work.hints, revealed: work.revealed, solved: work.solved };
    if (game.entries !== work.entries) this.entriesSinceCommit += 1;
    Object.assign(work, {
      entries: game.entries, notes: [...game.notes], corners: [...game.corners], colours: [...game.colours], ms: clock.ms, hints: Math.max(work.hints, clock.hints),
      revealed: work.revealed || game.state.shown.replaceAll(BLANK, "") !== "", solved: work.solved || game.solved,
    });
    return work.hints !== before.hints || work.revealed !== before.revealed || work.solved !== before.solved ||
      this.entriesSinceCommit >= COMMIT_EVERY;
  }

  // After any change on the board (play.update and play.say call it).
  changed() {
    this.save(this.keep());
  }

  // The score, 0 to 100 (see the module's comment).
  score() {
    const share = 100 / this.puzzles.length;
    const points = this.works.reduce((sum, w) => sum + (w.solved && !w.revealed ? share * Math.max(0, 1 - HINT_COST * w.hints) : 0), 0);
    return Math.round(points);
  }

  // Keeps the work (in the browser; with `commit`, in the LMS too) and redraws the bar.
  save(commit) {
    const solved = this.works.filter((w) => w.solved).length;
    const score = this.score();
    this.buttons.forEach((button, k) => {
      const w = this.works[k];
      button.classList.toggle("solved", w.solved);
      button.setAttribute("aria-current", String(k === this.current));
      button.setAttribute("aria-label", `Puzzle ${k + 1}${w.solved ? `, solved${w.revealed ? " (solution shown)" : ""}` : ""}`);
    });
    this.line.textContent = `Puzzle ${this.current + 1} of ${this.puzzles.length} · ${solved} solved · score ${score} of 100`;
    const text = this.suspendData();
    this.store.writeText("", encode(this.works, this.current), LOCAL_LIMIT);
    if (!this.lms || !commit || this.lms.finished) return;
    if (text !== null) this.lms.set("suspend_data", text);
    this.lms.setScore(score);
    const done = solved === this.puzzles.length;
    if (done) this.tell(this.mastery === null ? "completed" : score >= this.mastery ? "passed" : "failed");
    this.lms.commit();
    this.entriesSinceCommit = 0;
  }

  // What the LMS keeps: the whole work if it fits its limit, else without marks (said
  // once); null if even that does not fit (said, and the browser keeps it).
  suspendData() {
    const limit = this.lms?.suspendLimit ?? Infinity;
    const whole = encode(this.works, this.current);
    if (whole.length <= limit) return whole;
    const bare = encode(this.works, this.current, false);
    const fits = bare.length <= limit;
    if (!this.notesDropped) {
      this.notesDropped = true;
      this.play.notice(fits
        ? `Your marks take more than the ${limit.toLocaleString("en")} characters the course site keeps: it keeps your entries, times and hints, and this browser your marks.`
        : `This set's work takes more than the ${limit.toLocaleString("en")} characters the course site keeps: only this browser keeps it.`);
    }
    return fits ? bare : null;
  }

  // Tells the LMS the status, never going back from completed, passed or failed to incomplete.
  tell(status) {
    if (status === "incomplete" && FINAL.includes(this.status)) return;
    if (status === this.status) return;
    this.status = status;
    this.lms.setStatus(status);
  }

  // The page goes away: keep everything and end the LMS session.
  leave() {
    this.keep();
    this.save(true);
    this.lms?.finish();
  }
}
