// The board of a problem that has one (a record's problem.board): queens on a
// chessboard, the digits of a sudoku, the batting order as a list of places. Each
// option puts a symbol in one cell; a cell shows the symbol of its given or chosen
// option large, else the symbols of its live options small (what may still go there),
// tinted when an option of it waits to be tried at a choice made before.
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
        if (board.kind === "queens" && (r + c) % 2) cell.classList.add("dark");
        if (board.box && (c + 1) % board.box[1] === 0 && c + 1 < board.cols) cell.classList.add("box-right");
        if (board.box && (r + 1) % board.box[0] === 0 && r + 1 < board.rows) cell.classList.add("box-bottom");
        grid.append(cell);
        this.cells.push({ cell, options: [] });
      }
    }
    board.marks.forEach(([r, c], o) => this.cells[r * board.cols + c].options.push(o));
    container.replaceChildren(grid);
  }

  draw(state) {
    const { problem, givens } = this;
    const marks = problem.board.marks;
    const changes = stepChanges(state.step);
    for (const { cell, options } of this.cells) {
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
      cell.classList.toggle("now", options.includes(state.step?.option));
      cell.classList.toggle("moved", options.some((o) => changes.options.has(o)));
    }
  }
}
