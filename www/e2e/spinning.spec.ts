// Spinning bodies on the page: the rotation family's own methods, views and numbers, the same as the CLI's;
// what does not apply to a spinning body is said so; a figure embeds one; the experiments open one.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axe, CLI, lastRows, runToEnd, valuesTable, watch } from './helpers';

function cli(args: string[]): string {
  return execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
}

test('the tennis racket: its own methods and views; its numbers and its CSV are the CLI’s', async ({
  page,
}) => {
  const errors = watch(page);
  const query = 'scenario=tennis-racket&methods=euler,no-gyroscopic,dlm,rk4&dt=1/60&until=10';
  await page.goto(`./?${query}`);
  // The rotation family's eight methods, each with the order the core states for it.
  await expect(page.locator('#methods label.method')).toHaveCount(8);
  await expect(page.locator('small.facts[data-method="dlm"]')).toHaveText('order 2, 2 evals');
  await expect(page.locator('small.facts[data-method="no-gyroscopic"]')).toContainText('no order');
  await expect(page.locator('#methods-facts')).toContainText('do not apply here');
  // What a spinning body does not take is not offered.
  await expect(page.getByRole('button', { name: 'Write your own method…' })).toBeHidden();
  await expect(page.locator('#stepping .radios')).toBeHidden();
  // A spinning body's charts, not a point mass's.
  for (const shown of ['omega', 'energy', 'invariants', 'qnorm', 'error'])
    await expect(page.locator(`#chart-${shown}`)).toBeVisible();
  for (const hidden of ['position', 'phase']) await expect(page.locator(`#chart-${hidden}`)).toBeHidden();
  await expect(page.locator('#chart-omega .u-title')).toHaveText('omega_2(t): the spin about a body axis');
  await expect(page.locator('#chart-invariants .u-title')).toContainText('E and ‖L‖');
  await runToEnd(page);
  const csv = cli([
    'run',
    '--scenario',
    'tennis-racket',
    '--method',
    'euler,no-gyroscopic,dlm,rk4',
    '--dt',
    '1/60',
    '--until',
    '10',
  ]);
  const last = lastRows(csv);
  const shown = await valuesTable(page);
  for (const [method, row] of last) {
    const screen = shown.get(method);
    expect(screen, method).toBeDefined();
    expect(screen!.step, method).toBe(row.step);
    for (const name of ['t', 'omega_1', 'omega_2', 'omega_3', 'energy', 'L_norm'])
      expect(screen![name], `${method} ${name}`).toBe(row[name]);
  }
  // Explicit Euler's quaternion has grown; every other method keeps it a unit one.
  expect(Number(shown.get('euler')!.q_norm)).toBeGreaterThan(1.5);
  expect(Number(shown.get('dlm')!.q_norm)).toBeCloseTo(1, 14);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  expect(readFileSync((await download.path())!, 'utf8')).toBe(csv);
  // The body is drawn: some of the scene's pixels are inked.
  const inked = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('#scene')!;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });
  expect(inked).toBeGreaterThan(1000);
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('side by side, a spinning body’s ω chart and the energy chart start level; stacked, the ω chart keeps no gap', async ({
  page,
}) => {
  // The energy chart has its scale's menu above it: the ω chart's title had sat 30 px above the energy
  // chart's at 1280 px.
  const top = (id: string) =>
    page.locator(`#${id} .u-title`).evaluate((e) => Math.round(e.getBoundingClientRect().top));
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./?scenario=tennis-racket');
    await expect(page.locator('#chart-energy .u-title')).toBeVisible();
    await expect(page.locator('#chart-omega .u-title')).toBeVisible();
    expect(
      Math.abs((await top('chart-omega')) - (await top('chart-energy'))),
      `${width} px`,
    ).toBeLessThanOrEqual(2);
  }
  // On a phone the charts stack: the ω chart follows the settings with no room kept above it.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('./?scenario=tennis-racket');
  await expect(page.locator('#chart-omega .u-title')).toBeVisible();
  const gap = await page
    .locator('#chart-omega')
    .evaluate((e) => Number.parseFloat(getComputedStyle(e).marginTop));
  expect(gap).toBe(0);
});

