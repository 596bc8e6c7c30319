// The page's memory between visits: JSON values in localStorage under one key prefix.
// Storage may be missing or refuse (private mode, a sandboxed or cross-site embed, a full
// quota): the page then keeps its work only until the tab closes, and `refused` says so
// once, so that the player can be told.

export class Store {
  // prefix: the start of every key (a page and each embed of a puzzle have their own).
  constructor(prefix, onRefused = () => {}) {
    this.prefix = prefix;
    this.onRefused = onRefused;
    this.refused = false;
  }

  // The value stored under `key`, or `otherwise` when there is none; `bad(raw)` hears
  // about a value that is there but cannot be read.
  read(key, otherwise, bad = () => {}) {
    let raw;
    try {
      raw = localStorage.getItem(this.prefix + key);
    } catch {
      this.refuse();
      return otherwise;
    }
    if (raw === null) return otherwise;
    try {
      return JSON.parse(raw);
    } catch {
      bad(raw);
      return otherwise;
    }
  }

  write(key, value) {
    try {
      localStorage.setItem(this.prefix + key, JSON.stringify(value));
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
