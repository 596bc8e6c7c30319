// The page's entry: reads the URL's options, starts the Python worker and the view the
// URL names (?view=lab|race|batch; the play view otherwise), and shows Python's state.
// Python never runs on this thread; every engine call goes through the PythonClient.
// In an iframe (an embed), Python boots once the frame is in view or first needed, so
// a course page's embeds further down cost nothing until read, and in turn with the
// page's other embeds (a page of its own boots at once). Once Python is ready,
// the service worker (sw.js) is registered: it caches the page's files for later
// visits and for use offline.
import { PythonClient } from "./client.js";
import { readOptions } from "./link.js";
import { startPlay } from "./play.js";

// The other views (static/views/), each a module with start(options, python), loaded
// only when the URL asks for it.
const VIEWS = {};

const root = document.documentElement;
const options = readOptions(new URL(location.href));

// Python's state for every view: root[data-python] (idle, loading, ready, error) and the
// status line, with the time the load took; `listeners` hear each change.
const python = {
  state: "loading",
  listeners: [],
  since: performance.now(),
  onChange(listener) {
    this.listeners.push(listener);
  },
  show({ state, text }) {
    this.state = state;
    root.dataset.python = state;
    if (state === "loading") this.since ??= performance.now();
    const took = state === "ready" && this.since !== null ? ` (${((performance.now() - this.since) / 1000).toFixed(1)} s)` : "";
    if (state !== "loading") this.since = null;
    for (const line of document.querySelectorAll(".python-status")) line.textContent = text + took;
    for (const listener of this.listeners) listener(state);
  },
};
const embedded = window !== window.top;
python.client = new PythonClient((status) => python.show(status), { idle: embedded, takeTurns: embedded });
if (embedded) whenVisible(document.body, () => python.client.boot());
let registered = false;
python.onChange((state) => {
  if (state !== "ready" || registered) return;
  registered = true;
  registerServiceWorker();
});

root.classList.toggle("embed", options.embed);
root.classList.toggle("readonly", options.readonly);
const view = VIEWS[options.view] ? options.view : "play";
root.dataset.view = view;
for (const link of document.querySelectorAll("nav [data-view]")) {
  if (link.dataset.view === view) link.setAttribute("aria-current", "page");
}
if (view === "play") {
  startPlay(options, python);
} else {
  document.getElementById("play").hidden = true;
  document.getElementById("view").hidden = false;
  import(VIEWS[view]).then((module) => module.start(options, python));
}

// Calls back once `element` is in the viewport (for an iframe, the top page's).
function whenVisible(element, callback) {
  if (!("IntersectionObserver" in window)) return callback();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    callback();
  });
  observer.observe(element);
}

// Registered after this visit's downloads (they are in the browser's cache then, so
// the service worker's caching revalidates them rather than downloading them again).
// A browser or frame without service workers (a sandbox without allow-same-origin)
// works as before, without the offline copy.
function registerServiceWorker() {
  navigator.serviceWorker?.register(new URL("../sw.js", import.meta.url)).catch(() => {});
}
