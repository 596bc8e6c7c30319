// Rules drawn as shaded cells: an extra region, clones (each group of cells that are copies
// of one another in a shade of its own), and the inside of a cage-like region.
import { svg } from "../svg.js";

// One shaded square per cell of the clue.
export function shadedCells({ cells }, n) {
  const group = svg("g");
  for (const cell of cells) group.append(svg("rect", { class: "shade", x: cell % n, y: Math.floor(cell / n), width: 1, height: 1 }));
  return group;
}
