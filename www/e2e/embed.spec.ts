// Figures in a blog post: the sample post served from one origin (with its own policy), the lab from another
// (the preview server, with the site's policy (scripts/policy.ts) and Access-Control-Allow-Origin: * as headers).

import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../scripts/policy';
import { snippets } from '../src/embed/snippets';
import { DEFAULT_LOOK, figureHeight, parseLook } from '../src/ui/look';
import { axe, everyFrame, wasmRequests, watch } from './helpers';

const LAB = 'http://127.0.0.1:4173';
let host: Server;
let HOST = '';
/** The host's pages by path; a test may add one. */
let served: Record<string, string> = {};

/** The host's pages: the sample post as a blog would serve it, a sandboxed iframe, ten figures. */
function pages(): Record<string, string> {
  const post = readFileSync('www/dist/embed-demo.html', 'utf8')
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace('src="./embed.js"', `src="${LAB}/embed.js"`)
    .replaceAll('poster="./posters/', `poster="${LAB}/posters/`);
  const ten = Array.from(
    { length: 10 },
    (_, i) =>
      `<p style="height: 700px">Paragraph ${i + 1}.</p><integrator-lab scenario="spring" methods="euler,rk4" views="scene,x"></integrator-lab>`,
  ).join('\n');
  return {
    '/post.html': post,
    '/sandboxed.html': `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Sandboxed</title></head><body>
      <iframe id="sandboxed" sandbox="allow-scripts allow-popups" title="A sandboxed figure" style="width: 100%; height: 700px; border: 0"
        src="${LAB}/embed.html?scenario=orbit&amp;methods=euler,symplectic-euler&amp;views=scene,energy"></iframe></body></html>`,
    '/ten.html': `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Ten figures</title></head><body>
      <script type="module" src="${LAB}/embed.js"></script>${ten}</body></html>`,
  };
}

