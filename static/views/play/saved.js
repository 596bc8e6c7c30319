// The saved games that the tabs of one browser share (issue 39): the saved game, which a
// new tab opens (the game of the newest move, in whichever tab), and the second saved game
// (the one that move replaced). Each stored game carries a stamp (the tab that saved it and
// a count), so that a tab knows whether the saved game is still its own; the `storage`
// event tells it when another tab saved one. So two tabs never lose each other's game: a
// tab whose game another tab replaced keeps it as the second saved game and is told.
// An embed's games have keys of their own (per snippet id and puzzle), so embeds of
// different puzzles on one page never meet here.
import { BLANK } from "../../grid.js";
import { shapes } from "../../store.js";
import { Game, sameState } from "./game.js";

// The second saved game's key (after the store's prefix; the saved game's is "").
export const KEPT = ":kept";

const TAB = Math.random().toString(36).slice(2, 10);
let saves = 0;

const stampOf = (value) => (typeof value?.stamp === "string" ? value.stamp : null);

// Whether a stored value is a game (not junk left by hand, nor nothing).
const isGame = (value) => shapes.object(value) !== undefined && value.state !== undefined && !new Game(value).unreadable;

// Whether the stored `value` holds `game`: the same puzzle, at its state or at one in its
// undo or redo history (another tab went on with the game: nothing of this tab's is lost).
function holds(value, game) {
  const other = new Game(value);
  return !other.unreadable && other.id === game.id && [other.state, ...other.past, ...other.future].some((state) => sameState(state, game.state));
}

// An empty grid (no givens, no entries): nothing to keep or bring back.
export const empty = (game) => (game.givens + game.entries).replaceAll(BLANK, "") === "";

export class SavedGames {
  // store: the play view's Store; current(): the game this tab shows; `replaced(newer)`:
  // another tab's move replaced this tab's game (now the second saved game) with `newer` (a
  // Game); `followed(game)`: another tab went on with this tab's game, `game` is it now;
  // `restored()`: this tab's game is the saved game again (another tab switched to it).
  constructor(store, { current, replaced, followed, restored }) {
    this.store = store;
    this.current = current;
    this.events = { replaced, followed, restored };
    // Where this tab's game is stored ("" or KEPT), with which stamp, at which state.
    this.slot = "";
    this.stamp = null;
    this.state = null;
    store.watch("", (value) => this.heard(value));
  }

  // The saved game (read at the start; the store tells of an unreadable one).
  open() {
    const saved = this.store.read("", shapes.object, {});
    const game = new Game(saved);
    this.stamp = stampOf(saved);
    this.state = game.state;
    return game;
  }

  // The second saved game, or null (none, an empty grid, or one the saved game holds).
  kept() {
    const value = this.store.read(KEPT, shapes.object, null);
    const game = value && new Game(value);
    return game && !game.unreadable && !empty(game) && !holds(value, this.current()) ? game : null;
  }

  // Whether the stored `value` is a game another tab saved (an older page's has no stamp).
  foreign(value) {
    return isGame(value) && stampOf(value) !== this.stamp;
  }

  // Stores `game` (this tab's) after a change, or `always` (its time played, as the tab
  // goes); `mine`: as a move. A move makes it the saved game: the newest move wins, and
  // the game it replaces (another tab's) is kept as the second saved game.
  save(game, { always = false, mine = false } = {}) {
    const moved = mine || game.state !== this.state;
    if (!moved && !always) return;
    const main = this.store.peek("");
    if (moved) {
      if (this.foreign(main)) this.store.write(KEPT, main);
      if (this.slot === KEPT) this.events.restored();
      this.slot = "";
    } else if (this.slot === "" && this.foreign(main)) {
      // Another tab saved since (its storage event is yet to come).
      if (holds(main, game)) return; // it went on with this game: nothing to keep
      this.slot = KEPT;
    }
    this.state = game.state;
    this.stamp = `${TAB}:${++saves}`;
    this.store.write(this.slot, { ...game.toJSON(), stamp: this.stamp });
  }

  // Another tab stored `value` as the saved game.
  heard(value) {
    const stamp = stampOf(value);
    if (stamp !== null && stamp === this.stamp && this.slot === KEPT) {
      this.slot = "";
      this.events.restored();
      return;
    }
    if (this.slot !== "") return;
    const game = this.current();
    if (!isGame(value)) {
      // Removed or spoiled (by hand, say): this tab has the game, and saves it again.
      if (!empty(game)) this.save(game, { always: true });
      return;
    }
    if (!this.foreign(value)) return;
    if (holds(value, game) || empty(game)) {
      const newer = new Game(value);
      this.stamp = stamp;
      this.state = newer.state;
      this.events.followed(newer);
      return;
    }
    // This tab's game is the second saved game now (the other tab kept it there, unless it
    // could not: an older page, say).
    this.slot = KEPT;
    if (stampOf(this.store.peek(KEPT)) !== this.stamp) {
      this.stamp = `${TAB}:${++saves}`;
      this.store.write(KEPT, { ...game.toJSON(), stamp: this.stamp });
    }
    this.events.replaced(new Game(value));
  }

  // This tab takes the other stored game (the saved one if this tab's was replaced, else
  // the second), which becomes the saved game; this tab's own is kept as the second.
  // Returns the game taken, or null when there is none to take.
  switch(game) {
    const other = this.store.peek(this.slot === "" ? KEPT : "");
    const taken = other && new Game(other);
    if (!taken || taken.unreadable) return null;
    if (this.slot === "") {
      this.store.write(KEPT, { ...game.toJSON(), stamp: this.stamp });
      this.store.write("", other);
    }
    this.slot = "";
    this.stamp = stampOf(other);
    this.state = taken.state;
    return taken;
  }

  // The second saved game is dropped.
  forget() {
    this.store.remove(KEPT);
  }
}
