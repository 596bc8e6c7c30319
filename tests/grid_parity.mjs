// Answers for tests/test_grid_parity.py: reads one JSON request a line ({text, size}),
// writes one JSON line: what static/kinds.js makes of the text (readPuzzle), and for a
// puzzle the units, clashing cells and every cell's candidates of static/grid.js.
import { createInterface } from "node:readline";
import { candidates, clashes, gridShape, units } from "../static/grid.js";
import { readPuzzle } from "../static/kinds.js";

for await (const line of createInterface({ input: process.stdin })) {
  const { text, size } = JSON.parse(line);
  const parsed = readPuzzle(text, size);
  const answer = { parsed };
  if (parsed.status !== "invalid") {
    const shape = gridShape(parsed);
    answer.units = units(shape);
    answer.clashes = [...clashes(shape, parsed.givens)].sort((a, b) => a - b);
    answer.candidates = Array.from(parsed.givens, (_, cell) => candidates(shape, parsed.givens, cell));
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
