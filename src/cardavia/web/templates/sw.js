// Cardavia's service worker (web/routes/shell.py renders it, with this build's file list).
//
// It keeps the static shell (fingerprinted styles, scripts and icons, whose bytes never
// change under their address) and the offline page in each language. Everything else,
// the pages, the API, the tables and their sockets, goes to the network untouched: a
// table's state is only ever the server's, never an old copy. When a page cannot be
// reached at all, the offline page answers instead, in the language of the last page
// the server sent (or of the address's ?lang=).
const VERSION = {{ version|tojson }};
const SHELL = {{ shell|tojson }};
const OFFLINE = {{ offline|tojson }};
const CACHE = `cardavia-shell-${VERSION}`;
const LANGUAGE_KEY = "/offline/language";
const CODES = Object.fromEntries(Object.entries(OFFLINE).map(([tag, page]) => [page.split("/").pop(), tag]));
let language = null;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...SHELL, ...Object.values(OFFLINE)]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // An older build's shell goes: its files are no page's any more.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("cardavia-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith("/static/") && url.searchParams.has("v")) {
    event.respondWith(shellFile(request));
  }
  // Anything else is not answered here: the browser fetches it as if there were no worker.
});

// A page: always from the network; the offline page only when there is none.
async function page(request, url) {
  try {
    const response = await fetch(request);
    remember(response.headers.get("Content-Language"));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const tag = CODES[url.searchParams.get("lang")] ?? (await remembered()) ?? "en";
    const offline = await cache.match(OFFLINE[tag] ?? OFFLINE.en);
    return offline ?? Response.error();
  }
}

// A fingerprinted file: the kept copy, else the network's (kept for next time).
async function shellFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The language of the last page served, kept across the worker's restarts.
async function remember(tag) {
  if (!tag || !(tag in OFFLINE) || tag === language) return;
  language = tag;
  const cache = await caches.open(CACHE);
  await cache.put(LANGUAGE_KEY, new Response(tag));
}

async function remembered() {
  if (language === null) {
    const kept = await (await caches.open(CACHE)).match(LANGUAGE_KEY);
    language = kept ? await kept.text() : null;
  }
  return language;
}
