// What the page scripts (bench-page.mjs, fuzz-page.mjs, soak.mjs) share: the core's catalogue, the built site
// served by Vite's preview server with a headless Chromium to drive it, and a reproducible random sequence.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { catalogue, initSync, isTrackingKey } from '../www/src/core/pkg/base.js';

// The core's base tier, as the page loads it: the scripts take the lab's ids and URL keys from its catalogue,
// never from a list of their own.
initSync({ module: readFileSync(new URL('../www/src/core/pkg/base_bg.wasm', import.meta.url)) });

/** The core's catalogue: methods, scenarios with their parameters, and the URL keys it reserves. */
export const CATALOGUE = catalogue();
export const METHOD_IDS = CATALOGUE.methods.map((m) => m.id);
export const SCENARIO_IDS = CATALOGUE.scenarios.map((s) => s.id);
/** Whether a URL key is one sharing sites add, which the page drops without a word. */
export { isTrackingKey };

/** Serves www/dist on `port` and launches Chromium: `{ lab, browser, close }`. */
export async function openSite(port) {
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      stdio: 'ignore',
    },
  );
  // Until it answers: on a loaded machine the server takes seconds to start.
  const lab = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (
      await fetch(lab).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (waited > 30_000) throw new Error(`the preview server did not answer on port ${port} in 30 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const flags = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_BIN ?? flags.executablePath,
    args: flags.args,
  });
  return {
    lab,
    browser,
    close: async () => {
      await browser.close();
      server.kill();
    },
  };
}

/** A reproducible random sequence (mulberry32) from a seed, and a choice from a list by it: a fuzz or a soak
 * can be run again as it was. */
export function seeded(seed) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (list) => list[Math.floor(random() * list.length)] };
}
