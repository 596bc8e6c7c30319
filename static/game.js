// The player's grid as plain one-line strings, with undo/redo. No DOM here.
//   givens   the puzzle's digits (never typed over)
//   entries  what the player typed
//   shown    a solution filled in by Solve (only where givens and entries are blank)
// Every change pushes the whole previous state, so undo also restores a replaced puzzle.
import { BLANK, BOX_SHAPES, emptyLine, shapeFor } from "./grid.js";

const HISTORY_LIMIT = 100;

function replaceAt(line, cell, symbol) {
  return line.slice(0, cell) + symbol + line.slice(cell + 1);
}

// A state is {n, boxRows, boxCols, givens, entries, shown}.
export function emptyState(shape, givens = emptyLine(shape.n), entries = emptyLine(shape.n)) {
  return { ...shape, givens, entries, shown: emptyLine(shape.n) };
}

function isState(state) {
  const shape = BOX_SHAPES[state?.n];
  const length = state?.n * state?.n;
  return Boolean(shape) && shape[0] === state.boxRows && shape[1] === state.boxCols &&
    ["givens", "entries", "shown"].every((key) => typeof state[key] === "string" && state[key].length === length);
}

export class Game {
  // saved: {state, past, future} as toJSON() gave it (possibly read back from
  // storage, so anything malformed is dropped); without a state, an empty 9x9 grid.
  constructor(saved = {}) {
    const ok = isState(saved.state);
    this.state = ok ? saved.state : emptyState(shapeFor(9));
    this.past = ok && Array.isArray(saved.past) ? saved.past.filter(isState) : [];
    this.future = ok && Array.isArray(saved.future) ? saved.future.filter(isState) : [];
  }

  get n() {
    return this.state.n;
  }

  get shape() {
    const { n, boxRows, boxCols } = this.state;
    return { n, boxRows, boxCols };
  }

  get givens() {
    return this.state.givens;
  }

  get entries() {
    return this.state.entries;
  }

  // What a cell shows: its given, else its entry, else the shown solution.
  value(cell) {
    const { givens, entries, shown } = this.state;
    for (const line of [givens, entries, shown]) if (line[cell] !== BLANK) return line[cell];
    return BLANK;
  }

  // Every cell's value as one line.
  get line() {
    return Array.from(this.state.givens, (_, cell) => this.value(cell)).join("");
  }

  // Givens and entries: the puzzle as the player has it now (what Solve solves).
  get puzzle() {
    return Array.from(this.state.givens, (g, cell) => (g !== BLANK ? g : this.state.entries[cell])).join("");
  }

  isGiven(cell) {
    return this.state.givens[cell] !== BLANK;
  }

  isShown(cell) {
    return !this.isGiven(cell) && this.state.entries[cell] === BLANK && this.state.shown[cell] !== BLANK;
  }

  apply(next) {
    if (["n", "givens", "entries", "shown"].every((key) => next[key] === this.state[key])) return false;
    this.past = [...this.past, this.state].slice(-HISTORY_LIMIT);
    this.future = [];
    this.state = next;
    return true;
  }

  // Types `symbol` (or BLANK to erase) into a cell; givens refuse.
  enter(cell, symbol) {
    if (this.isGiven(cell)) return false;
    const { entries, shown } = this.state;
    return this.apply({ ...this.state, entries: replaceAt(entries, cell, symbol), shown: replaceAt(shown, cell, BLANK) });
  }

  load(shape, givens, entries) {
    return this.apply(emptyState(shape, givens, entries));
  }

  // Shows `solution` in every cell that has neither a given nor an entry.
  fill(solution) {
    const puzzle = this.puzzle;
    const shown = Array.from(solution, (s, cell) => (puzzle[cell] === BLANK ? s : BLANK)).join("");
    return this.apply({ ...this.state, shown });
  }

  // Erases entries and the shown solution; the givens stay.
  clear() {
    return this.apply(emptyState(this.shape, this.state.givens));
  }

  undo() {
    if (!this.past.length) return false;
    this.future = [this.state, ...this.future];
    this.state = this.past.at(-1);
    this.past = this.past.slice(0, -1);
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past = [...this.past, this.state];
    this.state = this.future[0];
    this.future = this.future.slice(1);
    return true;
  }

  toJSON() {
    return { state: this.state, past: this.past, future: this.future };
  }
}
