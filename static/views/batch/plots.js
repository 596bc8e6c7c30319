// Plots drawn as SVG for the batch view: a scatter plot and a histogram, with log or
// linear axes, and bars of the share of successes by clue count; one colour per series
// (CSS classes s-<name>), hover and click.
//
// A scatter plot draws each point into a grid of 1-unit pixels of its viewBox and
// keeps only the first point per pixel and series (with how many share it), so 49,158
// puzzles cost a few thousand SVG path segments, not 49,158 elements; the points are
// added chunk by chunk as results come in, and everything is redrawn only when an axis
// has to grow. Hovering finds the nearest pixel within a few units.
import { svg } from "../../svg.js";
import { count, h, plural } from "../../kit.js";

const WIDTH = 600;
const HEIGHT = 300;
const MARGIN = { left: 58, right: 12, top: 10, bottom: 42 };
const REACH = 7; // how far from a point (viewBox units) hovering still finds it
const LINE = 14; // from one line of a tick's label to the next (viewBox units)

// 1234 -> "1k", 0.01 -> "0.01", 2000000 -> "2M"
function short(value) {
  for (const [size, suffix] of [[1e9, "G"], [1e6, "M"], [1e3, "k"]]) {
    if (Math.abs(value) >= size) return `${+(value / size).toPrecision(3)}${suffix}`;
  }
  return String(+value.toPrecision(3));
}

// An axis from `min` to `max` onto [from, to] (log: powers of ten as bounds).
class Scale {
  constructor(log, from, to) {
    Object.assign(this, { log, from, to, min: Infinity, max: -Infinity });
  }

  // Widens the domain to hold `value` (log: whole decades; values below 0.001 count
  // as 0.001); true if it had to.
  include(value) {
    const v = this.log ? Math.max(value, 1e-3) : value;
    if (v >= this.min && v <= this.max) return false;
    if (this.log) {
      this.min = Math.min(this.min, 10 ** Math.floor(Math.log10(v)));
      this.max = Math.max(this.max, 10 ** Math.ceil(Math.log10(v)), this.min * 10);
    } else {
      this.min = Math.min(this.min, v);
      this.max = Math.max(this.max, v, this.min + 1);
    }
    return true;
  }

  // A linear axis's end rounded up to its last tick.
  roundUp() {
    const ticks = this.ticks();
    const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    this.max = Math.ceil(this.max / step) * step;
  }

  at(value) {
    const [a, b, v] = this.log
      ? [Math.log10(this.min), Math.log10(this.max), Math.log10(Math.max(value, this.min))]
      : [this.min, this.max, value];
    return this.from + ((v - a) / (b - a)) * (this.to - this.from);
  }

  ticks() {
    if (this.log) {
      const out = [];
      for (let k = Math.round(Math.log10(this.min)); k <= Math.round(Math.log10(this.max)); k++) out.push(10 ** k);
      return out;
    }
    const raw = (this.max - this.min) / 5;
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
    const out = [];
    for (let v = Math.ceil(this.min / step) * step; v <= this.max + 1e-9; v += step) out.push(v);
    return out;
  }
}

// Base: a figure with a caption, an SVG with axes, a tooltip, and pointer handling.
// `bottom`: the room under the x axis (MARGIN.bottom: a line of tick labels and the title).
class Plot {
  constructor({ caption, description, x, y, bottom = MARGIN.bottom }) {
    this.x = new Scale(x.log, MARGIN.left, WIDTH - MARGIN.right);
    this.y = new Scale(y.log, HEIGHT - bottom, MARGIN.top);
    this.titles = [x.title, y.title];
    this.svg = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": description });
    this.axes = svg("g", { class: "axis" });
    this.layer = svg("g", { class: this.layerClass });
    this.mark = svg("circle", { class: "mark", r: 5, visibility: "hidden" });
    this.svg.append(this.axes, this.layer, this.mark);
    this.tip = h("div", { class: "plot-tip", hidden: true });
    this.root = h("figure", { class: "plot" }, h("figcaption", {}, caption), this.svg, this.tip);
    this.svg.addEventListener("pointermove", (event) => this.hover(event));
    this.svg.addEventListener("pointerleave", () => this.hideTip());
    this.svg.addEventListener("click", (event) => {
      const found = this.find(event);
      if (found) this.onPick?.(found);
    });
    this.pending = false;
  }

