// The worksheet view (?view=worksheet&kind=killer&size=9&difficulty=Easy&n=6): a teacher's
// printout of freshly generated puzzles of any kind, several to a page, then their answers
// on pages of their own. Python generates each puzzle (with its solution); Print prints
// the sheets only.
import { Cancelled } from "../../client.js";
import { gridShape } from "../../grid.js";
import { KINDS, KIND_NAMES, KIND_SIZES, gradesOf, readPuzzle, seldomNote } from "../../kinds.js";
import { $, View, h, plural, useStyle } from "../../kit.js";
import { miniGrid } from "../../mini-grid.js";
import { downloadScorm } from "../../scorm-package.js";
import { GRADES } from "../../words.js";

const MOST = 24;
// Puzzles on one printed page, and answers, by size: the sizes a worksheet offers.
const PER_PAGE = { 4: 6, 5: 6, 6: 6, 7: 4, 8: 4, 9: 4, 12: 2, 16: 1 };
const ANSWERS_PER_PAGE = { 4: 12, 5: 12, 6: 12, 7: 6, 8: 6, 9: 6, 12: 4, 16: 2 };
// The sizes of a kind's worksheet.
const sizesOf = (kind) => KIND_SIZES[kind].filter((n) => n in PER_PAGE);
// A kind as a menu or a title names it: "Killer sudoku", "Sudoku X".
const named = (kind) => KIND_NAMES[kind][0].toUpperCase() + KIND_NAMES[kind].slice(1);
const NAMES = GRADES.map((grade) => grade.name);
// What the form says of a kind and size the generator makes no Easy puzzle of ("" for
// one it does), and of `asked`, the grade asked for, if it is below them.
function unreached(kind, n, asked = "") {
  const grades = gradesOf(kind, n);
  const below = NAMES.slice(0, NAMES.indexOf(grades[0]));
  if (!below.length) return "";
  return `The generator makes no ${below.join(" or ")} ${n}×${n} ${KIND_NAMES[kind]}: each of its puzzles needs a ` +
    `${grades[0]} step or a harder one, so the difficulties start at ${grades[0]}.` +
    `${below.includes(asked) ? ` The worksheet asks for ${grades[0]}, not ${asked}.` : ""}`;
}

function select(id, label, values, chosen, name = (v) => v) {
  const control = h("select", { id }, values.map((value) => h("option", { value }, name(value))));
  control.value = chosen;
  return h("label", {}, label, control);
}

