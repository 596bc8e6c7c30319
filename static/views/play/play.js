// The play view: the grid, keypad, toolbar and panels of index.html wired to the game
// (game.js), the board (board.js), links and storage; the questions to Python are in
// ask.js, the panels' contents in panels.js.
import { Cancelled } from "../../client.js";
import { BLANK, cellName, gridShape, shapeFor } from "../../grid.js";
import { KIND_NAMES, KIND_SIZES, gradesOf } from "../../kinds.js";
import { $, View, h, plural } from "../../kit.js";
import { readPuzzle, shareLink, withoutPuzzle } from "../../link.js";
import { downloadScorm } from "../../scorm-package.js";
import { Store, shapes } from "../../store.js";
import { GRADES } from "../../words.js";
import * as ask from "./ask.js";
import { Board, MODES } from "./board.js";
import { sameState } from "./game.js";
import { reveal, showEmbed, showFpuzzles, showShare, showStats, showVariant } from "./panels.js";
import { excludeDifficulty, offerTechniques } from "./practise.js";
import { KEPT, SavedGames, empty } from "./saved.js";
import { clashWords } from "./reading.js";
import { TraceView } from "./trace-view.js";

// Said when the player's entries complete the grid without a clash, by kind.
const SOLVED = {
  sudoku: "Solved! Every row, column and box holds each symbol once.",
  x: "Solved! Every row, column, box and diagonal holds each symbol once.",
  windoku: "Solved! Every row, column, box and window holds each symbol once.",
  jigsaw: "Solved! Every row, column and region holds each symbol once.",
  killer: "Solved! Every row, column and box holds each symbol once, and every cage adds up.",
  futoshiki: "Solved! Every row and column holds each symbol once, and every sign holds.",
  variant: "Solved! Every row, column and region holds each symbol once, and every rule holds.",
};
// The kinds whose empty grid the Size select starts (the others need cages, regions or signs).
const EMPTY_KINDS = ["sudoku", "x", "windoku"];
// The settings of the Options panel, kept in storage: checkbox id -> on by default.
const SETTINGS = { "tidy-notes": true, "show-possible": true, "show-timer": true };
// A grid whose cells are smaller than this (px) offers Zoom in, which makes them this big
// in a frame that scrolls (the size of a fingertip).
const TAP_CELL = 36;
// The longest import box text kept through a reload (if storage has room for it): a
// file of puzzles of a few MB, with room left for the games.
const IMPORT_KEPT = 2_000_000;
// What each stored value is, for the notice when one cannot be read.
const STORED = { "": "saved game", [KEPT]: "second saved game", ":settings": "options", ":import": "import box text", ":generate": "Generate choices" };
// The Generate panel's selects kept in storage (the kind and size follow the grid in play).
const GENERATE_CHOICES = ["symmetry", "difficulty", "needs"];

export default class Play extends View {
  constructor(options, python, host) {
    super(options, python, host);
    const puzzle = readPuzzle(new URL(location.href)).puzzle ?? "";
    this.side = NaN; // the grid's side (px) fit() set last
    // An embed keeps its work per puzzle and per snippet (its id), so two embeds on one
    // course page do not share one game.
    const prefix = options.embed ? `sudoku-dlx:embed:${options.id ? `${options.id}:` : ""}${puzzle}` : "sudoku-dlx:page";
    this.store = new Store(prefix, {
      onRefused: () => this.notice("This browser does not let the page keep your work here: a reload loses it" +
        `${!options.buttons || options.buttons.has("share") ? "; keep it in a Share link" : ", so finish it here"}.`),
      onBad: (key) => this.notice(`Your ${STORED[key]} could not be read, so ${
        key === "" ? "a new grid was started" : key === KEPT ? "it is gone" : "it starts afresh"}.`),
    });
    // Another tab (or another embed of this puzzle) may play too: see saved.js.
    this.saved = new SavedGames(this.store, {
      current: () => this.game,
      replaced: (newer) => this.offerGames("replaced", newer),
      followed: (game) => this.follow(game),
      restored: () => this.offerGames(null),
    });
    this.game = this.saved.open();
    if (this.game.unreadable) this.notice(`Your ${STORED[""]} could not be read, so a new grid was started.`);
    const { dropped } = this.game;
    if (dropped) {
      this.notice(`Your ${STORED[""]} had ${plural(dropped, "entry", "entries")} on givens (from an older or edited ` +
        `save): ${dropped === 1 ? "it was" : "they were"} dropped, and the rest of your game is as you left it.`);
    }
    this.settings = this.store.read(":settings", shapes.flags(SETTINGS), { ...SETTINGS });
    // The hint the message shows (a record of web.hint), how much of it is told (1: the
    // technique and where, 2: its cells marked, 3: all of it, which Apply applies), and
    // the wrong entries a Solve found (Show the solution replaces them).
    this.hinted = null;
    this.hintLevel = 0;
    this.wrong = null;
    // The puzzle (its id) the statistics, rating panel and step view are about.
    this.statsFor = null;
    this.rated = null;
    // The grade Rate or Generate gave: {id, grade}.
    this.graded = null;
    this.stepped = null;
    // steps=1: the step view opens on the link's puzzle as soon as Python can search it
    // (once: not again when Python comes back after a Stop).
    this.stepsPending = options.steps;
    this.clockStarted = null;
  }

