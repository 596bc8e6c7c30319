// A killer cage, as the killer kind draws it (kind-marks.js): dashed outline inside its
// cells, its sum (if any) in the top left corner.
import { cageMarks } from "../kind-marks.js";

export function killerCage({ cells, value }, n) {
  const group = cageMarks({ cells, sum: value ?? "" }, n);
  if (!value) group.querySelector("text").remove();
  return group;
}
