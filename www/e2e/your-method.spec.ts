// "Your method" in Chromium: the editor loads the core's language build only when it opens, marks a
// mistake at its line and column as it is typed, runs the rule as `yours` beside the lab's methods with the
// numbers the CLI's `run --rule` prints, puts the rule in the URL, grades it in the studies worker, and
// stops a runaway rule with a message while the page goes on. A figure never downloads the language.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { allDigits, axe, CLI, lastRows, wasmRequests, watch } from './helpers';

const SYMPLECTIC = 'v = v + a(x, v, t) * dt;\nx = x + v * dt;\n';

test('the editor opens on demand, marks a mistake where it is, and runs the rule as the CLI does', async ({
  page,
}) => {
  const errors = watch(page);
  const wasm = wasmRequests(page);
  await page.goto('./?scenario=damped-spring&methods=euler,symplectic-euler&dt=0.01&until=2&precision=f64');
  await expect(page.locator('#status')).toContainText('step');
  // A first visit does not download the language.
  expect(wasm).not.toContain('language');

  await page.getByRole('button', { name: 'Write your own method…' }).click();
  const text = page.locator('#rule-text');
  await expect(text).toBeFocused();
  // It starts from explicit Euler, written as a rule: the exercise is to make it better.
  await expect(text).toHaveValue(
    /^\/\/ Explicit Euler.*\nlet a0 = a\(x, v, t\);\nx = x \+ v \* dt;\nv = v \+ a0 \* dt;\n$/,
  );
  expect(wasm).toContain('language');
  await expect(page.locator('#rule-problem')).toHaveText('It compiles and runs.');

  // A mistake is named with its line and column, and underlined there, as it is typed.
  await text.fill('v = v + a(x, v, t) * dt;\nx = x + v ^ 2;\n');
  const problem = page.locator('#rule-problem');
  await expect(problem).toContainText('line 2, column 11: ^ is not a power here');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#rule-marks mark')).toHaveText('^');
  // Run refuses it, and the run on screen goes on without it.
  await page.click('#rule-run');
  await expect(page.locator('input[name="method"][value="yours"]')).not.toBeChecked();

  // Fixed and run with Ctrl+Enter: `yours` joins the run, and the URL holds the rule.
  await text.fill(SYMPLECTIC);
  await expect(problem).toHaveText('It compiles and runs.');
  await text.press('Control+Enter');
  await expect(page.locator('input[name="method"][value="yours"]')).toBeChecked();
  const url = new URL(page.url());
  expect(url.searchParams.get('methods')).toBe('euler,symplectic-euler,yours');
  expect(url.searchParams.get('rule')).toBe(SYMPLECTIC);

  // Run to the end: the numbers on screen are the CLI's `run --rule`, digit for digit, and the rule steps
  // as symplectic Euler does, to the bit.
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished');
  await allDigits(page);
  const file = join(mkdtempSync(join(tmpdir(), 'rule-')), 'rule.txt');
  writeFileSync(file, SYMPLECTIC);
  const csv = execFileSync(
    CLI,
    [
      'run',
      '--scenario',
      'damped-spring',
      '--method',
      'euler,symplectic-euler',
      '--rule',
      file,
      '--dt',
      '0.01',
      '--until',
      '2',
    ],
    { encoding: 'utf8' },
  );
  const last = lastRows(csv);
  const headers = await page.locator('#numbers thead th').allTextContents();
  const shown = async (method: string) => {
    const cells = await page.locator(`#numbers tr[data-method="${method}"] td`).allTextContents();
    return Object.fromEntries(headers.slice(1).map((h, i) => [h, cells[i] ?? '']));
  };
  const yours = await shown('yours');
  for (const name of ['step', 't', 'x', 'v', 'energy', 'error']) {
    expect(yours[name], name).toBe(last.get('yours')![name]);
  }
  expect(yours.x).toBe((await shown('symplectic-euler')).x);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  expect(readFileSync((await download.path())!, 'utf8')).toBe(csv);

  // Taken off the run, the rule stays in the editor and the link.
  await page.click('#rule-off');
  await expect(page.locator('input[name="method"][value="yours"]')).not.toBeChecked();
  expect(new URL(page.url()).searchParams.get('rule')).toBe(SYMPLECTIC);
  await expect(text).toHaveValue(SYMPLECTIC);
  expect(errors).toEqual([]);
});

