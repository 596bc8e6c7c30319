// Grid words shared by the page: shapes, symbols, units, clashes, candidates, and
// parse(), the JavaScript twin of sudoku_dlx.kinds.grid.parse: the page reads puzzles before
// Python has loaded. tests/test_grid_parity.py runs both on the same inputs (every
// layout, every size, bad characters, random text) and requires the same answers and
// messages; change them together.

import { SYMBOLS } from "./words.js";

export { SYMBOLS };
export const BLANK = ".";
// The player's colours (a cell's colours are a string of these; static/views/play/game.js).
export const COLOURS = "123456789";
// The sizes the page offers, with the box shape (rows x cols) of each.
export const BOX_SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };

// A grid's shape, which the rules below take: {n, boxRows, boxCols, kind, regions, cages,
// signs, variant} (a classic sudoku has boxes and nothing more; see gridShape for the others).
export function shapeFor(n) {
  const [boxRows, boxCols] = BOX_SHAPES[n];
  return { n, boxRows, boxCols, kind: "sudoku", regions: [], cages: [], signs: [], variant: null };
}

// What a variant's shape carries beside its regions (web.parse_puzzle's record of an
// f-puzzles or SudokuPad link): `puzzle` the link (its id, which Python reads), `units`
// (the rules' cells that hold a digit at most once), `drawing` (its clues, for
// static/rules/), `rules` (each in words), `named` (each rule drawn on cells: {cells,
// named}, for the cells' labels; none in games stored before it), `title`, `author` and
// `text` (the rules as the author wrote them; plain text).
const VARIANT_KEYS = ["puzzle", "units", "drawing", "rules", "named", "title", "author", "text"];

// The shape of a puzzle record (web.parse_puzzle's, or kinds.js readPuzzle's).
export function gridShape(record) {
  return {
    n: record.size, boxRows: record.box_rows, boxCols: record.box_cols, kind: record.kind ?? "sudoku",
    regions: record.regions ?? [], cages: record.cages ?? [], signs: record.signs ?? [],
    variant: record.kind === "variant" ? Object.fromEntries(VARIANT_KEYS.map((key) => [key, record[key]])) : null,
  };
}

// X's two diagonals (top left to bottom right, then top right to bottom left), windoku's
// four windows (the 3x3 blocks one cell in from the corners, row by row), as grid.py's
// extra_units (the units the grid shades).
export function extraUnits({ n, kind }) {
  if (kind === "x") {
    return [Array.from({ length: n }, (_, k) => k * (n + 1)), Array.from({ length: n }, (_, k) => (k + 1) * (n - 1))];
  }
  if (kind === "windoku") {
    return [1, 5].flatMap((top) => [1, 5].map((left) => Array.from({ length: 9 }, (_, k) => (top + Math.floor(k / 3)) * n + left + (k % 3))));
  }
  return [];
}

// The box or jigsaw region of a cell (a function), or null for a grid without (a futoshiki's).
export function regionOf({ n, boxRows, boxCols, regions = [] }) {
  if (regions.length) return (x) => regions[x];
  if (!boxRows) return null;
  return (x) => Math.floor(Math.floor(x / n) / boxRows) * n + Math.floor((x % n) / boxCols);
}

// Notes are a mini grid up to this size, a list beyond.
export const NOTES_GRID_MAX = 9;
const NBSP = "\u00a0";

// The mini grid of a cell's notes, [rows, columns]: a box's shape, or in a grid without
// boxes (a jigsaw, a futoshiki) the squarest that holds n places.
export function noteGrid({ n, boxRows, boxCols }) {
  if (boxRows) return [boxRows, boxCols];
  const columns = Math.ceil(Math.sqrt(n));
  return [Math.ceil(n / columns), columns];
}

// How a cell shows its notes (symbols in SYMBOLS order). Up to 9x9, each symbol in its
// place of the notes' mini grid (noteGrid: lines of its columns' places, spaced with
// no-break spaces, which neither wrap nor collapse); bigger sizes list the symbols, which
// CSS wraps at the spaces.
export function notesText(notes, shape) {
  if (shape.n > NOTES_GRID_MAX) return [...notes].join(" ");
  const columns = noteGrid(shape)[1];
  const places = [...SYMBOLS.slice(0, shape.n)].map((s) => (notes.includes(s) ? s : NBSP));
  const lines = [];
  for (let i = 0; i < places.length; i += columns) lines.push(places.slice(i, i + columns).join(NBSP));
  return lines.join("\n");
}

