// The page: wires the grid, the toolbar, links and storage to the Python worker.
// Python never runs here; every engine call goes through PythonClient.
import { Board } from "./board.js";
import { Cancelled, PythonClient } from "./client.js";
import { Game } from "./game.js";
import { BLANK, cellName, parseOneLine, shapeFor } from "./grid.js";
import { embedSnippet, readOptions, readPuzzle, shareLink, withoutPuzzle } from "./link.js";
import { StepView } from "./steps.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const options = readOptions(new URL(location.href));
const storageKey = options.embed
  ? `sudoku-dlx:embed:${readPuzzle(new URL(location.href)).puzzle ?? ""}`
  : "sudoku-dlx:page";
// From this size on, Generate gets a shorter time budget (seconds): the full
// default one (10 s) would keep the player waiting, and such a puzzle is rarely minimal anyway.
const LARGE = 25;
const LARGE_BUDGET = 5;
// Said when the player's entries complete the grid without a clash.
const SOLVED = "Solved! Every row, column and box holds each symbol once.";
const buttons = Object.fromEntries([...document.querySelectorAll("[data-action]")].map((b) => [b.dataset.action, b]));

// Storage may be missing or refuse (private mode, sandbox, quota): the page then
// simply forgets on reload. It keeps the game, and the import box's text as typed.
const draftKey = `${storageKey}:import`;
const storage = {
  read(key, otherwise) {
    try {
      return JSON.parse(localStorage.getItem(key)) ?? otherwise;
    } catch {
      return otherwise;
    }
  },
  write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Nothing to do: the page itself is unaffected.
    }
  },
};

let python = "loading";
let loadingSince = 0;
// The hint Apply would apply (forgotten with its message, or when the game changes),
// and the givens the rating panel and the step view are about.
let hinted = null;
let rated = null;
let stepped = null;
let stepsPending = options.steps;
const game = new Game(storage.read(storageKey, {}));
const board = new Board($("grid"), $("keypad"), enter);
const client = new PythonClient(pythonStatus);
const stepView = new StepView(Object.fromEntries(
  ["panel", "summary", "grid", "text", "range", "count", "first", "back", "next", "last", "play"].map((name) => [name, $(`steps-${name}`)]),
));

// Shows a message; a hint in it (a record of web.hint) is what Apply applies.
function say(text, hint = null) {
  $("message").textContent = text;
  hinted = hint;
  updateButtons();
}

function pythonStatus({ state, text }) {
  python = state;
  root.dataset.python = state;
  if (state === "loading") loadingSince ??= performance.now();
  const took = state === "ready" ? ` (${((performance.now() - loadingSince) / 1000).toFixed(1)} s)` : "";
  if (state !== "loading") loadingSince = null;
  $("python-status").textContent = text + took;
  updateButtons();
  // steps=1: the step view opens on the link's puzzle as soon as Python can search it
  // (once: not again when Python comes back after a Stop).
  if (state === "ready" && stepsPending) {
    stepsPending = false;
    steps();
  }
}

function updateButtons() {
  for (const button of document.querySelectorAll("[data-needs-python]")) {
    button.disabled = python !== "ready" || client.busy;
  }
  buttons.stop.disabled = !client.busy;
  // Apply goes with Hint: only after a hint, and only where Hint is shown.
  buttons.apply.hidden = !hinted || buttons.hint.hidden;
  buttons.undo.disabled = !game.past.length;
  buttons.redo.disabled = !game.future.length;
}

// Redraws and remembers the game after any change.
function update() {
  board.draw(game);
  $("size").value = game.n;
  $("rating").hidden = game.givens !== rated;
  $("steps-panel").hidden = game.givens !== stepped;
  if ($("steps-panel").hidden) stepView.pause();
  storage.write(storageKey, game);
  const hasGivens = game.givens.replaceAll(BLANK, "") !== "";
  history.replaceState(null, "", hasGivens ? shareLink(location.href, game.givens) : withoutPuzzle(location.href).href);
  updateButtons();
}

// Runs a Game method that may change the game; a change clears the marks.
function change(method, ...args) {
  const changed = game[method](...args);
  if (changed) {
    board.unmark();
    hinted = null;
    update();
  }
  return changed;
}

function notesOn() {
  return buttons.notes.getAttribute("aria-pressed") === "true";
}

function toggleNotes() {
  buttons.notes.setAttribute("aria-pressed", String(!notesOn()));
  say(notesOn() ? "Notes on: typing a symbol notes it in an empty cell, or takes it out." : "Notes off.");
}

