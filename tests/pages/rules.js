// The test page of the rules' drawings: one 9x9 grid, drawn by the play view's board, per
// group of rules, with sample clues of every key (and one key no drawing knows, which the
// page lists as not drawn). Marks <html data-drawn> when it is done.
import { shapeFor } from "../../static/grid.js";
import { ruleMarks, undrawn } from "../../static/rules/index.js";
import { Board } from "../../static/views/play/board.js";

const N = 9;
const at = (r, c) => (r - 1) * N + (c - 1); // r1c1 is at(1, 1)
const row = (r, from, to) => Array.from({ length: to - from + 1 }, (_, k) => at(r, from + k));

export const GROUPS = {
  lines: {
    givens: { [at(1, 2)]: "3", [at(5, 5)]: "5" },
    clues: [
      { key: "thermometer", lines: [row(1, 1, 4)] },
      { key: "thermometer", lines: [[at(3, 2), at(4, 2), at(5, 2)], [at(3, 2), at(4, 3), at(5, 4), at(5, 5)]] },
      { key: "palindrome", lines: [[at(7, 1), at(8, 2), at(9, 3), at(9, 4)]] },
      { key: "renban", lines: [[at(2, 6), at(2, 7), at(3, 8), at(4, 8)]] },
      { key: "whispers", lines: [[at(6, 6), at(7, 7), at(7, 8), at(8, 9), at(9, 9)]] },
      { key: "betweenline", lines: [[at(1, 6), at(1, 7), at(1, 8), at(1, 9)]] },
      { key: "entropicline", lines: [[at(3, 4), at(4, 5), at(4, 6)]] },
      { key: "regionsumline", lines: [[at(6, 1), at(6, 2), at(6, 3), at(6, 4)]] },
      { key: "diagonal+" },
      { key: "diagonal-" },
    ],
  },
  arrows: {
    givens: { [at(2, 2)]: "9" },
    clues: [
      { key: "arrow", cells: [at(2, 2)], lines: [[at(2, 2), at(2, 3), at(2, 4), at(3, 5)]] },
      { key: "arrow", cells: [at(5, 1), at(5, 2)], lines: [[at(5, 2), at(6, 3), at(7, 3)]] },
      { key: "arrow", cells: [at(8, 8)], lines: [[at(8, 8), at(7, 8), at(6, 8)], [at(8, 8), at(8, 7), at(8, 6)]] },
      { key: "odd", cells: [at(1, 7)] },
      { key: "odd", cells: [at(3, 9)] },
      { key: "even", cells: [at(1, 8)] },
      { key: "even", cells: [at(9, 1)] },
      { key: "maximum", cells: [at(4, 7)] },
      { key: "minimum", cells: [at(9, 8), at(9, 9)] },
      { key: "extraregion", cells: [at(6, 5), at(6, 6), at(7, 5), at(7, 6)] },
      { key: "columnindexer", cells: [at(3, 1), at(4, 1)] },
      { key: "clone", cells: [at(1, 1), at(1, 2)], lines: [[at(9, 4), at(9, 5)]] },
    ],
  },
  dots: {
    givens: { [at(4, 4)]: "7" },
    clues: [
      { key: "difference", cells: [at(1, 1), at(1, 2)], value: "" },
      { key: "difference", cells: [at(2, 1), at(3, 1)], value: "3" },
      { key: "ratio", cells: [at(1, 3), at(1, 4)], value: "2" },
      { key: "ratio", cells: [at(2, 3), at(3, 3)], value: "3" },
      { key: "xv", cells: [at(5, 1), at(5, 2)], value: "X" },
      { key: "xv", cells: [at(6, 2), at(7, 2)], value: "V" },
      { key: "quadruple", cells: [at(4, 6), at(4, 7), at(5, 6), at(5, 7)], value: "1234" },
      { key: "quadruple", cells: [at(7, 7), at(7, 8), at(8, 7), at(8, 8)], value: "1,2" },
      { key: "quadruple", cells: [at(8, 4), at(8, 5), at(9, 4), at(9, 5)], value: "5" },
      { key: "killercage", cells: [at(2, 5), at(2, 6), at(3, 6)], value: "15" },
      { key: "killercage", cells: [at(6, 4), at(6, 5)], value: "" },
      { key: "littlekillersum", outside: [0, 2], direction: "DR", value: "23" },
      { key: "littlekillersum", outside: [10, 3], direction: "UR", value: "9" },
      { key: "littlekillersum", outside: [4, 10], direction: "DL", value: "31" },
      { key: "littlekillersum", outside: [10, 10], direction: "UL", value: "45" },
      { key: "sandwichsum", outside: [0, 8], value: "12" },
      { key: "sandwichsum", outside: [7, 0], value: "0" },
      { key: "xsum", outside: [10, 6], value: "21" },
      { key: "skyscraper", outside: [2, 10], value: "4" },
      { key: "antiknight" },
      { key: "no-such-rule", cells: [at(9, 9)] },
    ],
  },
};

function board(name, { givens, clues }) {
  const figure = document.createElement("figure");
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.setAttribute("role", "grid");
  grid.dataset.group = name;
  const [keypad, modes, spoken] = ["div", "div", "p"].map((tag) => document.createElement(tag));
  const play = new Board({ grid, keypad, modes, spoken }, () => {}, () => {});
  play.layout(shapeFor(N));
  for (const [cell, digit] of Object.entries(givens)) {
    play.cells[cell].textContent = digit;
    play.cells[cell].toggleAttribute("data-given", true);
  }
  const [under, over] = ruleMarks(clues, N);
  grid.prepend(under);
  grid.append(over);
  const caption = document.createElement("figcaption");
  caption.textContent = `${name}: ${[...new Set(clues.map((clue) => clue.key))].join(", ")}`;
  figure.append(grid, caption);
  return figure;
}

const groups = Object.entries(GROUPS);
document.getElementById("boards").append(...groups.map(([name, group]) => board(name, group)));
document.getElementById("undrawn").textContent = undrawn(groups.flatMap(([, group]) => group.clues)).join(", ") || "none";
document.documentElement.dataset.drawn = "yes";