export function emptyLine(n) {
  return BLANK.repeat(n * n);
}

export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

// The symbol a key stands for in a grid of size n, or "" if none.
export function symbolFor(key, n) {
  const symbol = key.toUpperCase();
  const digit = SYMBOLS.indexOf(symbol) + 1;
  return key.length === 1 && digit > 0 && digit <= n ? symbol : "";
}

const unitCache = new Map();

// Every unit of the shape: rows, then columns, then boxes or a jigsaw's regions (none in a
// futoshiki), then the kind's extra units (arrays of cells), as grid.py's Shape.units; then
// a variant's rules' units.
export function units(shape) {
  const { n, boxRows, boxCols, kind = "sudoku", regions = [] } = shape;
  const key = `${n}:${boxRows}x${boxCols}:${kind}:${regions.join(",")}:${kind === "variant" ? shape.variant.puzzle : ""}`;
  if (!unitCache.has(key)) {
    const rows = [], cols = [], boxes = [];
    for (let i = 0; i < n; i++) {
      rows.push([]);
      cols.push([]);
      boxes.push([]);
    }
    const boxed = regions.length > 0 || boxRows > 0;
    for (let cell = 0; cell < n * n; cell++) {
      const r = Math.floor(cell / n), c = cell % n;
      rows[r].push(cell);
      cols[c].push(cell);
      if (boxed) boxes[regions.length ? regions[cell] : Math.floor(r / boxRows) * boxRows + Math.floor(c / boxCols)].push(cell);
    }
    unitCache.set(key, [...rows, ...cols, ...(boxed ? boxes : []), ...extraUnits(shape), ...(shape.variant?.units ?? [])]);
  }
  return unitCache.get(key);
}

// The cells that break a rule in the one-line `line`: a symbol repeated in a unit or a
// killer's cage, a full cage whose digits do not add up to its sum, a futoshiki's sign
// its two digits contradict.
export function clashes(shape, line) {
  const found = new Set();
  const { cages = [], signs = [] } = shape;
  for (const unit of [...units(shape), ...cages.map((cage) => cage.cells)]) {
    const seen = new Map();
    for (const cell of unit) {
      const symbol = line[cell];
      if (symbol === BLANK) continue;
      if (seen.has(symbol)) {
        found.add(cell);
        found.add(seen.get(symbol));
      } else {
        seen.set(symbol, cell);
      }
    }
  }
  for (const { cells, sum } of cages) {
    const digits = cells.map((x) => SYMBOLS.indexOf(line[x]) + 1);
    if (digits.every(Boolean) && digits.reduce((a, b) => a + b, 0) !== sum) cells.forEach((x) => found.add(x));
  }
  for (const [greater, lesser] of signs) {
    const [g, l] = [SYMBOLS.indexOf(line[greater]) + 1, SYMBOLS.indexOf(line[lesser]) + 1];
    if (g && l && g <= l) [greater, lesser].forEach((x) => found.add(x));
  }
  return found;
}

// The symbols `cell` may take, in SYMBOLS order: those no cell of its units (or its
// killer cage) has in `line`, in a killer those that some combination of its cage's sum
// holds with the cage's digits, and in a futoshiki those its signs allow against the
// digits of its neighbours.
export function candidates(shape, line, cell) {
  const { cages = [], signs = [] } = shape;
  const groups = [...units(shape), ...cages.map((cage) => cage.cells)].filter((unit) => unit.includes(cell));
  const seen = new Set(groups.flatMap((unit) => unit.map((x) => line[x])));
  const digit = (x) => SYMBOLS.indexOf(line[x]) + 1;
  const cage = cages.find((c) => c.cells.includes(cell));
  const held = cage ? cage.cells.reduce((mask, x) => (digit(x) ? mask | (1 << (digit(x) - 1)) : mask), 0) : 0;
  return [...SYMBOLS.slice(0, shape.n)].filter((symbol, k) => !seen.has(symbol) &&
    (!cage || cageHolds(cage, shape.n, held | (1 << k))) && signs.every(([g, l]) =>
    (g !== cell || !digit(l) || k + 1 > digit(l)) && (l !== cell || !digit(g) || k + 1 < digit(g)))).join("");
}

// Whether some set of different digits 1..n, one per cell of `cage`, adding up to its sum,
// holds every digit of the mask `held`.
function cageHolds({ cells, sum }, n, held) {
  for (let mask = 0; mask < 1 << n; mask++) {
    if ((mask & held) !== held) continue;
    let count = 0, total = 0;
    for (let d = 1; d <= n; d++) if (mask & (1 << (d - 1))) [count, total] = [count + 1, total + d];
    if (count === cells.length && total === sum) return true;
  }
  return false;
}

