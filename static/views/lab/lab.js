// The exact cover lab (?view=lab): Algorithm X with dancing links, step by step, on a
// small problem (the batting order of a course's notes, Knuth's example, N queens, a
// puzzle of each kind, or one typed in), as the 0/1 matrix, the links themselves and the problem's
// board; Count finds every solution. Python (web.cover_steps, web.cover_count) reads the
// problem and records the search; this module only shows it. Text goes into the DOM with
// textContent only.
//
// URL: problem=batting|knuth|queens|sudoku4|sudoku9|x|windoku|jigsaw|killer|futoshiki|
// variant|pentomino|langford with n= (batting: 3 or 6 items; queens: 1-12; langford: 1-16),
// board= (pentomino: 6x10, 5x12, 4x15, 3x20, 8x8-hole, RxC or a drawn board, rows of "."
// and "#" separated by "/"), pieces= (pentomino: the letters used, all 12 if none), raw=1
// (every solution, not up to symmetry), #p=<givens> for a sudoku or a puzzle of the kind
// named (a game ID or any text Python reads; a variant's f-puzzles or SudokuPad link;
// puzzle=<...> in the query string too),
// #t=<text> for a problem of one's own (it wins over problem=), step=<k> to open at step
// k, workers=<N> (Count on N workers), engine=cells (Count with dancing cells).
import { Cancelled } from "../../client.js";
import { $, View, count, download, h, plural, useStyle, whenReady } from "../../kit.js";
import { Pool } from "../../pool.js";
import { secondsLeft, shares } from "./estimate.js";
import { Stepper } from "../../stepper.js";
import { Store, shapes } from "../../store.js";
import { BoardView } from "./board.js";
import { BOARDS, BoardEditor, LETTERS, boardRows } from "./editor.js";
import { LinksView } from "./links.js";
import { matrixView } from "./matrix.js";
import { PiecesView } from "./pieces.js";
import { replay } from "./state.js";

// The choices of the problem menu: [value, label]; a value is a problem name, with its n.
const MENU = [
  ["batting 3", "Batting order, 3 items (the course notes' first matrix)"],
  ["batting 6", "Batting order, 6 items (each batsman bats once)"],
  ["knuth", "Knuth's example (items A–G)"],
  ["queens", "N queens"],
  ["sudoku4", "4×4 sudoku"],
  ["sudoku9", "9×9 sudoku (the matrix as a picture)"],
  ["x", "6×6 X sudoku"],
  ["windoku", "9×9 windoku"],
  ["jigsaw", "6×6 jigsaw"],
  ["killer", "4×4 killer sudoku"],
  ["futoshiki", "4×4 futoshiki"],
  ["variant", "Variant sudoku from a link (6×6 example)"],
  ["pentomino", "Pentominoes (Knuth's “Dancing Links” paper)"],
  ["langford", "Langford pairs"],
  ["own", "Your own problem (the text below)"],
];
const QUEENS = Array.from({ length: 12 }, (_, k) => k + 1);
const DEFAULT_QUEENS = 6;
const PAIRS = Array.from({ length: 16 }, (_, k) => k + 1);
const DEFAULT_PAIRS = 7;
// The most workers Count offers, and how many parts of the search each gets on average.
const MAX_WORKERS = 8;
const PARTS_PER_WORKER = 8;
const ENGINES = [["links", "dancing links"], ["cells", "dancing cells"]];
// What the text box holds until something is typed: the exact cover example of the
// course notes (items 1-7, options A-F; B, D and F cover every item once).
const SAMPLE = `# Which of the sets A-F cover 1-7, each number once?
items: 1 2 3 4 5 6 7
A: 1 4 7
B: 1 4
C: 4 5 7
D: 3 5 6
E: 2 3 6 7
F: 2 7
`;
const SPEEDS = [["1200", "slow"], ["400", "normal"], ["100", "fast"]];

// The longest problem text kept through a reload.
const TEXT_KEPT = 100_000;

// What a lab link asks for: {problem, n, puzzle, text, board, pieces, raw, step, workers, engine}.
function readLab(url) {
  const params = url.searchParams;
  const hash = new URLSearchParams(url.hash.slice(1));
  const text = hash.get("t") ?? "";
  return {
    problem: text ? "own" : params.get("problem") ?? "knuth",
    n: Number.parseInt(params.get("n") ?? "0", 10) || 0,
    puzzle: hash.get("p") ?? params.get("puzzle") ?? "",
    text,
    board: params.get("board") ?? "",
    pieces: params.get("pieces") ?? "",
    raw: params.get("raw") === "1",
    step: Math.max(1, Number.parseInt(params.get("step") ?? "1", 10) || 1),
    workers: Number.parseInt(params.get("workers") ?? "0", 10) || 0,
    engine: params.get("engine") ?? "",
  };
}