  // Shows a message; `hint` (a record of web.hint) and `level` say what part of a hint it
  // tells; `wrong` (cells and the solution) lets "Show the solution" replace wrong entries;
  // `chain` (a step's chain in Eureka notation) is shown under it, to read or copy.
  say(text, { hint = null, level = 0, wrong = null, chain = "" } = {}) {
    $("message").textContent = text;
    $("chain").querySelector("code").replaceChildren(...chainParts(chain));
    $("chain").hidden = !chain;
    this.hinted = hint;
    this.hintLevel = level;
    this.wrong = wrong;
    // A hint asked for at the Hint or Show more button: its next action takes the focus
    // (Show more, else Apply), rather than staying many Tab presses away from it.
    const { buttons } = this;
    const asked = hint && [buttons.hint, buttons["more-hint"]].includes(document.activeElement);
    this.updateButtons();
    if (asked) [buttons["more-hint"], buttons.apply].find((button) => !button.hidden)?.focus();
    this.set?.changed(); // a hint asked for is told here
  }

  // Tells the player, under the keypad, what became of their stored work (each notice
  // on a line of its own).
  notice(text) {
    const notice = $("notice");
    notice.textContent = notice.hidden ? text : `${notice.textContent}\n${text}`;
    notice.hidden = false;
  }

  // Says what became of this tab's game beside another tab's (saved.js), with its two
  // choices: `mode` "replaced" (another tab's move replaced it: Keep mine, Switch), "kept"
  // (`game` is the second saved game: Open it, Forget it), or null (nothing to say).
  offerGames(mode, game) {
    $("games").hidden = !mode;
    this.gamesMode = mode;
    if (!mode) return;
    const other = this.options.embed ? "Another copy of this embed (in another tab or frame)" : "Another tab";
    $("games-text").textContent = mode === "replaced"
      ? `${other} is playing a different game (${gameDescribed(game)}): that one is the saved game now. ` +
        "This tab's game is kept as the second saved game; Keep mine (or a move here) makes it the saved game again, " +
        "Switch opens the other one here."
      : `A second saved game is kept too (${gameDescribed(game)}): Open it to go on with it here ` +
        "(this one is then kept instead), or Forget it.";
    [$("games-first").textContent, $("games-second").textContent] = mode === "replaced" ? ["Keep mine", "Switch"] : ["Open it", "Forget it"];
    // The message is in view where the note may not be (on a phone, below the keypad).
    if (mode === "replaced") this.say(`${other} is playing a different game; this tab's game is kept: see under the keypad.`);
  }

  // The choices of offerGames: "first" (Keep mine, Open it) or "second" (Switch, Forget it).
  chooseGame(choice) {
    const mode = this.gamesMode;
    if (mode === "replaced" && choice === "first") {
      this.saved.save(this.game, { mine: true });
      this.offerGames(null);
      this.say("This tab's game is the saved game again; the other tab's is kept as the second saved game.");
    } else if (mode === "kept" && choice === "second") {
      this.saved.forget();
      this.offerGames(null);
      this.say("The second saved game is forgotten.");
    } else {
      const before = this.game;
      const taken = this.saved.switch(before);
      if (!taken) {
        this.offerGames(null);
        return this.say("The other game is no longer stored (another tab forgot or replaced it); this tab's game is as it was.");
      }
      this.showGame(taken);
      this.offerGames("kept", before);
      this.say("This tab shows the other game now; the one it had is kept as the second saved game.");
    }
  }

  // Another tab went on with this tab's game: this tab shows it as that tab left it.
  follow(game) {
    const moved = !sameState(game.state, this.game.state);
    const other = this.options.embed ? "Another copy of this embed" : "Another tab";
    const said = empty(this.game) ? `${other} opened a game: this tab shows it too.`
      : `${other} went on with this game: this tab shows it as that tab left it (Undo goes back through its moves).`;
    this.showGame(game);
    if (moved) this.say(said);
  }

