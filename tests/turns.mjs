// Drives static/client.js's Turns in Node (which has BroadcastChannel): clients that
// wait at once must boot one at a time, in the order they asked, and a client's turn
// that ends lets the next one go. Prints a JSON log of [event, client] pairs.
import { Turns } from "../static/client.js";

const log = [];
let booting = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function client(name, delay, bootMs) {
  await sleep(delay);
  const turns = new Turns();
  await new Promise((done) => turns.wait(async (end) => {
    booting += 1;
    log.push(["go", name, booting]);
    await sleep(bootMs);
    booting -= 1;
    end();
    done();
  }));
  turns.channel.close();
}

await Promise.all([client("a", 0, 150), client("b", 5, 150), client("c", 10, 150)]);
// One alone goes at once (after listening for HEAR_MS).
const started = Date.now();
await client("d", 0, 10);
log.push(["alone", "d", Date.now() - started < 1000 ? 1 : 0]);
console.log(JSON.stringify(log));