// The link to `choice` ({problem, n, puzzle, text, board, pieces, raw}), keeping the other
// options of `url` (workers=, engine=).
function labLink(url, choice, extra = {}) {
  const link = new URL(url);
  for (const name of ["problem", "n", "puzzle", "board", "pieces", "raw", "step", "embed"]) link.searchParams.delete(name);
  link.searchParams.set("view", "lab");
  link.hash = "";
  if (choice.problem === "own") {
    link.hash = new URLSearchParams({ t: choice.text }).toString();
  } else {
    link.searchParams.set("problem", choice.problem);
    if (choice.n) link.searchParams.set("n", choice.n);
    if (choice.board) link.searchParams.set("board", choice.board);
    if (choice.pieces) link.searchParams.set("pieces", choice.pieces);
    if (choice.raw) link.searchParams.set("raw", 1);
    if (choice.puzzle) link.hash = new URLSearchParams({ p: choice.puzzle }).toString();
  }
  for (const [name, value] of Object.entries(extra)) link.searchParams.set(name, value);
  return link.href;
}

// The arguments of web.cover_steps, cover_count ... for `choice`: board, pieces and raw
// only where they mean something, so every other problem asks as before.
function problemArgs(choice) {
  const args = { problem: choice.problem, n: choice.n, text: choice.text, puzzle: choice.puzzle };
  if (choice.board) args.board = choice.board;
  if (choice.pieces) args.pieces = choice.pieces;
  if (choice.raw) args.raw = true;
  return args;
}

export default class Lab extends View {
  constructor(options, python, host) {
    super(options, python, host);
    this.store = new Store("sudoku-dlx:lab:", {
      onRefused: () => this.notice("This browser does not let the page keep your text: copy it somewhere before you leave."),
      onBad: () => this.notice("Your saved problem text could not be read, so the example is in the box instead."),
    });
    this.record = null; // the web.cover_steps record shown
    this.shown = null; // the choice it was made from
    this.counting = false;
    this.job = null; // the count on the pool going on: see countParts
    this.pool = null; // the workers of a count on more than one (static/pool.js)
    this.solutionAt = -1; // the solution the browser shows (its place in search order)
    this.pending = false;
    this.note = ""; // what the link asked for that the lab does not offer, said with the first search
  }

  async build(root) {
    // The lab's style sheet, loaded before the lab is drawn (a sheet that fails leaves it plain).
    await useStyle(new URL("./lab.css", import.meta.url));
    root.replaceChildren(this.layout());
    this.stepper = new Stepper({
      panel: $("lab-steps"), range: $("lab-range"), first: $("lab-first"), back: $("lab-back"),
      next: $("lab-next"), last: $("lab-last"), play: $("lab-play"),
    }, (k) => this.draw(k));
    this.editor = new BoardEditor({ rows: $("lab-draw-rows"), cols: $("lab-draw-cols"), grid: $("lab-draw-grid") },
      () => this.drawnChanged());
    this.wire();
  }

  show() {
    const link = readLab(new URL(location.href));
    this.link = link;
    const menu = $("lab-problem");
    const value = link.problem === "batting" ? `batting ${link.n === 6 ? 6 : 3}` : link.problem;
    menu.value = MENU.some(([v]) => v === value) ? value : "knuth";
    if (menu.value !== value) this.note = `There is no problem named ${JSON.stringify(link.problem)} here. `;
    const queens = link.problem === "queens" && link.n ? link.n : DEFAULT_QUEENS;
    $("lab-n").value = String(QUEENS.includes(queens) ? queens : DEFAULT_QUEENS);
    if (!QUEENS.includes(queens)) this.note = `N queens is offered for N from 1 to 12, not ${queens}. `;
    $("lab-text").value = link.text || this.store.read("text", shapes.text(TEXT_KEPT), SAMPLE);
    $("lab-variant").value = link.problem === "variant" ? link.puzzle : "";
    this.showPentomino(link);
    const pairs = link.problem === "langford" && link.n ? link.n : DEFAULT_PAIRS;
    $("lab-pairs").value = String(PAIRS.includes(pairs) ? pairs : DEFAULT_PAIRS);
    if (!PAIRS.includes(pairs)) this.note = `Langford pairs are offered for n from 1 to 16, not ${pairs}. `;
    $("lab-workers").value = String(Math.min(MAX_WORKERS, link.workers || this.defaultWorkers()));
    $("lab-engine").value = link.engine === "cells" ? "cells" : "links";
    this.menuChanged();
    this.python.onChange((state) => this.pythonChanged(state));
    this.pythonChanged(this.python.state);
    this.load(link.step - 1);
    return { problem: menu.value };
  }

  // The link's pentomino board, pieces and restriction (the defaults where it has none).
  showPentomino(link) {
    const pentomino = link.problem === "pentomino";
    this.setBoard(pentomino && link.board ? link.board : BOARDS[0][0]);
    const pieces = pentomino && link.pieces ? link.pieces.toUpperCase() : LETTERS;
    for (const box of document.querySelectorAll("#lab-pieces input")) box.checked = pieces.includes(box.value);
    $("lab-restricted").checked = !link.raw;
  }

  stop() {
    this.stepper.pause();
    this.pool?.close();
  }