// In notes mode a symbol toggles a note; erasing always erases the entry and the notes.
function enter(cell, symbol) {
  const name = cellName(cell, game.n);
  if (game.isGiven(cell)) say(`${name} is a given.`);
  else if (!notesOn() || symbol === BLANK) {
    if (change("enter", cell, symbol) && game.solved) say(SOLVED);
  } else if (!change("toggleNote", cell, symbol)) say(`${name} has an entry; erase it to take notes there.`);
}

// Sends one request to Python; returns {result, trip} or null (message shown).
// After a second the message counts the seconds.
async function run(type, args, busyText) {
  say(busyText);
  const started = performance.now();
  const clock = setInterval(() => say(`${busyText} ${Math.round((performance.now() - started) / 1000)} s`), 1000);
  const reply = client.request(type, args);
  updateButtons();
  try {
    return { result: await reply, trip: performance.now() - started };
  } catch (error) {
    say(error instanceof Cancelled ? "Stopped." : `Python error: ${error.message}`);
    return null;
  } finally {
    clearInterval(clock);
    updateButtons();
  }
}

function showStats(result, trip) {
  const values = {
    status: result.status,
    solutions: result.solutions?.length ?? "–",
    nodes: result.nodes?.toLocaleString("en") ?? "–",
    guesses: result.guesses?.toLocaleString("en") ?? "–",
    ms: result.ms === undefined ? "–" : `${result.ms} ms`,
    trip: `${Math.round(trip)} ms`,
  };
  for (const [name, value] of Object.entries(values)) {
    document.querySelector(`[data-stat="${name}"]`).textContent = value;
  }
}

function changedMeanwhile() {
  say("The grid changed meanwhile; press the button again.");
}

async function solve() {
  const puzzle = game.puzzle;
  const reply = await run("solve", { text: puzzle, size: game.n }, "Solving…");
  if (!reply) return;
  const { result, trip } = reply;
  showStats(result, trip);
  if (game.puzzle !== puzzle) return changedMeanwhile();
  if (result.status === "invalid") {
    board.flag(result.cells, game);
    say(`Cannot solve: ${result.error}.`);
  } else if (result.status === "none") {
    board.flag(result.cells, game);
    say(`No solution: ${result.error}.`);
  } else {
    change("fill", result.solutions[0]);
    say(result.status === "unique"
      ? "Solved: the solution is unique."
      : `More than one solution (found ${result.solutions.length}, then stopped looking); showing one.`);
  }
}

async function check() {
  const { givens, entries } = game;
  const reply = await run("solve", { text: givens, size: game.n }, "Checking…");
  if (!reply) return;
  const { result } = reply;
  if (game.givens !== givens || game.entries !== entries) return changedMeanwhile();
  if (result.status === "invalid" || result.status === "none") {
    board.flag(result.cells, game);
    say(`The puzzle has no solution: ${result.error}.`);
  } else if (result.status === "unique") {
    const solution = result.solutions[0];
    const mistakes = [...entries].flatMap((s, cell) => (s !== BLANK && s !== solution[cell] ? [cell] : []));
    const left = [...game.line].filter((s) => s === BLANK).length;
    board.flag(mistakes, game);
    say(mistakes.length ? `${mistakes.length} mistake${mistakes.length > 1 ? "s" : ""} marked.`
      : left ? `No mistakes so far; ${left} cells to go.` : "Solved: every cell is right.");
  } else {
    // Several solutions: the entries are fine while at least one solution agrees with them all.
    const again = await run("solve", { text: game.puzzle, size: game.n, limit: 1 }, "Checking…");
    if (!again) return;
    if (game.givens !== givens || game.entries !== entries) return changedMeanwhile();
    if (again.result.status === "none") {
      board.flag(again.result.cells, game);
      say(`Your entries leave no solution: ${again.result.error}.`);
    } else {
      say("No mistakes: this puzzle has more than one solution, and one agrees with all your entries.");
    }
  }
}

// The next step for the player, or their mistakes first: said, and marked in the grid
// (its cells, and its units more faintly); Apply then applies it.
async function hint() {
  const { state } = game;
  const args = { text: game.givens, entries: game.entries, notes: game.notes, size: game.n };
  const reply = await run("hint", args, "Looking for a hint…");
  if (!reply) return;
  const { result } = reply;
  if (game.state !== state) return changedMeanwhile();
  if (result.error) {
    board.flag(result.cells, game);
    return say(`No hint: ${result.error}`);
  }
  board.hint(result.cells, result.units ?? [], game);
  if (result.kind === "step") say(`Hint: ${result.text}`, result);
  else say(result.text, result.kind === "wrong" ? result : null);
}

function applyHint() {
  if (change("applyHint", hinted)) say(game.solved ? SOLVED : "Hint applied; Undo takes it back.");
}

