// The DLX step view ("DLX steps"): the search's steps (a record of web.dlx_steps) one at a
// time, in words and on a small grid of its own (the player's grid is left alone), with
// the step controls it shares with the exact cover lab. Text goes in with textContent only.
import { BLANK, NOTES_GRID_MAX, SYMBOLS, candidates, notesText } from "../../grid.js";
import { miniGrid } from "../../mini-grid.js";
import { plural } from "../../kit.js";
import { Stepper } from "../../stepper.js";

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
    const cut = record.complete ? "" : ` Only its first ${plural(steps, "step")} are shown.`;
    // Python says what the kind's reduction is (record.reduction); a record without it is a sudoku's.
    const reduction = record.reduction ??
      `As exact cover, a ${n}×${n} grid has ${record.items} items to cover (each cell needs a digit; ` +
      `each digit is needed once in every row, column and box) and ${record.options} options ` +
      "(a digit in a cell covers four items).";
    this.el.summary.textContent =
      `${reduction} The ${plural(record.clues, "given")} leave ${plural(record.open_items, "item")} ` +
      `and ${plural(record.open_options, "option")}. The search always takes the item with the fewest options, ` +
      `and goes on after a solution to prove there is no second one: ` +
      `${plural(record.nodes, "option")} tried.${cut}`;
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
      if (step.cell < 0) continue; // a killer cage's combination places no digit
      if (step.kind === "try") placed[step.cell] = SYMBOLS[step.digit - 1];
      else if (step.kind === "undo") placed[step.cell] = BLANK;
    }
    const step = steps[k];
    this.drawGrid(placed, step);
    this.el.text.textContent = step.text;
    this.el.count.textContent = `Step ${(k + 1).toLocaleString("en")} of ${steps.length.toLocaleString("en")}` +
      ` · ${step.placed} placed by the search · left to cover: ${plural(step.open_items, "item")}, ${plural(step.open_options, "option")}`;
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
