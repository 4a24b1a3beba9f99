// The real page in Chromium: it loads every scenario cleanly, its numbers and its CSV equal the CLI's,
// permalinks round-trip, bad URLs fall back with a notice, and a diverging run keeps it responsive.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  allDigits,
  assetRequests,
  CLI,
  csvRows,
  everyFrame,
  lastRows,
  runToEnd,
  valuesTable,
  wasmRequests,
  watch,
} from './helpers';

const SHOTS = 'test-results/screenshots';

function cli(args: string[]): { stdout: string; stderr: string } {
  const stdout = execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  return { stdout, stderr: '' };
}

/** The CLI arguments for the same settings as a page URL. */
function cliArgs(query: string): string[] {
  const q = new URLSearchParams(query);
  const args = ['run', '--scenario', q.get('scenario') ?? 'spring'];
  for (const [key, value] of q) {
    if (key === 'scenario') continue;
    if (key === 'methods') args.push('--method', value);
    else if (['dt', 'until', 'precision'].includes(key)) args.push(`--${key}`, value);
    else args.push('--set', `${key}=${value}`);
  }
  return args;
}

test('a first visit draws its first frame with the base tier, the studies tier after it, and no code of worksheets or "your method"', async ({
  page,
}) => {
  const errors = watch(page);
  const wasm = wasmRequests(page);
  const assets = assetRequests(page);
  // The studies tier is asked for only after the first frame is drawn (a second after it): what the facts
  // beside the toggles need; they say they are coming until then (an ellipsis), under the line that
  // introduces them, which the build wrote.
  await page.goto('./');
  await expect(page.locator('#methods-facts')).toHaveText(
    'Orders here (one force, which changes as the body moves):',
  );
  expect(
    await page
      .locator('small.facts[data-method="rk4"]')
      .evaluate((e) => [e.textContent, getComputedStyle(e, '::after').content]),
  ).toEqual(['', '"…"']);
  await expect(page.locator('small.facts[data-method="rk4"]')).toContainText('order 4', { timeout: 20_000 });
  await expect(page.locator('#status')).toContainText('step');
  expect(wasm).toEqual(['base', 'studies']);
  const [first, studies] = await page.evaluate(() => [
    performance.getEntriesByName('lab:first-frame')[0]?.startTime ?? Number.NaN,
    performance.getEntriesByType('resource').find((r) => /\/studies_bg-[^/]*\.wasm$/.test(r.name))
      ?.startTime ?? Number.NaN,
  ]);
  expect(studies).toBeGreaterThan(first!);
  // The core, the longest download, is asked for by the first module's preload, not by the page's code once
  // it has run (once: the loader's fetch takes the preload's response). The page's code is named in the
  // head, so that it arrives while the page is read, not a round trip after each module that imports it.
  const [core, preloaded] = await page.evaluate(() => [
    performance
      .getEntriesByType('resource')
      .filter((r) => /\/base_bg-[^/]*\.wasm$/.test(r.name))
      .map((r) => (r as PerformanceResourceTiming).initiatorType),
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (l) => l.href.split('/').pop() ?? '',
    ),
  ]);
  expect(core).toEqual(['link']);
  // Nor a document of its own for a frame it does not show: the embed panel's preview is made as it opens.
  await expect(page.locator('iframe')).toHaveCount(0);
  for (const chunk of ['main', 'boot', 'core', 'base'])
    expect(preloaded.filter((name) => name.startsWith(`${chunk}-`))).toHaveLength(1);
  expect(assets).toContain('main.js');
  const later = ['worksheet', 'classroom-build', 'your-method', 'language-build'];
  expect(assets.filter((a) => later.some((name) => a.startsWith(`${name}.`)))).toEqual([]);
  // Opening the editor loads "your method"'s code; a worksheet in the URL loads the worksheet's.
  await page.getByRole('button', { name: 'Write your own method…' }).click();
  // (The editor's markup is the page's own: its code is asked for as the panel opens, not before.)
  await expect.poll(() => assets).toContain('your-method.js');
  await page.goto('./?worksheet=lecture');
  await expect(page.locator('#worksheet')).toBeVisible();
  await expect.poll(() => assets).toEqual(expect.arrayContaining(['worksheet.js', 'classroom.css']));
  expect(errors).toEqual([]);
});

