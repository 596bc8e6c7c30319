// The one place Python runs: loads Pyodide once, with the files build.json names (the
// standard library precompiled, the project wheel with its bytecode), then answers
// requests {id, type, args} with {id, result} or {id, error}, after any number of
// {id, progress} from functions that report progress. `type` names a function of
// sudoku_dlx.web listed in its __all__; only JSON text crosses between JS and Python.
// Progress goes out as {type: "status", state, text}.
//
// A later boot restores Python from a memory snapshot: the whole WebAssembly heap,
// taken by the first boot of a build with the package imported, kept in the build's
// cache (build.json's `cache`, the service worker's) under a URL naming the build.
// Restored, Python skips its start, Pyodide's own bootstrap and every import. Snapshots
// are Pyodide's private API, so on any failure to read or restore one (Pyodide checks
// that its runtime made it), or a fatal error after, it is marked failed and Python
// boots as usual, for the rest of that build. A restore brings back the heap as it
// was, so `random` is reseeded after it; the files unpacked before the snapshot are
// gone (no module is read again: every module of the package was imported).
const vendor = new URL("./vendor/", import.meta.url);

// call(type, args_json, progress) -> JSON text of {"result": record} (sudoku_dlx/worker.py):
// a web function with a `progress` parameter gets a function that sends its JSON-able
// argument to the page at once, as {id, progress}.
const CALL = "from sudoku_dlx.worker import call; call";

// Before the snapshot: every module of the package imported (none is read from the
// unpacked files after a restore).
const IMPORT_ALL = "from sudoku_dlx.worker import import_all; import_all()";

// After a restore: what the boot seeded is as the snapshot had it, so seed it again.
const RESEED = "import random; random.seed()";

// How this worker's Python started: "restored" (from the snapshot), "booted, snapshot
// made", "booted" (no snapshot to make: one failed, or no Cache Storage), "booted after
// a failed restore". Read by the tests and by scripts/page_speed.py, which must know
// which boot they measured.
self.pythonStart = null;

function status(state, text) {
  postMessage({ type: "status", state, text });
}

async function fetchOk(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url.pathname.split("/").pop()}: HTTP ${response.status} (run python3 build.py)`);
  return response;
}

// This build's snapshot in its cache: {cache, url, saved}, where saved is the cached
// response (a snapshot, or FAILED) or undefined; null where Cache Storage is not
// available (no secure context, an opaque origin).
async function findSnapshot(build) {
  try {
    const url = new URL(`snapshot-${build.id}.bin`, vendor).href;
    const cache = await caches.open(build.cache);
    return { cache, url, saved: await cache.match(url) };
  } catch {
    return null;
  }
}

// Stored in place of a snapshot that failed: this build boots without one from then on.
const FAILED = 204;

function markFailed({ cache, url }) {
  return cache.put(url, new Response(null, { status: FAILED })).catch(() => {});
}

// Python from the snapshot, reseeded, with its call; fails unless it answers a request.
async function restore(loadPyodide, options, snapshot) {
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot.saved.arrayBuffer() });
  pyodide.runPython(RESEED);
  const call = pyodide.runPython(CALL);
  const answer = JSON.parse(call("parse_puzzle", JSON.stringify({ text: "1" }), null));
  if (!answer.result) throw new Error(`the restored Python answered ${JSON.stringify(answer)}`);
  return call;
}

// Python booted as usual, with the wheel; a snapshot of it stored if `snapshot` is given.
async function boot(loadPyodide, options, build, snapshot) {
  // The wheel downloads while Pyodide boots and is unpacked once it has.
  const wheel = fetchOk(new URL(build.wheel, vendor)).then((response) => response.arrayBuffer());
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(snapshot) });
  pyodide.unpackArchive(await wheel, "wheel");
  pyodide.runPython(IMPORT_ALL);
  const made = Boolean(snapshot) && makeSnapshot(pyodide, snapshot);
  return { call: pyodide.runPython(CALL), made };
}

// Takes the snapshot now (before any request changes the heap) and stores it meanwhile.
function makeSnapshot(pyodide, { cache, url }) {
  let heap;
  try {
    heap = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn(`No memory snapshot of Python: ${error.message}`);
    return false;
  }
  cache.put(url, new Response(heap, { headers: { "Content-Type": "application/octet-stream" } }))
    .catch((error) => console.warn(`Python's memory snapshot was not stored: ${error.message}`));
  return true;
}

