// Puzzles of every kind from the texts people share, before Python has loaded: the
// JavaScript twin of sudoku_dlx.kinds.read (readPuzzle, puzzleId), .tatham (Simon
// Tatham's game IDs) and .forms (each kind's readable text), with the checks of
// .grid's Shape and Puzzle. tests/test_grid_parity.py runs both on the same inputs and
// requires the same answers and messages; change them together.
//
// A puzzle here is web.parse_puzzle's record: {puzzle (its canonical text), status:
// "parsed", kind, size, box_rows, box_cols, regions?, units?, cages?, signs?, givens
// (the digits, one line), clues}, or {puzzle: text, status: "invalid", error, cells};
// grid.js's gridShape(record) is the shape its rules take.
import {
  BLANK, BOX_SHAPES, InvalidPuzzle, LINE_BREAK, MAX_TEXT, SYMBOLS, WHITESPACE, cellName, charName, extraUnits, parse, parseDigits,
} from "./grid.js";
import { GRADES } from "./words.js";

export const KINDS = ["sudoku", "x", "windoku", "jigsaw", "killer", "futoshiki"];
// Each kind with its article, as messages name it (grid.py's A_KIND).
export const A_KIND = { ...Object.fromEntries(KINDS.map((kind) => [kind, `a ${kind}`])), x: "an X sudoku" };
const range = (from, to) => Array.from({ length: to - from }, (_, k) => from + k);
export const KIND_SIZES = {
  sudoku: Object.keys(BOX_SHAPES).map(Number),
  x: Object.keys(BOX_SHAPES).map(Number).filter((n) => n >= 4),
  windoku: [9],
  jigsaw: range(4, 17),
  killer: [4, 6, 8, 9],
  futoshiki: range(3, 17),
};
// The easiest grade the generator reaches, by kind and size, where it is not Easy: its
// 8x8 and 9x9 killers have bigger cages than its 4x4 and 6x6 ones, and each of them needs
// a cage step (Cage combinations, 2.0) to be rated (none Easy in 16 tries; tests/
// test_page_print.py checks a few).
const EASIEST = { killer: { 8: "Medium", 9: "Medium" } };
// The size of each kind from which the generator, as measured, may spend its whole time
// budget and make a puzzle that is unique but not minimal, so Generate says so before it
// starts (scripts/bench_generation.py; benchmarks/2026-12-07-idle.md, and 2026-12-07-generation.md
// for the 16x16 X, which gives up a grid whose tests run long).
export const CAPPED_FROM = { sudoku: 25, x: 25 };
// The grades the generator made of a kind and size in at most one of three tries within
// the page's time budget (scripts/bench_generation.py --grades --n 3; benchmarks/
// 2026-12-07-grades.md): the puzzles it makes are mostly of other grades. Generate and the
// worksheet say so as they start (seldomNote).
// From 12×12 a futoshiki keeps the clues reasoning needs (generator.EXACT_MAX_N): Hard, mostly.
const ALL_BUT_HARD = ["Easy", "Medium", "Expert", "Extreme"];
const SELDOM = {
  sudoku: { 4: ["Medium", "Hard", "Expert", "Extreme"], 6: ["Expert"] },
  x: { 4: ["Medium", "Hard", "Expert", "Extreme"], 12: ["Easy"] },
  jigsaw: { 4: ["Expert", "Extreme"], 5: ["Extreme"], 12: ["Easy", "Expert"] },
  killer: { 4: ["Hard", "Expert", "Extreme"], 6: ["Expert"], 8: ["Hard", "Expert"], 9: ["Hard", "Expert"] },
  futoshiki: {
    3: ["Medium", "Hard", "Expert", "Extreme"], 4: ["Expert"], 7: ["Expert"], 8: ["Medium", "Expert"],
    9: ["Easy", "Medium", "Hard", "Expert"], 10: ["Easy", "Medium", "Hard", "Expert"],
    11: ["Easy", "Medium", "Hard", "Expert", "Extreme"], 12: ["Medium", "Expert", "Extreme"],
    13: ALL_BUT_HARD, 14: ALL_BUT_HARD, 15: ALL_BUT_HARD, 16: ALL_BUT_HARD,
  },
};
const GRADE_NAMES = GRADES.map((grade) => grade.name);
// The grades the generator makes of a kind and size, easiest first.
export const gradesOf = (kind, n) => GRADE_NAMES.slice(GRADE_NAMES.indexOf(EASIEST[kind]?.[n] ?? GRADE_NAMES[0]));
// What Generate and the worksheet add as they start when `grade` is seldom made of the
// kind and size ("" when it is not, or no grade is asked for).
export const seldomNote = (kind, n, grade) => (SELDOM[kind]?.[n]?.includes(grade)
  ? ` (${grade} comes up seldom at this kind and size: it may take the whole time budget and be of another grade)` : "");
