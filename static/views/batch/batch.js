// The batch view (?view=batch): a puzzle set (a file picked or dropped, a pasted list,
// or a bundled sample) through one or more solvers in several Python workers at once,
// as `python -m sudoku_dlx bench` runs it: each worker measures its share with
// sudoku_dlx.web.batch (bench.measure), and the table comes from web.batch_summary
// (bench's own summary), so the page's numbers are the command line's. Results are
// kept in typed arrays sized once per run, so memory stays flat however long it runs.
import { Cancelled } from "../../client.js";
import { View, count, download, duration, h, playLink, plural, raceLink, useStyle, whenReady } from "../../kit.js";
import { isVariantLink } from "../../kinds.js";
import { Histogram, Scatter, SuccessByClues } from "./plots.js";
import { BATCH_STATUSES, BATCH_SUCCESSES, SOLVERS as SOLVER_NAMES, STOCHASTIC_SOLVERS } from "../../words.js";
import { Pool } from "../../pool.js";

// The solvers (sudoku_dlx's compare.batch.SOLVERS, then its STOCHASTIC ones, which find a
// solution or none within their cap and prove nothing) by what the page calls them.
const LABELS = {
  dlx: "dlx (this engine)", textbook: "textbook DLX", backtrack: "backtracking", rules: "rules, then guesses",
  annealing: "simulated annealing", genetic: "genetic algorithm", boltzmann: "Boltzmann machine",
};
const SOLVERS = Object.fromEntries([...SOLVER_NAMES, ...STOCHASTIC_SOLVERS].map((name) => [name, LABELS[name] ?? name]));
// The stochastic solvers' seed, and their time a puzzle before they give up (seconds).
const SEED = 1;
// A status's code in the typed arrays; 0: the line holds no puzzle, or has not run.
const STATUSES = ["", ...BATCH_STATUSES];
const INVALID = STATUSES.indexOf("invalid");
const SUCCESSES = BATCH_SUCCESSES.map((status) => STATUSES.indexOf(status));
// The table: bench --json's fields (each cell's data-stat) with their headings, in
// three groups, each a table with a column per solver, side by side where they fit.
const GROUPS = [
  ["Lines", [["puzzles", "puzzles + invalid"], ["unique", "unique"], ["multiple", "multiple"], ["none", "none"],
    ["invalid", "invalid"], ["unfinished", "unfinished"], ["solved", "solved (stochastic)"],
    ["unsolved", "unsolved (stochastic)"], ["success_pct", "success %"]]],
  ["Time", [["mean_ms", "mean ms"], ["median_ms", "median ms"], ["min_ms", "min ms"], ["max_ms", "max ms"],
    ["total_s", "total s"], ["time_vs_first", "time / first"]]],
  ["Search", [["mean_nodes", "mean tries"], ["median_nodes", "median tries"], ["min_nodes", "min tries"],
    ["max_nodes", "max tries"], ["mean_guesses", "mean guesses"], ["no_guess_pct", "no guess %"]]],
];
const DECIMALS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
const SAMPLES = [
  { file: "royle17_sample1000.txt", name: "17-clue puzzles: 1,000 of Royle's 49,158" },
  { file: "forum_hardest_1106.txt", name: "The forum's hardest list: all 375" },
];
const TARGET_MS = 300; // a worker's share of lines is sized to take about this long
// Summaries during a run: each sends every result so far to Python, so a million take
// seconds; the next waits at least this long after the last, and three times as long as
// it took, so the page's worker is mostly free for the final one.
const SUMMARY_EVERY_MS = 2000;
// The time left is estimated from the workers' pace once this long has passed since
// the first answer (a few lines alone say little: one puzzle may take a hundred times
// as long as another).
const PACE_AFTER_MS = 1000;
const MAX_WORKERS = 16;
const ERRORS_SHOWN = 50;
const CSV_HEADER = "puzzle,solver,ms,nodes,guesses,status";

