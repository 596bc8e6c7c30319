// Runs `python -m sudoku_dlx bench ...` inside Pyodide under Node.js: the same
// WebAssembly Python the page runs, on the same V8 engine as Chromium.
//
//   node scripts/bench_pyodide.mjs ../shared/data/9x9/royle17_49158.txt --n 1000
//
// Needs node_modules/pyodide (python3 build.py installs it). Paths are relative
// to the project root, as for the CPython command.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const parent = path.dirname(root);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", parent);
pyodide.globals.set("argv", pyodide.toPy(["bench", ...process.argv.slice(2)]));
const code = pyodide.runPython(`
import os, sys
os.chdir("/host/${path.basename(root)}")
sys.path.insert(0, "py")
from sudoku_dlx.cli import main
main(argv)
`);
process.exitCode = code;