const count = (number) => number.toLocaleString("en");
// Each kind as the page's sentences name it ("a 9×9 killer sudoku").
export const KIND_NAMES = {
  sudoku: "sudoku", x: "sudoku X", windoku: "windoku", jigsaw: "jigsaw sudoku", killer: "killer sudoku", futoshiki: "futoshiki",
  variant: "variant sudoku",
};

// "4, 6 and 9"; a run of sizes is "4 to 16" (grid.py's _listed).
function listed(sizes) {
  if (sizes.length > 3 && sizes.every((n, k) => n === sizes[0] + k)) return `${sizes[0]} to ${sizes.at(-1)}`;
  return sizes.length > 1 ? `${sizes.slice(0, -1).join(", ")} and ${sizes.at(-1)}` : String(sizes[0]);
}

// A shape as grid.py's Shape checks it: {n, boxRows, boxCols, kind, regions}.
function makeShape(n, boxRows = 0, boxCols = 0, kind = "sudoku", regions = []) {
  if (!KINDS.includes(kind)) throw new InvalidPuzzle(`unknown kind "${kind}"; kinds are ${KINDS.join(", ")}`);
  if (!KIND_SIZES[kind].includes(n)) throw new InvalidPuzzle(`${A_KIND[kind]} has sizes ${listed(KIND_SIZES[kind])}, not ${n}`);
  const boxed = ["sudoku", "x", "windoku", "killer"].includes(kind);
  if (boxed && boxRows * boxCols !== n) throw new InvalidPuzzle(`no ${n}x${n} grid has ${boxRows}x${boxCols} boxes`);
  if (!boxed && (boxRows || boxCols)) throw new InvalidPuzzle(`${A_KIND[kind]} has no boxes`);
  if (kind === "jigsaw") {
    if (regions.length !== n * n) throw new InvalidPuzzle(`a ${n}x${n} jigsaw needs a region for each of its ${n * n} cells`);
    for (let region = 0; region < n; region++) {
      const cells = regions.flatMap((r, x) => (r === region ? [x] : []));
      if (cells.length !== n) throw new InvalidPuzzle(`region ${region + 1} of a ${n}x${n} jigsaw has ${cells.length} cells, not ${n}`, cells);
    }
  } else if (regions.length) {
    throw new InvalidPuzzle(`${A_KIND[kind]} has no jigsaw regions`);
  }
  return { n, boxRows, boxCols, kind, regions };
}

function shapeFor(n, box = null, kind = "sudoku") {
  if (kind === "futoshiki") return makeShape(n, 0, 0, kind);
  if (box === null) {
    if (!(n in BOX_SHAPES)) throw new InvalidPuzzle(`unsupported size ${n}; sizes are ${Object.keys(BOX_SHAPES).join(", ")}`);
    box = BOX_SHAPES[n];
  }
  return makeShape(n, box[0], box[1], kind);
}

function jigsawShape(regions) {
  const n = Math.round(Math.sqrt(regions.length));
  if (n * n !== regions.length) throw new InvalidPuzzle(`${regions.length} cells is no square grid`);
  return makeShape(n, 0, 0, "jigsaw", regions);
}

// A puzzle as grid.py's Puzzle checks it: {shape, digits, cages: [{cells, sum}], signs: [[greater, lesser]]},
// its clues in one order.
function makePuzzle(shape, digits, cages = [], signs = []) {
  const n = shape.n;
  cages = cages.map(({ cells, sum }) => ({ cells: [...cells].sort((a, b) => a - b), sum }))
    .sort((a, b) => compareLists(a.cells, b.cells));
  const seenSigns = new Set();
  signs = signs.filter(([g, l]) => !seenSigns.has(`${g},${l}`) && seenSigns.add(`${g},${l}`))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if ((cages.length && shape.kind !== "killer") || (signs.length && shape.kind !== "futoshiki")) {
    throw new InvalidPuzzle(`${A_KIND[shape.kind]} has no ${cages.length ? "cages" : "signs"}`);
  }
  checkCages(cages, n);
  checkSigns(signs, n);
  return { shape, digits, cages, signs };
}

