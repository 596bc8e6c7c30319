// The player's grid as plain one-line strings, with undo/redo. No DOM here.
//   givens   the puzzle's digits (never typed over)
//   entries  what the player typed
//   shown    a solution filled in by Solve (only where givens and entries are blank)
//   notes    the player's centre marks (what a cell can hold): an array of n*n strings, one
//            per cell, each the symbols marked in that cell in SYMBOLS order ("" for none);
//            `game.notes` is this array (what Hint sends to Python)
//   corners  the player's corner marks (where a symbol can go in a unit), the same way
//   colours  the player's colours: an array of n*n strings, each the colours (COLOURS)
//            of that cell in order; a given or an entry may be coloured too
// Entering a value clears its cell's centre and corner marks; its colours stay.
// Every change pushes the whole previous state, so undo also restores a replaced puzzle.
// A state also carries its grid's shape (gridShape's fields: the kind, a jigsaw's regions,
// a killer's cages, a futoshiki's signs), so a puzzle of any kind is undone like any other.
// Beside the states, each puzzle's clock (play time and hints used, by the puzzle's id: its
// canonical text) is kept with the game but not undone: time played stays played.
import { BLANK, BOX_SHAPES, COLOURS, InvalidPuzzle, SYMBOLS, candidates, clashes, emptyLine, shapeFor, symbolFor, units } from "../../grid.js";
import { puzzleText } from "../../kinds.js";

const HISTORY_LIMIT = 100;
// Clocks kept for this many puzzles (the latest ones).
const CLOCK_LIMIT = 20;

function replaceAt(line, cell, symbol) {
  return line.slice(0, cell) + symbol + line.slice(cell + 1);
}

const SHAPE_KEYS = ["n", "boxRows", "boxCols", "kind", "regions", "cages", "signs", "variant"];
// The marks' layers: the state's field of each.
// The colours' names, in COLOURS order (style.css draws them, each with its own pattern).
export const COLOUR_NAMES = ["orange", "sky blue", "green", "yellow", "blue", "red", "pink", "grey", "purple"];

// A cell's marks in words, each layer it has one part: ["centre marks 1 4 7", "corner marks
// 2 5", "colours 2, sky blue and 5, blue"].
export function marksWords(notes, corners, colours) {
  const named = [...colours].map((colour) => `${colour}, ${COLOUR_NAMES[COLOURS.indexOf(colour)]}`);
  return [notes && `centre marks ${[...notes].join(" ")}`, corners && `corner marks ${[...corners].join(" ")}`,
    colours && `${colours.length > 1 ? "colours" : "colour"} ${named.join(" and ")}`].filter(Boolean);
}
const LAYERS = { centre: "notes", corner: "corners", colour: "colours" };
const KEYS = [...SHAPE_KEYS, "givens", "entries", "shown", ...Object.values(LAYERS)];

// The cells that hold each symbol at most once: units, and a killer's cages.
function groups(shape) {
  return [...units(shape), ...shape.cages.map((cage) => cage.cells)];
}

function noNotes(n) {
  return Array(n * n).fill("");
}

// `state` with `symbol` (BLANK: nothing) typed into a cell, which clears its centre and
// corner marks and shown solution; with `tidy`, the symbol also leaves the marks of the
// cell's peers.
function withEntry(state, cell, symbol, tidy = false) {
  const { entries, shown } = state;
  const peers = tidy && symbol !== BLANK ? new Set(groups(state).filter((unit) => unit.includes(cell)).flat()) : new Set();
  const tidied = (marks) => marks.map((marked, x) => (x === cell ? "" : peers.has(x) ? marked.replace(symbol, "") : marked));
  return { ...state, entries: replaceAt(entries, cell, symbol), shown: replaceAt(shown, cell, BLANK),
    notes: tidied(state.notes), corners: tidied(state.corners) };
}

// `marked` with `mark` in (on) or out, its characters in the order of `order`.
function withMark(marked, mark, on, order) {
  return [...order].filter((s) => (s === mark ? on : marked.includes(s))).join("");
}

// A state is {n, boxRows, boxCols, kind, regions, cages, signs, variant, givens, entries,
// shown, notes, corners, colours}; `shape` is gridShape's (or shapeFor's; `variant` is null
// but in a variant); `marks` may give notes, corners and colours.
export function emptyState(shape, givens = emptyLine(shape.n), entries = emptyLine(shape.n), marks = {}) {
  const fields = Object.fromEntries(SHAPE_KEYS.map((key) => [key, shape[key]]));
  fields.variant ??= null;
  const none = Object.fromEntries(Object.values(LAYERS).map((key) => [key, noNotes(shape.n)]));
  return { ...fields, givens, entries, shown: emptyLine(shape.n), ...none, ...marks };
}

