// A small grid of `shape` in `container` (a .mini-grid): its n*n cell <div>s, with the box
// lines; the caller fills them. For pictures of a grid that are not played on.
export function miniGrid(container, { n, boxRows, boxCols }) {
  container.style.setProperty("--n", n);
  const cells = [];
  for (let cell = 0; cell < n * n; cell++) {
    const div = document.createElement("div");
    const r = Math.floor(cell / n), c = cell % n;
    if ((c + 1) % boxCols === 0 && c + 1 < n) div.classList.add("box-right");
    if ((r + 1) % boxRows === 0 && r + 1 < n) div.classList.add("box-bottom");
    cells.push(div);
  }
  container.replaceChildren(...cells);
  return cells;
}
