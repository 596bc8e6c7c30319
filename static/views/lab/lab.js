// The exact cover lab (?view=lab): Algorithm X with dancing links, step by step, on a
// small problem (the batting order of a course's notes, Knuth's example, N queens, a
// puzzle of each kind, or one typed in), as the 0/1 matrix, the links themselves and the problem's
// board; Count finds every solution. Python (web.cover_steps, web.cover_count) reads the
// problem and records the search; this module only shows it. Text goes into the DOM with
// textContent only.
//
// URL: problem=batting|knuth|queens|sudoku4|sudoku9|x|windoku|jigsaw|killer|futoshiki
// with n= (batting: 3 or 6 items; queens: 1-12), #p=<givens> for a sudoku or a puzzle
// of the kind named (a game ID or any text Python reads; puzzle=<...> in the query
// string too), #t=<text> for a problem of one's own (it wins over problem=), step=<k>
// to open at step k.
import { Cancelled } from "../../client.js";
import { $, View, count, h, plural, useStyle } from "../../kit.js";
import { Stepper } from "../../stepper.js";
import { Store, shapes } from "../../store.js";
import { BoardView } from "./board.js";
import { LinksView } from "./links.js";
import { matrixView } from "./matrix.js";
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
  ["own", "Your own problem (the text below)"],
];
const QUEENS = Array.from({ length: 12 }, (_, k) => k + 1);
const DEFAULT_QUEENS = 6;
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

// What a lab link asks for: {problem, n, puzzle, text, step}.
function readLab(url) {
  const params = url.searchParams;
  const hash = new URLSearchParams(url.hash.slice(1));
  const text = hash.get("t") ?? "";
  return {
    problem: text ? "own" : params.get("problem") ?? "knuth",
    n: Number.parseInt(params.get("n") ?? "0", 10) || 0,
    puzzle: hash.get("p") ?? params.get("puzzle") ?? "",
    text,
    step: Math.max(1, Number.parseInt(params.get("step") ?? "1", 10) || 1),
  };
}

