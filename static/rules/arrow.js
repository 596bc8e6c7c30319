// An arrow, as f-puzzles draws it: a circle on its first cell (a rounded pill over two
// cells), then from the circle's edge a thin line with an open arrowhead at its end; several
// lines may leave one circle. An arrow without its circle's cells has it on its lines' first cell.
import { svg } from "../svg.js";
import { centre, towards } from "./geometry.js";

const RADIUS = 0.4;
// The arrowhead's two strokes: their length and their angle to the line.
const HEAD = 0.3;
const HEAD_ANGLE = Math.PI / 4;

export function arrow({ cells: given, lines }, n) {
  const group = svg("g");
  const cells = given.length ? given : [...new Set(lines.map((line) => line[0]))];
  const inCircle = new Set(cells);
  for (const line of lines) {
    // The line starts at the last circle cell it leaves (or its first cell), on the circle's edge.
    const start = Math.max(0, line.findLastIndex((cell) => inCircle.has(cell)));
    const path = line.slice(start).map((cell) => centre(cell, n));
    if (path.length < 2) continue;
    path[0] = towards(path[0], path[1], { length: RADIUS });
    group.append(svg("polyline", { class: "line thin", points: path.map((p) => p.join(",")).join(" ") }));
    group.append(head(path.at(-2), path.at(-1)));
  }
  group.prepend(circle(cells, n));
  return group;
}

// The open arrowhead at `tip`, for a line coming from `from`.
function head(from, tip) {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]) + Math.PI;
  const side = (turn) => [tip[0] + HEAD * Math.cos(angle + turn), tip[1] + HEAD * Math.sin(angle + turn)].join(",");
  return svg("polyline", { class: "line thin head", points: `${side(HEAD_ANGLE)} ${tip.join(",")} ${side(-HEAD_ANGLE)}` });
}

// The circle on one cell, or a pill round the centres of several.
function circle(cells, n) {
  const centres = cells.map((cell) => centre(cell, n));
  const [xs, ys] = [centres.map((p) => p[0]), centres.map((p) => p[1])];
  const [left, top] = [Math.min(...xs) - RADIUS, Math.min(...ys) - RADIUS];
  return svg("rect", {
    class: "circle", x: left, y: top, width: Math.max(...xs) + RADIUS - left, height: Math.max(...ys) + RADIUS - top, rx: RADIUS,
  });
}