  // Shows `text` (a board name, "RxC" or a drawn board) in the board menu and the editor;
  // another rectangle joins the menu.
  setBoard(text) {
    const menu = $("lab-board-size");
    const named = text !== "draw" && BOARDS.some(([value]) => value === text);
    const rows = named ? null : boardRows(text);
    if (!named && !rows) this.note = `There is no board ${JSON.stringify(text)}: a board is a name, RxC or rows of . and #. `;
    if (rows && /^\d+x\d+$/.test(text)) menu.add(h("option", { value: text }, text.replace("x", "×")), menu.lastElementChild);
    menu.value = named || /^\d+x\d+$/.test(text) ? text : rows ? "draw" : BOARDS[0][0];
    this.editor.set(rows ?? boardRows(BOARDS[0][0]));
    this.drawnChanged();
  }

  // Says how many cells the drawn board has, beside what the pieces chosen need.
  drawnChanged() {
    const pieces = document.querySelectorAll("#lab-pieces input:checked").length;
    const cells = this.editor.cells();
    $("lab-draw-count").textContent = `${plural(cells, "cell")}; ${plural(pieces, "piece")} need ${count(5 * pieces)}.`;
  }

  // The problem and step shown (the Link box's link).
  embedLink() {
    return $("lab-link").value || location.href;
  }

  // Keeps the text box's problem through a reload, or says it cannot.
  keepText() {
    const text = $("lab-text").value;
    if (!this.store.writeText("text", text, TEXT_KEPT)) this.notice(Store.notKept("The problem text", text, TEXT_KEPT));
  }

  // Says what became of the stored text, in the box's panel (opened to show it).
  notice(text) {
    $("lab-storage").textContent = text;
    $("lab-storage").hidden = false;
    $("lab-own").open = true;
  }