  // Shows `game` in place of the one shown (not a move of this tab's: not saved again).
  showGame(game) {
    this.game = game;
    this.clockStarted = null;
    this.board.unmark();
    this.hinted = this.wrong = null;
    this.update();
  }

  updateButtons() {
    const { buttons, client, game } = this;
    const engine = ["ready", "idle"].includes(this.python.state) && !client.busy;
    for (const button of document.querySelectorAll("[data-needs-python]")) disable(button, !engine);
    disable(buttons.stop, !client.busy);
    disable(buttons.undo, !game.past.length);
    disable(buttons.redo, !game.future.length);
    // Apply and Show more go with Hint: only after a hint, and only where Hint is shown.
    const hinting = Boolean(this.hinted) && !buttons.hint.hidden;
    show(buttons["more-hint"], hinting && this.hinted.kind === "step" && this.hintLevel < 3);
    show(buttons.apply, hinting && (this.hinted.kind === "wrong" || this.hintLevel === 3));
    show(buttons["show-solution"], Boolean(this.wrong));
  }

  // Redraws and remembers the game after any change; panels about other givens close.
  update() {
    const { game } = this;
    this.board.draw(game);
    const id = game.id;
    // Generate's Kind and Size follow the grid, but for a variant (which it does not make).
    if (game.kind !== "variant") {
      this.chooseKind(game.kind);
      $("size").value = game.n;
    }
    showVariant(game.shape.variant);
    if (this.statsFor !== id) showStats(null);
    $("rating").hidden = id !== this.rated;
    $("steps-panel").hidden = id !== this.stepped;
    if ($("steps-panel").hidden) this.traceView.pause();
    this.saved.save(game);
    const hasGivens = game.givens.replaceAll(BLANK, "") !== "";
    const shown = hasGivens || game.kind !== "sudoku"; // a killer or futoshiki may have no givens
    history.replaceState(null, "", shown ? shareLink(location.href, id) : withoutPuzzle(location.href).href);
    // The Race link races the grid's puzzle, of any kind (the race says what it cannot race).
    document.querySelector('nav [data-view="race"]').hash = shown ? `p=${id}` : "";
    // The printed page's title (with the grade, if Rate or Generate graded this puzzle)
    // and id: the puzzle's canonical text, which the import box reads back.
    const grade = this.graded?.id === id ? ` · ${this.graded.grade}` : "";
    const name = game.shape.variant?.title || KIND_NAMES[game.kind];
    $("print-title").textContent = `${name[0].toUpperCase()}${name.slice(1)} ${game.n}×${game.n}${grade}`;
    $("print-id").textContent = shown ? id : "";
    this.updateButtons();
    this.tick();
    this.set?.changed();
  }

  // Runs a Game method that may change the game; a change clears the marks and the
  // message's hint.
  change(method, ...args) {
    const changed = this.game[method](...args);
    if (changed) {
      this.board.unmark();
      this.hinted = this.wrong = null;
      this.update();
    }
    return changed;
  }

  // Sends one request to Python; returns {result, trip} or null (message shown). After a
  // second the message counts the seconds; `progress(record)` may word Python's reports,
  // shown as they come.
  async run(type, args, busyText, progress = null) {
    const started = performance.now();
    let text = busyText;
    const show = () => {
      const seconds = Math.round((performance.now() - started) / 1000);
      this.say(seconds ? `${text} ${seconds} s` : text);
    };
    show();
    const clock = setInterval(show, 1000);
    const reply = this.client.request(type, args, progress && ((record) => {
      text = progress(record);
      show();
    }));
    this.updateButtons();
    try {
      return { result: await reply, trip: performance.now() - started };
    } catch (error) {
      this.say(error instanceof Cancelled ? "Stopped."
        : `Something went wrong in Python, and the grid is as it was (for a bug report: ${error.message}).`);
      return null;
    } finally {
      clearInterval(clock);
      this.updateButtons();
    }
  }

  // The play time: counted while the page is visible and the puzzle unsolved.
  tick() {
    const clock = this.game.clock;
    const now = performance.now();
    if (this.clockStarted !== null) clock.ms += now - this.clockStarted;
    const running = !document.hidden && !clock.solved && this.game.posed;
    this.clockStarted = running ? now : null;
    const seconds = Math.floor(clock.ms / 1000);
    const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    if ($("timer").textContent !== text) $("timer").textContent = text;
  }

