// Solves the real f-puzzles puzzles of tests/data/links/rangsk_fpuzzles.tsv in Pyodide under Node.js and in CPython, side by side, each puzzle timed inside one process of each, for the page's ratio to CPython.
//
//   node scripts/bench_links_pyodide.mjs [--skip TITLE ...]
//
// Pyodide cannot stop a call, so puzzles whose title starts with a --skip word are left out
// (those bench_links.py finds over its cap). Needs node_modules/pyodide (python3 build.py).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const skip = args.filter((_, k) => args[k - 1] === "--skip");
const TIMES = `
import json, sys, time
from sudoku_dlx import web
rows = [line.rstrip("\\n").split("\\t") for line in open("tests/data/links/rangsk_fpuzzles.tsv", encoding="utf-8")
        if line.strip() and not line.startswith("#")]
skip = json.loads(SKIP)
times = {}
for name, data, solution in rows:
    if any(name.strip('"').startswith(word) for word in skip):
        continue
    start = time.perf_counter()
    record = web.solve("fpuzzles" + data)
    if record["status"] == "unique":
        times[name] = time.perf_counter() - start
json.dumps(times)`;
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", root);
pyodide.runPython(`import os, sys; os.chdir("/host"); sys.path.insert(0, "py")`);
pyodide.globals.set("SKIP", JSON.stringify(skip));
const theirs = JSON.parse(pyodide.runPython(TIMES));
const ours = JSON.parse(execFileSync("python3", ["-c", `SKIP = ${JSON.stringify(JSON.stringify(skip))}\n${TIMES.replace(/json\.dumps\(times\)$/, "print(json.dumps(times))")}`],
  { cwd: root, env: { ...process.env, PYTHONPATH: path.join(root, "py") }, encoding: "utf-8" }));
const ratios = [];
for (const [name, seconds] of Object.entries(ours)) {
  const ratio = theirs[name] / seconds;
  ratios.push(ratio);
  console.log(`${seconds.toFixed(3).padStart(7)} s  ${theirs[name].toFixed(3).padStart(7)} s  ${ratio.toFixed(2)}x  ${name.slice(0, 60)}`);
}
ratios.sort((a, b) => a - b);
const total = (times) => Object.values(times).reduce((a, b) => a + b, 0);
console.log(`${ratios.length} puzzles: Pyodide / CPython median ${ratios[ratios.length >> 1].toFixed(2)}x, ` +
  `most ${ratios.at(-1).toFixed(2)}x; in all ${total(theirs).toFixed(2)} s against ${total(ours).toFixed(2)} s`);
