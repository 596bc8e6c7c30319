// The play view's questions to Python: each asks the worker about the grid, then changes
// the game and tells the player what came of it. `play` is the view (play.js): its game,
// board and panels, run() to ask and say() to tell.
import { BLANK, parse, shapeFor } from "./grid.js";
import { showRating, showStats } from "./panels.js";

// From this size on, Generate gets a shorter time budget (seconds): the full default
// one (10 s) would keep the player waiting, and such a puzzle is rarely minimal anyway.
const LARGE = 25;
const LARGE_BUDGET = 5;

function changedMeanwhile(play) {
  play.say("The grid changed meanwhile; press the button again.");
}

export async function solve(play) {
  const { game, board } = play;
  const puzzle = game.puzzle;
  const reply = await play.run("solve", { text: puzzle, size: game.n }, "Solving…");
  if (!reply) return;
  const { result, trip } = reply;
  showStats(result, trip);
  if (game.puzzle !== puzzle) return changedMeanwhile(play);
  if (result.status === "invalid") {
    board.flag(result.cells, game);
    play.say(`Cannot solve: ${result.error}.`);
  } else if (result.status === "none") {
    board.flag(result.cells, game);
    play.say(`No solution: ${result.error}.`);
  } else {
    play.change("fill", result.solutions[0]);
    play.say(result.status === "unique"
      ? "Solved: the solution is unique."
      : `More than one solution (found ${result.solutions.length}, then stopped looking); showing one.`);
  }
}

export async function check(play) {
  const { game, board } = play;
  const { givens, entries } = game;
  const reply = await play.run("solve", { text: givens, size: game.n }, "Checking…");
  if (!reply) return;
  const { result } = reply;
  if (game.givens !== givens || game.entries !== entries) return changedMeanwhile(play);
  if (result.status === "invalid" || result.status === "none") {
    board.flag(result.cells, game);
    play.say(`The puzzle has no solution: ${result.error}.`);
  } else if (result.status === "unique") {
    const solution = result.solutions[0];
    const mistakes = [...entries].flatMap((s, cell) => (s !== BLANK && s !== solution[cell] ? [cell] : []));
    const left = [...game.line].filter((s) => s === BLANK).length;
    board.flag(mistakes, game);
    play.say(mistakes.length ? `${mistakes.length} mistake${mistakes.length > 1 ? "s" : ""} marked.`
      : left ? `No mistakes so far; ${left} cells to go.` : "Solved: every cell is right.");
  } else {
    // Several solutions: the entries are fine while at least one solution agrees with them all.
    const again = await play.run("solve", { text: game.puzzle, size: game.n, limit: 1 }, "Checking…");
    if (!again) return;
    if (game.givens !== givens || game.entries !== entries) return changedMeanwhile(play);
    if (again.result.status === "none") {
      board.flag(again.result.cells, game);
      play.say(`Your entries leave no solution: ${again.result.error}.`);
    } else {
      play.say("No mistakes: this puzzle has more than one solution, and one agrees with all your entries.");
    }
  }
}

// The next step for the player, or their mistakes first: said, and marked in the grid
// (its cells, and its units more faintly); Apply then applies it.
export async function hint(play) {
  const { game, board } = play;
  const { state } = game;
  const args = { text: game.givens, entries: game.entries, notes: game.notes, size: game.n };
  const reply = await play.run("hint", args, "Looking for a hint…");
  if (!reply) return;
  const { result } = reply;
  if (game.state !== state) return changedMeanwhile(play);
  if (result.status === "invalid") {
    board.flag(result.cells, game);
    return play.say(`No hint: ${result.error}`);
  }
  board.hint(result.cells, result.units ?? [], game);
  if (result.kind === "step") play.say(`Hint: ${result.text}`, result);
  else play.say(result.text, result.kind === "wrong" ? result : null);
}

// Asks Python about the givens; returns the result, or null when there is none to show
// (stopped, the givens changed meanwhile, or an error: said, and its cells marked).
async function askAboutGivens(play, type, busyText, refusal) {
  const { game, board } = play;
  const givens = game.givens;
  const reply = await play.run(type, { text: givens, size: game.n }, busyText);
  if (!reply) return null;
  const { result } = reply;
  if (game.givens !== givens) {
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
export async function rate(play) {
  const result = await askAboutGivens(play, "rate", "Rating…", "Cannot rate");
  if (!result) return;
  const values = showRating(result, (step, index) => {
    play.board.hint(step.cells, step.units, play.game);
    play.say(`Step ${index + 1}: ${step.text}`);
  });
  play.rated = play.game.givens; // unchanged meanwhile: askAboutGivens checked
  play.update();
  play.say(`Rated ${result.grade}: score ${values.score}, hardest technique ${values.hardest}, ${result.steps} steps.`);
}

// The dancing links search of the givens, step by step, in its own panel and grid.
export async function steps(play) {
  const result = await askAboutGivens(play, "dlx_steps", "Searching step by step…", "Cannot search");
  if (!result) return;
  play.traceView.show(result, play.game.givens, play.game.shape);
  play.stepped = play.game.givens;
  play.update();
  play.say(`The search took ${result.steps.length.toLocaleString("en")} steps${result.complete ? "" : " (the first ones shown)"}; ` +
    "step through them under “Dancing links, step by step”.");
}

// A new puzzle of the chosen size, symmetry and difficulty (a grade, or any), made by
// Python from a seed made here. It replaces the grid like a load (Undo brings the old one back).
export async function generate(play, { size: n, symmetry, difficulty }) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  const large = n >= LARGE;
  const args = { size: n, symmetry, seed, ...(difficulty && { difficulty }), ...(large && { time_budget: LARGE_BUDGET }) };
  const note = large ? ` (up to ${LARGE_BUDGET} s: large puzzles are unique but may not be minimal)` : "";
  const reply = await play.run("generate", args, `Generating a ${n}×${n}${difficulty && ` ${difficulty}`} puzzle${note}…`);
  if (!reply) return;
  const { result } = reply;
  if (result.status === "invalid") return play.say(`Cannot generate: ${result.error}`);
  play.change("load", shapeFor(result.size), result.puzzle);
  const named = result.symmetry === "none" ? "no" : result.symmetry;
  const grade = result.grade ? `, ${result.grade} (score ${result.score.toFixed(1)})` : "";
  const made = `New ${n}×${n} puzzle: ${result.clues} givens, ${named} symmetry${grade}`;
  // With a difficulty, Python returns the nearest grade it made when the time ran out,
  // or no grade when the time ran out while rating the first puzzle.
  const missed = !difficulty || result.grade === difficulty ? ""
    : result.grade ? ` No ${difficulty} puzzle came up within the time budget (${result.puzzles} made); this is the nearest grade.`
    : " The time budget ran out before it could be rated: its grade is unknown.";
  play.say((result.minimal
    ? `${made}, minimal (seed ${result.seed}).`
    : `${made} (seed ${result.seed}). The time budget ran out: it is unique but not minimal.`) + missed);
}

// Reads pasted or imported text as a new puzzle (here, without Python); a bad text
// leaves the grid as it was.
export function importText(play, text) {
  if (play.options.readonly) return play.say("This puzzle is read-only.");
  if (!text.trim()) return play.say("Nothing to import: the text is empty.");
  const parsed = parse(text);
  if (parsed.status === "invalid") return play.say(`Not a puzzle: ${parsed.error}`);
  play.change("load", shapeFor(parsed.size), parsed.puzzle);
  play.say(`Loaded a ${parsed.size}×${parsed.size} puzzle with ${parsed.clues} givens.`);
}