  // Chooses what typing enters (a key of MODES); the Notes button is the centre mode's.
  setMode(mode) {
    this.board.setMode(mode);
    this.buttons.notes.setAttribute("aria-pressed", String(mode === "centre"));
    this.say(`${MODES[mode].name} mode: ${MODES[mode].said}.`);
  }

  // A symbol typed into the selected cells `cells` in `mode`: entered as a digit (givens
  // refuse), or marked or unmarked in a layer (cells with a digit refuse marks; colours
  // go anywhere). Erasing clears the mode's layer, or if it is empty the cells' entries
  // and marks.
  enter(cells, symbol, mode) {
    const { game } = this;
    const name = cells.length === 1 ? cellName(cells[0], game.n) : null;
    if (symbol === BLANK) {
      if (this.change("erase", mode, cells) && mode === "digit") this.afterEntry();
    } else if (mode === "digit") {
      if (cells.every((cell) => game.isGiven(cell))) this.say(name ? `${name} is a given.` : "The selected cells are givens.");
      else if (this.change("enter", cells, symbol, this.settings["tidy-notes"])) {
        const clash = cells.map((cell) => clashWords(game, cell)).find(Boolean);
        if (clash) this.say(`${clash}.`);
        this.afterEntry();
      }
    } else if (!game.markable(mode, cells).length) {
      this.say(!name ? "Each selected cell has a digit; erase them to mark there."
        : game.isGiven(cells[0]) ? `${name} is a given.` : `${name} has an entry; erase it to mark there.`);
    } else {
      this.change("mark", mode, cells, symbol);
    }
  }

  // After the player's own entries changed: solved, or the message no longer stands. A
  // filled variant is solved once Python says it keeps every rule (ask.confirm).
  afterEntry() {
    const clock = this.game.clock;
    if (this.game.filled && !this.game.solved && this.game.kind === "variant") {
      ask.confirm(this);
    } else if (this.game.solved && !clock.solved) {
      this.tick();
      clock.solved = true;
      this.saved.save(this.game, { always: true });
      this.tick();
      this.say(`${SOLVED[this.game.kind]} Time ${$("timer").textContent}${clock.hints ? `, ${clock.hints} hint${clock.hints > 1 ? "s" : ""}` : ""}.`);
      this.host.post("solved", { puzzle: this.game.id, ms: Math.round(clock.ms), hints: clock.hints });
    } else if (this.game.solved) {
      this.say(SOLVED[this.game.kind]);
    }
  }

  applyHint() {
    if (this.change("applyHint", this.hinted, this.settings["tidy-notes"])) {
      if (this.game.filled) this.afterEntry();
      else this.say("Hint applied; Undo takes it back.");
    }
  }

  // Replaces the wrong entries a Solve found with the solution, as one change.
  showSolution() {
    const { cells, solution } = this.wrong;
    this.change("showSolution", cells, solution);
    this.say("Your wrong entries were erased and the solution is shown; Undo brings them back.");
  }

  // Erases entries and notes and starts the puzzle's clock again.
  clear() {
    this.game.resetClock();
    this.clockStarted = null;
    this.change("clear");
    this.tick();
    this.say("Cleared your entries, marks and colours; the clock starts again.");
  }

  undoOrRedo(method) {
    if (this.change(method)) this.say(method === "undo" ? "Undone." : "Redone.");
  }

  // Opens the puzzle a link carries; a malformed link replaces nothing and says why. A
  // variant's link is Python's to read (ask.openVariant).
  openLink(url) {
    const link = readPuzzle(url);
    const { game } = this;
    if (link.variant) {
      const marked = ["cm", "km", "co"].some((field) => link.hash.has(field));
      if (link.puzzle.trim() !== game.id || (link.e !== null && link.e !== game.entries) || marked) ask.openVariant(this, link.puzzle, link.e, link.hash);
      return;
    }
    if (link.puzzle) {
      const differs = link.puzzle !== game.id || (link.entries && link.entries !== game.entries) || link.marks;
      const replaced = !empty(game); // a grid worth bringing back
      if (differs && this.change("load", gridShape(link), link.givens, link.entries, link.marks)) {
        this.say(`Opened the link's ${ask.described(link)}${ask.whatElse(link.entries, link.marks)}` +
          `${replaced ? "; Undo brings back the grid before it" : ""}.`);
      }
    }
    if (link.puzzle && link.error) this.say(link.error);
    else if (link.error) this.say(`${link.error} Your grid is as it was: check that the link was copied whole.`);
  }