test.beforeAll(async () => {
  served = pages();
  host = createServer((req, res) => {
    const body = served[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    // The blog's own policy: its scripts, and frames and scripts from the lab's origin.
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'self'; script-src 'self' 'unsafe-inline' ${LAB}; frame-src ${LAB}; style-src 'self' 'unsafe-inline'; img-src 'self' data: ${LAB}`,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** A host page with one plain iframe of a figure, as a post pastes it: `attributes` are the iframe's own. */
function iframePage(path: string, query: string, attributes: string): string {
  served[path] = `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>A post</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" /><style>body { margin: 0 }</style></head>
    <body><iframe id="figure" title="A figure" style="border: 0; display: block" ${attributes}
      src="${LAB}/embed.html?${query.replaceAll('&', '&amp;')}"></iframe></body></html>`;
  return `${HOST}${path}`;
}

/** The frame of a host page's iframe. */
async function frameOf(page: Page, selector = '#figure'): Promise<Frame> {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`${selector} has no frame`);
  return frame;
}

/** Every policy violation in any frame is a console error. */
async function reportViolations(page: Page): Promise<void> {
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
}

/** Requests to any origin but the host's and the lab's. */
function foreignRequests(page: Page): string[] {
  const out: string[] = [];
  page.on('request', (r) => {
    const origin = new URL(r.url()).origin;
    if (origin !== HOST && origin !== LAB && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      out.push(r.url());
  });
  return out;
}

/** The frame of the n-th figure of the page, once loaded. */
async function figureFrame(page: Page, n: number): Promise<Frame> {
  const handle = await page.locator('integrator-lab').nth(n).locator('iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`figure ${n} has no frame`);
  return frame;
}

async function statusOf(frame: Frame): Promise<string> {
  return (await frame.locator('#status').textContent()) ?? '';
}

function timeOf(status: string): number {
  return Number(/t = ([\d.e+-]+) s/.exec(status)?.[1] ?? Number.NaN);
}

/** How many pixels of the frame's scene are painted. */
async function painted(frame: Frame): Promise<number> {
  return frame.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('#scene');
    const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
}

test('the sample post from another origin: every figure loads as it is reached and draws, with no error or violation', async ({
  page,
}) => {
  await reportViolations(page);
  const errors = watch(page);
  const foreign = foreignRequests(page);
  await page.goto(`${HOST}/post.html`);
  const figures = page.locator('integrator-lab');
  expect(await figures.count()).toBeGreaterThanOrEqual(4);
  // The last figure is far below: a still, no frame, until the reader gets near it.
  await expect(figures.last().locator('.still')).toBeVisible();
  await expect(figures.last().locator('iframe')).toHaveCount(0);
  // The still names the scenario and the methods as people read them, not by their ids.
  const still = figures.last().locator('.still p');
  await expect(still).toHaveText(/^Integrator Lab figure: [A-Z][^,]*, [A-Z]/);
  await expect(still).not.toHaveText(/\b(symplectic-euler|rk4|euler|spring|orbit)\b/);
  for (let n = 0; n < (await figures.count()); n++) {
    await figures.nth(n).scrollIntoViewIfNeeded();
    const frame = await figureFrame(page, n);
    await expect(frame.locator('#status')).toContainText(/step [1-9]/, { timeout: 15_000 });
    await expect.poll(() => painted(frame), { timeout: 10_000 }).toBeGreaterThan(1000);
  }
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('a figure off screen does not step; it starts when scrolled to, and stops when scrolled away', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto(`${HOST}/ten.html`);
  const figures = page.locator('integrator-lab');
  await figures.nth(0).scrollIntoViewIfNeeded();
  const first = await figureFrame(page, 0);
  await expect(first.locator('#status')).toContainText(/step [1-9]/);
  // The second figure's frame is loaded (within the margin below the viewport) but not seen: no steps. Its
  // top is put 100 px below the viewport, again until the frame is there: the first figure's frame sizes
  // itself to its content when it has loaded, which moves the second, later on a loaded machine.
  await expect(async () => {
    await figures
      .nth(1)
      .evaluate((f) => window.scrollBy(0, f.getBoundingClientRect().top - window.innerHeight - 100));
    await expect(figures.nth(1).locator('iframe')).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const second = await figureFrame(page, 1);
  await page.waitForTimeout(1500);
  expect(await second.locator('#status').textContent()).not.toMatch(/step [1-9]/);
  // Seen, it plays; the first, scrolled away, holds still.
  await figures.nth(1).scrollIntoViewIfNeeded();
  await expect(second.locator('#status')).toContainText(/step [1-9]/);
  const held = await statusOf(first);
  await page.waitForTimeout(1000);
  expect(await statusOf(first)).toBe(held);
  // Ten figures on the page, two loaded: the rest are stills.
  expect(await page.locator('integrator-lab iframe').count()).toBeLessThanOrEqual(3);
  expect(errors).toEqual([]);
});

test('synced figures show the same time: pause in one pauses both; one scrolled back catches up', async ({
  page,
}) => {
  const errors = watch(page);
  await page.setViewportSize({ width: 800, height: 2200 });
  await page.goto(`${HOST}/post.html`);
  const figures = page.locator('integrator-lab[sync="spring"]');
  await figures.nth(1).scrollIntoViewIfNeeded();
  const [euler, verlet] = [await figureFrame(page, 1), await figureFrame(page, 2)];
  await expect(verlet.locator('#status')).toContainText(/step [1-9]/);
  await euler.locator('#play').click();
  await expect(euler.locator('#status')).toContainText('paused');
  await expect(verlet.locator('#status')).toContainText('paused');
  const t = timeOf(await statusOf(euler));
  expect(t).toBeGreaterThan(0);
  // The other steps up to the shared time in its next frame (it may say "paused" a frame before).
  await expect.poll(async () => timeOf(await statusOf(verlet))).toBe(t);
  // Play on with only Verlet in view; Euler, back in view, catches up to the shared time.
  await page.setViewportSize({ width: 800, height: 500 });
  await figures.nth(1).scrollIntoViewIfNeeded();
  await verlet.locator('#play').click();
  await expect(verlet.locator('#status')).toContainText('playing');
  await page.waitForTimeout(1000);
  await verlet.locator('#play').click();
  await expect(verlet.locator('#status')).toContainText('paused');
  const later = timeOf(await statusOf(verlet));
  expect(later).toBeGreaterThan(t);
  await figures.nth(0).scrollIntoViewIfNeeded();
  await expect.poll(async () => timeOf(await statusOf(euler))).toBe(later);
  expect(errors).toEqual([]);
});

test('on a phone the sample post does not move as its figure with every control loads: its height is kept for it', async ({
  page,
}) => {
  const errors = watch(page);
  for (const width of [390, 340]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${HOST}/post.html`);
    const planet = page.locator('integrator-lab[controls="full"]');
    const heights: number[] = [];
    const height = () => planet.evaluate((e) => Math.round(e.getBoundingClientRect().height));
    heights.push(await height());
    await planet.scrollIntoViewIfNeeded();
    const frame = await (await planet.locator('iframe').elementHandle())?.contentFrame();
    if (!frame) throw new Error('the planet has no frame');
    await expect(frame.locator('#status')).toContainText('step');
    // Its facts and its labels come, and the frame is told the figure's height, within a few seconds.
    for (let i = 0; i < 30; i++) {
      heights.push(await height());
      await page.waitForTimeout(100);
    }
    expect([...new Set(heights)], `at ${width} px`).toHaveLength(1);
    // The figure has the room it needs: it does not scroll within its frame.
    expect(
      await frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(1);
  }
  expect(errors).toEqual([]);
});

test('a figure’s notes come at the foot of its charts: the chart a reader watches is not pushed down by one', async ({
  page,
}) => {
  const errors = watch(page);
  // The energy chart's top in every frame, from a second after the first frame (the figure has fitted its
  // frame by then).
  const seen = await everyFrame(page, () => {
    const first = performance.getEntriesByName('lab:first-frame')[0];
    if (!first || performance.now() < first.startTime + 1000) return undefined;
    const chart = document.getElementById('chart-energy');
    return chart ? String(Math.round(chart.getBoundingClientRect().top)) : undefined;
  });
  await page.setViewportSize({ width: 800, height: 600 });
  // Explicit Euler's energy leaves the exact solution's scale about 1.5 s after the start: a note says so.
  await page.goto('./embed.html?scenario=spring&methods=euler,rk4');
  await expect(page.locator('#divergence li').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(300);
  const tops = (await seen()).map(Number);
  // The figure makes room for the note in its frame by shrinking its views together, the scene too: the
  // chart may rise by the scene's share; it never goes down (above it, the note pushed it 50 px down).
  for (let i = 1; i < tops.length; i++) expect(tops[i]!, String(tops)).toBeLessThanOrEqual(tops[i - 1]!);
  const [chart, notes] = await Promise.all(
    ['#chart-energy', '#divergence'].map((s) =>
      page.locator(s).evaluate((e) => e.getBoundingClientRect().top),
    ),
  );
  expect(notes).toBeGreaterThan(chart!);
  expect(errors).toEqual([]);
});

test('the frame keeps the height it was given and the figure fits in it, a notice too; a figure that cannot fit grows it', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto(`${HOST}/post.html`);
  const figure = page.locator('integrator-lab').first();
  const frame = await figureFrame(page, 0);
  await expect(frame.locator('#status')).toContainText('step');
  const heights = async () => ({
    frame: await figure.locator('iframe').evaluate((f) => f.getBoundingClientRect().height),
    scrolls: await frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  });
  const before = (await heights()).frame;
  await expect.poll(async () => (await heights()).scrolls).toBeLessThanOrEqual(1);
  const scene = await frame.locator('#scene').evaluate((c) => c.getBoundingClientRect().height);
  await frame.locator('#dt').fill('0');
  await frame.locator('#dt').press('Enter');
  await expect(frame.locator('#notices p, #dt-problem').first()).toBeVisible();
  // The views make room for the notice; the post does not move.
  await expect
    .poll(() => frame.locator('#scene').evaluate((c) => c.getBoundingClientRect().height))
    .toBeLessThan(scene);
  await expect.poll(async () => (await heights()).scrolls).toBeLessThanOrEqual(1);
  expect((await heights()).frame).toBe(before);
  // The host page's own messages are ignored: a forged height from the host itself changes nothing.
  await page.evaluate(() => window.postMessage({ source: 'integrator-lab', type: 'height', height: 5 }, '*'));
  await page.waitForTimeout(200);
  expect((await heights()).frame).toBe(before);
  // In a frame too low for it (its views at their least), a figure does not fit: it scrolls, and it tells its
  // host its whole height, so that an element's frame grows to it.
  await page.setViewportSize({ width: 390, height: 300 });
  const told: number[] = [];
  await page.exposeFunction('heard', (h: number) => told.push(h));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'parent', {
      value: {
        postMessage: (m: { type: string; height: number }) =>
          m.type === 'height' && (window as unknown as { heard(h: number): void }).heard(m.height),
      },
    });
  });
  await page.goto('./embed.html?scenario=spring&views=scene,x,energy');
  await expect(page.locator('#status')).toContainText('step');
  await expect.poll(() => page.locator('#scene').evaluate((c) => c.getBoundingClientRect().height)).toBe(100);
  await expect.poll(() => told.at(-1) ?? 0).toBeGreaterThan(300);
  expect(told.at(-1)).toBe(
    await page.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
  );
  expect(errors).toEqual([]);
});

