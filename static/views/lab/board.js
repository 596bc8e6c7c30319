// The board of a problem that has one (a record's problem.board): queens on a
// chessboard, the grid of a puzzle of any kind, the batting order as a list of places.
// A puzzle's board draws its kind's clues as Python's puzzle record has them: box or
// jigsaw region borders, its extra units shaded (X's diagonals, windoku's windows),
// killer cages dashed with their sums, futoshiki signs between cells. Each placement
// puts a symbol in one cell (a killer's combinations have no mark: they mark their
// cage's cells when a step is about them); a cell shows the symbol of its given or
// chosen option large, else the symbols of its live options small (what may still go
// there), tinted when an option of it waits to be tried at a choice made before.
import { svg } from "../../svg.js";
import { optionState, stepChanges } from "./state.js";

// How far a cage's dashed outline runs inside its cells (a cell is 1 by 1).
const CAGE_INSET = 0.1;

export class BoardView {
  constructor(container, problem) {
    const { board } = problem;
    this.problem = problem;
    this.givens = new Set(problem.given);
    const grid = document.createElement("div");
    grid.className = `lab-board ${board.kind}`;
    grid.style.setProperty("--rows", board.rows);
    grid.style.setProperty("--cols", board.cols);
    const region = regionOf(board);
    const shaded = new Set((board.units ?? []).flat());
    this.cells = [];
    for (let r = 0; r < board.rows; r++) {
      if (board.row_names) {
        const name = document.createElement("div");
        name.className = "row-name";
        name.textContent = board.row_names[r];
        grid.append(name);
      }
      for (let c = 0; c < board.cols; c++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        const x = r * board.cols + c;
        if (board.kind === "queens" && (r + c) % 2) cell.classList.add("dark");
        if (region && c + 1 < board.cols && region[x] !== region[x + 1]) cell.classList.add("box-right");
        if (region && r + 1 < board.rows && region[x] !== region[x + board.cols]) cell.classList.add("box-bottom");
        if (shaded.has(x)) cell.classList.add("extra");
        grid.append(cell);
        this.cells.push({ cell, options: [], combinations: [] });
      }
    }
    board.marks.forEach((mark, o) => mark && this.cells[mark[0] * board.cols + mark[1]].options.push(o));
    if (board.cages || board.signs) grid.append(clues(board));
    for (const [o, k] of board.combinations ?? []) {
      for (const x of board.cages[k].cells) this.cells[x].combinations.push(o);
    }
    container.replaceChildren(grid);
  }

  draw(state) {
    const { problem, givens } = this;
    const marks = problem.board.marks;
    const changes = stepChanges(state.step);
    for (const { cell, options, combinations } of this.cells) {
      const states = options.map((o) => optionState(state, givens, o));
      const placed = options.find((o, k) => states[k] === "given" || states[k] === "chosen");
      const live = options.filter((o, k) => states[k] === "live");
      const waiting = placed === undefined && states.includes("waiting");
      cell.textContent = placed !== undefined ? marks[placed][2] : "";
      cell.dataset.notes = placed === undefined ? live.map((o) => marks[o][2]).join(" ") : "";
      cell.classList.toggle("given", placed !== undefined && givens.has(placed));
      cell.classList.toggle("placed", placed !== undefined && !givens.has(placed));
      // A cell with nothing left: no option of it is live or placed.
      cell.classList.toggle("blocked", placed === undefined && !live.length && !waiting);
      cell.classList.toggle("waiting", waiting);
      const about = [...options, ...combinations];
      cell.classList.toggle("now", about.includes(state.step?.option));
      cell.classList.toggle("moved", about.some((o) => changes.options.has(o)));
    }
  }
}

// The region of every cell whose borders are drawn thick: a jigsaw's regions, else
// the boxes (null without either).
function regionOf(board) {
  if (board.regions) return board.regions;
  if (!board.box) return null;
  const [rows, cols] = board.box;
  return Array.from({ length: board.rows * board.cols },
    (_, x) => Math.floor(Math.floor(x / board.cols) / rows) * rows + Math.floor((x % board.cols) / cols));
}

// The cages and signs, drawn over the cells in cell units (a cell is 1 by 1).
function clues(board) {
  const { rows, cols } = board;
  const layer = svg("svg", { class: "lab-clues", viewBox: `0 0 ${cols} ${rows}`, "aria-hidden": "true" });
  for (const cage of board.cages ?? []) {
    const inCage = new Set(cage.cells);
    const has = (r, c) => r >= 0 && r < rows && c >= 0 && c < cols && inCage.has(r * cols + c);
    const path = [];
    for (const x of cage.cells) {
      const r = Math.floor(x / cols);
      const c = x % cols;
      // Each side with no cell of the cage beyond it gets a dashed line, inset; at each
      // end the line stops short, runs to the cell's edge, or goes on past it (an inner corner).
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
        if (has(r + dr, c + dc)) continue;
        const [tr, tc] = [Math.abs(dc), Math.abs(dr)];
        const end = (s) => {
          const reach = !has(r + s * tr, c + s * tc) ? 0.5 - CAGE_INSET
            : has(r + s * tr + dr, c + s * tc + dc) ? 0.5 + CAGE_INSET : 0.5;
          return [c + 0.5 + dc * (0.5 - CAGE_INSET) + s * tc * reach, r + 0.5 + dr * (0.5 - CAGE_INSET) + s * tr * reach];
        };
        const [[x1, y1], [x2, y2]] = [end(-1), end(1)];
        path.push(`M${x1.toFixed(3)},${y1.toFixed(3)}L${x2.toFixed(3)},${y2.toFixed(3)}`);
      }
    }
    layer.append(svg("path", { class: "cage", d: path.join("") }));
    const first = Math.min(...cage.cells);
    layer.append(svg("text", { class: "cage-sum", x: first % cols + CAGE_INSET + 0.04, y: Math.floor(first / cols) + CAGE_INSET + 0.22 },
      String(cage.sum)));
  }
  for (const [greater, lesser] of board.signs ?? []) {
    const [a, b] = [Math.min(greater, lesser), Math.max(greater, lesser)];
    const across = b - a === 1; // side by side; else one above the other
    const [r, c] = [Math.floor(a / cols), a % cols];
    // The sign opens towards the greater cell: a > b or a < b, turned a quarter (∨ or ∧)
    // between a cell and the one below it.
    const [x, y] = across ? [c + 1, r + 0.5] : [c + 0.5, r + 1];
    const turn = across ? {} : { transform: `rotate(90 ${x} ${y})` };
    layer.append(svg("text", { class: "sign", x, y, ...turn }, greater === a ? ">" : "<"));
  }
  return layer;
}
