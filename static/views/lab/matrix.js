// The 0/1 matrix of an exact cover problem: items as columns (with their live option
// counts), options as rows, 1s as marks. Up to TABLE_MAX_CELLS it is a table whose
// columns carry data-item and rows data-option, each with data-live and data-state;
// larger problems (a 9x9 sudoku's 729 x 324) are a picture, one pixel per matrix cell
// (drawn larger by the page where there is room).
import { h, plural } from "../../kit.js";
import { itemState, liveCounts, optionState, stepChanges } from "./state.js";

// Options x items up to which the whole matrix is a table.
const TABLE_MAX_CELLS = 20000;
// Item names are written upright above their columns up to this many items.
const UPRIGHT_MAX_ITEMS = 10;
// Options x items up to which the table is drawn large (for a projector).
const LARGE_MAX_CELLS = 150;

export function matrixView(container, problem) {
  const cells = problem.options.length * problem.items.length;
  return cells <= TABLE_MAX_CELLS ? new MatrixTable(container, problem) : new MatrixPicture(container, problem);
}

const ANIMATIONS = ["flash", "leaving", "returning"];

// Says which items are secondary (covered at most once), if any: the last columns.
function secondaryNote(problem, where = "in italics, after the line") {
  const secondary = problem.items.length - problem.primary;
  return secondary ? `; the last ${plural(secondary, "item")}, ${where}, secondary: covered at most once` : "";
}

// Runs the step's CSS animations from their start: `marks` are [node, class that runs it,
// place in the step's order (later ones start later)]; `before` the nodes animated last time.
function animate(marks, before) {
  for (const node of before) node.classList.remove(...ANIMATIONS);
  for (const [node] of marks) node.classList.remove(...ANIMATIONS);
  if (marks.length) void marks[0][0].offsetWidth; // one reflow, so that the classes put back restart
  for (const [node, name, order] of marks) {
    node.style.setProperty("--order", order);
    node.classList.add(name);
  }
  return marks.map(([node]) => node);
}

class MatrixTable {
  constructor(container, problem) {
    this.problem = problem;
    this.container = container;
    this.givens = new Set(problem.given);
    const table = h("table", { class: "matrix" });
    table.classList.toggle("upright", problem.items.length <= UPRIGHT_MAX_ITEMS);
    table.classList.toggle("large", problem.items.length * problem.options.length <= LARGE_MAX_CELLS);
    table.append(h("caption", {}, `${plural(problem.options.length, "option")} (rows) × ${plural(problem.items.length, "item")} ` +
      `(columns${secondaryNote(problem)}), ${plural(problem.ones, "node")} (the 1s)`));
    // One header row: each item's name, and under it how many live options it has.
    const head = h("thead");
    const names = h("tr");
    names.append(h("th", { scope: "col", class: "corner" }, "option \\ item: options left"));
    this.items = problem.items.map((name, i) => {
      const secondary = i >= problem.primary;
      const th = h("th", { scope: "col", "data-item": i, title: secondary ? `${name} (secondary)` : name });
      const count = h("span", { class: "count" });
      th.append(h("span", { class: "name" }, name), count);
      if (secondary) th.classList.add("secondary");
      if (i === problem.primary) th.classList.add("first-secondary");
      names.append(th);
      return { th, count };
    });
    head.append(names);
    const body = h("tbody");
    this.rows = problem.options.map((items, o) => {
      const tr = h("tr", { "data-option": o });
      tr.append(h("th", { scope: "row" }, problem.names[o]));
      const marks = new Set(items);
      const cells = problem.items.map((_, i) => h("td", i === problem.primary ? { class: "first-secondary" } : {},
        marks.has(i) ? "1" : ""));
      tr.append(...cells);
      body.append(tr);
      return { tr, cells };
    });
    table.append(head, body);
    container.replaceChildren(table);
  }

