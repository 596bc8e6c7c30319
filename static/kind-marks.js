// What a kind draws over its grid, in grid units (a cell is 1 by 1), shared by the play
// view's board and the lab's: a killer cage's dashed outline and sum, a futoshiki's sign.
import { svg } from "./svg.js";

// How far a cage's dashed outline sits inside its cells.
const CAGE_INSET = 0.09;

// A killer cage: its outline, dashed and inset in its cells (one line per cell side on the
// cage's edge, reaching the neighbouring sides' lines at the corners), and its sum in the
// top left corner of its first cell.
export function cageMarks({ cells, sum }, n) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && r < n && c >= 0 && c < n && inCage.has(r * n + c);
  const d = CAGE_INSET;
  const lines = [];
  for (const x of cells) {
    const [r, c] = [Math.floor(x / n), x % n];
    // Each side: [the neighbour across it, the side's start and end neighbours along it].
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      if (has(r + dr, c + dc)) continue;
      const [ar, ac] = [dc, dr]; // along the side
      // An end stops short of the corner where the cage turns away, goes past it where the cage turns around it.
      const end = (k) => (!has(r + k * ar, c + k * ac) ? k * (0.5 - d) : has(r + dr + k * ar, c + dc + k * ac) ? k * (0.5 + d) : k * 0.5);
      const [cx, cy] = [c + 0.5 + dc * (0.5 - d), r + 0.5 + dr * (0.5 - d)];
      const [from, to] = [end(-1), end(1)];
      lines.push(svg("line", { x1: cx + ac * from, y1: cy + ar * from, x2: cx + ac * to, y2: cy + ar * to }));
    }
  }
  const first = Math.min(...cells);
  const [r, c] = [Math.floor(first / n), first % n];
  const group = svg("g", { class: "cage" });
  group.append(...lines, svg("text", { class: "sum", x: c + d * 0.5, y: r + d * 0.4, "font-size": 0.27 }, String(sum)));
  return group;
}

// A futoshiki's sign on the side between its two cells: < or > in a row, the same turned
// a quarter (∧ or ∨) in a column, its point at the lesser cell.
export function signMark(greater, lesser, n) {
  const [gr, gc, lr, lc] = [Math.floor(greater / n), greater % n, Math.floor(lesser / n), lesser % n];
  const [x, y] = [(gc + lc) / 2 + 0.5, (gr + lr) / 2 + 0.5];
  const symbol = gc < lc || gr < lr ? ">" : "<";
  const attributes = { class: "sign", x, y, "font-size": 0.42 };
  if (gr !== lr) attributes.transform = `rotate(90 ${x} ${y})`;
  return svg("text", attributes, symbol);
}
