// How far a count split into parts (web.cover_split) has come, and the time it has left,
// from the parts counted and those being counted: never from the number of parts alone,
// since one part may hold the work of a hundred others.

// Each part's share of the search: the tree above the parts (their options chosen first)
// taken to split its work evenly among each choice's branches, so a part one branch of
// 7 at the top and then one of 2 is 1/14 of it. The shares add up to 1.
export function shares(parts) {
  const branches = new Map(); // a prefix (its options joined) -> the options that follow it
  for (const part of parts) {
    for (let depth = 0; depth < part.length; depth++) {
      const prefix = part.slice(0, depth).join(",");
      if (!branches.has(prefix)) branches.set(prefix, new Set());
      branches.get(prefix).add(part[depth]);
    }
  }
  return parts.map((part) => part.reduce((share, _, depth) => share / branches.get(part.slice(0, depth).join(",")).size, 1));
}

// The seconds a count has left, or null before a part is counted: the workers' time so far
// (`done`: each counted part's {share, ms}; `running`: each part being counted, {share, ms}
// since it began, taken as half counted) for the share of the search it covered, that pace
// kept for the rest, shared among `workers`.
export function secondsLeft(done, running, workers) {
  if (!done.length) return null;
  const ms = [...done, ...running].reduce((sum, part) => sum + part.ms, 0);
  const share = done.reduce((sum, part) => sum + part.share, 0) + running.reduce((sum, part) => sum + part.share / 2, 0);
  return Math.max(0, ms / share - ms) / Math.max(1, workers) / 1000;
}
