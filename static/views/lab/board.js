// The board of a problem that has one (a record's problem.board): queens on a
// chessboard, the grid of a puzzle of any kind, the batting order as a list of places.
// A puzzle's board draws its kind's clues as Python's puzzle record has them: box or
// jigsaw region borders, its extra units shaded (X's diagonals, windoku's windows),
// killer cages dashed with their sums, futoshiki signs between cells, a variant's rules
// (static/rules: thermometers, dots, arrows...). Each placement
// puts a symbol in one cell (a killer's combinations have no mark: they mark their
// cage's cells when a step is about them); a cell shows the symbol of its given or
// chosen option large, else the symbols of its live options small (what may still go
// there), tinted when an option of it waits to be tried at a choice made before.
import { cageMarks, signMark } from "../../kind-marks.js";
import { ruleMarks } from "../../rules/index.js";
import { svg } from "../../svg.js";
import { optionState, stepChanges } from "./state.js";

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
    addClues(grid, board);
    for (const [o, k] of board.combinations ?? []) {
      for (const x of board.cages[k].cells) this.cells[x].combinations.push(o);
    }
    container.replaceChildren(grid);
  }

  // Shows a solution (its option numbers) as the search's state when it finds it.
  solution(options) {
    const n = this.problem.options.length;
    this.draw({ out: new Int32Array(n).fill(0), levels: [], chosen: options, step: null });
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

// A kind's cages and signs, drawn over the cells in cell units (a cell is 1 by 1); a
// variant's rules as the play board draws them: shading and lines under the cells, dots
// and sums over them, with a cell's room around the grid for clues outside it.
function addClues(grid, board) {
  const { rows, cols } = board;
  if (board.cages || board.signs) {
    const layer = svg("svg", { class: "kind-marks lab-clues", viewBox: `0 0 ${cols} ${rows}`, "aria-hidden": "true" });
    for (const cage of board.cages ?? []) layer.append(cageMarks(cage, cols));
    for (const [greater, lesser] of board.signs ?? []) layer.append(signMark(greater, lesser, cols));
    grid.append(layer);
  }
  if (board.drawing?.length) {
    const [under, over] = ruleMarks(board.drawing, cols);
    grid.prepend(under);
    grid.append(over);
    grid.toggleAttribute("data-outside", board.drawing.some((clue) => clue.outside));
  }
}
