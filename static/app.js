// The page's entry: reads the URL's options, starts the Python worker and the view the
// URL names (?view=lab|race|batch; the play view otherwise), and shows Python's state.
// Python never runs on this thread; every engine call goes through the PythonClient.
import { PythonClient } from "./client.js";
import { readOptions } from "./link.js";
import { startPlay } from "./play.js";

// The other views (static/views/), each a module with start(options, python), loaded
// only when the URL asks for it.
const VIEWS = {
  lab: "./views/lab.js",
  worksheet: "./views/worksheet.js",
};

const root = document.documentElement;
const options = readOptions(new URL(location.href));

// Python's state for every view: root[data-python] (loading, ready, error) and the status
// line, with the time the load took; `listeners` hear each change.
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
python.client = new PythonClient((status) => python.show(status));

// Python that could not load (offline after a Stop, say) starts again when the network
// comes back, and is tried again every half minute meanwhile.
const retry = () => python.state === "error" && !python.client.busy && python.client.restart(new Error("retry"));
addEventListener("online", retry);
setInterval(retry, 30_000);

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
