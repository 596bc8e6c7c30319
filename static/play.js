// The play view: the grid, keypad, toolbar and panels of index.html wired to the game
// (game.js), the board (board.js), links and storage; the questions to Python are in
// ask.js, the panels' contents in panels.js.
import * as ask from "./ask.js";
import { Board } from "./board.js";
import { Cancelled } from "./client.js";
import { Game } from "./game.js";
import { BLANK, cellName, shapeFor } from "./grid.js";
import { readPuzzle, shareLink, withoutPuzzle } from "./link.js";
import { showEmbed, showShare } from "./panels.js";
import { Store } from "./store.js";
import { TraceView } from "./trace-view.js";

const $ = (id) => document.getElementById(id);
// Said when the player's entries complete the grid without a clash.
const SOLVED = "Solved! Every row, column and box holds each symbol once.";

export function startPlay(options, python) {
  new Play(options, python).start();
}

class Play {
  constructor(options, python) {
    this.options = options;
    this.python = python;
    this.client = python.client;
    const url = new URL(location.href);
    this.store = new Store(options.embed ? `sudoku-dlx:embed:${readPuzzle(url).puzzle ?? ""}` : "sudoku-dlx:page");
    this.game = new Game(this.store.read("", {}));
    this.board = new Board($("grid"), $("keypad"), (cell, symbol) => this.enter(cell, symbol));
    this.buttons = Object.fromEntries([...document.querySelectorAll("[data-action]")].map((b) => [b.dataset.action, b]));
    this.traceView = new TraceView(Object.fromEntries(
      ["panel", "summary", "grid", "text", "range", "count", "first", "back", "next", "last", "play"].map((name) => [name, $(`steps-${name}`)]),
    ));
    // The hint Apply would apply (forgotten with its message, or when the game changes),
    // and the givens the rating panel and the step view are about.
    this.hinted = null;
    this.rated = null;
    this.stepped = null;
    // steps=1: the step view opens on the link's puzzle as soon as Python can search it
    // (once: not again when Python comes back after a Stop).
    this.stepsPending = options.steps;
  }

  // Shows a message; a hint in it (a record of web.hint) is what Apply applies.
  say(text, hint = null) {
    $("message").textContent = text;
    this.hinted = hint;
    this.updateButtons();
  }

  updateButtons() {
    const { buttons, client, game } = this;
    for (const button of document.querySelectorAll("[data-needs-python]")) {
      button.disabled = !["ready", "idle"].includes(this.python.state) || client.busy;
    }
    buttons.stop.disabled = !client.busy;
    // Apply goes with Hint: only after a hint, and only where Hint is shown.
    buttons.apply.hidden = !this.hinted || buttons.hint.hidden;
    buttons.undo.disabled = !game.past.length;
    buttons.redo.disabled = !game.future.length;
  }

  // Redraws and remembers the game after any change.
  update() {
    const { game } = this;
    this.board.draw(game);
    $("size").value = game.n;
    $("rating").hidden = game.givens !== this.rated;
    $("steps-panel").hidden = game.givens !== this.stepped;
    if ($("steps-panel").hidden) this.traceView.pause();
    this.store.write("", game);
    const hasGivens = game.givens.replaceAll(BLANK, "") !== "";
    history.replaceState(null, "", hasGivens ? shareLink(location.href, game.givens) : withoutPuzzle(location.href).href);
    this.updateButtons();
  }

  // Runs a Game method that may change the game; a change clears the marks.
  change(method, ...args) {
    const changed = this.game[method](...args);
    if (changed) {
      this.board.unmark();
      this.hinted = null;
      this.update();
    }
    return changed;
  }

  // Sends one request to Python; returns {result, trip} or null (message shown).
  // After a second the message counts the seconds.
  async run(type, args, busyText) {
    this.say(busyText);
    const started = performance.now();
    const clock = setInterval(() => this.say(`${busyText} ${Math.round((performance.now() - started) / 1000)} s`), 1000);
    const reply = this.client.request(type, args);
    this.updateButtons();
    try {
      return { result: await reply, trip: performance.now() - started };
    } catch (error) {
      this.say(error instanceof Cancelled ? "Stopped." : `Python error: ${error.message}`);
      return null;
    } finally {
      clearInterval(clock);
      this.updateButtons();
    }
  }

  notesOn() {
    return this.buttons.notes.getAttribute("aria-pressed") === "true";
  }

  toggleNotes() {
    this.buttons.notes.setAttribute("aria-pressed", String(!this.notesOn()));
    this.say(this.notesOn() ? "Notes on: typing a symbol notes it in an empty cell, or takes it out." : "Notes off.");
  }

  // In notes mode a symbol toggles a note; erasing always erases the entry and the notes.
  enter(cell, symbol) {
    const name = cellName(cell, this.game.n);
    if (this.game.isGiven(cell)) this.say(`${name} is a given.`);
    else if (!this.notesOn() || symbol === BLANK) {
      if (this.change("enter", cell, symbol) && this.game.solved) this.say(SOLVED);
    } else if (!this.change("toggleNote", cell, symbol)) this.say(`${name} has an entry; erase it to take notes there.`);
  }