// One run's results, line by line of the input, per solver.
class Results {
  constructor(lines, solvers) {
    const total = lines.length;
    this.lines = lines;
    this.solvers = solvers;
    this.puzzles = new Array(total); // canonical form, or the text of an invalid line
    this.clues = new Uint16Array(total); // the puzzle's givens (0 where the line holds no valid puzzle)
    this.errors = []; // [line number, error], in the order they came
    this.status = {};
    this.ms = {};
    this.nodes = {};
    this.guesses = {};
    for (const name of solvers) {
      this.status[name] = new Uint8Array(total);
      this.ms[name] = new Float64Array(total);
      this.nodes[name] = new Float64Array(total);
      this.guesses[name] = new Float64Array(total);
    }
    this.linesDone = 0; // lines run, blank ones and comments too
    this.counted = 0; // lines that hold a puzzle or are not valid puzzles: bench's "puzzles"
    this.invalid = 0; // lines that are not valid puzzles
  }

  // Stores web.batch's answer for the lines it was given; returns the indices stored.
  store(answer) {
    const stored = answer.lines.map((line) => line - 1);
    stored.forEach((i, k) => {
      this.puzzles[i] = answer.puzzles[k];
      this.clues[i] = answer.clues[k] ?? 0;
      if (answer.errors[k]) this.errors.push([i + 1, answer.errors[k]]);
      for (const name of this.solvers) {
        const runs = answer.runs[name];
        this.status[name][i] = STATUSES.indexOf(runs.status[k]);
        this.ms[name][i] = runs.ms[k];
        this.nodes[name][i] = runs.nodes[k];
        this.guesses[name][i] = runs.guesses[k];
      }
    });
    this.counted += stored.length;
    this.invalid += answer.errors.filter(Boolean).length;
    return stored;
  }

  // Line indices that hold a result, in order.
  *done() {
    const first = this.status[this.solvers[0]];
    for (let i = 0; i < first.length; i++) if (first[i]) yield i;
  }

  // web.batch_summary's argument: every result so far, as bench.Batch.record's columns.
  columns() {
    const indices = [...this.done()];
    const runs = {};
    for (const name of this.solvers) {
      runs[name] = {
        status: indices.map((i) => STATUSES[this.status[name][i]]),
        ms: indices.map((i) => this.ms[name][i]),
        nodes: indices.map((i) => this.nodes[name][i]),
        guesses: indices.map((i) => this.guesses[name][i]),
      };
    }
    return { solvers: this.solvers, runs };
  }

  // bench --csv's rows, puzzle by puzzle, then solver by solver.
  csv() {
    const parts = [CSV_HEADER + "\n"];
    for (const i of this.done()) {
      const puzzle = quote(this.puzzles[i]);
      for (const name of this.solvers) {
        parts.push(`${puzzle},${name},${this.ms[name][i].toFixed(3)},${this.nodes[name][i]},` +
          `${this.guesses[name][i]},${STATUSES[this.status[name][i]]}\n`);
      }
    }
    return parts;
  }

  // Every result with its line, and the summary.
  json(summary) {
    const errors = new Map(this.errors);
    const rows = [];
    for (const i of this.done()) {
      for (const name of this.solvers) {
        rows.push({
          line: i + 1, puzzle: this.puzzles[i], solver: name, ms: this.ms[name][i], nodes: this.nodes[name][i],
          guesses: this.guesses[name][i], status: STATUSES[this.status[name][i]], error: errors.get(i + 1) ?? "",
        });
      }
    }
    return JSON.stringify({ summary, rows });
  }

  // The `k` puzzles with the most nodes for `name`.
  hardest(name, k) {
    const indices = [...this.done()].filter((i) => this.status[name][i] !== INVALID);
    return indices.sort((a, b) => this.nodes[name][b] - this.nodes[name][a]).slice(0, k);
  }
}

