// The player's grid as plain one-line strings, with undo/redo. No DOM here.
//   givens   the puzzle's digits (never typed over)
//   entries  what the player typed
//   shown    a solution filled in by Solve (only where givens and entries are blank)
//   notes    the player's pencil marks: an array of n*n strings, one per cell, each the
//            symbols noted in that cell in SYMBOLS order ("" for none); `game.notes`
//            is this array (what Hint sends to Python). Entering a value clears them.
// Every change pushes the whole previous state, so undo also restores a replaced puzzle.
// Beside the states, each puzzle's clock (play time and hints used, by givens) is kept
// with the game but not undone: time played stays played.
import { BLANK, BOX_SHAPES, SYMBOLS, candidates, clashes, emptyLine, shapeFor, symbolFor, units } from "../../grid.js";

const HISTORY_LIMIT = 100;
// Clocks kept for this many puzzles (the latest ones).
const CLOCK_LIMIT = 20;

function replaceAt(line, cell, symbol) {
  return line.slice(0, cell) + symbol + line.slice(cell + 1);
}

const KEYS = ["n", "givens", "entries", "shown", "notes"];

function noNotes(n) {
  return Array(n * n).fill("");
}

// `state` with `symbol` (BLANK: nothing) typed into a cell, which clears its notes and shown
// solution; with `tidy`, the symbol also leaves the notes of the cell's peers.
function withEntry(state, cell, symbol, tidy = false) {
  const { entries, shown } = state;
  let notes = state.notes.with(cell, "");
  if (tidy && symbol !== BLANK) {
    const peers = new Set(units(state).filter((unit) => unit.includes(cell)).flat());
    notes = notes.map((noted, x) => (peers.has(x) ? noted.replace(symbol, "") : noted));
  }
  return { ...state, entries: replaceAt(entries, cell, symbol), shown: replaceAt(shown, cell, BLANK), notes };
}

// A state is {n, boxRows, boxCols, givens, entries, shown, notes}.
export function emptyState(shape, givens = emptyLine(shape.n), entries = emptyLine(shape.n)) {
  return { ...shape, givens, entries, shown: emptyLine(shape.n), notes: noNotes(shape.n) };
}

// A state read back from storage, or null if it is malformed. States saved before
// notes existed get none.
function readState(saved) {
  const shape = BOX_SHAPES[saved?.n];
  if (!shape) return null;
  const state = { notes: noNotes(saved.n), ...saved };
  const length = state.n * state.n;
  const ok = shape[0] === state.boxRows && shape[1] === state.boxCols &&
    ["givens", "entries", "shown"].every((key) => typeof state[key] === "string" && state[key].length === length) &&
    Array.isArray(state.notes) && state.notes.length === length &&
    state.notes.every((notes) => typeof notes === "string" && [...notes].every((s) => symbolFor(s, state.n) === s));
  return ok ? state : null;
}

function readStates(saved) {
  return Array.isArray(saved) ? saved.map(readState).filter(Boolean) : [];
}

// A clock read back from storage: {ms, hints, solved}, or a new one.
function readClock(saved) {
  const ok = saved && Number.isFinite(saved.ms) && saved.ms >= 0 && Number.isInteger(saved.hints) && saved.hints >= 0;
  return ok ? { ms: saved.ms, hints: saved.hints, solved: Boolean(saved.solved) } : { ms: 0, hints: 0, solved: false };
}

export class Game {
  // saved: {state, past, future, clocks} as toJSON() gave it (possibly read back from
  // storage, so anything malformed is dropped: then `unreadable` is true); without a
  // state, an empty 9x9 grid.
  constructor(saved = {}) {
    const state = readState(saved.state);
    this.unreadable = saved.state !== undefined && !state;
    this.state = state ?? emptyState(shapeFor(9));
    this.past = state ? readStates(saved.past) : [];
    this.future = state ? readStates(saved.future) : [];
    const clocks = saved.clocks && typeof saved.clocks === "object" ? Object.entries(saved.clocks) : [];
    this.clocks = new Map(clocks.map(([givens, clock]) => [givens, readClock(clock)]));
  }