// The grid before step `k` of a solve path (web.rate's `path`), as the rating's board
// holds it then: {line, notes}, the givens with the placements of the steps before k,
// and each blank cell's candidates in SYMBOLS order (what its units leave, less those
// steps' eliminations).
export function pathState(shape, givens, path, k) {
  const line = [...givens];
  const notes = line.map((symbol, cell) => (symbol === BLANK ? candidates(shape, givens, cell) : ""));
  for (const { placements, eliminations } of path.slice(0, k)) {
    for (const [cell, digit] of placements) {
      const symbol = SYMBOLS[digit - 1];
      line[cell] = symbol;
      notes[cell] = "";
      for (const unit of units(shape)) {
        if (unit.includes(cell)) for (const peer of unit) notes[peer] = notes[peer].replace(symbol, "");
      }
    }
    for (const [cell, digit] of eliminations) notes[cell] = notes[cell].replace(SYMBOLS[digit - 1], "");
  }
  return { line: line.join(""), notes };
}

const BLANKS = ".0*_";
const SEPARATORS = "|+-";
export const WHITESPACE = " \t\n\r\f\v\u00a0";
// The longest text parse() reads: room for a 25x25 grid in any layout, with labels.
export const MAX_TEXT = 5000;
export const LINE_BREAK = /\r\n|\r|\n/;
const CELL_COUNTS = Object.keys(BOX_SHAPES).map((n) => n * n);
const count = (number) => number.toLocaleString("en");

export class InvalidPuzzle extends Error {
  constructor(message, cells = []) {
    super(message);
    this.cells = cells;
  }
}