  // A redraw at the next animation frame (many updates, one drawing).
  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  // The axes; `xTicks`: [where, label, more lines of it...] for each tick of x (by
  // default its scale's values).
  drawAxes(xTicks = (this.x.min < this.x.max ? this.x.ticks() : []).map((value) => [this.x.at(value), short(value)])) {
    const { x, y } = this;
    const parts = [svg("path", { d: `M${x.from} ${y.to}V${y.from}H${x.to}`, fill: "none" })];
    for (const [at, ...labels] of xTicks) {
      parts.push(svg("line", { x1: at, x2: at, y1: y.from, y2: y.from + 4 }),
        ...labels.map((label, k) => svg("text", { x: at, y: y.from + 16 + LINE * k, "text-anchor": "middle" }, label)));
    }
    for (const value of y.min < y.max ? y.ticks() : []) {
      const at = y.at(value);
      parts.push(svg("line", { x1: x.from - 4, x2: x.from, y1: at, y2: at }),
        svg("text", { x: x.from - 7, y: at + 4, "text-anchor": "end" }, short(value)));
    }
    parts.push(svg("text", { class: "title", x: (x.from + x.to) / 2, y: HEIGHT - 6, "text-anchor": "middle" }, this.titles[0]),
      svg("text", { class: "title", transform: `translate(13 ${(y.from + y.to) / 2}) rotate(-90)`, "text-anchor": "middle" },
        this.titles[1]));
    this.axes.replaceChildren(...parts);
  }

  // The pointer's position in viewBox units.
  point(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  }

  hover(event) {
    const found = this.find(event);
    if (!found) {
      this.hideTip();
      return;
    }
    this.mark.setAttribute("cx", found.cx);
    this.mark.setAttribute("cy", found.cy);
    this.mark.setAttribute("visibility", "visible");
    this.tip.replaceChildren(...this.describe(found));
    this.tip.hidden = false;
    const box = this.svg.getBoundingClientRect();
    const scale = box.width / WIDTH;
    const left = found.cx * scale;
    this.tip.style.left = `${Math.min(left + 12, Math.max(0, box.width - this.tip.offsetWidth))}px`;
    this.tip.style.top = `${found.cy * scale + 30}px`;
    this.svg.style.cursor = this.onPick && found.index !== undefined ? "pointer" : "";
  }

  hideTip() {
    this.tip.hidden = true;
    this.mark.setAttribute("visibility", "hidden");
  }
}

// Points (x, y) per series; `data` answers series names, has(name, i), x(name, i), y(name, i)
// for item i; describe(found) gives the tooltip's nodes.
export class Scatter extends Plot {
  get layerClass() {
    return "points";
  }

  constructor(options) {
    super(options);
    this.data = options.data;
    this.describe = options.describe;
    this.clear();
  }

  // Forget every point; `xMax` fixes a linear x axis's end (the number of puzzles).
  clear(xMax = null) {
    this.x.min = this.y.min = Infinity;
    this.x.max = this.y.max = -Infinity;
    if (xMax !== null && !this.x.log) {
      this.x.include(1);
      this.x.include(xMax);
    }
    this.cells = new Map(); // series -> Map(pixel key -> {index, count, cx, cy})
    this.paths = new Map(); // series -> [path text of each pixel]
    this.items = []; // every item added, in order, for redrawing after an axis grew
    this.layer.replaceChildren();
    this.stale = true;
    this.schedule();
  }