  // The Kind select offers its kind's sizes in the Size select (the chosen size kept
  // where the kind has it) and its techniques to practise; Generate makes a puzzle of the kind.
  chooseKind(kind) {
    $("kind").value = kind;
    offerTechniques($("needs"), kind);
    const sizes = KIND_SIZES[kind];
    if (this.sizesFor !== kind) {
      this.sizesFor = kind;
      const chosen = Number($("size").value);
      $("size").replaceChildren(...sizes.map((n) => h("option", { value: n }, `${n}×${n}`)));
      $("size").value = sizes.includes(chosen) ? chosen : sizes.includes(9) ? 9 : sizes.at(-1);
    }
    this.offerGrades();
  }

  // The Difficulty select offers the grades the generator makes of the kind and size chosen
  // (kinds.js gradesOf): the others are disabled, and one chosen before gives way to the easiest.
  offerGrades() {
    const grades = gradesOf($("kind").value, Number($("size").value));
    const select = $("difficulty");
    for (const option of select.options) option.disabled = Boolean(option.value) && !grades.includes(option.value);
    if (select.selectedOptions[0]?.disabled) select.value = grades[0];
  }

  // The Size select starts an empty grid of another size (of the kind chosen, if it is
  // one without cages, regions or signs) once the choice is made: at once with the mouse,
  // on Enter or on leaving the select with the keyboard (whose arrows go through the sizes).
  chooseSize(commit) {
    this.offerGrades();
    const n = Number($("size").value);
    const kind = $("kind").value;
    if (n === this.game.n) return;
    const name = KIND_NAMES[kind];
    if (!EMPTY_KINDS.includes(kind)) return this.say(`Generate makes a ${n}×${n} ${name}.`);
    const grid = kind === "sudoku" ? "grid" : `${name} grid`;
    if (!commit) return this.say(`Press Enter for an empty ${n}×${n} ${grid} (Undo brings this one back).`);
    if (this.change("load", { ...shapeFor(n), kind })) this.say(`A new empty ${n}×${n} ${grid}.`);
  }

  // Shows the share link and copies it (again when "include my entries" changes it).
  async share() {
    showShare(this.game);
    reveal("share-panel");
    // The f-puzzles link is Python's to write: asked for (and shown once Python answers),
    // but Python is not booted for it where it waits for a first request (an embed).
    const id = this.game.id;
    if (this.python.state !== "idle") {
      this.client.request("fpuzzles", { text: id })
        .then((record) => this.game.id === id && showFpuzzles(record), () => {})
        .finally(() => this.updateButtons());
    }
    const entries = $("share-entries").checked ? ", with your entries, marks and colours," : "";
    try {
      // A frame of another site may not write to the clipboard: the browser says so in
      // its console when asked, so it is not asked.
      if (document.featurePolicy?.allowsFeature("clipboard-write") === false) throw new Error("not allowed here");
      await navigator.clipboard.writeText($("share-link").value);
      this.say(`Link${entries} copied to the clipboard.`);
    } catch {
      this.say(`Copy the link${entries} shown under “Link to this puzzle”.`);
    }
  }

  embed() {
    showEmbed(this.game.id);
    reveal("embed-panel");
    this.say("The embed snippet is shown under “Paste this into a web page”.");
  }

