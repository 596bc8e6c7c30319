// What the grid reads aloud at a key, for a player who cannot see it (board.js speaks it
// through a live region): a row, a column, a box or region, each with what it is missing;
// how many of each digit are placed; a cell with its candidates and the rules on it.
import { BLANK, SYMBOLS, candidates, cellName, regionOf, unitName, units } from "../../grid.js";
import { marksWords } from "./game.js";

// The keys (with Alt held; event.code) and what each reads.
export const READINGS = { KeyR: "row", KeyC: "column", KeyB: "box", KeyD: "digits", KeyI: "cell" };

const list = (items) => items.join(", ");

// The cells of the unit of kind `which` ("row", "column", "box") through `cell`, and its name
// ("row 3", "box 2", "region 4"), or null where the grid has no such unit (a futoshiki's box).
function unitAt(game, cell, which) {
  const { shape } = game;
  const { n } = shape;
  const [r, c] = [Math.floor(cell / n), cell % n];
  if (which === "row") return { name: `Row ${r + 1}`, cells: units(shape)[r] };
  if (which === "column") return { name: `Column ${c + 1}`, cells: units(shape)[n + c] };
  const region = regionOf(shape);
  if (!region) return null;
  const cells = units(shape).slice(2 * n, 3 * n).find((unit) => unit.includes(cell));
  return { name: `${shape.regions.length ? "Region" : "Box"} ${region(cell) + 1}`, cells };
}

// `text` read aloud for `which` (a value of READINGS) at `cell`; `about` is what each cell's
// label adds (its region, cage, rules: board.js cellsAbout).
export function reading(game, cell, which, about) {
  const { n } = game.shape;
  const line = game.line;
  const symbols = [...SYMBOLS.slice(0, n)];
  if (which === "digits") {
    const counts = symbols.map((s) => [s, [...line].filter((x) => x === s).length]);
    return `Placed: ${list(counts.map(([s, k]) => `${s} ${k === n ? "all" : k} of ${n}`))}.`;
  }
  if (which === "cell") {
    const value = line[cell];
    const open = value === BLANK ? candidates(game.shape, line, cell) : "";
    const held = value === BLANK ? `empty, can hold ${[...open].join(" ") || "nothing"} by its units` : `${value}${game.isGiven(cell) ? ", given" : ""}`;
    const marks = value === BLANK ? marksWords(game.notes[cell], game.corners[cell], game.colours[cell]) : marksWords("", "", game.colours[cell]);
    return `${cellName(cell, n)}: ${held}${[...marks, ...about[cell]].map((said) => `; ${said}`).join("")}.`;
  }
  const unit = unitAt(game, cell, which);
  if (!unit) return "This grid has no boxes.";
  const shown = unit.cells.map((x) => (line[x] === BLANK ? "blank" : line[x]));
  const missing = symbols.filter((s) => !unit.cells.some((x) => line[x] === s));
  const where = which === "box" && game.shape.regions.length ? unit.cells.map((x, k) => `${cellName(x, n)} ${shown[k]}`) : shown;
  return `${unit.name}: ${list(where)}. ${missing.length ? `Missing ${list(missing)}.` : "Complete."}`;
}

// What a digit in `cell` clashes with, in words ("7 in r3c5 is in row 3 already, at r3c1"), or
// "" if it does not: the first unit (or cage) that holds it twice.
export function clashWords(game, cell) {
  const { shape } = game;
  const line = game.line;
  const symbol = line[cell];
  if (symbol === BLANK) return "";
  for (const unit of [...units(shape), ...shape.cages.map((cage) => cage.cells)]) {
    const other = unit.includes(cell) ? unit.find((x) => x !== cell && line[x] === symbol) : undefined;
    if (other !== undefined) {
      const where = unitName(unit, shape) || "a rule's cells";
      return `${symbol} in ${cellName(cell, shape.n)} is in ${where} already, at ${cellName(other, shape.n)}`;
    }
  }
  return "";
}
