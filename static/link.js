// Links: what a URL asks for (a puzzle, entries, marks, embed options) and the links the
// page hands out. Share links are `#p=<puzzle>[&e=<entries>][&cm=..][&km=..][&co=..]` (the
// player's centre marks, corner marks and colours: `cell:marks` pairs, comma separated,
// cells counted from 0 row by row), the puzzle's canonical
// text (a classic sudoku's digits, else its Tatham game ID or `windoku:<digits>`); sudokuwiki's
// `?bd=<81 digits>` is read too; a variant's puzzle is its f-puzzles or SudokuPad link. Options live in the query string:
//   embed=1     compact layout for an <iframe>
//   buttons=0   no toolbar; buttons=solve,check shows only those (Apply shows with Hint)
//   readonly=1  the puzzle cannot be replaced (no paste, import or size change)
//   stats=1     show the solve statistics (on by default outside embed)
//   steps=1     open the DLX step view on the puzzle once Python is ready
//   id=k3x9q2   an embed's own name: its storage and its messages to the host carry it
//   view=lab    another view of the page: lab, race or batch (play otherwise)
//   solvers=boltzmann,dlx   the race's two racers (sudoku_dlx.compare.race.RACERS)
//   set=F       the play view plays the problem set of the JSON file F beside the page
import { BLANK, COLOURS, SYMBOLS, parseDigits, symbolFor } from "./grid.js";
import { isVariantLink, readPuzzle as readAnyPuzzle } from "./kinds.js";

const SANDBOX = "allow-scripts allow-same-origin";

const OFF = ["0", "false", "no"];

function flag(params, name, otherwise) {
  return params.has(name) ? !OFF.includes(params.get(name).toLowerCase()) : otherwise;
}

export function readOptions(url) {
  const params = url.searchParams;
  const embed = flag(params, "embed", false);
  const list = params.get("buttons");
  return {
    embed,
    // null: every button; otherwise the set of button names to show.
    buttons: list === null || ["", "1", "true", "yes"].includes(list.toLowerCase())
      ? null
      : new Set(list.toLowerCase().split(",").map((name) => name.trim()).filter((name) => name && !OFF.includes(name))),
    readonly: flag(params, "readonly", false),
    stats: flag(params, "stats", !embed),
    steps: flag(params, "steps", false),
    id: params.get("id")?.slice(0, 40) ?? null,
    view: params.get("view") ?? "play",
    set: params.get("set"),
  };
}

// The puzzle a URL carries: {} for none, kinds.js readPuzzle's record (with `entries`,
// the player's, one line, and `marks`, if the link has them) or {error}; for a variant
// (which Python reads), {puzzle: its link, variant: true, e: the entries as the link has
// them, or null, `hash`: the link's fields, for linkMarks}.
export function readPuzzle(url) {
  const hash = new URLSearchParams(url.hash.slice(1));
  const text = hash.get("p") ?? url.searchParams.get("bd");
  if (text === null) return {};
  if (isVariantLink(text)) return { puzzle: text, variant: true, e: hash.get("e"), hash };
  const parsed = readAnyPuzzle(text);
  if (parsed.status === "invalid") return { error: `The link's puzzle is not valid: ${parsed.error}.` };
  const e = hash.get("e");
  const entries = e === null ? undefined : linkEntries(e, parsed);
  const marks = linkMarks(hash, parsed);
  const error = entries === null ? ENTRIES_INVALID : marks === null ? MARKS_INVALID : undefined;
  return { ...parsed, ...(entries && { entries }), ...(marks && { marks }), ...(error && { error }) };
}

export const ENTRIES_INVALID = "The link's entries are not valid, so only its puzzle was opened.";
export const MARKS_INVALID = "The link's marks or colours are not valid, so they were left out.";

// The link's fields of each layer of marks (game.js's state fields), and what a mark may be.
const MARK_FIELDS = { notes: "cm", corners: "km", colours: "co" };