  // Python's state changed: buttons follow, and steps=1 opens the step view once ready.
  pythonChanged(state) {
    this.updateButtons();
    if (state === "error" && /content security policy/.test(this.python.text)) {
      this.say(`Python cannot run on this site: ${this.python.text}. The grid still works without it.`);
    } else if (state === "error") {
      this.say(`Python could not start${navigator.onLine ? "" : " (the network is gone)"}: the grid still works, ` +
        "and Python starts again when the network is back.");
    }
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
      "more-hint": () => ask.tellHint(this, this.hinted, this.hintLevel + 1),
      apply: () => this.applyHint(),
      "show-solution": () => this.showSolution(),
      rate: () => ask.rate(this),
      steps: () => ask.steps(this),
      generate: () => ask.generate(this, {
        kind: $("kind").value, size: Number($("size").value), symmetry: $("symmetry").value, difficulty: $("difficulty").value,
        needs: $("needs").value,
      }),
      notes: () => this.setMode(this.board.mode === "centre" ? "digit" : "centre"),
      zoom: () => {
        this.zoom(!this.zoomed());
        this.board.select(this.board.selected);
        this.say(this.zoomed() ? "Zoomed in: the grid scrolls; arrows or a tap move the selection." : "Zoomed out.");
      },
      "fill-notes": () => this.change("fillNotes") && this.say("Noted every candidate in every empty cell; Undo takes them back."),
      clear: () => this.clear(),
      undo: () => this.undoOrRedo("undo"),
      redo: () => this.undoOrRedo("redo"),
      stop: () => this.client.cancel(),
      share: () => this.share(),
      embed: () => this.embed(),
    };
  }

  keydown(event) {
    // Esc: the grid as the player has it again, after a step of the solve path was shown there.
    if (event.key === "Escape" && this.board.game !== this.game) {
      this.board.unmark();
      this.update();
      this.say("Your grid again.");
      return;
    }
    // Ctrl+Z and Ctrl+Y undo the game's changes unless a text field has its own undo.
    const shortcut = (event.ctrlKey || event.metaKey) && ["z", "y"].includes(event.key.toLowerCase());
    if (isTextField(event.target) && !(shortcut && event.target.matches("select"))) return;
    // Typing after pressing a button still goes to the selected cell (arrows the step view took excepted).
    if (!$("grid").contains(event.target) && !event.defaultPrevented) this.board.keydown(event);
    if (!event.defaultPrevented && !(event.ctrlKey || event.metaKey || event.altKey)) this.modeKey(event);
    if (event.ctrlKey || event.metaKey) this.undoKey(event);
  }

  // Keys that choose the mode, unless the grid took them as a symbol (C in 12x12 and up, N
  // in 25x25): Z digit, X corner, C centre, V colour (SudokuPad's); N switches centre
  // marks (the Notes button, unless it is hidden) on and off; Space on the grid goes to the next mode.
  modeKey(event) {
    const key = event.key.toLowerCase();
    const modes = Object.keys(MODES);
    const chosen = modes.find((mode) => MODES[mode].key === key);
    if (chosen) this.setMode(chosen);
    else if (key === "n" && this.buttons.notes.checkVisibility()) this.setMode(this.board.mode === "centre" ? "digit" : "centre");
    else if (key === " " && $("grid").contains(event.target)) this.setMode(modes[(modes.indexOf(this.board.mode) + 1) % modes.length]);
    else return;
    event.preventDefault();
  }

  // Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
  undoKey(event) {
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) this.undoOrRedo("undo");
    else if (key === "y" || (key === "z" && event.shiftKey)) this.undoOrRedo("redo");
    else return;
    event.preventDefault();
  }

  // The grid's side: as large as fits, so that the message, grid and keypad are in view
  // without scrolling (the toolbar too, above them, on a phone); in an embed, so that all
  // of its content but a variant's rules fits its frame, however long the message grows.
  fit() {
    const section = document.querySelector(".board");
    const frame = $("grid-frame");
    const chrome = section.offsetHeight - frame.offsetHeight;
    const top = section.getBoundingClientRect().top + scrollY;
    // A variant's rules panel is left out in an embed: the grid keeps its size first, and
    // the rules go under it, scrolled to, rather than shrinking a fixed frame's grid.
    const rules = $("variant-panel").offsetHeight;
    const others = this.options.embed ? document.body.getBoundingClientRect().height - frame.offsetHeight - rules : top + chrome + 8;
    const byHeight = innerHeight - others;
    const side = Math.floor(Math.max(180, Math.min(this.sideByWidth(), byHeight)));
    // A change of 1 px is let go: the chrome's rounding can move by a pixel with the side
    // (a grid with clues outside it has margins of a fraction of it), and the side
    // computed from it flips back and forth for ever.
    if (Math.abs(side - frame.offsetHeight) >= 1 && !(Math.abs(side - this.side) < 2)) {
      this.side = side;
      document.documentElement.style.setProperty("--board", `${side}px`);
    }
    this.zoom(this.zoomed() && side / this.game.n < TAP_CELL);
    this.host.natural(this.naturalHeight());
  }

  zoomed() {
    return $("grid-frame").classList.contains("zoomed");
  }

  // Zooms the grid in (its cells TAP_CELL px, in a frame of the board's size that scrolls)
  // or out; Zoom in is offered only where the cells are smaller than that.
  zoom(on) {
    const frame = $("grid-frame");
    const button = this.buttons.zoom;
    frame.classList.toggle("zoomed", on);
    if (on) $("grid").style.setProperty("--side", `${this.game.n * TAP_CELL}px`);
    else $("grid").style.removeProperty("--side");
    show(button, on || frame.offsetHeight / this.game.n < TAP_CELL);
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Zoom out" : "Zoom in";
  }

  // The grid's side that the width allows (beside the toolbar where the page is wide).
  sideByWidth() {
    const layout = getComputedStyle($("play"));
    const wide = layout.gridTemplateAreas.includes("tools") && layout.gridTemplateColumns.split(" ").length > 1;
    const room = document.body.clientWidth - 24;
    return Math.min(560, wide ? room - 300 - 24 : room);
  }

  // The page's height with the grid as large as the width allows.
  naturalHeight() {
    return document.body.getBoundingClientRect().height - $("grid-frame").offsetHeight + Math.max(180, this.sideByWidth());
  }

  // Wires index.html's play markup (`root`) to the game.
  async build(root) {
    const { options } = this;
    this.board = new Board({ grid: $("grid"), keypad: $("keypad"), modes: $("modes"), spoken: $("spoken") }, (cells, symbol, mode) => this.enter(cells, symbol, mode), (mode) => this.setMode(mode));
    this.buttons = Object.fromEntries([...root.querySelectorAll("[data-action]")].map((b) => [b.dataset.action, b]));
    this.traceView = new TraceView(Object.fromEntries(
      ["panel", "summary", "grid", "text", "range", "count", "first", "back", "next", "last", "play", "speed"]
        .map((name) => [name, $(`steps-${name}`)]),
    ));
    const { buttons, board } = this;
    $("difficulty").append(...GRADES.map(({ name }) => h("option", {}, name)));
    this.offerGrades();
    excludeDifficulty($("needs"), $("difficulty"));
    this.keepGenerateChoices();
    $("stats").hidden = !options.stats;
    if (options.buttons) {
      // Apply and Show more go with Hint, Show the solution with Solve; Zoom is always there.
      const goesWith = { apply: "hint", "more-hint": "hint", "show-solution": "solve" };
      for (const [name, button] of Object.entries(buttons)) {
        if (name === "zoom" || options.buttons.has(name) || options.buttons.has(goesWith[name])) continue;
        button.dataset.off = "";
        button.hidden = true;
      }
      $("toolbar").hidden = ![...$("toolbar").querySelectorAll("button")].some((b) => !("off" in b.dataset));
    }
    for (const [name, checked] of Object.entries(this.settings)) {
      $(name).checked = checked;
      $(name).addEventListener("change", () => {
        this.settings[name] = $(name).checked;
        this.store.write(":settings", this.settings);
        this.applySettings();
      });
    }
    this.applySettings();
    const actions = this.actions();
    for (const [name, button] of Object.entries(buttons)) {
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") actions[name]();
        keepFocus(board);
      });
    }
    $("size").addEventListener("keydown", (event) => {
      if (event.key !== "Enter") {
        this.sizeByKeyboard = true;
        return;
      }
      this.chooseSize(true);
      event.preventDefault(); // Enter took the size: it does not open the list as well
    });
    $("size").addEventListener("pointerdown", () => (this.sizeByKeyboard = false));
    $("size").addEventListener("change", () => this.chooseSize(!this.sizeByKeyboard));
    $("size").addEventListener("blur", () => this.chooseSize(true));
    $("kind").addEventListener("change", () => {
      this.chooseKind($("kind").value);
      this.say(`Generate makes a ${$("size").value}×${$("size").value} ${KIND_NAMES[$("kind").value]}.`);
      this.worksheetLink();
    });
    for (const id of ["size", "difficulty"]) $(id).addEventListener("change", () => this.worksheetLink());
    this.worksheetLink();
    $("import-text").value = this.store.read(":import", shapes.text(IMPORT_KEPT), "");
    $("import-text").addEventListener("input", () => {
      const text = $("import-text").value;
      const kept = this.store.writeText(":import", text, IMPORT_KEPT);
      if (!kept && !this.importTooLong) this.notice(Store.notKept("The import box's text", text, IMPORT_KEPT)); // once, until kept again
      this.importTooLong = !kept;
    });
    $("import").addEventListener("submit", (event) => {
      event.preventDefault();
      ask.importText(this, $("import-text").value);
    });
    $("share-entries").addEventListener("change", () => this.share());
    for (const choice of ["first", "second"]) $(`games-${choice}`).addEventListener("click", () => this.chooseGame(choice));
    for (const id of ["embed-readonly", "embed-stats", "embed-steps", "embed-buttons"]) {
      $(id).addEventListener("change", () => this.embed());
    }
    $("embed-scorm").addEventListener("click", () => downloadScorm([this.game.id], "Sudoku", (text) => this.say(text)));
    document.addEventListener("paste", (event) => {
      if (isTextField(event.target)) return;
      event.preventDefault();
      ask.importText(this, event.clipboardData.getData("text"));
    });
    document.addEventListener("keydown", (event) => this.keydown(event));
    document.addEventListener("visibilitychange", () => this.tick());
    window.addEventListener("hashchange", () => {
      this.openLink(new URL(location.href));
      this.update(); // the address shows the grid's link again, after a link that opened nothing
    });
    this.python.onChange((state) => this.pythonChanged(state));
  }

  show() {
    setInterval(() => this.tick(), 1000);
    this.openLink(new URL(location.href));
    if (!$("message").textContent) this.say(this.howToStart());
    this.update();
    const kept = this.saved.kept();
    if (kept) this.offerGames("kept", kept);
    const fit = () => this.fit();
    new ResizeObserver(fit).observe(document.querySelector(".board"));
    new ResizeObserver(fit).observe($("toolbar"));
    addEventListener("resize", fit);
    fit();
    // A problem set (set.js): its puzzles in turn, kept and scored (for an LMS too).
    if (this.options.set) import("./set.js").then(({ PuzzleSet }) => PuzzleSet.start(this, this.options.set));
    return { puzzle: this.game.id };
  }

  // What the first screen says when no link did: how to begin, or go on.
  howToStart() {
    const { game, options } = this;
    const play = "pick a cell and type a digit (or press it on the keypad)";
    if (game.solved) return SOLVED[game.kind];
    const empty = !(game.givens + game.entries).replaceAll(BLANK, "") && EMPTY_KINDS.includes(game.kind);
    if (!empty) return `Your game as you left it: ${play}.`;
    if (options.embed || options.readonly) return `To play, ${play}.`;
    return "To start, press Generate for a new puzzle, or paste (Ctrl+V) or import one; then pick a cell and type a digit.";
  }

  // The page goes away: the time played so far is kept with the game.
  stop() {
    this.tick();
    this.saved.save(this.game, { always: true });
    this.set?.leave();
  }

  applySettings() {
    this.board.showPossible = this.settings["show-possible"];
    this.board.markSame();
    $("timer").hidden = !this.settings["show-timer"];
  }

  // The Generate panel's symmetry, difficulty and technique come back after a reload; a
  // stored value the select no longer offers is left at the select's default.
  keepGenerateChoices() {
    offerTechniques($("needs"), this.game.kind);
    const stored = this.store.read(":generate", shapes.object, {});
    for (const id of GENERATE_CHOICES) {
      const select = $(id);
      if ([...select.options].some((option) => option.value === stored[id])) select.value = stored[id];
      select.addEventListener("change", () => {
        this.store.write(":generate", Object.fromEntries(GENERATE_CHOICES.map((name) => [name, $(name).value])));
      });
    }
  }

  // The worksheet link opens the worksheet view with the size and difficulty chosen here.
  worksheetLink() {
    const link = new URL("index.html", location.href);
    link.searchParams.set("view", "worksheet");
    link.searchParams.set("size", $("size").value);
    if ($("difficulty").value) link.searchParams.set("difficulty", $("difficulty").value);
    $("worksheet-link").href = link.href;
  }
}

