import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync('/work/main/scripts/chromium.json', 'utf8'));
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args });
const page = await browser.newPage({ viewport: { width: 760, height: 1100 } });
await page.goto(`http://127.0.0.1:${process.env.PORT ?? 4190}/embed-demo.html`);
await page.waitForTimeout(6000);
await page.screenshot({ path: process.argv[2] });
await browser.close();
