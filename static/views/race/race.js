// The race view (?view=race#p=<puzzle>): plain backtracking and dancing links solve the
// same puzzle side by side, each on its own small grid, replayed at a chosen speed in
// nodes a second. The moves come from the real Python searches (sudoku_dlx.web.race_*),
// pulled a chunk at a time: each lane holds at most the chunk it shows and the next, so
// a run of millions of nodes neither freezes the page nor fills its memory. Both lanes
// advance node for node; a lane that waits for Python holds the other back. Every kind
// races by its own rules (a killer's cages, a futoshiki's signs drawn on the grids);
// a lane whose search cannot read them says so and stays out (sudoku_dlx.compare.race).
import { View, count, duration, h, plural, useStyle, whenReady } from "../../kit.js";
import { clashes, gridShape } from "../../grid.js";
import { svg } from "../../svg.js";
import { KIND_NAMES } from "../../kinds.js";
import { readPuzzle } from "../../link.js";
import { miniGrid } from "../../mini-grid.js";
import { SYMBOLS } from "../../words.js";

// A move is cell * 64 + digit * 2 + guess (digit 0 clears the cell); -1 is a solution
// (sudoku_dlx.baselines.moves).
const SOLUTION = -1;
// Both searches look for two solutions (the second proves the first unique) and give
// up after this many nodes.
const MAX_NODES = 10_000_000;
// The stochastic solvers give up after this many iterations (moves proposed, children
// bred, digits drawn): enough for a 46-clue puzzle many times over, and a few seconds.
const MAX_ITERATIONS = 200_000;
const CHUNK = 50_000;
// Nodes a second; Infinity: as fast as Python computes them.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, Infinity];
const START_SPEED = SPEEDS.indexOf(50);

export const EXAMPLES = [
  {
    name: "Backtracking's nightmare: 2,093,093 tries (Norvig's top95, no. 47)",
    puzzle: "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8",
  },
  {
    name: "A 17-clue puzzle that DLX solves without a guess: 64 tries",
    puzzle: ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
  },
  {
    name: "The 17-clue puzzle with the most DLX tries: 18,787",
    puzzle: "........1.....2.....3....45....16..3.4..5....7..........15......6....8...9....2..",
  },
  {
    name: "The first of the forum's hardest list: DLX 6,267 tries, backtracking 2,579,157",
    puzzle: "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
  },
];

// Each racer's name and how it searches (sudoku_dlx.compare.race.RACERS); the last three
// search at random (STOCHASTIC): a grid full of digits that changes until no unit clashes.
const LABELS = {
  backtrack: ["Backtracking", "the first empty cell, the first digit that fits"],
  rules: ["Rules, then guesses", "a person's rules (singles, subsets, fish) until they stall; then a guess in the cell with the fewest candidates"],
  dlx: ["Dancing links", "the item with the fewest options"],
  annealing: ["Simulated annealing", "swaps two cells of a box; takes a worse grid at times, less often as it cools"],
  genetic: ["Genetic algorithm", "breeds grids box by box and keeps the fittest; shows the fittest of each generation"],
  boltzmann: ["Boltzmann machine", "draws each cell's digit, likelier the fewer clashes it makes, as it cools"],
};
const STOCHASTIC = new Set(["annealing", "genetic", "boltzmann"]);
// The racers of a race without ?solvers=: the two the view was made for.
const PAIR = ["backtrack", "dlx"];
// Points kept of a stochastic lane's cost line.
const COST_POINTS = 200;

