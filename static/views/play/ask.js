// The play view's questions to Python: each asks the worker about the grid, then changes
// the game and tells the player what came of it. `play` is the view (play.js): its game,
// board and panels, run() to ask and say() to tell.
import { BLANK, cellName, gridShape, pathState, unitName } from "../../grid.js";
import { CAPPED_FROM, KIND_NAMES, isVariantLink, readPuzzle, seldomNote } from "../../kinds.js";
import { $, plural } from "../../kit.js";
import { ENTRIES_INVALID, MARKS_INVALID, linkEntries, linkMarks } from "../../link.js";
import { empty } from "./saved.js";
import { reveal, showRating, showStats } from "./panels.js";

// From this size on, Generate gets a shorter time budget (seconds): the full default
// one (10 s) would keep the player waiting, and such a puzzle is rarely minimal anyway.
const LARGE = 25;
const LARGE_BUDGET = 5;
// Seconds Python may take to find a puzzle that needs a technique (Stop ends it sooner):
// a rare one (a swordfish) takes a few hundred puzzles.
const NEEDS_BUDGET = 60;

function changedMeanwhile(play) {
  play.say("The grid changed meanwhile; press the button again.");
}

// The cells whose entry differs from `solution` (one-line strings).
function mistakes(entries, solution) {
  return [...entries].flatMap((s, cell) => (s !== BLANK && s !== solution[cell] ? [cell] : []));
}

function names(cells, n) {
  return cells.map((cell) => cellName(cell, n)).join(", ");
}

// Solves the givens. The solution fills the empty cells; entries that disagree with it are
// marked and named instead, and "Show the solution" replaces them. With several solutions,
// one that agrees with the entries is shown, if there is one.
export async function solve(play) {
  const { game, board } = play;
  const { entries, n, id } = game;
  const reply = await play.run("solve", { text: id, size: n }, "Solving…");
  if (!reply) return;
  const { result, trip } = reply;
  showStats(result, trip);
  play.statsFor = id;
  if (game.id !== id || game.entries !== entries) return changedMeanwhile(play);
  if (result.status === "invalid" || result.status === "none") {
    board.flag(result.cells, game);
    return play.say(`${result.status === "invalid" ? "Cannot solve" : "No solution"}: ${result.error}.`);
  }
  const found = result.status === "multiple" ? await oneOfSeveral(play, result) : { shown: result.solutions[0], text: "Solved: the solution is unique." };
  if (!found) return;
  if (game.id !== id || game.entries !== entries) return changedMeanwhile(play);
  const { shown, text } = found;
  const wrong = mistakes(entries, shown);
  if (wrong.length) {
    board.flag(wrong, game);
    const some = wrong.length === 1 ? "1 of your entries disagrees" : `${wrong.length} of your entries disagree`;
    const with_ = result.status === "unique" ? "the puzzle's one solution" : "every solution";
    return play.say(`${some} with ${with_} (marked): ${names(wrong, n)}.`, { wrong: { cells: wrong, solution: shown } });
  }
  play.change("fill", shown);
  play.say(text);
}

// The solution to show of a puzzle with several ({shown, text}): one that agrees with the
// entries, if one does, else the first found; null if the second question was stopped.
async function oneOfSeveral(play, result) {
  const { game } = play;
  // (a variant's entries cannot be written into its link: it shows the first solution)
  const entered = game.entries.replaceAll(BLANK, "") !== "" && game.kind !== "variant";
  const again = entered ? await play.run("solve", { text: game.textOf(game.puzzle), size: game.n, limit: 1 }, "Solving…") : null;
  if (entered && !again) return null;
  const agreeing = again && ["unique", "multiple"].includes(again.result.status) ? again.result.solutions[0] : null;
  return agreeing ? { shown: agreeing, text: "More than one solution; showing one that agrees with your entries." }
    : { shown: result.solutions[0], text: `More than one solution (found ${result.solutions.length}, then stopped looking); showing one.` };
}

