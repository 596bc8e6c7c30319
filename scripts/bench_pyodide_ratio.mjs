// Solves the puzzles of a file in Pyodide under Node.js and in CPython in turn, puzzle by puzzle (the order
// turning with each), each timed inside its own process, for Pyodide's ratio to CPython per puzzle.
//
//   node scripts/bench_pyodide_ratio.mjs FILE [--n 300] [--rounds 3]
//
// FILE: a puzzle a line (its first field); a sample of --n of them (seed 1; 0: all). Each puzzle
// is solved up to 2 solutions --rounds times in each (the fastest counts); the tries must agree.
// Needs node_modules/pyodide (python3 build.py).
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const [file] = args;
const n = option("--n", 300);
const rounds = option("--rounds", 3);
// Both processes run this: solve(text) answers [fastest ms, tries]; sample() the puzzles.
const SETUP = `
import json, random, sys, time
from sudoku_dlx.kinds.grid import parse
from sudoku_dlx.kinds.solver import solutions
def solve(text):
    puzzle, best = parse(text), None
    for _ in range(${rounds}):
        start = time.perf_counter()
        found, stats = solutions(puzzle, 2)
        took = (time.perf_counter() - start) * 1000
        best = took if best is None else min(best, took)
    return json.dumps([best, stats.tries])
def sample(name):
    lines = [line.split()[0] for line in open(name) if line.strip() and not line.startswith("#")]
    return json.dumps(random.Random(1).sample(lines, ${n}) if 0 < ${n} < len(lines) else lines)
`;
const cpython = spawn("python3", ["-u", "-c", `${SETUP}\nfor line in sys.stdin:\n    print(solve(line.strip()), flush=True)`],
  { cwd: root, env: { ...process.env, PYTHONPATH: path.join(root, "py") } });
const answers = readline.createInterface({ input: cpython.stdout })[Symbol.asyncIterator]();
const askCPython = async (text) => {
  cpython.stdin.write(`${text}\n`);
  return JSON.parse((await answers.next()).value);
};
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", path.dirname(root));
pyodide.runPython(`import os, sys; os.chdir("/host/${path.basename(root)}"); sys.path.insert(0, "py")\n${SETUP}`);
const askPyodide = (text) => JSON.parse(pyodide.globals.get("solve")(text));
const texts = JSON.parse(pyodide.globals.get("sample")(file));
const ratios = [];
let ours = 0;
let theirs = 0;
for (const [k, text] of texts.entries()) {
  let py;
  let cp;
  if (k % 2) {
    py = askPyodide(text);
    cp = await askCPython(text);
  } else {
    cp = await askCPython(text);
    py = askPyodide(text);
  }
  if (py[1] !== cp[1]) throw new Error(`${text}: ${py[1]} tries in Pyodide, ${cp[1]} in CPython`);
  ratios.push(py[0] / cp[0]);
  theirs += py[0];
  ours += cp[0];
}
cpython.stdin.end();
ratios.sort((a, b) => a - b);
const at = (q) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))].toFixed(2);
console.log(`${path.basename(file)}: ${ratios.length} puzzles; Pyodide / CPython per puzzle: median ${at(0.5)}x ` +
  `(quartiles ${at(0.25)}x-${at(0.75)}x, most ${at(1)}x); in all ${(theirs / 1000).toFixed(2)} s against ` +
  `${(ours / 1000).toFixed(2)} s, ${(theirs / ours).toFixed(2)}x`);
