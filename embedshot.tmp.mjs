import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync('/work/main/scripts/chromium.json', 'utf8'));
const [path, out, w = '800', h = '900'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args });
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(`http://127.0.0.1:4190/${path}`);
await page.waitForTimeout(+(process.env.WAIT ?? 2500));
await page.screenshot({ path: out, fullPage: !!process.env.FULL });
for (const f of page.frames()) { if (f !== page.mainFrame()) { try { console.log('frame', f.url().slice(0, 90), await f.locator('#status').textContent()); } catch (e) { console.log('frame err', e.message); } } }
await browser.close();