  // Adds items (indices into `data`) for every series that has them.
  add(indices) {
    for (const i of indices) this.items.push(i);
    let grew = false;
    for (const name of this.data.series) {
      for (const i of indices) {
        if (!this.data.has(name, i)) continue;
        const wider = [this.x.include(this.data.x(name, i)), this.y.include(this.data.y(name, i))];
        grew ||= wider.includes(true);
      }
    }
    if (grew) {
      this.stale = true;
    } else {
      this.place(indices);
    }
    this.schedule();
  }

  place(indices) {
    for (const name of this.data.series) {
      if (!this.cells.has(name)) {
        this.cells.set(name, new Map());
        this.paths.set(name, []);
      }
      const cells = this.cells.get(name);
      const paths = this.paths.get(name);
      for (const i of indices) {
        if (!this.data.has(name, i)) continue;
        const cx = Math.round(this.x.at(this.data.x(name, i)));
        const cy = Math.round(this.y.at(this.data.y(name, i)));
        const key = cx * 4096 + cy;
        const cell = cells.get(key);
        if (cell) {
          cell.count++;
        } else {
          cells.set(key, { index: i, count: 1, cx, cy });
          paths.push(`M${cx} ${cy}h0`);
        }
      }
    }
  }

  draw() {
    if (this.stale) {
      this.stale = false;
      this.cells = new Map();
      this.paths = new Map();
      this.place(this.items);
      this.drawAxes();
    }
    const layer = [];
    for (const name of this.data.series) {
      const d = this.paths.get(name)?.join("");
      if (d) layer.push(svg("path", { class: `s-${name}`, d }));
    }
    this.layer.replaceChildren(...layer);
  }

  find(event) {
    const p = this.point(event);
    if (!p) return null;
    let best = null;
    for (const [name, cells] of this.cells) {
      for (let dx = -REACH; dx <= REACH; dx++) {
        for (let dy = -REACH; dy <= REACH; dy++) {
          const cell = cells.get((Math.round(p.x) + dx) * 4096 + Math.round(p.y) + dy);
          if (!cell) continue;
          const distance = Math.hypot(cell.cx - p.x, cell.cy - p.y);
          if (distance <= REACH && (!best || distance < best.distance)) best = { ...cell, name, distance };
        }
      }
    }
    return best;
  }
}

// Counts of a value per bin of a fifth of a decade (log x), one outline per series;
// `data` as for Scatter, with value(name, i).
export class Histogram extends Plot {
  get layerClass() {
    return "bars";
  }

  constructor(options) {
    super({ ...options, x: { ...options.x, log: true }, y: { ...options.y, log: false } });
    this.data = options.data;
    this.clear();
  }

  clear() {
    this.bins = new Map(); // series -> Map(bin -> count)
    this.layer.replaceChildren();
    this.schedule();
  }

  static bin(value) {
    return Math.floor(Math.log10(Math.max(value, 1)) * 5 + 1e-9);
  }

  add(indices) {
    for (const name of this.data.series) {
      if (!this.bins.has(name)) this.bins.set(name, new Map());
      const bins = this.bins.get(name);
      for (const i of indices) {
        if (!this.data.has(name, i)) continue;
        const bin = Histogram.bin(this.data.value(name, i));
        bins.set(bin, (bins.get(bin) ?? 0) + 1);
      }
    }
    this.schedule();
  }

  draw() {
    const { x, y } = this;
    x.min = y.min = Infinity;
    x.max = y.max = -Infinity;
    y.include(0);
    for (const bins of this.bins.values()) {
      for (const [bin, n] of bins) {
        x.include(10 ** (bin / 5));
        x.include(10 ** ((bin + 1) / 5));
        y.include(n);
      }
    }
    if (!(x.min < x.max)) {
      this.layer.replaceChildren();
      this.axes.replaceChildren();
      return;
    }
    y.roundUp();
    this.drawAxes();
    const layer = [];
    for (const name of this.data.series) {
      const bins = this.bins.get(name);
      if (!bins?.size) continue;
      let d = "";
      for (const bin of [...bins.keys()].sort((a, b) => a - b)) {
        const left = x.at(10 ** (bin / 5));
        const right = x.at(10 ** ((bin + 1) / 5));
        d += `M${left} ${y.from}V${y.at(bins.get(bin))}H${right}V${y.from}`;
      }
      layer.push(svg("path", { class: `s-${name}`, d }));
    }
    this.layer.replaceChildren(...layer);
  }

