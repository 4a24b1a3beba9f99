// The core's base tier, asked of the browser before the page's code has loaded: a page's first module calls
// `preloadBase`, and the tier's loader (tiers.ts) fetches the same address, which the browser answers from
// the preload. Kept apart from tiers.ts, which loads with the page's code, so the first module stays small.

import baseUrl from './pkg/base_bg.wasm?url';

export { baseUrl };

/** Starts the base tier's download now (once a page; a fetch of `baseUrl` then takes it). */
export function preloadBase(): void {
  if (document.querySelector('link[data-core="base"]')) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  // A fetch() of the same address is a CORS request with the page's credentials: the preload must be too.
  link.crossOrigin = 'anonymous';
  link.href = baseUrl;
  link.dataset.core = 'base';
  document.head.append(link);
}
