// Where things sit on a grid of n x n cells, in grid units (a cell is 1 by 1, the grid's top
// left corner at 0, 0), for the rules' drawings.

// A cell's centre, [x, y].
export function centre(cell, n) {
  return [(cell % n) + 0.5, Math.floor(cell / n) + 0.5];
}

// A line through cells' centres as an SVG points list ("x,y x,y ...").
export function points(line, n) {
  return line.map((cell) => centre(cell, n).join(",")).join(" ");
}

// The point a fraction `t` of the way from `a` to `b`, or `length` grid units from `a` towards `b`.
export function towards(a, b, { t = null, length = null }) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const k = t ?? length / Math.hypot(dx, dy);
  return [a[0] + dx * k, a[1] + dy * k];
}

// The middle of the side (or corner) two neighbouring cells share.
export function between(a, b, n) {
  const [p, q] = [centre(a, n), centre(b, n)];
  return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
}

// The centre of a clue outside the grid, at [row, col] counted from 1 inside the grid (0 or
// n + 1 outside it).
export function outsideCentre([row, col]) {
  return [col - 0.5, row - 0.5];
}
