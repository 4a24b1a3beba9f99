// The lab offline: its service worker (www/sw/sw.js, written with the build's files into sw.js) is
// registered from the lab's own module (an inline script would break the site's policy), once the first
// visit's first frame is drawn and a second has passed, so that a first visit downloads nothing for it. The
// page then offers "Keep for offline use" (every build, about a megabyte) and says when a newer version is
// ready, which takes over only when the reader asks.

import { byId, notice } from '../ui/dom';

/** What keeping every file downloads, as the build measured it. */
interface Offline {
  version: string;
  bytes: number;
}

/** Registers the worker `delay` ms from now (the page calls it after its first frame). */
export function goOffline(delay = 1000): void {
  // The development server (npm start) writes no sw.js: it answers the page instead, which the browser
  // refuses as a worker with an error in the console. Only a built site works offline.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  setTimeout(() => {
    // A page opened from a file, or a browser that refuses workers here (a tab opened from a sandboxed frame
    // has an opaque origin: reading navigator.serviceWorker throws there): the lab works online as ever.
    const online = (e: unknown) => console.info('Integrator Lab works online only here:', e);
    try {
      navigator.serviceWorker.register('./sw.js').then(watch, online);
    } catch (e) {
      online(e);
    }
  }, delay);
}

function watch(registration: ServiceWorkerRegistration | undefined): void {
  // A browser that blocks workers here (a test harness, a policy) may answer with none.
  if (!registration) return;
  void offerKeep(registration);
  const ready = (worker: ServiceWorker | null) => {
    // A worker waiting while another controls the page is a newer version of the lab.
    if (!worker || !navigator.serviceWorker.controller) return;
    notice('A newer version of the lab is ready.', 'info', {
      label: 'Use it (reloads the page)',
      run: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
        worker.postMessage('take-over');
      },
    });
  };
  ready(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') ready(installing);
    });
  });
}

async function offerKeep(registration: ServiceWorkerRegistration): Promise<void> {
  let size: Offline;
  try {
    size = (await (await fetch('./offline.json')).json()) as Offline;
  } catch {
    return;
  }
  const box = byId('offline');
  const button = byId<HTMLButtonElement>('keep-offline');
  const status = byId('offline-status');
  const megabytes = (size.bytes / 1e6).toFixed(1);
  status.textContent = `Downloads about ${megabytes} MB: then every worksheet and “your method” work with the network off too (the lab, its experiments and its figures already do, after this visit).`;
  box.hidden = false;
  button.addEventListener('click', async () => {
    const worker = (await navigator.serviceWorker.ready).active ?? registration.active;
    if (!worker) return;
    button.disabled = true;
    status.textContent = `Downloading about ${megabytes} MB…`;
    navigator.serviceWorker.addEventListener('message', function heard(e: MessageEvent) {
      const said = e.data as { kept?: boolean; why?: string };
      if (said.kept === undefined) return;
      navigator.serviceWorker.removeEventListener('message', heard);
      button.disabled = false;
      status.textContent = said.kept
        ? 'Kept: the whole lab works with the network off on this device.'
        : `Not kept (${said.why ?? 'the download failed'}): try again when the network is back.`;
    });
    worker.postMessage('keep');
  });
}
