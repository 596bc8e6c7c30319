// Grid words shared by the page: shapes, symbols, units, clashes and the one-line
// form. The engine (sudoku_dlx.grid) is the full parser; this only reads the one-line
// form, which links and storage use and which must work before Python is ready.

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
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

// Reads a one-line puzzle ("." or "0" for a blank). Returns {puzzle, size} with
// the canonical one-line form, or {error} naming what is wrong and where.
export function parseOneLine(text) {
  const line = text.trim();
  const n = Math.round(Math.sqrt(line.length));
  if (!(n in BOX_SHAPES) || n * n !== line.length) {
    const sizes = Object.keys(BOX_SHAPES).map((s) => `${s * s} (${s}x${s})`).join(", ");
    return { error: `a one-line puzzle has ${sizes} characters, not ${line.length}` };
  }
  let puzzle = "";
  for (let cell = 0; cell < line.length; cell++) {
    const ch = line[cell];
    if (ch === "." || ch === "0") {
      puzzle += BLANK;
    } else if (symbolFor(ch, n)) {
      puzzle += ch.toUpperCase();
    } else {
      return {
        error: `unexpected character '${ch}' at position ${cell + 1} (${cellName(cell, n)}): ` +
          `a ${n}x${n} grid takes 1-${SYMBOLS[n - 1]}, or . or 0 for a blank`,
        cells: [cell],
      };
    }
  }
  return { puzzle, size: n };
}