  applyHint() {
    if (this.change("applyHint", this.hinted)) this.say(this.game.solved ? SOLVED : "Hint applied; Undo takes it back.");
  }

  // Opens the puzzle a link carries; a malformed link opens an empty grid and says why.
  openLink(url) {
    const link = readPuzzle(url);
    const { game } = this;
    if (link.puzzle) {
      const differs = link.puzzle !== game.givens || (link.entries && link.entries !== game.entries);
      if (differs) this.change("load", shapeFor(link.size), link.puzzle, link.entries);
    } else if (link.error) {
      this.change("load", shapeFor(9));
    }
    if (link.error) this.say(link.error);
  }

  async share() {
    showShare(this.game.givens, this.game.entries);
    try {
      await navigator.clipboard.writeText($("share-link").value);
      this.say("Link copied to the clipboard.");
    } catch {
      $("share-link").select();
      this.say("Copy the link shown under “Link to this puzzle”.");
    }
  }

  embed() {
    showEmbed(this.game.givens);
    this.say("The embed snippet is shown under “Paste this into a web page”.");
  }

  // Python's state changed: buttons follow, and steps=1 opens the step view once ready.
  pythonChanged(state) {
    this.updateButtons();
    if (state === "ready" && this.stepsPending) {
      this.stepsPending = false;
      ask.steps(this);
    }
  }

  actions() {
    return {
      solve: () => ask.solve(this),
      check: () => ask.check(this),
      hint: () => ask.hint(this),
      apply: () => this.applyHint(),
      rate: () => ask.rate(this),
      steps: () => ask.steps(this),
      generate: () => ask.generate(this, {
        size: Number($("size").value), symmetry: $("symmetry").value, difficulty: $("difficulty").value,
      }),
      notes: () => this.toggleNotes(),
      "fill-notes": () => this.change("fillNotes") && this.say("Noted every candidate in every empty cell; Undo takes them back."),
      clear: () => this.change("clear") && this.say("Cleared your entries and notes."),
      undo: () => this.change("undo"),
      redo: () => this.change("redo"),
      stop: () => this.client.cancel(),
      share: () => this.share(),
      embed: () => this.embed(),
    };
  }

  keydown(event) {
    if (isTextField(event.target)) return;
    // Typing after pressing a button still goes to the selected cell (arrows the step view took excepted).
    if (!$("grid").contains(event.target) && !event.defaultPrevented) this.board.keydown(event);
    // N switches notes, unless the grid took it as a symbol (25x25) or the button is hidden.
    const plain = !(event.ctrlKey || event.metaKey || event.altKey);
    if (plain && !event.defaultPrevented && event.key.toLowerCase() === "n" && this.buttons.notes.checkVisibility()) {
      this.toggleNotes();
      event.preventDefault();
    }
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) this.change("undo");
    else if (key === "y" || (key === "z" && event.shiftKey)) this.change("redo");
    else return;
    event.preventDefault();
  }

  start() {
    const { options, buttons } = this;
    $("stats").hidden = !options.stats;
    if (options.buttons) {
      for (const [name, button] of Object.entries(buttons)) button.hidden = !options.buttons.has(name);
      $("toolbar").hidden = options.buttons.size === 0;
    }
    const actions = this.actions();
    for (const [name, button] of Object.entries(buttons)) button.addEventListener("click", () => actions[name]());
    $("size").addEventListener("change", () => {
      const n = Number($("size").value);
      if (this.change("load", shapeFor(n))) this.say(`A new empty ${n}×${n} grid.`);
    });
    const draft = this.store.read(":import", "");
    if (typeof draft === "string") $("import-text").value = draft;
    $("import-text").addEventListener("input", () => this.store.write(":import", $("import-text").value));
    $("import").addEventListener("submit", (event) => {
      event.preventDefault();
      ask.importText(this, $("import-text").value);
    });
    $("share-entries").addEventListener("change", () => showShare(this.game.givens, this.game.entries));
    for (const id of ["embed-readonly", "embed-stats", "embed-steps", "embed-buttons"]) {
      $(id).addEventListener("change", () => this.embed());
    }
    document.addEventListener("paste", (event) => {
      if (isTextField(event.target)) return;
      event.preventDefault();
      ask.importText(this, event.clipboardData.getData("text"));
    });
    document.addEventListener("keydown", (event) => this.keydown(event));
    window.addEventListener("hashchange", () => this.openLink(new URL(location.href)));
    this.python.onChange((state) => this.pythonChanged(state));
    this.openLink(new URL(location.href));
    this.update();
  }
}

function isTextField(target) {
  return target instanceof Element && Boolean(target.closest("input, textarea, select"));
}