  draw(state) {
    const { problem, givens } = this;
    const counts = liveCounts(problem, state.out);
    const changes = stepChanges(state.step);
    const step = state.step;
    const marks = [];
    this.items.forEach(({ th, count }, i) => {
      const what = itemState(state, i);
      th.dataset.live = String(what === "open");
      th.dataset.state = what;
      count.textContent = what === "open" ? counts[i] : "";
      const now = changes.items.has(i) || (step?.kind === "dead end" && step.item === i);
      th.classList.toggle("now", now);
      if (now) marks.push([th, "flash", changes.items.get(i) ?? 0]);
    });
    this.rows.forEach(({ tr, cells }, o) => {
      const what = optionState(state, givens, o);
      tr.dataset.live = String(what === "live");
      tr.dataset.state = what;
      tr.classList.toggle("now", step?.option === o);
      const moved = changes.options.has(o);
      tr.classList.toggle("moved", moved);
      if (moved) marks.push([tr, changes.leaving ? "leaving" : "returning", changes.options.get(o)]);
      cells.forEach((td, i) => td.classList.toggle("in-covered", state.covered[i] === 1));
    });
    this.animated = animate(marks, this.animated ?? []);
  }

  // Scrolls the matrix (not the page) so that option o's row is in view below the header.
  reveal(o) {
    const row = this.rows[o]?.tr;
    const box = this.container;
    if (!row || box.scrollHeight <= box.clientHeight) return;
    const head = this.items[0]?.th.offsetHeight ?? 0;
    const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < head || top + row.offsetHeight > box.clientHeight) {
      box.scrollTop += top - head - (box.clientHeight - head) / 2;
    }
  }
}

// The matrix as a picture: one pixel per matrix cell, a mark per 1; covered
// items' columns tinted, live marks dark, marks taken out faint, the partial solution and
// givens in colour, what the step changes in the warning colour.
class MatrixPicture {
  constructor(container, problem) {
    this.problem = problem;
    this.givens = new Set(problem.given);
    const items = problem.items.length;
    const canvas = h("canvas", { width: items, height: problem.options.length, role: "img", class: "matrix-picture" });
    const zoom = Math.max(1, Math.min(4, Math.floor(720 / items)));
    canvas.style.setProperty("--shown-width", `${items * zoom}px`);
    this.label = h("p", { class: "matrix-caption" });
    this.point = h("p", { class: "matrix-point", "aria-live": "off" });
    canvas.addEventListener("pointermove", (event) => this.pointAt(event));
    this.canvas = canvas;
    // The frame scrolls a tall picture (the pentominoes' thousands of options): keys scroll it too.
    const frame = h("div", { class: "matrix-frame", tabindex: 0, role: "group", "aria-label": "The matrix, scrolled" });
    frame.append(canvas);
    container.replaceChildren(this.label, frame, this.point);
  }

  colours() {
    const style = getComputedStyle(this.canvas);
    const read = (name) => style.getPropertyValue(name).trim();
    return {
      live: read("--lab-mark"), out: read("--lab-mark-out"), column: read("--lab-column"),
      chosen: read("--lab-chosen"), given: read("--lab-given"), now: read("--lab-now"),
    };
  }

  draw(state) {
    const { problem, givens } = this;
    const context = this.canvas.getContext("2d");
    const colour = this.colours();
    const changes = stepChanges(state.step);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.fillStyle = colour.column;
    problem.items.forEach((_, i) => {
      if (state.covered[i]) context.fillRect(i, 0, 1, this.canvas.height);
    });
    let live = 0;
    problem.options.forEach((items, o) => {
      const what = optionState(state, givens, o);
      if (what === "live") live++;
      context.fillStyle = changes.options.has(o) || state.step?.option === o ? colour.now
        : what === "given" ? colour.given : what === "chosen" ? colour.chosen : what === "live" ? colour.live : colour.out;
      for (const i of items) context.fillRect(i, o, 1, 1);
    });
    const open = problem.items.filter((_, i) => !state.covered[i]).length;
    const text = `${problem.options.length} options × ${problem.items.length} items${secondaryNote(problem, "right")}, one mark per 1 ` +
      `(too many to list): ${live} options and ${open} items still live.`;
    this.label.textContent = text;
    this.canvas.setAttribute("aria-label", text);
  }

  // Names the option and item under the pointer.
  pointAt(event) {
    const box = this.canvas.getBoundingClientRect();
    const i = Math.floor((event.clientX - box.left) / box.width * this.problem.items.length);
    const o = Math.floor((event.clientY - box.top) / box.height * this.problem.options.length);
    const name = this.problem.names[o];
    if (name === undefined || this.problem.items[i] === undefined) return;
    this.point.textContent = `Option ${name} (${this.problem.options[o].map((k) => this.problem.items[k]).join(" ")})` +
      ` · item ${this.problem.items[i]}`;
  }

  reveal() {}
}
