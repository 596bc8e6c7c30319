// Python's state for every view, and the worker that runs it, started as soon as the
// page is parsed (index.html runs this module ahead of app.js and the view's modules).
// In an iframe (an embed), Python boots once the frame is in view or first needed, so
// a course page's embeds further down cost nothing until read, and in turn with the
// page's other embeds (a page of its own boots at once). Once Python is ready, the
// service worker (sw.js) is registered: it caches the page's files for later visits
// and for use offline.
import { PythonClient } from "./client.js";

const root = document.documentElement;

// Python's state for every view: root[data-python] (idle, loading, ready, error) and the
// status line (`text`), with the time the load took; `listeners` hear each change.
export const python = {
  state: "loading",
  text: "",
  listeners: [],
  since: performance.now(),
  onChange(listener) {
    this.listeners.push(listener);
  },
  show({ state, text }) {
    this.state = state;
    this.text = text;
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
// Python that could not load (offline after a Stop, say) starts again when the network
// comes back, and is tried again every half minute meanwhile.
const retry = () => python.state === "error" && !python.client.busy && python.client.restart(new Error("retry"));
addEventListener("online", retry);
setInterval(retry, 30_000);
let registered = false;
python.onChange((state) => {
  if (state !== "ready" || registered) return;
  registered = true;
  registerServiceWorker();
});

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
// the service worker's caching revalidates them rather than downloading them again), and
// while online (offline, the browser logs its failure to fetch sw.js: it waits for the
// network). A browser or frame without service workers (a sandbox without
// allow-same-origin) works as before, without the offline copy.
function registerServiceWorker() {
  if (!navigator.onLine) {
    addEventListener("online", registerServiceWorker, { once: true });
    return;
  }
  navigator.serviceWorker?.register(new URL("../sw.js", import.meta.url)).catch(() => {});
}