// The marks a link's fields `hash` carry for the puzzle `parsed` (a record with `size` and
// `givens`): {notes, corners, colours} (arrays of strings, as game.js keeps them), undefined
// if it carries none, null if they are not valid (a cell outside the grid, a mark no cell takes).
export function linkMarks(hash, parsed) {
  const n = parsed.size;
  if (!Object.values(MARK_FIELDS).some((field) => hash.has(field))) return undefined;
  const marks = {};
  for (const [layer, field] of Object.entries(MARK_FIELDS)) {
    const line = Array(n * n).fill("");
    for (const pair of (hash.get(field) ?? "").split(",").filter(Boolean)) {
      const [, cell, marked] = /^(\d+):(\w+)$/.exec(pair) ?? [];
      const takes = (s) => (layer === "colours" ? COLOURS.includes(s) : symbolFor(s, n) === s);
      if (!(Number(cell) < n * n) || ![...marked].every(takes)) return null;
      const order = layer === "colours" ? COLOURS : SYMBOLS;
      line[Number(cell)] = [...order].filter((s) => marked.includes(s)).join("");
    }
    marks[layer] = line;
  }
  return marks;
}

// A link's entries `e` for the puzzle `parsed` (a record with `size` and `givens`) as one
// line, off its givens (an entry never sits on a given); null if they are not valid.
export function linkEntries(e, parsed) {
  try {
    const entries = parseDigits(e, parsed.size);
    return entries.map((d, cell) => (d && parsed.givens[cell] === BLANK ? SYMBOLS[d - 1] : BLANK)).join("");
  } catch {
    return null;
  }
}

// `url` without its puzzle: no #p/#e hash and no ?bd, other options kept.
export function withoutPuzzle(url) {
  const bare = new URL(url);
  bare.searchParams.delete("bd");
  bare.hash = "";
  return bare;
}

// The link to the puzzle `givens` (its id), with the player's `entries` (one line) and
// `marks` ({notes, corners, colours}, as game.js keeps them) where given and not empty.
export function shareLink(url, givens, entries = "", marks = {}) {
  const link = withoutPuzzle(url);
  // (a variant's link is encoded: it has its own ?, & and +)
  const fields = [`p=${isVariantLink(givens) ? encodeURIComponent(givens) : givens}`];
  if (entries && entries.replaceAll(BLANK, "")) fields.push(`e=${entries}`);
  for (const [layer, field] of Object.entries(MARK_FIELDS)) {
    const pairs = (marks[layer] ?? []).flatMap((marked, cell) => (marked ? [`${cell}:${marked}`] : []));
    if (pairs.length) fields.push(`${field}=${pairs.join(",")}`);
  }
  link.hash = fields.join("&");
  return link.href;
}

// The play embed's width, and the heights its parts take at that width (px, measured in
// Chromium; tests/test_page_ux.py checks that each snippet shows all of its content).
const EMBED_WIDTH = 420;
const EMBED_HEIGHT = { board: 580, buttons: 108, stats: 180, steps: 700 };

// `url` as an embed (embed=1), named with a new random id: two embeds on one course page
// keep their own work, and the host can tell their messages apart.
export function embedLink(url) {
  const link = new URL(url);
  link.searchParams.set("embed", "1");
  link.searchParams.set("id", Math.random().toString(36).slice(2, 8));
  return link;
}

// The <iframe> that embeds `link` (a URL) at `width` x `height` px, titled `title`.
export function iframeSnippet(link, title, width, height) {
  const attribute = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return `<iframe src="${attribute(link.href)}" title="${attribute(title)}" width="${width}" height="${height}" ` +
    `sandbox="${SANDBOX}" style="border:0;max-width:100%"></iframe>`;
}

// The play view's snippet, embedding `givens` with `options` ({readonly, stats, steps, buttons}).
export function embedSnippet(url, givens, options) {
  const bare = new URL(shareLink(url, givens));
  bare.search = "";
  const link = embedLink(bare);
  if (options.readonly) link.searchParams.set("readonly", "1");
  if (options.stats) link.searchParams.set("stats", "1");
  if (options.steps) link.searchParams.set("steps", "1");
  if (!options.buttons) link.searchParams.set("buttons", "0");
  const parts = ["board", ...["buttons", "stats", "steps"].filter((part) => options[part])];
  const height = parts.reduce((sum, part) => sum + EMBED_HEIGHT[part], 0);
  return iframeSnippet(link, "Sudoku", EMBED_WIDTH, height);
}
