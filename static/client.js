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
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.restart(new Error(`Python worker crashed: ${event.message || "unknown error"}`));
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

  // Rejects every pending request with `reason`, then replaces the worker.
  restart(reason) {
    this.worker.terminate();
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(reason);
    this.onStatus({ state: "loading", text: "Restarting Python…" });
    this.start();
  }
}