// Asks Python about the givens; returns the result, or null when there is none to show
// (stopped, the givens changed meanwhile, or an error: said, and its cells marked).
async function askAboutGivens(type, busyText, refusal) {
  const givens = game.givens;
  const reply = await run(type, { text: givens, size: game.n }, busyText);
  if (!reply) return null;
  const { result } = reply;
  if (game.givens !== givens) {
    changedMeanwhile();
    return null;
  }
  if (result.error) {
    board.flag(result.cells, game);
    say(`${refusal}: ${result.error}`);
    return null;
  }
  return result;
}

// Rates the givens: grade, score, the engine's figures and every step of the solve path.
async function rate() {
  const result = await askAboutGivens("rate", "Rating…", "Cannot rate");
  if (!result) return;
  const values = {
    ...result,
    score: result.score.toFixed(1),
    hardest: result.hardest || "none (no blank cells)",
    nodes: result.nodes.toLocaleString("en"),
    guesses: result.guesses.toLocaleString("en"),
  };
  for (const element of document.querySelectorAll("[data-rating]")) element.textContent = values[element.dataset.rating];
  $("path").replaceChildren(...result.path.map(pathStep));
  rated = game.givens;  // unchanged meanwhile: askAboutGivens checked
  update();
  say(`Rated ${result.grade}: score ${values.score}, hardest technique ${values.hardest}, ${result.steps} steps.`);
}

// The dancing links search of the givens, step by step, in its own panel and grid.
async function steps() {
  const result = await askAboutGivens("dlx_steps", "Searching step by step…", "Cannot search");
  if (!result) return;
  stepView.show(result, game.givens, game.shape);
  stepped = game.givens;
  update();
  say(`The search took ${result.steps.length.toLocaleString("en")} steps${result.complete ? "" : " (the first ones shown)"}; ` +
    "step through them under “Dancing links, step by step”.");
}

// One step of the solve path: its sentence and score; a click marks its cells and units.
function pathStep(step, index) {
  const button = document.createElement("button");
  button.type = "button";
  const score = document.createElement("span");
  score.className = "score";
  score.textContent = step.score.toFixed(1);
  button.append(step.text, " ", score);
  button.addEventListener("click", () => {
    board.hint(step.cells, step.units, game);
    say(`Step ${index + 1}: ${step.text}`);
  });
  const item = document.createElement("li");
  item.append(button);
  return item;
}

// A new puzzle of the chosen size, symmetry and difficulty (a grade, or any), made by
// Python from a seed made here. It replaces the grid like a load (Undo brings the old one back).
async function generate() {
  const n = Number($("size").value);
  const difficulty = $("difficulty").value;
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  const large = n >= LARGE;
  const args = {
    size: n, symmetry: $("symmetry").value, seed, ...(difficulty && { difficulty }), ...(large && { time_budget: LARGE_BUDGET }),
  };
  const note = large ? ` (up to ${LARGE_BUDGET} s: large puzzles are unique but may not be minimal)` : "";
  const reply = await run("generate", args, `Generating a ${n}×${n}${difficulty && ` ${difficulty}`} puzzle${note}…`);
  if (!reply) return;
  const { result } = reply;
  if (result.error) return say(`Cannot generate: ${result.error}`);
  change("load", shapeFor(result.size), result.puzzle);
  const symmetry = result.symmetry === "none" ? "no" : result.symmetry;
  const grade = result.grade ? `, ${result.grade} (score ${result.score.toFixed(1)})` : "";
  const made = `New ${n}×${n} puzzle: ${result.clues} givens, ${symmetry} symmetry${grade}`;
  // With a difficulty, Python returns the nearest grade it made when the time ran out,
  // or no grade when the time ran out while rating the first puzzle.
  const missed = !difficulty || result.grade === difficulty ? ""
    : result.grade ? ` No ${difficulty} puzzle came up within the time budget (${result.puzzles} made); this is the nearest grade.`
    : " The time budget ran out before it could be rated: its grade is unknown.";
  say((result.minimal
    ? `${made}, minimal (seed ${result.seed}).`
    : `${made} (seed ${result.seed}). The time budget ran out: it is unique but not minimal.`) + missed);
}

