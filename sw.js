// The page's service worker: keeps every file of one build (static/vendor/build.json
// lists them) in the cache build.json names (by the build's id), so a later visit boots
// from it and works with no network at all. The worker keeps its memory snapshot of
// Python there too, so it goes with its build.
//
// - Files under static/vendor/ (but build.json) have their content or version in their
//   path and never change: the cache answers them, the network only what it lacks.
// - Every other file (the page, its modules, build.json) comes from the network while
//   there is one, so an edited source shows at the next reload; the cache answers
//   only when the network fails.
// - A build.json with an id that has no complete cache yet (a new build) gets its files
//   cached, every view and the batch view's sample puzzle sets among them (a few hundred
//   kB beside Python's MBs), so that every view works offline after one visit; then the
//   other builds' caches are deleted.
// Responses are cached as they came, headers included (Pyodide needs application/wasm).
// Every build's cache name begins with this (build.py's CACHE_PREFIX).
const PREFIX = "sudoku-dlx-";
const SCOPE = new URL(self.registration.scope);
const BUILD = new URL("static/vendor/build.json", SCOPE).href;
const VENDOR = new URL("static/vendor/", SCOPE).href;

// Each build's caching, while it runs (a build.json seen twice is cached once).
const keeping = new Map();

function keep(build) {
  if (!keeping.has(build.id)) keeping.set(build.id, cacheBuild(build).finally(() => keeping.delete(build.id)));
  return keeping.get(build.id);
}

// Caches every file of `build` (addAll stores all or none, build.json among them, so a
// cache holding build.json is complete), then deletes the other builds' caches.
async function cacheBuild(build) {
  const name = build.cache;
  if (!(await caches.match(BUILD, { cacheName: name }))) {
    const cache = await caches.open(name);
    // "no-cache": after a first visit the browser's own cache answers these with a
    // revalidation, so caching them downloads nothing twice.
    const files = [...build.files.map((file) => new URL(file, SCOPE).href), BUILD]
      .map((url) => new Request(url, { cache: "no-cache" }));
    try {
      await cache.addAll(files);
    } catch (error) {
      await caches.delete(name);
      throw error;
    }
  }
  for (const old of await caches.keys()) {
    if (old.startsWith(PREFIX) && old !== name) await caches.delete(old);
  }
}

// The network's answer; a build.json of a build not yet cached starts caching it.
async function fromNetwork(event) {
  const response = await fetch(event.request);
  if (event.request.url === BUILD && response.ok) {
    const build = await response.clone().json();
    event.waitUntil(keep(build).catch(() => {}));
  }
  return response;
}

async function respond(event) {
  const { request } = event;
  if (request.url.startsWith(VENDOR) && request.url !== BUILD) {
    return (await caches.match(request, { ignoreVary: true })) ?? fetch(request);
  }
  try {
    return await fromNetwork(event);
  } catch (offline) {
    const page = request.mode === "navigate" ? new URL("index.html", SCOPE).href : request;
    const cached = (await caches.match(request, { ignoreSearch: true, ignoreVary: true }))
      ?? (await caches.match(page, { ignoreSearch: true, ignoreVary: true }));
    if (cached) return cached;
    throw offline;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(fetch(BUILD, { cache: "no-cache" }).then((response) => response.json()).then(keep));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && request.url.startsWith(SCOPE.href)) event.respondWith(respond(event));
});
