// Figures in a blog post: the sample post served from one origin (with its own policy), the lab from another
// (the preview server, with the site's policy (scripts/policy.ts) and Access-Control-Allow-Origin: * as headers).

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../scripts/policy';
import { figureHeight, parseLook } from '../src/ui/look';
import { axe, wasmRequests, watch } from './helpers';

const LAB = 'http://127.0.0.1:4173';
let host: Server;
let HOST = '';
/** The host's pages by path; a test may add one. */
let served: Record<string, string> = {};

/** The host's pages: the sample post as a blog would serve it, a sandboxed iframe, ten figures. */
function pages(): Record<string, string> {
  const post = readFileSync('www/dist/embed-demo.html', 'utf8')
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace('src="./embed.js"', `src="${LAB}/embed.js"`);
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
      'Content-Security-Policy': `default-src 'self'; script-src 'self' 'unsafe-inline' ${LAB}; frame-src ${LAB}; style-src 'self' 'unsafe-inline'; img-src 'self' data:`,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

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
  expect(timeOf(await statusOf(verlet))).toBe(t);
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

test('the frame is as tall as its content, and follows it when a notice appears', async ({ page }) => {
  const errors = watch(page);
  await page.goto(`${HOST}/post.html`);
  const figure = page.locator('integrator-lab').first();
  const frame = await figureFrame(page, 0);
  await expect(frame.locator('#status')).toContainText('step');
  const heights = async () => ({
    frame: await figure.locator('iframe').evaluate((f) => f.getBoundingClientRect().height),
    content: await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
  });
  await expect.poll(async () => (await heights()).frame).toBe((await heights()).content);
  const before = (await heights()).frame;
  await frame.locator('#dt').fill('0');
  await frame.locator('#dt').press('Enter');
  await expect(frame.locator('#notices p, #dt-problem').first()).toBeVisible();
  await expect.poll(async () => (await heights()).frame).toBeGreaterThan(before);
  const after = await heights();
  expect(after.frame).toBe(after.content);
  // The host page's own messages are ignored: a forged height from the host itself changes nothing.
  await page.evaluate(() => window.postMessage({ source: 'integrator-lab', type: 'height', height: 5 }, '*'));
  await page.waitForTimeout(200);
  expect((await heights()).frame).toBe(after.frame);
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

test("the height estimated for a still and a plain iframe is within 15 % of the figure's", async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 900 });
  for (const query of [
    'scenario=spring',
    'scenario=spring&views=scene,phase,error',
    'scenario=orbit&views=scene,x&controls=full',
    'scenario=pendulum&views=scene&controls=none',
    'scenario=spring&views=energy,table',
  ]) {
    await page.goto(`./embed.html?${query}`);
    await expect(page.locator('#status')).toContainText('step');
    const content = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    const estimate = figureHeight(parseLook(`?${query}`, false).look);
    expect(
      Math.abs(estimate - content) / content,
      `${query}: estimate ${estimate}, figure ${content}`,
    ).toBeLessThan(0.15);
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
  // Any other state has no page of its own: the panel offers none.
  await page.goto('./?scenario=orbit');
  await page.locator('#embed-panel summary').click();
  await expect(page.locator('#embed-card')).toBeHidden();
  expect(errors).toEqual([]);
});