// The link to `choice` ({problem, n, puzzle, text}), keeping the other options of `url`.
function labLink(url, choice, extra = {}) {
  const link = new URL(url);
  for (const name of ["problem", "n", "puzzle", "step", "embed"]) link.searchParams.delete(name);
  link.searchParams.set("view", "lab");
  link.hash = "";
  if (choice.problem === "own") {
    link.hash = new URLSearchParams({ t: choice.text }).toString();
  } else {
    link.searchParams.set("problem", choice.problem);
    if (choice.n) link.searchParams.set("n", choice.n);
    if (choice.puzzle) link.hash = new URLSearchParams({ p: choice.puzzle }).toString();
  }
  for (const [name, value] of Object.entries(extra)) link.searchParams.set(name, value);
  return link.href;
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
    this.menuChanged();
    this.python.onChange((state) => this.pythonChanged(state));
    this.pythonChanged(this.python.state);
    this.load(link.step - 1);
    return { problem: menu.value };
  }

  stop() {
    this.stepper.pause();
  }

  // The problem and step shown (the Link box's link).
  embedLink() {
    return $("lab-link").value || location.href;
  }

  // Keeps the text box's problem through a reload, or says it cannot.
  keepText() {
    if (!this.store.writeText("text", $("lab-text").value, TEXT_KEPT)) {
      this.notice(`The text has more than ${count(TEXT_KEPT)} characters: it will not be kept through a reload.`);
    }
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
    const speed = h("select", { id: "lab-speed" }, ...SPEEDS.map(([ms, name]) => h("option", { value: ms }, name)));
    speed.value = "400";
    const code = (text) => h("code", {}, text);
    return h("section", { class: "lab", "aria-labelledby": "lab-title" },
      h("h2", { id: "lab-title" }, "Exact cover lab"),
      h("div", { class: "lab-setup lab-choose" },
        h("label", {}, "Problem ", menu),
        h("label", { id: "lab-n-label" }, "N ", queens)),
      h("details", { id: "lab-own", class: "lab-setup lab-own" },
        h("summary", {}, "Your own problem"),
        h("p", { class: "lab-help" },
          "One option per line: a name, a colon and its items (", code("A as opener: Opener, A placed"), " or ",
          code("B: 1 4"), "), or just its items; commas separate items where a line has one. Optional lines: ",
          code("items:"), " the primary items in order, ", code("secondary:"), " items covered at most once, ",
          code("given:"), " options chosen first (by name, separated by commas), ", code("#"),
          " comments. Or paste a 0/1 matrix, with the item names on its first line if you like."),
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
        button("lab-stop", "Stop", { disabled: true })),
      h("p", { id: "lab-message", class: "message", role: "status" }),
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
            h("div", { id: "lab-board" }))),
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
        h("label", {}, h("input", { id: "lab-compact", type: "checkbox" }), " compact, for an iframe (embed=1)")),
      h("p", { class: "python-status" }, "Loading Python…"));
  }

  wire() {
    $("lab-problem").addEventListener("change", () => {
      this.menuChanged();
      if ($("lab-problem").value !== "own") this.load();
      else $("lab-text").focus();
    });
    $("lab-n").addEventListener("change", () => this.load());
    $("lab-text").addEventListener("input", () => this.keepText());
    $("lab-use").addEventListener("click", () => {
      $("lab-problem").value = "own";
      this.menuChanged();
      this.load();
    });
    $("lab-copy").addEventListener("click", () => this.copyProblem());
    $("lab-count").addEventListener("click", () => this.count());
    $("lab-stop").addEventListener("click", () => this.client.cancel());
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
    if (value === "own") $("lab-own").open = true;
  }

  // What the menu and the text box ask for: {problem, n, puzzle, text}.
  choice() {
    const value = $("lab-problem").value;
    if (value === "own") return { problem: "own", n: 0, puzzle: "", text: $("lab-text").value };
    const [problem, n] = value.split(" ");
    const puzzle = problem === this.link.problem ? this.link.puzzle : "";
    return { problem, n: problem === "queens" ? Number($("lab-n").value) : Number(n ?? 0), puzzle, text: "" };
  }

  say(text) {
    $("lab-message").textContent = text;
  }

  pythonChanged(state) {
    const busy = state !== "ready" || this.counting;
    for (const button of document.querySelectorAll(".lab [data-needs-python]")) button.disabled = busy;
    $("lab-problem").disabled = $("lab-n").disabled = this.counting;
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
    const args = { problem: choice.problem, n: choice.n, text: choice.text, puzzle: choice.puzzle };
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
    this.board = problem.board ? new BoardView($("lab-board"), problem) : null;
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

  showLink() {
    if (!this.shown) return;
    const extra = {};
    if (this.stepper.index > 0) extra.step = this.stepper.index + 1;
    if ($("lab-compact").checked) extra.embed = 1;
    $("lab-link").value = labLink(location.href, this.shown, extra);
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

  async count() {
    if (!this.shown) return;
    const limit = Number.parseInt($("lab-limit").value, 10) || 0;
    const { problem, n, text, puzzle } = this.shown;
    const began = performance.now();
    let last = { solutions: 0 };
    this.counting = true;
    this.pythonChanged(this.python.state);
    this.say("Counting…");
    try {
      const record = await this.client.request("cover_count", { problem, n, text, puzzle, limit }, (progress) => {
        last = progress;
        this.say(`Counting… ${plural(progress.solutions, "solution")} so far (${progress.seconds} s).`);
      });
      const solutions = record.solutions === 0 ? "No solution" : plural(record.solutions, "solution");
      const work = `${plural(record.nodes, "option")} tried in ${(record.ms / 1000).toFixed(2)} s`;
      this.say(record.complete ? `${solutions} (${work}).`
        : `At least ${plural(record.solutions, "solution")}: the count stopped at the limit (${work}).`);
    } catch (error) {
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      this.say(error instanceof Cancelled
        ? `Stopped after ${seconds} s, with ${plural(last.solutions, "solution")} found by then.`
        : `Python failed: ${error.message}`);
    } finally {
      this.counting = false;
      this.pythonChanged(this.python.state);
    }
  }
}
