// The Generate panel's "Practise a technique" select: the techniques of the kind chosen
// (words.js TECHNIQUES, named as the registry names them), "Any" first. A technique and
// a difficulty exclude each other: Python makes a puzzle for one of them.
import { h } from "../../kit.js";
import { TECHNIQUES } from "../../words.js";

// Offers `kind`'s techniques in `select`, keeping the one chosen where the kind has it.
export function offerTechniques(select, kind) {
  const chosen = select.value;
  const names = TECHNIQUES.filter((technique) => technique.kinds.includes(kind)).map((technique) => technique.name);
  select.replaceChildren(h("option", { value: "" }, "Any"), ...names.map((name) => h("option", {}, name)));
  select.value = names.includes(chosen) ? chosen : "";
}

// Choosing a technique sets the difficulty to Any, and choosing a difficulty the technique.
export function excludeDifficulty(select, difficulty) {
  select.addEventListener("change", () => select.value && (difficulty.value = ""));
  difficulty.addEventListener("change", () => difficulty.value && (select.value = ""));
}