  layout() {
    const button = (id, text, attributes = {}) => h("button", { type: "button", id, ...attributes }, text);
    const menu = h("select", { id: "lab-problem" }, ...MENU.map(([value, label]) => h("option", { value }, label)));
    const queens = h("select", { id: "lab-n" }, ...QUEENS.map((n) => h("option", { value: n }, String(n))));
    const pairs = h("select", { id: "lab-pairs" }, ...PAIRS.map((n) => h("option", { value: n }, String(n))));
    const boards = h("select", { id: "lab-board-size" }, ...BOARDS.map(([value, label]) => h("option", { value }, label)));
    const engine = h("select", { id: "lab-engine" }, ...ENGINES.map(([value, label]) => h("option", { value }, label)));
    const side = (id, label) => h("label", {}, `${label} `, h("input", { id, type: "number", min: 1, max: 20, inputmode: "numeric" }));
    const speed = h("select", { id: "lab-speed" }, ...SPEEDS.map(([ms, name]) => h("option", { value: ms }, name)));
    speed.value = "400";
    const code = (text) => h("code", {}, text);
    return h("section", { class: "lab", "aria-labelledby": "lab-title" },
      h("h2", { id: "lab-title" }, "Exact cover lab"),
      h("div", { class: "lab-setup lab-choose" },
        h("label", {}, "Problem ", menu),
        h("label", { id: "lab-n-label" }, "N ", queens),
        h("label", { id: "lab-pairs-label" }, "n ", pairs),
        h("label", { id: "lab-board-label" }, "Board ", boards),
        h("span", { id: "lab-variant-label", class: "lab-variant" },
          h("label", {}, "f-puzzles or SudokuPad link ", h("input", { id: "lab-variant", type: "text", spellcheck: "false",
            autocomplete: "off", placeholder: "empty: the example" })),
          button("lab-variant-use", "Use this link", { "data-needs-python": true })),
        h("label", { id: "lab-restricted-label" }, h("input", { id: "lab-restricted", type: "checkbox" }), " ",
          h("span", { id: "lab-restricted-text" }))),
      h("fieldset", { id: "lab-pieces", class: "lab-setup lab-pieces" },
        h("legend", {}, "Pieces"),
        ...[...LETTERS].map((letter) => h("label", {}, h("input", { type: "checkbox", value: letter, checked: true }), ` ${letter}`))),
      h("details", { id: "lab-draw", class: "lab-setup lab-draw" },
        h("summary", {}, "Draw your own board"),
        h("p", { class: "lab-help" }, "Choose the size, then click cells to make holes (and click again to fill them). " +
          "The pieces chosen must fill the cells: five cells a piece."),
        h("div", { class: "lab-row" }, side("lab-draw-rows", "Rows"), side("lab-draw-cols", "Columns")),
        h("div", { id: "lab-draw-grid", class: "lab-draw-grid", role: "group", "aria-label": "The board drawn: pressed cells are holes" }),
        h("p", { id: "lab-draw-count", class: "lab-help" }),
        button("lab-draw-use", "Use this board", { "data-needs-python": true })),
      h("details", { id: "lab-own", class: "lab-setup lab-own" },
        h("summary", {}, "Your own problem"),
        h("p", { class: "lab-help" },
          "One option per line: a name, a colon and its items (", code("A as opener: Opener, A placed"), " or ",
          code("B: 1 4"), "), or just its items; commas separate items where a line has one. Optional lines: ",
          code("items:"), " the primary items in order, ", code("secondary:"), " items covered at most once, ",
          code("given:"), " options chosen first (by name, separated by commas), ", code("#"),
          " comments. Or paste a 0/1 matrix, with the item names on its first line if you like, or a problem in ",
          "Knuth's DLX format (the items on the first line, ", code("|"), " before the secondary ones, an option a line)."),
        h("label", { for: "lab-text" }, "Problem text"),
        h("textarea", { id: "lab-text", rows: 9, spellcheck: "false" }),
        h("p", { id: "lab-storage", class: "lab-help", role: "note", hidden: true }),
        h("div", { class: "lab-row" },
          button("lab-use", "Search this problem", { "data-needs-python": true }),
          button("lab-copy", "Copy the problem shown into the box"))),
      h("p", { id: "lab-about", class: "lab-about" }),
      h("div", { class: "lab-row lab-count" },
        button("lab-count", "Count", { "data-needs-python": true, title: "Find every solution of the problem shown" }),
        h("label", {}, "at most ", h("input", { id: "lab-limit", type: "number", min: 1, placeholder: "no limit", inputmode: "numeric" }), " solutions"),
        h("label", {}, "Workers ", h("input", { id: "lab-workers", type: "number", min: 1, max: MAX_WORKERS, inputmode: "numeric" })),
        h("label", {}, "Engine ", engine),
        button("lab-stop", "Stop", { disabled: true }),
        button("lab-race-both", "Race both", { "data-needs-python": true,
          title: "Count with dancing links, then with dancing cells, on the page's worker" })),
      h("p", { id: "lab-message", class: "message", role: "status" }),
      h("progress", { id: "lab-progress", max: 1, value: 0, hidden: true, "aria-label": "Parts of the search counted" }),
      h("table", { id: "lab-race", class: "lab-race", hidden: true },
        h("caption", {}, "The two engines on the problem shown"),
        h("thead", {}, h("tr", {}, ...["engine", "solutions", "tries", "memory updates", "ms"].map((name) => h("th", { scope: "col" }, name)))),
        h("tbody", {})),
      h("div", { class: "lab-main" },
        h("div", { class: "lab-side" },
          h("section", { id: "lab-steps", class: "panel lab-steps", "aria-labelledby": "lab-steps-title" },
            h("h3", { id: "lab-steps-title" }, "Algorithm X, step by step"),
            h("p", { id: "lab-step-text", class: "steps-text", "aria-live": "polite" }),
            h("div", { class: "steps-controls" },
              button("lab-first", "«", { "aria-label": "First step" }),
              button("lab-back", "‹", { "aria-label": "Previous step" }),
              h("input", { type: "range", id: "lab-range", min: 1, max: 1, value: 1, "aria-label": "Step" }),
              button("lab-next", "›", { "aria-label": "Next step" }),
              button("lab-last", "»", { "aria-label": "Last step" }),
              button("lab-play", "Play", { "aria-pressed": "false" })),
            h("p", { id: "lab-step-count", class: "steps-count" }),
            h("label", { class: "lab-speed" }, "Play speed ", speed),
            h("h4", {}, "Partial solution"),
            h("p", { id: "lab-given", class: "lab-given" }),
            h("ol", { id: "lab-partial", class: "lab-partial" })),
          h("section", { id: "lab-board-panel", class: "panel lab-board-panel", "aria-labelledby": "lab-board-title" },
            h("h3", { id: "lab-board-title" }, "Board"),
            h("p", { id: "lab-board-caption", class: "steps-count" }),
            h("div", { id: "lab-board" })),
          h("section", { id: "lab-solutions", class: "panel lab-solutions", "aria-labelledby": "lab-solutions-title" },
            h("h3", { id: "lab-solutions-title" }, "Solutions"),
            h("div", { class: "lab-row" },
              button("lab-solution-first", "First", { "data-needs-python": true }),
              button("lab-solution-next", "Next", { "data-needs-python": true }),
              button("lab-solution-random", "Random", { "data-needs-python": true })),
            h("p", { id: "lab-solution-text", class: "steps-count", "aria-live": "polite" }),
            h("p", { id: "lab-solution", class: "lab-given" }))),
        h("div", { class: "lab-views" },
          h("section", { class: "panel lab-matrix-panel", "aria-labelledby": "lab-matrix-title" },
            h("h3", { id: "lab-matrix-title" }, "The matrix"),
            h("p", { class: "lab-legend" },
              h("span", { class: "key live" }, "live"), " options and open items; ",
              h("span", { class: "key chosen-item" }, "the item chosen"), " with its options ",
              h("span", { class: "key waiting" }, "waiting"), " to be tried; the ",
              h("span", { class: "key chosen" }, "partial solution"), " and ",
              h("span", { class: "key given" }, "givens"), "; covered items and the options they took ",
              h("span", { class: "key out" }, "out"), "; what a step changes is ",
              h("span", { class: "key now" }, "marked as it goes"), "."),
            h("div", { id: "lab-matrix", class: "matrix-scroll", tabindex: 0, role: "group", "aria-labelledby": "lab-matrix-title" })),
          h("section", { id: "lab-links-panel", class: "panel lab-links-panel", "aria-labelledby": "lab-links-title" },
            h("h3", { id: "lab-links-title" }, "The dancing links"),
            h("p", { class: "lab-legend" },
              "Each node points down and up its item's circular list (arrows right and left of it); the root and the ",
              "primary items' headers point right and left along the list of items still to cover. Covering unlinks ",
              "nodes and headers (their neighbours skip them) but keeps their own links (dashed), so uncovering puts ",
              "them back in reverse order. The links a step changed are thick. This engine keeps an option's nodes ",
              "side by side in its arrays, so options need no left and right links."),
            h("p", { id: "lab-links-count", class: "steps-count" }),
            h("div", { id: "lab-links", class: "links-scroll", tabindex: 0, role: "group", "aria-labelledby": "lab-links-title" })))),
      h("div", { class: "lab-setup lab-share" },
        h("label", {}, "Link to this problem and step ", h("input", { id: "lab-link", type: "text", readonly: true })),
        h("label", {}, h("input", { id: "lab-compact", type: "checkbox" }), " compact, for an iframe (embed=1)"),
        button("lab-download", "Download (Knuth's format)", { disabled: true,
          title: "The problem shown as a file in Knuth's DLX input format" })),
      h("p", { class: "python-status" }, "Loading Python…"));
  }

