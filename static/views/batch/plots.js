// Plots drawn as SVG for the batch view: a scatter plot and a histogram, with log or
// linear axes, one colour per series (CSS classes s-<name>), hover and click.
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
class Plot {
  constructor({ caption, description, x, y }) {
    this.x = new Scale(x.log, MARGIN.left, WIDTH - MARGIN.right);
    this.y = new Scale(y.log, HEIGHT - MARGIN.bottom, MARGIN.top);
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

  drawAxes() {
    const { x, y } = this;
    const parts = [svg("path", { d: `M${x.from} ${y.to}V${y.from}H${x.to}`, fill: "none" })];
    for (const value of x.min < x.max ? x.ticks() : []) {
      const at = x.at(value);
      parts.push(svg("line", { x1: at, x2: at, y1: y.from, y2: y.from + 4 }),
        svg("text", { x: at, y: y.from + 16, "text-anchor": "middle" }, short(value)));
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