test('a figure in a sandboxed iframe (an opaque origin) loads the core and plays', async ({ page }) => {
  await reportViolations(page);
  const errors = watch(page);
  await page.goto(`${HOST}/sandboxed.html`);
  const frame = await (await page.locator('#sandboxed').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no frame');
  await expect(frame.locator('#status')).toContainText(/step [1-9]/, { timeout: 15_000 });
  await expect.poll(() => painted(frame), { timeout: 10_000 }).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
});

test('“Open in the lab” from a frame sandboxed with allow-popups opens the lab, sandboxed too, without an error', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto(`${HOST}/sandboxed.html`);
  const frame = await frameOf(page, '#sandboxed');
  await expect(frame.locator('#status')).toContainText(/step [1-9]/, { timeout: 15_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), frame.locator('#open-lab').click()]);
  const tabErrors = watch(tab);
  // An opaque origin (the sandbox's, inherited): no storage, no service worker; the lab runs all the same.
  await expect(tab.locator('#status')).toContainText(/step [1-9]/, { timeout: 20_000 });
  expect(await tab.evaluate(() => window.origin)).toBe('null');
  expect(new URL(tab.url()).searchParams.get('scenario')).toBe('orbit');
  // Past the moment the page would register its service worker (a second after the first frame).
  await tab.waitForTimeout(2500);
  await expect(tab.locator('#notices')).not.toContainText('went wrong');
  expect(tabErrors).toEqual([]);
  expect(errors).toEqual([]);
});

test('a figure downloads the base tier only; an f32 run loads the studies tier and shows Fiedler’s float row', async ({
  page,
}) => {
  const errors = watch(page);
  const wasm = wasmRequests(page);
  await page.goto(`${LAB}/embed.html?scenario=spring&methods=euler,rk4&views=scene,energy`);
  await expect(page.locator('#status')).toContainText(/step [1-9]/);
  expect(wasm).toEqual(['base']);

  wasm.length = 0;
  await page.goto(
    `${LAB}/embed.html?scenario=constant-force&methods=euler&dt=0.01&until=10&precision=f32&views=table&controls=full&autoplay=click`,
  );
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('step 1000 of 1000');
  // Six figures of Fiedler's 499.497070 (f64 gives 499.5).
  const euler = page.locator('#numbers tbody tr').first();
  await expect(euler).toContainText('499.497');
  expect(wasm).toContain('studies');
  // Switched to f64 and back in the figure's own controls: the run follows each time.
  await page.check('input[name="precision"][value="f64"]');
  await page.click('#end');
  await expect(euler).toContainText('499.5');
  await page.check('input[name="precision"][value="f32"]');
  await page.click('#end');
  await expect(euler).toContainText('499.497');
  expect(errors).toEqual([]);
});