function strip(text) {
  let start = 0, end = text.length;
  while (start < end && WHITESPACE.includes(text[start])) start++;
  while (end > start && WHITESPACE.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

// The digits (0 for a blank) of one puzzle in any common form, as
// sudoku_dlx.kinds.grid.parse reads them: a line with "." 0 * _ for blanks (and a label
// before or after it), a grid with | - + separators, letters for big sizes,
// whitespace-separated numbers; full-width symbols, invisible direction marks and forum
// [code] tags too. `size` (0: infer) fixes the size, among the sizes sudoku has; throws
// InvalidPuzzle naming what is wrong and where.
export function parse(text, size = 0) {
  return readDigits(text, (cells) => shapeOf(cells, size));
}

// The same for a grid of `n` x `n` cells of any kind (a jigsaw's or futoshiki's digits).
export function parseDigits(text, n) {
  return readDigits(text, (cells) => counted(n, cells));
}

// `grid(cells)`: the size of a puzzle of that many cells, or it throws.
function readDigits(text, grid) {
  // Python counts code points; so does a string's iterator.
  if (text.length > MAX_TEXT) {
    let length = 0;
    for (const _ of text) length++;
    if (length > MAX_TEXT) throw new InvalidPuzzle(`the text has ${count(length)} characters; a puzzle has at most ${count(MAX_TEXT)}`);
  }
  const read = plain(text);
  try {
    return parseLayout(read, grid);
  } catch (error) {
    const puzzle = unlabelled(read);
    if (puzzle === null) throw error;
    try {
      return parseLayout(puzzle, grid);
    } catch {
      throw error;
    }
  }
}

// What parse() reads as other characters, one for one (so the positions its messages
// name are the text's), as grid.py's _PLAIN: full-width forms as their ASCII twins; the
// ideographic space and invisible format marks as spaces; forum [code] tags as spaces.
const INVISIBLE = /[\u3000\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function plain(text) {
  return text.replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(INVISIBLE, " ")
    .replace(/\[\/?code\]/gi, (tag) => " ".repeat(tag.length));
}

// The puzzle in a line that has a label around it: its one run of symbols and blanks
// whose length is a puzzle's, else null.
function unlabelled(text) {
  const line = strip(text);
  if (LINE_BREAK.test(line)) return null;
  const runs = (line.match(/[0-9A-Za-z.*_]+/g) ?? []).filter((run) => CELL_COUNTS.includes(run.length));
  return runs.length === 1 && runs[0] !== line ? runs[0] : null;
}

// The digits of a text that is nothing but the puzzle (0 for a blank).
function parseLayout(text, grid) {
  const tokens = numberTokens(text);
  if (tokens) {
    const n = grid(tokens.length);
    return tokens.map((token, cell) => {
      const digit = BLANKS.includes(token) ? 0 : Number(token);
      if (digit > n) throw new InvalidPuzzle(`number ${digit} at ${cellName(cell, n)} is more than ${n}`, [cell]);
      return digit;
    });
  }
  const symbols = []; // [symbol, line, column], 1-based
  text.split(LINE_BREAK).forEach((line, l) => {
    let column = 0;
    for (const ch of line) {
      column++;
      if (!WHITESPACE.includes(ch) && !SEPARATORS.includes(ch)) symbols.push([ch, l + 1, column]);
    }
  });
  const n = grid(symbols.length);
  const oneLine = !LINE_BREAK.test(strip(text));
  return symbols.map(([ch, line, column], cell) => {
    if (BLANKS.includes(ch)) return 0;
    const digit = digitOf(ch);
    if (digit > 0 && digit <= n) return digit;
    const where = oneLine ? `position ${column}` : `line ${line}, column ${column}`;
    const allowed = n > 1 ? `1-${SYMBOLS[n - 1]}` : "1";
    throw new InvalidPuzzle(
      `unexpected character ${charName(ch)} at ${where} (${cellName(cell, n)}): ` +
      `a ${n}x${n} grid takes ${allowed}, or . 0 * _ for a blank`, [cell]);
  });
}

// The digit an ASCII symbol stands for (either case), or 0.
function digitOf(symbol) {
  return SYMBOLS.indexOf(symbol) + 1 || SYMBOLS.toLowerCase().indexOf(symbol) + 1;
}

// 'x' for a printable ASCII character, else its code point: U+00E9.
export function charName(ch) {
  return ch > " " && ch <= "~" && ch !== "'" ? `'${ch}'` : `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

const NUMBER_SPLIT = new RegExp(`[${WHITESPACE}|+]+`);

// The tokens of a whole grid written as whitespace-separated numbers (some of two
// digits, as in big grids), else null.
function numberTokens(text) {
  const tokens = text.split(NUMBER_SPLIT).filter((t) => t.replace(/^-+|-+$/g, ""));
  const numbers = tokens.some((t) => t.length > 1) &&
    tokens.every((t) => /^([0-9]{1,2}|[.*_])$/.test(t) && (BLANKS.includes(t) || Number(t) <= SYMBOLS.length));
  return numbers && CELL_COUNTS.includes(tokens.length) ? tokens : null;
}

// The size of a puzzle of `cells` cells (or `size`, which must fit).
function shapeOf(cells, size) {
  if (size) {
    if (!(size in BOX_SHAPES)) throw new InvalidPuzzle(`unsupported size ${size}; sizes are ${Object.keys(BOX_SHAPES).join(", ")}`);
    return counted(size, cells);
  }
  const n = Object.keys(BOX_SHAPES).map(Number).find((s) => s * s === cells);
  if (n === undefined) throw new InvalidPuzzle(`${cells} cells is no puzzle size (a puzzle has ${CELL_COUNTS.join(", ")} cells)`);
  return n;
}

// `n`, if a grid of n x n has `cells` cells.
function counted(n, cells) {
  if (cells !== n * n) throw new InvalidPuzzle(`a ${n}x${n} puzzle has ${n * n} cells, this text has ${cells}`);
  return n;
}

// The name of the unit made of `cells`, as grid.py's Shape.unit_name: "row 3", "column 5",
// "box 7" ("region 7" in a jigsaw), "the main diagonal", "the anti-diagonal" or
// "window 2" (1-based); a cage's cells are "a cage", a variant rule's "" (no name).
export function unitName(cells, shape) {
  const { n, regions = [], boxRows } = shape;
  const key = [...cells].sort((a, b) => a - b).join();
  const u = units(shape).findIndex((unit) => [...unit].sort((a, b) => a - b).join() === key);
  if (shape.kind === "variant" && (u < 0 || u >= 3 * n)) return ""; // a rule's cells: the hint names the rule
  if (u < 0) return "a cage";
  if (u < 2 * n) return `${u < n ? "row" : "column"} ${(u % n) + 1}`;
  const boxed = regions.length > 0 || boxRows > 0;
  if (boxed && u < 3 * n) return `${regions.length ? "region" : "box"} ${u - 2 * n + 1}`;
  const extra = u - (boxed ? 3 * n : 2 * n);
  if (shape.kind === "x") return ["the main diagonal", "the anti-diagonal"][extra];
  return `window ${extra + 1}`;
}