// One search on its own grid: its moves, its counters, the chunks it holds.
class Lane {
  constructor(solver) {
    this.solver = solver;
    this.stochastic = STOCHASTIC.has(solver);
    const [title, how] = LABELS[solver];
    this.grid = h("div", { class: "race-grid", "aria-hidden": "true" });
    this.counters = {};
    const list = h("dl", { class: "race-counters" });
    const counters = this.stochastic
      ? [["nodes", "Changes"], ["cost", "Cost"], ["temperature", "Temperature"], ["ms", "Time"]]
      : [["nodes", "Tries"], ["guesses", "Guesses"], ["filled", "Cells filled"], ["ms", "Time"]];
    for (const [key, label] of counters) {
      this.counters[key] = h("dd", { "data-counter": key }, "–");
      list.append(h("dt", {}, label), this.counters[key]);
    }
    // A stochastic lane's cost as it falls (clashes left: 0 is a solution).
    this.line = this.stochastic ? svg("svg", { class: "race-cost", viewBox: "0 0 100 30", preserveAspectRatio: "none",
      role: "img", "aria-label": "The cost as it falls" }) : null;
    this.state = h("p", { class: "race-state" });
    this.root = h("section", { class: "race-lane", "data-solver": solver, "aria-label": title },
      h("h3", {}, title), h("p", { class: "race-how" }, how), this.grid, list, ...(this.line ? [this.line] : []), this.state);
  }

  // A new race on the opened puzzle (race_open's record: {race, givens, size, ...}); a
  // record unraced (this search cannot read the kind's rules) shows the grid and why.
  start(client, opened) {
    this.client = client;
    this.id = opened.race;
    this.token = {}; // this race's answers carry it; a late answer for an earlier race does not
    this.n = opened.size;
    this.unraced = opened.status === "unraced" ? opened.error : "";
    this.givens = Uint8Array.from(opened.givens, (s) => SYMBOLS.indexOf(s) + 1);
    this.digits = Uint8Array.from(this.givens);
    this.chunks = []; // each {moves, ms, done, nodes in it, ...}; the first is being shown
    this.position = 0; // next move of chunks[0]
    this.nodes = 0;
    this.guesses = 0;
    this.queued = 0; // nodes in the chunks held, not yet shown
    this.doneQueued = false; // the last chunk has come
    this.finished = false;
    this.msBefore = 0; // time at the start of chunks[0]
    this.solution = null;
    this.fetching = false;
    this.error = null;
    this.dirty = new Set();
    this.jumped = 0; // most nodes shown in one frame
    this.cost = null; // a stochastic lane's cost and temperature now, and its cost line's points
    this.temperature = null;
    this.costs = [];
    this.iterations = 0;
    this.drawGrid(opened);
    this.finished = Boolean(this.unraced);
    this.state.textContent = "Ready.";
    if (!this.unraced) this.fetch();
  }

  drawGrid(opened) {
    this.shape = gridShape(opened);
    this.cells = miniGrid(this.grid, this.shape);
    this.cells.forEach((div, cell) => {
      div.dataset.cell = cell;
      div.classList.toggle("given", this.givens[cell] > 0);
      div.textContent = this.symbol(this.digits[cell]);
    });
  }

  symbol(digit) {
    return digit ? SYMBOLS[digit - 1] : "";
  }

  // Asks Python for the next chunk unless one is on its way, the last has come, or
  // one is already waiting behind the one shown.
  fetch() {
    if (this.fetching || this.doneQueued || this.chunks.length > 1 || this.error) return;
    this.fetching = true;
    const token = this.token;
    this.client.request("race_next", { race: this.id }).then((chunk) => {
      if (token !== this.token) return;
      this.fetching = false;
      if (chunk.status === "invalid") {
        this.error = new Error(chunk.error);
        return;
      }
      chunk.places = chunk.moves.reduce((sum, move) => sum + (move > 0 && (move & 63) > 1 ? 1 : 0), 0);
      this.queued += chunk.places;
      this.doneQueued = chunk.done;
      this.chunks.push(chunk);
      this.fetch();
      this.onChunk?.();
    }, (error) => {
      if (token !== this.token) return;
      this.fetching = false;
      this.error = error;
    });
  }

  // The most nodes this lane can show now: all of them once the last chunk has come.
  get available() {
    return this.doneQueued ? Infinity : this.nodes + this.queued;
  }

  // Shows moves until `target` nodes (or the end); returns the nodes shown.
  advance(target) {
    const before = this.nodes;
    while (!this.finished && this.nodes < target) {
      const chunk = this.chunks[0];
      if (!chunk) break;
      if (this.position >= chunk.moves.length) {
        if (chunk.done) {
          this.finish(chunk);
          break;
        }
        this.msBefore = chunk.ms;
        this.chunks.shift();
        this.position = 0;
        this.fetch();
        continue;
      }
      this.apply(chunk.moves[this.position++]);
      this.follow(chunk);
    }
    this.jumped = Math.max(this.jumped, this.nodes - before);
    return this.nodes - before;
  }