// A killer's cages as grid.py's Puzzle checks them: each of 1 to n different cells of the
// grid, no cell in two, a sum its cells can make, every cell caged, the sums the grid's total.
function checkCages(cages, n) {
  const caged = new Map();
  for (const cage of cages) {
    const cells = cage.cells;
    const where = cells.map((x) => cellName(x, n)).join(", ");
    if (!(cells.length > 0 && cells.length <= n) || new Set(cells).size !== cells.length || !cells.every((x) => x >= 0 && x < n * n)) {
      throw new InvalidPuzzle(`a cage has 1 to ${n} different cells of the grid, not ${where || "none"}`, cells);
    }
    for (const x of cells) {
      if (caged.has(x)) throw new InvalidPuzzle(`${cellName(x, n)} is in two cages`, [x]);
      caged.set(x, cage);
    }
    const k = cells.length;
    const low = (k * (k + 1)) / 2, high = (k * (2 * n - k + 1)) / 2;
    if (!(low <= cage.sum && cage.sum <= high)) {
      throw new InvalidPuzzle(`the cage of ${where} cannot add up to ${cage.sum}: ${k} different digits from 1-${n} make ${low} to ${high}`, cells);
    }
  }
  if (cages.length && caged.size < n * n) {
    const loose = range(0, n * n).filter((x) => !caged.has(x));
    throw new InvalidPuzzle(`a killer's cages cover every cell; ${cellName(loose[0], n)} is in none`, loose);
  }
  const total = cages.reduce((sum, cage) => sum + cage.sum, 0);
  const whole = (n * n * (n + 1)) / 2;
  if (cages.length && total !== whole) throw new InvalidPuzzle(`the cages cover the grid, so their sums must add up to ${whole}, not ${total}`);
}

// A futoshiki's signs as grid.py's Puzzle checks them: between neighbours, one per pair.
function checkSigns(signs, n) {
  const pairs = new Set();
  for (const [a, b] of signs) {
    const inside = [a, b].filter((x) => x >= 0 && x < n * n);
    if (inside.length < 2 || ![1, n].includes(Math.abs(a - b)) || (Math.abs(a - b) === 1 && Math.floor(a / n) !== Math.floor(b / n))) {
      const names = [a, b].map((x) => (x >= 0 && x < n * n ? cellName(x, n) : `cell ${x}`)).join(" and ");
      throw new InvalidPuzzle(`a sign stands between two neighbouring cells, not between ${names}`, inside);
    }
    if (pairs.has(`${b},${a}`)) throw new InvalidPuzzle(`the signs between ${cellName(a, n)} and ${cellName(b, n)} say both are greater`, [a, b]);
    pairs.add(`${a},${b}`);
  }
}

function compareLists(a, b) {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] - b[k];
  return a.length - b.length;
}

// -- Tatham's game IDs (kinds/tatham.py) ----------------------------------------------

const GAME_ID = new RegExp(`^([0-9]+(?:x[0-9]+)?[a-z0-9]*):([^${WHITESPACE}]*)$`);
const FLAGS = { U: [-1, 0], R: [0, 1], D: [1, 0], L: [0, -1] };