test('a core or a tier of it that cannot be fetched is said so; one served under another type still runs', async ({
  page,
}) => {
  // A failed fetch of the core reaches the page as its notice, with the status, and the page keeps its
  // controls.
  await page.route(/\/assets\/base_bg-[^/]*\.wasm$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('./');
  await expect(page.locator('#notices')).toContainText(
    /The physics core could not be loaded: .*base_bg-[^ ]*\.wasm could not be fetched: 404.*reload the page to try again\./,
  );
  await expect(page.locator('h1')).toHaveText('Integrator Lab');
  // The room kept for the settings while the core loads is given back: nothing will fill it now.
  await expect(page.locator('section.controls')).not.toHaveAttribute('data-filling');
  // Nor are empty charts, their tools or a Coordinate menu with nothing in it shown (a spinning body's page
  // shows its menu before the core has come).
  await page.goto('./?scenario=tennis-racket');
  await expect(page.locator('#notices')).toContainText('The physics core could not be loaded');
  // Said once: not a second time as an error nobody handled.
  await page.waitForTimeout(500);
  await expect(page.locator('#notices')).not.toContainText('Something went wrong');
  for (const empty of ['.views .charts', '#coord-field', '#chart-energy', '#energy-scale'])
    await expect(page.locator(empty), empty).toBeHidden();
  await page.unroute(/\/assets\/base_bg-[^/]*\.wasm$/);
  // So does a further tier's (the studies tier, a second after the first frame), and the run goes on.
  await page.route(/\/assets\/studies_bg-[^/]*\.wasm$/, (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  await page.goto('./');
  await expect(page.locator('#notices')).toContainText(
    /Part of the core could not be loaded: .*studies_bg-[^ ]*\.wasm could not be fetched: 404/,
    { timeout: 20_000 },
  );
  await expect(page.locator('#notices')).not.toContainText('Something went wrong');
  await expect(page.locator('#status')).toContainText('step');
  // A spinning body's link, which the page reads with the studies tier's checks: without that tier it says
  // why the body cannot run, and nothing else goes wrong.
  await page.goto('./?scenario=tennis-racket&dt=0.01');
  await expect(page.locator('#notices')).toContainText(
    /Spinning bodies need a part of the core that could not be loaded \(.*studies_bg-[^ ]*\.wasm could not be fetched: 404/,
  );
  await page.waitForTimeout(500);
  await expect(page.locator('#notices')).not.toContainText('Something went wrong');
  await expect(page.locator('h1')).toHaveText('Integrator Lab');
  await page.unroute(/\/assets\/studies_bg-[^/]*\.wasm$/);
  // A host that does not say the bytes are wasm: they are compiled from the bytes, and the lab runs.
  await page.route(/\/assets\/base_bg-[^/]*\.wasm$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-type': 'application/octet-stream' },
    });
  });
  const errors = watch(page);
  await page.goto('./');
  await expect(page.locator('#status')).toContainText('step');
  expect(errors).toEqual([]);
});

test('as the page starts, its controls show no state but the address’s, frame by frame', async ({ page }) => {
  // Every frame's scenario and speed, from the start: the controls are empty until the core has loaded,
  // then show the address's run (never the first scenario listed, or the first speed, on the way).
  await page.addInitScript(() => {
    const w = window as unknown as { __shown: string[] };
    w.__shown = [];
    const look = () => {
      const value = (id: string) => (document.getElementById(id) as HTMLSelectElement | null)?.value ?? '';
      w.__shown.push(`${value('scenario')} ${value('speed')}`);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('./?scenario=pendulum&speed=2');
  await expect(page.locator('#status')).toContainText('step');
  const shown = await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);
  const filled = [...new Set(shown.filter((s) => s.trim() !== ''))];
  expect(filled).toEqual(['pendulum 2']);
});

test('as any scenario’s page starts, the settings and the views stay where they were first drawn', async ({
  page,
}) => {
  // The layout shifts the browser counts from the first paint until half a second after the first frame
  // (before any run's notes come): before its first paint the page takes the URL's scenario's shape (its
  // family's charts, a Coordinate menu where its run has several, the room its settings take), the status
  // line holds its line. A page that moves under a reader's click is the fault: the web's own bound for a
  // good page is 0.1 in all.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: [number, string][] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (e.hadRecentInput) continue;
        const moved = e.sources.map((s) => (s.node instanceof Element ? s.node.id || s.node.className : ''));
        w.__shifts.push([e.value, moved.join(', ')]);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shifted = async (query: string) => {
    await page.goto(query);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: [number, string][] }).__shifts,
    );
    return { sum: shifts.reduce((a, [v]) => a + v, 0), shifts };
  };
  const first = await shifted('./');
  expect(first.sum, JSON.stringify(first.shifts)).toBeLessThan(0.05);
  const scenarios = await page
    .locator('#scenario option')
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  let spinning = 0;
  for (const id of scenarios) {
    const { sum, shifts } = await shifted(`./?scenario=${id}`);
    if (await page.locator('#chart-omega').isVisible()) spinning++;
    // The description's room is an estimate (its lines before it is written): a line more or less moves the
    // settings a little.
    expect(sum, `${id}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
  }
  expect(scenarios.length).toBeGreaterThanOrEqual(15);
  expect(spinning).toBeGreaterThanOrEqual(3);
});

test('the scene stays where it was first shown: a shared experiment’s card is there from the first paint, by its own page or its address, a run’s notes come below the scene', async ({
  page,
}) => {
  const errors = watch(page);
  // The scene's top on the page, in every frame in which the lab's body is shown.
  const seen = await everyFrame(page, () => {
    const scene = document.getElementById('scene');
    if (!scene || document.querySelector('main[data-shaping]')) return undefined;
    return String(Math.round(scene.getBoundingClientRect().top + window.scrollY));
  });
  const tops = async () => [...new Set(await seen())];
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // An experiment's own page, as a link to it opens: its card, then measured by the page's code.
    await page.goto('./x/average-energy.html');
    const card = page.locator('#current-experiment article');
    await expect(card).toBeVisible();
    await expect(card.locator('.measured')).toContainText('Measured by the lab: Energy change after 3 hours');
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('lab:first-frame').length))
      .toBe(1);
    // The studies tier comes a second after the first frame: the page's own card is the one shown by then.
    await page.waitForTimeout(2500);
    await expect(card).toHaveCount(1);
    expect(await tops(), `x/average-energy at ${width} px`).toHaveLength(1);
    // The same experiment by an address with its query: as the experiments' list links to it, as the page
    // writes it back (a reload, a copied address), and a scenario that opens as an experiment.
    const written = new URL(page.url()).search;
    expect(written).toContain('scenario=two-springs');
    for (const [address, title] of [
      [
        '?scenario=two-springs&methods=kinematic,kinematic-average&dt=1/60&until=10800&precision=f64',
        'slow energy loss',
      ],
      [written, 'slow energy loss'],
      ['?scenario=damped-spring', 'A damped spring that Euler makes gain energy'],
      // As a sharing site passes it on, with keys of its own that the page ignores.
      [
        '?scenario=two-springs&methods=kinematic,kinematic-average&dt=1/60&until=10800&precision=f64&utm_source=newsletter&fbclid=abc',
        'slow energy loss',
      ],
      // Its numbers written otherwise, as a teacher might type them: the same run, the same experiment.
      [
        '?scenario=constant-force&methods=euler,kinematic&dt=1.0&until=1e1&precision=f32',
        'A constant force at dt = 1 s',
      ],
    ] as const) {
      await page.goto(`./${address}`);
      await expect(card.locator('h3')).toContainText(title);
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('lab:first-frame').length))
        .toBe(1);
      await page.waitForTimeout(2500);
      await expect(card).toHaveCount(1);
      expect(await tops(), `${address} at ${width} px`).toHaveLength(1);
    }
    // The default page: explicit Euler leaves the x(t) chart's scale within seconds, and a note says so.
    await page.goto('./');
    await expect(page.locator('#divergence li').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(300);
    expect(await tops(), `the default page at ${width} px`).toHaveLength(1);
  }
  expect(errors).toEqual([]);
});

test('the method toggles, and their facts a second after the first frame, move nothing in the settings column', async ({
  page,
}) => {
  const errors = watch(page);
  // From the first paint on, in every frame: the Methods fieldset's height (the room kept for the toggles
  // before they are there, then theirs), and each toggle's height once the toggles are there. (The room kept
  // for the scenario's description above it is an estimate of its lines, a line out on a few scenarios.)
  const seen = await everyFrame(page, () => {
    if (document.querySelector('main[data-shaping]')) return undefined;
    const methods = document.getElementById('methods')?.getBoundingClientRect().height ?? 0;
    const labels = Array.from(document.querySelectorAll('#methods label.method'), (l) =>
      Math.round(l.getBoundingClientRect().height),
    );
    const intro = document.getElementById('methods-facts')?.textContent ?? '';
    return `${Math.round(methods)} ${labels.join(',')}|${intro}`;
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The line over the toggles takes one line (only constant forces) to four (three kinds of force), and a
  // thruster's depends on the dt; a toggle's facts are as wide as "order 1, ≥1 evals".
  // A spinning body's facts are the catalogue's, and come with its toggles.
  const all = [
    'spring',
    'kepler',
    'double-pendulum',
    'constant-force',
    'lunar-lander',
    'spinning-top',
    'tennis-racket',
  ];
  for (const scenario of all) {
    await page.goto(`./?scenario=${scenario}`);
    await expect(page.locator('#methods small.facts').first()).not.toBeEmpty({ timeout: 15_000 });
    await expect(page.locator('#methods-facts')).toContainText('Orders ');
    await page.waitForTimeout(1000);
    // The fieldset's height within a pixel or two (its room is kept in em, not to the pixel); the toggles'
    // heights, once they are there, the same in every frame.
    const frames = (await seen()).map((s) => {
      const [layout = '', intro = ''] = s.split('|');
      const [height = '', labels = ''] = layout.split(' ');
      return { height: Number(height), labels, intro };
    });
    const heights = frames.map((f) => f.height);
    const spread = Math.max(...heights) - Math.min(...heights);
    expect(spread, `${scenario}: ${[...new Set(heights)]}`).toBeLessThanOrEqual(2);
    expect(new Set(frames.filter((f) => f.labels !== '').map((f) => f.labels)).size, scenario).toBe(1);
    // The line over the toggles, written by the build from the core at the scenario's own dt, is the one the
    // facts then bring: the same words from the first paint.
    expect([...new Set(frames.map((f) => f.intro))], scenario).toHaveLength(1);
  }
  // Another scenario chosen before the facts have come: the line over the toggles does not keep the first
  // scenario's forces; it says the facts are coming, then the new scenario's.
  await page.route('**/assets/studies_bg-*.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.goto('./?scenario=spring');
  await expect(page.locator('#methods-facts')).toHaveText(
    'Orders here (one force, which changes as the body moves):',
  );
  await expect(page.locator('#play')).toBeEnabled();
  await page.selectOption('#scenario', 'kepler');
  await expect(page.locator('#methods-facts')).toHaveText('Each method’s order and cost here are coming…');
  await expect(page.locator('#methods-facts')).toContainText(
    'the kinematic integrators do not step it exactly',
    {
      timeout: 15_000,
    },
  );
  expect(errors).toEqual([]);
});

test('a run’s notes move no chart in sight: they come under the first row of charts, beside no chart', async ({
  page,
}) => {
  const errors = watch(page);
  // The tops of the first row's charts on the page, in every frame from the first frame on.
  const seen = await everyFrame(page, () => {
    if (performance.getEntriesByName('lab:first-frame').length === 0) return undefined;
    const top = (id: string) =>
      Math.round((document.getElementById(id)?.getBoundingClientRect().top ?? 0) + window.scrollY);
    return `${top('chart-position')} ${top('chart-phase')}`;
  });
  for (const [width, height] of [
    [1280, 900],
    [1920, 1080],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The default page: explicit Euler leaves the x(t) chart's scale about 1.4 s after the start, and the
    // energy chart's (where it is in sight, and so drawn) at about 3.5 s; a note says so each time.
    await page.goto('./');
    await expect(page.locator('#divergence')).toContainText("runs off the x(t) chart's scale", {
      timeout: 15_000,
    });
    if (height >= 900) await expect(page.locator('#divergence li')).toHaveCount(2, { timeout: 15_000 });
    else await page.waitForTimeout(3000);
    expect([...new Set(await seen())], `the first row's tops at ${width} px`).toHaveLength(1);
    // The notes come under that row, across the charts' width; the energy chart, which the second note is
    // about, comes right after them or beside the first row.
    const box = async (selector: string) => {
      const b = await page.locator(selector).boundingBox();
      if (!b) throw new Error(`${selector} is not shown`);
      return b;
    };
    const [phase, position, notes, energy, charts] = await Promise.all([
      box('#chart-phase'),
      box('#chart-position'),
      box('#divergence'),
      box('#chart-energy'),
      box('.views .charts'),
    ]);
    expect(notes.y).toBeGreaterThanOrEqual(Math.max(phase.y + phase.height, position.y + position.height));
    expect(notes.width).toBeGreaterThan(charts.width * 0.9);
    expect(energy.y > notes.y || energy.y + energy.height <= notes.y, `energy at ${width} px`).toBe(true);
  }
  expect(errors).toEqual([]);
});

test('on a slow machine the charts in sight still take turns while a run moves, one a frame', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Which charts each frame strokes (the scene's canvas is not a chart's), counted by a frame loop that
  // runs before the page's own in every frame.
  await page.addInitScript(() => {
    const w = window as unknown as { __frame: number; __strokes: [number, string][]; __frameAt: number[] };
    w.__frame = 0;
    w.__strokes = [];
    w.__frameAt = [];
    const count = (now: number) => {
      w.__frame += 1;
      w.__frameAt.push(now);
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const stroke = CanvasRenderingContext2D.prototype.stroke;
    CanvasRenderingContext2D.prototype.stroke = function (this: CanvasRenderingContext2D, path?: Path2D) {
      const chart = this.canvas.closest('[id^="chart-"]')?.id;
      if (chart) w.__strokes.push([w.__frame, chart]);
      Reflect.apply(stroke, this, path ? [path] : []);
    };
  });
  // Several charts in sight, and frames far slower than 50 ms: a machine many times slower than this one.
  // The page starts at this machine's speed and is slowed once it plays (slowed from the start, its first
  // frame came 20-30 s after the visit on the CI machine, and the test measured its start, not its frames;
  // slowed eightfold, its frames were at times 50 ms, three screen refreshes, and no slower).
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('./?scenario=spring&dt=0.001&until=600');
  await expect(page.locator('#status')).toContainText('playing');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await page.waitForTimeout(1500);
  const since = await page.evaluate(() => (window as unknown as { __frame: number }).__frame);
  // Until a dozen frames have drawn charts: on a loaded machine a slowed frame takes a second or more, and a
  // fixed wait saw too few of them to judge.
  await expect
    .poll(
      () =>
        page.evaluate(
          (after) =>
            new Set(
              (window as unknown as { __strokes: [number, string][] }).__strokes
                .filter(([frame]) => frame > after)
                .map(([frame]) => frame),
            ).size,
          since,
        ),
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(12);
  const { strokes, frameAt } = await page.evaluate(() => {
    const w = window as unknown as { __strokes: [number, string][]; __frameAt: number[] };
    return { strokes: w.__strokes, frameAt: w.__frameAt };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const watched = strokes.filter(([frame]) => frame > since);
  const charts = new Map<number, Set<string>>();
  for (const [frame, chart] of watched) charts.set(frame, (charts.get(frame) ?? new Set()).add(chart));
  const seen = new Set(watched.map(([, chart]) => chart));
  // The premise: frames are slow, and more than one chart is in sight and drawn.
  const gaps = frameAt.slice(since + 1).map((t, i) => t - frameAt[since + i]!);
  gaps.sort((a, b) => a - b);
  expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThan(50);
  expect(seen.size).toBeGreaterThan(2);
  // Each drawing frame draws one chart, not all of them (a slow frame drawing every chart was slower still).
  const perFrame = [...charts.values()].map((c) => c.size);
  expect(perFrame.length).toBeGreaterThan(5);
  expect(perFrame.filter((n) => n > 1).length).toBeLessThanOrEqual(perFrame.length / 4);
});

test('as the page starts, each chart in sight is made between frames and drawn in a frame after, on the 100-mass chain with every method too', async ({
  page,
}) => {
  // Whether an animation frame's callback is running when a chart is made (uPlot puts its root into the
  // chart's box) or stroked.
  await page.addInitScript(() => {
    const w = window as unknown as { __made: [string, boolean][]; __drawn: [string, boolean][] };
    w.__made = [];
    w.__drawn = [];
    let inFrame = false;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      request((now) => {
        inFrame = true;
        try {
          callback(now);
        } finally {
          inFrame = false;
        }
      });
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      const chart = node instanceof HTMLElement && node.classList.contains('uplot');
      if (chart && this instanceof HTMLElement) w.__made.push([this.id, inFrame]);
      return Reflect.apply(append, this, [node]) as T;
    };
    const stroke = CanvasRenderingContext2D.prototype.stroke;
    CanvasRenderingContext2D.prototype.stroke = function (this: CanvasRenderingContext2D, path?: Path2D) {
      const chart = this.canvas.closest('[id^="chart-"]')?.id;
      if (chart) w.__drawn.push([chart, inFrame]);
      Reflect.apply(stroke, this, path ? [path] : []);
    };
  });
  const methods =
    'euler,symplectic-euler,implicit-euler,verlet,velocity-verlet,leapfrog,midpoint,rk4,kinematic,kinematic-average,forest-ruth';
  for (const query of ['', `?scenario=spring-chain&n=100&methods=${methods}&until=1000`]) {
    await page.goto(`./${query}`);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    const { made, drawn } = await page.evaluate(() => {
      const w = window as unknown as { __made: [string, boolean][]; __drawn: [string, boolean][] };
      return { made: w.__made, drawn: w.__drawn };
    });
    // By the first frame (every chart in sight drawn) the position and phase charts are made and drawn.
    const madeIn = new Map(made);
    expect([...madeIn.keys()], query).toEqual(expect.arrayContaining(['chart-position', 'chart-phase']));
    for (const [chart, inFrame] of madeIn) expect(inFrame, `${query}: ${chart} made in a frame`).toBe(false);
    for (const chart of ['chart-position', 'chart-phase'])
      expect(
        drawn.some(([c, inFrame]) => c === chart && inFrame),
        `${query}: ${chart} drawn`,
      ).toBe(true);
  }
});

test('a run that finishes draws its charts one a task, those out of sight too, and is "finished" once all are', async ({
  page,
}) => {
  // Which chart each stroke is of, in which task (the strokes between two of the page's breaks, told apart
  // by a microtask: one runs whenever a task's script is done), and whether the status said "finishing".
  await page.addInitScript(() => {
    const w = window as unknown as { __strokes: [number, string, boolean][] };
    w.__strokes = [];
    let task = 0;
    let open = false;
    const stroke = CanvasRenderingContext2D.prototype.stroke;
    CanvasRenderingContext2D.prototype.stroke = function (this: CanvasRenderingContext2D, path?: Path2D) {
      const chart = this.canvas.closest('[id^="chart-"]')?.id;
      if (chart) {
        if (!open) {
          open = true;
          task += 1;
          queueMicrotask(() => {
            open = false;
          });
        }
        const status = document.getElementById('status')?.textContent ?? '';
        w.__strokes.push([task, chart, status.includes('finishing')]);
      }
      Reflect.apply(stroke, this, path ? [path] : []);
    };
  });
  // Every method on the spring for 20,000 steps (the page's own list of them): drawn in one task, such a
  // finish held the page for 150 ms.
  await page.goto('./?scenario=spring');
  // The method toggles are made once the core has loaded, after the page's load event.
  await expect(page.locator('#status')).toContainText('step');
  const methods = await page
    .locator('#methods input[name="method"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(methods.length).toBeGreaterThanOrEqual(11);
  await page.goto(`./?scenario=spring&methods=${methods.join(',')}&dt=0.1&until=2000`);
  await expect(page.locator('#status')).toContainText('step');
  await page.locator('#end').click();
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  const strokes = await page.evaluate(
    () => (window as unknown as { __strokes: [number, string, boolean][] }).__strokes,
  );
  const finishing = strokes.filter(([, , said]) => said);
  const tasks = new Map<number, Set<string>>();
  for (const [task, chart] of finishing) tasks.set(task, (tasks.get(task) ?? new Set()).add(chart));
  // Every chart of the run is drawn while the status says "finishing", the energy charts below the window
  // included; each in a task of its own.
  expect(new Set(finishing.map(([, chart]) => chart))).toEqual(
    new Set(['chart-position', 'chart-phase', 'chart-energy', 'chart-split', 'chart-error']),
  );
  for (const charts of tasks.values()) expect([...charts]).toHaveLength(1);
  // Once "finished", the notes are there: explicit Euler's run ended, and the note says where.
  await expect(page.locator('#divergence')).toContainText('Explicit Euler');
});

/** A chart's legend entry for the line labelled exactly `label`. */
function legendEntry(page: Page, chart: string, label: string): Locator {
  return page
    .locator(`#chart-${chart} .u-series`)
    .filter({ has: page.locator('.u-label', { hasText: new RegExp(`^${label}$`) }) });
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('every scenario loads and draws with no console errors', async ({ page }) => {
  const errors = watch(page);
  // The scenarios are the core's registry, as the page lists them.
  await page.goto('./');
  await expect(page.locator('#status')).toContainText('step');
  const scenarios = await page
    .locator('#scenario option')
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  expect(scenarios.length).toBeGreaterThanOrEqual(12);
  for (const id of scenarios) {
    await page.goto(`./?scenario=${id}`);
    await expect(page.locator('#status')).toContainText('step', { timeout: 10_000 });
    await expect(page.locator('#scenario')).toHaveValue(id);
    // The default methods (a spinning body's family has its own) and the truth each have a row.
    const chosen = await page.locator('#methods input[name="method"]:checked').count();
    expect(chosen, id).toBeGreaterThanOrEqual(3);
    await expect(page.locator('#numbers tbody tr')).toHaveCount(chosen + 1);
    // The scene has been drawn: some pixels are not blank.
    const inked = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('#scene')!;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    expect(inked, id).toBeGreaterThan(100);
    // The first chart of the scenario's family (a spinning body has charts of its own) is drawn.
    await expect(page.locator('.u-wrap:visible').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

const CASES = [
  'scenario=damped-spring&methods=euler,symplectic-euler,rk4&dt=0.01&until=10&precision=f64&k=15&b=0.1',
  'scenario=constant-force&methods=euler,kinematic&dt=0.01&until=10&precision=f32',
  'scenario=kepler&methods=velocity-verlet,implicit-euler,kinematic-average&dt=0.05&until=20&precision=f64&e=0.7',
  'scenario=pendulum&methods=leapfrog,midpoint&dt=0.05&until=5&precision=f32',
  'scenario=spring-chain&methods=verlet,rk4&dt=0.01&until=2&precision=f64&n=12',
];

for (const query of CASES) {
  test(`numbers on screen and the CSV export equal the CLI: ${query}`, async ({ page }) => {
    const errors = watch(page);
    await page.goto(`./?${query}`);
    await runToEnd(page);
    const expected = cli(cliArgs(query)).stdout;
    const last = lastRows(expected);
    const shown = await valuesTable(page);
    const coord = await page.locator('#coord').inputValue();
    for (const [method, row] of last) {
      const screen = shown.get(method);
      expect(screen, method).toBeDefined();
      const velocity = Object.keys(screen!)[3]!;
      expect(screen!.step, method).toBe(row.step);
      // The core writes the table's cells as it writes the CSV's: the same text, digit for digit.
      for (const name of ['t', coord, velocity, 'energy', 'error']) {
        expect(screen![name], `${method} ${name}`).toBe(row[name]);
      }
    }
    // Fiedler's float row, on screen.
    if (query.startsWith('scenario=constant-force')) expect(shown.get('euler')!.x).toBe('499.49707');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(expected);
    expect(errors).toEqual([]);
  });
}

test('a permalink round-trips the whole state', async ({ page, context }) => {
  const errors = watch(page);
  await page.goto('./');
  await page.selectOption('#scenario', 'two-springs');
  await page.fill('#param-k1', '2.5');
  await page.press('#param-k1', 'Enter');
  await page.locator('input[name="method"][value="kinematic"]').check();
  await page.locator('input[name="method"][value="euler"]').uncheck();
  await page.fill('#dt', '1/30');
  await page.press('#dt', 'Enter');
  await page.locator('input[name="precision"][value="f32"]').check();
  await expect(page).toHaveURL(/precision=f32/);
  await page.selectOption('#split', 'kinematic');
  await expect(page).toHaveURL(/details=kinematic/);
  const url = page.url();
  const query = new URL(url).searchParams;
  expect(query.get('scenario')).toBe('two-springs');
  expect(query.get('k1')).toBe('2.5');
  expect(query.get('methods')).toBe('symplectic-euler,rk4,kinematic');
  expect(query.get('dt')).toBe('1/30');
  await runToEnd(page);
  const before = await valuesTable(page);

  const again = await context.newPage();
  const againErrors = watch(again);
  await again.goto(url);
  await expect(again.locator('#scenario')).toHaveValue('two-springs');
  await expect(again.locator('#param-k1')).toHaveValue('2.5');
  await expect(again.locator('input[name="method"][value="euler"]')).not.toBeChecked();
  await expect(again.locator('input[name="precision"][value="f32"]')).toBeChecked();
  await expect(again.locator('#split')).toHaveValue('kinematic');
  await expect(again.locator('#chart-split .u-title')).toHaveText(
    'Kinetic and potential energy: Kinematic integrator',
  );
  await runToEnd(again);
  expect(await valuesTable(again)).toEqual(before);
  expect(await again.locator('#permalink').getAttribute('href')).toBe(new URL(url).search);
  expect([...errors, ...againErrors]).toEqual([]);
});

test('"Details for" is kept through new runs while its method runs, and is dropped with it', async ({
  page,
}) => {
  const errors = watch(page);
  const details = () => new URL(page.url()).searchParams.get('details');
  await page.goto('./?scenario=spring&methods=euler,symplectic-euler,rk4&details=banana');
  await expect(page.locator('#split')).toHaveValue('euler');
  await expect(page.locator('#notices')).toContainText(
    "Ignored details=banana: the run has euler, symplectic-euler, rk4; showing euler's details.",
  );
  expect(details()).toBeNull();
  await page.selectOption('#split', 'rk4');
  await expect(page.locator('#chart-split .u-title')).toHaveText(
    'Kinetic and potential energy: Runge–Kutta 4',
  );
  expect(details()).toBe('rk4');
  await page.fill('#dt', '0.05');
  await page.press('#dt', 'Enter');
  await expect(page).toHaveURL(/dt=0\.05/);
  await expect(page.locator('#split')).toHaveValue('rk4');
  expect(details()).toBe('rk4');
  // Another scenario with the same methods keeps them.
  await page.selectOption('#scenario', 'damped-spring');
  await expect(page.locator('#chart-split .u-title')).toHaveText(
    'Kinetic and potential energy: Runge–Kutta 4',
  );
  expect(details()).toBe('rk4');
  await page.locator('input[name="method"][value="rk4"]').uncheck();
  await expect(page.locator('#split')).toHaveValue('euler');
  expect(details()).toBeNull();
  expect(errors).toEqual([]);
});

test('a bad URL falls back to defaults and names what it ignored', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,rk5&dt=0&until=soon&precision=f16&k=-5&zeta=1&coord=q');
  const notices = page.locator('#notices');
  for (const named of [
    "method 'rk5'",
    'dt=0',
    'until=soon',
    'precision=f16',
    'k=-5',
    'zeta=1',
    'coord=q: the run has x; showing x.',
  ]) {
    await expect(notices).toContainText(named);
  }
  await expect(page.locator('#dt')).toHaveValue('0.1');
  await expect(page.locator('#param-k')).toHaveValue('15');
  await expect(page.locator('#status')).toContainText('of 900');
  // A value the core refuses in combination is refused in the controls too, and nothing is lost.
  await page.goto('./?scenario=lunar-lander&burn_start=6&burn_end=3');
  await expect(notices).toContainText('burn_end = 3 is before burn_start = 6');
  await expect(page.locator('#param-burn_end')).toHaveValue('5');
  await page.fill('#param-m', '0');
  await page.press('#param-m', 'Enter');
  await expect(page.locator('#param-m-problem')).toContainText('m = 0 is out of range');
  await expect(page).not.toHaveURL(/m=0/);
  expect(errors).toEqual([]);
});

test('a diverging run is drawn up to its end and the page stays responsive', async ({ page }) => {
  const errors = watch(page);
  const query = 'scenario=spring&methods=euler,symplectic-euler&dt=0.5&until=500&precision=f32';
  await page.goto(`./?${query}`);
  await runToEnd(page);
  const expected = execFileSync(CLI, [...cliArgs(query), '--every', '1000'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(expected).toContain('symplectic-euler,1000,');
  const stderr = (() => {
    try {
      return execFileSync('sh', ['-c', `${CLI} ${cliArgs(query).join(' ')} 2>&1 >/dev/null`], {
        encoding: 'utf8',
      });
    } catch (e) {
      return String(e);
    }
  })();
  const at = /diverged at t = ([0-9.e+-]+)/.exec(stderr)?.[1];
  expect(at).toBeDefined();
  await expect(page.locator('#divergence')).toContainText(`Explicit Euler diverged at t = ${Number(at)} s`);
  await expect(page.locator('#numbers tr[data-method="euler"]')).toContainText('diverged');
  // Still responsive: a click is answered at once.
  const began = Date.now();
  await page.click('#reset');
  await expect(page.locator('#status')).toContainText('step 0 of 1000');
  expect(Date.now() - began).toBeLessThan(5_000);
  expect(errors).toEqual([]);
});

test("a method whose energy overflows long before its motion does is said to, at the CLI's time", async ({
  page,
}) => {
  const errors = watch(page);
  // Explicit Euler on the spring at dt = 0.1: its speed squared passes the largest double (its speed past
  // 1.34e154) at half the time its motion does.
  const query = 'scenario=spring&methods=euler,rk4,implicit-euler&dt=0.1&until=1100';
  await page.goto(`./?${query}`);
  await runToEnd(page);
  const rows = csvRows(
    execFileSync(CLI, cliArgs(query), {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    }),
  );
  const first = rows.find((r) => r.method === 'euler' && r.energy === 'inf');
  expect(first, 'the CLI prints an infinite energy').toBeDefined();
  expect(Number.isFinite(Number(first?.x)), 'while its motion is finite').toBe(true);
  const notes = page.locator('#divergence');
  await expect(notes).toContainText(
    `Explicit Euler's energy overflows at t = ${Number(first?.t)} s: it is made of squares of the motion`,
  );
  await expect(notes).toContainText('Explicit Euler diverged at t = ');
  // RK4's energy stays finite, and is not said to leave.
  await expect(notes).not.toContainText("Runge–Kutta 4's energy");
  // Implicit Euler's falls to 0, and first below the smallest ratio to its start a double holds: its line on
  // the relative (log) scale ends at its last row with a ratio, which the CLI's energies give.
  const implicit = rows.filter((r) => r.method === 'implicit-euler');
  const e0 = Number(implicit[0]?.energy);
  const lastRatio = implicit.filter((r) => Number(r.energy) / e0 > 0).pop();
  expect(Number(lastRatio?.t)).toBeGreaterThan(500);
  await expect(notes).toContainText(
    `Implicit Euler's energy falls too small beside its start for the computer's numbers (below about 1e-323 of it): on the energy chart's log scale its line ends at t = ${Number(lastRatio?.t)} s.`,
  );
  // A long run keeps every few steps' row: the note says by when, at the first row that shows it.
  await page.goto(`./?${query.replace('until=1100', 'until=20000')}`);
  await runToEnd(page);
  const by = /Explicit Euler's energy overflows by t = ([0-9.]+) s:/.exec((await notes.textContent()) ?? '');
  expect(by, 'said by when').not.toBeNull();
  expect(Number(by?.[1])).toBeGreaterThanOrEqual(Number(first?.t));
  expect(Number(by?.[1])).toBeLessThan(Number(first?.t) + 1);
  expect(errors).toEqual([]);
});

test('space plays and pauses, the right arrow steps', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./?scenario=orbit');
  // With reduced motion the lab waits to be asked.
  await expect(page.locator('#status')).toContainText('step 0 of 630 · paused');
  await page.locator('body').press('ArrowRight');
  await expect(page.locator('#status')).toContainText('step 1 of 630');
  await page.locator('body').press(' ');
  await expect(page.locator('#play')).toHaveText('Pause');
  await page.locator('body').press(' ');
  await expect(page.locator('#play')).toHaveText('Play');
});

test('screenshots at desktop and phone widths, with no sideways scrolling on the phone', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=damped-spring&methods=euler,symplectic-euler,rk4');
  await runToEnd(page);
  await page.screenshot({ path: `${SHOTS}/desktop-damped-spring.png`, fullPage: true });
  await page.goto('./?scenario=orbit&methods=euler,implicit-euler,symplectic-euler');
  await runToEnd(page);
  await page.screenshot({ path: `${SHOTS}/desktop-orbit.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('./?scenario=spring');
  await runToEnd(page);
  await page.screenshot({ path: `${SHOTS}/phone-spring.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  expect(png.suggestedFilename()).toBe('integrator-lab-spring.png');
  expect(errors).toEqual([]);
});

test("Fiedler's tables, laid out as he prints them", async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=constant-force&methods=euler,kinematic&dt=1&until=10&precision=f32');
  await runToEnd(page);
  await page.selectOption('#split', 'euler');
  await allDigits(page);
  const rows = async () =>
    (await page.locator('#steps tbody tr').all()).map(async (r) =>
      (await r.locator('td').allTextContents()).map(Number),
    );
  let table = await Promise.all(await rows());
  expect(table.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(table.map((r) => r[1])).toEqual([0, 0, 10, 30, 60, 100, 150, 210, 280, 360, 450]);
  expect(table.map((r) => r[2])).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);

  await page.goto('./?scenario=constant-force&methods=euler&dt=0.01&until=10&precision=f32');
  await runToEnd(page);
  await allDigits(page);
  table = await Promise.all(await rows());
  // His rows t = 9.90 … 10.00, to the float.
  const his = [
    [489.552155, 98.999062],
    [490.542145, 99.09906],
    [491.533142, 99.199059],
    [492.525146, 99.299057],
    [493.518127, 99.399055],
    [494.512115, 99.499054],
    [495.507111, 99.599052],
    [496.503113, 99.699051],
    [497.500092, 99.799049],
    [498.498077, 99.899048],
    [499.49707, 99.999046],
  ];
  expect(table).toHaveLength(11);
  table.forEach((row, i) => {
    expect(Math.fround(row[1]!), `x at row ${i}`).toBe(Math.fround(his[i]![0]!));
    expect(Math.fround(row[2]!), `v at row ${i}`).toBe(Math.fround(his[i]![1]!));
  });
  expect(errors).toEqual([]);
});

test('the last tick of a long run’s time axis is whole: 100000, not cut to 10000 at the chart’s edge', async ({
  page,
}) => {
  await page.goto('./?scenario=spring&methods=rk4&until=100000');
  await runToEnd(page);
  const chart = page.locator('#chart-position');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.u-title')).toBeVisible();
  // The canvas holds the plot and its axes' numbers (titles and legends are the page's): right of the plot
  // there is only the last tick's label, which must end before the canvas does.
  const edge = await chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { width, height } = canvas;
      const data = canvas.getContext('2d')?.getImageData(width - 3, 0, 3, height).data ?? [];
      let dark = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 160 && data[i + 3]! > 200) dark++;
      return dark;
    });
  expect(edge).toBe(0);
});

test('a long run exports every N-th step, as the CLI prints it with --every N', async ({ page }) => {
  const errors = watch(page);
  const query = 'scenario=spring&methods=symplectic-euler,rk4&dt=0.001&until=100&precision=f64';
  await page.goto(`./?${query}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  await expect(page.locator('#notices')).toContainText('every 5th step');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toBe(cli([...cliArgs(query), '--every', '5']).stdout);
  expect(errors).toEqual([]);
});

test("each method's order beside its toggle is what integrator-lab list --scenario states there", async ({
  page,
}) => {
  const errors = watch(page);
  for (const [query, args] of [
    ['?scenario=two-springs', ['--scenario', 'two-springs']],
    ['?scenario=lunar-lander&dt=0.7', ['--scenario', 'lunar-lander', '--dt', '0.7']],
    ['?scenario=drag', ['--scenario', 'drag']],
  ] as const) {
    await page.goto(`./${query}`);
    await expect(page.locator('#status')).not.toBeEmpty();
    const listed = execFileSync(CLI, ['list', ...args], { encoding: 'utf8' });
    for (const line of listed.split('\n').filter((l) => /^[a-z-]+,(order \d|exact),/.test(l))) {
      const [method, order] = line.split(',') as [string, string];
      await expect(page.locator(`small.facts[data-method="${method}"]`), `${query} ${method}`).toHaveText(
        new RegExp(`^${order}, `),
      );
    }
  }
  expect(errors).toEqual([]);
});

test('the notes under the status line are true on every path: step, run to the end, reset', async ({
  page,
}) => {
  const errors = watch(page);
  const notes = () => page.locator('#divergence li').allTextContents();
  // Fiedler's push: explicit Euler's energy grows steadily and the exact methods sit at round-off; the true
  // total is zero throughout. Nothing runs off the scale.
  await page.goto('./?scenario=constant-force&methods=euler,kinematic,rk4,velocity-verlet');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#play');
  await page.click('#step');
  await page.click('#step');
  await expect(page.locator('#status')).toContainText('paused');
  expect(await notes()).toEqual([]);
  await runToEnd(page);
  expect(await notes()).toEqual([]);
  // The spring at dt = 0.6 s (ω·dt = 2.3): explicit and symplectic Euler blow up; RK4 (limit 2.83) does not.
  for (const path of ['run', 'reset and run']) {
    if (path === 'run') await page.goto('./?scenario=spring&methods=euler,symplectic-euler,rk4&dt=0.6');
    else await page.click('#reset');
    await expect(page.locator('#status')).not.toBeEmpty();
    await runToEnd(page);
    const text = (await notes()).join('\n');
    expect(text, path).toContain("Explicit Euler and Symplectic Euler run off the x(t) chart's scale");
    expect(text, path).not.toContain('Runge–Kutta 4');
  }
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the status line keeps its lines as its digits change: what is below it does not move', async ({
    page,
  }) => {
    const errors = watch(page);
    // The status line's height and the charts' top, in every frame in which the line says a step.
    const frames = await everyFrame(page, () => {
      const status = document.getElementById('status');
      const below = document.querySelector('.views .charts');
      if (!status || !below || !/step/.test(status.textContent ?? '')) return undefined;
      return `${status.getBoundingClientRect().height} ${below.getBoundingClientRect().top}`;
    });
    // At 60 Hz the time has from one to six digits ("t = 4.9 s", "t = 4.91667 s"): the line's words once
    // wrapped anew with them on a phone, 30 to 100 times in a run.
    await page.goto('./?scenario=spring&dt=1/60');
    const step = async () =>
      Number(/step (\d+) of/.exec((await page.locator('#status').textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(step, { timeout: 15_000 }).toBeGreaterThan(150);
    const seen = await frames();
    expect(seen.length).toBeGreaterThan(20);
    expect([...new Set(seen)]).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("the status line's numbers keep their room before them: 't = 2.4 s of 90 s' has no gap", async ({
    page,
  }) => {
    const errors = watch(page);
    await page.goto('./?scenario=spring&dt=1/60');
    await expect(page.locator('#status')).toContainText('step');
    // The pixels between the end of each number and the start of the words after it, and the room its box
    // keeps for more digits (at 60 Hz the time has up to nine characters, "0.0166667"): that room once sat
    // between "2.4" and "s".
    const gaps = await page.evaluate(() => {
      const box = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect();
      };
      return Array.from(document.querySelectorAll<HTMLElement>('#status .count')).map((count) => {
        const words = count.nextElementSibling as HTMLElement;
        return {
          text: `${count.textContent}${words.textContent}`,
          gap: box(words).left - box(count).right,
          room: count.getBoundingClientRect().width - box(count).width,
        };
      });
    });
    expect(gaps.map((g) => g.text)).toEqual([
      expect.stringMatching(/^[\d.]+ s of 90 s$/),
      expect.stringMatching(/^\d+ of 5400$/),
    ]);
    for (const { text, gap } of gaps) expect(Math.abs(gap), text).toBeLessThan(1);
    // The time's box does keep room (it holds "0.0166667" when the run shows it), before its number.
    expect(gaps[0]!.room).toBeGreaterThan(0);
    // On a phone the line wraps: each "·" stays on the line of the words after it, none is left at a line's
    // end ("… of 5400 ·", then "playing" alone).
    const dots = await page.evaluate(() => {
      const status = document.getElementById('status')!;
      const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
      const out: { dot: number; next: number }[] = [];
      const top = (node: Node, at: number) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect().top;
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const at = text.indexOf('·');
        if (at < 0) continue;
        const next = text.slice(at + 1).search(/\S/);
        // The words after a "·" are in this text node or, for the one between the groups, the next one.
        if (next >= 0) out.push({ dot: top(node, at), next: top(node, at + 1 + next) });
        else {
          const group = node.nextSibling?.firstChild;
          if (group) out.push({ dot: top(node, at), next: top(group, 0) });
        }
      }
      // The line's lines: the distinct tops of its text's boxes.
      const whole = document.createRange();
      whole.selectNodeContents(status);
      const lines = new Set(Array.from(whole.getClientRects(), (r) => Math.round(r.top))).size;
      return { out, lines };
    });
    expect(dots.lines).toBeGreaterThan(1);
    expect(dots.out).toHaveLength(2);
    for (const { dot, next } of dots.out) expect(Math.abs(dot - next)).toBeLessThan(2);
    expect(errors).toEqual([]);
  });

  test("the experiment's card and the scene come first, the form after; a long card folds", async ({
    page,
  }) => {
    const errors = watch(page);
    await page.goto(
      './?scenario=orbit&methods=euler,implicit-euler,symplectic-euler&dt=0.1&until=63&precision=f64',
    );
    await expect(page.locator('#current-experiment article')).toBeVisible();
    const top = async (selector: string) => (await page.locator(selector).boundingBox())?.y ?? Number.NaN;
    expect(await top('#current-experiment')).toBeLessThan(await top('#scene'));
    expect(await top('#scene')).toBeLessThan(844);
    expect(await top('#scene')).toBeLessThan(await top('#setup'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The longest card, on its own page and by its address: what to look at, the claim and the measurement
    // are folded, so that the scene is in sight; the fold opens by its summary.
    for (const address of [
      './x/double-pendulum-horizon.html',
      './?scenario=double-pendulum&methods=rk4,forest-ruth&dt=0.001&until=40&precision=f64&nudge=1e-9&coord=theta1',
    ]) {
      await page.goto(address);
      const card = page.locator('#current-experiment article');
      await expect(card.locator('h3')).toContainText('how far ahead can anything see');
      const fold = card.locator('details.experiment-more');
      await expect(fold).not.toHaveAttribute('open');
      expect(await top('#scene'), address).toBeLessThan(844 - 150);
      await fold.locator('summary').click();
      await expect(fold.locator('.measured')).toBeVisible();
      await expect(fold.locator('blockquote')).toContainText('chaotic');
    }
    // Folded, then widened past a phone's width (where the fold's summary is not shown): it opens.
    await page.reload();
    const fold = page.locator('#current-experiment details.experiment-more');
    await expect(fold).not.toHaveAttribute('open');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(fold.locator('.measured')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    // Nor does a run against a reference, whose error chart names a long legend entry, scroll sideways.
    await page.goto('./?scenario=double-pendulum');
    await expect(page.locator('#chart-error .u-legend')).toContainText('unknown below');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});

test('pausing says so at once, by key or by button', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=pendulum');
  await expect(page.locator('#status')).toContainText('playing');
  await expect(page.locator('#play')).toHaveText('Pause');
  const pauseWidth = (await page.locator('#play').boundingBox())?.width;
  await page.keyboard.press('Space');
  await expect(page.locator('#status')).toContainText('paused');
  await expect(page.locator('#play')).toHaveText('Play');
  // The button keeps its width as its word changes: Step and Reset beside it do not move under the pointer.
  expect((await page.locator('#play').boundingBox())?.width).toBe(pauseWidth);
  await page.click('#play');
  await expect(page.locator('#status')).toContainText('playing');
  await page.click('#play');
  await expect(page.locator('#status')).toContainText('paused');
  expect(errors).toEqual([]);
});

test('a run to the end steps between frames too, in tasks of its own; a run playing at its speed does not', async ({
  page,
}) => {
  const errors = watch(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const between = () => page.evaluate(() => performance.getEntriesByName('lab:between').length);
  // Playing at the run's speed: each frame takes the steps its time is due, and nothing steps between.
  await page.goto('./?scenario=spring&methods=euler,rk4&dt=0.1&until=20000');
  await expect(page.locator('#status')).toContainText('step 0 of 200000 · paused');
  await page.click('#play');
  await expect
    .poll(async () => Number(/step (\d+)/.exec((await page.locator('#status').textContent()) ?? '')?.[1]))
    .toBeGreaterThan(30);
  expect(await between()).toBe(0);
  // Run to the end: the frames step, and so do tasks between them, to the last step.
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('step 200000 of 200000 · finished', {
    timeout: 45_000,
  });
  expect(await between()).toBeGreaterThan(0);
  await expect(page.locator('#play')).toHaveText('Play');
  // Finished, it takes no more: no task between frames is left running.
  const after = await between();
  await page.waitForTimeout(300);
  expect(await between()).toBe(after);
  expect(errors).toEqual([]);
});

test('a setting changed during a run to the end makes a new run, which runs to its end too', async ({
  page,
}) => {
  const errors = watch(page);
  // A run long enough to be still running when the change is made: a million steps (200,000 can finish in
  // well under a second, before it).
  await page.goto('./?scenario=spring&methods=euler,rk4&dt=0.1&until=100000');
  await expect(page.locator('#status')).toContainText('step');
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('running to the end');
  // As a reader changes dt on the way: the new run starts from t = 0 and goes on to its end, the button
  // still reading Pause, as a change while playing goes on playing.
  await page.fill('#dt', '0.05');
  await page.press('#dt', 'Enter');
  await expect(page).toHaveURL(/dt=0\.05/);
  await expect(page.locator('#play')).toHaveText('Pause');
  await expect(page.locator('#status')).toContainText('of 100000 s');
  await expect(page.locator('#status')).not.toContainText('paused');
  await expect(page.locator('#status')).toContainText('step 2000000 of 2000000 · finished', {
    timeout: 45_000,
  });
  await expect(page.locator('#play')).toHaveText('Play');
  expect(errors).toEqual([]);
});

test('each chosen method says how it steps and why, in words on the page, tied to this run', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,symplectic-euler,rk4&dt=0.1');
  await expect(page.locator('#how-run')).toContainText('ω·dt = 0.387');
  const items = page.locator('#how-list li');
  await expect(items).toHaveCount(3);
  // Explicit Euler: its rule, its order here, why it gains energy, and the growth at this run: √(1 + h²).
  const euler = items.nth(0);
  await expect(euler).toContainText('x += v dt');
  await expect(euler).toContainText('order 1 here');
  await expect(euler).toContainText('√(1 + h²)');
  const h = Math.sqrt(15) * 0.1;
  await expect(euler).toContainText(`multiplied by ${Math.sqrt(1 + h * h).toFixed(6)} a step: it grows`);
  await expect(items.nth(1)).toContainText('stable while ω·dt < 2.0000');
  // The stability panel opens at this run's ω·dt.
  await page.locator('#stability-panel summary').click();
  await expect(page.locator('#this-run')).toContainText('This run: ω·dt = 0.387');
  await expect(page.locator('#omega-dt-value')).toHaveText('0.39');
  expect(errors).toEqual([]);
});

test('dt moves in round steps on the slider, and a typed fraction stays a fraction in the URL', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&dt=0.1');
  await expect(page.locator('#status')).not.toBeEmpty();
  const slider = page.locator('#dt-slider');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#dt')).toHaveValue('0.2');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('dt=0.2&');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#dt')).toHaveValue('0.05');
  await page.fill('#dt', '1/30');
  await page.press('#dt', 'Enter');
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('dt=1/30&');
  await expect(page.locator('#dt')).toHaveValue('1/30');
  await expect(page.locator('#status')).toContainText('of 90 s');
  expect(errors).toEqual([]);
});

test('the PNG export is a picture a teacher can use: caption, legends, the run’s span', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=pendulum&methods=euler,symplectic-euler,rk4&until=20');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#reset');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  const png = readFileSync((await download.path())!);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  // Twice the page's resolution on a screen of one canvas pixel a CSS pixel: the widest figure at 2×.
  const widest = await page.evaluate(() => {
    const charts = Array.from(document.querySelectorAll<HTMLCanvasElement>('[id^="chart-"] canvas'));
    return Math.max(900, document.querySelector('#scene')!.clientWidth, ...charts.map((c) => c.width));
  });
  expect(await page.evaluate(() => window.devicePixelRatio)).toBe(1);
  expect(width).toBe(2 * widest);
  expect(height).toBeGreaterThan(2 * 6 * 220);
  await page.click('#copy-link');
  await expect(page.locator('#copy-note')).toContainText(/Link copied|Copy this link: http/);
  expect(errors).toEqual([]);
});

test('a phase portrait of 144,000 steps round one ellipse draws the ellipse, not chords across it', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=symplectic-euler,rk4&dt=1/120&until=1200');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  await page.locator('#chart-phase').scrollIntoViewIfNeeded();
  // The chart is drawn (a chart comes into sight and is drawn a frame or two later): an empty one would pass.
  // (A portrait of this many segments is a hairline, one device pixel wide: see paths.ts.)
  await expect.poll(() => inked(page, 'phase', 'rk4')).toBeGreaterThan(100);
  // Inside the ellipse (a third of the way from its centre to its edge, off the grid lines) the plot is
  // empty: every line there would be a chord, drawn by joining points a period apart.
  const inside = await insidePortrait(page);
  expect(inside).toEqual([0, 0, 0, 0]);
  expect(errors).toEqual([]);
});

test('rows a few steps apart and far from each other are dots on the portrait, not chords across it', async ({
  page,
}) => {
  const errors = watch(page);
  // 800,000 steps of three methods that keep their energy: the lab keeps every sixth step, 2.3 rad apart on
  // the spring (ω·dt = 0.39). Joined, each pair would be a chord across the ellipse, and thousands of them
  // fill it.
  await page.goto('./?scenario=spring&methods=symplectic-euler,velocity-verlet,leapfrog&dt=0.1&until=80000');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 60_000 });
  await page.locator('#chart-phase').scrollIntoViewIfNeeded();
  await expect.poll(() => inked(page, 'phase', 'symplectic-euler')).toBeGreaterThan(100);
  expect(await insidePortrait(page)).toEqual([0, 0, 0, 0]);
  expect(errors).toEqual([]);
});

test('a method ticked mid-run joins at the same time, with the numbers it would have had', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=symplectic-euler,rk4&dt=0.1&until=90');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#reset');
  for (let i = 0; i < 25; i++) await page.click('#step');
  await expect(page.locator('#status')).toContainText('step 25 of 900');
  await page.locator('input[name="method"][value="euler"]').check();
  await expect(page.locator('#status')).toContainText('step 25 of 900');
  await expect(page).toHaveURL(/methods=euler,symplectic-euler,rk4/);
  // Its row is the CLI's at step 25, digit for digit.
  const csv = execFileSync(
    CLI,
    ['run', '--scenario', 'spring', '--method', 'euler', '--dt', '0.1', '--until', '2.5'],
    {
      encoding: 'utf8',
    },
  );
  const last = csv.trim().split('\n').at(-1)!.split(',');
  const header = csv.split('\n')[0]!.split(',');
  await allDigits(page);
  const cells = await page.locator('#numbers tr[data-method="euler"] td').allTextContents();
  expect(cells[0]).toBe('25');
  expect(cells[2]).toBe(last[header.indexOf('x')]);
  // Unticked, it leaves and the run goes on.
  await page.locator('input[name="method"][value="euler"]').uncheck();
  await expect(page.locator('#numbers tr[data-method="euler"]')).toHaveCount(0);
  await expect(page.locator('#status')).toContainText('step 25 of 900');
  expect(errors).toEqual([]);
});

test('the page follows the system’s theme from its first painted frame: a dark system’s is never painted light', async ({
  browser,
}) => {
  // Each frame's background, from the first the browser draws until the first frame of the run. Before the
  // style sheet followed the system on its own (until the page's code says the theme), a dark system's page
  // was painted light for its first 100–300 ms, then turned dark. (A theme in the URL is the page's first
  // module's to show: a frame before that module runs may be in the system's.)
  const frames = async (colorScheme: 'dark' | 'light', query: string) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __backgrounds: string[] };
      w.__backgrounds = [];
      const look = () => {
        if (performance.getEntriesByName('lab:first-frame').length > 0) return;
        w.__backgrounds.push(getComputedStyle(document.documentElement).backgroundColor);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(query);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    const seen = await page.evaluate(() => (window as unknown as { __backgrounds: string[] }).__backgrounds);
    await context.close();
    return seen;
  };
  expect([...new Set(await frames('dark', './'))]).toEqual(['rgb(21, 24, 29)']);
  expect([...new Set(await frames('light', './'))]).toEqual(['rgb(255, 255, 255)']);
});

test('the Theme menu switches the page to dark and back, in the URL, the swatches and the charts', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,rk4');
  await expect(page.locator('#status')).not.toBeEmpty();
  const swatchColour = () =>
    page.locator('#methods svg.swatch[data-method="euler"] line').getAttribute('stroke');
  const light = await swatchColour();
  await page.selectOption('#theme', 'dark');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page).toHaveURL(/theme=dark/);
  expect(await swatchColour()).not.toBe(light);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(21, 24, 29)');
  await page.reload();
  await expect(page.locator('#status')).not.toBeEmpty();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page.locator('#theme')).toHaveValue('dark');
  await page.selectOption('#theme', 'auto');
  await expect(page).not.toHaveURL(/theme=/);
  expect(await swatchColour()).toBe(light);
  expect(errors).toEqual([]);
});

test('→ steps even with a transport button focused; Space on a focused button presses that button', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler&dt=1/60&until=10');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#reset');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#status')).toContainText('step 2 of 600');
  // The status line reads time to six significant figures (the CSV keeps twelve).
  await expect(page.locator('#status')).toContainText('t = 0.0333333 s of 10 s');
  await page.keyboard.press('Space');
  await expect(page.locator('#status')).toContainText('step 0 of 600');
  await expect(page).toHaveURL(/dt=1\/60/);
  expect(errors).toEqual([]);
});

test('a run ends after whole steps, and the status line and the until field say where: 29 steps of 0.7 s end at 20.3 s, not 20', async ({
  page,
}) => {
  const errors = watch(page);
  const end = page.locator('#until-end');
  // The article's 0.1 s divides 90 s: nothing to say.
  await page.goto('./?scenario=spring&methods=rk4');
  await expect(page.locator('#status')).toContainText('of 90 s');
  await expect(end).toBeHidden();
  await page.goto('./?scenario=pendulum&methods=rk4&dt=0.7&until=20');
  await expect(page.locator('#status')).toContainText('of 20.3 s');
  await expect(end).toHaveText(
    '20 s is not a whole number of steps of 0.7 s: the run takes the nearest, 29 steps, and ends at t = 20.3 s.',
  );
  await expect(page.locator('#until')).toHaveAccessibleDescription(/and ends at t\s=\s20\.3\ss/);
  // 20 s is 33⅓ steps of 0.6 s: the nearest whole number, 33, ends before until.
  await page.fill('#dt', '0.6');
  await page.press('#dt', 'Enter');
  await expect(end).toHaveText(
    '20 s is not a whole number of steps of 0.6 s: the run takes the nearest, 33 steps, and ends at t = 19.8 s.',
  );
  await expect(page.locator('#status')).toContainText('of 19.8 s');
  await page.fill('#dt', '0.5');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#status')).toContainText('of 20 s');
  await expect(end).toBeHidden();
  await page.fill('#dt', '0.7');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#status')).toContainText('of 20.3 s');
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('t = 20.3 s of 20.3 s');
  await expect(page.locator('#status')).toContainText('step 29 of 29');
  // 601 steps of 1/60 s end at 10.01666… s: the end is written as the time is, to six figures.
  await page.goto('./?scenario=spring&methods=rk4&dt=1/60&until=10.01');
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('t = 10.0167 s of 10.0167 s');
  expect(errors).toEqual([]);
});

test('a dt longer than the run, or too many steps, is refused beside the field and the run goes on', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler&dt=0.1&until=90');
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.fill('#dt', '1000');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#dt-problem')).toHaveText(
    'dt = 1000 s is longer than the run (until = 90 s); keeping 0.1',
  );
  await expect(page.locator('#dt')).toHaveAttribute('aria-invalid', 'true');
  await page.fill('#dt', '1e-7');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#dt-problem')).toContainText(
    'until/dt asks for 900,000,000 steps; the limit is 100,000,000: raise dt or lower until; keeping 0.1',
  );
  await expect(page.locator('#notices p.error')).toHaveCount(0);
  await page.fill('#dt', '0.05');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#dt-problem')).toHaveText('');
  await expect(page.locator('#status')).toContainText('of 1800');
  // An until shorter than a step is said of until, the value typed.
  await page.fill('#until', '0');
  await page.press('#until', 'Enter');
  await expect(page.locator('#until-problem')).toHaveText(
    'until = 0 s is shorter than one step (dt = 0.05 s); keeping 90',
  );
  await expect(page.locator('#status')).toContainText('of 1800');
  expect(errors).toEqual([]);
});

test('the Experiments link, clicked while the page still fills in, ends at the experiments', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./');
  // At once: the tables and the studies are still to come, and the page is shorter than it will be.
  await page.getByRole('link', { name: 'Experiments', exact: true }).click();
  await expect
    .poll(
      () => page.evaluate(() => document.getElementById('experiments-title')?.getBoundingClientRect().top),
      {
        timeout: 10_000,
      },
    )
    .toBeLessThan(5);
  await expect(page.locator('#experiments-title')).toBeInViewport();
  // Once the reader scrolls, the page is theirs: it stays where they scroll to.
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(500);
  const after = await page.evaluate(
    () => document.getElementById('experiments-title')?.getBoundingClientRect().top,
  );
  expect(after).toBeGreaterThan(300);
  expect(errors).toEqual([]);
});

test('the last method ticked stays on, and the line under the toggles says why', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=pendulum&methods=rk4');
  await expect(page.locator('#status')).not.toBeEmpty();
  const rk4 = page.locator('#methods input[value="rk4"]');
  await rk4.click();
  await expect(rk4).toBeChecked();
  await expect(page.locator('#methods-problem')).toHaveText(
    'At least one method must stay on: tick another before unticking Runge–Kutta 4.',
  );
  await expect(page.locator('#methods-problem')).toBeInViewport();
  await page.locator('#methods input[value="euler"]').click();
  await expect(page.locator('#methods-problem')).toHaveText('');
  await rk4.click();
  await expect(rk4).not.toBeChecked();
  await expect(page).toHaveURL(/methods=euler(&|$)/);
  expect(errors).toEqual([]);
});

test('each symplectic method has its shadow energy on the energy chart, dotted, where the core knows it', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=symplectic-euler,velocity-verlet,rk4&dt=0.2&until=20');
  await runToEnd(page);
  const legend = page.locator('#chart-energy .u-legend');
  await expect(legend).toContainText('Symplectic Euler shadow');
  await expect(legend).toContainText('Velocity Verlet shadow');
  await expect(legend).not.toContainText('Runge–Kutta 4 shadow');
  // On the pendulum the core gives the modified energy's first terms, marked with the power of dt to which
  // each method keeps them; none for Forest–Ruth, whose first term it does not give.
  await page.goto('./?scenario=pendulum&methods=symplectic-euler,velocity-verlet,forest-ruth');
  await expect(page.locator('#status')).toContainText('step');
  await expect(legend).toContainText('Symplectic Euler shadow (to dt²)');
  await expect(legend).toContainText('Velocity Verlet shadow (to dt⁴)');
  await expect(legend).not.toContainText('Forest–Ruth shadow');
  // None where it is not known: a damped spring keeps no energy, shadow or not.
  await page.goto('./?scenario=damped-spring&methods=symplectic-euler,velocity-verlet');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#chart-energy .u-legend')).not.toContainText('shadow');
  expect(errors).toEqual([]);
});

test('an edit still held by a field the page replaces does not run on a freed run', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring-chain&n=20&methods=symplectic-euler,rk4');
  await expect(page.locator('#status')).toContainText('step');
  // The field keeps its edit while the change makes a new run, which replaces the field: the edit ends as
  // the field goes, and its late change must not reach the run that replaced it.
  const n = page.locator('#params input[name="n"]');
  await n.fill('12');
  await n.dispatchEvent('change');
  await expect(page.locator('#coord option')).toHaveCount(12);
  await page.click('#step');
  expect(new URL(page.url()).searchParams.get('n')).toBe('12');
  expect(errors).toEqual([]);
});

test('a new run reshapes the charts it has: new titles, labels, series and colours in the same charts', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,symplectic-euler,rk4');
  await expect(page.locator('#status')).toContainText('step');
  const labels = (chart: string) =>
    page.locator(`#chart-${chart} .u-legend .u-series .u-label`).allTextContents();
  // A chart is made when first drawn, or when the page is next idle: the five of a point mass are made at
  // once or soon after, the twins' separation chart and a spinning body's three not while they are hidden.
  // Each made is tagged: one made afresh would have lost its tag.
  const made = page.locator('.chart .uplot');
  await expect(made).toHaveCount(5);
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.chart .uplot').forEach((plot) => {
      plot.dataset.kept = 'yes';
    });
  });
  const kept = page.locator('.chart .uplot[data-kept="yes"]');
  await expect(kept).toHaveCount(5);
  // The shadow comes with the core's studies tier, a second after the first frame.
  await expect
    .poll(() => labels('energy'), { timeout: 20_000 })
    .toEqual(['Explicit Euler', 'Symplectic Euler', 'Runge–Kutta 4', 'exact', 'Symplectic Euler shadow']);

  // Another scenario, then a method fewer: its titles and series, the pendulum's shadow to dt².
  await page.selectOption('#scenario', 'pendulum');
  await expect(page.locator('#chart-position .u-title')).toHaveText('theta(t)');
  await page.locator('input[name="method"][value="euler"]').uncheck();
  // (Against a reference run, the band it is known within: one entry, its lower edge unlisted.)
  await expect
    .poll(() => labels('position'))
    .toEqual([
      'Symplectic Euler',
      'Runge–Kutta 4',
      'reference',
      'reference ± its uncertainty',
      'reference ± its uncertainty (lower)',
    ]);
  expect(await labels('energy')).toEqual([
    'Symplectic Euler',
    'Runge–Kutta 4',
    'reference',
    'Symplectic Euler shadow (to dt²)',
  ]);
  await expect(kept).toHaveCount(5);
  await expect(made).toHaveCount(5);

  // Each legend swatch is its series' look, and a change of theme recolours them with the page's.
  const inLegend = () =>
    legendEntry(page, 'position', 'Symplectic Euler').locator('svg.swatch line').getAttribute('stroke');
  const inMethods = () =>
    page.locator('#methods svg.swatch[data-method="symplectic-euler"] line').getAttribute('stroke');
  const light = await inLegend();
  expect(light).toBe(await inMethods());
  await page.selectOption('#theme', 'dark');
  await expect.poll(inLegend).not.toBe(light);
  expect(await inLegend()).toBe(await inMethods());
  await expect(kept).toHaveCount(5);
  // A spinning body's charts are made when it is chosen, and the others kept.
  await page.selectOption('#scenario', 'spinning-top');
  await expect(page.locator('#chart-omega .uplot')).toHaveCount(1);
  await expect(kept).toHaveCount(5);
  expect(errors).toEqual([]);
});

/** A method's colour in a chart's canvas: how many pixels have it, and how many rows they span (the height
 * its line takes). */
async function ink(page: Page, chart: string, method: string): Promise<{ pixels: number; rows: number }> {
  const stroke = await page
    .locator(`#methods svg.swatch[data-method="${method}"] line`)
    .getAttribute('stroke');
  return page.locator(`#chart-${chart} canvas`).evaluate((canvas: HTMLCanvasElement, hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(String(hex).slice(i, i + 2), 16));
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let pixels = 0;
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - r!) < 8 && Math.abs(data[i + 1]! - g!) < 8 && Math.abs(data[i + 2]! - b!) < 8) {
        pixels++;
        const row = Math.floor(i / 4 / canvas.width);
        top = Math.min(top, row);
        bottom = Math.max(bottom, row);
      }
    }
    return { pixels, rows: pixels > 0 ? bottom - top + 1 : 0 };
  }, stroke);
}