  find(event) {
    const p = this.point(event);
    if (!p || p.x < this.x.from || p.x > this.x.to || !(this.x.min < this.x.max)) return null;
    const value = 10 ** (Math.log10(this.x.min) + ((p.x - this.x.from) / (this.x.to - this.x.from)) *
      (Math.log10(this.x.max) - Math.log10(this.x.min)));
    const bin = Histogram.bin(value);
    const counts = [...this.bins].map(([name, bins]) => [name, bins.get(bin) ?? 0]).filter(([, n]) => n);
    if (!counts.length) return null;
    const top = Math.max(...counts.map(([, n]) => n));
    return { bin, counts, cx: this.x.at(10 ** ((bin + 0.5) / 5)), cy: this.y.at(top) };
  }

  describe({ bin, counts }) {
    const low = Math.ceil(10 ** (bin / 5));
    const high = Math.ceil(10 ** ((bin + 1) / 5)) - 1;
    return [h("strong", {}, high > low ? `${count(low)}–${count(high)} tries` : plural(low, "try", "tries")),
      ...counts.map(([name, n]) => h("div", { class: `legend s-${name}` }, `${name}: ${plural(n, "puzzle")}`))];
  }
}

// The first clue count of each range the thesis's figures use: 17 (the fewest a 9x9
// puzzle with one solution has), Lewis's minimal puzzles of 22–29 clues, 30–36, and the
// thesis's easier set of 46; 18–21 and 37–45 between them, 0–16 below.
const CLUE_RANGES = [0, 17, 18, 22, 30, 37, 46];
const EACH_COUNT_UP_TO = 6; // as many clue counts as this, each is a group; more: CLUE_RANGES
const BAR_MAX = 40; // the widest bar (viewBox units)
const PERCENT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

// A series' tally in a group, [searched, succeeded], as a percentage of successes.
function percent([searched, succeeded]) {
  return (100 * succeeded) / searched;
}

// A tally for people: [12, 10] -> ["83.3%", "(10 of 12)"].
function share(tally) {
  return [`${PERCENT.format(percent(tally))}%`, `(${count(tally[1])} of ${count(tally[0])})`];
}

// Bars of the share of items each series succeeded on, grouped by the items' clue
// counts, and a table of the same numbers under them; `data` as for Scatter, with
// clues(i) and succeeded(name, i). An item counts for the series that have it.
export class SuccessByClues extends Plot {
  get layerClass() {
    return "columns";
  }

  constructor(options) {
    super({ ...options, x: { ...options.x, log: false }, y: { ...options.y, log: false }, bottom: MARGIN.bottom + LINE });
    this.data = options.data;
    this.y.include(0);
    this.y.include(100);
    this.table = h("table", { class: "batch-table", "aria-label": `${options.caption}: the numbers` });
    this.root.append(h("div", { class: "batch-table-wrap", tabindex: 0, role: "group", "aria-label": "The plot's numbers" },
      this.table));
    this.clear();
  }

  clear() {
    this.tallies = new Map(); // series -> Map(clues -> [searched, succeeded])
    this.items = new Map(); // clues -> items some series has
    this.groups = [];
    this.schedule();
  }

  add(indices) {
    for (const i of indices) {
      const clues = this.data.clues(i);
      let had = false;
      for (const name of this.data.series) {
        if (!this.data.has(name, i)) continue;
        had = true;
        if (!this.tallies.has(name)) this.tallies.set(name, new Map());
        const tally = this.tallies.get(name);
        const [searched, succeeded] = tally.get(clues) ?? [0, 0];
        tally.set(clues, [searched + 1, succeeded + Number(this.data.succeeded(name, i))]);
      }
      if (had) this.items.set(clues, (this.items.get(clues) ?? 0) + 1);
    }
    this.schedule();
  }

