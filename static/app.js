// The page's entry: reads the URL's options and runs the view the URL names
// (?view=lab|race|batch|worksheet; play otherwise), with Python's state (python.js).
// Every view has the life cycle of kit.js's View: build, show, stop. In a frame (an
// embed), the page tells its host when the view is ready and how tall its content is.
// Python never runs on this thread; every engine call goes through the PythonClient.
import { Host } from "./host.js";
import { embedPanel } from "./kit.js";
import { readOptions } from "./link.js";
import { python } from "./python.js";
import Play from "./views/play/play.js";

// The other views, each loaded only when the URL asks for it.
const VIEWS = {
  lab: "./views/lab/lab.js",
  worksheet: "./views/worksheet/worksheet.js",
  race: "./views/race/race.js",
  batch: "./views/batch/batch.js",
};

const root = document.documentElement;
const options = readOptions(new URL(location.href));
const name = Object.hasOwn(VIEWS, options.view) ? options.view : "play";
root.classList.toggle("embed", options.embed);
root.classList.toggle("readonly", options.readonly);
root.dataset.view = name;
for (const link of document.querySelectorAll("nav [data-view]")) {
  if (link.dataset.view === name) link.setAttribute("aria-current", "page");
}
run(name === "play" ? Play : null).catch((error) => {
  // The play view's markup is in index.html, so its message line is there to say it.
  const where = document.getElementById(name === "play" ? "message" : "view");
  where.textContent = `The page could not start: ${error.message}. Reload to try again.`;
  throw error;
});

async function run(View) {
  if (!View) {
    document.getElementById("play").hidden = true;
    document.querySelector("footer").hidden = true; // the play view's keys
    document.getElementById("view").hidden = false;
    View = await loadView(VIEWS[name]);
    if (!View) return;
  }
  const host = new Host(options);
  const view = new View(options, python, host);
  const main = document.getElementById(name === "play" ? "play" : "view");
  await view.build(main);
  if (name !== "play") main.append(embedPanel(view)); // play has its own Embed panel
  host.post("ready", view.show());
  addEventListener("pagehide", () => view.stop());
  if (!host.parent) return;
  const tell = () => host.natural(view.naturalHeight());
  new ResizeObserver(tell).observe(document.body);
  addEventListener("resize", tell);
  tell();
}

// The view class a module exports (its default), or null when it cannot load.
async function loadView(path) {
  try {
    return (await import(path)).default;
  } catch {
    // Offline, the views are there once a visit online has cached the build (sw.js).
    document.getElementById("view").textContent = navigator.onLine
      ? "This view could not be loaded. Reload the page to try again."
      : "This view is not kept for use offline yet: open the page once while online, and let Python load.";
    return null;
  }
}
