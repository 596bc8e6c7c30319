// The one place Python runs: loads Pyodide once, with the files build.json names (the
// standard library precompiled, the project wheel with its bytecode, installed by
// loadPyodide itself), then answers requests {id, type, args} with {id, result} or
// {id, error}, after any number of {id, progress} from functions that report progress.
// `type` names a function of sudoku_dlx.web listed in its __all__; only JSON text
// crosses between JS and Python. Progress goes out as {type: "status", state, text}.
const vendor = new URL("./vendor/", import.meta.url);

// call(type, args_json, progress) -> JSON text of {"result": ...} or {"error": "..."}.
// A web function with a \`progress\` parameter gets a function that sends its JSON-able
// argument to the page at once, as {id, progress}.
const SHIM = `
import inspect, json
from sudoku_dlx import web

def call(kind, args, progress):
    if kind not in web.__all__:
        return json.dumps({"error": f"unknown request type {kind!r}"})
    function, kwargs = getattr(web, kind), json.loads(args)
    if "progress" in inspect.signature(function).parameters:
        kwargs["progress"] = lambda record: progress(json.dumps(record))
    try:
        return json.dumps({"result": function(**kwargs)})
    except Exception as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})

call
`;

function status(state, text) {
  postMessage({ type: "status", state, text });
}

async function fetchOk(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url.pathname.split("/").pop()}: HTTP ${response.status} (run python3 build.py)`);
  return response;
}

async function start() {
  status("loading", "Loading Python…");
  const build = await (await fetchOk(new URL("build.json", vendor), { cache: "no-cache" })).json();
  const runtime = new URL(build.runtime, vendor);
  const { loadPyodide } = await import(new URL("pyodide.mjs", runtime));
  // The wheel downloads while Pyodide boots and is unpacked before Python starts.
  const pyodide = await loadPyodide({
    indexURL: runtime.href,
    stdLibURL: new URL(build.stdlib, vendor).href,
    lockFileContents: build.lock,
    packages: [new URL(build.wheel, vendor).href],
  });
  // loadPyodide does not fail when a package does not load: check it did.
  if (!pyodide.loadedPackages.sudoku_dlx) throw new Error(`sudoku_dlx did not load from ${build.wheel}`);
  return pyodide.runPython(SHIM);
}

const ready = start();
ready.then(
  () => status("ready", "Python is ready."),
  (error) => status("error", `Python failed to load: ${error.message}`),
);

self.onmessage = async ({ data: { id, type, args } }) => {
  try {
    const call = await ready;
    const progress = (text) => postMessage({ id, progress: JSON.parse(text) });
    postMessage({ id, ...JSON.parse(call(type, JSON.stringify(args ?? {}), progress)) });
  } catch (error) {
    // A fatal Pyodide error (e.g. the stack overflowed) leaves this worker unusable.
    postMessage({ id, error: error.message, fatal: Boolean(error.pyodide_fatal_error) || undefined });
  }
};
