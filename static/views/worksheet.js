// The worksheet view (?view=worksheet&size=9&difficulty=Easy&n=6): a teacher's printout of
// freshly generated puzzles, several to a page, then their answers on pages of their own.
// Python generates each puzzle (with its solution); Print prints the sheets only.
import { shapeFor } from "../grid.js";
import { miniGrid } from "../board.js";
import { Cancelled } from "../client.js";

const SIZES = [4, 6, 8, 9, 12, 16];
const GRADES = ["Easy", "Medium", "Hard", "Expert", "Extreme"];
const MOST = 24;
// Puzzles on one printed page, and answers, by size.
const PER_PAGE = { 4: 6, 6: 6, 8: 4, 9: 4, 12: 2, 16: 1 };
const ANSWERS_PER_PAGE = { 4: 12, 6: 12, 8: 6, 9: 6, 12: 4, 16: 2 };

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function select(id, label, values, chosen, name = (v) => v) {
  const control = element("select", { id });
  for (const value of values) control.append(element("option", { value }, name(value)));
  control.value = chosen;
  return element("label", {}, label, control);
}

export function start(options, python) {
  const params = new URL(location.href).searchParams;
  const size = SIZES.includes(Number(params.get("size"))) ? Number(params.get("size")) : 9;
  const count = Math.min(MOST, Math.max(1, Number(params.get("n")) || 6));
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("worksheet.css", import.meta.url).href;
  document.head.append(link);

  const form = element("form", { class: "panel worksheet-form", "aria-label": "Worksheet" },
    element("h2", {}, "A worksheet with answers"),
    element("div", { class: "choices" },
      select("ws-size", "Size", SIZES, size, (n) => `${n}×${n}`),
      select("ws-difficulty", "Difficulty", ["", ...GRADES], params.get("difficulty") ?? "", (g) => g || "Any"),
      element("label", {}, "Puzzles", element("input", { id: "ws-count", type: "number", min: 1, max: MOST, value: count })),
      element("label", {}, "Title", element("input", { id: "ws-title", type: "text", value: params.get("title") ?? "Sudoku" }))),
    element("div", { class: "row" },
      element("button", { type: "submit", id: "ws-make" }, "Make the worksheet"),
      element("button", { type: "button", id: "ws-stop", "aria-disabled": "true" }, "Stop"),
      element("button", { type: "button", id: "ws-print", "aria-disabled": "true" }, "Print")),
    element("p", { class: "message", role: "status", id: "ws-message" }),
    element("p", { class: "board-status" }, element("span", { class: "python-status" })));
  const sheets = element("div", { id: "sheets", class: "sheets" });
  const root = document.getElementById("view");
  root.replaceChildren(form, sheets);
  const $ = (id) => document.getElementById(id);
  const say = (text) => ($("ws-message").textContent = text);
  let making = false;
  const buttons = () => {
    $("ws-make").setAttribute("aria-disabled", String(making || python.state === "error"));
    $("ws-stop").setAttribute("aria-disabled", String(!making));
    $("ws-print").setAttribute("aria-disabled", String(making || !sheets.children.length));
  };
  python.onChange(buttons);
  buttons();
  say("Choose the size, difficulty and number of puzzles, then make the worksheet.");

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (making) return;
    const n = Number($("ws-size").value);
    const difficulty = $("ws-difficulty").value;
    const wanted = Math.min(MOST, Math.max(1, Math.round(Number($("ws-count").value)) || 1));
    making = true;
    buttons();
    const made = [];
    try {
      for (let k = 1; k <= wanted; k++) {
        say(`Making puzzle ${k} of ${wanted}…`);
        const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
        const result = await python.client.request("generate", { size: n, seed, ...(difficulty && { difficulty }) });
        if (result.status === "invalid") throw new Error(result.error);
        made.push(result);
      }
      sheets.replaceChildren(...layout(made, shapeFor(n), $("ws-title").value));
      const grades = difficulty ? ` (${made.filter((m) => m.grade === difficulty).length} of them ${difficulty})` : "";
      say(`${wanted} puzzle${wanted > 1 ? "s" : ""} and their answers are ready${grades}: Print prints them, answers on pages of their own.`);
    } catch (error) {
      say(error instanceof Cancelled ? `Stopped after ${made.length} puzzles; nothing to print yet.` : `Could not make the worksheet: ${error.message}`);
    } finally {
      making = false;
      buttons();
    }
  });
  $("ws-stop").addEventListener("click", () => making && python.client.cancel());
  $("ws-print").addEventListener("click", () => $("ws-print").getAttribute("aria-disabled") !== "true" && window.print());
}

// The printed pages: the puzzles, PER_PAGE to a page, then the answers.
function layout(made, shape, title) {
  const pages = [];
  const chunk = (items, per) => Array.from({ length: Math.ceil(items.length / per) }, (_, k) => items.slice(k * per, k * per + per));
  for (const group of chunk(made.map((m, k) => [m, k]), PER_PAGE[shape.n])) {
    pages.push(sheet(title, "puzzles", shape.n, group.map(([m, k]) => figure(m.puzzle, shape, `${k + 1}.${m.grade ? ` ${m.grade}` : ""}`))));
  }
  for (const group of chunk(made.map((m, k) => [m, k]), ANSWERS_PER_PAGE[shape.n])) {
    pages.push(sheet(`${title}: answers`, "answers", shape.n, group.map(([m, k]) => figure(m.solution, shape, `${k + 1}.`, m.puzzle))));
  }
  return pages;
}

function sheet(title, kind, n, figures) {
  return element("section", { class: `sheet ${kind}`, "data-size": n, "aria-label": title }, element("h2", {}, title), element("div", { class: "figures" }, ...figures));
}

// One grid: `line`'s symbols, the givens of `puzzle` (if any) bold, under a caption.
function figure(line, shape, caption, puzzle = line) {
  const grid = element("div", { class: "mini-grid" });
  miniGrid(grid, shape).forEach((div, cell) => {
    div.textContent = line[cell] === "." ? "" : line[cell];
    div.classList.toggle("given", puzzle[cell] !== ".");
  });
  return element("figure", {}, element("figcaption", {}, caption), grid);
}

