// npm run posters: a picture of each guided experiment's figure at its first frame, light and dark, for link
// cards (og:image), the element's fallback before it loads and readers without scripts (RSS, print, e-mail);
// and a generic one, the default figure's, for every other state. Drawn by the tests' Chromium from the built
// site (www/dist) into www/public/posters/, which the next build copies into the site. JPEGs of 600 × 314 px
// (a link card's 1.91:1), each at most 40 KB.
//
//   node scripts/posters.mjs            every poster
//   node scripts/posters.mjs generic    only the generic one (npm test draws it)

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { experiments, initSync } from '../www/src/core/pkg/studies.js';
import { openSite } from './site.mjs';

/** The largest a poster may be, in bytes. */
const BUDGET = 40 * 1024;
const SIZE = { width: 600, height: 314 };
/** Drawn at this many CSS pixels wide (a figure's layout at a column's width), scaled to the poster's. */
const LAYOUT_WIDTH = 800;

initSync({ module: readFileSync(new URL('../www/src/core/pkg/studies_bg.wasm', import.meta.url)) });
const only = process.argv[2];
const targets = [
  // The lab's front page as it opens (the spring with its default methods).
  { id: 'generic', query: 'scenario=spring' },
  ...(only === 'generic' ? [] : experiments().map((e) => ({ id: e.id, query: e.query }))),
];
const out = new URL('../www/public/posters/', import.meta.url);
mkdirSync(out, { recursive: true });

const site = await openSite(4179);
try {
  const scale = SIZE.width / LAYOUT_WIDTH;
  const context = await site.browser.newContext({
    viewport: { width: LAYOUT_WIDTH, height: Math.round(SIZE.height / scale) },
    deviceScaleFactor: scale,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  for (const { id, query } of targets) {
    for (const theme of ['light', 'dark']) {
      // The first frame: the figure loads paused (reduced motion) at t = 0.
      await page.goto(`${site.lab}/embed.html?${query}&views=scene,energy&theme=${theme}&controls=none`);
      await page.locator('#status').filter({ hasText: 'step 0' }).waitFor({ timeout: 30_000 });
      // A picture of the figure, not of its controls: no play button or link drawn into it, and no status line
      // (its "paused" would say that a still picture is a figure waiting to play).
      await page.addStyleTag({
        content: '.play-overlay, .open-lab { display: none !important; } #status { visibility: hidden; }',
      });
      await page.waitForTimeout(300);
      let quality = 80;
      let picture = await page.screenshot({ type: 'jpeg', quality });
      while (picture.length > BUDGET && quality > 30) {
        quality -= 10;
        picture = await page.screenshot({ type: 'jpeg', quality });
      }
      if (picture.length > BUDGET)
        throw new Error(`${id}-${theme}: ${picture.length} bytes even at quality ${quality}`);
      writeFileSync(new URL(`${id}-${theme}.jpg`, out), picture);
      console.log(
        `posters/${id}-${theme}.jpg: ${(picture.length / 1024).toFixed(1)} KB (JPEG quality ${quality})`,
      );
    }
  }
} finally {
  await site.close();
}
