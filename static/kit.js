// What every view shares: the View life cycle, building DOM (text only through
// textContent), style sheets, the embed panel, numbers in words, and links into the page.
import { embedLink, iframeSnippet } from "./link.js";

// A view of the page (static/views/<name>/), reached by ?view=<name>. app.js runs each
// the same way: new View(options, python, host); await view.build(root) makes its DOM
// (and loads its style sheet); view.show() starts it; view.stop() ends its work when
// the page goes away. In a frame, app.js tells the host the view's natural height.
export class View {
  // options: the URL's (link.js readOptions); python: Python's state and client
  // (python.js); host: what an embed tells the page around it (host.js).
  constructor(options, python, host) {
    this.options = options;
    this.python = python;
    this.client = python.client;
    this.host = host;
  }

  // Makes the view's DOM in `root` (a <main>); resolves once it can be shown.
  // eslint-disable-next-line no-unused-vars -- each view's own build uses it
  async build(root) {}

  // Starts the view; returns the fields of the host's "ready" message.
  show() {
    return {};
  }

  // Ends what the view runs (timers, workers, searches).
  stop() {}

  // The height (px) the view's content needs at the frame's width, for an embed's host.
  naturalHeight() {
    return document.body.getBoundingClientRect().height;
  }

  // The height (px) an embed's snippet asks for, fixed once pasted: the natural height,
  // with room for what a view that grows as it runs may still show.
  snippetHeight() {
    return this.naturalHeight();
  }

  // The view's link as it stands (what an embed of it shows), and the embed's title.
  embedLink() {
    return location.href;
  }

  get title() {
    return document.querySelector("#view h2")?.textContent ?? document.title;
  }
}

// The widest embed a snippet asks for (px): a course page's column is seldom wider.
const EMBED_MAX_WIDTH = 1100;

// An "Embed in a web page" panel for `view`: the <iframe> snippet of its link (embed=1),
// as wide as the view is now and as tall as its compact layout is at that width (laid out
// for the measure, then back, before anything is drawn), made each time the panel opens.
export function embedPanel(view) {
  const snippet = h("textarea", { id: "view-embed-snippet", rows: 4, readonly: true });
  const panel = h("details", { class: "panel embed-panel page-only" },
    h("summary", {}, "Embed in a web page"),
    h("label", { for: "view-embed-snippet" }, "Paste this into a web page (the frame tells the page around it ",
      "how tall it is, so the page can fit the frame to it)"),
    snippet);
  panel.addEventListener("toggle", () => {
    if (!panel.open) return;
    const root = document.documentElement;
    const compact = root.classList.contains("embed");
    root.classList.add("embed");
    const width = Math.min(EMBED_MAX_WIDTH, Math.ceil(document.body.getBoundingClientRect().width));
    const height = Math.ceil(view.snippetHeight());
    root.classList.toggle("embed", compact);
    snippet.value = iframeSnippet(embedLink(view.embedLink()), view.title, width, height);
  });
  return panel;
}

export const $ = (id) => document.getElementById(id);

// h("p", {class: "x", hidden: true}, "text", child): an element; props become
// attributes (true: present, false/null: absent), children text nodes or elements.
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(child);
  }
  return element;
}

// The style sheet at `url` (a URL or a path relative to the page), once; resolves when it
// has loaded (or failed: the view then works unstyled), so a view is not drawn before
// its styles.
export function useStyle(url) {
  const href = new URL(url, location.href).href;
  if ([...document.styleSheets].some((sheet) => sheet.href === href)) return Promise.resolve();
  const sheet = h("link", { rel: "stylesheet", href });
  const loaded = new Promise((resolve) => {
    sheet.addEventListener("load", resolve);
    sheet.addEventListener("error", resolve);
  });
  document.head.append(sheet);
  return loaded;
}

const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

// 1234567 -> "1,234,567"
export function count(n) {
  return WHOLE.format(n);
}

// (1, "step") -> "1 step"; (2, "step") -> "2 steps"; (3, "box", "boxes") -> "3 boxes"
export function plural(n, word, words = `${word}s`) {
  return `${count(n)} ${n === 1 ? word : words}`;
}

// Milliseconds for people: "0.8 ms", "312 ms", "12.3 s", "4 min 5 s".
export function duration(ms) {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

// The page's address with a new query and hash (the page may be served under any path).
function pageLink(search, puzzle) {
  const url = new URL(location.href);
  url.search = search;
  url.hash = `p=${puzzle}`;
  return url.href;
}

// The play view with `puzzle` in its grid.
export function playLink(puzzle) {
  return pageLink("", puzzle);
}

// The race view on `puzzle`.
export function raceLink(puzzle) {
  return pageLink("?view=race", puzzle);
}

// Resolves once Python (the page's own worker) is ready.
export function whenReady(python) {
  return new Promise((resolve) => {
    if (python.state === "ready") resolve();
    else python.onChange((state) => state === "ready" && resolve());
  });
}

// Saves `parts` (strings or blobs) as a file `name` of MIME type `type`.
export function download(name, parts, type) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