test('the report card is measured in the studies worker and names what the rule is, or its mistake', async ({
  page,
}) => {
  const errors = watch(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(
    `./?scenario=damped-spring&dt=0.01&until=1&methods=rk4,yours&rule=${encodeURIComponent(SYMPLECTIC)}`,
  );
  await expect(page.locator('#your-method')).toHaveAttribute('open', '');
  await expect(page.locator('#rule-text')).toHaveValue(SYMPLECTIC);
  await page.click('#rule-grade');
  const card = page.locator('#rule-card');
  await expect(card).toContainText('equals: Symplectic Euler (symplectic-euler), to round-off', {
    timeout: 30_000,
  });
  await expect(card).toContainText('order on spring: order 1.00');
  await expect(card).toContainText('phase-space area: kept');
  expect(workers.filter((u) => u.includes('studies-worker'))).toHaveLength(1);
  // The card is the CLI's `grade`, line for line, measured on the run's scenario too.
  await expect(card).toContainText(/order on damped-spring: order 1\.0\d/);
  const file = join(mkdtempSync(join(tmpdir(), 'rule-')), 'rule.txt');
  writeFileSync(file, SYMPLECTIC);
  const graded = execFileSync(CLI, ['grade', '--rule', file, '--scenario', 'damped-spring'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
  expect(await card.locator('li').allTextContents()).toEqual(graded);

  // The convergence study measures the rule running beside the lab's methods (the first rule, which the
  // run still steps), in the worker with the language.
  await page.locator('#convergence-panel summary').click();
  await page.click('#measure-convergence');
  await expect(page.locator('#convergence-note')).toContainText('Your method 1.00 (a rule states no order)', {
    timeout: 30_000,
  });

  // A wrong velocity Verlet: the card names the mistake its numbers point to.
  const wrong =
    'let a0 = a(x, v, t);\nx = x + v * dt + 0.5 * a0 * dt * dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a0 + a1) * dt;\n';
  await page.locator('#rule-text').fill(wrong);
  await page.click('#rule-grade');
  await expect(card).toContainText(
    'mistake: the kick adds the old and the new acceleration without halving',
    {
      timeout: 30_000,
    },
  );
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a runaway rule is stopped with its line, and a rule with a mistake in the URL waits in the editor', async ({
  page,
}) => {
  const errors = watch(page);
  const runaway =
    'start { let n = 0; }\nn = n + 1;\nif n > 5 { while true { } }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  await page.goto(`./?scenario=orbit&methods=rk4,yours&rule=${encodeURIComponent(runaway)}`);
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 30_000 });
  await expect(page.locator('#divergence')).toContainText(
    'Your method stopped at t = 0.6 s (your rule stopped: line 3, column',
  );
  await expect(page.locator('#divergence')).toContainText('an endless loop?');
  // The others ran to the end.
  await allDigits(page);
  await expect(page.locator('#numbers tr[data-method="rk4"] td').first()).toHaveText('630');

  // A rule that does not compile: the lab runs without it, says why, and shows it marked in the editor.
  const broken = 'v = v + a(x, v, t) * dt\nx = x + v * dt;\n';
  await page.goto(`./?methods=euler,yours&rule=${encodeURIComponent(broken)}`);
  await expect(page.locator('#notices')).toContainText(
    "Ignored method 'yours': your rule has a mistake (line 1, column 24: a ; is missing at the end of this line)",
  );
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#rule-text')).toHaveValue(broken);
  await expect(page.locator('#rule-problem')).toContainText('line 1, column 24');
  await expect(page.locator('#rule-marks mark')).toHaveCount(1);
  // Fixed and run: the notice about the link's rule goes, and the page says where the run is.
  await page.locator('#rule-text').fill(broken.replace('* dt\n', '* dt;\n'));
  await page.click('#rule-run');
  await expect(page.locator('#notices')).toBeEmpty();
  await expect(page.locator('#rule-running')).toContainText('Your method runs beside the others');
  await expect(page.locator('#rule-running a')).toHaveAttribute('href', '#views-title');
  expect(errors).toEqual([]);
});

