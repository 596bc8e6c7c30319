// The exact cover search as it stands after a step, replayed from a record of
// web.cover_steps: every step lists the items it covers or uncovers, each with the
// options that leave or rejoin the live matrix with it, so the state after step k is
// the start (the givens) with steps 0..k applied in turn.

// After step k: out[o] is the item whose covering took option o out of the live matrix
// (-1 while it is live); covered[i] is 1 for a covered item; `levels` are the items
// chosen and not yet backed up from; `chosen` the partial solution (options tried, in
// order); `found` the solutions met so far.
export function replay(record, k) {
  const { problem, start, steps } = record;
  const out = new Int32Array(problem.options.length).fill(-1);
  const covered = new Uint8Array(problem.items.length);
  const apply = (covers, on) => {
    for (const [item, options] of covers) {
      covered[item] = on;
      for (const o of options) out[o] = on ? item : -1;
    }
  };
  const levels = [];
  const chosen = [];
  let found = 0;
  apply(start, 1);
  for (const step of steps.slice(0, k + 1)) {
    if (step.kind === "choose") levels.push(step.item);
    else if (step.kind === "back up") levels.pop();
    else if (step.kind === "try") chosen.push(step.option);
    else if (step.kind === "undo") chosen.pop();
    else if (step.kind === "solution") found++;
    apply(step.covers, step.kind === "choose" || step.kind === "try" ? 1 : 0);
  }
  return { out, covered, levels, chosen, found, step: steps[k] ?? null };
}

// How many live options each item has (what the engine's size[] holds for an open item).
export function liveCounts(problem, out) {
  const counts = new Array(problem.items.length).fill(0);
  problem.options.forEach((items, o) => {
    if (out[o] === -1) for (const i of items) counts[i]++;
  });
  return counts;
}

// What an option is after the step: given (chosen before the search), chosen (in the
// partial solution), waiting (an option of an item the search chose, taken out with it,
// to be tried or tried already), out (taken out by another option's items) or live.
export function optionState(state, givens, o) {
  if (givens.has(o)) return "given";
  if (state.chosen.includes(o)) return "chosen";
  if (state.out[o] === -1) return "live";
  return state.levels.includes(state.out[o]) ? "waiting" : "out";
}

// What an item is after the step: chosen (the search chose it; its options are tried in
// turn), covered (by an option of the partial solution or a given) or open.
export function itemState(state, i) {
  if (state.levels.includes(i)) return "chosen";
  return state.covered[i] ? "covered" : "open";
}

// What the step itself changes: the items it covers or uncovers, and the options that
// leave (covering) or come back (uncovering), each with its place in the step's order.
export function stepChanges(step) {
  const items = new Map();
  const options = new Map();
  if (!step) return { items, options, leaving: true };
  step.covers.forEach(([item, opts], k) => {
    items.set(item, k);
    for (const o of opts) options.set(o, k);
  });
  return { items, options, leaving: step.kind === "choose" || step.kind === "try" };
}
