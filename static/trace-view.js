// The DLX step view ("DLX steps"): the search's steps (a record of web.dlx_steps) one at a time, in
// words and on a small grid of its own (the player's grid is left alone), and the step
// controls (Stepper) it shares with the exact cover lab. Text goes in with textContent only.
import { BLANK, NOTES_GRID_MAX, SYMBOLS, candidates, notesText } from "./grid.js";
import { miniGrid } from "./board.js";

export class TraceView {
  // elements: {panel, summary, grid, text, range, count, first, back, next, last, play, speed}
  constructor(elements) {
    this.el = elements;
    this.record = null;
    this.stepper = new Stepper(elements, (k) => this.draw(k));
  }

  pause() {
    this.stepper.pause();
  }

  // Shows a new search: the reduction in words, then its first step.
  show(record, givens, shape) {
    this.record = record;
    this.givens = givens;
    this.shape = shape;
    const { n } = shape;
    const steps = record.steps.length;
    const cut = record.complete ? "" : ` Only its first ${steps.toLocaleString("en")} steps are shown.`;
    this.el.summary.textContent =
      `As exact cover, a ${n}×${n} grid has ${record.items} items to cover (each cell needs a digit; ` +
      `each digit is needed once in every row, column and box) and ${record.options} options ` +
      `(a digit in a cell covers four items). The ${record.clues} givens leave ${record.open_items} items ` +
      `and ${record.open_options} options. The search always takes the item with the fewest options, ` +
      `and goes on after a solution to prove there is no second one: ` +
      `${record.nodes.toLocaleString("en")} options tried.${cut}`;
    this.cells = miniGrid(this.el.grid, this.shape);
    this.stepper.reset(steps);
  }

  // Shows step `k` (the stepper keeps it in range): the grid as the search holds it after that step.
  draw(k) {
    const steps = this.record.steps;
    if (!steps.length) {
      this.el.text.textContent = "Nothing to search: every cell is given.";
      this.el.count.textContent = "";
      this.drawGrid([...this.givens], null);
      return;
    }
    const placed = [...this.givens];
    for (const step of steps.slice(0, k + 1)) {
      if (step.kind === "try") placed[step.cell] = SYMBOLS[step.digit - 1];
      else if (step.kind === "undo") placed[step.cell] = BLANK;
    }
    const step = steps[k];
    this.drawGrid(placed, step);
    this.el.text.textContent = step.text;
    this.el.count.textContent = `Step ${(k + 1).toLocaleString("en")} of ${steps.length.toLocaleString("en")}` +
      ` · ${step.placed} placed by the search · left to cover: ${step.open_items} items, ${step.open_options} options`;
  }

  // placed[cell]: a symbol or BLANK; givens bold, the search's placements in colour. Up to
  // 9x9 an empty cell shows its options still open (the digits its row, column and box
  // leave), so covering an option visibly removes the options that clash with it.
  drawGrid(placed, step) {
    const about = new Set(step?.cells ?? []);
    const line = placed.join("");
    const small = this.shape.n <= NOTES_GRID_MAX;
    this.cells.forEach((div, cell) => {
      div.textContent = placed[cell] === BLANK ? "" : placed[cell];
      const open = small && placed[cell] === BLANK ? candidates(this.shape, line, cell) : "";
      if (open) div.dataset.notes = notesText(open, this.shape);
      else div.removeAttribute("data-notes");
      div.classList.toggle("given", this.givens[cell] !== BLANK);
      div.classList.toggle("about", about.has(cell));
      div.classList.toggle("current", step?.cell === cell);
    });
  }
}

// The controls of a step view, shared with the exact cover lab (views/lab.js): first,
// back, next and last buttons, a slider, Play/Pause, and the left and right arrow keys
// while the focus is in the panel. The view draws a step when told to: show(k).
export class Stepper {
  // elements: {panel, range, first, back, next, last, play, speed?}; show(k) draws step
  // k of `length`; `ms`: milliseconds between steps when playing, unless a `speed` select
  // (steps a second) is given.
  constructor(elements, show, ms = 400) {
    this.el = elements;
    this.show = show;
    this.ms = ms;
    this.length = 0;
    this.index = 0;
    this.timer = null;
    const moves = { first: () => 0, back: (k) => k - 1, next: (k) => k + 1, last: () => Infinity };
    for (const [name, move] of Object.entries(moves)) {
      elements[name].addEventListener("click", () => {
        this.pause();
        this.go(move(this.index));
      });
    }
    elements.range.addEventListener("input", () => {
      this.pause();
      this.go(Number(elements.range.value) - 1);
    });
    elements.play.addEventListener("click", () => (this.timer === null ? this.play() : this.pause()));
    // The slider moves itself with the arrow keys.
    elements.panel.addEventListener("keydown", (event) => {
      const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!move || event.target === elements.range || !this.length) return;
      this.pause();
      this.go(this.index + move);
      event.preventDefault();
    });
  }

  // A new list of `length` steps, shown from step `k`.
  reset(length, k = 0) {
    this.pause();
    this.length = length;
    this.el.range.max = Math.max(length, 1);
    this.go(k);
  }

  // Shows step `k`, clamped to the steps there are.
  go(k) {
    this.index = Math.max(0, Math.min(k, this.length - 1));
    this.el.range.value = this.index + 1;
    this.el.first.disabled = this.el.back.disabled = this.index === 0;
    this.el.next.disabled = this.el.last.disabled = this.index >= this.length - 1;
    this.show(this.index);
  }

  // Steps on by itself until the last step, a pause or another control (from the first
  // step again when it stood at the last): `ms` apart, or as many steps a second as the
  // `speed` select says; faster than a frame allows, it takes several steps a frame.
  play() {
    if (this.index >= this.length - 1) this.go(0);
    this.el.play.setAttribute("aria-pressed", "true");
    this.el.play.textContent = "Pause";
    let last = performance.now(), owed = 0;
    const tick = (now) => {
      owed += ((now - last) / 1000) * (this.el.speed ? Number(this.el.speed.value) : 1000 / this.ms);
      last = now;
      if (owed >= 1) {
        this.go(this.index + Math.floor(owed));
        owed %= 1;
      }
      if (this.index >= this.length - 1) this.pause();
      else this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
  }

  pause() {
    if (this.timer === null) return;
    cancelAnimationFrame(this.timer);
    this.timer = null;
    this.el.play.setAttribute("aria-pressed", "false");
    this.el.play.textContent = "Play";
  }
}