// "9×9 puzzle with 17 givens and 3 entries": a game in words.
function gameDescribed(game) {
  const { kind, n, givens, entries, cages, signs, variant } = game.state;
  const clues = givens.replaceAll(BLANK, "").length;
  const typed = entries.replaceAll(BLANK, "").length;
  const puzzle = ask.described({ kind, size: n, clues, cages: kind === "killer" && cages, signs: kind === "futoshiki" && signs, ...variant });
  return `${puzzle}${typed ? `, ${plural(typed, "entry", "entries")}` : ""}`;
}

// A chain in Eureka notation as inline parts that wrap only between its nodes (after a
// link's = or -) and in what it proves; the text copies as it reads.
function chainParts(chain) {
  if (!chain) return [];
  const [links, proved] = chain.split(" => ");
  const nodes = links.replace(/[=-](?=[(r])/g, "$&\n").split("\n")
    .flatMap((node) => [h("wbr"), h("span", { class: "node" }, node)]);
  return [...nodes.slice(1), ...(proved === undefined ? [] : [` => ${proved}`])];
}

// aria-disabled rather than disabled: a button keeps the focus while it waits.
function disable(button, yes) {
  button.setAttribute("aria-disabled", String(yes));
}

function show(button, yes) {
  button.hidden = !yes || "off" in button.dataset;
}

// After a button's action: if it hid itself (Apply, Show more), the focus goes back to
// the grid's selected cell rather than to nowhere.
function keepFocus(board) {
  const active = document.activeElement;
  if (!active || active === document.body || !active.checkVisibility()) board.select(board.selected);
}

function isTextField(target) {
  return target instanceof Element && Boolean(target.closest("input, textarea, select"));
}