// A CSV field as Python's csv module writes it (quoted only when it must be).
function quote(text) {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export default class Batch extends View {
  async build(root) {
    await useStyle(new URL("../views.css", import.meta.url));
    const cores = Math.max(1, navigator.hardwareConcurrency || 1);

    // Input: a file (picked or dropped), pasted text, or a sample.
    const file = h("input", { type: "file", id: "batch-file", accept: ".txt,.tsv,.sdm,.csv,text/plain" });
    const pasted = h("textarea", { id: "batch-text", rows: 3, spellcheck: "false",
      placeholder: "one puzzle per line, . or 0 for a blank" });
    const sample = h("select", { id: "batch-sample" }, h("option", { value: "" }, "Choose a sample…"),
      SAMPLES.map((s) => h("option", { value: s.file }, s.name)));
    this.chosen = h("p", { class: "batch-hint", id: "batch-source" }, "No puzzles chosen yet.");
    const input = h("div", { class: "batch-input" },
      h("label", {}, "A file, one puzzle per line (or drop it here)", file),
      h("label", {}, "Or paste puzzles", pasted),
      h("label", {}, "Or a bundled sample", sample),
      this.chosen);

    this.solverBoxes = Object.entries(SOLVERS).map(([name, label]) =>
      h("label", { class: "solver" }, h("input", { type: "checkbox", name: "solver", value: name,
        checked: SOLVER_NAMES.includes(name) && name !== "backtrack" }), label));
    this.cap = h("input", { type: "number", id: "batch-cap", min: 1, step: 1000, value: 100_000 });
    this.seconds = h("input", { type: "number", id: "batch-seconds", min: 0.1, step: 1, value: 10 });
    this.workers = h("input", { type: "number", id: "batch-workers", min: 1, max: MAX_WORKERS, value: cores });
    const optionsBox = h("fieldset", { class: "batch-options" }, h("legend", {}, "Solvers"), this.solverBoxes,
      h("label", {}, "Backtracking's cap on tries", this.cap),
      h("label", {}, "The stochastic solvers' seconds a puzzle (seed 1)", this.seconds),
      h("label", {}, `Workers (${plural(cores, "core")})`, this.workers));

    this.run = h("button", { type: "button", id: "batch-run" }, "Run");
    this.stopButton = h("button", { type: "button", id: "batch-stop", disabled: true }, "Stop");
    this.progress = h("progress", { max: 1, value: 0, "aria-label": "Progress" });
    this.rate = h("p", { class: "batch-rate" });
    this.message = h("p", { role: "status", class: "batch-message" });
    this.workerLine = h("p", { class: "batch-hint batch-workers" }, "Python workers start once the page's Python is ready.");

    this.tables = h("div", { class: "batch-tables", role: "group", "aria-label": "bench's table",
      "aria-describedby": "batch-table-note" });
    this.cover = h("p", { class: "batch-hint batch-cover", id: "batch-cover" });
    this.csvButton = h("button", { type: "button", disabled: true }, "Download CSV");
    this.jsonButton = h("button", { type: "button", disabled: true }, "Download JSON");
    this.errorList = h("ol", { class: "batch-errors", "aria-label": "Lines that are not puzzles" });
    this.legend = h("ul", { class: "legend" });
    this.picked = h("p", { class: "batch-picked" });
    this.hardest = h("div", { class: "batch-hardest" });
    this.resultsBox = h("section", { class: "batch-results", "aria-label": "Results", hidden: true });
    this.results = null; // the last run's
    this.summary = null; // its table: bench --json's records
    this.shown = null; // the run whose results the page shows
    this.finishing = false; // a run is over and its final table is being made
    this.makePlots();
    this.resultsBox.append(
      h("p", { class: "batch-hint", id: "batch-table-note" },
        "The table of python -m sudoku_dlx bench, a column per solver: puzzles + invalid counts every line but " +
        "blank ones and comments; times (ms of Python in this browser), tries and guesses are over the puzzles " +
        "searched."),
      this.tables,
      this.cover,
      h("div", { class: "batch-downloads" }, this.csvButton, this.jsonButton),
      this.errorList,
      this.legend,
      h("div", { class: "batch-plots" }, ...this.plots.map((plot) => plot.root)),
      this.picked, this.hardest);

    root.replaceChildren(h("section", { class: "batch", "aria-labelledby": "batch-title" },
      h("h2", { id: "batch-title" }, "Run a puzzle set"),
      h("p", { class: "batch-intro page-only" },
        "Solve every puzzle of a set with each solver chosen, proving each solution unique, in several Python " +
        "workers at once, and compare them: the table of python -m sudoku_dlx bench, plots of the tries each " +
        "puzzle needs, and of the puzzles each solver solved by clue count. Nothing leaves your computer."),
      input, optionsBox,
      h("div", { class: "batch-run" }, this.run, this.stopButton),
      this.progress, this.rate, this.message, this.workerLine,
      this.resultsBox,
      h("p", { class: "python-status" }, this.python.state === "ready" ? "Python is ready." : "Loading Python…")));

    // The puzzles' source: the last one chosen, {name, text: () => Promise<string>}.
    this.source = null;
    const useFile = (picked) => picked && this.choose(`the file ${picked.name} (${plural(picked.size, "byte")})`, () => picked.text());
    file.addEventListener("change", () => useFile(file.files[0]));
    pasted.addEventListener("input", () => pasted.value.trim() && this.choose("the pasted puzzles", async () => pasted.value));
    sample.addEventListener("change", () => {
      const entry = SAMPLES.find((s) => s.file === sample.value);
      if (!entry) return;
      this.choose(`the sample “${entry.name}”`, async () => {
        const response = await fetch(new URL(`../../data/${entry.file}`, import.meta.url));
        if (!response.ok) throw new Error(`the sample ${entry.file} did not load (HTTP ${response.status})`);
        return response.text();
      });
    });
    for (const type of ["dragenter", "dragover"]) {
      input.addEventListener(type, (event) => {
        event.preventDefault();
        input.classList.add("dragging");
      });
    }
    input.addEventListener("dragleave", () => input.classList.remove("dragging"));
    input.addEventListener("drop", (event) => {
      event.preventDefault();
      input.classList.remove("dragging");
      useFile(event.dataTransfer.files[0]);
    });
    this.workers.addEventListener("change", () => {
      if (!this.active) this.newPool();
    });
    this.run.addEventListener("click", () => this.start());
    this.stopButton.addEventListener("click", () => {
      if (this.active) this.finish("stopped");
    });
    this.csvButton.addEventListener("click", () => download("sudoku-batch.csv", this.results.csv(), "text/csv"));
    this.jsonButton.addEventListener("click", () => download("sudoku-batch.json", [this.results.json(this.summary)], "application/json"));
  }

  // The workers: booted after the page's own Python, kept between runs, ended by Stop.
  show() {
    this.pool = null;
    this.active = null; // the run going on: {results, next, started, ...}
    this.newPool();
    return {};
  }

  stop() {
    this.pool?.close();
  }

  // The four plots of the results; a puzzle picked on a scatter plot opens in the grid.
  makePlots() {
    const results = () => this.results;
    const data = (x, y) => ({
      get series() {
        return results()?.solvers ?? [];
      },
      has: (name, i) => results().status[name][i] > 0 && results().status[name][i] !== INVALID,
      x, y,
      value: y,
    });
    const describe = (found) => {
      const i = found.index;
      const name = found.name;
      const done = results();
      return [
        h("strong", {}, `${SOLVERS[name]}, line ${count(i + 1)}`),
        h("div", {}, `${plural(done.nodes[name][i], "try", "tries")}, ${duration(done.ms[name][i])}, ` +
          `${plural(done.guesses[name][i], "guess", "guesses")}, ${STATUSES[done.status[name][i]]}`),
        h("code", {}, done.puzzles[i]),
        found.count > 1 ? h("div", {}, `(and ${plural(found.count - 1, "more puzzle")} on this spot)`) : null,
        h("div", {}, "Click to open it in the grid."),
      ];
    };
    const nodes = new Scatter({
      caption: "Nodes per puzzle (log scale)",
      description: "Scatter plot: tries of each puzzle, by its line in the input, one colour per solver",
      x: { title: "puzzle (line)", log: false }, y: { title: "tries", log: true },
      data: data((name, i) => i + 1, (name, i) => results().nodes[name][i]), describe,
    });
    const histogram = new Histogram({
      caption: "How many puzzles need how many tries",
      description: "Histogram: puzzles per range of tries (log scale, five ranges a decade), one outline per solver",
      x: { title: "tries" }, y: { title: "puzzles" },
      data: data(null, (name, i) => results().nodes[name][i]),
    });
    const time = new Scatter({
      caption: "Time against tries (log–log)",
      description: "Scatter plot: milliseconds against tries for each puzzle, one colour per solver",
      x: { title: "tries", log: true }, y: { title: "ms", log: true },
      data: data((name, i) => results().nodes[name][i], (name, i) => results().ms[name][i]), describe,
    });
    const pick = ({ name, index }) => {
      const done = results();
      const puzzle = done.puzzles[index];
      this.picked.replaceChildren(`Line ${count(index + 1)} (${SOLVERS[name]}: ${plural(done.nodes[name][index], "try", "tries")}): `,
        h("code", {}, puzzle), " ",
        h("a", { href: playLink(puzzle), target: "_blank", rel: "noopener" }, "Open in the grid"),
        h("a", { href: raceLink(puzzle), target: "_blank", rel: "noopener" }, "Race it"));
      this.picked.querySelector("a").click();
    };
    nodes.onPick = pick;
    time.onPick = pick;
    const success = new SuccessByClues({
      caption: "Puzzles solved by clue count",
      description: "Bar chart: the share of the puzzles of each clue count (or range of counts) that each solver " +
        "solved, a bar per solver; the table under it has the numbers",
      x: { title: "clues (n: puzzles)" }, y: { title: "% solved" },
      data: Object.assign(data(), { clues: (i) => results().clues[i],
        succeeded: (name, i) => SUCCESSES.includes(results().status[name][i]) }),
    });
    this.plots = [nodes, histogram, time, success];
  }

  choose(name, text) {
    this.source = { name, text };
    this.chosen.textContent = `Chosen: ${name}.`;
  }

  wanted() {
    return Math.min(MAX_WORKERS, Math.max(1, Math.round(Number(this.workers.value)) || 1));
  }

  newPool() {
    this.pool?.close();
    this.pool = new Pool(this.wanted(), () => this.poolChanged(), whenReady(this.python));
  }

  poolChanged() {
    const { pool } = this;
    this.workerLine.textContent = pool.error
      ? `A worker failed to load: ${pool.error}`
      : `Python workers ready: ${pool.ready.length} of ${pool.size}.`;
    if (this.active) for (const client of pool.ready) this.dispatch(client);
  }

  selectedSolvers() {
    return this.solverBoxes.map((label) => label.querySelector("input")).filter((box) => box.checked).map((box) => box.value);
  }

  // Run: reads the source and shares its lines among the workers.
  async start() {
    if (this.active || this.finishing) return;
    const { message } = this;
    const solvers = this.selectedSolvers();
    if (!this.source) {
      message.textContent = "Choose a file, paste puzzles or pick a sample first.";
      return;
    }
    if (!solvers.length) {
      message.textContent = "Choose at least one solver.";
      return;
    }
    const maxNodes = Math.max(1, Math.round(Number(this.cap.value)) || 1);
    const maxSeconds = Math.max(0.1, Number(this.seconds.value) || 10);
    let text;
    try {
      text = await this.source.text();
    } catch (error) {
      message.textContent = `Could not read ${this.source.name}: ${error.message}.`;
      return;
    }
    const lines = text.split(/\r\n|\n|\r/);
    if (lines.at(-1) === "") lines.pop();
    if (!lines.length) {
      message.textContent = `${this.source.name} is empty.`;
      return;
    }
    if (this.pool.closed || this.pool.size !== this.wanted()) this.newPool();
    this.results = new Results(lines, solvers);
    this.summary = null;
    // answers: how many shares of lines came back, the first at firstAt; paceMs and
    // paceLines: the time the workers took for their shares and the lines in them, but
    // for each worker's first share (which may wait for its Python to warm up);
    // summary: the periodic summary on its way (a promise), nextSummary: when the next
    // may start, summaryMs: how long the last took, covered: how many results the table shows.
    this.active = this.shown = { results: this.results, next: 0, maxNodes, maxSeconds, started: performance.now(), busy: new Set(),
      sizes: new Map(), workers: new Set(), answers: 0, firstAt: 0, paceMs: 0, paceLines: 0, summary: null, nextSummary: 0,
      summaryMs: 0, covered: 0 };
    for (const plot of this.plots) plot.clear(lines.length);
    this.resultsBox.hidden = false;
    this.legend.replaceChildren(...solvers.map((name) => h("li", { class: `s-${name}` }, SOLVERS[name])));
    this.errorList.replaceChildren();
    this.picked.replaceChildren();
    this.hardest.replaceChildren();
    this.fillTable(solvers, null);
    this.cover.textContent = "";
    this.progress.max = lines.length;
    this.progress.value = 0;
    this.rate.textContent = this.pool.ready.length ? "" : "Waiting for the Python workers to start…";
    this.run.disabled = true;
    this.stopButton.disabled = false;
    this.csvButton.disabled = this.jsonButton.disabled = true;
    message.textContent = `Running ${plural(lines.length, "line")} of ${this.source.name} through ${solvers.join(", ")}…`;
    for (const client of this.pool.ready) this.dispatch(client);
  }

  // Gives `client` the next lines, sized to take about TARGET_MS at its last speed.
  dispatch(client) {
    const job = this.active;
    if (!job || job.busy.has(client) || job.next >= job.results.lines.length) return;
    const size = job.sizes.get(client) ?? 4;
    const first = job.next;
    const lines = job.results.lines.slice(first, first + size);
    job.next += lines.length;
    job.busy.add(client);
    job.workers.add(client);
    const began = performance.now();
    client.request("batch", { lines, first: first + 1, solvers: job.results.solvers, max_nodes: job.maxNodes,
      seed: SEED, max_seconds: job.maxSeconds })
      .then((answer) => {
        if (job !== this.active) return;
        if (answer.status !== "measured") {
          this.finish("failed", `Python refused lines ${first + 1}–${first + lines.length}: ${answer.error}`);
          return;
        }
        const took = performance.now() - began;
        const later = job.sizes.has(client); // not this worker's first share
        job.sizes.set(client, Math.max(1, Math.min(2000, Math.round(size * Math.min(2, TARGET_MS / Math.max(took, 1))))));
        job.busy.delete(client);
        if (!job.answers++) job.firstAt = performance.now();
        if (later) {
          job.paceMs += took;
          job.paceLines += lines.length;
        }
        const stored = job.results.store(answer);
        job.results.linesDone += lines.length;
        for (const plot of this.plots) plot.add(stored);
        this.showErrors();
        this.showProgress(job);
        if (job.results.linesDone >= job.results.lines.length) {
          this.finish("done");
        } else {
          this.dispatch(client);
          this.summarizeNow(job);
        }
      }, (error) => {
        if (job !== this.active || error instanceof Cancelled) return;
        this.finish("failed", `a Python worker failed on lines ${first + 1}–${first + lines.length}: ${error.message}`);
      });
  }

  showProgress(job) {
    const { results: done, started } = job;
    this.progress.value = done.linesDone;
    const seconds = (performance.now() - started) / 1000;
    const puzzles = done.counted - done.invalid;
    const perSecond = puzzles / Math.max(seconds, 1e-3);
    const left = this.timeLeft(job);
    this.rate.textContent = `${plural(puzzles, "puzzle")} from ${plural(done.linesDone, "line")} in ` +
      `${duration(seconds * 1000)}: ${perSecond >= 10 || !perSecond ? count(perSecond) : perSecond.toFixed(1)} puzzles a second` +
      (left === null ? "" : `, about ${duration(left)} left`) +
      ` with ${plural(job.workers.size, "worker")}`;
  }

  // The milliseconds the run has left: the lines not done at the workers' own pace (the
  // time they took per line, a worker's first share left out), shared among the workers
  // that are up; null until a worker's second share has come back and PACE_AFTER_MS
  // have passed since the first answer, and once the run is over. Neither the time the
  // workers took to boot nor the wait for the first answer counts.
  timeLeft(job) {
    const done = job.results;
    if (job !== this.active || !job.paceLines || performance.now() - job.firstAt < PACE_AFTER_MS) return null;
    const workers = Math.max(1, this.pool.ready.length);
    return ((done.lines.length - done.linesDone) * job.paceMs) / job.paceLines / workers;
  }

  showErrors() {
    const { errorList, results } = this;
    const shown = errorList.children.length;
    for (const [line, error] of results.errors.slice(shown, ERRORS_SHOWN)) {
      errorList.append(h("li", { value: line }, `Line ${count(line)}: ${error}`));
    }
    if (results.errors.length > ERRORS_SHOWN) {
      errorList.setAttribute("aria-label", `Lines that are not puzzles: ${count(results.errors.length)}, the first ${ERRORS_SHOWN} shown`);
    }
  }

  // A summary for the table during the run, unless one is on its way, it is too soon, or
  // the run should end before it would (the final one would wait for it).
  summarizeNow(job) {
    if (job.summary || performance.now() < job.nextSummary) return;
    const left = this.timeLeft(job);
    if (left !== null && left < 1.5 * job.summaryMs) return;
    job.summary = this.summarize(job).catch(() => {}).finally(() => {
      job.summary = null;
    });
  }

  // The table from Python's summary of every result of `job` so far; resolves to its
  // records. The page's own worker makes it, so it works after Stop has ended the batch
  // workers. A summary is shown only while its run is the one shown and if it covers
  // at least as many results as the table does, so an older one never replaces a newer.
  async summarize(job) {
    const columns = job.results.columns();
    const covered = columns.runs[job.results.solvers[0]].status.length;
    const began = performance.now();
    const records = await this.client.request("batch_summary", columns);
    if (!Array.isArray(records)) throw new Error(records.error); // an invalid record
    const took = performance.now() - began;
    job.summaryMs = took;
    job.nextSummary = performance.now() + Math.max(SUMMARY_EVERY_MS, 3 * took);
    if (job === this.shown && covered >= job.covered) {
      job.covered = covered;
      this.summary = records;
      this.fillTable(job.results.solvers, records);
      this.cover.textContent = this.active === job
        ? `The table so far: ${count(covered)} of the lines counted, brought up to date as the run goes.` : "";
    }
    return records;
  }

  // The table of bench --json's `records` (one per solver; null: empty cells), its
  // columns headed by bench's names of the solvers (the legend has them in full). A cell
  // names its solver and field (data-solver, data-stat) and holds the field's value as
  // bench --json gives it in data-value; "–" where nothing was searched.
  fillTable(solvers, records) {
    const show = (value) => (value === null ? "–" : Number.isInteger(value) ? count(value) : DECIMALS.format(value));
    // Each table scrolls in its box where it is wider than the screen: the box takes the focus.
    this.tables.replaceChildren(...GROUPS.map(([caption, stats]) => h("div",
      { class: "batch-table-wrap", tabindex: 0, role: "group", "aria-label": `${caption} table` },
      h("table", { class: "batch-table" }, h("caption", {}, caption),
        h("thead", {}, h("tr", {}, h("td", {}), solvers.map((name) => h("th", { scope: "col", "data-solver": name,
          title: SOLVERS[name] }, h("span", { class: `dot s-${name}`, "aria-hidden": "true" }, "●"), name)))),
        h("tbody", {}, stats.map(([key, label]) => h("tr", { "data-stat": key }, h("th", { scope: "row", title: key }, label),
          solvers.map((name, k) => {
            const value = records?.[k]?.[key];
            return h("td", { "data-solver": name, "data-stat": key, "data-value": value === undefined ? null : String(value) },
              value === undefined ? "" : show(value));
          }))))))));
  }

  // The run is over: `how` is done, stopped or failed (`why`). Stop and failure end
  // every batch worker at once, whatever it was doing; Run starts new ones. The message
  // says Done (or Stopped) only once the table covers every result, with its counts;
  // Run waits for it too, so no run's table lands in the next run's.
  async finish(how, why = "") {
    const job = this.active;
    this.active = null;
    this.finishing = true;
    if (how !== "done") {
      this.pool.close();
      this.workerLine.textContent = "Python workers ended; Run starts new ones.";
    }
    this.stopButton.disabled = true;
    this.showProgress(job);
    const done = job.results;
    this.message.textContent = `${how === "done" ? "Every line is done" : "Stopped"}; making the table of ` +
      `${plural(done.counted, "line")}…`;
    await job.summary; // a summary on its way first (the worker answers in order)
    let records = null;
    let failure = "";
    try {
      records = await this.summarize(job);
    } catch (error) {
      failure = error.message;
    }
    // The table's counts (the page's own if it could not be made, which are the same).
    const counted = records ? records[0].puzzles : done.counted;
    const invalid = records ? records[0].invalid : done.invalid;
    const puzzles = counted - invalid;
    this.message.textContent = {
      done: `Done: ${plural(puzzles, "puzzle")} from ${plural(done.lines.length, "line")}`,
      stopped: `Stopped after ${plural(puzzles, "puzzle")} (${count(done.linesDone)} of ` +
        `${plural(done.lines.length, "line")}); the table shows those`,
      failed: `Stopped: ${why}; the table shows the ${plural(puzzles, "puzzle")} done`,
    }[how] + (invalid ? `; ${plural(invalid, "line is not a valid puzzle", "lines are not valid puzzles")} ` +
      "(listed below)." : ".") +
      (failure ? ` The table could not be made (${failure})` +
        (job.covered ? `; it covers only ${count(job.covered)} of the ${plural(counted, "line")} counted.` : ".") : "");
    this.cover.textContent = failure && job.covered
      ? `The table covers only ${count(job.covered)} of the ${plural(counted, "line")} counted.` : "";
    this.finishing = false;
    this.run.disabled = false;
    this.csvButton.disabled = this.jsonButton.disabled = done.counted === 0;
    this.showHardest(done);
  }

  showHardest(done) {
    this.hardest.replaceChildren(h("h3", {}, "Most tries"), ...done.solvers.map((name) => h("section", {},
      h("h4", {}, SOLVERS[name]),
      h("ol", {}, done.hardest(name, 5).map((i) => h("li", {}, `${plural(done.nodes[name][i], "try", "tries")}, line ${count(i + 1)}: `,
        h("code", {}, done.puzzles[i]), " ",
        h("a", { href: playLink(done.puzzles[i]), target: "_blank", rel: "noopener" }, "grid"),
        // The race takes no variant link (its backtracking knows no rules).
        ...(isVariantLink(done.puzzles[i]) ? [] : [" ", h("a", { href: raceLink(done.puzzles[i]), target: "_blank", rel: "noopener" }, "race")])))))));
  }
}