export default class Worksheet extends View {
  async build(root) {
    await useStyle(new URL("./worksheet.css", import.meta.url));
    const params = new URL(location.href).searchParams;
    const kind = KINDS.includes(params.get("kind")) ? params.get("kind") : "sudoku";
    const size = sizesOf(kind).includes(Number(params.get("size"))) ? Number(params.get("size")) : 9;
    const count = Math.min(MOST, Math.max(1, Number(params.get("n")) || 6));
    const asked = params.get("difficulty") ?? "";
    const difficulty = NAMES.includes(asked) && !gradesOf(kind, size).includes(asked) ? gradesOf(kind, size)[0] : asked;
    // What show() says first: the grades the kind and size never reach, if any.
    this.greeting = unreached(kind, size, asked);
    this.kind = kind;
    // Not a <form> that submits: an embed's sandbox (no allow-forms) refuses submissions.
    this.form = h("div", { class: "panel worksheet-form", role: "form", "aria-label": "Worksheet" },
      h("h2", {}, "A worksheet with answers"),
      h("div", { class: "choices" },
        select("ws-kind", "Kind", KINDS, kind, named),
        select("ws-size", "Size", sizesOf(kind), size, (n) => `${n}×${n}`),
        select("ws-difficulty", "Difficulty", ["", ...gradesOf(kind, size)], difficulty, (g) => g || "Any"),
        h("label", {}, "Puzzles", h("input", { id: "ws-count", type: "number", min: 1, max: MOST, value: count })),
        h("label", {}, "Title", h("input", { id: "ws-title", type: "text", value: params.get("title") ?? named(kind) }))),
      h("div", { class: "row" },
        h("button", { type: "button", id: "ws-make" }, "Make the worksheet"),
        h("button", { type: "button", id: "ws-stop", "aria-disabled": "true" }, "Stop"),
        h("button", { type: "button", id: "ws-print", "aria-disabled": "true" }, "Print"),
        h("button", { type: "button", id: "ws-scorm", "aria-disabled": "true" }, "Download for an LMS (SCORM)")),
      h("p", { class: "message", role: "status", id: "ws-message" }),
      h("p", { class: "board-status" }, h("span", { class: "python-status" })));
    this.sheets = h("div", { id: "sheets", class: "sheets" });
    root.replaceChildren(this.form, this.sheets);
    this.making = false;
    $("ws-make").addEventListener("click", () => this.make());
    $("ws-kind").addEventListener("change", () => this.kindChanged());
    $("ws-size").addEventListener("change", () => this.offerGrades());
    this.form.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target.matches("input")) this.make();
    });
    $("ws-stop").addEventListener("click", () => this.making && this.client.cancel());
    $("ws-print").addEventListener("click", () => $("ws-print").getAttribute("aria-disabled") !== "true" && window.print());
    // The worksheet's puzzles as a problem set a course site grades (set.js plays it).
    $("ws-scorm").addEventListener("click", () => $("ws-scorm").getAttribute("aria-disabled") !== "true" &&
      downloadScorm(this.made.map((m) => m.read.puzzle), $("ws-title").value, (text) => this.say(text)));
    this.python.onChange(() => this.buttons());
  }

  show() {
    this.buttons();
    this.say(this.greeting || "Choose the kind, size, difficulty and number of puzzles, then make the worksheet.");
    return {};
  }

  // The sizes and difficulties of the kind chosen (the ones chosen kept where it has them),
  // and its name as the title unless the title is one of the teacher's own.
  kindChanged() {
    const kind = $("ws-kind").value;
    const sizes = sizesOf(kind);
    const size = sizes.includes(Number($("ws-size").value)) ? $("ws-size").value : String(sizes.includes(9) ? 9 : sizes.at(-1));
    $("ws-size").replaceChildren(...sizes.map((n) => h("option", { value: n }, `${n}×${n}`)));
    $("ws-size").value = size;
    if ($("ws-title").value === named(this.kind)) $("ws-title").value = named(kind);
    this.kind = kind;
    this.offerGrades();
  }

  // The difficulties of the kind and size chosen (the one chosen kept if it is one), and
  // why the easy ones are missing when they are.
  offerGrades() {
    const [kind, n, grade] = [$("ws-kind").value, Number($("ws-size").value), $("ws-difficulty").value];
    const grades = gradesOf(kind, n);
    $("ws-difficulty").replaceChildren(...["", ...grades].map((g) => h("option", { value: g }, g || "Any")));
    $("ws-difficulty").value = grade && !grades.includes(grade) ? grades[0] : grade;
    const why = unreached(kind, n, grade);
    if (why) this.say(why);
  }

  say(text) {
    $("ws-message").textContent = text;
  }

  // The worksheet view with the form's choices.
  embedLink() {
    const link = new URL(location.href);
    link.search = "?view=worksheet";
    for (const [name, id] of [["kind", "ws-kind"], ["size", "ws-size"], ["difficulty", "ws-difficulty"], ["n", "ws-count"], ["title", "ws-title"]]) {
      if ($(id).value) link.searchParams.set(name, $(id).value);
    }
    return link.href;
  }

  buttons() {
    $("ws-make").setAttribute("aria-disabled", String(this.making || this.python.state === "error"));
    $("ws-stop").setAttribute("aria-disabled", String(!this.making));
    $("ws-print").setAttribute("aria-disabled", String(this.making || !this.sheets.children.length));
    $("ws-scorm").setAttribute("aria-disabled", String(this.making || !this.sheets.children.length));
  }

  // Generates the puzzles asked for, one after another, and lays out their sheets.
  async make() {
    if (this.making) return;
    const n = Number($("ws-size").value);
    const kind = $("ws-kind").value;
    const difficulty = $("ws-difficulty").value;
    const wanted = Math.min(MOST, Math.max(1, Math.round(Number($("ws-count").value)) || 1));
    this.making = true;
    this.buttons();
    const made = [];
    try {
      for (let k = 1; k <= wanted; k++) {
        this.say(`Making puzzle ${k} of ${wanted}${seldomNote(kind, n, difficulty)}…`);
        const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
        const result = await this.client.request("generate", { size: n, seed, kind, ...(difficulty && { difficulty }) });
        if (result.status === "invalid") throw new Error(result.error);
        made.push({ ...result, read: readPuzzle(result.puzzle, n, kind) });
      }
      this.sheets.replaceChildren(...layout(made, n, $("ws-title").value));
      this.made = made;
      const grades = difficulty ? ` (${made.filter((m) => m.grade === difficulty).length} of them ${difficulty})` : "";
      this.say(`${plural(wanted, "puzzle")} and their answers are ready${grades}: Print prints them, answers on pages of their own.`);
    } catch (error) {
      this.say(error instanceof Cancelled ? `Stopped after ${plural(made.length, "puzzle")}; nothing to print yet.`
        : `Could not make the worksheet: ${error.message}`);
    } finally {
      this.making = false;
      this.buttons();
    }
  }
}

// The printed pages: the puzzles, PER_PAGE to a page, then the answers. Each made puzzle
// is read as the page reads any (`read`: its givens and its shape, cages and signs).
function layout(made, n, title) {
  const pages = [];
  const chunk = (items, per) => Array.from({ length: Math.ceil(items.length / per) }, (_, k) => items.slice(k * per, k * per + per));
  for (const group of chunk(made.map((m, k) => [m, k]), PER_PAGE[n])) {
    pages.push([title, "puzzles", group.map(([m, k]) =>
      figure(m.read.givens, gridShape(m.read), `${k + 1}.${m.grade ? ` ${m.grade}` : ""}`))]);
  }
  for (const group of chunk(made.map((m, k) => [m, k]), ANSWERS_PER_PAGE[n])) {
    pages.push([`${title}: answers`, "answers", group.map(([m, k]) =>
      figure(m.solution, gridShape(m.read), `${k + 1}.`, m.read.givens))]);
  }
  // Each page a region named by its number too, so that no two regions share a name.
  return pages.map(([heading, kind, figures], k) =>
    h("section", { class: `sheet ${kind}`, "data-size": n, "aria-label": `${heading}, page ${k + 1} of ${pages.length}` },
      h("h2", {}, heading), h("div", { class: "figures" }, ...figures)));
}

// One grid: `line`'s symbols, the givens of `puzzle` (if any) bold, under a caption.
function figure(line, shape, caption, puzzle = line) {
  const grid = h("div", { class: "mini-grid" });
  miniGrid(grid, shape).forEach((div, cell) => {
    div.textContent = line[cell] === "." ? "" : line[cell];
    div.classList.toggle("given", puzzle[cell] !== ".");
  });
  return h("figure", {}, h("figcaption", {}, caption), grid);
}

