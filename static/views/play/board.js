// The grid and keypad in the DOM. Draws a Game; reports what the player does
// through callbacks. Text goes in with textContent only.
import { BLANK, COLOURS, NOTES_GRID_MAX, SYMBOLS, candidates, cellName, clashes, extraUnits, noteGrid, notesText, regionOf, symbolFor,
  unitName } from "../../grid.js";
import { KIND_NAMES } from "../../kinds.js";
import { cageMarks, signMark } from "../../kind-marks.js";
import { ruleMarks } from "../../rules/index.js";
import { svg } from "../../svg.js";
import { COLOUR_NAMES, marksWords } from "./game.js";
import { READINGS, reading } from "./reading.js";

const ERASE_KEYS = ["Backspace", "Delete", "0", "."];
// What typing enters (the layers of a cell), each with its key (SudokuPad's) and its words.
export const MODES = {
  digit: { key: "z", name: "Digit", said: "typing enters a digit" },
  corner: { key: "x", name: "Corner", said: "typing marks a digit in the corner of the selected cells (where it can go in a unit), or takes it out" },
  centre: { key: "c", name: "Centre", said: "typing marks a digit in the centre of the selected cells (what they can hold), or takes it out" },
  colour: { key: "v", name: "Colour", said: "1 to 9 colour the selected cells, or take the colour out" },
};

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
// Home and End go to the row's ends; with Ctrl an arrow goes to the end of its row or column.
// Ctrl+Home and Ctrl+End go to the grid's first and last cells, Page Up and Page Down to the
// column's ends (the WAI-ARIA grid pattern's keys).
const ENDS = { Home: [0, -1], End: [0, 1], PageUp: [-1, 0], PageDown: [1, 0] };
const CORNERS = { Home: [-1, -1], End: [1, 1] };

// The grid's rows of cells for a shape: thick lines where the box or region changes, the
// cells of X's diagonals and windoku's windows marked.
function cellRows(shape) {
  const n = shape.n;
  const region = regionOf(shape);
  const extra = new Set(extraUnits(shape).flat());
  return Array.from({ length: n }, (_, r) => {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      const x = r * n + c;
      cell.setAttribute("role", "gridcell");
      cell.dataset.cell = x;
      cell.tabIndex = -1;
      if (region && c + 1 < n && region(x) !== region(x + 1)) cell.classList.add("box-right");
      if (region && r + 1 < n && region(x) !== region(x + n)) cell.classList.add("box-bottom");
      cell.toggleAttribute("data-extra", extra.has(x));
      row.append(cell);
    }
    return row;
  });
}

export class Board {
  // onEnter(cells, symbol, mode) is called when the player types into the selected cells
  // (symbol BLANK erases; mode: a key of MODES, the one chosen or the one a held key asks);
  // onMode(mode) when the keypad's mode buttons choose one.
  // `elements`: the grid, the keypad, the modes' buttons, and `spoken`, a live region
  // for what the grid reads aloud.
  constructor({ grid, keypad, modes, spoken }, onEnter, onMode) {
    this.grid = grid;
    this.keypad = keypad;
    this.modes = modes;
    this.spoken = spoken;
    this.onEnter = onEnter;
    this.cells = [];
    // The cell the keyboard is on (the focus), and the cells selected with it.
    this.selected = 0;
    this.selection = new Set([0]);
    this.mode = "digit";
    this.game = null;
    // Whether selecting a symbol also tints the empty cells where it can still go (once
    // the player has selected a cell: not at first sight).
    this.showPossible = true;
    this.chosen = false;
    this.flagged = new Set();
    // What a hint or a step of the solve path is about: cell -> "cell" (its pattern) or "unit".
    this.hinted = new Map();
    // The step record (links, eliminations, placements) drawn over the grid, or null.
    this.step = null;
    this.grid.setAttribute("aria-multiselectable", "true");
    this.grid.addEventListener("keydown", (event) => this.keydown(event));
    this.pointing(onMode);
  }

