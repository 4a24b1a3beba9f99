// Every guided experiment in Chromium: its permalink loads cleanly, its measured line is the CLI's, and the
// numbers at its end are the CLI's for the same settings. Plus the convergence and stability panels.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { allDigits, axe, CLI, watch } from './helpers';

const SHOTS = 'test-results/screenshots/experiments';

interface Listed {
  id: string;
  query: string;
  measured: string;
}

/** The CLI's experiments, with their permalinks and measurements. */
function listed(): Listed[] {
  const text = execFileSync(CLI, ['experiments'], { encoding: 'utf8' });
  const out: Listed[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\S+)\s+\[/.exec(lines[i] ?? '');
    if (!head) continue;
    out.push({
      id: head[1]!,
      query: (lines[i + 1] ?? '').trim().slice(1),
      measured: (lines[i + 3] ?? '').replace(/^\s*measured: /, ''),
    });
  }
  return out;
}

/** The CLI's last row of each track for the same settings, keyed as the page's table keys its rows: by
 * method, or by method@dt for runs at steps of their own. */
function cliLastRows(query: string): Map<string, Record<string, string>> {
  const q = new URLSearchParams(query);
  const groups = new Map<string, string[]>();
  const runs = q.get('runs');
  if (runs) {
    for (const run of runs.split(',')) {
      const [method, dt] = run.split('@') as [string, string];
      groups.set(dt, [...(groups.get(dt) ?? []), method]);
    }
  } else {
    groups.set(q.get('dt') ?? '', (q.get('methods') ?? '').split(','));
  }
  const out = new Map<string, Record<string, string>>();
  for (const [dt, methods] of groups) {
    const args = [
      'run',
      '--scenario',
      q.get('scenario')!,
      '--every',
      '100000000',
      '--method',
      methods.join(','),
    ];
    if (dt !== '') args.push('--dt', dt);
    for (const [k, v] of q) {
      // The coordinate shown is the page's choice, not the run's.
      if (['scenario', 'methods', 'runs', 'dt', 'coord'].includes(k)) continue;
      if (['until', 'precision', 'nudge'].includes(k)) args.push(`--${k}`, v);
      else args.push('--set', `${k}=${v}`);
    }
    const [header, ...rows] = execFileSync(CLI, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n');
    const names = header!.split(',');
    for (const row of rows) {
      const f = row.split(',');
      // The page keys a run by its dt as a number (a permalink writes 1/15; the page's key is 1/15's double).
      const [num, den = '1'] = dt.split('/');
      const key = runs ? `${f[0]}@${Number(num) / Number(den)}` : f[0]!;
      out.set(key, Object.fromEntries(names.map((n, i) => [n, f[i]!])));
    }
  }
  return out;
}

const EXPERIMENTS = listed();

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the list names every experiment, grouped by article, each a permalink', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./');
  const cards = page.locator('#experiments article.experiment');
  await expect(cards).toHaveCount(EXPERIMENTS.length);
  await expect(page.locator('#experiments .article-group')).toHaveCount(5);
  for (const e of EXPERIMENTS) {
    const link = page.locator(`#experiments [data-experiment="${e.id}"] a`);
    expect(await link.getAttribute('href')).toBe(`?${e.query}`);
  }
  // Scrolled into view, the measurements fill in, the same as the CLI's.
  await page.locator('#experiments').scrollIntoViewIfNeeded();
  const last = EXPERIMENTS.at(-1)!;
  await expect(page.locator(`#experiments [data-experiment="${last.id}"] .measured`)).toHaveText(
    `Measured by the lab: ${last.measured}`,
    { timeout: 30_000 },
  );
  expect(errors).toEqual([]);
});