export async function check(play) {
  const { game, board } = play;
  const { entries, id } = game;
  const reply = await play.run("solve", { text: id, size: game.n }, "Checking…");
  if (!reply) return;
  const { result } = reply;
  if (game.id !== id || game.entries !== entries) return changedMeanwhile(play);
  const left = [...game.line].filter((s) => s === BLANK).length;
  if (result.status === "invalid" || result.status === "none") {
    board.flag(result.cells, game);
    play.say(`The puzzle has no solution: ${result.error}.`);
  } else if (result.status === "unique") {
    const wrong = mistakes(entries, result.solutions[0]);
    board.flag(wrong, game);
    play.host.post("checked", { puzzle: id, mistakes: wrong.length, left });
    play.say(wrong.length ? `${wrong.length} mistake${wrong.length > 1 ? "s" : ""} marked.`
      : left ? `No mistakes so far; ${plural(left, "cell")} to go.` : "Solved: every cell is right.");
  } else if (game.kind === "variant") {
    confirm(play, "No rule is broken so far, but this puzzle has more than one solution.");
  } else {
    // Several solutions: the entries are fine while at least one solution agrees with them all.
    const again = await play.run("solve", { text: game.textOf(game.puzzle), size: game.n, limit: 1 }, "Checking…");
    if (!again) return;
    if (game.id !== id || game.entries !== entries) return changedMeanwhile(play);
    const fine = again.result.status !== "none" && again.result.status !== "invalid";
    play.host.post("checked", { puzzle: id, mistakes: fine ? 0 : null, left });
    if (fine) {
      play.say("No mistakes: this puzzle has more than one solution, and one agrees with all your entries.");
    } else {
      board.flag(again.result.cells, game);
      play.say(`Your entries leave no solution: ${again.result.error}.`);
    }
  }
}

// The next step for the player, or their mistakes first. A step is told in three
// levels, each on request: the technique and where to look, then its cells marked, then
// the step itself, which Apply applies.
export async function hint(play) {
  const { game, board } = play;
  const { state } = game;
  const args = { text: game.id, entries: game.entries, notes: game.notes, size: game.n };
  const reply = await play.run("hint", args, "Looking for a hint…");
  if (!reply) return;
  const { result } = reply;
  if (game.state !== state) return changedMeanwhile(play);
  if (result.status === "invalid") {
    board.flag(result.cells, game);
    return play.say(`No hint: ${result.error}`);
  }
  if (result.kind === "solved") return play.say(result.text);
  game.clock.hints += 1;
  if (result.kind === "wrong") {
    board.hint(result.cells, [], game);
    return play.say(result.text, { hint: result, level: 3 });
  }
  tellHint(play, result, 1);
}

// "a hidden single", "an X-wing", "a unique rectangle": a technique's name in a sentence.
function aTechnique(name) {
  const word = /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
  return `${/^[aeiox]/i.test(word) && !/^uni/i.test(word) ? "an" : "a"} ${word}`;
}

// Tells `level` of a hint (see hint()).
export function tellHint(play, hint, level) {
  const { board, game } = play;
  const where = [...new Set(hint.units.map((unit) => unitName(unit, game.shape)).filter(Boolean))];
  const technique = aTechnique(hint.technique);
  if (level === 1) {
    board.hint([], hint.units, game);
    play.say(`Hint: look for ${technique}${where.length ? ` in ${where.join(" and ")}` : ""}.`, { hint, level });
  } else if (level === 2) {
    board.hint(hint.cells, hint.units, game);
    play.say(`Hint: ${technique}; its cells are marked.`, { hint, level });
  } else {
    board.hint(hint.cells, hint.units, game, hint);
    play.say(`Hint: ${hint.text}`, { hint, level: 3, chain: hint.chain });
  }
}

// Asks Python about the givens; returns the result, or null when there is none to show
// (stopped, the givens changed meanwhile, or an error: said, and its cells marked).
// `progress` words Python's reports while it works (see play.run).
async function askAboutGivens(play, type, busyText, refusal, progress = null) {
  const { game, board } = play;
  const id = game.id;
  const reply = await play.run(type, { text: id, size: game.n }, busyText, progress);
  if (!reply) return null;
  const { result } = reply;
  if (game.id !== id) {
    changedMeanwhile(play);
    return null;
  }
  if (result.status === "invalid") {
    board.flag(result.cells, game);
    play.say(`${refusal}: ${result.error}`);
    return null;
  }
  return result;
}

// Rates the givens: grade, score, the engine's figures and every step of the solve path.
// While it works, the message names the hardest technique the rating has reached.
export async function rate(play) {
  const result = await askAboutGivens(play, "rate", "Rating…", "Cannot rate",
    ({ steps, hardest, score }) => `Rating: ${plural(steps, "step")}, hardest so far ${hardest} (${score.toFixed(1)})…`);
  if (!result) return;
  const values = showRating(result, (step, index) => {
    play.board.hint(step.cells, step.units, pathPicture(play.game, result.path, index), step);
    play.say(`Step ${index + 1}: ${step.text}`, { chain: step.chain });
  });
  play.rated = play.game.id; // unchanged meanwhile: askAboutGivens checked
  play.graded = { id: play.game.id, grade: result.grade };
  play.update();
  reveal("rating");
  play.say(`Rated ${result.grade}: score ${values.score}, hardest technique ${values.hardest}, ${plural(result.steps, "step")}.`);
}