/** Pixels of a method's colour in a chart's canvas: its line is drawn. */
async function inked(page: Page, chart: string, method: string): Promise<number> {
  return (await ink(page, chart, method)).pixels;
}

/** How many rows of a chart's canvas a method's colour spans. */
async function rowsSpanned(page: Page, chart: string, method: string): Promise<number> {
  return (await ink(page, chart, method)).rows;
}

test('a legend entry is a button: from the keyboard it hides and shows its line, and says which', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler,symplectic-euler,rk4&until=5');
  await runToEnd(page);
  const entry = legendEntry(page, 'position', 'Explicit Euler');
  const toggle = entry.getByRole('button', { name: 'Explicit Euler', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await inked(page, 'position', 'euler')).toBeGreaterThan(50);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(entry).toHaveClass(/u-off/);
  await expect.poll(() => inked(page, 'position', 'euler')).toBe(0);
  // Space on a focused button presses it (it does not play or pause the run).
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => inked(page, 'position', 'euler')).toBeGreaterThan(50);
  await expect(page.locator('#status')).toContainText('finished');
  // A new run's entries are buttons too: the two methods left and the exact solution.
  await page.locator('input[name="method"][value="rk4"]').uncheck();
  await expect(page.locator('#chart-position .u-legend button[aria-pressed="true"]')).toHaveCount(3);
  expect(errors).toEqual([]);
});

