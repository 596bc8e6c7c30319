// The batch view (?view=batch): a puzzle set (a file picked or dropped, a pasted list,
// or a bundled sample) through one or more solvers in several Python workers at once,
// as `python -m sudoku_dlx bench` runs it: each worker measures its share with
// sudoku_dlx.web.batch (bench.measure), and the table comes from web.batch_summary
// (bench's own summary), so the page's numbers are the command line's. Results are
// kept in typed arrays sized once per run, so memory stays flat however long it runs.
import { Cancelled } from "../client.js";
import { count, duration, h, playLink, raceLink, tellHostSize, useStyle, whenReady } from "./kit.js";
import { Histogram, Scatter } from "./plots.js";
import { Pool } from "./pool.js";

const SOLVERS = {
  dlx: "dlx (this engine)",
  textbook: "textbook DLX",
  backtrack: "backtracking",
};
// A status's code in the typed arrays; 0: the line holds no puzzle, or has not run.
const STATUSES = ["", "unique", "multiple", "none", "invalid", "unfinished"];
const INVALID = STATUSES.indexOf("invalid");
// The table's columns: bench --json's field names, with their headings.
const COLUMNS = [
  ["puzzles", "puzzles"], ["unique", "unique"], ["multiple", "multiple"], ["none", "none"],
  ["invalid", "invalid"], ["unfinished", "unfinished"], ["mean_ms", "mean ms"], ["median_ms", "median ms"],
  ["min_ms", "min ms"], ["max_ms", "max ms"], ["mean_nodes", "mean nodes"], ["median_nodes", "median nodes"],
  ["min_nodes", "min nodes"], ["max_nodes", "max nodes"], ["no_guess_pct", "no guess %"],
  ["total_s", "total s"], ["time_vs_first", "time / first"],
];
const SAMPLES = [
  { file: "royle17_sample1000.txt", name: "17-clue puzzles: 1,000 of Royle's 49,158" },
  { file: "forum_hardest_1106.txt", name: "The forum's hardest list: all 375" },
];
const TARGET_MS = 300; // a worker's share of lines is sized to take about this long
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
    this.linesDone = 0;
    this.puzzlesDone = 0;
  }

  // Stores web.batch's answer for the lines it was given; returns the indices stored.
  store(answer) {
    const stored = answer.lines.map((line) => line - 1);
    stored.forEach((i, k) => {
      this.puzzles[i] = answer.puzzles[k];
      if (answer.errors[k]) this.errors.push([i + 1, answer.errors[k]]);
      for (const name of this.solvers) {
        const runs = answer.runs[name];
        this.status[name][i] = STATUSES.indexOf(runs.status[k]);
        this.ms[name][i] = runs.ms[k];
        this.nodes[name][i] = runs.nodes[k];
        this.guesses[name][i] = runs.guesses[k];
      }
    });
    this.puzzlesDone += stored.length;
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

function download(name, parts, type) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function start(options, python) {
  await useStyle();
  tellHostSize(options);
  const view = document.getElementById("view");
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);

  // Input: a file (picked or dropped), pasted text, or a sample.
  const file = h("input", { type: "file", id: "batch-file", accept: ".txt,.tsv,.sdm,.csv,text/plain" });
  const pasted = h("textarea", { id: "batch-text", rows: 3, spellcheck: "false",
    placeholder: "one puzzle per line, . or 0 for a blank" });
  const sample = h("select", { id: "batch-sample" }, h("option", { value: "" }, "Choose a sample…"),
    SAMPLES.map((s) => h("option", { value: s.file }, s.name)));
  const chosen = h("p", { class: "batch-hint", id: "batch-source" }, "No puzzles chosen yet.");
  const input = h("div", { class: "batch-input" },
    h("label", {}, "A file, one puzzle per line (or drop it here)", file),
    h("label", {}, "Or paste puzzles", pasted),
    h("label", {}, "Or a bundled sample", sample),
    chosen);

  const solverBoxes = Object.entries(SOLVERS).map(([name, label]) =>
    h("label", { class: "solver" }, h("input", { type: "checkbox", name: "solver", value: name,
      checked: name !== "backtrack" }), label));
  const cap = h("input", { type: "number", id: "batch-cap", min: 1, step: 1000, value: 100_000 });
  const workers = h("input", { type: "number", id: "batch-workers", min: 1, max: MAX_WORKERS, value: cores });
  const optionsBox = h("fieldset", { class: "batch-options" }, h("legend", {}, "Solvers"), solverBoxes,
    h("label", {}, "Backtracking node cap", cap),
    h("label", {}, `Workers (${cores} cores)`, workers));

  const run = h("button", { type: "button", id: "batch-run" }, "Run");
  const stop = h("button", { type: "button", id: "batch-stop", disabled: true }, "Stop");
  const progress = h("progress", { max: 1, value: 0, "aria-label": "Progress" });
  const rate = h("p", { class: "batch-rate" });
  const message = h("p", { role: "status", class: "batch-message" });
  const workerLine = h("p", { class: "batch-hint batch-workers" });

  const tbody = h("tbody");
  const table = h("table", { class: "batch-table", "aria-describedby": "batch-table-note" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "solver"), COLUMNS.map(([, label]) => h("th", { scope: "col" }, label)))),
    tbody);
  const csvButton = h("button", { type: "button", disabled: true }, "Download CSV");
  const jsonButton = h("button", { type: "button", disabled: true }, "Download JSON");
  const errorList = h("ol", { class: "batch-errors", "aria-label": "Lines that are not puzzles" });
  const legend = h("ul", { class: "legend" });
  const picked = h("p", { class: "batch-picked" });
  const hardest = h("div", { class: "batch-hardest" });

  const resultsBox = h("section", { class: "batch-results", "aria-label": "Results", hidden: true });
  let results = null; // the last run's
  let summary = null; // its table: bench --json's records
  const data = (x, y) => ({
    get series() {
      return results?.solvers ?? [];
    },
    has: (name, i) => results.status[name][i] > 0 && results.status[name][i] !== INVALID,
    x, y,
    value: y,
  });
  const describe = (found) => {
    const i = found.index;
    const name = found.name;
    return [
      h("strong", {}, `${SOLVERS[name]}, line ${count(i + 1)}`),
      h("div", {}, `${count(results.nodes[name][i])} nodes, ${duration(results.ms[name][i])}, ` +
        `${count(results.guesses[name][i])} guesses, ${STATUSES[results.status[name][i]]}`),
      h("code", {}, results.puzzles[i]),
      found.count > 1 ? h("div", {}, `(and ${count(found.count - 1)} more puzzles on this spot)`) : null,
      h("div", {}, "Click to open it in the grid."),
    ];
  };
  const nodesPlot = new Scatter({
    caption: "Nodes per puzzle (log scale)",
    description: "Scatter plot: search nodes of each puzzle, by its line in the input, one colour per solver",
    x: { title: "puzzle (line)", log: false }, y: { title: "nodes", log: true },
    data: data((name, i) => i + 1, (name, i) => results.nodes[name][i]), describe,
  });
  const histogram = new Histogram({
    caption: "How many puzzles need how many nodes",
    description: "Histogram: puzzles per range of search nodes (log scale, five ranges a decade), one outline per solver",
    x: { title: "nodes" }, y: { title: "puzzles" },
    data: data(null, (name, i) => results.nodes[name][i]),
  });
  const timePlot = new Scatter({
    caption: "Time against nodes (log–log)",
    description: "Scatter plot: milliseconds against search nodes for each puzzle, one colour per solver",
    x: { title: "nodes", log: true }, y: { title: "ms", log: true },
    data: data((name, i) => results.nodes[name][i], (name, i) => results.ms[name][i]), describe,
  });
  const pick = ({ name, index }) => {
    const puzzle = results.puzzles[index];
    picked.replaceChildren(`Line ${count(index + 1)} (${SOLVERS[name]}: ${count(results.nodes[name][index])} nodes): `,
      h("code", {}, puzzle), " ",
      h("a", { href: playLink(puzzle), target: "_blank", rel: "noopener" }, "Open in the grid"),
      h("a", { href: raceLink(puzzle), target: "_blank", rel: "noopener" }, "Race it"));
    picked.querySelector("a").click();
  };
  nodesPlot.onPick = pick;
  timePlot.onPick = pick;
  resultsBox.append(
    h("p", { class: "batch-hint", id: "batch-table-note" },
      "Per solver, over the puzzles searched (invalid lines are counted, not timed); times in ms of Python in " +
      "this browser, as python -m sudoku_dlx bench --json names the columns."),
    h("div", { class: "batch-table-wrap", tabindex: 0, role: "group", "aria-label": "Results table" }, table),
    h("div", { class: "batch-downloads" }, csvButton, jsonButton),
    errorList,
    legend,
    h("div", { class: "batch-plots" }, nodesPlot.root, histogram.root, timePlot.root),
    picked, hardest);

  view.replaceChildren(h("section", { class: "batch", "aria-labelledby": "batch-title" },
    h("h2", { id: "batch-title" }, "Run a puzzle set"),
    h("p", { class: "batch-intro page-only" },
      "Solve every puzzle of a set with each solver chosen, proving each solution unique, in several Python " +
      "workers at once, and compare them: the table of python -m sudoku_dlx bench, and plots of the nodes each " +
      "puzzle needs. Nothing leaves your computer."),
    input, optionsBox,
    h("div", { class: "batch-run" }, run, stop),
    progress, rate, message, workerLine,
    resultsBox,
    h("p", { class: "python-status" }, python.state === "ready" ? "Python is ready." : "Loading Python…")));

  // The puzzles' source: the last one chosen.
  let source = null; // {name, text: () => Promise<string>}
  const choose = (name, text) => {
    source = { name, text };
    chosen.textContent = `Chosen: ${name}.`;
  };
  const useFile = (picked) => picked && choose(`the file ${picked.name} (${count(picked.size)} bytes)`, () => picked.text());
  file.addEventListener("change", () => useFile(file.files[0]));
  pasted.addEventListener("input", () => pasted.value.trim() && choose("the pasted puzzles", async () => pasted.value));
  sample.addEventListener("change", () => {
    const entry = SAMPLES.find((s) => s.file === sample.value);
    if (!entry) return;
    choose(`the sample “${entry.name}”`, async () => {
      const response = await fetch(new URL(`../data/${entry.file}`, import.meta.url));
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

  // The workers: booted after the page's own Python, kept between runs, ended by Stop.
  let pool = null;
  let active = null; // the run going on: {results, next, started, ...}
  const wanted = () => Math.min(MAX_WORKERS, Math.max(1, Math.round(Number(workers.value)) || 1));
  const newPool = () => {
    pool?.close();
    pool = new Pool(wanted(), poolChanged, whenReady(python));
  };
  function poolChanged() {
    workerLine.textContent = pool.error
      ? `A worker failed to load: ${pool.error}`
      : `Python workers ready: ${pool.ready.length} of ${pool.size}.`;
    if (active) for (const client of pool.ready) dispatch(client);
  }
  newPool();
  workers.addEventListener("change", () => {
    if (!active) newPool();
  });

  const selectedSolvers = () => solverBoxes.map((label) => label.querySelector("input")).filter((box) => box.checked)
    .map((box) => box.value);

  run.addEventListener("click", async () => {
    if (active) return;
    const solvers = selectedSolvers();
    if (!source) {
      message.textContent = "Choose a file, paste puzzles or pick a sample first.";
      return;
    }
    if (!solvers.length) {
      message.textContent = "Choose at least one solver.";
      return;
    }
    const maxNodes = Math.max(1, Math.round(Number(cap.value)) || 1);
    let text;
    try {
      text = await source.text();
    } catch (error) {
      message.textContent = `Could not read ${source.name}: ${error.message}.`;
      return;
    }
    const lines = text.split(/\r\n|\n|\r/);
    if (lines.at(-1) === "") lines.pop();
    if (!lines.length) {
      message.textContent = `${source.name} is empty.`;
      return;
    }
    if (pool.closed || pool.size !== wanted()) newPool();
    results = new Results(lines, solvers);
    summary = null;
    active = { results, next: 0, maxNodes, started: performance.now(), busy: new Set(), sizes: new Map(),
      workers: new Set(), summarizing: false, lastSummary: 0 };
    for (const plot of [nodesPlot, histogram, timePlot]) plot.clear(lines.length);
    resultsBox.hidden = false;
    legend.replaceChildren(...solvers.map((name) => h("li", { class: `s-${name}` }, SOLVERS[name])));
    errorList.replaceChildren();
    picked.replaceChildren();
    hardest.replaceChildren();
    fillTable(solvers, null);
    progress.max = lines.length;
    progress.value = 0;
    rate.textContent = pool.ready.length ? "" : "Waiting for the Python workers to start…";
    run.disabled = true;
    stop.disabled = false;
    csvButton.disabled = jsonButton.disabled = true;
    message.textContent = `Running ${count(lines.length)} lines of ${source.name} through ${solvers.join(", ")}…`;
    for (const client of pool.ready) dispatch(client);
  });

  // Gives `client` the next lines, sized to take about TARGET_MS at its last speed.
  function dispatch(client) {
    const job = active;
    if (!job || job.busy.has(client) || job.next >= job.results.lines.length) return;
    const size = job.sizes.get(client) ?? 4;
    const first = job.next;
    const lines = job.results.lines.slice(first, first + size);
    job.next += lines.length;
    job.busy.add(client);
    job.workers.add(client);
    const began = performance.now();
    client.request("batch", { lines, first: first + 1, solvers: job.results.solvers, max_nodes: job.maxNodes })
      .then((answer) => {
        if (job !== active) return;
        const took = performance.now() - began;
        job.sizes.set(client, Math.max(1, Math.min(2000, Math.round(size * Math.min(2, TARGET_MS / Math.max(took, 1))))));
        job.busy.delete(client);
        const stored = job.results.store(answer);
        job.results.linesDone += lines.length;
        for (const plot of [nodesPlot, histogram, timePlot]) plot.add(stored);
        showErrors();
        showProgress(job);
        if (job.results.linesDone >= job.results.lines.length) {
          finish("done");
        } else {
          dispatch(client);
          summarize(job, false);
        }
      }, (error) => {
        if (job !== active || error instanceof Cancelled) return;
        finish("failed", `a Python worker failed on lines ${first + 1}–${first + lines.length}: ${error.message}`);
      });
  }

  function showProgress(job) {
    const { results: done, started } = job;
    progress.value = done.linesDone;
    const seconds = (performance.now() - started) / 1000;
    const perSecond = done.puzzlesDone / Math.max(seconds, 1e-3);
    const linesPerSecond = done.linesDone / Math.max(seconds, 1e-3);
    const left = (done.lines.length - done.linesDone) / Math.max(linesPerSecond, 1e-9);
    rate.textContent = `${count(done.puzzlesDone)} puzzles in ${duration(seconds * 1000)}: ` +
      `${perSecond >= 10 ? count(perSecond) : perSecond.toFixed(1)} puzzles a second` +
      (done.linesDone < done.lines.length && job === active ? `, about ${duration(left * 1000)} left` : "") +
      ` with ${count(job.workers.size)} workers`;
  }

  function showErrors() {
    const shown = errorList.children.length;
    for (const [line, error] of results.errors.slice(shown, ERRORS_SHOWN)) {
      errorList.append(h("li", { value: line }, `Line ${count(line)}: ${error}`));
    }
    if (results.errors.length > ERRORS_SHOWN) {
      errorList.setAttribute("aria-label", `Lines that are not puzzles: ${count(results.errors.length)}, the first ${ERRORS_SHOWN} shown`);
    }
  }

  // The table from Python's summary of every result of `job` so far (`final`: the run
  // is over; otherwise at most every 2 s, one at a time). The page's own worker makes
  // it, so it works after Stop has ended the batch workers.
  async function summarize(job, final) {
    if (!final && (job.summarizing || performance.now() - job.lastSummary < 2000)) return;
    job.summarizing = true;
    job.lastSummary = performance.now();
    try {
      const records = await python.client.request("batch_summary", job.results.columns());
      if (final || active === job) {
        summary = records;
        fillTable(job.results.solvers, records);
      }
    } catch (error) {
      if (final) message.textContent += ` The table could not be made: ${error.message}.`;
    } finally {
      job.summarizing = false;
    }
  }

  function fillTable(solvers, records) {
    tbody.replaceChildren(...solvers.map((name, k) => {
      const record = records?.[k] ?? {};
      return h("tr", { "data-solver": name }, h("th", { scope: "row" }, SOLVERS[name]),
        COLUMNS.map(([key]) => h("td", { "data-stat": key }, record[key] === null || record[key] === undefined ? "" : String(record[key]))));
    }));
  }

  // The run is over: `how` is done, stopped or failed (`why`). Stop and failure end
  // every batch worker at once, whatever it was doing; Run starts new ones.
  async function finish(how, why = "") {
    const job = active;
    active = null;
    if (how !== "done") {
      pool.close();
      workerLine.textContent = "Python workers ended; Run starts new ones.";
    }
    run.disabled = false;
    stop.disabled = true;
    showProgress(job);
    const done = job.results;
    const invalid = done.errors.length;
    message.textContent = {
      done: `Done: ${count(done.puzzlesDone)} puzzles from ${count(done.lines.length)} lines`,
      stopped: `Stopped after ${count(done.puzzlesDone)} puzzles (${count(done.linesDone)} of ` +
        `${count(done.lines.length)} lines); the table shows those`,
      failed: `Stopped: ${why}; the table shows the ${count(done.puzzlesDone)} puzzles done`,
    }[how] + (invalid ? `; ${count(invalid)} ${invalid === 1 ? "line is not a valid puzzle" : "lines are not valid puzzles"} ` +
      "(listed below)." : ".");
    await summarize(job, true);
    csvButton.disabled = jsonButton.disabled = done.puzzlesDone === 0;
    showHardest(done);
  }

  function showHardest(done) {
    hardest.replaceChildren(h("h3", {}, "Most nodes"), ...done.solvers.map((name) => h("section", {},
      h("h4", {}, SOLVERS[name]),
      h("ol", {}, done.hardest(name, 5).map((i) => h("li", {}, `${count(done.nodes[name][i])} nodes, line ${count(i + 1)}: `,
        h("code", {}, done.puzzles[i]), " ",
        h("a", { href: playLink(done.puzzles[i]), target: "_blank", rel: "noopener" }, "grid"), " ",
        h("a", { href: raceLink(done.puzzles[i]), target: "_blank", rel: "noopener" }, "race")))))));
  }

  stop.addEventListener("click", () => {
    if (active) finish("stopped");
  });
  csvButton.addEventListener("click", () => download("sudoku-batch.csv", results.csv(), "text/csv"));
  jsonButton.addEventListener("click", () => download("sudoku-batch.json", [results.json(summary)], "application/json"));
}