test('a study in a sandboxed figure, where no worker may start, is measured in the figure itself', async ({
  page,
}) => {
  served['/sandboxed-study.html'] = served['/sandboxed.html']!.replace(
    /src="[^"]*"/,
    `src="${LAB}/embed.html?scenario=spring&amp;methods=euler,rk4&amp;dt=0.01&amp;until=1&amp;views=convergence"`,
  );
  const errors = watch(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${HOST}/sandboxed-study.html`);
  const frame = await (await page.locator('#sandboxed').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.click('#measure-convergence');
  // The measured orders: Euler's 1 and RK4's 4, each within 0.1.
  await expect(frame.locator('#convergence-note')).toContainText(/Explicit Euler (0\.9|1\.0)\d/, {
    timeout: 15_000,
  });
  await expect(frame.locator('#convergence-note')).toContainText(/Runge–Kutta 4 (3\.9|4\.0)\d/);
  expect(workers).toEqual([]);
  expect(errors).toEqual([]);
});

test('a click on the figure or Space pauses it, whatever its controls; reduced motion waits for a click', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./embed.html?scenario=spring&methods=euler&controls=none');
  await expect(page.locator('#status')).toContainText('playing');
  await expect(page.locator('#play')).toBeHidden();
  await page.locator('#scene').click();
  await expect(page.locator('#status')).toContainText('paused');
  await page.keyboard.press('Space');
  await expect(page.locator('#status')).toContainText('playing');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./embed.html?scenario=spring&methods=euler');
  await expect(page.locator('#status')).toContainText('paused');
  await page.waitForTimeout(500);
  await expect(page.locator('#status')).toContainText('step 0 of');
  expect(errors).toEqual([]);
});

test('views, controls and theme come from the query; "Open in the lab" opens the same state', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto(
    './embed.html?scenario=kepler&methods=rk4&GM=2&views=phase,table&theme=dark&controls=minimal',
  );
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#scene')).toBeHidden();
  await expect(page.locator('#chart-phase')).toBeVisible();
  await expect(page.locator('#chart-energy')).toBeHidden();
  await expect(page.locator('#numbers')).toBeVisible();
  await expect(page.locator('#dt')).toBeVisible();
  await expect(page.locator('#scenario')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  const href = await page.locator('#open-lab').getAttribute('href');
  expect(href).toContain('scenario=kepler');
  expect(href).toContain('GM=2');
  expect(href).toContain('theme=dark');
  expect(href).not.toContain('views=');
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('without scripts the element shows its fallback; with them, the still until it loads', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${HOST}/post.html`);
  await expect(page.locator('integrator-lab a').first()).toBeVisible();
  await context.close();
  // With scripts: the still stays over the loading frame, saying it loads, until the figure has drawn; then
  // only the figure is left, at the height the still kept.
  const live = await browser.newPage();
  await live.route(/\/assets\/base_bg-[^/]*\.wasm$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await live.goto(`${HOST}/post.html`);
  const first = live.locator('integrator-lab').first();
  await expect(first.locator('.still.over')).toContainText('Loading the figure…');
  const reserved = await first.evaluate((e) => e.getBoundingClientRect().height);
  await expect(first.locator('.still')).toHaveCount(0, { timeout: 30_000 });
  await expect(first.locator('iframe')).toBeVisible();
  expect(await first.evaluate((e) => e.getBoundingClientRect().height)).toBe(reserved);
  await live.close();
});

test('on a phone the post and its figures fit the width', async ({ page }) => {
  const errors = watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${HOST}/post.html`);
  const frame = await figureFrame(page, 0);
  await expect(frame.locator('#status')).toContainText('step');
  const wide = (f: Page | Frame) =>
    f.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await wide(page)).toBe(0);
  expect(await wide(frame)).toBe(0);
  await page.screenshot({ path: 'test-results/screenshots/embed-phone.png' });
  expect(errors).toEqual([]);
});

test('the lab serves every page with the one policy, as a meta tag and a header', async ({ page }) => {
  for (const path of ['./', './embed.html', './embed-demo.html']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response?.headers()['access-control-allow-origin']).toBe('*');
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(
      CONTENT_SECURITY_POLICY,
    );
  }
});

test('the full page offers both snippets for the current state, and the element snippet works', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=damped-spring&methods=euler,rk4&dt=1/30');
  await page.locator('#embed-panel summary').click();
  await page.locator('#embed-views input[value="phase"]').check();
  const element = await page.locator('#embed-element').inputValue();
  const iframe = await page.locator('#embed-iframe').inputValue();
  expect(element).toContain(`src="${LAB}/embed.js"`);
  expect(element).toContain('query="scenario=damped-spring&amp;methods=euler,rk4&amp;dt=1/30');
  expect(element).toContain('views=scene,phase,energy');
  expect(iframe).toContain(`src="${LAB}/embed.html?scenario=damped-spring`);
  // The snippet, pasted into a page of a blog, is a working figure.
  served['/pasted.html'] =
    `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Pasted</title></head><body>${element}</body></html>`;
  await page.goto(`${HOST}/pasted.html`);
  const frame = await figureFrame(page, 0);
  await expect(frame.locator('#status')).toContainText(/step [1-9]/);
  await expect(frame.locator('#chart-phase')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the Embed panel, opened before its code has come, says it is loading, and says so if it cannot', async ({
  page,
}) => {
  // Its code held back until the panel has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/snippets-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./?scenario=orbit');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-loading')).toHaveText('Loading the panel’s choices…');
  release();
  await expect(page.locator('#embed-views input[value="phase"]')).toBeVisible();
  await expect(page.locator('#embed-loading')).toHaveCount(0);
  await expect(page.locator('#embed-element')).toHaveValue(/scenario=orbit/);
  // Where it cannot come at all, the panel says so where the choices would be.
  await page.unroute('**/assets/snippets-*.js');
  await page.route('**/assets/snippets-*.js', (route) => route.abort());
  await page.goto('./?scenario=spring');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-loading')).toContainText('The Embed panel could not be loaded');
});

