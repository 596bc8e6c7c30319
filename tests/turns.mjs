// Drives static/client.js's Turns in Node (which has BroadcastChannel): clients that
// wait at once must boot one at a time, in the order they asked, and a client's turn
// that ends lets the next one go. Prints a JSON log of [event, client, value] triples.
// Nothing here waits a fixed time for order: each client asks once the clock has passed
// the moment the one before asked (the order of asking is the clock's), so a loaded
// machine, which may run every timer late, cannot swap them.
import { Turns } from "../static/client.js";

const log = [];
let booting = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A client that asks for its turn once Date.now() has passed `after`; returns when it
// asked (its `since`) and `booted`, settled when its turn (bootMs long) has ended.
async function ask(name, after, bootMs) {
  while (Date.now() <= after) await sleep(1);
  const turns = new Turns();
  const booted = new Promise((done) => turns.wait(async (end) => {
    booting += 1;
    log.push(["go", name, booting]);
    await sleep(bootMs);
    booting -= 1;
    end();
    done();
  })).then(() => turns.channel.close());
  return { since: turns.mine.since, booted };
}

const a = await ask("a", 0, 150);
const b = await ask("b", a.since, 150);
const c = await ask("c", b.since, 150);
await Promise.all([a.booted, b.booted, c.booted]);
// One alone goes once it has listened for the others (HEAR_MS), not at the end of the
// longest wait for a turn (TURN_LIMIT_MS, 20 s), which only a client that hears none
// would need.
const started = Date.now();
const d = await ask("d", 0, 10);
await d.booted;
log.push(["alone", "d", Date.now() - started < 10_000 ? 1 : 0]);
console.log(JSON.stringify(log));