test('a link whose rule doubles an array without end is stopped: the page comes up, and says why', async ({
  page,
}) => {
  const errors = watch(page);
  const bomb = 'let a = [x];\nwhile true { a = [a, a]; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  await page.goto(`./?methods=euler,yours&rule=${encodeURIComponent(bomb)}`);
  await expect(page.locator('#notices')).toContainText(
    "Ignored method 'yours': your rule has a mistake (line 2, column 22: an array grew past 10000 values",
  );
  await expect(page.locator('#status')).toContainText('step');
  // Starting later, it stops the rule's run where it starts, with its line; the others run on.
  const later =
    'if t > 1.0 {\n  let b = [x];\n  while true { b = [b, b]; }\n}\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  await page.goto(`./?scenario=spring&methods=rk4,yours&rule=${encodeURIComponent(later)}`);
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 30_000 });
  await expect(page.locator('#divergence')).toContainText(
    'your rule stopped: line 3, column 24: an array grew past',
  );
  expect(errors).toEqual([]);
});

test('a figure never downloads the language: it says so and links to the lab with the rule', async ({
  page,
}) => {
  const errors = watch(page);
  const wasm = wasmRequests(page);
  await page.goto(`./embed.html?methods=euler,yours&rule=${encodeURIComponent(SYMPLECTIC)}&views=scene`);
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#notices')).toContainText(
    "Ignored method 'yours': this page does not run your method",
  );
  expect(wasm).toEqual(['base']);
  const link = new URL((await page.locator('#open-lab').getAttribute('href'))!, page.url());
  expect(link.searchParams.get('rule')).toBe(SYMPLECTIC);
  expect(link.searchParams.get('methods')).toBe('euler,yours');
  expect(errors).toEqual([]);
});

test('a force of your own runs as the scenario "Your force", with the numbers of `run --force`', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?methods=velocity-verlet,rk4&dt=0.01&until=2');
  await page.getByRole('button', { name: 'Write your own method…' }).click();
  const text = page.locator('#force-text');
  await expect(text).toHaveValue(/a = -k \* x - eps \* x \*\* 3/);

  // A mistake is marked where it is.
  await text.fill('param k = 4 in (0, 100]\nstart x = 1, v = 0\na = -q * x\n');
  await expect(page.locator('#force-problem')).toContainText('line 3, column 6: Variable not found: q');
  await expect(page.locator('#force-marks mark')).toHaveText('q');

  // The planet, from its template: the scenario menu lists it, the URL holds it.
  await page.selectOption('#force-template', { label: 'A planet round a sun (2-D)' });
  await page.click('#force-use-template');
  await expect(page.locator('#force-restore')).toBeVisible();
  const planet = await text.inputValue();
  await page.click('#force-run');
  await expect(page.locator('#scenario')).toHaveValue('custom');
  await expect(page.locator('#scenario option:checked')).toHaveText('Your force');
  const url = new URL(page.url());
  expect(url.searchParams.get('scenario')).toBe('custom');
  expect(url.searchParams.get('force')).toBe(planet);
  await expect(page.locator('#params input[name="GM"]')).toHaveValue('1');

  // Its numbers are the CLI's, digit for digit, and its energy is its own potential's. (Over 2 s: its reference
  // run takes 100 RK4 substeps of the rule a step, and the page's frame budget spreads them out.)
  url.searchParams.set('until', '2');
  await page.goto(url.toString());
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 30_000 });
  await allDigits(page);
  const file = join(mkdtempSync(join(tmpdir(), 'force-')), 'force.txt');
  writeFileSync(file, planet);
  const csv = execFileSync(
    CLI,
    ['run', '--force', file, '--method', 'velocity-verlet,rk4', '--dt', '0.01', '--until', '2'],
    { encoding: 'utf8' },
  );
  const last = lastRows(csv);
  const headers = await page.locator('#numbers thead th').allTextContents();
  for (const method of ['velocity-verlet', 'rk4']) {
    const cells = await page.locator(`#numbers tr[data-method="${method}"] td`).allTextContents();
    const shown = Object.fromEntries(headers.slice(1).map((h, i) => [h, cells[i] ?? '']));
    for (const name of ['step', 't', 'energy', 'error'])
      expect(shown[name], `${method} ${name}`).toBe(last.get(method)![name]);
  }
  // Its truth is a reference run, and says so.
  await expect(page.locator('#numbers tr[data-method="truth"] th')).toHaveText('reference (RK4, h = 1e-4 s)');

  await expect(page.locator('#chart-energy .u-title')).toHaveText('Total energy');

  // A force that gives no potential: the energy shown is the kinetic energy, and its chart says so.
  await page.selectOption('#force-template', { label: 'A driven, damped spring (no potential)' });
  await page.click('#force-use-template');
  await page.click('#force-run');
  await expect(page.locator('#chart-energy .u-title')).toHaveText(
    'Kinetic energy (your force gives no potential)',
  );

  // The link opens the same force, and a bad force in a URL is named and kept for the editor.
  await page.goto(url.toString().replace('scenario=custom', 'scenario=custom&GM=500'));
  await expect(page.locator('#notices')).toContainText(
    'Ignored GM=500: GM = 500 is out of range: it must be more than 0 and at most 100 m³/s²',
  );
  await expect(page.locator('#scenario')).toHaveValue('custom');
  await page.goto(`./?scenario=custom&force=${encodeURIComponent('start x = 1, v = 0\na = -x ^ 2\n')}`);
  await expect(page.locator('#notices')).toContainText(
    'Ignored scenario=custom: your force has a mistake (line 2, column 8: ^ is not a power here',
  );
  await expect(page.locator('#scenario')).toHaveValue('spring');
  await expect(page.locator('#your-method')).toHaveAttribute('open', '');
  await expect(page.locator('#force-marks mark')).toHaveText('^');
  expect(errors).toEqual([]);
});

