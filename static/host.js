// What an embed tells the page that holds it, with postMessage to its parent window:
//   {source: "sudoku-dlx", type: "ready", id, puzzle}
//   {source: "sudoku-dlx", type: "size", id, height}        the height its content needs (px)
//   {source: "sudoku-dlx", type: "checked", id, puzzle, mistakes, left}
//   {source: "sudoku-dlx", type: "solved", id, puzzle, ms, hints}
// `id` is the embed's own (the snippet's id= option), so a course page with several embeds
// can tell them apart (event.source tells their windows apart too). A page that is not in
// a frame posts nothing. docs/embedding.md shows a host page's few lines that resize the iframe.

const SOURCE = "sudoku-dlx";

export class Host {
  constructor(options) {
    this.id = options.id ?? "";
    this.parent = window.parent !== window ? window.parent : null;
    this.height = 0;
  }

  // Tells the host about `type`, with `fields`.
  post(type, fields = {}) {
    // The host is any page on any origin, and nothing here is secret: "*" is the target.
    this.parent?.postMessage({ source: SOURCE, type, id: this.id, ...fields }, "*");
  }

  // The height the content needs at its natural width; told when it changes.
  natural(height) {
    height = Math.ceil(height);
    if (height === this.height) return;
    this.height = height;
    this.post("size", { height });
  }
}
