// Grid words shared by the page: shapes, symbols, units, clashes, candidates, and
// parse(), the JavaScript twin of sudoku_dlx.kinds.grid.parse: the page reads puzzles before
// Python has loaded. tests/test_grid_parity.py runs both on the same inputs (every
// layout, every size, bad characters, random text) and requires the same answers and
// messages; change them together.

import { SYMBOLS } from "./words.js";

export { SYMBOLS };
export const BLANK = ".";
// The sizes the page offers, with the box shape (rows x cols) of each.
export const BOX_SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };

export function shapeFor(n) {
  const [boxRows, boxCols] = BOX_SHAPES[n];
  return { n, boxRows, boxCols };
}

// Notes are a mini grid up to this size, a list beyond.
export const NOTES_GRID_MAX = 9;
const NBSP = "\u00a0";

// How a cell shows its notes (symbols in SYMBOLS order). Up to 9x9, each symbol in its
// place of a mini grid shaped like a box (lines of boxCols places, spaced with no-break
// spaces, which neither wrap nor collapse); bigger sizes list the symbols, which CSS
// wraps at the spaces.
export function notesText(notes, { n, boxCols }) {
  if (n > NOTES_GRID_MAX) return [...notes].join(" ");
  const places = [...SYMBOLS.slice(0, n)].map((s) => (notes.includes(s) ? s : NBSP));
  const lines = [];
  for (let i = 0; i < places.length; i += boxCols) lines.push(places.slice(i, i + boxCols).join(NBSP));
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

// Every unit of the shape: rows, then columns, then boxes (arrays of cells).
export function units({ n, boxRows, boxCols }) {
  const key = `${n}:${boxRows}x${boxCols}`;
  if (!unitCache.has(key)) {
    const rows = [], cols = [], boxes = [];
    for (let i = 0; i < n; i++) {
      rows.push([]);
      cols.push([]);
      boxes.push([]);
    }
    for (let cell = 0; cell < n * n; cell++) {
      const r = Math.floor(cell / n), c = cell % n;
      rows[r].push(cell);
      cols[c].push(cell);
      boxes[Math.floor(r / boxRows) * boxRows + Math.floor(c / boxCols)].push(cell);
    }
    unitCache.set(key, [...rows, ...cols, ...boxes]);
  }
  return unitCache.get(key);
}

// The cells whose symbol (in the one-line `line`) repeats in one of their units.
export function clashes(shape, line) {
  const found = new Set();
  for (const unit of units(shape)) {
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
  return found;
}

// The symbols `cell` may take, in SYMBOLS order: those no cell of its units has in `line`.
export function candidates(shape, line, cell) {
  const seen = new Set(units(shape).filter((unit) => unit.includes(cell)).flatMap((unit) => unit.map((x) => line[x])));
  return [...SYMBOLS.slice(0, shape.n)].filter((symbol) => !seen.has(symbol)).join("");
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
const WHITESPACE = " \t\n\r\f\v\u00a0";
// The longest text parse() reads: room for a 25x25 grid in any layout, with labels.
export const MAX_TEXT = 5000;
const LINE_BREAK = /\r\n|\r|\n/;
const CELL_COUNTS = Object.keys(BOX_SHAPES).map((n) => n * n);
const count = (number) => number.toLocaleString("en");

class InvalidPuzzle extends Error {
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

// Reads one puzzle in any common form, as sudoku_dlx.kinds.grid.parse does: a line with "."
// 0 * _ for blanks (and a label before or after it), a grid with | - + separators,
// letters for big sizes, whitespace-separated numbers; full-width symbols, invisible
// direction marks and forum [code] tags too. `size` (0: infer) fixes the size.
// Returns web.parse_puzzle's record: {puzzle, status: "parsed", size, box_rows, box_cols, clues}, or
// {puzzle: text, status: "invalid", error, cells} naming what is wrong and where.
export function parse(text, size = 0) {
  try {
    // Python counts code points; so does a string's iterator.
    if (text.length > MAX_TEXT) {
      let length = 0;
      for (const _ of text) length++;
      if (length > MAX_TEXT) throw new InvalidPuzzle(`the text has ${count(length)} characters; a puzzle has at most ${count(MAX_TEXT)}`);
    }
    const read = plain(text);
    let digits;
    try {
      digits = parseLayout(read, size);
    } catch (error) {
      const puzzle = unlabelled(read);
      if (puzzle === null) throw error;
      try {
        digits = parseLayout(puzzle, size);
      } catch {
        throw error;
      }
    }
    const n = Math.round(Math.sqrt(digits.length));
    const [boxRows, boxCols] = BOX_SHAPES[n];
    return {
      puzzle: digits.map((d) => (d ? SYMBOLS[d - 1] : BLANK)).join(""), status: "parsed",
      size: n, box_rows: boxRows, box_cols: boxCols, clues: digits.filter(Boolean).length,
    };
  } catch (error) {
    if (!(error instanceof InvalidPuzzle)) throw error;
    return { puzzle: text, status: "invalid", error: error.message, cells: error.cells };
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
function parseLayout(text, size) {
  const tokens = numberTokens(text);
  if (tokens) {
    const n = shapeOf(tokens.length, size);
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
  const n = shapeOf(symbols.length, size);
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
function charName(ch) {
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
    if (cells !== size * size) throw new InvalidPuzzle(`a ${size}x${size} puzzle has ${size * size} cells, this text has ${cells}`);
    return size;
  }
  const n = Object.keys(BOX_SHAPES).map(Number).find((s) => s * s === cells);
  if (n === undefined) throw new InvalidPuzzle(`${cells} cells is no puzzle size (a puzzle has ${CELL_COUNTS.join(", ")} cells)`);
  return n;
}

// The name of the unit made of `cells`: "row 3", "column 5" or "box 7" (1-based).
export function unitName(cells, { n, boxRows, boxCols }) {
  const rows = new Set(cells.map((cell) => Math.floor(cell / n)));
  const cols = new Set(cells.map((cell) => cell % n));
  if (rows.size === 1) return `row ${[...rows][0] + 1}`;
  if (cols.size === 1) return `column ${[...cols][0] + 1}`;
  const [r, c] = [Math.floor(cells[0] / n), cells[0] % n];
  return `box ${Math.floor(r / boxRows) * boxRows + Math.floor(c / boxCols) + 1}`;
}
