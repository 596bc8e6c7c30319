// The page's entry: reads the URL's options and starts the view the URL names
// (?view=lab|race|batch; the play view otherwise), with Python's state (python.js).
// Python never runs on this thread; every engine call goes through the PythonClient.
import { readOptions } from "./link.js";
import { startPlay } from "./play.js";
import { python } from "./python.js";

// The other views (static/views/), each a module with start(options, python), loaded
// only when the URL asks for it.
const VIEWS = {
  lab: "./views/lab.js",
  worksheet: "./views/worksheet.js",
  race: "./views/race.js",
  batch: "./views/batch.js",
};

const root = document.documentElement;
const options = readOptions(new URL(location.href));

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
  document.querySelector("footer").hidden = true; // the play view's keys
  document.getElementById("view").hidden = false;
  import(VIEWS[view]).then((module) => module.start(options, python));
}