for (const e of EXPERIMENTS) {
  test(`experiment ${e.id}: its figures are the CLI's`, async ({ page }) => {
    const errors = watch(page);
    await page.goto(`./?${e.query}`);
    const card = page.locator('#current-experiment article');
    await expect(card).toHaveAttribute('data-experiment', e.id);
    await expect(card.locator('.measured')).toHaveText(`Measured by the lab: ${e.measured}`, {
      timeout: 20_000,
    });
    await page.click('#end');
    await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
    await allDigits(page);
    const headers = await page.locator('#numbers thead th').allTextContents();
    const rows = cliLastRows(e.query);
    // Past the reference's horizon the CLI leaves the error empty, and the page says "unknown" once the
    // studies worker has measured the horizon.
    if ([...rows.values()].some((row) => row.error === ''))
      await expect(page.locator('#numbers td', { hasText: 'unknown' }).first()).toBeVisible({
        timeout: 30_000,
      });
    for (const [method, row] of rows) {
      const cells = await page.locator(`#numbers tr[data-method="${method}"] td`).allTextContents();
      const shown = Object.fromEntries(headers.slice(1).map((h, i) => [h, cells[i] ?? '']));
      expect(shown.step, `${method} step`).toBe(row.step);
      // Digit for digit: the core writes both.
      for (const name of ['t', headers[3]!, headers[4]!, 'energy', 'error']) {
        expect(shown[name], `${method} ${name}`).toBe(
          name === 'error' && row.error === '' ? 'unknown' : row[name],
        );
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${e.id}.png` });
    expect(errors).toEqual([]);
  });
}

test('a reference run says how far it can be trusted, as the CLI does; an exact truth says nothing', async ({
  page,
}) => {
  const errors = watch(page);
  const note = page.locator('#reference-note');
  const cli = (args: string[]) =>
    spawnSync(CLI, ['run', '--method', 'rk4', '--every', '100000', ...args], { encoding: 'utf8' }).stderr;
  // The double pendulum past its horizon: the CLI's sentence, and from there every error is unknown.
  await page.goto('./?scenario=double-pendulum&methods=rk4&dt=0.01&until=30');
  const said = /the reference run is good to 1e-3 rad only until t = ([\d.]+) s/.exec(
    cli(['--scenario', 'double-pendulum', '--dt', '0.01', '--until', '30']),
  );
  expect(said).not.toBeNull();
  await expect(note).toContainText(`only until t = ${said![1]} s`, { timeout: 30_000 });
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  await expect(page.locator('#numbers tr[data-method="rk4"] td').last()).toHaveText('unknown');
  await expect(page.locator('#numbers tr[data-method="truth"] td').nth(2)).toHaveText('unknown');
  // Inside its horizon (the default 20 s) errors are numbers, and the single pendulum's reference stays close.
  await page.goto('./?scenario=pendulum&methods=rk4');
  const close = /stays within (\S+ rad) of one at half its step/.exec(cli(['--scenario', 'pendulum']));
  await expect(note).toContainText(`stays within ${close![1]} of one at half its step`, { timeout: 30_000 });
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  await expect(page.locator('#numbers tr[data-method="rk4"] td').last()).not.toHaveText('unknown');
  // An exact truth has no reference to doubt.
  await page.goto('./?scenario=spring&methods=rk4');
  await expect(page.locator('#how-run')).not.toBeEmpty({ timeout: 30_000 });
  await expect(note).toBeHidden();
  expect(errors).toEqual([]);
});

test("a nudge runs each method's twin: the separation chart, an export that is the CLI's, a bad nudge named", async ({
  page,
}) => {
  const errors = watch(page);
  const query = 'scenario=double-pendulum&methods=rk4,velocity-verlet&dt=0.01&until=15&nudge=1e-9';
  await page.goto(`./?${query}`);
  await expect(page.locator('#separation-view')).toBeVisible();
  await expect(page.locator('#separation-note')).toContainText('the distance between the lower bobs, in m');
  await expect(page.locator('#chart-separation .u-title')).toContainText('Separation from a twin');
  expect(new URL(page.url()).searchParams.get('nudge')).toBe('1e-9');
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const args = ['run', '--scenario', 'double-pendulum', '--method', 'rk4,velocity-verlet', '--dt', '0.01'];
  const expected = execFileSync(CLI, [...args, '--until', '15', '--nudge', '1e-9'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  expect(csv.split('\n')[0]).toMatch(/,separation$/);
  expect(csv).toBe(expected);
  // Beside the chart: each run's own stretch, as a least-squares fit of ln separation against t up to 1 cm
  // apart here gives it from the CSV's rows (the page fits its recorded rows: within a few %), and the long-run
  // exponent the CLI's lyapunov measures over the same 300 s.
  const rows = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => c[0] === 'rk4')
    .map((c) => [Number(c[2]), Number(c[c.length - 1])] as const)
    .slice(1);
  const fitted = rows.slice(
    0,
    rows.findIndex(([, d]) => d > 0.01),
  );
  const n = fitted.length;
  const mt = fitted.reduce((a, [t]) => a + t, 0) / n;
  const my = fitted.reduce((a, [, d]) => a + Math.log(d), 0) / n;
  const slope =
    fitted.reduce((a, [t, d]) => a + (t - mt) * (Math.log(d) - my), 0) /
    fitted.reduce((a, [t]) => a + (t - mt) ** 2, 0);
  const stretch = page.locator('#stretch-note');
  await expect(stretch).toContainText('fitted to its separation until the twins are 1 cm apart');
  const shown = Number(/Runge–Kutta 4 ([\d.]+) \/s/.exec((await stretch.textContent()) ?? '')?.[1]);
  expect(Math.abs(shown - slope), `${shown} against ${slope}`).toBeLessThan(0.03 * slope);
  const lambda = Number(
    /exponent: ([\d.]+)/.exec(
      execFileSync(CLI, ['lyapunov', '--scenario', 'double-pendulum', '--until', '300'], {
        encoding: 'utf8',
      }),
    )?.[1],
  );
  await expect(page.locator('#prediction-note')).toContainText(`λ = ${lambda.toPrecision(3)} /s`, {
    timeout: 30_000,
  });
  await expect(page.locator('#prediction-note')).toContainText(
    `= ${(Math.log(1e-2 / 1e-9) / lambda).toPrecision(3)} s`,
  );
  // The twins are drawn, faded, in the scene: by 15 s they have parted, and the picture is not the one drawn
  // without them.
  const scene = () => page.locator('#scene').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const twinned = await scene();
  // The error chart veils what the reference cannot tell apart.
  await expect(page.locator('#chart-error .u-legend')).toContainText(
    'unknown below: 10 × the reference’s uncertainty',
  );
  // The position chart draws the band the reference is known within: one legend entry for its two edges.
  const band = page.locator('#chart-position .u-legend .u-series', {
    hasText: 'reference ± its uncertainty',
  });
  await expect(band).toHaveCount(2);
  await expect(band.first()).toBeVisible();
  await expect(band.last()).toBeHidden();
  expect(await axe(page)).toEqual([]);
  await page.goto(`./?${query.replace('&nudge=1e-9', '')}`);
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  expect(await scene()).not.toBe(twinned);
  // No nudge, no twins; a nudge the core refuses is named, and the run goes on without twins.
  await page.goto('./?scenario=spring&methods=rk4');
  await expect(page.locator('#status')).not.toBeEmpty();
  await expect(page.locator('#separation-view')).toBeHidden();
  // An exact truth is known everywhere: nothing to veil, no band.
  await expect(page.locator('#chart-error .u-legend')).not.toContainText('unknown below');
  await expect(page.locator('#chart-position .u-legend')).not.toContainText('its uncertainty');
  await page.goto('./?scenario=spring&methods=rk4&nudge=5');
  await expect(page.locator('#notices')).toContainText('Ignored nudge=5');
  await expect(page.locator('#separation-view')).toBeHidden();
  expect(new URL(page.url()).searchParams.get('nudge')).toBeNull();
  expect(errors).toEqual([]);
});

test('the convergence view measures the orders the CLI measures', async ({ page }) => {
  const errors = watch(page);
  // The studies run in a worker, so that the page is not held up while they measure.
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('./?scenario=spring&methods=euler,verlet,rk4&dt=0.01&until=1&precision=f64');
  await page.locator('#convergence-panel summary').click();
  await page.selectOption('#levels', '5');
  await page.click('#measure-convergence');
  const note = page.locator('#convergence-note');
  await expect(note).toContainText('is the measured order');
  const text = execFileSync(
    CLI,
    [
      'convergence',
      '--scenario',
      'spring',
      '--method',
      'euler,verlet,rk4',
      '--dt',
      '0.01',
      '--until',
      '1',
      '--levels',
      '5',
    ],
    { encoding: 'utf8' },
  );
  // The note names each method; the CLI's rows are by id.
  const names: Record<string, string> = {
    euler: 'Explicit Euler',
    verlet: 'Position Verlet',
    rk4: 'Runge–Kutta 4',
  };
  for (const [method, name] of Object.entries(names)) {
    const row = text.split('\n').find((l) => l.startsWith(`${method},`))!;
    const [fitted, , stated] = row.split(',').slice(6);
    await expect(note).toContainText(`${name} ${Number(fitted).toFixed(2)} (states ${stated} here)`);
  }
  await expect(page.locator('#chart-convergence .u-wrap')).toBeVisible();
  await expect(page.locator('#chart-work .u-wrap')).toBeVisible();
  expect(workers.filter((url) => url.includes('studies-worker'))).toHaveLength(1);
  await page.locator('#convergence-panel').screenshot({ path: `${SHOTS}/../convergence.png` });
  // Another setup: the lines on screen are said to be the earlier one's until it is measured.
  await page.selectOption('#scenario', 'pendulum');
  await expect(note).toContainText(
    "These lines are an earlier setup's (spring): press Measure for this one.",
  );
  await page.click('#measure-convergence');
  await expect(note).toContainText('is the measured order');
  await expect(note).not.toContainText('earlier setup');
  // A study too long for the page is refused with the reason, and the page carries on.
  await page.goto('./?scenario=spring&methods=euler,rk4&dt=0.001&until=1000');
  await page.locator('#convergence-panel summary').click();
  await page.selectOption('#levels', '7');
  await page.click('#measure-convergence');
  await expect(page.locator('#convergence-note')).toContainText('the study would take');
  await expect(page.locator('#status')).toContainText('step');
  expect(errors).toEqual([]);
});

test('the stability view marks each method past its limit', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring');
  await page.locator('#stability-panel summary').click();
  const table = page.locator('#stability-table');
  // euler and midpoint grow at any ω·dt. The table waits for the studies tier, which a loaded machine may take
  // longer than 5 s to fetch and compile (a fresh clone's npm test once found it empty at 5 s).
  await expect(table.locator('tr.unstable')).toHaveCount(2, { timeout: 15_000 });
  await page.locator('#omega-dt').fill('2.5');
  await expect(page.locator('#omega-dt-value')).toHaveText('2.50');
  const row = (m: string) => table.locator('tbody tr', { hasText: m }).first();
  await expect(row('Symplectic Euler')).toHaveClass(/unstable/);
  await expect(row('Runge–Kutta 4')).not.toHaveClass(/unstable/);
  await expect(row('Symplectic Euler')).toContainText('2.0000');
  await expect(row('Runge–Kutta 4')).toContainText('2.8284');
  await page.locator('#stability-panel').screenshot({ path: `${SHOTS}/../stability.png` });
  expect(errors).toEqual([]);
});
