// Rules drawn as lines through cells' centres, as f-puzzles and SudokuPad draw them: a
// thermometer (a bulb on its first cell and a thick grey line), a palindrome (thick grey), a
// renban line (thick purple), German whispers (thick green), a between line (thin, with a
// circle on each end) and the diagonals (thin, corner to corner).
import { svg } from "../svg.js";
import { centre, points, towards } from "./geometry.js";

// The radius of a thermometer's bulb and of a between line's end circles.
const BULB = 0.4;

// Each of the clue's lines, a polyline of class `kind` (the colour and width are CSS's).
export function thickLines({ lines }, n, kind) {
  const group = svg("g");
  for (const line of lines) group.append(svg("polyline", { class: `line ${kind}`, points: points(line, n) }));
  return group;
}

// A thermometer: its lines from one bulb (each line starts at the bulb's cell).
export function thermometer(clue, n) {
  const group = thickLines(clue, n, "thermo");
  for (const cell of new Set(clue.lines.map((line) => line[0]))) {
    const [cx, cy] = centre(cell, n);
    group.prepend(svg("circle", { class: "bulb", cx, cy, r: BULB }));
  }
  return group;
}

// A between line: a thin line from the edge of one end's circle to the other's.
export function betweenLine({ lines }, n) {
  const group = svg("g");
  for (const line of lines) {
    const ends = [line[0], line.at(-1)].map((cell) => centre(cell, n));
    const inner = line.map((cell) => centre(cell, n));
    inner[0] = towards(inner[0], inner[1], { length: BULB });
    inner[inner.length - 1] = towards(inner.at(-1), inner.at(-2), { length: BULB });
    group.append(svg("polyline", { class: "line thin", points: inner.map((p) => p.join(",")).join(" ") }));
    for (const [cx, cy] of ends) group.append(svg("circle", { class: "end", cx, cy, r: BULB }));
  }
  return group;
}

// A diagonal, corner to corner: diagonal+ rises from the bottom left, diagonal- falls from the top left.
export function diagonal({ key }, n) {
  const rising = key === "diagonal+";
  return svg("polyline", { class: "line diagonal", points: rising ? `0,${n} ${n},0` : `0,0 ${n},${n}` });
}
