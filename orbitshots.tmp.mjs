import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync('/work/main/scripts/chromium.json', 'utf8'));
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`http://127.0.0.1:4190/?${process.argv[2]}`);
await page.waitForSelector('#status:not(:empty)');
await page.click('#reset');
let i = 0;
for (const n of (process.argv[3] ?? '3,40,400,630').split(',').map(Number)) {
  const now = Number(/step (\d+)/.exec(await page.textContent('#status'))[1]);
  for (let k = now; k < n; k++) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.locator('#scene').screenshot({ path: `/tmp/orbit-${i++}.png` });
}
await browser.close();
