// What every browser needs of the page before its own code runs: a language Intl accepts (WebKit under a
// C/POSIX locale reports navigator.language "C", on which uPlot's module throws as it loads), and error
// notices installed by the first module every page imports, so that an error while the modules load still
// shows. Reproduced in Chromium by an init script that makes navigator.language "C".

import { expect, test } from '@playwright/test';
import { watch } from './helpers';

/** navigator.language as WebKit reports it under LANG=C. */
const C_LOCALE = () => {
  Object.defineProperty(Navigator.prototype, 'language', { get: () => 'C', configurable: true });
};

test('under a C locale every page still loads, draws and shows no error', async ({ page }) => {
  const errors = watch(page);
  await page.addInitScript(C_LOCALE);
  await page.goto('./');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('.uplot').first()).toBeVisible();
  await page.goto('./embed.html?scenario=spring&views=scene,energy');
  await expect(page.locator('.uplot:visible').first()).toBeVisible();
  await page.goto('./teacher.html');
  await expect(page.locator('#sheet-choice option').first()).toBeAttached();
  await page.goto('./?worksheet=fiedler');
  await expect(page.locator('#worksheet')).toBeVisible();
  await expect(page.locator('#notices .error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an error while the modules load shows a notice, not a blank page', async ({ page }) => {
  // The chunk with the page's code throws as it is evaluated; the first module has run before it.
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = `throw new Error('a module failed as it loaded');\n${await response.text()}`;
    await route.fulfill({ response, body });
  });
  await page.goto('./');
  await expect(page.locator('#notices .error')).toContainText('a module failed as it loaded');
});

test('a ResizeObserver notice is no error: resizing the window shows none', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./');
  await expect(page.locator('#status')).toContainText('step');
  // The browser's own notice, as it reports it to the page's error handlers.
  await page.evaluate(() =>
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    ),
  );
  for (const width of [900, 1280, 700, 1280]) await page.setViewportSize({ width, height: 800 });
  await page.getByRole('button', { name: 'Write your own method…' }).click();
  await page.waitForTimeout(500);
  await expect(page.locator('#notices .error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a notice can be dismissed, by mouse or keyboard', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?dt=abc&zeta=1');
  const notices = page.locator('#notices p');
  await expect(notices).toHaveCount(2);
  await notices.first().getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(notices).toHaveCount(1);
  await notices.first().getByRole('button', { name: 'Dismiss this notice' }).focus();
  await page.keyboard.press('Enter');
  await expect(notices).toHaveCount(0);
  expect(errors).toEqual([]);
});
