import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync('/work/main/scripts/chromium.json', 'utf8'));
const [query, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.goto(`http://127.0.0.1:4190/${query}`);
await page.waitForSelector('#status:not(:empty)');
if (process.env.END) { await page.click('#end'); await page.waitForFunction(() => document.querySelector('#status').textContent.includes('finished'), null, { timeout: 60000 }); }
const [d] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
await d.saveAs(out);
await browser.close();
