// Rules drawn inside their cells: an odd cell's grey circle, an even cell's grey square, and
// a minimum or maximum cell (shaded, with a chevron by each side pointing to the smaller
// side: outwards from a maximum, inwards to a minimum, as f-puzzles draws them; none on a
// side shared by two cells of one clue).
import { svg } from "../svg.js";
import { centre } from "./geometry.js";

export function odd({ cells }, n) {
  const group = svg("g");
  for (const cell of cells) {
    const [cx, cy] = centre(cell, n);
    group.append(svg("circle", { class: "parity", cx, cy, r: 0.38 }));
  }
  return group;
}

export function even({ cells }, n) {
  const group = svg("g");
  for (const cell of cells) {
    const [x, y] = centre(cell, n);
    group.append(svg("rect", { class: "parity", x: x - 0.36, y: y - 0.36, width: 0.72, height: 0.72 }));
  }
  return group;
}

// How far a chevron's tip sits from the cell's centre, its half width and its depth.
const CHEVRON = { at: 0.38, half: 0.12, depth: 0.08 };

function extreme({ cells }, n, outwards) {
  const group = svg("g");
  const inClue = new Set(cells);
  for (const cell of cells) {
    const [r, c] = [Math.floor(cell / n), cell % n];
    const [cx, cy] = centre(cell, n);
    group.append(svg("rect", { class: "shade extreme", x: c, y: r, width: 1, height: 1 }));
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      if (r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n || inClue.has(cell + dr * n + dc)) continue;
      // The chevron's tip and its two arms' ends, along (dc, dr) and across it.
      const tip = outwards ? CHEVRON.at : CHEVRON.at - CHEVRON.depth;
      const back = outwards ? CHEVRON.at - CHEVRON.depth : CHEVRON.at;
      const at = (along, across) => [cx + dc * along - dr * across, cy + dr * along + dc * across].join(",");
      group.append(svg("polyline", { class: "chevron", points: `${at(back, -CHEVRON.half)} ${at(tip, 0)} ${at(back, CHEVRON.half)}` }));
    }
  }
  return group;
}

export function maximum(clue, n) {
  return extreme(clue, n, true);
}

export function minimum(clue, n) {
  return extreme(clue, n, false);
}