// The solve path before step `k`, for the board to draw as it draws a game: the givens,
// the digits the earlier steps placed (as a solution shown), the candidates as centre
// marks, no corner marks or colours.
function pathPicture(game, path, k) {
  const { line, notes } = pathState(game.shape, game.givens, path, k);
  const given = (cell) => game.givens[cell] !== BLANK;
  const none = notes.map(() => "");
  return { shape: game.shape, line, notes, corners: none, colours: none, value: (cell) => line[cell], isGiven: given,
    isShown: (cell) => !given(cell) && line[cell] !== BLANK };
}

// The dancing links search of the givens, step by step, in its own panel and grid.
export async function steps(play) {
  const result = await askAboutGivens(play, "dlx_steps", "Searching step by step…", "Cannot search");
  if (!result) return;
  play.traceView.show(result, play.game.givens, play.game.shape);
  play.stepped = play.game.id;
  play.update();
  reveal("steps-panel");
  play.say(`The search took ${plural(result.steps.length, "step")}${result.complete ? "" : " (the first ones shown)"}; ` +
    "step through them under “Dancing links, step by step”.");
}

// A new puzzle of the chosen kind, size, symmetry and difficulty (a grade, or any) or
// technique to practise (or any), made by Python from a seed made here (its record's
// puzzle: the canonical text, a game ID for a kind other than classic sudoku). It
// replaces the grid like a load (Undo brings the old one back).
export async function generate(play, { kind, size: n, symmetry, difficulty, needs }) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  const large = n >= LARGE;
  const budget = large ? LARGE_BUDGET : needs ? NEEDS_BUDGET : null;
  const args = {
    ...(kind !== "sudoku" && { kind }), size: n, symmetry, seed, ...(difficulty && { difficulty }), ...(needs && { needs }),
    ...(budget && { budget }),
  };
  const note = (n >= (CAPPED_FROM[kind] ?? Infinity)
    ? ` (up to ${large ? `${LARGE_BUDGET} s` : "its time budget"}; it may not be minimal)` : "") + seldomNote(kind, n, difficulty);
  play.board.reveal(); // its progress is told above the grid
  const what = kind === "sudoku" ? "puzzle" : KIND_NAMES[kind];
  const busy = `Generating a ${n}×${n}${difficulty && ` ${difficulty}`} ${what}${needs && ` that needs ${aTechnique(needs)}`}${note}`;
  // Python reports the clue removal as it goes: givens left, orbits (a cell and its
  // symmetric images) decided of all; with a technique, the puzzles made before.
  const reply = await play.run("generate", args, `${busy}…`,
    ({ clues, decided, orbits, puzzles }) => `${busy}: ${puzzles === undefined ? "" : `puzzle ${puzzles + 1}, `}` +
      `${plural(clues, "given")} left, ${decided} of ${plural(orbits, "orbit")} tried…`);
  if (!reply) return;
  const { result } = reply;
  if (result.status === "invalid") return play.say(`Cannot generate: ${result.error}`);
  const made = readPuzzle(result.puzzle, result.size, result.kind ?? kind);
  if (made.status === "invalid") return play.say(`Python made a puzzle the page cannot read (for a bug report: ${made.error}).`);
  play.graded = result.grade ? { id: made.puzzle, grade: result.grade } : null;
  play.change("load", gridShape(made), made.givens);
  play.say(generated(result, `${n}×${n} ${what}`, difficulty));
}

// What Generate made, in words: `what` ("9×9 puzzle") with its givens, symmetry, grade and
// technique, whether it is minimal, and the `difficulty` asked for if it was not reached.
function generated(result, what, difficulty) {
  // The symmetry as the menu names it ("mirror top–bottom symmetry", "no symmetry").
  const option = [...$("symmetry").options].find((o) => o.value === result.symmetry);
  const named = result.symmetry === "none" ? "no" : (option?.text ?? result.symmetry).toLowerCase();
  const grade = result.grade ? `, ${result.grade} (score ${result.score.toFixed(1)})` : "";
  const uses = result.needs_met ? `, needs ${aTechnique(result.needs)}` : "";
  const said = `New ${what}: ${plural(result.clues, "given")}, ${named} symmetry${grade}${uses}`;
  // With a difficulty, Python returns the nearest grade it made when the time ran out,
  // or no grade when the time ran out before the first puzzle was rated; with a
  // technique, the last puzzle made when none needed it.
  const missed = result.status === "unmet"
    ? ` No puzzle that needs ${aTechnique(result.needs)} came up within ${NEEDS_BUDGET} s (${result.puzzles} made); this one does not.`
    : !difficulty || result.grade === difficulty ? ""
    : result.grade ? ` No ${difficulty} puzzle came up within the time budget (${result.puzzles} made); this is the nearest grade.`
    : " The time budget ran out before it could be rated: its grade is unknown.";
  const why = result.needs_met ? ", not minimal: clues were added to need it"
    : result.reasoned ? ". It solves by reasoning alone, without a guess; at this size every clue that reasoning needs is kept, so it may not be minimal"
    : ". The time budget ran out: it is unique but not minimal";
  return (result.minimal ? `${said}, minimal (seed ${result.seed}).` : `${said} (seed ${result.seed})${why}.`) + missed;
}

