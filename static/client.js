// The page's side of the worker protocol: request(type, args) returns a promise
// settled by the reply with the same id; cancel() terminates the worker (the only
// way to stop Python mid-run) and starts a fresh one.

export class Cancelled extends Error {
  constructor() {
    super("Stopped.");
    this.name = "Cancelled";
  }
}

export class PythonClient {
  // onStatus({state: "loading"|"ready"|"error", text}) hears every status change.
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.pending = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    let heard = false;
    this.worker.onmessage = ({ data }) => {
      heard = true;
      this.receive(data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (heard) {
        this.restart(new Error(`Python worker crashed: ${event.message || "unknown error"}`));
        return;
      }
      // The worker's own script did not load (offline, say): starting it again at once
      // would fail the same way, so say so and leave the retry to the page.
      this.failAll(new Error("Python could not load."));
      this.onStatus({ state: "error", text: "Python failed to load: the page's files could not be fetched." });
    };
  }

  receive(data) {
    if (data.type === "status") {
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
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, args });
    });
  }

  get busy() {
    return this.pending.size > 0;
  }

  cancel() {
    this.restart(new Cancelled());
  }

  failAll(reason) {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(reason);
  }

  // Rejects every pending request with `reason`, then replaces the worker.
  restart(reason) {
    this.worker.terminate();
    this.failAll(reason);
    this.onStatus({ state: "loading", text: "Restarting Python…" });
    this.start();
  }
}