// Reads pasted or imported text as a new puzzle; a bad text leaves the grid as it was.
async function importText(text) {
  if (options.readonly) return say("This puzzle is read-only.");
  if (!text.trim()) return say("Nothing to import: the text is empty.");
  // Before Python is ready the one-line form is read here; anything else waits for Python.
  let parsed = python === "ready" ? null : parseOneLine(text);
  if (parsed?.puzzle) {
    parsed.shape = shapeFor(parsed.size);
  } else {
    const waiting = python === "ready" ? "Reading the puzzle…" : "Reading the puzzle once Python is ready…";
    const reply = await run("parse_puzzle", { text }, waiting);
    if (!reply) return;
    parsed = reply.result;
    parsed.shape = { n: parsed.size, boxRows: parsed.box_rows, boxCols: parsed.box_cols };
  }
  if (parsed.error) return say(`Not a puzzle: ${parsed.error}`);
  change("load", parsed.shape, parsed.puzzle);
  const clues = parsed.puzzle.replaceAll(BLANK, "").length;
  say(`Loaded a ${parsed.size}×${parsed.size} puzzle with ${clues} givens.`);
}

// Opens the puzzle a link carries; a malformed link opens an empty grid and says why.
function openLink(url) {
  const link = readPuzzle(url);
  if (link.puzzle) {
    const differs = link.puzzle !== game.givens || (link.entries && link.entries !== game.entries);
    if (differs) change("load", shapeFor(link.size), link.puzzle, link.entries);
  } else if (link.error) {
    change("load", shapeFor(9));
  }
  if (link.error) say(link.error);
}

function showShare() {
  const entries = $("share-entries").checked ? game.entries : "";
  $("share-link").value = shareLink(location.href, game.givens, entries);
  $("share-panel").hidden = false;
}

async function share() {
  showShare();
  try {
    await navigator.clipboard.writeText($("share-link").value);
    say("Link copied to the clipboard.");
  } catch {
    $("share-link").select();
    say("Copy the link shown under “Link to this puzzle”.");
  }
}

function showEmbed() {
  $("embed-snippet").value = embedSnippet(location.href, game.givens, {
    readonly: $("embed-readonly").checked,
    stats: $("embed-stats").checked,
    steps: $("embed-steps").checked,
    buttons: $("embed-buttons").checked,
  });
  $("embed-panel").hidden = false;
  say("The embed snippet is shown under “Paste this into a web page”.");
}

const actions = {
  solve,
  check,
  hint,
  apply: applyHint,
  rate,
  steps,
  generate,
  notes: toggleNotes,
  "fill-notes": () => change("fillNotes") && say("Noted every candidate in every empty cell; Undo takes them back."),
  clear: () => change("clear") && say("Cleared your entries and notes."),
  undo: () => change("undo"),
  redo: () => change("redo"),
  stop: () => client.cancel(),
  share,
  embed: showEmbed,
};

function isTextField(target) {
  return target instanceof Element && Boolean(target.closest("input, textarea, select"));
}

function setUp() {
  root.classList.toggle("embed", options.embed);
  root.classList.toggle("readonly", options.readonly);
  $("stats").hidden = !options.stats;
  if (options.buttons) {
    for (const [name, button] of Object.entries(buttons)) button.hidden = !options.buttons.has(name);
    $("toolbar").hidden = options.buttons.size === 0;
  }
  for (const [name, button] of Object.entries(buttons)) button.addEventListener("click", () => actions[name]());
  $("size").addEventListener("change", () => {
    const n = Number($("size").value);
    if (change("load", shapeFor(n))) say(`A new empty ${n}×${n} grid.`);
  });
  const draft = storage.read(draftKey, "");
  if (typeof draft === "string") $("import-text").value = draft;
  $("import-text").addEventListener("input", () => storage.write(draftKey, $("import-text").value));
  $("import").addEventListener("submit", (event) => {
    event.preventDefault();
    importText($("import-text").value);
  });
  $("share-entries").addEventListener("change", showShare);
  for (const id of ["embed-readonly", "embed-stats", "embed-steps", "embed-buttons"]) $(id).addEventListener("change", showEmbed);
  document.addEventListener("paste", (event) => {
    if (isTextField(event.target)) return;
    event.preventDefault();
    importText(event.clipboardData.getData("text"));
  });
  document.addEventListener("keydown", (event) => {
    if (isTextField(event.target)) return;
    // Typing after pressing a button still goes to the selected cell (arrows the step view took excepted).
    if (!$("grid").contains(event.target) && !event.defaultPrevented) board.keydown(event);
    // N switches notes, unless the grid took it as a symbol (25x25) or the button is hidden.
    const plain = !(event.ctrlKey || event.metaKey || event.altKey);
    if (plain && !event.defaultPrevented && event.key.toLowerCase() === "n" && buttons.notes.checkVisibility()) {
      toggleNotes();
      event.preventDefault();
    }
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) change("undo");
    else if (key === "y" || (key === "z" && event.shiftKey)) change("redo");
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", () => openLink(new URL(location.href)));
  openLink(new URL(location.href));
  update();
}

setUp();
