// Small helpers shared by the race and batch views: building DOM (text only through
// textContent), their style sheet, numbers in words, and links into the page.

import { Host } from "../host.js";

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

// The views' own style sheet, once; resolves when it has loaded (or failed: the view
// then works unstyled), so a view is not drawn before its styles.
export function useStyle() {
  const href = new URL("./views.css", import.meta.url).href;
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

// In a frame, tells the host page the height the view needs whenever it changes (the
// "size" message of host.js), so a host can size its iframe to the view.
export function tellHostSize(options) {
  const host = new Host(options);
  if (!host.parent) return;
  new ResizeObserver(() => host.natural(document.documentElement.scrollHeight)).observe(document.body);
}
