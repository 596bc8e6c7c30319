// Clues outside the grid: a number beside its row or above its column (a sandwich sum, an
// X-sum, a skyscraper clue), and a little killer sum with a small diagonal arrow pointing
// along its diagonal (UL, UR, DL or DR).
import { svg } from "../svg.js";
import { outsideCentre } from "./geometry.js";

const STEPS = { UL: [-1, -1], UR: [1, -1], DL: [-1, 1], DR: [1, 1] };

export function lineNumber({ outside, value }) {
  const [x, y] = outsideCentre(outside);
  return svg("text", { class: "outside", x, y, "font-size": 0.5 }, value);
}

// The number sits back from its diagonal; the arrow sits in the corner of its square that
// points into the grid, from the corner's side towards it.
export function littleKillerSum({ outside, value, direction }) {
  const [x, y] = outsideCentre(outside);
  const [dx, dy] = STEPS[direction];
  const group = svg("g");
  group.append(svg("text", { class: "outside", x: x - dx * 0.08, y: y - dy * 0.08, "font-size": 0.4 }, value));
  const [tx, ty] = [x + dx * 0.44, y + dy * 0.44];
  const [fx, fy] = [x + dx * 0.22, y + dy * 0.22];
  const arm = (ax, ay) => `${tx - dx * ax},${ty - dy * ay}`;
  group.append(svg("polyline", { class: "small-arrow", points: `${fx},${fy} ${tx},${ty}` }));
  group.append(svg("polyline", { class: "small-arrow head", points: `${arm(0.12, 0)} ${tx},${ty} ${arm(0, 0.12)}` }));
  return group;
}
