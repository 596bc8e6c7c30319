// Boards whose options place pieces (a record's board of kind "pentomino" or "langford":
// `pieces` lists, per option, the [row, col, symbol] of each cell it fills). A pentomino
// board colours each placed piece by its letter, writes the letter in the piece's middle
// cell and draws thick borders between pieces; the cells of the option a step tries are
// outlined. A Langford board is the sequence of 2n places, each placed number in its two
// places, joined by an arc above them.
import { svg } from "../../svg.js";

// Langford places in SVG units: a box, the gap between boxes, the room above for the arcs.
const BOX = 36;
const GAP = 4;

export class PiecesView {
  constructor(container, problem) {
    const { board } = problem;
    this.board = board;
    this.givens = problem.given;
    this.root = board.kind === "langford" ? langfordFrame(board) : pentominoFrame(board);
    container.replaceChildren(this.root.element);
  }

  // Shows the search after a step (state.js's replay).
  draw(state) {
    this.show([...this.givens, ...state.chosen], state.step?.option ?? -1);
  }

  // Shows a solution (its option numbers).
  solution(options) {
    this.show(options);
  }

  // Shows the options `placed` (the givens and the partial solution, or a solution) and
  // outlines the cells of `now` (the option a step is about; -1: none).
  show(placed, now = -1) {
    if (this.board.kind === "langford") this.langford(placed, now);
    else this.pentomino(placed, now);
  }

  pentomino(placed, now) {
    const { board } = this;
    const { cells } = this.root;
    const owner = new Int32Array(board.rows * board.cols).fill(-1);
    for (const o of placed) for (const [r, c] of board.pieces[o]) owner[r * board.cols + c] = o;
    const middles = new Set(placed.map((o) => middle(board.pieces[o], board.cols)));
    const tried = new Set((board.pieces[now] ?? []).map(([r, c]) => r * board.cols + c));
    cells.forEach((cell, x) => {
      if (!cell) return; // a hole
      const o = owner[x];
      const letter = o >= 0 ? board.pieces[o][0][2] : "";
      cell.textContent = o >= 0 && middles.has(x) ? letter : "";
      cell.dataset.piece = letter;
      cell.title = letter ? `piece ${letter}` : "";
      const c = x % board.cols;
      cell.classList.toggle("edge-right", c + 1 < board.cols && owner[x + 1] !== o);
      cell.classList.toggle("edge-bottom", x + board.cols < owner.length && owner[x + board.cols] !== o);
      cell.classList.toggle("now", tried.has(x));
    });
    const pieces = placed.map((o) => board.pieces[o][0][2]).sort().join(" ");
    this.root.element.setAttribute("aria-label", `A ${board.rows}×${board.cols} board; ` +
      (pieces ? `pieces placed: ${pieces}` : "no piece placed yet"));
  }

  langford(placed, now) {
    const { board } = this;
    const { boxes, arcs } = this.root;
    const at = new Array(board.cols).fill("");
    arcs.replaceChildren();
    for (const o of placed) {
      const places = board.pieces[o];
      for (const [, c, k] of places) at[c] = String(k);
      const [a, b] = places.map(([, c]) => c).sort((x, y) => x - y);
      arcs.append(arc(a, b, places[0][2], o === now, this.root.height));
    }
    if (now >= 0 && !placed.includes(now)) {
      const [a, b] = board.pieces[now].map(([, c]) => c).sort((x, y) => x - y);
      arcs.append(arc(a, b, board.pieces[now][0][2], true, this.root.height));
    }
    const tried = new Set((board.pieces[now] ?? []).map(([, c]) => c));
    boxes.forEach(({ group, text }, c) => {
      text.textContent = at[c];
      group.classList.toggle("now", tried.has(c));
    });
    this.root.element.setAttribute("aria-label", `${board.cols} places: ${at.map((k) => k || "_").join(" ")}`);
  }
}

// The cell of a piece nearest its centre (where its letter goes), as r * cols + c.
function middle(cells, cols) {
  const mr = cells.reduce((sum, [r]) => sum + r, 0) / cells.length;
  const mc = cells.reduce((sum, [, c]) => sum + c, 0) / cells.length;
  const [r, c] = cells.reduce((best, cell) =>
    (Math.hypot(cell[0] - mr, cell[1] - mc) < Math.hypot(best[0] - mr, best[1] - mc) ? cell : best));
  return r * cols + c;
}

function pentominoFrame(board) {
  const element = document.createElement("div");
  element.className = "lab-board pentomino";
  element.setAttribute("role", "img");
  element.style.setProperty("--rows", board.rows);
  element.style.setProperty("--cols", board.cols);
  const holes = new Set((board.holes ?? []).map(([r, c]) => r * board.cols + c));
  const cells = [];
  for (let x = 0; x < board.rows * board.cols; x++) {
    const cell = document.createElement("div");
    cell.className = holes.has(x) ? "cell hole" : "cell";
    element.append(cell);
    cells.push(holes.has(x) ? null : cell);
  }
  return { element, cells };
}

function langfordFrame(board) {
  const width = board.cols * (BOX + GAP) + GAP;
  const height = BOX + GAP + (board.cols / 2 + 1) * 6 + 8;
  const element = svg("svg", { class: "lab-langford", viewBox: `0 0 ${width} ${height}`, role: "img" });
  element.style.setProperty("--places", board.cols);
  const arcs = svg("g", { class: "arcs" });
  const boxes = [];
  for (let c = 0; c < board.cols; c++) {
    const x = GAP + c * (BOX + GAP);
    const group = svg("g", { class: "place" });
    group.append(svg("rect", { x, y: height - BOX - GAP, width: BOX, height: BOX, rx: 3 }));
    const text = svg("text", { x: x + BOX / 2, y: height - GAP - BOX / 2 + 6 });
    group.append(text);
    element.append(group);
    boxes.push({ group, text });
  }
  element.append(arcs);
  return { element, boxes, arcs, height };
}

// The arc joining the places a and b of the number k, higher the farther apart they are,
// in a drawing `height` units high.
function arc(a, b, k, now, height) {
  const centre = (c) => GAP + c * (BOX + GAP) + BOX / 2;
  const base = height - BOX - GAP - 2;
  const rise = Math.min(base - 4, 10 + (b - a) * 6);
  const path = svg("path", {
    d: `M${centre(a)},${base} C${centre(a)},${base - rise} ${centre(b)},${base - rise} ${centre(b)},${base}`,
    class: `arc${now ? " now" : ""}`, "data-number": k,
  });
  path.style.setProperty("--arc-h", (k * 137) % 360); // neighbouring numbers far apart in hue
  return path;
}
