// Python workers for the batch view's runs and the lab's parallel counts: each its own
// PythonClient (its own dedicated worker).
// The clients take turns to boot (client.js, Turns), so two boots never compete for the
// same cores; a worker starts taking work as soon as it is up.
import { PythonClient } from "./client.js";

export class Pool {
  // `size` workers, started once `after` resolves (the page's own Python is ready, say);
  // onChange() hears every worker that becomes ready or fails.
  constructor(size, onChange, after = Promise.resolve()) {
    this.size = size;
    this.onChange = onChange;
    this.ready = [];
    this.error = null;
    this.closed = false;
    this.clients = [];
    after.then(() => {
      if (this.closed) return;
      for (let k = 0; k < size; k++) {
        // A client tells its first status while it is being made: hear() looks it up by k.
        this.clients.push(new PythonClient((status) => this.hear(k, status), { takeTurns: true }));
      }
    });
  }

  hear(k, { state, text }) {
    const client = this.clients[k];
    if (this.closed || !client) return;
    if (state === "ready" && !this.ready.includes(client)) {
      this.ready.push(client);
    } else if (state === "loading") {
      this.ready = this.ready.filter((other) => other !== client); // restarting after a crash
    } else if (state === "error") {
      this.error = text;
    }
    this.onChange();
  }

  // Ends every worker (their pending requests are rejected with Cancelled).
  close() {
    this.closed = true;
    for (const client of this.clients) client.close();
    this.ready = [];
  }
}