function stripped(text) {
  let start = 0, end = text.length;
  while (start < end && WHITESPACE.includes(text[start])) start++;
  while (end > start && WHITESPACE.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

function isGameId(text) {
  return GAME_ID.test(stripped(text));
}

function readGameId(text) {
  const match = GAME_ID.exec(stripped(text));
  if (!match) throw new InvalidPuzzle("a game ID is PARAMS:DESCRIPTION, as 3x3:a2b... or 5:0,0R,...");
  const [, params, desc] = match;
  if (/^[0-9]+(?:a|d[a-z]?)*$/.test(params)) return readUnequal(params, desc);
  return readSolo(params, desc);
}

function writeGameId({ shape, digits, cages, signs }) {
  if (shape.kind === "futoshiki") return writeUnequal(shape, digits, signs);
  if (shape.kind === "jigsaw") return `${shape.n}j:${writeGrid(digits)},${writeBorders(shape.regions, shape.n)}`;
  if (shape.kind === "windoku") throw new InvalidPuzzle("Tatham's programs have no windoku");
  const params = `${shape.boxRows}x${shape.boxCols}` + ({ x: "x", killer: "k" }[shape.kind] ?? "");
  let desc = writeGrid(digits);
  if (shape.kind === "killer") {
    const cells = shape.n * shape.n;
    const first = new Map(cages.map((cage) => [Math.min(...cage.cells), cage.sum]));
    const cageOf = [];
    cages.forEach((cage, k) => cage.cells.forEach((x) => (cageOf[x] = k)));
    desc += `,${writeBorders(cageOf, shape.n)},${writeGrid(range(0, cells).map((x) => first.get(x) ?? 0))}`;
  }
  return `${params}:${desc}`;
}

function readSolo(params, desc) {
  const match = /^([0-9]+)(?:x([0-9]+))?/.exec(params);
  const rows = Number.parseInt(match[1], 10);
  const cols = match[2] !== undefined ? Number.parseInt(match[2], 10) : rows;
  const flags = params.slice(match[0].length).replace(/d[tbiaeu]?|md?[0-9]*|r[0-9]*|a/g, "");
  const [jigsaw, x, killer] = ["j", "x", "k"].map((flag) => flags.includes(flag));
  if ((jigsaw && (x || killer)) || (x && killer)) {
    throw new InvalidPuzzle(`game ID ${params}: only one of jigsaw (j), X (x) and killer (k) at a time is read here`);
  }
  const n = !jigsaw || match[2] !== undefined ? rows * cols : rows;
  if (n > 35 || n < 2) throw new InvalidPuzzle(`game ID ${params}: a grid of ${n}x${n} is too ${n > 35 ? "big" : "small"}`);
  const parts = desc.split(",");
  const wanted = jigsaw ? 2 : killer ? 3 : 1;
  if (parts.length !== wanted) {
    const what = { 1: "the grid", 2: "the grid and the regions", 3: "the grid, the cages and their sums" }[wanted];
    throw new InvalidPuzzle(`game ID ${params}: the description has ${what}, in ${wanted} part${wanted > 1 ? "s" : ""} ` +
      `separated by commas, not ${parts.length}`);
  }
  const digits = readGrid(parts[0], n * n, n, "the grid");
  if (jigsaw) return makePuzzle(jigsawShape(regionsOf(readBorders(parts[1], n, "the regions"))), digits);
  const shape = shapeFor(n, [rows, cols], x ? "x" : killer ? "killer" : "sudoku");
  if (!killer) return makePuzzle(shape, digits);
  const cages = readBorders(parts[1], n, "the cages");
  const sums = readGrid(parts[2], n * n, (n * n * (n + 1)) / 2, "the sums");
  return makePuzzle(shape, digits, cages.map((cells) => cageOf(cells, sums, n)));
}

function cageOf(cells, sums, n) {
  const given = cells.flatMap((x) => (sums[x] ? [sums[x]] : []));
  if (given.length !== 1) {
    const where = cells.map((x) => `r${Math.floor(x / n) + 1}c${(x % n) + 1}`).join(", ");
    throw new InvalidPuzzle(`the cage of ${where} has ${given.length || "no"} sum${given.length > 1 ? "s" : ""}, not one`, cells);
  }
  return { cells, sum: given[0] };
}

function readGrid(text, area, most, what) {
  const values = [];
  for (const token of text.match(/[0-9]+|[^0-9]/gu) ?? []) {
    if (token === "_") continue;
    if ("0123456789".includes(token[0])) {
      if (!(Number(token) >= 1 && Number(token) <= most)) throw new InvalidPuzzle(`${what} has the number ${token}, which is not from 1 to ${most}`);
      values.push(Number(token));
    } else if (token >= "a" && token <= "z") {
      for (let k = 0; k <= token.charCodeAt(0) - 97; k++) values.push(0);
    } else {
      throw new InvalidPuzzle(`${what} has the character ${charName(token)}, which is no digit, letter or _`);
    }
  }
  if (values.length !== area) throw new InvalidPuzzle(`${what} describes ${values.length} cells, not ${area}`);
  return values;
}

function writeGrid(values) {
  const out = [];
  let run = 0;
  for (const value of [...values, -1]) {
    if (value === 0) {
      run++;
      continue;
    }
    if (run) {
      while (run > 0) {
        const take = Math.min(run, 26);
        out.push(String.fromCharCode(96 + take));
        run -= take;
      }
    } else if (out.length && value > 0) {
      out.push("_");
    }
    if (value > 0) out.push(String(value));
  }
  return out.join("");
}

function edge(i, n) {
  if (i < n * (n - 1)) {
    const y = Math.floor(i / (n - 1)), x = i % (n - 1);
    return [y * n + x, y * n + x + 1];
  }
  const x = Math.floor(i / (n - 1)) - n, y = i % (n - 1);
  return [y * n + x, (y + 1) * n + x];
}

function readBorders(text, n, what) {
  const edges = 2 * n * (n - 1);
  const parent = range(0, n * n);
  const root = (x) => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  let i = 0;
  for (const ch of text) {
    let run, border;
    if (ch === "z") [run, border] = [25, false];
    else if (ch === "_" || (ch >= "a" && ch <= "y")) [run, border] = [ch === "_" ? 0 : ch.charCodeAt(0) - 96, true];
    else throw new InvalidPuzzle(`${what} has the character ${charName(ch)}, which is no letter or _`);
    if (i + run + border > edges + 1) throw new InvalidPuzzle(`${what} tell more edges than a ${n}x${n} grid has`);
    for (let k = 0; k < run; k++) {
      const [a, b] = edge(i, n);
      parent[root(a)] = root(b);
      i++;
    }
    i += border;
  }
  if (i !== edges + 1) throw new InvalidPuzzle(`${what} tell ${i} of the ${edges + 1} edges of a ${n}x${n} grid (with the last)`);
  const areas = new Map();
  for (let x = 0; x < n * n; x++) {
    if (!areas.has(root(x))) areas.set(root(x), []);
    areas.get(root(x)).push(x);
  }
  return [...areas.values()];
}

function regionsOf(areas) {
  const region = [];
  areas.forEach((cells, k) => cells.forEach((x) => (region[x] = k)));
  return region;
}

function writeBorders(areaOf, n) {
  const out = [];
  let run = 0;
  const edges = 2 * n * (n - 1);
  for (let i = 0; i <= edges; i++) {
    if (i < edges) {
      const [a, b] = edge(i, n);
      if (areaOf[a] === areaOf[b]) {
        run++;
        continue;
      }
    }
    while (run > 25) {
      out.push("z");
      run -= 25;
    }
    out.push(run ? String.fromCharCode(96 + run) : "_");
    run = 0;
  }
  return out.join("");
}

function readUnequal(params, desc) {
  const number = /^[0-9]+/.exec(params)[0];
  const n = Number.parseInt(number, 10);
  if (params.slice(number.length).replace(/d[a-z]?/g, "").includes("a")) {
    throw new InvalidPuzzle(`game ID ${params}: Unequal's adjacent mode is not read here, only its signs`);
  }
  const shape = shapeFor(n, null, "futoshiki");
  const digits = new Array(n * n).fill(0);
  const signs = [];
  let i = 0, position = 0;
  const cell = /([a-z]*)([0-9]+)([A-Z]*)/y;
  while (position < desc.length) {
    cell.lastIndex = position;
    const token = cell.exec(desc);
    if (!token) {
      throw new InvalidPuzzle(`the description has ${charName(String.fromCodePoint(desc.codePointAt(position)))} where cell ${i + 1}'s number ` +
        "(after letters for blank cells) should be");
    }
    const [, skip, digit, flags] = token;
    for (const ch of skip) i += ch.charCodeAt(0) - 96;
    if (i >= n * n) throw new InvalidPuzzle(`the description has more than the ${n * n} cells of a ${n}x${n} grid`);
    if (Number(digit) > n) throw new InvalidPuzzle(`cell ${i + 1} has ${digit}, more than ${n}`);
    digits[i] = Number(digit);
    const r = Math.floor(i / n), c = i % n;
    for (const flag of flags) {
      if (!(flag in FLAGS)) throw new InvalidPuzzle(`r${r + 1}c${c + 1} has the flag ${charName(flag)}; flags are U, R, D and L`, [i]);
      const [dr, dc] = FLAGS[flag];
      if (!(r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)) throw new InvalidPuzzle(`the sign ${flag} of r${r + 1}c${c + 1} points off the grid`, [i]);
      signs.push([i, (r + dr) * n + c + dc]);
    }
    i++;
    position = cell.lastIndex;
    if (position < desc.length) {
      if (desc[position] !== ",") throw new InvalidPuzzle(`cell ${i} is not followed by a comma`);
      position++;
    }
  }
  if (i < n * n) throw new InvalidPuzzle(`the description has ${i} of the ${n * n} cells of a ${n}x${n} grid`);
  return makePuzzle(shape, digits, [], signs);
}

function writeUnequal(shape, digits, signs) {
  const n = shape.n;
  const flags = new Map();
  for (const [g, l] of signs) {
    const d = l - g;
    const offset = Math.abs(d) === n ? [Math.sign(d), 0] : [0, d];
    const flag = Object.keys(FLAGS).find((f) => FLAGS[f][0] === offset[0] && FLAGS[f][1] === offset[1]);
    flags.set(g, (flags.get(g) ?? "") + flag);
  }
  const order = "URDL";
  const cell = (d, x) => `${d}${[...(flags.get(x) ?? "")].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join("")},`;
  return `${n}:${digits.map(cell).join("")}`;
}

// -- Each kind's readable text (kinds/forms.py) -----------------------------------------

const CELL_ROW = /^[0-9A-Za-z.*_]$/;
const [UP, DOWN] = ["^\u2227", "vV\u2228"]; // the signs under a cell: ^ or ∧ (greater below), v or ∨ (less below)
const SIGN_ROW = new RegExp(`^[ \t${DOWN}${UP}]*[${DOWN}${UP}][ \t${DOWN}${UP}]*$`);
const CAGE = /^[ \t]*([0-9]+)[ \t]*[:=][ \t]*((?:[rR][0-9]+[cC][0-9]+[ \t,;]*)+)$/;
const KILLER_SIZE = /^[ \t]*killer(?:[ \t]+([0-9]+)[ \t]*x[ \t]*([0-9]+))?[ \t]*$/i;

function rstripped(line) {
  let end = line.length;
  while (end > 0 && WHITESPACE.includes(line[end - 1])) end--;
  return line.slice(0, end);
}

function linesOf(text) {
  return text.split(LINE_BREAK).filter((line) => stripped(line)).map(rstripped);
}

function looksLike(text) {
  const lines = linesOf(text);
  if (lines.some((line) => CAGE.test(line))) return "killer";
  if (lines.some((line) => line.includes("<") || line.includes(">")) || lines.some((line) => SIGN_ROW.test(line))) return "futoshiki";
  if (jigsawSplit(lines)) return "jigsaw";
  return null;
}

function readForm(text, kind) {
  const lines = linesOf(text);
  if (kind === "futoshiki") return readFutoshiki(lines);
  if (kind === "jigsaw") {
    const split = jigsawSplit(lines);
    if (!split) throw new InvalidPuzzle("a jigsaw is its digits, then n lines of n letters, one letter per region");
    const [digits, regions] = split;
    return withDigits(jigsawShape(regions), digits);
  }
  if (kind === "killer") return readKiller(lines);
  throw new InvalidPuzzle(`${A_KIND[kind]} has no text form of its own: write its grid`);
}

function withDigits(shape, lines, cages = []) {
  const digits = lines.length ? parseDigits(lines.join("\n"), shape.n) : new Array(shape.n * shape.n).fill(0);
  return makePuzzle(shape, digits, cages);
}

function readFutoshiki(lines) {
  const rows = []; // per cell row: [column in its line, symbol]
  const signs = []; // [cell row, column in the line, sign]
  lines.forEach((line, index) => {
    const number = index + 1;
    if (SIGN_ROW.test(line)) {
      if (!rows.length) throw new InvalidPuzzle(`line ${number}: a line of ^ and v signs comes between two rows of cells`);
      [...line].forEach((ch, column) => (UP + DOWN).includes(ch) && signs.push([rows.length - 1, column, ch.toLowerCase()]));
      return;
    }
    const cells = [];
    [...line].forEach((ch, column) => {
      if (CELL_ROW.test(ch)) cells.push([column, ch]);
      else if ("<>".includes(ch)) {
        if (!cells.length) throw new InvalidPuzzle(`line ${number}, column ${column + 1}: a sign ${ch} needs a cell before it`);
        signs.push([rows.length, column, ch]);
      } else if (!" \t|".includes(ch)) {
        throw new InvalidPuzzle(`line ${number}, column ${column + 1}: ${charName(ch)} is no symbol, no < > ^ v sign`);
      }
    });
    rows.push(cells);
  });
  const n = rows.length;
  if (rows.some((cells) => cells.length !== n)) {
    const counts = [...new Set(rows.map((cells) => cells.length))].sort((a, b) => a - b);
    throw new InvalidPuzzle(`a futoshiki of ${n} rows has ${n} cells in each, not ${counts.join(", ")}`);
  }
  const shape = shapeFor(n, null, "futoshiki");
  const found = [];
  for (const [row, column, sign] of signs) {
    if ("<>".includes(sign)) {
      const left = Math.max(...rows[row].flatMap(([c], k) => (c < column ? [k] : [])));
      if (left === n - 1) throw new InvalidPuzzle(`row ${row + 1}: the sign ${sign} at the end of the row has no cell after it`);
      const [a, b] = [row * n + left, row * n + left + 1];
      found.push(sign === ">" ? [a, b] : [b, a]);
    } else {
      const below = rows[row].flatMap(([c], k) => (c === column ? [k] : []));
      if (row === n - 1 || !below.length) {
        throw new InvalidPuzzle(`the sign ${sign} after row ${row + 1} stands under no cell, or under the last row`);
      }
      const [a, b] = [row * n + below[0], (row + 1) * n + below[0]];
      found.push(DOWN.includes(sign) ? [a, b] : [b, a]);
    }
  }
  const text = rows.map((cells) => cells.map(([, symbol]) => symbol).join("")).join("\n");
  return makePuzzle(shape, parseDigits(text, n), [], found);
}

function jigsawSplit(lines) {
  for (const n of [...KIND_SIZES.jigsaw].reverse()) {
    const block = lines.slice(-n).map(stripped);
    if (lines.length < n || !block.every((row) => new RegExp(`^[A-Za-z]{${n}}$`).test(row))) continue;
    const letters = block.join("").toUpperCase();
    const names = [...new Set(letters)].sort();
    if (names.length !== n) continue; // a region of the wrong size is told by the shape
    const order = [...names].sort((a, b) => letters.indexOf(a) - letters.indexOf(b));
    return [lines.slice(0, -n), [...letters].map((letter) => order.indexOf(letter))];
  }
  return null;
}

function readKiller(lines) {
  let size = null;
  const head = lines.length ? KILLER_SIZE.exec(lines[0]) : null;
  if (head) {
    lines = lines.slice(1);
    if (head[1] !== undefined) {
      if (head[1] !== head[2]) throw new InvalidPuzzle(`a killer grid is square, not ${head[1]}x${head[2]}`);
      size = Number.parseInt(head[1], 10);
    }
  }
  const grid = [];
  const named = []; // [sum, [[row, col]], line]
  lines.forEach((line, index) => {
    const number = index + 1;
    const match = CAGE.exec(line);
    if (match) {
      const cells = [...match[2].matchAll(/[rR]([0-9]+)[cC]([0-9]+)/g)].map(([, r, c]) => [Number(r) - 1, Number(c) - 1]);
      named.push([Number(match[1]), cells, number]);
    } else if (named.length) {
      throw new InvalidPuzzle(`line ${number}: a cage line is its sum, a colon and its cells: 15: r1c1 r1c2`);
    } else {
      grid.push(line);
    }
  });
  if (!named.length) throw new InvalidPuzzle("a killer's text lists its cages, a line each: 15: r1c1 r1c2");
  const most = Math.max(...named.flatMap(([, cells]) => cells.map(([r, c]) => Math.max(r, c) + 1)));
  if (size === null) size = KIND_SIZES.killer.find((n) => n >= most) ?? most;
  const shape = shapeFor(size, null, "killer");
  const cages = named.map(([sum, cells, number]) => {
    const outside = cells.filter(([r, c]) => !(r >= 0 && r < size && c >= 0 && c < size)).map(([r, c]) => `r${r + 1}c${c + 1}`);
    if (outside.length) throw new InvalidPuzzle(`line ${number}: ${outside[0]} is not in a ${size}x${size} grid`);
    return { cells: cells.map(([r, c]) => r * size + c), sum };
  });
  return withDigits(shape, grid, cages);
}

// -- Reading any text (kinds/read.py) ---------------------------------------------------

const PREFIX = new RegExp(`^[${WHITESPACE}]*(${KINDS.join("|")})[${WHITESPACE}]*:`, "i");
// An f-puzzles or SudokuPad link, or f-puzzles' bare data or JSON (kinds/read.py's VARIANT_LINK and LINK_UNREAD).
const VARIANT_LINK = /^\s*[<"'`]?\s*(?:(?:https?:\/{1,2})?(?:www\.)?(?:f-puzzles\.com|sudokupad\.app|app\.crackingthecryptic\.com)|fpuzzles|fpuz|scl|N4Ig[\w+/=$ -]{16}|\{\s*")/i;
const LINK_UNREAD = "this is an f-puzzles or SudokuPad link with variant rules: they are solved, checked, " +
  "hinted, rated and searched step by step, and the lab shows their exact cover, but they are not yet " +
  "generated or raced (docs/rules.md)";

// Whether `text` is an f-puzzles or SudokuPad link (which Python reads: web.parse_puzzle).
export function isVariantLink(text) {
  return VARIANT_LINK.test(text);
}

// The record of the puzzle in `text` (see the module's comment), of `kind` and `size`
// where given; an invalid record naming what is wrong and where otherwise.
export function readPuzzle(text, size = 0, kind = "") {
  try {
    return record(readAny(text, size || null, kind || null));
  } catch (error) {
    if (!(error instanceof InvalidPuzzle)) throw error;
    return { puzzle: text, status: "invalid", error: error.message, cells: error.cells };
  }
}

function readAny(text, size, kind) {
  if (kind !== null && !KINDS.includes(kind)) throw new InvalidPuzzle(`unknown kind "${kind}"; kinds are ${KINDS.join(", ")}`);
  if (VARIANT_LINK.test(text)) throw new InvalidPuzzle(LINK_UNREAD);
  if (text.length > MAX_TEXT) {
    const length = [...text].length;
    if (length > MAX_TEXT) throw new InvalidPuzzle(`the text has ${count(length)} characters; a puzzle has at most ${count(MAX_TEXT)}`);
  }
  const prefix = PREFIX.exec(text);
  if (prefix) {
    const named = prefix[1].toLowerCase();
    if (kind && kind !== named) throw new InvalidPuzzle(`the text says it is ${A_KIND[named]}, not ${A_KIND[kind]}`);
    kind = named;
    text = text.slice(prefix[0].length);
  }
  const puzzle = readKind(text, size, kind);
  if (size !== null && puzzle.shape.n !== size) {
    throw new InvalidPuzzle(`this is a ${puzzle.shape.n}x${puzzle.shape.n} puzzle, not ${size}x${size}`);
  }
  if (kind !== null && puzzle.shape.kind !== kind) throw new InvalidPuzzle(`this is ${A_KIND[puzzle.shape.kind]}, not ${A_KIND[kind]}`);
  return puzzle;
}

function readKind(text, size, kind) {
  if (isGameId(text)) {
    try {
      return readGameId(text);
    } catch (idError) {
      if (!(idError instanceof InvalidPuzzle) || kind !== null) throw idError;
      try { // a puzzle with a label ending in a colon ("9:4.....8.5...") reads as digits
        return classic(text, size);
      } catch (error) {
        if (!(error instanceof InvalidPuzzle)) throw error;
        throw new InvalidPuzzle(`game ID: ${idError.message}`, idError.cells);
      }
    }
  }
  kind = kind ?? looksLike(text) ?? "sudoku";
  if (["futoshiki", "jigsaw", "killer"].includes(kind)) return readForm(text, kind);
  const digits = classic(text, size);
  if (kind === "sudoku") return digits;
  return makePuzzle(shapeFor(digits.shape.n, [digits.shape.boxRows, digits.shape.boxCols], kind), digits.digits);
}

// A classic sudoku read by grid.js's parse (the twin of grid.parse).
function classic(text, size) {
  const digits = parse(text, size ?? 0);
  return makePuzzle(shapeFor(Math.round(Math.sqrt(digits.length))), digits);
}

// The canonical text of a puzzle: a classic sudoku's digits, "windoku:" and its
// digits, else Tatham's game ID.
function canonical(puzzle) {
  const line = puzzle.digits.map((d) => (d ? SYMBOLS[d - 1] : BLANK)).join("");
  if (puzzle.shape.kind === "sudoku") return line;
  if (puzzle.shape.kind === "windoku") return `windoku:${line}`;
  return writeGameId(puzzle);
}

// The canonical text of the puzzle of `shape` (grid.js gridShape's) with the one-line
// `line`'s digits (the givens, or givens and entries): what Python reads back as that
// puzzle. Throws InvalidPuzzle if the shape breaks a rule of its kind. A variant's text is
// its link, whatever the line: its entries go to Python beside it.
export function puzzleText({ n, boxRows, boxCols, kind, regions, cages, signs, variant }, line) {
  if (kind === "variant") return variant.puzzle;
  const digits = [...line].map((symbol) => SYMBOLS.indexOf(symbol) + 1);
  return canonical(makePuzzle(makeShape(n, boxRows, boxCols, kind, regions), digits, cages, signs));
}

// web.parse_puzzle's record of a puzzle (kinds/read.py's puzzle_record, with its id and clues).
function record(puzzle) {
  const { shape } = puzzle;
  const fields = { puzzle: canonical(puzzle), status: "parsed", kind: shape.kind, size: shape.n, box_rows: shape.boxRows, box_cols: shape.boxCols };
  if (shape.regions.length) fields.regions = shape.regions;
  const extra = extraUnits(shape);
  if (extra.length) fields.units = extra;
  if (puzzle.cages.length) fields.cages = puzzle.cages;
  if (puzzle.signs.length) fields.signs = puzzle.signs;
  fields.givens = puzzle.digits.map((d) => (d ? SYMBOLS[d - 1] : BLANK)).join("");
  fields.clues = puzzle.digits.filter(Boolean).length;
  return fields;
}
