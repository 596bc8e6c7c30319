// The page's side of the worker protocol: request(type, args) returns a promise
// settled by the reply with the same id; cancel() terminates the worker (the only
// way to stop Python mid-run) and starts a fresh one, which boots from the files
// the browser (or the service worker) already holds.
//
// Clients take turns to boot, so the embeds of one course page (each an iframe with
// its own worker) boot one after another, and the first is ready about as soon as a
// page alone would be, instead of all of them late together (see Turns).

const TURNS_CHANNEL = "sudoku-dlx: Python boots";
// How long a client listens for the others before its first turn, and the longest it
// waits for one: what a client said lapses after that (a frame closed mid-boot never
// ends its turn).
const HEAR_MS = 50;
const TURN_LIMIT_MS = 20_000;

// Boot turns among the clients of one origin (on one top-level site), by messages on a
// BroadcastChannel, which works where Web Locks and storage are denied (third-party
// frames in some browsers): each client says when it waits for, takes and ends its
// turn, and takes it when no other boots and none has waited longer.
export class Turns {
  constructor() {
    this.channel = new BroadcastChannel(TURNS_CHANNEL);
    this.channel.onmessage = ({ data }) => this.hear(data);
    this.others = new Map();
    this.mine = null;
    // A page going away gives up its turn or its place at once (and says where it is
    // again if it comes back from the back-forward cache).
    globalThis.addEventListener?.("pagehide", () => this.mine && this.say("done"));
    globalThis.addEventListener?.("pageshow", (event) => event.persisted && this.mine && this.say());
  }

  // Calls go(end) when it is this client's turn; end() ends the turn.
  wait(go) {
    const id = `${Date.now()}-${Math.random()}`;
    const mine = (this.mine = { id, since: Date.now(), state: "waiting", listened: false, go, timers: [] });
    this.say();
    const listened = () => {
      mine.listened = true;
      this.check();
    };
    mine.timers.push(setTimeout(listened, HEAR_MS), setTimeout(() => this.take(mine), TURN_LIMIT_MS));
  }

  say(state = this.mine.state) {
    const { id, since } = this.mine;
    this.channel.postMessage({ id, since, state });
  }

  hear({ id, since, state }) {
    const known = this.others.has(id);
    if (state === "done") this.others.delete(id);
    else this.others.set(id, { id, since, state, heard: Date.now() });
    if (!known && state === "waiting" && this.mine) this.say(); // a newcomer learns of this client
    this.check();
  }

  check() {
    const mine = this.mine;
    if (mine?.state !== "waiting" || !mine.listened) return;
    const ahead = (other) => Date.now() - other.heard < TURN_LIMIT_MS
      && (other.state === "booting" || other.since < mine.since || (other.since === mine.since && other.id < mine.id));
    if (![...this.others.values()].some(ahead)) this.take(mine);
  }

  take(mine) {
    if (mine !== this.mine || mine.state !== "waiting") return;
    for (const timer of mine.timers) clearTimeout(timer);
    mine.state = "booting";
    this.say();
    mine.go(() => {
      if (mine !== this.mine) return;
      mine.state = "done";
      this.say();
      this.mine = null;
    });
  }
}

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
    this.turns = takeTurns && "BroadcastChannel" in globalThis ? new Turns() : null;
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
    if (this.turns) this.turns.wait(start);
    else start(() => {});
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
      this.finishTurn();
      this.booting = false;
      this.failAll(new Error("Python could not load."));
      this.onStatus({ state: "error", text: "Python failed to load: the page's files could not be fetched." });
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
    // A record of status "failed": the function raised (sudoku_dlx.worker.call caught it).
    if (data.result?.status === "failed") call.reject(new Error(data.result.error));
    else if ("result" in data) call.resolve(data.result);
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
    this.close(reason);
    this.boot("Restarting Python…");
  }

  // Ends the worker (and a boot still waiting for its turn) without starting another;
  // pending requests are rejected with `reason`. A later request boots it again.
  close(reason = new Cancelled()) {
    this.worker?.terminate();
    this.worker = null;
    this.outbox = [];
    this.boots++;
    this.finishTurn();
    this.booting = false;
    this.failAll(reason);
  }

  failAll(reason) {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(reason);
  }
}