  // Pointers select: a press selects its cell (with Ctrl or Shift held, adds it; Ctrl takes
  // a selected one out), a drag adds the cells it crosses, a double press selects every
  // cell of the same digit (or, on an empty cell, of the same colours). A click that no
  // pointer pressed (a screen reader's) selects its cell.
  pointing(onMode) {
    const cellAt = (event) => document.elementFromPoint(event.clientX, event.clientY)?.closest("#grid [data-cell]");
    this.grid.addEventListener("pointerdown", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (!cell || event.button !== 0) return;
      const x = Number(cell.dataset.cell);
      const add = event.shiftKey || event.ctrlKey || event.metaKey;
      this.dragging = !(add && this.selection.has(x) && !event.shiftKey);
      this.select(x, true, add ? (this.dragging ? "add" : "remove") : "one");
    });
    this.grid.addEventListener("pointermove", (event) => {
      const cell = this.dragging && event.buttons ? cellAt(event) : null;
      if (cell && !this.selection.has(Number(cell.dataset.cell))) this.select(Number(cell.dataset.cell), true, "add");
    });
    addEventListener("pointerup", () => (this.dragging = false));
    addEventListener("pointercancel", () => (this.dragging = false));
    this.grid.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell && event.detail === 0) this.select(Number(cell.dataset.cell));
    });
    this.grid.addEventListener("dblclick", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell) this.selectAlike(Number(cell.dataset.cell));
    });
    // Keypad and mode buttons keep the focus on the grid so typing goes on where it was.
    for (const pad of [this.keypad, this.modes]) pad.addEventListener("mousedown", (event) => event.preventDefault());
    this.keypad.addEventListener("click", (event) => {
      const key = event.target.closest("button")?.dataset.symbol;
      if (key !== undefined) this.onEnter([...this.selection], key, this.mode);
    });
    this.modes.addEventListener("click", (event) => {
      const mode = event.target.closest("button")?.dataset.mode;
      if (mode) onMode(mode);
    });
  }

  // The mode typing enters: the keypad's mode buttons pressed, its keys digits or colours.
  setMode(mode) {
    this.mode = mode;
    this.keys();
  }

  // Builds the cells and keypad for a shape (only when the shape changes): thick lines
  // where the box or jigsaw region changes (none in a futoshiki), X's diagonals and
  // windoku's windows shaded, the killer's cages and futoshiki's signs drawn over the grid,
  // and a variant's rules (static/rules/).
  layout(shape) {
    const { n, kind } = shape;
    const key = JSON.stringify(shape);
    if (this.shapeKey === key) return;
    this.shapeKey = key;
    this.n = n;
    [this.noteRows, this.noteColumns] = noteGrid(shape);
    this.grid.style.setProperty("--n", n);
    // The notes' font fits this many places across a cell (a list: two, in a larger font).
    this.grid.style.setProperty("--note-columns", n > NOTES_GRID_MAX ? 2 : this.noteColumns);
    this.grid.dataset.size = n;
    this.grid.dataset.kind = kind;
    const name = KIND_NAMES[kind] ?? "sudoku";
    this.grid.setAttribute("aria-label", `${name[0].toUpperCase()}${name.slice(1)} grid, ${n} by ${n}`);
    const rows = cellRows(shape);
    this.cells = rows.flatMap((row) => [...row.children]);
    this.about = cellsAbout(shape);
    const marks = svg("svg", { class: "kind-marks", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
    for (const cage of shape.cages) {
      marks.append(cageMarks(cage, n));
      this.cells[Math.min(...cage.cells)].dataset.sum = cage.sum; // its notes make room for the sum
    }
    for (const [greater, lesser] of shape.signs) marks.append(signMark(greater, lesser, n));
    // A variant's rules drawn as f-puzzles draws them: shading and lines under the cells'
    // digits, dots and sums over the grid's lines; clues outside the grid get a cell's room.
    const drawing = shape.variant?.drawing ?? [];
    const [under, over] = drawing.length ? ruleMarks(drawing, n) : [[], []];
    this.grid.toggleAttribute("data-outside", drawing.some((clue) => clue.outside));
    this.grid.replaceChildren(...[under].flat(), ...rows, ...(marks.childElementCount ? [marks] : []), ...[over].flat());
    this.keys();
    this.selected = Math.min(this.selected, n * n - 1);
    this.selection = new Set([this.selected]);
  }

  // The modes' buttons (the chosen one pressed), and the keypad: the keys of the mode
  // (symbols, or colours) and Erase.
  keys() {
    const n = this.n;
    if (!this.modes.childElementCount) { // built once: a button pressed from the keyboard keeps the focus
      this.modes.append(...Object.entries(MODES).map(([mode, { key, name }]) => {
        const button = keyButton(null, name, `${name} mode (${key.toUpperCase()})`);
        button.dataset.mode = mode;
        return button;
      }));
    }
    for (const button of this.modes.children) button.setAttribute("aria-pressed", String(button.dataset.mode === this.mode));
    const colour = this.mode === "colour";
    const symbols = colour ? [...COLOURS] : [...SYMBOLS.slice(0, n)];
    const keys = symbols.map((symbol, k) => keyButton(symbol, symbol, colour ? `Colour ${symbol}, ${COLOUR_NAMES[k]}`
      : this.mode === "digit" ? `Enter ${symbol}` : `${MODES[this.mode].name} mark ${symbol}`));
    for (const key of colour ? keys : []) {
      key.dataset.colour = key.dataset.symbol;
      key.style.setProperty("--colour", `var(--colour-${key.dataset.symbol})`);
    }
    keys.push(keyButton(BLANK, "Erase", this.mode === "digit" ? "Erase the cells" : `Erase the cells' ${MODES[this.mode].name.toLowerCase()} marks`));
    this.keypad.replaceChildren(...keys);
    this.keypad.style.setProperty("--keys", Math.min(symbols.length + 1, symbols.length > 9 ? 9 : 10));
  }

  draw(game) {
    this.game = game;
    this.layout(game.shape);
    const line = game.line;
    const clash = clashes(game.shape, line);
    this.drawMarks(game);
    this.cells.forEach((element, cell) => {
      const symbol = line[cell] === BLANK ? "" : line[cell];
      const kind = game.isGiven(cell) ? "given" : game.isShown(cell) ? "solution" : symbol ? "entry" : "";
      element.textContent = symbol;
      // Centre marks go in an attribute that CSS shows, so the cell's text stays its symbol:
      // in their places of the notes' mini grid, or, beside corner marks, together in the middle.
      const [notes, corners, colours] = symbol ? ["", "", game.colours[cell]] : [game.notes[cell], game.corners[cell], game.colours[cell]];
      if (notes) element.dataset.notes = corners ? notes : notesText(notes, game.shape);
      else element.removeAttribute("data-notes");
      element.toggleAttribute("data-corners", Boolean(corners));
      element.toggleAttribute("data-coloured", Boolean(colours));
      element.toggleAttribute("data-given", kind === "given");
      element.toggleAttribute("data-solution", kind === "solution");
      element.toggleAttribute("data-clash", clash.has(cell));
      element.toggleAttribute("data-flagged", this.flagged.has(cell));
      const hinted = this.hinted.get(cell);
      if (hinted) element.dataset.hint = hinted;
      else element.removeAttribute("data-hint");
      element.tabIndex = cell === this.selected ? 0 : -1;
      element.setAttribute("aria-selected", String(this.selection.has(cell)));
      const [r, c] = [Math.floor(cell / this.n) + 1, (cell % this.n) + 1];
      const states = [kind, clash.has(cell) && "clashes", this.flagged.has(cell) && "marked",
        hinted && (hinted === "cell" ? "hint" : "in the hint's units"), ...marksWords(notes, corners, colours)];
      element.setAttribute("aria-label", `Row ${r}, column ${c}: ${symbol || "empty"}${[...states, ...this.about[cell]].filter(Boolean).map((x) => `, ${x}`).join("")}`);
    });
    this.markSame();
    this.drawStep();
  }

  // Draws the player's colours under the cells (a cell of several split in bands, each
  // colour with its pattern, a second cue beside the hue) and corner marks over them: up to
  // four in the corners, more spread along the top and bottom edges.
  drawMarks(game) {
    for (const layer of this.marks ?? []) layer.remove();
    const { n } = this;
    const under = svg("svg", { class: "colour-marks", viewBox: `0 0 ${n} ${n}`, preserveAspectRatio: "none", "aria-hidden": "true" });
    const over = svg("svg", { class: "corner-marks", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
    game.colours.forEach((colours, cell) => {
      const [r, c] = [Math.floor(cell / n), cell % n];
      [...colours].forEach((colour, k) => {
        const band = { x: c + k / colours.length, y: r, width: 1 / colours.length, height: 1 };
        const fill = svg("rect", { ...band, class: `colour c${colour}` });
        fill.style.setProperty("--colour", `var(--colour-${colour})`);
        under.append(fill, svg("rect", { ...band, fill: `url(#colour-pattern-${colour})`, class: "pattern" }));
      });
    });
    if (under.childElementCount) under.prepend(colourPatterns());
    const line = game.line;
    game.corners.forEach((corners, cell) => {
      if (!corners || line[cell] !== BLANK) return;
      const [r, c] = [Math.floor(cell / n), cell % n];
      const top = corners.length <= 2 ? corners.length : Math.ceil(corners.length / 2);
      // (a killer cage's first cell has its sum in the top left corner: the top row starts after it)
      const start = (row) => (row === 0 && "sum" in this.cells[cell].dataset ? 0.5 : 0.17);
      [...corners].forEach((symbol, k) => {
        const [row, count, at] = k < top ? [0, top, k] : [1, corners.length - top, k - top];
        const x = count === 1 ? start(row) : start(row) + ((0.83 - start(row)) * at) / (count - 1);
        over.append(svg("text", { x: c + x, y: r + (row ? 0.83 : 0.19), "font-size": 0.24 }, symbol));
      });
    });
    this.marks = [under, over].filter((layer) => layer.childElementCount);
    if (this.marks.includes(under)) this.grid.prepend(under);
    if (this.marks.includes(over)) this.grid.append(over);
  }

  // Draws the marked step over the grid, each candidate where its note goes: the links of
  // its chain (strong solid, weak dashed), the candidates they join, its eliminations
  // (struck) and placements. The step's sentence says the same in words.
  drawStep() {
    this.overlay?.remove();
    this.overlay = null;
    const { links = [], eliminations = [], placements = [] } = this.step ?? {};
    if (!links.length && !eliminations.length && !placements.length) return;
    const drawing = svg("svg", { class: "step-marks", viewBox: `0 0 ${this.n} ${this.n}`, "aria-hidden": "true" });
    const { size } = this.place([0, 1]);
    const marks = new Map();
    for (const { from, to, kind } of links) {
      const [a, b] = [this.place(from), this.place(to)];
      const [dx, dy] = [b.x - a.x, b.y - a.y];
      const cut = (size * 0.55) / Math.max(Math.hypot(dx, dy), size);
      drawing.append(svg("line", { class: `link ${kind}`, x1: a.x + dx * cut, y1: a.y + dy * cut, x2: b.x - dx * cut, y2: b.y - dy * cut }));
      for (const end of [from, to]) marks.set(end.join(), [end, "chain"]);
    }
    for (const candidate of eliminations) marks.set(candidate.join(), [candidate, "gone"]);
    for (const candidate of placements) marks.set(candidate.join(), [candidate, "placed"]);
    for (const [candidate, kind] of marks.values()) {
      const { x, y } = this.place(candidate);
      const mark = svg("g", { class: `candidate ${kind}` });
      mark.append(svg("circle", { cx: x, cy: y, r: size * 0.55 }));
      mark.append(svg("text", { x, y, "font-size": size }, SYMBOLS[candidate[1] - 1]));
      if (kind === "gone") mark.append(svg("line", { x1: x - size / 2, y1: y + size / 2, x2: x + size / 2, y2: y - size / 2 }));
      drawing.append(mark);
    }
    this.overlay = drawing;
    this.grid.append(drawing);
  }

  // Where candidate [cell, digit] sits in grid units (a cell is 1 by 1), as the notes lay
  // out (see style.css: a mini grid of noteGrid's shape up to 9x9), and the size of a mark.
  place([cell, digit]) {
    const { n, noteRows: rows, noteColumns: columns } = this;
    const [row, col] = [Math.floor((digit - 1) / columns), (digit - 1) % columns];
    const [across, down] = n > NOTES_GRID_MAX ? [0.9 / columns, 0.9 / rows] : [1.2 / (columns * 1.2 + 1), 1.1 / (columns * 1.2 + 1)];
    return {
      x: (cell % n) + 0.5 + (col - (columns - 1) / 2) * across,
      y: Math.floor(cell / n) + 0.5 + (row - (rows - 1) / 2) * down,
      size: Math.min(across, down),
    };
  }

  // Tints the other cells that hold the selected cell's symbol and, if showPossible, the
  // empty cells where it can still go: no cell of their row, column or box holds it, and
  // their notes, if any, include it.
  markSame() {
    const symbol = this.cells[this.selected]?.textContent;
    const line = this.game?.line;
    this.cells.forEach((element, cell) => {
      element.toggleAttribute("data-same", Boolean(symbol) && cell !== this.selected && element.textContent === symbol);
      const open = symbol && this.showPossible && this.chosen && line?.[cell] === BLANK ? candidates(this.game.shape, line, cell) : "";
      const noted = this.game?.notes[cell];
      element.toggleAttribute("data-possible", Boolean(open) && open.includes(symbol) && (!noted || noted.includes(symbol)));
    });
  }

  // Marks cells the current message is about (mistakes, cells of a contradiction).
  flag(cells, game) {
    this.unmark();
    this.flagged = new Set(cells);
    this.draw(game);
  }

  // Marks what a hint or a path step is about: its cells, more faintly its units (arrays
  // of cells), and with `step` (its record) the chain, eliminations and placements; the
  // board scrolls into view, as a step of the path may be below it.
  hint(cells, units, game, step = null) {
    this.unmark();
    for (const cell of units.flat()) this.hinted.set(cell, "unit");
    for (const cell of cells) this.hinted.set(cell, "cell");
    this.step = step;
    this.draw(game);
    this.reveal();
  }

  // Scrolls the board (the message, grid and keypad) into view: on a phone, the panel an
  // action came from may be far below it.
  reveal() {
    this.grid.closest(".board").scrollIntoView({ block: "nearest" });
  }

  // Forgets the marks (drawn at the next draw).
  unmark() {
    this.flagged.clear();
    this.hinted.clear();
    this.step = null;
  }

  // Moves the keyboard's focus to `cell`; `how` says what becomes of the selection: "one"
  // (that cell alone), "add" (that cell added), "remove" (that cell taken out, the focus
  // staying there).
  select(cell, focus = true, how = "one") {
    const selection = new Set(how === "one" ? [] : this.selection);
    if (how === "remove") selection.delete(cell);
    else selection.add(cell);
    this.choose(selection, cell, focus);
  }

  // Selects the cells of `selection` (a Set), the keyboard's focus on `cell`.
  choose(selection, cell, focus = true) {
    this.cells[this.selected]?.setAttribute("tabindex", "-1");
    this.selection = selection;
    this.selected = cell;
    this.chosen = true;
    this.cells[cell].tabIndex = 0;
    this.cells.forEach((element, x) => element.setAttribute("aria-selected", String(selection.has(x))));
    if (focus) this.cells[cell].focus();
    this.markSame();
  }

  // Selects every cell showing the digit `cell` shows, or if it is empty, every cell of its colours.
  selectAlike(cell) {
    const { game } = this;
    const value = game.value(cell);
    const colours = game.colours[cell];
    if (value === BLANK && !colours) return;
    const alike = this.cells.map((_, x) => x).filter((x) => (value !== BLANK ? game.value(x) === value : game.colours[x] === colours));
    this.choose(new Set(alike), cell);
  }

  // Arrows move (Shift held: adding to the selection; Ctrl: to the end of the row or
  // column; see ENDS for Home, End, Page Up and Page Down), Ctrl+A selects every cell, Escape the focused cell alone; a symbol or Erase
  // goes to the selected cells in the mode chosen, or with Shift held as a corner mark,
  // with Ctrl as a centre mark.
  keydown(event) {
    if (event.altKey && !event.ctrlKey && !event.metaKey) return this.altKey(event);
    if (event.metaKey) return;
    const far = event.ctrlKey || event.key in ENDS;
    const move = MOVES[event.key] ?? (event.ctrlKey ? CORNERS[event.key] : undefined) ?? ENDS[event.key];
    const [symbol, mode] = this.typed(event);
    if (move) {
      const step = far ? this.n : 1;
      const r = Math.min(this.n - 1, Math.max(0, Math.floor(this.selected / this.n) + move[0] * step));
      const c = Math.min(this.n - 1, Math.max(0, (this.selected % this.n) + move[1] * step));
      this.select(r * this.n + c, true, event.shiftKey ? "add" : "one");
    } else if (event.ctrlKey && event.key.toLowerCase() === "a") {
      this.choose(new Set(this.cells.keys()), this.selected);
    } else if (event.key === "Escape" && this.selection.size > 1) {
      this.select(this.selected);
    } else if (ERASE_KEYS.includes(event.key)) {
      this.onEnter([...this.selection], BLANK, this.mode);
    } else if (symbol) {
      this.onEnter([...this.selection], symbol, mode);
    } else {
      return;
    }
    event.preventDefault();
  }

  // Alt+R, C, B, D, I read the row, column, box, digits placed or the cell aloud (READINGS);
  // Alt+A selects the cells alike, as a double click does.
  altKey(event) {
    if (READINGS[event.code]) this.speak(reading(this.game, this.selected, READINGS[event.code], this.about));
    else if (event.code === "KeyA") this.selectAlike(this.selected);
    else return;
    event.preventDefault();
  }

  // Says `text` through the live region (emptied first, so that the same text is said again).
  speak(text) {
    this.spoken.textContent = "";
    requestAnimationFrame(() => (this.spoken.textContent = text));
  }

  // [the symbol or colour a key types ("" if none), the mode it goes to]: Shift held asks
  // for a corner mark, Ctrl for a centre mark (both: nothing), whatever the mode chosen.
  typed(event) {
    if (event.ctrlKey && event.shiftKey) return ["", this.mode];
    const typed = event.ctrlKey || event.shiftKey ? keyOf(event.code) : event.key;
    const mode = event.ctrlKey ? "centre" : event.shiftKey ? "corner" : this.mode;
    return [mode === "colour" ? (COLOURS.includes(typed) ? typed : "") : symbolFor(typed, this.n), mode];
  }
}

// The character a key's code stands for (what it types without Shift): "3" for Digit3 or
// Numpad3, "A" for KeyA; "" for others.
function keyOf(code) {
  const [, character] = /^(?:Digit|Numpad|Key)(\w)$/.exec(code) ?? [];
  return character ?? "";
}

// The patterns drawn over the colours (a second cue beside the hue), one per colour: 1 plain,
// then lines across, down, rising, falling, dots, a grid, a cross-hatch, rings.
function colourPatterns() {
  const defs = svg("defs", {});
  const marks = [[], ["M0 .1H.2"], ["M.1 0V.2"], ["M0 .2L.2 0"], ["M0 0L.2 .2"], ["dot"], ["M0 .1H.2", "M.1 0V.2"],
    ["M0 .2L.2 0", "M0 0L.2 .2"], ["ring"]];
  marks.forEach((paths, k) => {
    const pattern = svg("pattern", { id: `colour-pattern-${k + 1}`, patternUnits: "userSpaceOnUse", width: 0.2, height: 0.2 });
    for (const d of paths) {
      pattern.append(d === "dot" ? svg("circle", { cx: 0.1, cy: 0.1, r: 0.03 })
        : d === "ring" ? svg("circle", { cx: 0.1, cy: 0.1, r: 0.06, fill: "none" }) : svg("path", { d }));
    }
    defs.append(pattern);
  });
  return defs;
}

// What each cell's label adds beyond its row and column (a list per cell): a jigsaw's
// region, X's diagonal or a windoku's window, its cage with its cells and sum, its signs,
// a variant's rules on it.
function cellsAbout(shape) {
  const { n } = shape;
  const about = Array.from({ length: n * n }, () => []);
  if (shape.regions.length && !shape.boxRows) about.forEach((said, x) => said.push(`region ${shape.regions[x] + 1}`));
  for (const unit of extraUnits(shape)) {
    const where = unitName(unit, shape);
    for (const x of unit) about[x].push(`${where.startsWith("the ") ? "on" : "in"} ${where}`);
  }
  for (const cage of shape.cages) {
    const cells = [...cage.cells].sort((a, b) => a - b).map((x) => cellName(x, n));
    for (const x of cage.cells) about[x].push(`in the cage ${cells.join(" ")} adding up to ${cage.sum}`);
  }
  for (const [greater, lesser] of shape.signs) {
    about[greater].push(`more than ${cellName(lesser, n)}`);
    about[lesser].push(`less than ${cellName(greater, n)}`);
  }
  for (const { cells, named } of shape.variant?.named ?? []) for (const x of cells) about[x].push(`on ${named}`);
  return about;
}

function keyButton(symbol, text, label) {
  const button = document.createElement("button");
  button.type = "button";
  if (symbol !== null) button.dataset.symbol = symbol;
  button.textContent = text;
  button.setAttribute("aria-label", label);
  return button;
}
