// The lab offline: after a first visit, its service worker serves the lab, an experiment's permalink, a
// figure, a worksheet opened before and "your method" used before, with the network off; a newer build waits
// until asked; a retired worker unregisters itself.

import { readFileSync, writeFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { axe, watch } from './helpers';

const RULE = 'v = v + a(x, v, t) * dt;\nx = x + v * dt;';

/** A context that lets the lab's worker run (the suite blocks it elsewhere). */
async function withWorker(
  browser: import('@playwright/test').Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: 'http://127.0.0.1:4173/' });
  return { context, page: await context.newPage() };
}

/** Waits until the lab's worker controls the page (it registers a second after the first frame). */
async function controlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
}

test('after a visit the lab, an experiment, a figure, a worksheet and your method open with the network off', async ({
  browser,
}) => {
  const { context, page } = await withWorker(browser);
  const errors = watch(page);
  await page.goto('./?scenario=orbit');
  await expect(page.locator('#status')).toContainText('step');
  await controlled(page);
  // Offered once the worker is there, with what it downloads.
  await expect(page.locator('#offline-status')).toContainText(/Downloads about [0-9.]+ MB/);
  // A worksheet and a rule, once online: their builds are kept when first used.
  await page.goto('./?worksheet=fiedler');
  await expect(page.locator('#worksheet-title')).toContainText('Integration Basics');
  await page.goto(`./?scenario=spring&methods=euler,yours&rule=${encodeURIComponent(RULE)}`);
  await expect(page.locator('#status')).toContainText('step');

  await context.setOffline(true);
  await page.goto('./');
  await expect(page.locator('#status')).toContainText('step');
  // It runs: the default spring plays from the cache.
  await expect(page.locator('#status')).toContainText(/step [1-9]/);
  await page.goto(
    './?scenario=spring&methods=euler,symplectic-euler,velocity-verlet&dt=0.01&until=1&precision=f64',
  );
  await expect(page.locator('#current-experiment')).toContainText('Is semi-implicit Euler second order?', {
    timeout: 30_000,
  });
  await page.goto('./embed.html?scenario=orbit&methods=euler,rk4&views=scene,energy');
  await expect(page.locator('#embed-title')).toContainText('Explicit Euler, Runge–Kutta 4');
  await expect(page.locator('#status')).toContainText('step');
  await page.goto('./?worksheet=fiedler');
  await expect(page.locator('#worksheet-title')).toContainText('Integration Basics');
  await page.goto(`./?scenario=spring&methods=euler,yours&rule=${encodeURIComponent(RULE)}`);
  await expect(page.locator('#status')).toContainText('step');
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  expect(await axe(page)).toEqual([]);
  await context.setOffline(false);
  expect(errors).toEqual([]);
  await context.close();
});

test('“Keep for offline use” keeps every build; a newer version waits until the reader asks', async ({
  browser,
}) => {
  const { context, page } = await withWorker(browser);
  await page.goto('./');
  await controlled(page);
  await page.locator('#keep-offline').click();
  await expect(page.locator('#offline-status')).toContainText(
    'Kept: the whole lab works with the network off',
    {
      timeout: 60_000,
    },
  );
  // Every build of the core is in the cache, the classroom and language ones included.
  const kept = await page.evaluate(async () => {
    const names: string[] = [];
    for (const key of await caches.keys())
      for (const r of await (await caches.open(key)).keys()) names.push(r.url);
    return names;
  });
  for (const tier of ['base', 'studies', 'classroom', 'language'])
    expect(
      kept.some((u) => new RegExp(`/${tier}_bg-[^/]*\\.wasm$`).test(u)),
      tier,
    ).toBe(true);
  // A new build: the worker file changes; the lab says so and switches only when asked.
  const sw = 'www/dist/sw.js';
  const was = readFileSync(sw, 'utf8');
  try {
    writeFileSync(sw, `${was}\n// a newer build\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const offer = page.getByRole('button', { name: 'Use it (reloads the page)' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#notices')).toContainText('A newer version of the lab is ready.');
    await Promise.all([page.waitForEvent('load'), offer.click()]);
    await expect(page.locator('#status')).toContainText('step');
  } finally {
    writeFileSync(sw, was);
  }
  await context.close();
});

test('a deployment retires the worker by serving the retiring sw.js: caches gone, unregistered', async ({
  browser,
}) => {
  const { context, page } = await withWorker(browser);
  await page.goto('./');
  await controlled(page);
  const sw = 'www/dist/sw.js';
  const was = readFileSync(sw, 'utf8');
  try {
    writeFileSync(sw, readFileSync('www/sw/retire.js', 'utf8'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
        timeout: 30_000,
      })
      .toBe(0);
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await caches.keys()).filter((k) => k.startsWith('integrator-lab-')).length,
        ),
      )
      .toBe(0);
  } finally {
    writeFileSync(sw, was);
  }
  await context.close();
});
