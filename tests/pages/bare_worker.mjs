// Only loadPyodide, from the same vendored files the page's worker uses.
import { loadPyodide } from "../../static/vendor/pyodide.mjs";

loadPyodide({ indexURL: new URL("../../static/vendor/", import.meta.url).href }).then(
  () => postMessage("ready"),
  () => postMessage("error"),
);
