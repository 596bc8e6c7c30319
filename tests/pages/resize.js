addEventListener("message", (event) => {
  const data = event.data;
  if (data?.source !== "sudoku-dlx" || data.type !== "size") return;
  for (const frame of document.querySelectorAll("iframe")) {
    if (frame.contentWindow === event.source) frame.style.height = `${data.height}px`;
  }
});
