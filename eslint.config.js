// ESLint's configuration (tests/test_static.py runs `node_modules/.bin/eslint .`, which reads it):
// the recommended rules, and caps on how complex and how deeply nested a function may be.
import js from "@eslint/js";
import globals from "globals";

// The caps: complexity 20 (the worst today: readSolo in static/kinds.js), depth 5 (pathState
// in static/grid.js). A function that grows past them is split, not the cap raised.
const CAPS = {
  complexity: ["error", 20],
  "max-depth": ["error", 5],
};

export default [
  { ignores: ["static/vendor/", "node_modules/", "build/", "dist/", "site/"] },
  js.configs.recommended,
  {
    rules: {
      ...CAPS,
      // `_` is a value not used (a loop that only counts); `{ a, ...rest }` drops `a` from `rest`.
      "no-unused-vars": ["error", { varsIgnorePattern: "^_$", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
  {
    // The page, its worker, its service worker, and the tests' host pages.
    files: ["static/**/*.js", "static/**/*.mjs", "sw.js", "tests/pages/*.js", "tests/pages/*.mjs"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker } },
  },
  {
    // Run by Node: the build's helper, the tests' and the scripts' helpers, this file.
    files: ["build.mjs", "tests/*.mjs", "scripts/*.mjs", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
