// Rules drawn on the side or corner cells share: kropki's white dot (difference; its value
// inside unless the default 1) and black dot (ratio; unless 2), an X or a V, and a quadruple's
// small circle on the corner of four cells with its digits.
import { svg } from "../svg.js";
import { between } from "./geometry.js";

const DOT = 0.17;
const QUAD = 0.3;

function dot(kind, { cells, value }, n, plain) {
  const [cx, cy] = between(cells[0], cells[1], n);
  const group = svg("g");
  group.append(svg("circle", { class: `dot ${kind}`, cx, cy, r: DOT }));
  if (value && value !== plain) group.append(svg("text", { class: `dot-value ${kind}`, x: cx, y: cy, "font-size": 0.24 }, value));
  return group;
}

export function difference(clue, n) {
  return dot("white", clue, n, "1");
}

export function ratio(clue, n) {
  return dot("black", clue, n, "2");
}

// An X or a V on the side between two cells.
export function xv({ cells, value }, n) {
  const [x, y] = between(cells[0], cells[1], n);
  return svg("text", { class: "xv", x, y, "font-size": 0.45 }, value.toUpperCase());
}

// The digits of a quadruple: "1234", "1 2", "1,2" or, past 9, "10,12".
export function quadDigits(value) {
  return /[\s,]/.test(value) ? value.split(/[\s,]+/).filter(Boolean) : [...value];
}

// A quadruple: a circle on the corner the four cells share, its digits two by two.
export function quadruple({ cells, value }, n) {
  const [cx, cy] = [Math.max(...cells.map((c) => c % n)), Math.max(...cells.map((c) => Math.floor(c / n)))];
  const group = svg("g");
  group.append(svg("circle", { class: "quad", cx, cy, r: QUAD }));
  const digits = quadDigits(value).slice(0, 4);
  const one = digits.length === 1;
  digits.forEach((digit, k) => {
    const [dx, dy] = one ? [0, 0] : [((k % 2) - 0.5) * 0.26, (Math.floor(k / 2) - (digits.length > 2 ? 0.5 : 0)) * 0.26];
    group.append(svg("text", { class: "quad-digit", x: cx + dx, y: cy + dy, "font-size": one ? 0.3 : 0.22 }, digit));
  });
  return group;
}
