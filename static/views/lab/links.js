// The dancing links themselves, for tiny problems: the engine's arrays (a record's
// `links`: top, option, the up/down/left/right/size arrays before the search and the
// entries each step changed) drawn as an SVG. The root and the item headers sit in a row, each option's
// nodes in a row below, under their items. Each index points down and up its item's
// circular list (arrows right and left of it) and the root and the primary items' headers
// right and left (arrows above and below). A covered item or a hidden node is skipped by
// its neighbours but keeps its own links (dashed), which is how uncovering puts it back;
// the links a step changed are drawn thick in the warning colour.
import { plural } from "../../kit.js";
import { svg } from "../../svg.js";

const DX = 64;
const DY = 46;
const MARGIN = 34;
const R = 13;
const GAP = 5;
// Item names longer than this are cut short in the drawing (the full name is its title).
const LABEL_MAX = 10;
const CHAR_WIDTH = 6.5;

export class LinksView {
  // container: where the drawing goes; counts: the line that says how many links changed.
  constructor(container, counts, problem, links) {
    this.problem = problem;
    this.links = links;
    this.counts = counts;
    const items = problem.items.length;
    const longest = Math.max(3, ...problem.items.map((name) => Math.min(name.length, LABEL_MAX)));
    this.box = Math.max(2 * R + 8, longest * CHAR_WIDTH + 10); // a header's width
    this.dx = Math.max(DX, this.box + 24);
    // Where each index is drawn: the root in column 0, header i+1 in column i+1 on row 0,
    // a node under its item, on its option's row.
    this.place = links.top.map((top, x) => (x <= items ? [x, 0] : [top, links.option[x] + 1]));
    this.width = (items + 1) * this.dx + 2 * MARGIN;
    this.height = (problem.options.length + 1) * DY + 2 * MARGIN;
    this.root = svg("svg", {
      viewBox: `0 0 ${this.width} ${this.height}`,
      class: "links",
      role: "img",
      "aria-label": `The links of ${problem.ones} nodes, ${items} item headers and the root`,
    });
    this.root.style.setProperty("--links-width", `${this.width}px`);
    const defs = svg("defs");
    for (const kind of ["plain", "changed", "unlinked"]) {
      const marker = svg("marker", {
        id: `arrow-${kind}`, class: `arrow ${kind}`, viewBox: "0 0 6 6", refX: 5, refY: 3,
        markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
      });
      marker.append(svg("path", { d: "M0,0 L6,3 L0,6 z" }));
      defs.append(marker);
    }
    this.root.append(defs);
    this.layer = svg("g");
    this.root.append(this.layer);
    container.replaceChildren(this.root);
    // The arrays after step `at` (-1: before the search).
    this.arrays = Object.fromEntries(Object.entries(links.start).map(([name, values]) => [name, [...values]]));
    this.at = -1;
    // How many links (not counts) the steps up to each one changed.
    this.changedSoFar = [];
    let sum = 0;
    for (const changes of links.changes) {
      sum += changes.filter(([name]) => name !== "size").length;
      this.changedSoFar.push(sum);
    }
  }

  // Brings the arrays to where they are after step k, step by step from where they are.
  moveTo(k) {
    const { changes } = this.links;
    for (; this.at < k; this.at++) {
      for (const [name, x, , after] of changes[this.at + 1]) this.arrays[name][x] = after;
    }
    for (; this.at > k; this.at--) {
      for (const [name, x, before] of changes[this.at]) this.arrays[name][x] = before;
    }
  }

  xy(x) {
    const [col, row] = this.place[x];
    return [MARGIN + col * this.dx + this.dx / 2, MARGIN + row * DY + DY / 2];
  }