// Whether two states are the same grid (whatever the order of their fields).
export function sameState(a, b) {
  return KEYS.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

const isCell = (x, n) => Number.isInteger(x) && x >= 0 && x < n * n;
const isText = (value) => typeof value === "string";

// Whether a stored variant's fields are well typed (Python reads its link again for every
// answer; the drawing code skips what it does not know).
function fitsVariant({ n, regions, variant }) {
  return variant !== null && typeof variant === "object" && isText(variant.puzzle) && regions.length === n * n &&
    Array.isArray(variant.units) && variant.units.every((unit) => Array.isArray(unit) && unit.every((x) => isCell(x, n))) &&
    Array.isArray(variant.drawing) && variant.drawing.every((clue) => clue !== null && typeof clue === "object" && isText(clue.key)) &&
    Array.isArray(variant.rules) && variant.rules.every(isText) && [variant.title, variant.author, variant.text].every(isText) &&
    (variant.named === undefined || (Array.isArray(variant.named) && variant.named.every((rule) =>
      rule !== null && typeof rule === "object" && isText(rule.named) && Array.isArray(rule.cells) && rule.cells.every((x) => isCell(x, n)))));
}

// Whether a stored state's shape is one of its kind's: its fields well typed, and what
// kinds.js checks (sizes, boxes, regions, cages, signs) holds.
function fits(state) {
  const { n, regions, cages, signs } = state;
  const typed = Array.isArray(regions) && regions.every(Number.isInteger) &&
    Array.isArray(cages) && cages.every((cage) => Number.isInteger(cage?.sum) && Array.isArray(cage.cells) && cage.cells.every((x) => isCell(x, n))) &&
    Array.isArray(signs) && signs.every((sign) => Array.isArray(sign) && sign.length === 2 && sign.every((x) => isCell(x, n)));
  if (!typed) return false;
  if (state.kind === "variant") return fitsVariant(state);
  try {
    puzzleText(state, emptyLine(n));
    return true;
  } catch (error) {
    if (error instanceof InvalidPuzzle) return false;
    throw error;
  }
}

// `line` (entries) with the cells of `givens` blank: an entry never stands on a given
// (the grid refuses typing there and links drop them; an old or edited save may hold one).
function offGivens(givens, line) {
  return Array.from(line, (s, cell) => (givens[cell] === BLANK ? s : BLANK)).join("");
}

// Whether `marks` is one string per cell of the n x n grid, each of characters `fits` takes.
function marksFit(marks, n, fits) {
  return Array.isArray(marks) && marks.length === n * n && marks.every((marked) => typeof marked === "string" && [...marked].every(fits));
}

// A state read back from storage, or null if it is malformed; entries on givens are
// dropped. States saved before notes, corner marks or colours existed get none; states
// saved before kinds existed are classic sudoku; states saved before variants existed have none.
function readState(saved) {
  if (!(Number.isInteger(saved?.n) && saved.n > 0 && saved.n <= SYMBOLS.length)) return null;
  const state = { notes: noNotes(saved.n), corners: noNotes(saved.n), colours: noNotes(saved.n), kind: "sudoku", regions: [],
    cages: [], signs: [], variant: null, ...saved };
  const { n } = state;
  const box = BOX_SHAPES[n];
  const symbol = (s) => symbolFor(s, n) === s;
  const ok = fits(state) && (state.kind !== "sudoku" || (box[0] === state.boxRows && box[1] === state.boxCols)) &&
    ["givens", "entries", "shown"].every((key) => typeof state[key] === "string" && state[key].length === n * n) &&
    marksFit(state.notes, n, symbol) && marksFit(state.corners, n, symbol) && marksFit(state.colours, n, (s) => COLOURS.includes(s));
  return ok ? { ...state, entries: offGivens(state.givens, state.entries) } : null;
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
  // storage, so anything malformed is dropped: then `unreadable` is true; entries on
  // givens too: `dropped` counts them); without a state, an empty 9x9 grid.
  constructor(saved = {}) {
    const state = readState(saved.state);
    this.unreadable = saved.state !== undefined && !state;
    // How many saved entries stood on givens (dropped by readState), for a notice.
    this.dropped = state ? [...saved.state.entries].filter((s, cell) => s !== state.entries[cell]).length : 0;
    this.state = state ?? emptyState(shapeFor(9));
    this.past = state ? readStates(saved.past) : [];
    this.future = state ? readStates(saved.future) : [];
    const clocks = saved.clocks && typeof saved.clocks === "object" ? Object.entries(saved.clocks) : [];
    this.clocks = new Map(clocks.map(([id, clock]) => [id, readClock(clock)]));
    // A variant's filled line that Python said keeps every rule (see solved).
    this.kept = null;
  }

  // The current puzzle's clock: {ms played, hints used, solved}.
  get clock() {
    const id = this.id;
    if (!this.clocks.has(id)) {
      this.clocks.set(id, readClock(null));
      while (this.clocks.size > CLOCK_LIMIT) this.clocks.delete(this.clocks.keys().next().value);
    }
    return this.clocks.get(id);
  }

  resetClock() {
    this.clocks.delete(this.id);
  }

  get n() {
    return this.state.n;
  }

  get kind() {
    return this.state.kind;
  }

  // The grid's shape, as grid.js's rules take it.
  get shape() {
    return Object.fromEntries(SHAPE_KEYS.map((key) => [key, this.state[key]]));
  }

  // The canonical text of the grid's puzzle with the digits of `line` (one line): what
  // Python reads as this kind of puzzle (a classic sudoku's is `line` itself).
  textOf(line) {
    return puzzleText(this.state, line);
  }

  // The puzzle's id: the canonical text of its givens (their digits for a classic sudoku,
  // a game ID otherwise), which share links, clocks and Python's requests carry.
  get id() {
    return this.textOf(this.state.givens);
  }

  get givens() {
    return this.state.givens;
  }

  // Whether the grid holds a puzzle to play: givens, or other clues (a killer's cages, a
  // futoshiki's signs, a variant's rules), which may come without givens.
  get posed() {
    const { givens, cages, signs, kind } = this.state;
    return givens.replaceAll(BLANK, "") !== "" || cages.length > 0 || signs.length > 0 || kind === "variant";
  }

  get entries() {
    return this.state.entries;
  }

  get notes() {
    return this.state.notes;
  }

  get corners() {
    return this.state.corners;
  }

  get colours() {
    return this.state.colours;
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
    if (sameState(next, this.state)) return false;
    this.past = [...this.past, this.state].slice(-HISTORY_LIMIT);
    this.future = [];
    this.state = next;
    return true;
  }

  // Types `symbol` (or BLANK to erase) into each of `cells` but the givens, as one change,
  // which clears their centre and corner marks (with `tidy`, the symbol leaves their peers'
  // marks too).
  enter(cells, symbol, tidy = false) {
    let state = this.state;
    for (const cell of cells) if (!this.isGiven(cell)) state = withEntry(state, cell, symbol, tidy);
    return this.apply(state);
  }

  // The cells of `cells` that take marks of `layer` ("centre", "corner", "colour"): any
  // cell takes a colour, a mark only a cell that has neither a given nor an entry.
  markable(layer, cells) {
    return layer === "colour" ? cells : cells.filter((cell) => !this.isGiven(cell) && this.state.entries[cell] === BLANK);
  }

  // Marks `mark` (a symbol, or a colour of COLOURS) in `layer` of the markable cells of
  // `cells`, or, if each of them has it already, takes it out of them: one change. A mark
  // hides a shown solution there, as typing does.
  mark(layer, cells, mark) {
    const key = LAYERS[layer];
    const order = layer === "colour" ? COLOURS : SYMBOLS;
    const open = this.markable(layer, cells);
    const on = !open.every((cell) => this.state[key][cell].includes(mark));
    let { shown } = this.state;
    const marks = [...this.state[key]];
    for (const cell of open) {
      marks[cell] = withMark(marks[cell], mark, on, order);
      if (layer !== "colour") shown = replaceAt(shown, cell, BLANK);
    }
    return this.apply({ ...this.state, shown, [key]: marks });
  }

  // Clears `layer` in `cells` (their colours, or their marks of that kind), or, where none
  // of them has any, their entries and marks (but not their colours): one change.
  erase(layer, cells) {
    const key = LAYERS[layer];
    if (!key || cells.every((cell) => !this.state[key][cell])) return this.enter(cells, BLANK);
    return this.apply({ ...this.state, [key]: this.state[key].map((marked, x) => (cells.includes(x) ? "" : marked)) });
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

  // Notes every candidate (what its row, column and box leave) in each cell that has
  // neither a given nor an entry, as one change; a shown solution goes.
  fillNotes() {
    const puzzle = this.puzzle;
    const notes = Array.from(puzzle, (s, cell) => (s === BLANK ? candidates(this.shape, puzzle, cell) : ""));
    return this.apply({ ...this.state, shown: emptyLine(this.n), notes });
  }

  // True when the givens and entries fill the grid without a clash.
  get filled() {
    return !this.puzzle.includes(BLANK) && clashes(this.shape, this.puzzle).size === 0;
  }

  // True when the player solved the puzzle: filled, and in a variant the grid Python
  // found to keep every rule (`kept`: its line; the rules beyond units are Python's).
  get solved() {
    return this.filled && (this.kind !== "variant" || this.kept === this.puzzle);
  }

  // Opens a puzzle: its shape and givens, with entries and marks ({notes, corners, colours}) if given.
  load(shape, givens, entries, marks) {
    return this.apply(emptyState(shape, givens, entries, marks));
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

  // Erases entries, marks, colours and the shown solution; the givens stay.
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
