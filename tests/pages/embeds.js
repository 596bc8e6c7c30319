// Adds the embeds a course page would have, as the Embed button's snippet makes them:
// ?page=<the page's URL>&n=<embeds in view, 3 by default>&below=<embeds far below them>.
const query = new URLSearchParams(location.search);
const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const count = { inView: Number(query.get("n") ?? 3), below: Number(query.get("below") ?? 0) };
const box = document.getElementById("embeds");
for (let i = 0; i < count.inView + count.below; i++) {
  const frame = document.createElement("iframe");
  frame.id = `embed-${i + 1}`;
  frame.title = `Sudoku ${i + 1}`;
  frame.width = "420";
  frame.height = "560";
  frame.sandbox = "allow-scripts allow-same-origin";
  frame.src = `${query.get("page")}?embed=1&readonly=1#p=${PUZZLE}`;
  if (i >= count.inView) frame.className = "below";
  box.append(frame);
}
