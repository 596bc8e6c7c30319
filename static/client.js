// The page's side of the worker protocol: request(type, args) returns a promise
// settled by the reply with the same id; cancel() terminates the worker (the only
// way to stop Python mid-run) and starts a fresh one, which boots from the files
// the browser (or the service worker) already holds.
//
// Clients take turns to boot: each holds a Web Lock of the origin from its worker's
// start until Python is ready, so the embeds of one course page (each an iframe with
// its own worker) boot one after another, and the first is ready about as soon as a
// page alone would be, instead of all of them late together. Where Web Locks are
// missing, each boots at once.

const BOOT_LOCK = "sudoku-dlx: Python boots";

export class Cancelled extends Error {
  constructor() {
    super("Stopped.");
    this.name = "Cancelled";
  }
}

export class PythonClient {
  // onStatus({state: "idle"|"loading"|"ready"|"error", text}) hears every status change.
  // Options: idle (boot at the first request or boot(), not now; the state is "idle"
  // until then); takeTurns (false: boot at once, beside the origin's other clients).
  constructor(onStatus, { idle = false, takeTurns = true } = {}) {
    this.onStatus = onStatus;
    this.takeTurns = takeTurns && Boolean(globalThis.navigator?.locks);
    this.pending = new Map();
    this.nextId = 1;
    this.worker = null;
    // Requests made while waiting for the turn, sent when the worker starts.
    this.outbox = [];
    this.booting = false;
    // Counts boots, so a turn granted after a restart does not start a stale worker.
    this.boots = 0;
    this.endTurn = null;
    if (idle) this.onStatus({ state: "idle", text: "Python starts when it is needed." });
    else this.boot();
  }

  // Starts Python, unless it runs or waits for its turn already.
  boot(text = "Loading Python…") {
    if (this.booting) return;
    this.booting = true;
    this.onStatus({ state: "loading", text });
    const boot = ++this.boots;
    const start = (endTurn) => {
      if (boot !== this.boots) return endTurn();
      this.endTurn = endTurn;
      this.start();
    };
    if (this.takeTurns) navigator.locks.request(BOOT_LOCK, () => new Promise(start));
    else start(() => {});
  }

  start() {
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.restart(new Error(`Python worker crashed: ${event.message || "unknown error"}`));
    };
    for (const message of this.outbox.splice(0)) this.worker.postMessage(message);
  }

  finishTurn() {
    this.endTurn?.();
    this.endTurn = null;
  }

  receive(data) {
    if (data.type === "status") {
      if (data.state !== "loading") this.finishTurn();
      this.onStatus({ state: data.state, text: data.text });
      return;
    }
    const call = this.pending.get(data.id);
    if (!call) return;
    if ("progress" in data) {
      call.onProgress?.(data.progress);
      return;
    }
    this.pending.delete(data.id);
    if ("result" in data) call.resolve(data.result);
    else call.reject(new Error(data.error));
    if (data.fatal) this.restart(new Error("Python stopped after a fatal error; restarting it."));
  }

  // onProgress(record) hears what a function that reports progress sends meanwhile.
  request(type, args = {}, onProgress = null) {
    const id = this.nextId++;
    this.boot();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      const message = { id, type, args };
      if (this.worker) this.worker.postMessage(message);
      else this.outbox.push(message);
    });
  }

  get busy() {
    return this.pending.size > 0;
  }

  cancel() {
    this.restart(new Cancelled());
  }

  // Rejects every pending request with `reason`, then replaces the worker.
  restart(reason) {
    this.worker?.terminate();
    this.worker = null;
    this.outbox = [];
    this.finishTurn();
    this.booting = false;
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(reason);
    this.boot("Restarting Python…");
  }
}
