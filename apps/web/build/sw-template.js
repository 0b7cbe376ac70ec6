/* Service worker of the player app. Generated at build time from apps/web/build/sw-template.js. */
/* global self, caches, __SW_VERSION__, __SHELL_FILES__, __SHELL_EXTRAS__ */
const VERSION = __SW_VERSION__;
const SHELL_FILES = __SHELL_FILES__;
const SHELL_EXTRAS = __SHELL_EXTRAS__;

const SHELL_CACHE = `shell-${VERSION}`;
const OFFLINE_SHELL = '/index.html';
const ASSET_CACHE = 'assets-v1';
const STATICS_CACHE = 'statics-v1';
const KEEP = [SHELL_CACHE, ASSET_CACHE, STATICS_CACHE];
const STATICS_LIMIT = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(async (cache) => {
      // The bundle must be complete or the worker must not install: a half shell cannot open offline.
      await cache.addAll(SHELL_FILES);
      // Icons and logos are nice to have; a missing one must not block the shell.
      await Promise.all(SHELL_EXTRAS.map((url) => cache.add(url).catch(() => undefined)));
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !KEEP.includes(name)).map((name) => caches.delete(name)));
      // The first worker takes over the open page at once so it works offline from the first visit;
      // later versions only activate when the player accepts the reload (SKIP_WAITING).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Money and session data must always come from the server; the app keeps its own offline copies.
  if (url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSET_CACHE));
  } else if (url.pathname.startsWith('/statics/') && !url.pathname.startsWith('/statics/upgrade/')) {
    event.respondWith(staleWhileRevalidate(request, event));
  } else if (SHELL_EXTRAS.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
  }
});

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: the plain app shell (precached at install). Pages the server rendered are not kept: their
    // markup and data belong to one moment and one address, while the shell renders any route from the
    // app's own copies of its data.
    const cached = await caches.match(OFFLINE_SHELL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(STATICS_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then(async (response) => {
      if (response.ok) {
        await cache.put(request, response.clone());
        await trim(cache);
      }
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(refresh);
    return cached;
  }
  const response = await refresh;
  return response || Response.error();
}

// Images pile up as adverts change; cheap phones have little storage, so keep only the newest ones.
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - STATICS_LIMIT)).map((key) => cache.delete(key)));
}