// Asks Python whether the variant's grid keeps every rule: a filled grid that does is
// solved (play.afterEntry says so); a broken rule is named and its cells marked;
// `fine` is said when nothing is broken and cells are left.
export async function confirm(play, fine = "") {
  const { game, board } = play;
  const { state } = game;
  const reply = await play.run("check", { text: game.id, entries: game.entries }, "Checking the rules…");
  if (!reply) return;
  const { result } = reply;
  if (game.state !== state) return changedMeanwhile(play);
  if (result.status === "kept") {
    game.kept = game.puzzle;
    return play.afterEntry();
  }
  board.flag(result.cells ?? [], game);
  if (result.status === "broken") return play.say(`Not solved: ${result.error}.`);
  if (result.status === "invalid") return play.say(`Cannot check: ${result.error}`);
  play.say(fine || `No rule is broken so far; ${plural([...game.line].filter((s) => s === BLANK).length, "cell")} to go.`);
}

// Opens the variant of an f-puzzles or SudokuPad link, as Python reads it, with the
// entries `e` (a link's, or null); a link it cannot read replaces nothing and says why.
// `how` begins the sentence that tells it.
export async function openVariant(play, text, e = null, hash = new URLSearchParams(), how = "Opened the link's") {
  const reply = await play.run("parse_puzzle", { text }, "Reading the puzzle's rules…");
  if (!reply) return;
  const { result } = reply;
  if (result.status !== "parsed") return play.say(`Not a puzzle this page can play: ${result.error}`);
  const entries = e === null ? null : linkEntries(e, result);
  const marks = linkMarks(hash, result);
  const replaced = !empty(play.game); // a grid worth bringing back
  if (!play.change("load", gridShape(result), result.givens, entries ?? undefined, marks ?? undefined)) return play.say("This puzzle is open already.");
  const unread = [e !== null && entries === null && ENTRIES_INVALID, marks === null && MARKS_INVALID].filter(Boolean).map((x) => ` ${x}`).join("");
  play.say(`${how} ${described(result)}${whatElse(entries, marks)}` +
    `${replaced ? "; Undo brings back the grid before it" : ""}.${unread}`);
}

// What a link brought beside its puzzle, in words: " and its entries", " and its entries and marks".
export function whatElse(entries, marks) {
  const brought = [entries && "entries", marks && "marks"].filter(Boolean);
  return brought.length ? ` and its ${brought.join(" and ")}` : "";
}

// Reads pasted or imported text as a new puzzle (here, without Python, but for a
// variant's link); a bad text leaves the grid as it was.
export function importText(play, text) {
  play.board.reveal(); // the answer is told above the grid, and shows in it
  if (play.options.readonly) return play.say("This puzzle is read-only.");
  if (!text.trim()) return play.say("Nothing to import: the text is empty.");
  if (isVariantLink(text)) return openVariant(play, text, null, undefined, "Loaded a");
  const parsed = readPuzzle(text);
  if (parsed.status === "invalid") return play.say(`Not a puzzle: ${parsed.error}`);
  play.change("load", gridShape(parsed), parsed.givens);
  play.say(`Loaded a ${described(parsed)}.`);
}

// "9×9 killer sudoku with 0 givens and 30 cages": a puzzle record (kinds.js readPuzzle's,
// or web.parse_puzzle's) in words; a variant's with its title and rules ("9×9 variant
// sudoku “Thermo Party” with 3 givens and 4 rules").
export function described({ kind, size, clues, cages, signs, title, rules }) {
  if (kind === "variant") {
    return `${size}×${size} variant sudoku${title ? ` “${title}”` : ""} with ${plural(clues, "given")} and ${plural(rules.length, "rule")}`;
  }
  const what = kind === "sudoku" ? "puzzle" : KIND_NAMES[kind];
  const clued = [plural(clues, "given"), cages && plural(cages.length, "cage"), signs && plural(signs.length, "sign")];
  return `${size}×${size} ${what} with ${clued.filter(Boolean).join(" and ")}`;
}
