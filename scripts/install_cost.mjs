// What installing the engine costs after Pyodide's boot, with micropip and as the page does.
//
// Two ways side by side, in the pinned Pyodide under Node (the V8 of Chromium), both with the page's precompiled
// standard library:
//   micropip:  loadPyodide loads micropip, which installs the plain wheel (build/),
//              then `import sudoku_dlx.web`;
//   packages:  loadPyodide installs the page's wheel (with bytecode) by URL,
//              then `import sudoku_dlx.web` (what the page's worker does).
// Usage (after python3 build.py): node scripts/install_cost.mjs [runs, default 7]
// Prints the median and range of each step in ms.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../", import.meta.url).pathname;
const vendor = `${root}static/vendor/`;
const build = JSON.parse(readFileSync(`${vendor}build.json`, "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${vendor}${build.runtime}pyodide.mjs`).href);
const plainWheel = `${root}build/${basename(build.wheel)}`;
const micropip = readFileSync(`${root}build.py`, "utf8").match(/MICROPIP = "([^"]+)"/)[1];

async function once(way) {
  const options = { indexURL: `${vendor}${build.runtime}`, stdLibURL: `${vendor}${build.stdlib}`, lockFileContents: build.lock };
  options.packages = [way === "micropip" ? `${root}build/${micropip}` : `${vendor}${build.wheel}`];
  let start = performance.now();
  const pyodide = await loadPyodide({ ...options, messageCallback: () => {} });
  const times = { boot: performance.now() - start };
  start = performance.now();
  if (way === "micropip") {
    pyodide.FS.writeFile(`/tmp/${basename(plainWheel)}`, readFileSync(plainWheel));
    await pyodide.pyimport("micropip").install(`emfs:/tmp/${basename(plainWheel)}`);
  }
  times.install = performance.now() - start;
  start = performance.now();
  pyodide.runPython("import sudoku_dlx.web");
  times.import = performance.now() - start;
  times["install + import"] = times.install + times.import;
  return times;
}

const runs = Number(process.argv[2] ?? 7);
const results = { micropip: [], packages: [] };
for (let run = 0; run < runs; run++) {
  for (const way of run % 2 ? ["packages", "micropip"] : ["micropip", "packages"]) results[way].push(await once(way));
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [way, samples] of Object.entries(results)) {
  const cells = Object.keys(samples[0]).map((step) => {
    const values = samples.map((s) => s[step]);
    return `${step} ${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
  });
  console.log(`${way}: ${cells.join(", ")} ms`);
}