  apply(move) {
    if (move === SOLUTION) {
      this.solution ??= Uint8Array.from(this.digits);
      return;
    }
    const cell = move >> 6;
    const digit = (move & 63) >> 1;
    this.digits[cell] = digit;
    this.dirty.add(cell);
    this.last = cell;
    if (digit) {
      this.nodes++;
      this.queued--;
      this.guesses += move & 1;
    }
  }

  // A stochastic lane's cost and temperature as its moves reach the points of the chunk's costs.
  follow(chunk) {
    const costs = chunk.costs ?? [];
    while ((chunk.at ?? 0) < costs.length && costs[chunk.at ?? 0][0] < this.position) {
      const [, cost, temperature] = costs[chunk.at ?? 0];
      chunk.at = (chunk.at ?? 0) + 1;
      [this.cost, this.temperature] = [cost, temperature];
      this.costs.push(cost);
      if (this.costs.length > 2 * COST_POINTS) this.costs = this.costs.filter((_, k) => k % 2 === 0);
    }
  }

  finish(chunk) {
    this.finished = true;
    this.status = chunk.status;
    this.iterations = chunk.nodes;
    if (this.stochastic && chunk.status === "solved") this.cost = 0;
    this.msBefore = chunk.ms;
    this.chunks = [];
    // Done: the grid shows the solution the search found (it backed out of it to
    // prove there is no other one), or where it stopped.
    if (this.solution) {
      this.digits.set(this.solution);
      for (let cell = 0; cell < this.digits.length; cell++) this.dirty.add(cell);
    }
  }

  get ms() {
    const chunk = this.chunks[0];
    if (!chunk || this.finished) return this.msBefore;
    return this.msBefore + ((chunk.ms - this.msBefore) * this.position) / Math.max(1, chunk.moves.length);
  }

  render() {
    for (const cell of this.dirty) {
      this.cells[cell].textContent = this.symbol(this.digits[cell]);
    }
    this.dirty.clear();
    this.grid.querySelector(".current")?.classList.remove("current");
    if (!this.finished && this.last !== undefined) this.cells[this.last].classList.add("current");
    this.counters.nodes.textContent = count(this.nodes);
    this.counters.ms.textContent = duration(this.ms);
    if (this.stochastic) this.renderCost();
    else {
      let filled = 0;
      for (const digit of this.digits) filled += digit ? 1 : 0;
      this.counters.guesses.textContent = count(this.guesses);
      this.counters.filled.textContent = `${count(filled)} of ${count(this.digits.length)}`;
    }
    this.state.textContent = this.describe();
    this.root.dataset.state = this.unraced ? "unraced" : this.finished ? "done" : "running";
  }

  // A stochastic lane: its cost and temperature, the cells that clash marked, the cost line.
  renderCost() {
    this.counters.cost.textContent = this.cost === null ? "–" : count(this.cost);
    this.counters.temperature.textContent = this.temperature ? this.temperature.toFixed(2) : "–";
    const line = Array.from(this.digits, (d) => this.symbol(d) || ".").join("");
    const clash = clashes(this.shape, line);
    this.cells.forEach((div, cell) => div.classList.toggle("clash", clash.has(cell)));
    const top = Math.max(1, ...this.costs);
    const points = this.costs.map((cost, k) => `${(100 * k) / Math.max(1, this.costs.length - 1)},${30 - (28 * cost) / top - 1}`);
    this.line.replaceChildren(...(points.length ? [svg("polyline", { points: points.join(" ") })] : []));
  }

