// The app's service worker, a classic script (module workers are too new in some browsers). The build
// (build/service-worker.ts) writes it to /sw.js with SHELL replaced: the build's version and the files of the app
// shell (the page, its hashed assets, the manifest and icons).
//
// What it does, and only that:
// - keeps the shell in a cache of its own version, so the app starts with no network (the app then shows its
//   "You are offline" screen);
// - answers a page navigation from the network first (the server's page carries its current request secret and
//   build), and from the kept page only when the network fails;
// - answers the shell's files from the cache (their names change with their content);
// - never touches anything else: the API (/v1/), the operator console (/ops/), the docs and every other request
//   go to the network as if there were no worker, and no answer of theirs is ever kept.
// A new build is a new /sw.js (the version changes): it installs at once, takes over the open pages and deletes the
// previous build's cache.

/** @type {{ version: string, files: string[] }} */
const SHELL = self.__AIDF_SHELL__;
const CACHE_PREFIX = 'aidf-shell-';
const CACHE = `${CACHE_PREFIX}${SHELL.version}`;
const SHELL_FILES = new Set(SHELL.files);
/** The server's own paths, never the app's page (apps/server/src/http/plugins/web-app.ts NOT_THE_APP). */
const NOT_THE_APP = /^\/(v1|ops|docs|dev)(\/|$)|^\/(healthz|readyz|metrics)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'reload': the page and files as the server has them now, not an older copy from the HTTP cache.
      await cache.addAll(SHELL.files.map((file) => new Request(file, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // The page request starts while the worker wakes up, instead of after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** The page from the network (the navigation preload's request if there is one), the kept page if that fails. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch (error) {
    const kept = await caches.match('/', { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** A shell file from the cache, from the network if the cache lost it (the network answer is not kept). */
async function shellFile(request) {
  return (await caches.match(request, { cacheName: CACHE, ignoreVary: true })) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (NOT_THE_APP.test(url.pathname)) {
      // The browser's own request answers it; the preload started for it is only let finish.
      event.waitUntil(event.preloadResponse);
    } else {
      event.respondWith(page(event));
    }
    return;
  }
  if (SHELL_FILES.has(url.pathname) && url.search === '') event.respondWith(shellFile(request));
});
