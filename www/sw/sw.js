// The lab's service worker: the lab, its experiments, its figures and the worksheets opened once keep working
// with the network off. The build (vite.config.ts) writes the lists below into the copy it serves as sw.js.
//
// - Pages, embed.js and worksheet files: network first, the cached copy when offline (never stale for more
//   than one visit).
// - The build's hashed files (scripts, styles, the core's builds), posters: from the cache, fetched and kept
//   when first used (a tier of the core is cached when the page first loads it).
// - On install it keeps the shell: the pages and the base and studies builds (the page registers it only
//   after its first visit's first frame and a second, so a first visit pays for none of this).
// - "Keep for offline use" (a message `keep`) caches every file of the build, the classroom and language
//   builds included.
// - A newer version waits until the page asks it to take over (`take-over`), so a student's run is never
//   switched under them.

const VERSION = '__VERSION__';
/** The pages and the builds a first visit's lab and figures need, relative to this file. */
const SHELL = __SHELL__;
/** Every file of the build, relative to this file. */
const ALL = __ALL__;
const CACHE = `integrator-lab-${VERSION}`;

/** Whether a path is fetched network first: a page, embed.js, a worksheet or a card's JSON. */
function fresh(url) {
  return /(\/|\.html|embed\.js|\.toml|\.json|\.webmanifest)$/.test(url.pathname);
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('integrator-lab-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
  if (event.data === 'keep') {
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) => cache.addAll(ALL))
        .then(
          () => event.source?.postMessage({ kept: true }),
          (e) => event.source?.postMessage({ kept: false, why: String(e) }),
        ),
    );
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (fresh(url)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            // A page is kept once, whatever its query: the lab reads its state from the address.
            const key = url.search === '' ? request : new Request(url.origin + url.pathname);
            void caches.open(CACHE).then((cache) => cache.put(key, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(request, { ignoreSearch: true, ignoreVary: true })
            .then((hit) => hit ?? Response.error()),
        ),
    );
    return;
  }
  // A module script's request carries an Origin header the cached one did not: Vary is not a reason to miss.
  event.respondWith(
    caches.match(request, { ignoreVary: true }).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