  wire() {
    $("lab-problem").addEventListener("change", () => {
      this.menuChanged();
      if ($("lab-problem").value !== "own") this.load();
      else $("lab-text").focus();
    });
    for (const id of ["lab-n", "lab-pairs", "lab-restricted", "lab-draw-use"]) {
      $(id).addEventListener(id === "lab-draw-use" ? "click" : "change", () => this.load());
    }
    $("lab-variant-use").addEventListener("click", () => this.load());
    $("lab-variant").addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.load();
    });
    $("lab-board-size").addEventListener("change", () => {
      this.menuChanged();
      this.load();
    });
    $("lab-pieces").addEventListener("change", () => {
      this.drawnChanged();
      this.load();
    });
    for (const id of ["lab-workers", "lab-engine"]) $(id).addEventListener("change", () => this.showLink(true));
    $("lab-race-both").addEventListener("click", () => this.race());
    $("lab-solution-first").addEventListener("click", () => this.browse(0));
    $("lab-solution-next").addEventListener("click", () => this.browse(this.solutionAt + 1));
    $("lab-solution-random").addEventListener("click", () => this.browse(-1, Math.floor(Math.random() * 2 ** 31)));
    $("lab-download").addEventListener("click", () => {
      const { problem } = this.record;
      const name = problem.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "problem";
      download(`${name}.dlx`, [problem.knuth], "text/plain");
    });
    $("lab-text").addEventListener("input", () => this.keepText());
    $("lab-use").addEventListener("click", () => {
      $("lab-problem").value = "own";
      this.menuChanged();
      this.load();
    });
    $("lab-copy").addEventListener("click", () => this.copyProblem());
    $("lab-count").addEventListener("click", () => this.count());
    $("lab-stop").addEventListener("click", () => this.stopCount());
    $("lab-speed").addEventListener("change", () => {
      this.stepper.ms = Number($("lab-speed").value);
      if (this.stepper.timer !== null) {
        this.stepper.pause();
        this.stepper.play();
      }
    });
    $("lab-compact").addEventListener("change", () => this.showLink());
  }

  menuChanged() {
    const value = $("lab-problem").value;
    $("lab-n-label").hidden = value !== "queens";
    $("lab-pairs-label").hidden = value !== "langford";
    $("lab-variant-label").hidden = value !== "variant";
    const pentomino = value === "pentomino";
    $("lab-board-label").hidden = $("lab-pieces").hidden = $("lab-draw").hidden = !pentomino;
    if (pentomino && $("lab-board-size").value === "draw") $("lab-draw").open = true;
    $("lab-restricted-label").hidden = !pentomino && value !== "langford";
    $("lab-restricted-text").textContent = pentomino ? "X restricted (count up to symmetry)"
      : "one number restricted to the left half (count up to reversal)";
    if (value === "own") $("lab-own").open = true;
  }

  // What the menu and the text box ask for: {problem, n, puzzle, text}.
  choice() {
    const value = $("lab-problem").value;
    if (value === "own") return { problem: "own", n: 0, puzzle: "", text: $("lab-text").value };
    const [problem, n] = value.split(" ");
    const raw = !$("lab-restricted").checked;
    if (problem === "pentomino") {
      const menu = $("lab-board-size").value;
      const letters = [...document.querySelectorAll("#lab-pieces input:checked")].map((box) => box.value).join("");
      const board = menu === "draw" ? this.editor.text() : menu;
      return { problem, n: 0, puzzle: "", text: "", board, pieces: letters === LETTERS ? "" : letters, raw };
    }
    if (problem === "langford") return { problem, n: Number($("lab-pairs").value), puzzle: "", text: "", raw };
    if (problem === "variant") return { problem, n: 0, puzzle: $("lab-variant").value.trim(), text: "" };
    const puzzle = problem === this.link.problem ? this.link.puzzle : "";
    return { problem, n: problem === "queens" ? Number($("lab-n").value) : Number(n ?? 0), puzzle, text: "" };
  }

  say(text) {
    $("lab-message").textContent = text;
  }

  pythonChanged(state) {
    const busy = state !== "ready" || this.counting;
    for (const button of document.querySelectorAll(".lab [data-needs-python]")) button.disabled = busy;
    for (const id of ["lab-problem", "lab-n", "lab-pairs", "lab-board-size", "lab-restricted", "lab-variant", "lab-workers", "lab-engine"]) {
      $(id).disabled = this.counting;
    }
    $("lab-stop").disabled = !this.counting;
    if (state === "ready" && this.pending) this.load(this.pending.step);
  }

  // Asks Python for the problem chosen and its search, then shows step `step` of it.
  async load(step = 0) {
    if (this.python.state !== "ready") {
      this.pending = { step };
      if (!this.record) this.say("The lab starts once Python has loaded.");
      return;
    }
    this.pending = false;
    const choice = this.choice();
    if (choice.problem === "own" && !choice.text.trim()) {
      this.say("The box for your own problem is empty: write a problem in it, one option per line as the help above " +
        "says, or choose an example in the menu.");
      this.markLine(0);
      return;
    }
    const args = problemArgs(choice);
    let record;
    try {
      record = await this.client.request("cover_steps", args);
    } catch (error) {
      if (!(error instanceof Cancelled)) this.say(`Python failed: ${error.message}`);
      return;
    }
    if (record.status === "invalid") {
      const what = choice.problem === "own" ? "your problem" : "this link's problem";
      this.say(`Cannot read ${what}: ${record.error}.`);
      if (choice.problem === "own") this.markLine(record.line);
      return;
    }
    this.shown = choice;
    this.showRecord(record, step);
    const found = record.steps.filter((s) => s.kind === "solution").length;
    this.say(this.note + (record.complete
      ? `The search takes ${plural(record.steps.length, "step")} and finds ${plural(found, "solution")}.`
      : `The search is long: only its first ${plural(record.steps.length, "step")} are shown ` +
        `(${plural(found, "solution")} among them); Count finds every solution.`));
    this.note = "";
    history.replaceState(null, "", labLink(location.href, choice, this.options.embed ? { embed: 1 } : {}));
    this.showLink(true);
  }

  // Selects line `line` (1-based) of the text box, where the error is.
  markLine(line) {
    const box = $("lab-text");
    $("lab-own").open = true;
    box.focus();
    if (!line) return;
    const lines = box.value.split("\n");
    const from = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
    box.setSelectionRange(from, from + (lines[line - 1] ?? "").length);
  }

  showRecord(record, step) {
    this.record = record;
    const { problem } = record;
    $("lab-title").textContent = `Exact cover lab: ${problem.title}`;
    $("lab-about").textContent = `${problem.about ? `${problem.about} ` : ""}${plural(problem.items.length, "item")} ` +
      `(${problem.primary} primary), ${plural(problem.options.length, "option")}, ${plural(problem.ones, "node")}.`;
    this.matrix = matrixView($("lab-matrix"), problem);
    $("lab-board-panel").hidden = !problem.board;
    const Board = problem.board?.pieces ? PiecesView : BoardView;
    this.board = problem.board ? new Board($("lab-board"), problem) : null;
    this.solutionAt = -1;
    $("lab-solution-text").textContent = "";
    $("lab-solution").textContent = "";
    $("lab-race").hidden = true;
    $("lab-download").disabled = !problem.knuth;
    $("lab-links-panel").hidden = !record.links;
    this.links = record.links ? new LinksView($("lab-links"), $("lab-links-count"), problem, record.links) : null;
    this.stepper.reset(record.steps.length, step);
  }

  // Shows the search after step k.
  draw(k) {
    const { record } = this;
    if (!record) return; // the step controls before the first search has come from Python
    const { problem } = record;
    const state = replay(record, k);
    this.matrix.draw(state);
    if (state.step?.option >= 0) this.matrix.reveal(state.step.option);
    this.board?.draw(state);
    $("lab-board-caption").textContent = `After step ${count(k + 1)}.`;
    this.links?.draw(k);
    const live = state.out.filter((o) => o === -1).length;
    const open = problem.items.filter((_, i) => !state.covered[i]).length;
    $("lab-step-text").textContent = state.step?.text ?? "";
    $("lab-step-count").textContent = `Step ${(k + 1).toLocaleString("en")} of ${record.steps.length.toLocaleString("en")}` +
      ` · ${plural(state.found, "solution")} found so far · live: ${plural(open, "item")}, ${plural(live, "option")}`;
    $("lab-given").textContent = problem.given.length
      ? `Given (chosen before the search): ${problem.given.map((o) => problem.names[o]).join(", ")}.` : "";
    $("lab-partial").replaceChildren(...state.chosen.map((o) => h("li", {}, problem.names[o])));
    if (!state.chosen.length) $("lab-partial").append(h("li", { class: "empty" }, "no option chosen by the search yet"));
    this.showLink();
  }

  // The Link box's link (with `address`, the address bar's too, for a reload): the problem
  // and step shown, and Count's workers and engine where they are not the defaults.
  showLink(address = false) {
    if (!this.shown) return;
    const extra = {};
    if (this.stepper.index > 0) extra.step = this.stepper.index + 1;
    if ($("lab-compact").checked) extra.embed = 1;
    const counting = (url) => {
      const workers = this.workers();
      if (workers === this.defaultWorkers()) url.searchParams.delete("workers");
      else url.searchParams.set("workers", workers);
      if (this.engine() === "cells") url.searchParams.set("engine", "cells");
      else url.searchParams.delete("engine");
      return url.href;
    };
    $("lab-link").value = counting(new URL(labLink(location.href, this.shown, extra)));
    if (address) history.replaceState(null, "", counting(new URL(location.href)));
  }

  defaultWorkers() {
    return Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1));
  }

  workers() {
    return Math.min(MAX_WORKERS, Math.max(1, Math.round(Number($("lab-workers").value)) || 1));
  }

  engine() {
    return $("lab-engine").value;
  }

  // Puts the text of the problem shown into the box (Ctrl+Z there brings back what was in it).
  copyProblem() {
    if (!this.record) return;
    const box = $("lab-text");
    box.focus();
    box.select();
    if (!document.execCommand("insertText", false, this.record.problem.text)) box.value = this.record.problem.text;
    box.setSelectionRange(0, 0);
    box.scrollTop = 0;
    this.keepText();
    $("lab-own").open = true;
  }

  // The arguments of a count of the problem shown: the limit, and the engine if not links.
  countArgs() {
    const args = problemArgs(this.shown);
    const limit = Number.parseInt($("lab-limit").value, 10) || 0;
    if (limit) args.limit = limit;
    if (this.engine() !== "links") args.engine = this.engine();
    return args;
  }

  // Counts on the page's worker, or split into parts on a pool of workers (not with a limit,
  // which is a count of the first solutions in search order).
  async count() {
    if (!this.shown) return;
    const args = this.countArgs();
    const workers = args.limit ? 1 : this.workers();
    const began = performance.now();
    this.counting = true;
    this.pythonChanged(this.python.state);
    this.say("Counting…");
    try {
      const record = workers > 1 ? await this.countParts(args, workers)
        : await this.client.request("cover_count", args, (progress) => {
          this.job = { solutions: progress.solutions };
          this.say(`Counting… ${plural(progress.solutions, "solution")} so far (${progress.seconds} s).`);
        });
      if (record.status === "invalid") throw new Error(record.error);
      const solutions = record.solutions === 0 ? "No solution" : plural(record.solutions, "solution");
      const on = workers > 1 ? ` on ${plural(workers, "worker")}, ${plural(record.parts, "part")} ` +
        `counted in ${(record.busyMs / 1000).toFixed(2)} s of the workers' time` : "";
      const work = `${plural(record.nodes, "option")} tried in ${(record.ms / 1000).toFixed(2)} s${on}`;
      this.say(record.complete ? `${solutions} (${work}).`
        : `At least ${plural(record.solutions, "solution")}: the count stopped at the limit (${work}).`);
    } catch (error) {
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      const parts = this.job?.parts ? ` (${count(this.job.done)} of ${plural(this.job.parts.length, "part")} counted)` : "";
      this.say(error instanceof Cancelled
        ? `Stopped after ${seconds} s, with ${plural(this.job?.solutions ?? 0, "solution")} found by then${parts}.`
        : `Python failed: ${error.message}`);
    } finally {
      this.job = null;
      $("lab-progress").hidden = true;
      this.counting = false;
      this.pythonChanged(this.python.state);
    }
  }

  // web.cover_split cuts the search into parts, which the pool's workers count in turn
  // (web.cover_count with part=); resolves to a record as cover_count's, with `ms` the time
  // from the split to the last part, and `parts`.
  async countParts(args, workers) {
    const { limit, engine, ...problem } = args;
    const split = await this.client.request("cover_split", { ...problem, parts: workers * PARTS_PER_WORKER });
    if (split.status === "invalid") return split;
    if (!this.pool || this.pool.closed || this.pool.size !== workers) this.newPool(workers);
    return new Promise((resolve, reject) => {
      // shares: each part's share of the search (estimate.js); counted: {share, ms} of each
      // part counted; running: each busy worker's {share, began, solutions found so far}.
      // busyMs: the time the workers spent on the parts counted (Python's own measure).
      // The nodes and guesses start with those of the search above the parts.
      this.job = { parts: split.parts, shares: shares(split.parts), next: 0, done: 0, counted: [], solutions: 0,
        nodes: split.nodes, guesses: split.guesses, updates: 0, busyMs: 0, running: new Map(), began: performance.now(),
        resolve, reject, args };
      $("lab-progress").max = split.parts.length;
      $("lab-progress").value = 0;
      $("lab-progress").hidden = false;
      this.sayProgress();
      this.poolChanged();
    });
  }

  newPool(size) {
    this.pool?.close();
    this.pool = new Pool(size, () => this.poolChanged(), whenReady(this.python));
  }

  // Gives every idle worker of the pool the next part of the count going on.
  poolChanged() {
    const { job, pool } = this;
    if (!job?.parts || !pool) return;
    if (pool.error) job.reject(new Error(`a worker failed to load: ${pool.error}`));
    for (const client of pool.ready) {
      if (client.busy || job.next >= job.parts.length) continue;
      const share = job.shares[job.next];
      const part = job.parts[job.next++];
      const running = { share, began: performance.now(), solutions: 0 };
      job.running.set(client, running);
      client.request("cover_count", { ...job.args, part }, (progress) => {
        running.solutions = progress.solutions;
        this.sayProgress();
      }).then((record) => {
        if (this.job !== job) return;
        if (record.status === "invalid") throw new Error(record.error);
        job.running.delete(client);
        job.done++;
        job.counted.push({ share, ms: record.ms });
        job.solutions += record.solutions;
        job.nodes += record.nodes;
        job.guesses += record.guesses;
        job.updates += record.updates;
        job.busyMs += record.ms;
        if (job.done === job.parts.length) {
          job.resolve({ ...record, solutions: job.solutions, nodes: job.nodes, guesses: job.guesses, updates: job.updates,
            ms: performance.now() - job.began, busyMs: job.busyMs, complete: true, parts: job.parts.length });
        } else {
          this.sayProgress();
          this.poolChanged();
        }
      }).catch((error) => this.job === job && job.reject(error));
    }
  }

  // The count on the pool in words and on the progress bar: parts counted, solutions so far,
  // tries per second and the time left at the pace of the share of the search done.
  sayProgress() {
    const job = this.job;
    const now = performance.now();
    const seconds = (now - job.began) / 1000;
    const running = [...job.running.values()];
    job.solutionsSoFar = job.solutions + running.reduce((sum, part) => sum + part.solutions, 0);
    const rate = job.done ? ` · ${count(Math.round(job.nodes / seconds))} tries per second` : "";
    const estimate = secondsLeft(job.counted, running.map((part) => ({ share: part.share, ms: now - part.began })),
      Math.min(this.pool.ready.length, job.parts.length - job.done));
    const left = estimate === null ? "" : ` · about ${Math.ceil(estimate)} s left`;
    const ready = this.pool.ready.length < this.pool.size ? ` (${count(this.pool.ready.length)} of ${plural(this.pool.size, "worker")} ready)` : "";
    this.say(`Counting… ${count(job.done)} of ${plural(job.parts.length, "part")} counted${ready} · ` +
      `${plural(job.solutionsSoFar, "solution")} so far${rate}${left} · ${seconds.toFixed(1)} s.`);
    $("lab-progress").value = job.done;
  }

  // Stop: ends the count at once, terminating the workers that count (the pool is started
  // afresh for the next count, as the page's own worker is).
  stopCount() {
    if (this.job?.parts) {
      const { job } = this;
      job.solutions = job.solutionsSoFar ?? job.solutions;
      this.newPool(this.pool.size);
      job.reject(new Cancelled());
    } else {
      this.client.cancel();
    }
  }

  // Race both: the count with dancing links, then with dancing cells, on the page's worker,
  // side by side in a table.
  async race() {
    if (!this.shown) return;
    const { engine, ...args } = this.countArgs();
    const body = $("lab-race").querySelector("tbody");
    body.replaceChildren();
    $("lab-race").hidden = false;
    this.counting = true;
    this.pythonChanged(this.python.state);
    const times = {};
    try {
      for (const [name, label] of ENGINES) {
        this.say(`Racing: counting with ${label}…`);
        const record = await this.client.request("cover_count", { ...args, engine: name });
        if (record.status === "invalid") throw new Error(record.error);
        times[name] = record.ms;
        body.append(h("tr", { "data-engine": name }, h("th", { scope: "row" }, label),
          ...[record.solutions, record.nodes, record.updates].map((value) => h("td", {}, count(value))),
          h("td", {}, record.ms.toFixed(0))));
      }
      const [faster, slower] = times.cells < times.links ? ["Dancing cells", "links"] : ["Dancing links", "cells"];
      const ratio = Math.max(times.cells, times.links) / Math.max(1e-3, Math.min(times.cells, times.links));
      this.say(`${faster} counted ${ratio.toFixed(2)}× as fast as dancing ${slower} here.`);
    } catch (error) {
      this.say(error instanceof Cancelled ? "Stopped." : `Python failed: ${error.message}`);
    } finally {
      this.counting = false;
      this.pythonChanged(this.python.state);
    }
  }

  // The solutions browser: solution `first` in search order (0: the first), or with `seed`
  // a random one (from a search whose option order that seed shuffles), drawn on the board.
  async browse(first, seed = null) {
    if (!this.shown) return;
    const args = { ...problemArgs(this.shown), first: Math.max(0, first), count: 1 };
    if (seed !== null) args.seed = seed;
    const text = $("lab-solution-text");
    text.textContent = "Searching…";
    let record;
    try {
      record = await this.client.request("cover_solutions", args);
    } catch (error) {
      text.textContent = error instanceof Cancelled ? "" : `Python failed: ${error.message}`;
      return;
    }
    if (record.status === "invalid") {
      text.textContent = `Python failed: ${record.error}`;
      return;
    }
    const { problem } = this.record;
    if (!record.solutions.length) {
      text.textContent = first > 0 ? `There is no solution ${count(first + 1)}: the problem has ${plural(first, "solution")}.`
        : "The problem has no solution.";
      return;
    }
    const [options] = record.solutions;
    if (seed === null) this.solutionAt = first;
    text.textContent = seed === null ? `Solution ${count(first + 1)}` : `A random solution (seed ${seed})`;
    $("lab-solution").textContent = options.map((o) => problem.names[o]).join(" · ");
    if (this.board) {
      this.board.solution(options);
      $("lab-board-caption").textContent = `${text.textContent}.`;
    }
  }
}