test('a slow rule does not hold the page: Run to end goes a few steps a frame, and Pause is heard at once', async ({
  page,
}) => {
  const errors = watch(page);
  // Legal, and slow: 12,000 turns of a loop a step, inside the rule's operation limit. (Reduced motion: the
  // page does not start playing by itself.)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const slow = 'let i = 0;\nwhile i < 12000 { i = i + 1; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  await page.goto(`./?scenario=spring&dt=0.1&until=60&methods=yours&rule=${encodeURIComponent(slow)}`);
  await expect(page.locator('#status')).toContainText('step 0 of 600');
  await page.click('#end');
  // The page draws the run as it goes, not once at the end: it is seen running, part of the way.
  await expect(page.locator('#status')).toContainText('running to the end');
  const step = async () =>
    Number(/step (\d+) of/.exec((await page.locator('#status').textContent()) ?? '')?.[1]);
  expect(await step()).toBeLessThan(600);
  // Pause (the Play button reads Pause while the run goes to its end) is heard between frames: the run stops
  // where it is.
  await expect(page.locator('#play')).toHaveText('Pause');
  await page.click('#play');
  await expect(page.locator('#status')).toContainText('paused');
  const paused = await step();
  expect(paused).toBeLessThan(600);
  await page.waitForTimeout(300);
  expect(await step()).toBe(paused);
  expect(errors).toEqual([]);
});

test('a report card that takes long can be stopped, and the studies asked after it do not wait for it', async ({
  page,
}) => {
  const errors = watch(page);
  // A legal rule that takes milliseconds a step: its card would take minutes.
  const slow = 'let i = 0;\nwhile i < 12000 { i = i + 1; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  await page.goto(`./?scenario=spring&dt=0.01&until=1&methods=rk4&rule=${encodeURIComponent(slow)}`);
  await expect(page.locator('#your-method')).toHaveAttribute('open', '');
  await page.click('#rule-grade');
  const card = page.locator('#rule-card');
  await expect(card).toContainText('Measuring your rule');
  await page.click('#card-stop');
  await expect(card).toHaveText('Stopped: no report card. Measure again when you are ready.');
  // The convergence study comes at once from a fresh worker.
  await page.locator('#convergence-panel summary').click();
  await page.click('#measure-convergence');
  await expect(page.locator('#convergence-note')).toContainText('is the measured order', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
