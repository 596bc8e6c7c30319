// SVG elements for the drawings: the board's step marks, the lab's links, the batch view's plots.
const NS = "http://www.w3.org/2000/svg";

// An SVG element `tag` with `attributes` and, unless null, the text `text`.
export function svg(tag, attributes = {}, text = null) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== null) element.textContent = text;
  return element;
}