test("hiding a line gives the chart's height to the lines shown: velocity Verlet's narrow energy band opens up", async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=symplectic-euler,velocity-verlet&until=20');
  await runToEnd(page);
  // At dt = 0.1 symplectic Euler's energy band is about five times velocity Verlet's: it sets the range.
  const narrow = await rowsSpanned(page, 'energy', 'velocity-verlet');
  expect(narrow).toBeGreaterThan(3);
  const wide = legendEntry(page, 'energy', 'Symplectic Euler').getByRole('button');
  await wide.click();
  await expect.poll(() => rowsSpanned(page, 'energy', 'velocity-verlet')).toBeGreaterThan(2.5 * narrow);
  await wide.click();
  await expect.poll(() => rowsSpanned(page, 'energy', 'velocity-verlet')).toBeLessThan(1.5 * narrow);
  expect(errors).toEqual([]);
});

test('the energy chart draws every line after a run to the end, where working out shadow energies grows memory', async ({
  page,
}) => {
  const errors = watch(page);
  // Long runs to the end: working out the shadow energies' new rows in the last frame grows wasm memory,
  // which once emptied the chart's views of it, taken before (a blank chart, left so).
  for (const query of [
    'scenario=kepler&methods=symplectic-euler,leapfrog,verlet&until=200',
    'scenario=two-springs&methods=symplectic-euler,verlet',
  ]) {
    await page.goto(`./?${query}`);
    await page.click('#end');
    await expect(page.locator('#status')).toContainText('finished', { timeout: 45_000 });
    // A chart out of sight is drawn when it comes into sight.
    await page.locator('#chart-energy').scrollIntoViewIfNeeded();
    await expect
      .poll(() => inked(page, 'energy', 'verlet'), { message: `${query}: verlet on the energy chart` })
      .toBeGreaterThan(50);
  }
  // Run to the end again on the finished run: nothing moves, so any change draws every chart.
  await page.click('#end');
  await page.selectOption('#theme', 'dark');
  const drawn: [chart: string, method: string][] = [
    ['energy', 'verlet'],
    ['position', 'verlet'],
    ['phase', 'verlet'],
    ['split', 'symplectic-euler'],
  ];
  for (const [chart, method] of drawn) {
    expect(await inked(page, chart, method), `${chart}: ${method}'s pixels`).toBeGreaterThan(50);
  }
  expect(errors).toEqual([]);
});

/** The pixels inked near four points a third of the way from the phase portrait's centre to its edge (off
 * its grid lines), in 7 by 7 squares: none where every line round an ellipse about its centre keeps to it. */
function insidePortrait(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const chart = document.querySelector('#chart-phase')!;
    const over = chart.querySelector('.u-over')!.getBoundingClientRect();
    const canvas = chart.querySelector('canvas')!;
    const box = canvas.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    const [cx, cy] = [over.left + over.width / 2, over.top + over.height / 2];
    const ctx = canvas.getContext('2d')!;
    const painted: number[] = [];
    for (const [fx, fy] of [
      [0.3, 0.3],
      [-0.3, 0.3],
      [0.3, -0.3],
      [-0.3, -0.3],
    ] as const) {
      const x = Math.round((cx + (fx * over.width) / 2 - box.left) * ratio);
      const y = Math.round((cy + (fy * over.height) / 2 - box.top) * ratio);
      const pixels = ctx.getImageData(x - 3, y - 3, 7, 7).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 40) n++;
      painted.push(n);
    }
    return painted;
  });
}