  describe() {
    if (this.error) return `Python stopped: ${this.error.message}`;
    if (this.unraced) return `Not racing: ${this.unraced}.`;
    if (!this.finished) {
      if (this.stochastic) return this.nodes ? "Searching at random…" : "Ready.";
      if (this.solution) return "Solution found; searching on for a second one…";
      return this.nodes ? "Searching…" : "Ready.";
    }
    return {
      unique: "Done: the solution, proven unique.",
      multiple: "Done: a solution, and a second one (the puzzle is not unique).",
      none: "Done: no solution.",
      unfinished: `Gave up after ${count(MAX_NODES)} tries.`,
      solved: "Done: a solution (a random search proves nothing about a second one).",
      unsolved: `Gave up after ${count(this.iterations)} iterations, cost ${count(this.cost ?? 0)} left.`,
    }[this.status] ?? `Done: ${this.status}.`;
  }
}

// What the race says under its lanes: the gap between them, a note on the pace while it
// runs (waiting for Python, or jumping `jumped` nodes a frame), and the milestone of the
// lanes done.
function raceText(all, running, waiting, jumped) {
  let gap = "";
  const lanes = all.filter((lane) => !lane.unraced);
  const done = lanes.filter((lane) => lane.finished);
  const name = (lane) => LABELS[lane.solver][0];
  // A lane's moves in words: tries (digits placed), or a stochastic lane's changes.
  const moves = (lane) => (lane.stochastic ? plural(lane.nodes, "change") : plural(lane.nodes, "try", "tries"));
  const gaveUp = (lane) => ["unfinished", "unsolved"].includes(lane.status);
  const times = (more, fewer) => {
    const ratio = more.nodes / Math.max(1, fewer.nodes);
    return `${ratio >= 10 ? count(ratio) : ratio.toFixed(1)} times as many`;
  };
  if (lanes.length === 1 && done.length === 1) {
    gap = `${name(done[0])} ${gaveUp(done[0]) ? "gave up after" : "needed"} ${moves(done[0])}; search time ${duration(done[0].ms)}.`;
  } else if (lanes.length === 2 && done.length === 1 && !done[0].error) {
    const [ahead, behind] = done[0] === lanes[0] ? lanes : [lanes[1], lanes[0]];
    gap = `${name(ahead)} finished after ${moves(ahead)}; ${name(behind).toLowerCase()} ` +
      `is at ${moves(behind)} (${times(behind, ahead)}) and counting.`;
  } else if (lanes.length === 2 && done.length === 2) {
    const [more, fewer] = lanes[0].nodes >= lanes[1].nodes ? lanes : [lanes[1], lanes[0]];
    gap = `${name(more)} ${gaveUp(more) ? "gave up after" : "needed"} ${moves(more)}, ${times(more, fewer)} moves as ` +
      `${name(fewer).toLowerCase()} (${moves(fewer)}); search time ${duration(more.ms)} against ${duration(fewer.ms)}.`;
  }
  const note = waiting && running
    ? "Waiting for Python: the grids move as fast as it computes the moves."
    : jumped > 1 && running
      ? `Fast-forward: the screen redraws about 60 times a second, so each frame jumps up to ${count(jumped)} tries.`
      : "";
  const milestone = done.map((lane) => `${LABELS[lane.solver][0]}: ${lane.describe().replace(/^Done: /, "")}`)
    .join(" ");
  return { gap, note, milestone };
}

// What the race says when it opens `opened` (race_open's record) on `lanes`: the kind when
// it is not a classic, its clues, the cells to fill, and which lane cannot race it and why.
function readyText(opened, lanes) {
  const cages = opened.cages ? `, ${plural(opened.cages.length, "cage")}` : "";
  const signs = opened.signs ? `, ${plural(opened.signs.length, "sign")}` : "";
  const kind = opened.kind === "sudoku" ? "" : `a ${opened.size}×${opened.size} ${KIND_NAMES[opened.kind]}, `;
  const racing = lanes.filter((lane) => !lane.unraced);
  const why = lanes.filter((lane) => lane.unraced).map((lane) => ` ${lane.unraced[0].toUpperCase()}${lane.unraced.slice(1)}.`);
  const alone = racing.length === 1 ? ` ${LABELS[racing[0].solver][0]} races it alone, by all its rules.` : "";
  const combinations = opened.cages && racing.some((lane) => lane.solver === "dlx")
    ? " Its nodes count the digits placed, not the cages' digit combinations it tries too." : "";
  return `Ready: ${kind}${plural(opened.clues, "given")}${cages}${signs}, ` +
    `${plural(opened.size ** 2 - opened.clues, "cell")} to fill.${why.join("")}${alone}${combinations}`;
}

