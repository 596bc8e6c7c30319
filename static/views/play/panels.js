// The play view's side panels, filled from Python's records: statistics of a solve, the
// rating with its solve path, a variant's rules, the share link and the embed snippet. Text goes in with
// textContent only.
import { $, h } from "../../kit.js";
import { embedSnippet, shareLink } from "../../link.js";

// Unhides a panel and scrolls it into view.
export function reveal(id) {
  $(id).hidden = false;
  $(id).scrollIntoView({ block: "nearest" });
}

// A variant's title, author and rules (a shape's `variant`, see grid.js), or none (null):
// plain text, as the link gives it.
export function showVariant(variant) {
  $("variant-panel").hidden = !variant;
  if (!variant) return;
  $("variant-title").textContent = variant.title || "Variant sudoku";
  $("variant-author").textContent = variant.author ? `by ${variant.author}` : "";
  $("variant-author").hidden = !variant.author;
  $("variant-rules").replaceChildren(...variant.rules.map((rule) => h("li", {}, rule[0].toUpperCase() + rule.slice(1))));
  $("variant-text").textContent = variant.text;
  $("variant-text-box").hidden = !variant.text;
  const lab = new URL("index.html?view=lab&problem=variant", location.href);
  lab.hash = new URLSearchParams({ p: variant.puzzle }).toString();
  $("variant-lab").href = lab.href;
}

// The statistics of a web.solve record and the request's round trip (ms); null clears them.
export function showStats(result, trip) {
  const values = result ? {
    status: result.status,
    solutions: result.solutions.length,
    nodes: result.nodes.toLocaleString("en"),
    guesses: result.guesses.toLocaleString("en"),
    ms: `${result.ms} ms`,
    trip: `${Math.round(trip)} ms`,
  } : {};
  for (const element of document.querySelectorAll("[data-stat]")) element.textContent = values[element.dataset.stat] ?? "–";
}

// The rating of a web.rate record; each step of its path is a button that calls
// onStep(step, index). Returns the score and hardest technique as said.
export function showRating(result, onStep) {
  const values = {
    ...result,
    score: result.score.toFixed(1),
    hardest: result.hardest || "none (no blank cells)",
    nodes: result.nodes.toLocaleString("en"),
    guesses: result.guesses.toLocaleString("en"),
  };
  for (const element of document.querySelectorAll("[data-rating]")) element.textContent = values[element.dataset.rating];
  $("path").replaceChildren(...result.path.map((step, index) => pathStep(step, () => onStep(step, index))));
  return values;
}

// One step of the solve path: its sentence and score.
function pathStep(step, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  const score = document.createElement("span");
  score.className = "score";
  score.textContent = step.score.toFixed(1);
  button.append(step.text, " ", score);
  button.addEventListener("click", onClick);
  const item = document.createElement("li");
  item.append(button);
  return item;
}

// The share panel's link to the game's puzzle (and its entries, marks and colours, if ticked).
export function showShare(game) {
  const mine = $("share-entries").checked;
  $("share-link").value = shareLink(location.href, game.id, mine ? game.entries : "", mine ? game.state : {});
  $("share-panel").hidden = false;
}

// The share panel's way to f-puzzles (web.fpuzzles's `record`): a link that opens the
// puzzle there, or why f-puzzles cannot show it.
export function showFpuzzles(record) {
  const place = $("share-fpuzzles");
  if (record.status === "written") {
    const link = document.createElement("a");
    Object.assign(link, { href: record.link, target: "_blank", rel: "noopener", textContent: "Open in f-puzzles" });
    place.replaceChildren(link);
  } else {
    place.replaceChildren(`Not for f-puzzles: ${record.error}.`);
  }
  place.hidden = false;
}

// The embed panel's snippet for `givens` with the options ticked.
export function showEmbed(givens) {
  $("embed-snippet").value = embedSnippet(location.href, givens, {
    readonly: $("embed-readonly").checked,
    stats: $("embed-stats").checked,
    steps: $("embed-steps").checked,
    buttons: $("embed-buttons").checked,
  });
  $("embed-panel").hidden = false;
}
