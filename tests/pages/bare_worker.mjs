// Only loadPyodide, with the npm package's files as they come (build.py keeps its
// standard library and lock file beside the runtime the page uses, and build.json
// names that folder).
const vendor = new URL("../../static/vendor/", import.meta.url);
const build = await (await fetch(new URL("build.json", vendor), { cache: "no-cache" })).json();
const runtime = new URL(build.runtime, vendor);
const { loadPyodide } = await import(new URL("pyodide.mjs", runtime));
loadPyodide({ indexURL: runtime.href }).then(
  () => postMessage("ready"),
  () => postMessage("error"),
);
