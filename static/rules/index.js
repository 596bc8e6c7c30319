// The rules' drawings over a grid (issue 40), one table from f-puzzles key to drawing.
//
//   drawClues(clues, n) -> SVGGElement   every clue drawn, in grid units (a cell is 1 by 1,
//                                        the grid from 0,0 to n,n; clues outside the grid
//                                        at -1..0 and n..n+1), for an <svg class="rule-marks"
//                                        viewBox="0 0 n n"> over the grid (rules.css styles it)
//   ruleMarks(clues, n) -> [under, over] the same as two <svg class="rule-marks">: `under`
//                                        (shaded cells, lines) to go before the grid's cells,
//                                        under their digits and the grid's lines; `over` (dots,
//                                        text) after them, over the grid's lines
//   undrawn(clues) -> [key]              the keys, once each, that have no drawing here
//
// A clue is plain JSON, as the worker sends it: {key, cells, lines, value, outside,
// direction}: `cells` are cell indices (row * n + col, from 0), `lines` arrays of them,
// `value` a string ("" for none), `outside` [row, col] of a clue outside the grid (counted
// from 1 inside it, 0 or n + 1 outside), `direction` a little killer's UL, UR, DL or DR. A
// global rule is a clue with its key alone (anti-knight draws nothing; a diagonal its line).
// A clone gives its cells and its copies as `lines`.
//
// The drawing is in four layers, each a <g data-layer>: shaded cells (and the diagonals, under
// every other line), then lines, then circles and dots, then text; each clue's drawing is a
// <g data-key="its key">. A cell's own tint (selected, hinted) paints over `under`.
import { svg } from "../svg.js";
import { arrow } from "./arrow.js";
import { difference, quadruple, ratio, xv } from "./dots.js";
import { killerCage } from "./killer.js";
import { betweenLine, diagonal, thermometer, thickLines } from "./lines.js";
import { even, maximum, minimum, odd } from "./marks.js";
import { lineNumber, littleKillerSum } from "./outside.js";
import { shadedCells } from "./shading.js";

export const LAYERS = ["shade", "line", "dot", "text"];

// key -> [layer, drawing(clue, n)], or null for a rule that has nothing to draw.
const DRAWINGS = new Map(Object.entries({
  extraregion: ["shade", shadedCells],
  columnindexer: ["shade", shadedCells],
  clone: ["shade", (clue, n) => shadedCells({ cells: [...(clue.cells ?? []), ...(clue.lines ?? []).flat()] }, n)],
  odd: ["shade", odd],
  even: ["shade", even],
  minimum: ["shade", minimum],
  maximum: ["shade", maximum],
  "diagonal+": ["shade", diagonal],
  "diagonal-": ["shade", diagonal],
  thermometer: ["line", thermometer],
  palindrome: ["line", (clue, n) => thickLines(clue, n, "palindrome")],
  renban: ["line", (clue, n) => thickLines(clue, n, "renban")],
  whispers: ["line", (clue, n) => thickLines(clue, n, "whispers")],
  entropicline: ["line", (clue, n) => thickLines(clue, n, "entropic")],
  regionsumline: ["line", (clue, n) => thickLines(clue, n, "regionsum")],
  betweenline: ["line", betweenLine],
  arrow: ["line", arrow],
  difference: ["dot", difference],
  ratio: ["dot", ratio],
  quadruple: ["dot", quadruple],
  xv: ["text", xv],
  killercage: ["text", killerCage],
  littlekillersum: ["text", littleKillerSum],
  sandwichsum: ["text", lineNumber],
  xsum: ["text", lineNumber],
  skyscraper: ["text", lineNumber],
  antiknight: null,
  antiking: null,
  nonconsecutive: null,
  disjointgroups: null,
}));

export function drawClues(clues, n) {
  const layers = Object.fromEntries(LAYERS.map((layer) => [layer, svg("g", { "data-layer": layer })]));
  for (const clue of clues) {
    const entry = DRAWINGS.get(clue.key);
    if (!entry) continue;
    const [layer, draw] = entry;
    const drawing = svg("g", { "data-key": clue.key });
    drawing.append(draw({ ...clue, cells: clue.cells ?? [], lines: clue.lines ?? [], value: clue.value ?? "" }, n));
    layers[layer].append(drawing);
  }
  const group = svg("g", { class: "rules" });
  group.append(...Object.values(layers));
  return group;
}

// The layers that go over the grid's cells (the others go under them).
const OVER = new Set(["dot", "text"]);

export function ruleMarks(clues, n) {
  const layers = [...drawClues(clues, n).children];
  return [layers.filter((g) => !OVER.has(g.dataset.layer)), layers.filter((g) => OVER.has(g.dataset.layer))].map((part) => {
    const marks = svg("svg", { class: "rule-marks", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
    marks.append(...part);
    return marks;
  });
}

export function undrawn(clues) {
  return [...new Set(clues.map((clue) => clue.key).filter((key) => !DRAWINGS.has(key)))];
}
