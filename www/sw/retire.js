// A service worker that retires the lab's: a deployment that no longer wants one serves this file as sw.js.
// Every reader's browser fetches sw.js again within a day (or at their next visit); this one then deletes the
// lab's caches, unregisters itself and reloads the lab's open pages from the network.

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('integrator-lab-')).map((k) => caches.delete(k))))
      .then(() => self.registration.unregister())
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((pages) => Promise.all(pages.map((page) => page.navigate(page.url)))),
  );
});