test('a figure fits the height estimated for it (the still’s and the plain iframe’s) without crowding its views', async ({
  page,
}) => {
  for (const query of [
    'scenario=spring',
    'scenario=spring&views=scene,phase,error',
    'scenario=orbit&views=scene,x&controls=full',
    'scenario=pendulum&views=scene&controls=none',
    'scenario=spring&views=energy,table',
  ]) {
    const estimate = figureHeight(parseLook(`?${query}`, false).look);
    await page.setViewportSize({ width: 640, height: estimate });
    await page.goto(`./embed.html?${query}`);
    await expect(page.locator('#status')).toContainText('step');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), {
        message: `${query} in ${estimate} px`,
      })
      .toBeLessThanOrEqual(1);
    // Its views are not squeezed to their least: the estimate is a fair one.
    for (const view of await page.locator('.views .chart:visible, #scene:visible').all()) {
      const h = await view.evaluate((v) => v.getBoundingClientRect().height);
      expect(h, `${query}: a view ${h} px tall`).toBeGreaterThan(150);
    }
  }
});

test('a figure of the double pendulum shows its twins, their separation, the reference’s horizon and what it cannot tell', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto(
    './embed.html?scenario=double-pendulum&methods=rk4&dt=0.01&until=30&nudge=1e-3&views=scene,error,separation',
  );
  await expect(page.locator('#chart-separation')).toBeVisible();
  await expect(page.locator('#chart-error')).toBeVisible();
  await expect(page.locator('#chart-position')).toBeHidden();
  await expect(page.locator('#separation-note')).toContainText('drawn faded in the scene');
  await expect(page.locator('#reference-note')).toContainText('only until t =', { timeout: 30_000 });
  await expect(page.locator('#chart-error .u-legend')).toContainText('unknown below');
  await expect(page.locator('#prediction-note')).toContainText('λ = ', { timeout: 30_000 });
  expect(await page.locator('#open-lab').getAttribute('href')).toContain('nudge=0.001');
  expect(await axe(page)).toEqual([]);
  // Without a nudge the figure has no twins to show, and says nothing of them.
  await page.goto('./embed.html?scenario=spring&methods=rk4&views=scene,separation');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#chart-separation')).toBeHidden();
  expect(errors).toEqual([]);
});

test('an experiment’s own page unfurls without scripts and opens its state with them; its oEmbed iframe is the figure', async ({
  browser,
  page,
  request,
}) => {
  const errors = watch(page);
  // As a crawler reads it: no scripts.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const crawler = await context.newPage();
  await crawler.goto('./x/semi-implicit-order.html');
  const meta = (property: string) => crawler.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await crawler.title()).toBe('Is semi-implicit Euler second order? · Integrator Lab');
  expect(await meta('og:description')).toContain(
    'The semi-implicit Euler technique is a second order method',
  );
  expect(await meta('og:url')).toBe(`${LAB}/x/semi-implicit-order.html`);
  const image = (await meta('og:image')) ?? '';
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:4173\/posters\/[a-z0-9-]+-light\.jpg$/);
  const poster = await request.get(image);
  expect(poster.headers()['content-type']).toContain('image/jpeg');
  expect((await poster.body()).length).toBeLessThanOrEqual(40 * 1024);
  const href = (await crawler.locator('link[type="application/json+oembed"]').getAttribute('href')) ?? '';
  expect(href).toBe(`${LAB}/oembed/semi-implicit-order.json`);
  // A reader without scripts reads what the experiment is: its title, the claim, and its poster.
  const still = crawler.locator('.noscript-experiment');
  await expect(still.getByRole('heading', { name: 'Is semi-implicit Euler second order?' })).toBeVisible();
  await expect(still.locator('blockquote')).toContainText('second order method');
  await expect
    .poll(() => still.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(600);
  // Every other page has the site's generic card, with its own title and description.
  for (const [path, title] of [
    ['teacher.html', 'Integrator Lab · for teachers'],
    ['docs/lms.html', 'A worksheet in your school’s LMS · Integrator Lab'],
    ['embed-demo.html', undefined],
  ] as const) {
    await crawler.goto(`./${path}`);
    if (title !== undefined) expect(await meta('og:title')).toBe(title);
    expect(await meta('og:description')).toBe(
      await crawler.locator('meta[name="description"]').getAttribute('content'),
    );
    expect(await meta('og:url')).toBe(`${LAB}/${path}`);
    expect(await meta('og:image')).toBe(`${LAB}/posters/generic-light.jpg`);
  }
  await context.close();
  const answer = await (await request.get(href)).json();
  expect(answer).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Integrator Lab', width: 640 });
  expect(answer.html).toMatch(/^<iframe [^>]*><\/iframe>$/);
  const src = (/src="([^"]+)"/.exec(answer.html)?.[1] ?? '').replaceAll('&amp;', '&');
  expect(
    src.startsWith(`${LAB}/embed.html?scenario=spring&methods=euler,symplectic-euler,velocity-verlet`),
  ).toBe(true);
  // The oEmbed's iframe is the figure of that state.
  await page.goto(src);
  await expect(page.locator('#embed-title')).toHaveText(
    'Spring: Explicit Euler, Symplectic Euler, Velocity Verlet',
  );
  await expect(page.locator('#status')).toContainText('of 1 s');
  // With scripts, the page is the lab in that state, its address the lab's permalink.
  await page.goto('./x/semi-implicit-order.html');
  await expect(page.locator('#current-experiment')).toContainText('Is semi-implicit Euler second order?');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).searchParams.get('methods')).toBe('euler,symplectic-euler,velocity-verlet');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-link')).toHaveValue(`${LAB}/x/semi-implicit-order.html`);
  expect(await axe(page)).toEqual([]);
  // A link to a place in the page stays in the page (the page's <base> would send it to the front page).
  const before = new URL(page.url()).search;
  await page.getByRole('link', { name: 'How these methods step' }).first().click();
  await expect(page.locator('#how-title')).toBeInViewport();
  expect(new URL(page.url()).search).toBe(before);
  expect(new URL(page.url()).hash).toBe('#how-title');
  await expect(page.locator('#current-experiment')).toContainText('Is semi-implicit Euler second order?');
  // Any other state has no page of its own: the panel offers none.
  await page.goto('./?scenario=orbit');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-card')).toBeHidden();
  expect(errors).toEqual([]);
});

