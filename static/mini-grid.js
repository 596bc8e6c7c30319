// A small grid of `shape` in `container` (a .mini-grid): its n*n cell <div>s, with the box
// or region lines, X's diagonals and windoku's windows shaded, a killer's cages and a
// futoshiki's signs or a variant's rules drawn over them; the caller fills the cells. For
// pictures of a grid that are not played on.
import { extraUnits, regionOf } from "./grid.js";
import { cageMarks, signMark } from "./kind-marks.js";
import { ruleMarks } from "./rules/index.js";
import { svg } from "./svg.js";

export function miniGrid(container, shape) {
  const { n, cages = [], signs = [] } = shape;
  container.style.setProperty("--n", n);
  const region = regionOf(shape);
  const extra = new Set(extraUnits(shape).flat());
  const cells = [];
  for (let cell = 0; cell < n * n; cell++) {
    const div = document.createElement("div");
    const r = Math.floor(cell / n), c = cell % n;
    if (region && c + 1 < n && region(cell) !== region(cell + 1)) div.classList.add("box-right");
    if (region && r + 1 < n && region(cell) !== region(cell + n)) div.classList.add("box-bottom");
    div.toggleAttribute("data-extra", extra.has(cell));
    cells.push(div);
  }
  container.replaceChildren(...cells);
  if (cages.length || signs.length) {
    const marks = svg("svg", { class: "kind-marks", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
    marks.append(...cages.map((cage) => cageMarks(cage, n)), ...signs.map(([greater, lesser]) => signMark(greater, lesser, n)));
    container.append(marks);
  }
  // A variant's rules as the play board draws them: shading and lines under the cells, dots and sums over them.
  const drawing = shape.variant?.drawing ?? [];
  if (drawing.length) {
    const [under, over] = ruleMarks(drawing, n);
    container.prepend(under);
    container.append(over);
    container.toggleAttribute("data-outside", drawing.some((clue) => clue.outside));
  }
  return cells;
}
