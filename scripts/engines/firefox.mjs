// Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core (Playwright cannot drive a
// stock Firefox build, and no browser can be downloaded here).

import puppeteer from 'puppeteer-core';
import { watchPage } from './checks.mjs';
import { kill, track } from './children.mjs';

export const FIREFOX = '/usr/lib/firefox-esr/firefox-esr';

export async function firefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    protocolTimeout: 40_000,
    // Puppeteer's profile turns off updates, telemetry and safe browsing; these two would still probe for a
    // network beyond the loopback, which is all the suite needs.
    extraPrefsFirefox: {
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
    },
  });
  const pid = browser.process()?.pid;
  track(pid);
  const page = await browser.newPage();
  // BiDi has preload scripts: the watch is in place before the page's first script, unlike in WebKit.
  await page.evaluateOnNewDocument(watchPage);
  let errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const frameOf = async (frameFn) => {
    const handle = await page.evaluateHandle(frameFn);
    const frame = await handle.asElement()?.contentFrame();
    await handle.dispose();
    if (!frame) throw new Error('no such frame');
    return frame;
  };
  return {
    async goto(url) {
      // A blank page between two checks: what the page before says as it is torn down (an import cut off,
      // say) is not counted against the next.
      await page.goto('about:blank');
      errors = [];
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    },
    evaluate: (fn, ...args) => page.evaluate(fn, ...args),
    click: (selector) => page.click(selector),
    fill: (selector, text) => page.locator(selector).fill(text),
    inFrame: async (frameFn, fn, ...args) => (await frameOf(frameFn)).evaluate(fn, ...args),
    engineErrors: () => errors,
    async close() {
      await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000))]).catch(() => {});
      kill(pid);
    },
  };
}