  // The groups, fewest clues first: {label, items, tallies: Map(series -> [searched, succeeded])};
  // a group per clue count present, or per range of CLUE_RANGES with items if more are.
  group() {
    const present = [...this.items.keys()].sort((a, b) => a - b);
    const ranges = present.length > EACH_COUNT_UP_TO;
    const bounds = ranges ? CLUE_RANGES : present;
    const groups = new Map(); // first clue count -> group
    for (const clues of present) {
      const k = bounds.findLastIndex((low) => low <= clues);
      const [low, next] = [bounds[k], bounds[k + 1]];
      if (!groups.has(low)) {
        const label = !ranges || next === low + 1 ? String(low) : next === undefined ? `${low}+` : `${low}–${next - 1}`;
        groups.set(low, { label, items: 0, tallies: new Map() });
      }
      const group = groups.get(low);
      group.items += this.items.get(clues);
      for (const [name, tally] of this.tallies) {
        const [searched, succeeded] = tally.get(clues) ?? [0, 0];
        const [groupSearched, groupSucceeded] = group.tallies.get(name) ?? [0, 0];
        if (searched) group.tallies.set(name, [groupSearched + searched, groupSucceeded + succeeded]);
      }
    }
    return [...groups.values()];
  }

  draw() {
    const { x, y } = this;
    const series = this.data.series;
    this.groups = this.group();
    this.slot = (x.to - x.from) / Math.max(1, this.groups.length);
    const width = Math.min(BAR_MAX, (0.8 * this.slot) / Math.max(1, series.length));
    const bars = [];
    this.groups.forEach((group, k) => series.forEach((name, s) => {
      const tally = group.tallies.get(name);
      if (!tally) return;
      // A path, not a rect: at 0% its outline is still drawn, a line along the x axis.
      const left = this.middle(k) + (s - series.length / 2) * width;
      const top = y.at(percent(tally));
      bars.push(svg("path", { class: `s-${name}`, "data-group": group.label, "data-solver": name,
        d: `M${left} ${y.from}V${top}H${left + width}V${y.from}Z` }));
    }));
    this.drawAxes(this.groups.map((group, k) => [this.middle(k), group.label, `n = ${count(group.items)}`]));
    this.layer.replaceChildren(...bars);
    // The table as the plot: a column per group, as along x; a row per series.
    this.table.replaceChildren(
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "clues"), this.groups.map((group) =>
        h("th", { scope: "col", "data-group": group.label }, group.label, " ",
          h("span", { class: "share-of" }, `n = ${count(group.items)}`))))),
      h("tbody", {}, series.map((name) => h("tr", { "data-solver": name },
        h("th", { scope: "row" }, h("span", { class: `dot s-${name}`, "aria-hidden": "true" }, "●"), name),
        this.groups.map((group) => {
          const tally = group.tallies.get(name);
          if (!tally) return h("td", { "data-group": group.label }, "–");
          const [percent, of] = share(tally);
          return h("td", { "data-group": group.label }, percent, " ", h("span", { class: "share-of" }, of));
        })))));
  }

  // The middle of group k along x.
  middle(k) {
    return this.x.from + this.slot * (k + 0.5);
  }

  find(event) {
    const p = this.point(event);
    const { x, y } = this;
    if (!p || !this.groups.length || p.x < x.from || p.x > x.to) return null;
    const k = Math.min(this.groups.length - 1, Math.floor((p.x - x.from) / this.slot));
    const group = this.groups[k];
    return { group, cx: this.middle(k), cy: y.at(Math.max(...[...group.tallies.values()].map(percent))) };
  }

  describe({ group }) {
    return [h("strong", {}, `${group.label} clues: ${plural(group.items, "puzzle")}`),
      ...this.data.series.filter((name) => group.tallies.has(name))
        .map((name) => h("div", { class: `legend s-${name}` }, `${name}: ${share(group.tallies.get(name)).join(" ")}`))];
  }
}