test('a figure that waits for its reader shows a play button, by pointer and keyboard, as a video does', async ({
  browser,
  page,
}) => {
  const errors = watch(page);
  await page.goto(
    iframePage(
      '/waiting.html',
      'scenario=spring&methods=euler&controls=none&autoplay=click',
      'width="640" height="600"',
    ),
  );
  const figure = await frameOf(page);
  const overlay = figure.getByRole('button', { name: 'Play the figure' });
  await expect(overlay).toBeVisible();
  await expect(figure.locator('#status')).toContainText('paused');
  expect(await overlay.evaluate((b) => getComputedStyle(b).cursor)).toBe('pointer');
  // Reached from the post by keyboard: a few Tabs from the post's top land on it, and Enter plays.
  const focused = () => overlay.evaluate((b) => b === document.activeElement && document.hasFocus());
  for (let tabs = 0; tabs < 4 && !(await focused()); tabs++) await page.keyboard.press('Tab');
  expect(await focused()).toBe(true);
  await page.keyboard.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(figure.locator('#status')).toContainText('playing');
  // Space pauses, and the keyboard is on the button again, to play once more.
  await page.keyboard.press('Space');
  await expect(overlay).toBeVisible();
  await expect.poll(focused).toBe(true);
  await page.keyboard.press('Enter');
  await expect(figure.locator('#status')).toContainText('playing');
  // With no controls, a click pauses, and the button says it can play again; a click on it plays.
  await figure.locator('#scene').click();
  await expect(overlay).toBeVisible();
  await expect(figure.locator('#status')).toContainText('paused');
  await overlay.click();
  await expect(overlay).toBeHidden();
  await expect(figure.locator('#status')).toContainText('playing');
  // A reader who prefers reduced motion gets it on a figure with controls too, until it first plays.
  const calm = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 640, height: 800 } });
  const still = await calm.newPage();
  await still.goto(iframePage('/calm.html', 'scenario=orbit&methods=euler', 'width="640" height="760"'));
  const calmFigure = await frameOf(still);
  const play = calmFigure.getByRole('button', { name: 'Play the figure' });
  await expect(play).toBeVisible();
  await play.focus();
  await still.keyboard.press('Enter');
  await expect(play).toBeHidden();
  await expect(calmFigure.locator('#status')).toContainText('playing');
  await calmFigure.locator('#play').click();
  await expect(calmFigure.locator('#status')).toContainText('paused');
  // Once played, the figure's own Play button is the way: no overlay over a figure with controls.
  await expect(play).toBeHidden();
  await calm.close();
  expect(errors).toEqual([]);
  // axe on the figure itself (its page, as the frame shows it).
  await page.goto(`${LAB}/embed.html?scenario=spring&methods=euler&controls=none&autoplay=click`);
  await expect(page.getByRole('button', { name: 'Play the figure' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('a figure fits the height it is given: a 732-px iframe at 390 px shows dt and “Open in the lab”', async ({
  page,
}) => {
  const errors = watch(page);
  for (const [width, height, query] of [
    [390, 732, 'scenario=spring'],
    [390, 732, 'scenario=orbit&views=scene,x,energy'],
    [1280, 700, 'scenario=pendulum&views=scene,energy,error'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    // The plain iframe as the Embed panel writes it, on a post of another origin, at the page's width.
    await page.goto(iframePage('/plain.html', query, `width="100%" height="${height}" loading="lazy"`));
    const figure = await frameOf(page);
    await expect(figure.locator('#status')).toContainText('step');
    // The views shrink until everything fits: nothing scrolls, the dt field and the lab's link are in view
    // (read together: a line that comes later, such as the reference's note, is fitted in a frame after).
    await expect
      .poll(
        () =>
          figure.evaluate(() => ({
            scrolls: document.documentElement.scrollHeight - window.innerHeight > 1,
            below: ['#dt', '#open-lab'].filter(
              (id) => (document.querySelector(id)?.getBoundingClientRect().bottom ?? Infinity) > innerHeight,
            ),
          })),
        { message: `${query} at ${width}×${height}` },
      )
      .toEqual({ scrolls: false, below: [] });
    expect(await figure.evaluate(() => window.innerHeight)).toBe(height);
    for (const id of ['#dt', '#open-lab']) await expect(figure.locator(id)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('in a frame sandboxed with allow-scripts alone the figure plays, and “Open in the lab” gives its address to copy', async ({
  page,
}) => {
  const errors = watch(page);
  const popups: string[] = [];
  page.context().on('page', (p) => popups.push(p.url()));
  await page.goto(
    iframePage(
      '/wordpress.html',
      'scenario=orbit&methods=euler,symplectic-euler&views=scene,energy',
      'width="640" height="732" sandbox="allow-scripts"',
    ),
  );
  const figure = await frameOf(page);
  expect(await figure.evaluate(() => window.origin)).toBe('null');
  await expect(figure.locator('#status')).toContainText(/step [1-9]/, { timeout: 15_000 });
  await expect.poll(() => painted(figure), { timeout: 10_000 }).toBeGreaterThan(1000);
  await figure.locator('#open-lab').click();
  const address = figure.locator('#open-lab-address');
  await expect(address).toBeVisible();
  await expect(address).toBeFocused();
  const url = new URL(await address.inputValue());
  expect(url.origin).toBe(LAB);
  expect(url.searchParams.get('scenario')).toBe('orbit');
  expect(url.searchParams.get('methods')).toBe('euler,symplectic-euler');
  // The browser opened no tab: the frame may not.
  await page.waitForTimeout(500);
  expect(popups).toEqual([]);
  // The dropped click is the browser's own console message, not the figure's error.
  expect(errors.filter((e) => !/Blocked opening .* sandboxed frame/.test(e))).toEqual([]);
});

test('a figure loading in a post moves no text: cumulative layout shift under 0.01 at 390 and 1280 px', async ({
  page,
}) => {
  served['/shift.html'] =
    `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>A post</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" /></head><body>
    <script type="module" src="${LAB}/embed.js"></script>
    <p>Before the figure.</p>
    ${snippets(
      `${LAB}/`,
      '?scenario=spring&methods=euler,symplectic-euler',
      { ...DEFAULT_LOOK, views: ['scene', 'energy'] },
      'Spring',
    )
      .element.split('\n')
      .slice(1)
      .join('\n')}
    <p id="after">After the figure.</p>
    ${snippets(
      `${LAB}/`,
      '?scenario=orbit&methods=euler,rk4',
      { ...DEFAULT_LOOK, views: ['scene', 'x', 'energy'], controls: 'none' },
      'Orbit',
    )
      .element.split('\n')
      .slice(1)
      .join('\n')}
    <p>The end.</p></body></html>`;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${HOST}/shift.html`);
    const frames = page.locator('integrator-lab').first().locator('iframe');
    await expect(frames).toHaveCount(1, { timeout: 20_000 });
    // The figure's first run, however slowly a loaded machine makes it (its frame is looked for each time:
    // it may still be navigating to embed.html when the element's iframe is first there).
    const status = async () => {
      const figure = page.frames().find((f) => f.url().includes('embed.html?scenario=spring'));
      return figure
        ? ((await figure
            .locator('#status')
            .textContent()
            .catch(() => '')) ?? '')
        : '';
    };
    await expect.poll(status, { timeout: 30_000 }).toContain('step');
    await page.waitForTimeout(1500);
    const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
    expect(shift, `at ${width} px`).toBeLessThan(0.01);
  }
  // Far down a post, before it loads, a figure is its poster, not a grey box; without scripts, the snippet's
  // own picture shows, linked to the lab.
  const element = snippets(`${LAB}/`, '?scenario=spring', DEFAULT_LOOK, 'Spring').element;
  served['/far.html'] =
    `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Far</title></head><body>
    <p style="height: 3000px">A long start.</p>${element}</body></html>`;
  await page.goto(`${HOST}/far.html`);
  const still = page.locator('integrator-lab .still img');
  await expect
    .poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(600);
  // Drawn in its own proportions (600 × 314), however the still's box bounds it.
  const drawn = await still.evaluate((img) => img.getBoundingClientRect());
  expect(Math.abs(drawn.width / drawn.height / (600 / 314) - 1)).toBeLessThan(0.02);
  await expect(page.locator('integrator-lab iframe')).toHaveCount(0);
  const context = await page.context().browser()?.newContext({ javaScriptEnabled: false });
  const bare = await context?.newPage();
  await bare?.goto(`${HOST}/far.html`);
  const fallback = bare?.locator('integrator-lab a img');
  await fallback?.scrollIntoViewIfNeeded();
  expect(await fallback?.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await context?.close();
  // A reader whose system is dark gets the dark poster, with scripts and without.
  for (const javaScriptEnabled of [true, false]) {
    const dark = await page.context().browser()?.newContext({ colorScheme: 'dark', javaScriptEnabled });
    const reader = await dark?.newPage();
    await reader?.goto(`${HOST}/far.html`);
    const shown = reader?.locator(javaScriptEnabled ? 'integrator-lab .still img' : 'integrator-lab a img');
    await shown?.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shown?.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toBe(`${LAB}/posters/generic-dark.jpg`);
    await dark?.close();
  }
  // And it is dark: its mean brightness is under a third of the light one's scale, the light one's over two thirds.
  await page.goto(`${LAB}/posters/generic-light.jpg`);
  const brightness = (name: string) =>
    page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context?.drawImage(img, 0, 0);
      const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let sum = 0;
      for (let i = 0; i < data.length; i += 4)
        sum += 0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0);
      return sum / (data.length / 4);
    }, `${LAB}/posters/${name}.jpg`);
  expect(await brightness('generic-dark')).toBeLessThan(85);
  expect(await brightness('generic-light')).toBeGreaterThan(170);
});

test('a figure’s iframe without scripts shows the lab’s picture and a link to it, and no control', async ({
  browser,
}) => {
  // The plain iframe in a post on another origin, read by a browser with scripts off (the frame's too).
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(
    iframePage('/bare.html', 'scenario=orbit&methods=euler&views=scene,energy', 'width="100%" height="732"'),
  );
  const figure = await frameOf(page);
  await expect(figure.getByRole('link', { name: /Open Integrator Lab/ })).toHaveAttribute('href', './');
  const poster = figure.locator('.noscript-figure img');
  await expect(poster).toBeVisible();
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(600);
  for (const id of ['#play', '#dt', '#scene', '#embed-title', '#open-lab'])
    await expect(figure.locator(id)).toBeHidden();
  await context.close();
});

test('a lab served without CORS leaves the figure a link, and the post’s console says why', async ({
  page,
}) => {
  // The built site from a second server that sends no Access-Control-Allow-Origin.
  const bare = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      const body = readFileSync(`www/dist${path === '/' ? '/index.html' : path}`);
      const type = path.endsWith('.js')
        ? 'text/javascript'
        : path.endsWith('.jpg')
          ? 'image/jpeg'
          : 'text/html';
      res.writeHead(200, { 'Content-Type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const elsewhere = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  served['/no-cors.html'] =
    `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>No CORS</title></head><body>
    ${snippets(elsewhere, '?scenario=spring', DEFAULT_LOOK, 'Spring').element}</body></html>`;
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') said.push(m.text());
  });
  try {
    await page.goto(`${HOST}/no-cors.html`);
    await expect.poll(() => said.join('\n')).toContain('embed.js did not load, so its figures stay links');
    expect(said.join('\n')).toContain('Access-Control-Allow-Origin: *');
    await expect(page.getByRole('link', { name: /Spring, in Integrator Lab/ })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
});

test('the Embed panel previews the figure it writes, with its start, caption and background', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?scenario=orbit&methods=euler,rk4');
  await page.locator('#embed-panel summary').click();
  await page.selectOption('#embed-autoplay', 'click');
  await page.fill('#embed-caption', 'Euler spirals out');
  await page.check('#embed-transparent');
  const iframe = page.locator('#embed-iframe');
  await expect(iframe).toHaveValue(/autoplay=click&amp;bg=transparent&amp;title=Euler\+spirals\+out/);
  // Neither an experiment nor the orbit as the lab opens it: the generic poster.
  await expect(page.locator('#embed-element')).toHaveValue(
    /poster="http:\/\/127\.0\.0\.1:4173\/posters\/generic"/,
  );
  const preview = page.frameLocator('#embed-preview');
  await expect(preview.locator('#embed-title')).toHaveText('Euler spirals out');
  await expect(preview.getByRole('button', { name: 'Play the figure' })).toBeVisible();
  const background = await page
    .locator('#embed-preview')
    .contentFrame()
    .locator('body')
    .evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(background).toBe('rgba(0, 0, 0, 0)');
  expect(await axe(page)).toEqual([]);
  // The orbit as the lab opens it: a picture of its scenario, its first experiment's poster (the dog on a rod),
  // where the site has it (npm test draws only the generic one).
  await page.goto('./?scenario=orbit');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-element')).toHaveValue(
    existsSync('www/dist/posters/dog-on-rod-light.jpg')
      ? /poster="http:\/\/127\.0\.0\.1:4173\/posters\/dog-on-rod"[\s\S]*alt="Integrator Lab: [^"]+, stepped by several methods"/
      : /poster="http:\/\/127\.0\.0\.1:4173\/posters\/generic"/,
  );
  expect(errors).toEqual([]);
});

test('a synced figure that joins its group mid-run says it is synced, and where it joined', async ({
  page,
}) => {
  served['/late.html'] =
    `<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Late</title></head><body>
    <script type="module" src="${LAB}/embed.js"></script>
    <integrator-lab scenario="spring" methods="euler" sync="late"></integrator-lab>
    <p style="height: 3000px">Between.</p>
    <integrator-lab scenario="spring" methods="rk4" sync="late"></integrator-lab></body></html>`;
  await page.goto(`${HOST}/late.html`);
  const first = await figureFrame(page, 0);
  await expect(first.locator('#status')).toContainText(/step [1-9]/);
  await expect(first.locator('#notices')).not.toContainText('Synced');
  await page.locator('integrator-lab').nth(1).scrollIntoViewIfNeeded();
  const second = await figureFrame(page, 1);
  await expect(second.locator('#notices')).toContainText(
    /Synced with the figures named “late” on this page: this one joined their run at t = [0-9.]+ s/,
  );
});
