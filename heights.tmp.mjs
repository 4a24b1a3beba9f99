import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync('/work/main/scripts/chromium.json', 'utf8'));
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args });
for (const w of [640, 390]) {
const page = await browser.newPage({ viewport: { width: w, height: 900 } });
for (const q of ['views=scene', 'views=energy', 'views=scene,energy', 'views=scene,energy,phase', 'views=scene&controls=none', 'views=scene&controls=full', 'views=table', 'views=scene,table', 'views=convergence', 'views=stability']) {
  await page.goto(`http://127.0.0.1:4190/embed.html?scenario=spring&${q}`);
  await page.waitForFunction(() => /step/.test(document.querySelector('#status')?.textContent ?? ''));
  await page.waitForTimeout(300);
  console.log(w, q, await page.evaluate(() => document.documentElement.getBoundingClientRect().height));
}
await page.close();
}
await browser.close();