// This build's snapshot, once found (a fatal error in Python restored from it fails it).
let snapshot = null;

// True when this worker's content security policy forbids compiling WebAssembly (a site
// that serves the page, an LMS say, with a script-src lacking 'wasm-unsafe-eval').
async function wasmBlocked() {
  try {
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); // an empty module
    return false;
  } catch (error) {
    return /Content Security Policy|unsafe-eval/i.test(error.message);
  }
}

// Servers that send .wasm as another type than application/wasm (many LMSs send
// application/octet-stream), which WebAssembly's streaming calls refuse: the module is
// then compiled from its bytes.
for (const name of ["compileStreaming", "instantiateStreaming"]) {
  const streaming = WebAssembly[name];
  WebAssembly[name] = async (source, ...rest) => {
    const response = await source;
    if (response.headers.get("Content-Type")?.split(";")[0].trim() === "application/wasm") return streaming(response, ...rest);
    const bytes = await response.arrayBuffer();
    return name === "compileStreaming" ? WebAssembly.compile(bytes) : WebAssembly.instantiate(bytes, ...rest);
  };
}

async function start() {
  status("loading", "Loading Python…");
  if (await wasmBlocked()) {
    throw new Error("this site's content security policy blocks WebAssembly (its script-src needs 'wasm-unsafe-eval'), so Python cannot run here");
  }
  const build = await (await fetchOk(new URL("build.json", vendor), { cache: "no-cache" })).json();
  const runtime = new URL(build.runtime, vendor);
  let loadPyodide;
  [snapshot, { loadPyodide }] = await Promise.all([findSnapshot(build), import(new URL("pyodide.mjs", runtime))]);
  const options = { indexURL: runtime.href, stdLibURL: new URL(build.stdlib, vendor).href, lockFileContents: build.lock };
  if (snapshot?.saved?.status === 200) {
    try {
      const call = await restore(loadPyodide, options, snapshot);
      self.pythonStart = "restored";
      return call;
    } catch (error) {
      console.warn(`Python's memory snapshot did not restore, so Python boots without it: ${error.message}`);
      await markFailed(snapshot);
      const { call } = await boot(loadPyodide, options, build, null);
      self.pythonStart = "booted after a failed restore";
      return call;
    }
  }
  const { call, made } = await boot(loadPyodide, options, build, snapshot?.saved ? null : snapshot);
  self.pythonStart = made ? "booted, snapshot made" : "booted";
  return call;
}

// Pyodide fetches its files itself, and when one fails (offline) it may wait for it
// forever (its WebAssembly) or reject where nothing hears it (the rest). So while Python
// is not ready, a fetch that fails fails the boot, with its message, and the rejections
// of that failure that nothing heard are not logged again as errors of their own.
let pythonReady = false;
let failBoot;
let bootFailure = null;
const browserFetch = self.fetch.bind(self);
self.fetch = (...args) => browserFetch(...args).catch((error) => {
  if (!pythonReady) {
    bootFailure ??= error;
    failBoot(error);
  }
  throw error;
});
self.addEventListener("unhandledrejection", (event) => {
  const { reason } = event;
  if (!pythonReady && bootFailure && reason instanceof TypeError && reason.message === bootFailure.message) event.preventDefault();
});

const ready = new Promise((resolve, reject) => {
  failBoot = reject;
  start().then(resolve, reject);
});
ready.then(
  () => {
    pythonReady = true;
    status("ready", "Python is ready.");
  },
  (error) => status("error", `Python failed to load: ${error.message}`),
);

self.onmessage = async ({ data: { id, type, args } }) => {
  try {
    const call = await ready;
    const progress = (text) => postMessage({ id, progress: JSON.parse(text) });
    postMessage({ id, ...JSON.parse(call(type, JSON.stringify(args ?? {}), progress)) });
  } catch (error) {
    // A fatal Pyodide error (e.g. the stack overflowed) leaves this worker unusable.
    if (error.pyodide_fatal_error && self.pythonStart === "restored") await markFailed(snapshot);
    postMessage({ id, error: error.message, fatal: Boolean(error.pyodide_fatal_error) || undefined });
  }
};