// The two racers a URL asks for (?solvers=boltzmann,dlx), or PAIR.
function racers(url) {
  const asked = (url.searchParams.get("solvers") ?? "").split(",").map((name) => name.trim().toLowerCase());
  return asked.length === 2 && asked.every((name) => name in LABELS) ? asked : PAIR;
}

function raceTitle(lanes) {
  const [first, second] = lanes.map((lane) => LABELS[lane.solver][0]);
  // "Dancing links" is lower case mid-sentence; "Boltzmann machine" keeps its name's capital.
  return `${first} against ${second.startsWith("Boltzmann") ? second : second.toLowerCase()}`;
}

export default class Race extends View {
  async build(root) {
    await useStyle(new URL("../views.css", import.meta.url));
    this.lanes = racers(new URL(location.href)).map((solver) => new Lane(solver));
    this.pickers = this.lanes.map((lane, k) => h("select", { id: `race-solver-${k + 1}`, "aria-label": `${["First", "Second"][k]} racer` },
      Object.entries(LABELS).map(([solver, [name]]) => h("option", { value: solver, selected: solver === lane.solver }, name))));
    this.choose = h("select", { id: "race-example" },
      h("option", { value: "" }, "Choose an example…"),
      EXAMPLES.map((example, k) => h("option", { value: k }, example.name)));
    this.input = h("input", { id: "race-puzzle", type: "text", spellcheck: "false", autocomplete: "off",
      placeholder: "one line, . or 0 for a blank, or a game ID" });
    const form = h("form", { class: "race-puzzle page-only" },
      h("span", { class: "race-label" }, "Racers"), h("span", { class: "race-pickers" }, this.pickers[0], " against ", this.pickers[1]),
      h("label", { for: "race-example" }, "Example"), this.choose,
      h("label", { for: "race-puzzle" }, "Puzzle"), this.input,
      h("button", { type: "submit" }, "Race it"));
    this.play = h("button", { type: "button", "aria-pressed": "false", disabled: true }, "Play");
    this.step = h("button", { type: "button", disabled: true, title: "One try further" }, "Step");
    this.restart = h("button", { type: "button", disabled: true }, "Restart");
    this.speed = h("input", { id: "race-speed", type: "range", min: 0, max: SPEEDS.length - 1, value: START_SPEED });
    this.speedText = h("span", { class: "race-speed" }); // the range's aria-valuetext too
    this.message = h("p", { class: "race-message", role: "status" });
    this.gap = h("p", { class: "race-gap" });
    this.note = h("p", { class: "race-note" });
    root.replaceChildren(h("section", { class: "race", "aria-labelledby": "race-title" },
      this.heading = h("h2", { id: "race-title" }, raceTitle(this.lanes)),
      h("p", { class: "race-intro page-only" },
        "Both search the same puzzle, one try (one digit placed) at a time. Backtracking fills the first empty " +
        "cell with the first digit that fits and steps back when a cell has none left; dancing links (Algorithm X) " +
        "always takes the cell, or the digit in a row, column or box, with the fewest options, so most of its " +
        "moves are forced. The thesis's rule-based solver places what a person's rules (singles, subsets, fish) " +
        "prove and guesses only when they stall. All three go on after the solution to prove there is no second " +
        "one. The stochastic " +
        "solvers of the thesis (simulated annealing, a genetic algorithm, a Boltzmann machine) start from a grid " +
        "full of digits and change it at random until no unit clashes: their moves are those changes, their cost " +
        "the clashes left (annealing's: digits missing from rows and columns), and they prove nothing."),
      form,
      h("div", { class: "race-controls" }, this.play, this.step, this.restart,
        h("label", { for: "race-speed" }, "Speed"), this.speed, this.speedText),
      h("div", { class: "race-lanes" }, this.lanes.map((lane) => lane.root)),
      this.message, this.gap, this.note,
      h("p", { class: "python-status" }, this.python.state === "ready" ? "Python is ready." : "Loading Python…")));

    this.running = false;
    this.clock = 0; // nodes both lanes should have shown
    this.wanted = 0; // where Step asked to go, reached once the moves have come
    this.last = 0; // time of the previous frame
    this.frame = 0;
    this.opened = 0; // counts races opened, so a late answer for an old one is ignored
    this.puzzle = "";
    this.announced = "";
    this.showSpeed();

    this.play.addEventListener("click", () => this.setRunning(!this.running));
    this.step.addEventListener("click", () => {
      this.setRunning(false);
      this.wanted = Math.floor(this.clock) + 1;
      this.advance(this.wanted);
    });
    for (const lane of this.lanes) {
      lane.onChunk = () => {
        if (!this.running && this.wanted > this.clock) this.advance(this.wanted);
      };
    }
    this.restart.addEventListener("click", () => this.race(this.puzzle));
    this.pickers.forEach((picker, k) => picker.addEventListener("change", () => this.pick(k, picker.value)));
    this.speed.addEventListener("input", () => this.showSpeed());
    this.choose.addEventListener("change", () => {
      if (this.choose.value !== "") this.input.value = EXAMPLES[Number(this.choose.value)].puzzle;
    });
    this.input.addEventListener("input", () => {
      this.choose.value = "";
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.input.value.trim()) this.race(this.input.value.trim());
    });
  }

  // The natural height with the lines that come and go as a race runs at their longest
  // (each lane's state, the message, the gap, the note), so a pasted frame has room for
  // them before they come. Each is measured on a hidden copy beside it: the message is a
  // live region, not to be touched for a measure.
  snippetHeight() {
    const growth = (line, text) => {
      const probe = line.cloneNode(false);
      probe.removeAttribute("role");
      probe.textContent = text;
      Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: `${line.clientWidth}px` });
      line.after(probe);
      const more = Math.max(0, probe.offsetHeight - line.offsetHeight);
      probe.remove();
      return more;
    };
    // The longest a race gets: one lane done and the other searching on, past a solution,
    // at the fast-forward note; both done, with two solutions each or one lane given up.
    const scenarios = [
      [{ finished: true, status: "multiple", nodes: 1 }, { solution: true, nodes: MAX_NODES }],
      [{ finished: true, status: "multiple", nodes: MAX_NODES }, { finished: true, status: "multiple", nodes: 1 }],
      [{ finished: true, status: "unfinished", nodes: MAX_NODES }, { finished: true, status: "multiple", nodes: 1 }],
    ];
    return this.naturalHeight() + Math.max(...scenarios.map((states) => {
      const lanes = this.lanes.map((lane, k) =>
        Object.assign(Object.create(Lane.prototype), { solver: lane.solver, chunks: [], msBefore: 1e5 }, states[k]));
      const running = !lanes.every((lane) => lane.finished);
      const { gap, note, milestone } = raceText(lanes, running, false, MAX_NODES);
      return Math.max(...this.lanes.map((lane, k) => growth(lane.state, lanes[k].describe())))
        + growth(this.message, milestone) + growth(this.gap, gap) + growth(this.note, note);
    }));
  }

  // Lane k races `solver` now: a new lane in its place, the race opened again.
  pick(k, solver) {
    const lane = new Lane(solver);
    this.lanes[k].root.replaceWith(lane.root);
    this.lanes[k] = lane;
    lane.onChunk = () => {
      if (!this.running && this.wanted > this.clock) this.advance(this.wanted);
    };
    this.heading.textContent = raceTitle(this.lanes);
    const url = new URL(location.href);
    url.searchParams.set("solvers", this.lanes.map((each) => each.solver).join(","));
    history.replaceState(null, "", url);
    if (this.puzzle) this.race(this.puzzle);
  }

  show() {
    const linked = readPuzzle(new URL(location.href));
    const first = linked.error ? EXAMPLES[0].puzzle : linked.puzzle ?? EXAMPLES[0].puzzle;
    this.choose.value = String(EXAMPLES.findIndex((example) => example.puzzle === first));
    if (this.choose.value === "-1") this.choose.value = "";
    this.race(first, linked.error ? `${linked.error.replace(/\.$/, "")}, so the race opened the first example instead. ` : "");
    return { puzzle: first };
  }

  stop() {
    this.setRunning(false);
  }

  nodesPerSecond() {
    return SPEEDS[Number(this.speed.value)];
  }

  showSpeed() {
    const rate = this.nodesPerSecond();
    this.speedText.textContent = rate === Infinity ? "as fast as Python computes" : `${count(rate)} tries a second`;
    this.speed.setAttribute("aria-valuetext", this.speedText.textContent);
  }

  setRunning(on) {
    this.running = on;
    if (!on) this.note.textContent = "";
    this.play.textContent = on ? "Pause" : "Play";
    this.play.setAttribute("aria-pressed", String(on));
    if (on) {
      this.last = performance.now();
      this.frame ||= requestAnimationFrame((now) => this.tick(now));
    }
  }

  // Both lanes move on to `target` nodes, as far as the moves they hold allow.
  advance(target) {
    const open = this.lanes.filter((lane) => !lane.finished && !lane.error);
    const reachable = Math.min(target, ...open.map((lane) => lane.available));
    this.clock = Math.max(this.clock, reachable);
    let jumped = 0;
    for (const lane of this.lanes) jumped = Math.max(jumped, lane.advance(this.clock));
    for (const lane of this.lanes) lane.render();
    this.report(reachable < target, jumped);
  }

  tick(now) {
    this.frame = 0;
    if (!this.running) return;
    const rate = this.nodesPerSecond();
    const elapsed = Math.min(now - this.last, 250);
    this.last = now;
    this.advance(rate === Infinity ? Infinity : this.clock + (rate * elapsed) / 1000);
    if (this.lanes.every((lane) => lane.finished || lane.error)) this.setRunning(false);
    else this.frame = requestAnimationFrame((next) => this.tick(next));
  }

  report(waiting, jumped) {
    const { gap, note, milestone } = raceText(this.lanes, this.running, waiting, jumped);
    this.gap.textContent = gap;
    this.note.textContent = note;
    if (milestone && milestone !== this.announced) {
      this.announced = milestone;
      this.message.textContent = milestone;
    }
    for (const lane of this.lanes) {
      if (lane.error) this.message.textContent = `Python stopped: ${lane.error.message}. Restart to try again.`;
    }
  }

  // Opens a race of both lanes on `text` once Python is ready; `said` comes first in
  // what the race says then (why this puzzle, not the link's).
  async race(text, said = "") {
    const { lanes, client } = this;
    const mine = ++this.opened;
    this.input.value = text; // shown while Python loads; its canonical text once opened
    this.setRunning(false);
    this.clock = 0;
    this.wanted = 0;
    this.announced = "";
    this.gap.textContent = "";
    this.note.textContent = "";
    for (const button of [this.play, this.step, this.restart]) button.disabled = true;
    this.message.textContent = said + (this.python.state === "ready" ? "Opening the race…" : "Waiting for Python…");
    await whenReady(this.python);
    for (const lane of lanes) {
      if (lane.id) client.request("race_close", { race: lane.id }).catch(() => {});
    }
    let answers;
    try {
      answers = await Promise.all(lanes.map((lane) => client.request("race_open",
        { text, solver: lane.solver, max_nodes: lane.stochastic ? MAX_ITERATIONS : MAX_NODES, chunk: CHUNK })));
    } catch (error) {
      if (mine === this.opened) this.message.textContent = `${said}Python could not open the race: ${error.message}`;
      return;
    }
    if (mine !== this.opened) return;
    const refused = answers.find((answer) => answer.status === "invalid");
    if (refused) {
      this.message.textContent = `${said}That is not a puzzle to race: ${refused.error}.`;
      return;
    }
    this.puzzle = answers[0].puzzle;
    this.input.value = this.puzzle;
    const url = new URL(location.href);
    url.hash = `p=${this.puzzle}`;
    history.replaceState(null, "", url);
    lanes.forEach((lane, k) => lane.start(client, answers[k]));
    for (const lane of lanes) lane.render();
    for (const button of [this.play, this.step, this.restart]) button.disabled = false;
    this.message.textContent = `${said}${readyText(answers[0], lanes)} Press Play.`;
  }
}