  // Draws the links after step k (-1: before the search).
  draw(k) {
    this.moveTo(k);
    const changed = new Set(k >= 0 ? this.links.changes[k].map(([name, x]) => `${name}:${x}`) : []);
    const { up, down, left, right, size } = this.arrays;
    const items = this.problem.items.length;
    const primary = this.problem.primary;
    this.layer.replaceChildren();
    const lines = svg("g");
    const nodes = svg("g");
    this.layer.append(lines, nodes);
    for (let x = 0; x < up.length; x++) {
      // A node is in its item's list when its neighbours point to it; a primary item's
      // header is in the item list when its neighbours there point to it.
      const inColumn = x <= items || (down[up[x]] === x && up[down[x]] === x);
      const inRow = x === 0 || x > primary || right[left[x]] === x;
      const kind = (name, linked) => (changed.has(`${name}:${x}`) ? "changed" : linked ? "plain" : "unlinked");
      if (x > 0) {
        this.vertical(lines, x, down[x], +1, kind("down", inColumn));
        this.vertical(lines, x, up[x], -1, kind("up", inColumn));
      }
      if (x <= primary) {
        this.horizontal(lines, x, right[x], +1, kind("right", inRow));
        this.horizontal(lines, x, left[x], -1, kind("left", inRow));
      }
      nodes.append(this.node(x, inColumn && inRow, x > 0 && x <= items ? size[x] : null));
    }
    const soFar = this.changedSoFar[k] ?? 0;
    const step = soFar - (this.changedSoFar[k - 1] ?? 0);
    this.counts.textContent = `${plural(this.problem.ones, "node")}, ${plural(items, "item header")} and the root. ` +
      (k >= 0 ? `This step changed ${plural(step, "link")}; ${plural(soFar, "change")} so far.` : "Before the search.");
  }

  node(x, linked, size) {
    const [cx, cy] = this.xy(x);
    const items = this.problem.items.length;
    const group = svg("g", { class: `index ${x === 0 ? "root" : x <= items ? "header" : "node"}${linked ? "" : " unlinked"}` });
    if (x > 0 && x <= items) group.classList.toggle("secondary", x > this.problem.primary);
    group.append(x === 0 || x > items
      ? svg("circle", { cx, cy, r: R })
      : svg("rect", { x: cx - this.box / 2, y: cy - R, width: this.box, height: 2 * R, rx: 4 }));
    const label = x === 0 ? "root" : x <= items ? this.problem.items[x - 1] : "";
    if (label) group.append(svg("text", { x: cx, y: cy + 4 }, label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label));
    if (size !== null) group.append(svg("text", { x: cx, y: cy - R - 3, class: "size" }, String(size)));
    group.append(svg("title", {}, x === 0 ? "the root" : x <= items ? `item ${this.problem.items[x - 1]}: ${size} options`
      : `node ${x}: item ${this.problem.items[this.links.top[x] - 1]}, option ${this.problem.names[this.links.option[x]]}`));
    return group;
  }

  // The link from x down (+1) or up (-1) its item's list; a link that wraps round
  // leaves at one edge and comes back in at the other.
  vertical(layer, x, to, way, kind) {
    if (to === x) return; // an empty list
    const [ax, ay] = this.xy(x);
    const [, by] = this.xy(to);
    const lane = ax + way * GAP;
    const bottom = this.height - MARGIN / 3;
    const top = MARGIN / 3;
    const path = (by - ay) * way > 0
      ? `M${lane},${ay + way * R} V${by - way * R}`
      : `M${lane},${ay + way * R} V${way > 0 ? bottom : top} M${lane},${way > 0 ? top : bottom} V${by - way * R}`;
    layer.append(svg("path", { d: path, class: `link ${kind}`, "marker-end": `url(#arrow-${kind})` }));
  }

  // The link from x right (+1) or left (-1) along the item list, through the root.
  horizontal(layer, x, to, way, kind) {
    if (to === x) return; // no item left to cover
    const [ax, ay] = this.xy(x);
    const [bx] = this.xy(to);
    const lane = ay - way * GAP;
    const right = this.width - MARGIN / 3;
    const left = MARGIN / 3;
    const half = (index) => (index === 0 ? R : this.box / 2) + 2; // the root is a circle, a header a box
    const path = (bx - ax) * way > 0
      ? `M${ax + way * half(x)},${lane} H${bx - way * half(to)}`
      : `M${ax + way * half(x)},${lane} H${way > 0 ? right : left} M${way > 0 ? left : right},${lane} H${bx - way * half(to)}`;
    layer.append(svg("path", { d: path, class: `link ${kind}`, "marker-end": `url(#arrow-${kind})` }));
  }
}
