// The page's memory between visits: JSON values in localStorage under one key prefix.
// Every value read back is checked before use: what another version of the page, a
// full disk or a person's own hand left there may be anything. A value that is there
// but unusable (not JSON, too long, not of its shape) is dropped, `onBad(key)` hears
// of it (so the user can be told), and that value alone starts afresh.
// Storage may be missing or refuse (private mode, a sandboxed or cross-site embed, a full
// quota): the page then keeps its work only while it is open (a reload loses it), and
// `onRefused` hears of it once.

import { count } from "./kit.js";

// The longest value read back (characters of JSON): far more than any the page writes.
const MAX_STORED = 4_000_000;

// A stored string as a value: undefined for none, one too long or one that is not JSON.
function parse(raw) {
  if (raw === null || raw.length > MAX_STORED) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export class Store {
  // prefix: the start of every key (a page and each embed of a puzzle have their own).
  constructor(prefix, { onRefused = () => {}, onBad = () => {} } = {}) {
    this.prefix = prefix;
    this.onRefused = onRefused;
    this.onBad = onBad;
    this.refused = false;
  }

  // The value stored under `key` as `check` makes it (check(value) returns the value to
  // use, or undefined if it cannot be used), or `otherwise` when nothing usable is there.
  read(key, check, otherwise) {
    let raw;
    try {
      raw = localStorage.getItem(this.prefix + key);
    } catch {
      this.refuse();
      return otherwise;
    }
    if (raw === null) return otherwise;
    let value;
    try {
      value = check(parse(raw));
    } catch {
      value = undefined;
    }
    if (value !== undefined) return value;
    this.remove(key);
    this.onBad(key);
    return otherwise;
  }

  // The value stored under `key` as JSON gives it, undefined when there is none or it
  // cannot be read; unlike read(), nothing is removed and nobody is told.
  peek(key) {
    try {
      return parse(localStorage.getItem(this.prefix + key));
    } catch {
      return undefined;
    }
  }

  // Calls `heard(value)` (as peek() gives it) when another document of this browser (a tab,
  // a frame) stores or removes the value under `key`: the browser's `storage` event.
  watch(key, heard) {
    addEventListener("storage", (event) => {
      if (event.key === this.prefix + key || event.key === null) heard(parse(event.newValue));
    });
  }

  write(key, value) {
    try {
      localStorage.setItem(this.prefix + key, JSON.stringify(value));
    } catch {
      this.refuse();
    }
  }

  // Keeps `text` under `key` if it has at most `max` characters (what read() takes back
  // with shapes.text(max)) and storage has room for it; else it is not kept (the earlier
  // one goes too), and the answer is false, so that the user can be told. (Refused
  // storage is told by onRefused.)
  writeText(key, text, max) {
    const json = JSON.stringify(text);
    if (text.length <= max && json.length <= MAX_STORED) {
      try {
        localStorage.setItem(this.prefix + key, json);
        return true;
      } catch (error) {
        if (error?.name !== "QuotaExceededError") {
          this.refuse();
          return true;
        }
      }
    }
    this.remove(key);
    return false;
  }

  // What the user is told when writeText(key, text, max) did not keep `text` (of `what`:
  // "The import box's text"): why, and what to do.
  static notKept(what, text, max) {
    const why = text.length > max ? `more than the ${count(max)} the page keeps` : "more than this browser's storage has room for";
    return `${what} (${count(text.length)} characters) is ${why}: it will not be kept through a reload, so keep a copy of it elsewhere.`;
  }

  remove(key) {
    try {
      localStorage.removeItem(this.prefix + key);
    } catch {
      this.refuse();
    }
  }

  refuse() {
    if (this.refused) return;
    this.refused = true;
    this.onRefused();
  }
}

// Checks for Store.read: each returns the value to use, or undefined.
export const shapes = {
  // A string of at most `max` characters.
  text: (max) => (value) => (typeof value === "string" && value.length <= max ? value : undefined),
  // A plain object (not null, not an array): its fields are checked by its user.
  object: (value) => (value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined),
  // On/off settings: `defaults` ({name: boolean}) with the stored values of the names it
  // knows; names it does not know (an option a newer or older page had) are left out.
  flags: (defaults) => (value) => {
    if (shapes.object(value) === undefined) return undefined;
    const known = Object.keys(defaults).filter((name) => name in value);
    if (known.some((name) => typeof value[name] !== "boolean")) return undefined;
    return { ...defaults, ...Object.fromEntries(known.map((name) => [name, value[name]])) };
  },
};
