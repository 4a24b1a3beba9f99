// axe-core finds nothing on the page: on the default scenario, with both panels open and measured, the
// experiments' measurements filled in, at a desktop and at a phone's viewport; and on an experiment's
// permalink, whose card sits above the views.

import { expect, type Page, test } from '@playwright/test';
import { axe, watch } from './helpers';

// Everything shown means every experiment measured and a convergence study, one after another in the studies
// worker: on a loaded two-core machine that has taken more than the usual minute.
test.describe.configure({ timeout: 120_000 });

/** The index page with everything it can show: both panels open, a convergence study, the measurements. */
async function everythingShown(page: Page, query = ''): Promise<void> {
  await page.goto(`./${query}`);
  await expect(page.locator('#status')).not.toBeEmpty();
  // Opened as a reader opens it; on a loaded machine a click during the first frames' layout can miss it.
  const panel = page.locator('#convergence-panel');
  await expect(async () => {
    if (!(await panel.evaluate((d: HTMLDetailsElement) => d.open))) await panel.locator('summary').click();
    await expect(page.locator('#measure-convergence')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.click('#measure-convergence');
  await expect(page.locator('#convergence-note')).toContainText('is the measured order', {
    timeout: 30_000,
  });
  await page.locator('#stability-panel summary').click();
  await expect(page.locator('#stability-table tbody tr').first()).toBeVisible();
  await page.locator('#experiments').scrollIntoViewIfNeeded();
  await expect(page.locator('#experiments .measured').last()).toContainText('Measured by the lab:', {
    timeout: 30_000,
  });
}

test('axe finds nothing on the page with both panels open', async ({ page }) => {
  const errors = watch(page);
  await everythingShown(page);
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("axe finds nothing on an experiment's permalink", async ({ page }) => {
  const errors = watch(page);
  await everythingShown(page, '?scenario=constant-force&methods=euler,kinematic&dt=1&until=10&precision=f32');
  await expect(page.locator('#current-experiment article')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('axe finds nothing on the page with both panels open', async ({ page }) => {
    const errors = watch(page);
    await everythingShown(page);
    expect(await axe(page)).toEqual([]);
    // The Embed panel, open, fits the phone: its views' labels wrap rather than widen it (they were cut).
    await page.locator('#embed-panel summary').click();
    await expect(page.locator('#embed-element')).not.toBeEmpty();
    const right = await page.locator('#embed-views').evaluate((e) => e.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});

test('axe finds nothing on the page in the dark theme, with the embed panel open', async ({ page }) => {
  const errors = watch(page);
  await everythingShown(page, '?theme=dark');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-element')).not.toBeEmpty();
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

for (const query of [
  'scenario=orbit&methods=euler,symplectic-euler&views=scene,x,phase,energy,split,error,table,convergence,stability&controls=full',
  'scenario=spring&theme=dark',
  'scenario=pendulum&controls=none&views=scene',
]) {
  test(`axe finds nothing on an embedded figure: ${query}`, async ({ page }) => {
    const errors = watch(page);
    await page.goto(`./embed.html?${query}`);
    await expect(page.locator('#status')).toContainText('step');
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('axe finds nothing on the sample post, its figures loaded', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./embed-demo.html');
  const figures = page.locator('integrator-lab');
  for (let n = 0; n < (await figures.count()); n++) {
    await figures.nth(n).scrollIntoViewIfNeeded();
    await expect(figures.nth(n).locator('iframe')).toHaveCount(1);
  }
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});
