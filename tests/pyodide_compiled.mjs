// Runs Python from standard input inside real Pyodide (the npm package, in Node), booted
// as the page's worker boots it: the standard library and the wheel that build.py
// compiled, named by static/vendor/build.json.
// Usage: node tests/pyodide_compiled.mjs <static/vendor dir> < code.py
// Prints what the code's last expression returns (a string).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const vendor = `${process.argv[2]}/`;
const build = JSON.parse(readFileSync(`${vendor}build.json`, "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${vendor}${build.runtime}pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${vendor}${build.runtime}`,
  stdLibURL: `${vendor}${build.stdlib}`,
  lockFileContents: build.lock,
  packages: [`${vendor}${build.wheel}`],
  stdout: console.error,
  messageCallback: () => {},
});
if (!pyodide.loadedPackages.sudoku_dlx) throw new Error(`sudoku_dlx did not load from ${build.wheel}`);
process.stdout.write(String(pyodide.runPython(readFileSync(0, "utf8"))));