test('a spinning body after a spring takes its own family’s methods, and the spring its own back', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,verlet,rk4');
  await expect(page.locator('#status')).toContainText('step');
  await page.selectOption('#scenario', 'heavy-top');
  await expect(page).toHaveURL(
    /methods=euler%2Cno-gyroscopic%2Cdlm%2Crk4|methods=euler,no-gyroscopic,dlm,rk4/,
  );
  await expect(page.locator('#methods label.method')).toHaveCount(8);
  // The heavy top's invariants are L·ẑ and L3, not ‖L‖; the scene stands it on its pivot.
  await expect(page.locator('#chart-invariants .u-title')).toContainText('E, L·ẑ and L3');
  await expect(page.locator('#how-list li')).toHaveCount(4);
  await page.selectOption('#scenario', 'spring');
  await expect(page.locator('#chart-position')).toBeVisible();
  await expect(page.locator('#chart-omega')).toBeHidden();
  await expect(page.locator('small.facts[data-method="verlet"]')).toContainText('order 2');
  await expect(page.locator('#numbers tbody tr')).toHaveCount(4);
  expect(errors).toEqual([]);
});

// The base tier, which a first visit starts with, has no checks for a spinning body: its address is read with
// the studies tier's, which keep the point mass's budgets (the step budget; a reference run's length and dt).
test("a spinning body's link past the step budgets is ignored with the core's words, and the run steps", async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=tennis-racket&dt=1e-9&until=1e6');
  const notices = page.locator('#notices');
  await expect(notices).toContainText(
    "Ignored dt=1e-9 with until=1e6: until/dt asks for 1,000,000,000,000,000 steps; the limit is 100,000,000: raise dt or lower until; using the article's dt and until.",
  );
  await expect(page.locator('#dt')).toHaveValue('1/60');
  await expect(page.locator('#status')).toContainText('step');
  // A link that gives until alone is told of until alone (it was told of the article's dt, in every digit:
  // "Ignored dt=0.008333333333333333 with until=5000").
  await page.goto('./?scenario=heavy-top&until=5000');
  await expect(notices).toContainText(
    // 600,000 steps of 1/120 s, each 84 reference steps of at most 10⁻⁴ s (it was counted 5 × 10⁷).
    "Ignored until=5000: until = 5000 s needs a reference run of 50,400,000 steps (84 of 0.0000992 s in each step of dt); the limit is 10,000,000: lower until or raise dt; using the article's until.",
  );
  await expect(notices).not.toContainText('dt=');
  // dt alone is at fault (until = 100 s is taken at the article's dt): until is kept.
  await page.goto('./?scenario=heavy-top&dt=20&until=100');
  await expect(notices).toContainText(
    "Ignored dt=20: dt = 20 is out of range: it must be more than 0 and at most 10 s where the truth is a reference run; using the article's dt.",
  );
  await expect(page.locator('#until')).toHaveValue('100');
  await expect(page.locator('#status')).toContainText('step');
  expect(errors).toEqual([]);
});

test('what does not apply to a spinning body in a link is ignored, and said so', async ({ page }) => {
  const errors = watch(page);
  await page.goto(
    './?scenario=spinning-top&methods=euler,yours,verlet&precision=f32&nudge=1e-9&rule=v%2B%3Da*dt',
  );
  const notices = page.locator('#notices');
  await expect(notices).toContainText("Ignored method 'yours': your method steps a point mass");
  await expect(notices).toContainText("Ignored method 'verlet': it does not step a spinning body");
  await expect(notices).toContainText('Ignored precision=f32: a spinning body runs in f64 only');
  await expect(notices).toContainText('Ignored nudge=1e-9');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#numbers tbody tr')).toHaveCount(2);
  // Moments no body can have are refused with the rule they break.
  await page.fill('#param-I3', '3');
  await page.press('#param-I3', 'Enter');
  await expect(page.locator('#notices')).toContainText('I1 + I2 ≥ I3');
  await expect(page.locator('#status')).toContainText('step');
  expect(errors).toEqual([]);
});

