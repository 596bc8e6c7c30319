// Starts the bare worker and marks <html data-python> as the real page does.
const worker = new Worker(new URL("./bare_worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  document.documentElement.dataset.python = data;
};
