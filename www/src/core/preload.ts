// The core's base tier, asked of the browser before the page's code has loaded: a page's first module calls
// `preloadBase`, which fetches and compiles the tier's bytes and loads its bindings while the page's code
// loads; the tier's loader (tiers.ts) then takes them. Kept apart from tiers.ts, which loads with the page's
// code, so the first module stays small.

import type * as Base from './pkg/base.js';
import baseUrl from './pkg/base_bg.wasm?url';

export { baseUrl };

let preloaded: { module: Promise<WebAssembly.Module>; bindings: Promise<typeof Base> } | undefined;

/** Starts the base tier's download, its compiling and its bindings' loading now (once a page). */
export function preloadBase(): void {
  if (preloaded) return;
  preloaded = { module: compileBase(), bindings: import('./pkg/base.js') };
  // A failure is the loader's to tell, when it takes them: not an unhandled rejection meanwhile.
  preloaded.module.catch(() => {});
  preloaded.bindings.catch(() => {});
}

/** What `preloadBase` started, if it was called. */
export function preloadedBase(): typeof preloaded {
  return preloaded;
}

/** The base tier compiled: as its bytes arrive where the host says they are wasm, else from the bytes. */
async function compileBase(): Promise<WebAssembly.Module> {
  const response = await fetch(baseUrl);
  if (!response.ok)
    throw new Error(`${baseUrl} could not be fetched: ${response.status} ${response.statusText}`);
  if (response.headers.get('Content-Type')?.startsWith('application/wasm'))
    return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}
