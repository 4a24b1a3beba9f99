import { readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium and the flags it needs on this network-less machine (shared with bench-page.mjs). */
const chromium: { executablePath: string; args: string[] } = JSON.parse(
  readFileSync(new URL('./scripts/chromium.json', import.meta.url), 'utf8'),
);

// End-to-end tests drive the built static site in Debian's Chromium (Playwright cannot download its own
// browser here). CHROME_BIN overrides the browser path.
export default defineConfig({
  testDir: 'www/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    acceptDownloads: true,
    // The lab's service worker would answer from its cache and fetch the builds it keeps on its own: a test
    // that wants it (www/e2e/offline.spec.ts) asks for a context that allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_BIN ?? chromium.executablePath,
      args: chromium.args,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node_modules/.bin/vite preview --host 127.0.0.1 --port 4173 --strictPort',
    url: 'http://127.0.0.1:4173/',
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