  // The current puzzle's clock: {ms played, hints used, solved}.
  get clock() {
    const givens = this.state.givens;
    if (!this.clocks.has(givens)) {
      this.clocks.set(givens, readClock(null));
      while (this.clocks.size > CLOCK_LIMIT) this.clocks.delete(this.clocks.keys().next().value);
    }
    return this.clocks.get(givens);
  }

  resetClock() {
    this.clocks.delete(this.state.givens);
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

  get notes() {
    return this.state.notes;
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
    if (KEYS.every((key) => JSON.stringify(next[key]) === JSON.stringify(this.state[key]))) return false;
    this.past = [...this.past, this.state].slice(-HISTORY_LIMIT);
    this.future = [];
    this.state = next;
    return true;
  }

  // Types `symbol` (or BLANK to erase) into a cell, which clears its notes (with `tidy`,
  // the symbol leaves its peers' notes too, in the same change); givens refuse.
  enter(cell, symbol, tidy = false) {
    if (this.isGiven(cell)) return false;
    return this.apply(withEntry(this.state, cell, symbol, tidy));
  }

  // Applies a hint of web.hint as one change (one Undo). A "wrong" hint erases its cells
  // (entries and notes); a step's eliminations leave the cells' notes, and its placements
  // become entries. A cell without notes first gets its candidates (the symbols its row,
  // column and box leave) as notes, so that the elimination shows and is kept; a shown
  // solution goes from the cells it changes, as with typing.
  applyHint({ kind, cells, placements = [], eliminations = [] }, tidy = false) {
    const puzzle = this.puzzle;
    let state = this.state;
    for (const cell of kind === "wrong" ? cells : []) state = withEntry(state, cell, BLANK);
    for (const [cell, digit] of eliminations) {
      const noted = state.notes[cell] || candidates(this.shape, puzzle, cell);
      state = { ...state, shown: replaceAt(state.shown, cell, BLANK), notes: state.notes.with(cell, noted.replace(SYMBOLS[digit - 1], "")) };
    }
    for (const [cell, digit] of placements) state = withEntry(state, cell, SYMBOLS[digit - 1], tidy);
    return this.apply(state);
  }

  // Notes `symbol` in a cell that has neither a given nor an entry, or takes it out
  // if it is there; other cells refuse. Hides a shown solution there, as enter does.
  toggleNote(cell, symbol) {
    const { entries, shown, notes } = this.state;
    if (this.isGiven(cell) || entries[cell] !== BLANK) return false;
    const noted = notes[cell].includes(symbol) ? notes[cell].replace(symbol, "") : notes[cell] + symbol;
    const sorted = [...SYMBOLS].filter((s) => noted.includes(s)).join("");
    return this.apply({ ...this.state, shown: replaceAt(shown, cell, BLANK), notes: notes.with(cell, sorted) });
  }

  // Notes every candidate (what its row, column and box leave) in each cell that has
  // neither a given nor an entry, as one change; a shown solution goes.
  fillNotes() {
    const puzzle = this.puzzle;
    const notes = Array.from(puzzle, (s, cell) => (s === BLANK ? candidates(this.shape, puzzle, cell) : ""));
    return this.apply({ ...this.state, shown: emptyLine(this.n), notes });
  }

  // True when the givens and entries fill the grid without a clash: the player solved it.
  get solved() {
    return !this.puzzle.includes(BLANK) && clashes(this.shape, this.puzzle).size === 0;
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

  // Erases the entries of `cells` and shows `solution` (one-line) in every cell that has
  // neither a given nor an entry then, as one change.
  showSolution(cells, solution) {
    let state = this.state;
    for (const cell of cells) state = withEntry(state, cell, BLANK);
    const shown = Array.from(solution, (s, cell) => (state.givens[cell] === BLANK && state.entries[cell] === BLANK ? s : BLANK)).join("");
    return this.apply({ ...state, shown });
  }

  // Erases entries, notes and the shown solution; the givens stay.
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
    return { state: this.state, past: this.past, future: this.future, clocks: Object.fromEntries(this.clocks) };
  }
}