test('a figure of the tennis racket embeds with its own views', async ({ page }) => {
  const errors = watch(page);
  await page.goto(
    './embed.html?scenario=tennis-racket&methods=no-gyroscopic,dlm&views=scene,omega,invariants,qnorm',
  );
  await expect(page.locator('#chart-omega')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#chart-qnorm')).toBeVisible();
  await expect(page.locator('#chart-energy')).toBeHidden();
  await expect(page.locator('#status')).toContainText('step');
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

// wasm and native agree to the bit: every method of the rotation family on every spinning body, every row of
// the page's export against the CLI's (ω, the attitude, the energies, the truth's columns, the error).
for (const scenario of ['spinning-top', 'tennis-racket', 'heavy-top']) {
  test(`every rotation method on the ${scenario}: the page's export is the CLI's, digit for digit`, async ({
    page,
  }) => {
    const errors = watch(page);
    const methods =
      'euler,euler-normalized,symplectic-euler,no-gyroscopic,momentum-rescale,implicit-body,dlm,rk4';
    await page.goto(`./?scenario=${scenario}&methods=${methods}&until=3`);
    await runToEnd(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(cli(['run', '--scenario', scenario, '--method', methods, '--until', '3']));
    expect(csv.split('\n').length).toBeGreaterThan(8 * 180);
    expect(errors).toEqual([]);
  });
}

test('the lecture’s worksheet has a spinning body’s task: its run opens, and ‖q‖ off the table is graded right', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=lecture');
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await page.locator('#worksheet-tasks button').nth(4).click();
  await expect(page.locator('#task-heading')).toHaveText('Task 5 of 6');
  await expect(page.locator('#scenario')).toHaveValue('spinning-top');
  await expect(page.locator('#chart-qnorm')).toBeVisible();
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 30_000 });
  const shown = await valuesTable(page);
  const q = shown.get('euler')!.q_norm!;
  expect(Number(q)).toBeCloseTo((1 + (10 / 120) ** 2) ** 30, 12);
  await page.fill('#task-answer', Number(q).toFixed(4));
  await page.locator('.task-form button[type="submit"]').click();
  await expect(page.locator('#task-feedback')).toContainText('Right');
  await page.fill('#task-answer', '1');
  await page.locator('.task-form button[type="submit"]').click();
  await expect(page.locator('#task-feedback')).toContainText('renormalised quaternion');
  expect(errors).toEqual([]);
});

test('a rotation method ticked mid-run joins where the run is, with the numbers it would have had', async ({
  page,
}) => {
  const errors = watch(page);
  const query = 'scenario=tennis-racket&methods=euler,dlm&dt=1/60&until=10';
  await page.goto(`./?${query}`);
  // Paused part-way (the page plays on its own at first), then a step on.
  await expect(page.locator('#play')).toHaveText('Pause');
  await page.click('#play');
  await page.click('#step');
  await expect(page.locator('#status')).toContainText('paused');
  const step = async () =>
    Number(/step (\d+) of/.exec((await page.locator('#status').textContent()) ?? '')?.[1]);
  // The status is written at the next frame: read once it holds still.
  let before = -1;
  await expect
    .poll(async () => {
      const now = await step();
      const same = now === before;
      before = now;
      return same;
    })
    .toBe(true);
  expect(before).toBeGreaterThan(0);
  await page.locator('label.method', { hasText: 'Runge–Kutta 4' }).locator('input').check();
  await expect(page.locator('#numbers tbody tr')).toHaveCount(4);
  await expect.poll(step).toBe(before);
  await runToEnd(page);
  const shown = await valuesTable(page);
  const last = lastRows(
    cli(['run', '--scenario', 'tennis-racket', '--method', 'euler,dlm,rk4', '--dt', '1/60', '--until', '10']),
  );
  expect(shown.get('rk4')!.omega_2).toBe(last.get('rk4')!.omega_2);
  expect(errors).toEqual([]);
});

test('a drift past 1e15 leaves the ‖q‖ − 1 chart through its top, with ticks on the axis and a note', async ({
  page,
}) => {
  const errors = watch(page);
  // The tick labels uPlot writes on the chart's canvas (it writes no text into the page).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { ticks: string[] }).ticks = seen;
    const write = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      if (this.canvas.closest('#chart-qnorm')) seen.push(String(text));
      return write.call(this, text, ...rest);
    };
  });
  // Explicit Euler's ‖q‖ − 1 reaches 1e164 by t = 5 s (the CLI's q: ‖q‖ ≈ 4.5e164), the others' stay at
  // round-off: uPlot wrote no tick on an axis reaching it, and the axis stops at 1e15.
  await page.goto('./?scenario=heavy-top&methods=euler,dlm,rk4&until=5');
  await runToEnd(page);
  await page.locator('#chart-qnorm').scrollIntoViewIfNeeded();
  await expect(page.locator('#divergence')).toContainText(
    'Explicit Euler runs past 1e15 on the ‖q‖ − 1 chart, the top of its axis: its line leaves through the top.',
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { ticks: string[] }).ticks))
    .toEqual(expect.arrayContaining(['1e-16', '1e14']));
  // Past its divergence (at 5.74 s) the run is said to have ended, and its line still leaves the top.
  await page.goto('./?scenario=heavy-top&methods=euler,dlm,rk4');
  await runToEnd(page);
  await expect(page.locator('#divergence')).toContainText('Explicit Euler diverged at t = 5.74167 s');
  await expect(page.locator('#divergence')).toContainText(
    'Explicit Euler runs past 1e15 on the ‖q‖ − 1 chart',
  );
  expect(errors).toEqual([]);
});
