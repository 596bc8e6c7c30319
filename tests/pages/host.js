// Adds one iframe per ?src= of the host page's URL, as the Embed snippet would, and keeps
// every message the embeds post (with the index of the iframe that posted it).
window.events = [];
addEventListener("message", (event) => {
  const frames = [...document.querySelectorAll("iframe")];
  window.events.push({ frame: frames.findIndex((f) => f.contentWindow === event.source), origin: event.origin, data: event.data });
});
addEventListener("DOMContentLoaded", () => {
  const params = new URLSearchParams(location.search);
  for (const src of params.getAll("src")) {
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = "Sudoku";
    frame.width = params.get("width") ?? "420";
    frame.height = params.get("height") ?? "560";
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
    frame.style.border = "0";
    frame.style.maxWidth = "100%";
    document.body.append(frame);
  }
});
