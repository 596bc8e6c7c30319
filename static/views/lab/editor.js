// The pentomino boards the lab offers, and the editor of a board of one's own: a grid of
// rows × cols cells, each a toggle button (pressed: a hole, no cell), read and written as
// Python reads a drawn board, rows of "." (a cell) and "#" (a hole) separated by "/".
import { h } from "../../kit.js";

export const BOARDS = [
  ["6x10", "6×10"],
  ["5x12", "5×12"],
  ["4x15", "4×15"],
  ["3x20", "3×20"],
  ["8x8-hole", "8×8 less the centre 2×2 (Scott's)"],
  ["draw", "Draw your own…"],
];
// Conway's names of the twelve pentominoes.
export const LETTERS = "FILNPTUVWXYZ";
const MAX_SIDE = 20;

// The rows of a board text ("RxC" or drawn) as strings of "." and "#", or null if it is neither.
export function boardRows(text) {
  const size = /^(\d+)x(\d+)$/.exec(text);
  if (size) {
    const [rows, cols] = [Number(size[1]), Number(size[2])];
    return rows && cols && rows <= MAX_SIDE && cols <= MAX_SIDE ? Array(rows).fill(".".repeat(cols)) : null;
  }
  const rows = text.split("/");
  const fits = rows.length <= MAX_SIDE && rows.every((row) => /^[.#]{1,20}$/.test(row) && row.length === rows[0].length);
  return fits ? rows : null;
}

export class BoardEditor {
  // rows, cols: the number inputs of the size; grid: where the cells go; onChange() hears
  // every cell toggled or size changed.
  constructor({ rows, cols, grid }, onChange) {
    this.rowsInput = rows;
    this.colsInput = cols;
    this.grid = grid;
    this.onChange = onChange;
    this.rows = [];
    const resize = () => {
      const r = clamp(rows.value);
      const c = clamp(cols.value);
      this.set(Array.from({ length: r }, (_, k) => (this.rows[k] ?? "").padEnd(c, ".").slice(0, c)));
      onChange();
    };
    rows.addEventListener("change", resize);
    cols.addEventListener("change", resize);
    grid.addEventListener("click", (event) => {
      const cell = event.target.closest("button[data-at]");
      if (!cell) return;
      const [r, c] = cell.dataset.at.split(",").map(Number);
      const row = this.rows[r];
      this.rows[r] = row.slice(0, c) + (row[c] === "." ? "#" : ".") + row.slice(c + 1);
      this.paint();
      onChange();
    });
  }

  // Draws the board of `rows` (strings of "." and "#").
  set(rows) {
    this.rows = [...rows];
    this.rowsInput.value = rows.length;
    this.colsInput.value = rows[0].length;
    this.grid.style.setProperty("--cols", rows[0].length);
    this.grid.replaceChildren(...rows.flatMap((row, r) => [...row].map((_, c) =>
      h("button", { type: "button", "data-at": `${r},${c}`, "aria-label": `r${r + 1}c${c + 1}` }))));
    this.paint();
  }

  paint() {
    for (const button of this.grid.children) {
      const [r, c] = button.dataset.at.split(",").map(Number);
      button.setAttribute("aria-pressed", String(this.rows[r][c] === "#"));
      button.title = this.rows[r][c] === "#" ? "a hole (click to make it a cell)" : "a cell (click to make it a hole)";
    }
  }

  // The board drawn, as Python reads it.
  text() {
    return this.rows.join("/");
  }

  cells() {
    return this.rows.join("").split(".").length - 1;
  }
}

function clamp(value) {
  return Math.min(MAX_SIDE, Math.max(1, Math.round(Number(value)) || 1));
}
