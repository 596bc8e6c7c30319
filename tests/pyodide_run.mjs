// Runs Python from standard input inside real Pyodide (the npm package, in Node),
// after installing micropip and the project wheel with it, as a Pyodide app would.
// Usage: node tests/pyodide_run.mjs <pyodide dir> <micropip wheel> <project wheel> < code.py
// Prints what the code's last expression returns (a string).
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, micropipWheel, projectWheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: console.error });
const loaded = await pyodide.loadPackage(micropipWheel, { messageCallback: () => {} });
if (!loaded.length) throw new Error(`micropip did not load from ${micropipWheel}`);
const target = `/tmp/${basename(projectWheel)}`;
pyodide.FS.writeFile(target, readFileSync(projectWheel));
await pyodide.pyimport("micropip").install(`emfs:${target}`);
process.stdout.write(String(pyodide.runPython(readFileSync(0, "utf8"))));
