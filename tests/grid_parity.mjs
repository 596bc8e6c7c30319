// Answers for tests/test_grid_parity.py: reads one JSON request a line ({text, size}),
// writes one JSON line: what static/grid.js makes of the text (parse), and for a puzzle
// its clashing cells and every cell's candidates.
import { createInterface } from "node:readline";
import { candidates, clashes, parse, shapeFor, units } from "../static/grid.js";

for await (const line of createInterface({ input: process.stdin })) {
  const { text, size } = JSON.parse(line);
  const parsed = parse(text, size);
  const answer = { parsed };
  if (parsed.status !== "invalid") {
    const shape = shapeFor(parsed.size);
    answer.units = units(shape);
    answer.clashes = [...clashes(shape, parsed.puzzle)].sort((a, b) => a - b);
    answer.candidates = Array.from(parsed.puzzle, (_, cell) => candidates(shape, parsed.puzzle, cell));
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
