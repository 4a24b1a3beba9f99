// The page's budgets, measured (not asserted): npm run bench:page, after npm run build.
//
//  1. First visit: bytes downloaded, gzipped (HTML, JS, CSS, wasm).
//  2. First frame: time from navigation to the first drawn frame, on localhost in headless Chromium.
//  3. Script time per frame, p95, with every method on spring-chain (n = 100) playing at 60 frames a second.
//  4. The wasm stepper against the native core on the same run (Node vs the native binary).
//  5. Embeds: an embed's first frame after its page starts loading; what one embed transfers (counted from
//     the network, gzipped); ten figures on a host page with two on screen: each visible figure's script
//     time a frame (in its own frame), and the frames the others draw.

import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const METHODS = [
  'euler',
  'symplectic-euler',
  'implicit-euler',
  'verlet',
  'velocity-verlet',
  'leapfrog',
  'midpoint',
  'rk4',
  'kinematic',
  'kinematic-average',
  'forest-ruth',
];
const PORT = 4174;
const DIST = 'www/dist';

function pct(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// 1. Download size.
const files = [
  join(DIST, 'index.html'),
  ...readdirSync(join(DIST, 'assets')).map((f) => join(DIST, 'assets', f)),
];
let gz = 0;
console.log('file, bytes, gzipped');
for (const f of files) {
  const bytes = readFileSync(f);
  const g = gzipSync(bytes, { level: 9 }).length;
  gz += g;
  console.log(`${f}, ${bytes.length}, ${g}`);
}
console.log(`first visit: ${(gz / 1024).toFixed(1)} KB gzipped (budget 250 KB)\n`);

// 2 and 3. In Chromium, against the built site.
const server = spawn(
  'node_modules/.bin/vite',
  ['preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
  {
    stdio: 'ignore',
  },
);
await new Promise((r) => setTimeout(r, 1500));
const flags = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_BIN ?? flags.executablePath,
  args: flags.args,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const firsts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`http://127.0.0.1:${PORT}/?scenario=spring`);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    firsts.push(await page.evaluate(() => performance.getEntriesByName('lab:first-frame')[0].startTime));
  }
  console.log(
    `first frame after navigation: median ${pct(firsts, 50).toFixed(0)} ms, worst ${Math.max(...firsts).toFixed(0)} ms (budget 1000 ms)`,
  );

  await page.addInitScript(() => {
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__frames.push(e.duration);
    }).observe({ entryTypes: ['measure'] });
  });
  await page.goto(
    `http://127.0.0.1:${PORT}/?scenario=spring-chain&n=100&methods=${METHODS.join(',')}&until=1000`,
  );
  await page.waitForTimeout(2000);
  await page.evaluate(() => {
    window.__frames = [];
  });
  await page.waitForTimeout(10_000);
  const frames = await page.evaluate(() => window.__frames);
  const status = await page.textContent('#status');
  console.log(
    `spring-chain n=100, ${METHODS.length} methods, 1x: ${frames.length} frames in 10 s; script time a frame p50 ${pct(frames, 50).toFixed(2)} ms, p95 ${pct(frames, 95).toFixed(2)} ms, max ${Math.max(...frames).toFixed(2)} ms (budget p95 4 ms) [${status}]\n`,
  );
  await embeds(browser);
} finally {
  await browser.close();
  server.kill();
}

// 4. wasm (Node) against native on the same runs.
const { initSync, Lab } = await import('../www/src/pkg/lab.js');
initSync({ module: readFileSync('www/src/pkg/lab_bg.wasm') });
console.log('method, native ns/step, wasm ns/step, ratio (spring-chain n = 100, dt = 0.001, f64)');
const ratios = [];
for (const method of METHODS) {
  // dt = 0.001 keeps even explicit Euler finite over the steps timed (a diverged run would time nothing).
  const steps = method === 'implicit-euler' ? 2000 : 20000;
  const native = Number(
    execFileSync('target/release/examples/steps', ['spring-chain', method, String(steps), '0.001', 'n=100'], {
      encoding: 'utf8',
    }),
  );
  // A long run, so that the lab records a row only every ten thousand steps: the cost is the stepping.
  const lab = new Lab({
    scenario: 'spring-chain',
    methods: [method],
    params: { n: 100 },
    dt: 0.001,
    until: 1e5,
    precision: 'f64',
  });
  // Warm up until V8 has tiered the code up, then take the best of five timings.
  for (let i = 0; i < 20; i++) lab.advance(steps / 20);
  let wasm = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const began = process.hrtime.bigint();
    const taken = lab.advance(steps);
    wasm = Math.min(wasm, Number(process.hrtime.bigint() - began) / taken);
  }
  lab.free();
  ratios.push(wasm / native);
  console.log(`${method}, ${native.toFixed(0)}, ${wasm.toFixed(0)}, ${(wasm / native).toFixed(2)}`);
}
console.log(
  `wasm/native: median ${pct(ratios, 50).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)} (budget 1.5)`,
);

/** 5. Embeds, from a host page on another origin (a local server) with the lab's preview server. */
async function embeds(browser) {
  const lab = `http://127.0.0.1:${PORT}`;
  const figure = (i) =>
    `<p style="height: 300px">Paragraph ${i}.</p><integrator-lab scenario="spring" methods="euler,velocity-verlet,rk4" views="scene,energy"></integrator-lab>`;
  const pages = {
    '/one.html': `<!doctype html><title>One</title><script type="module" src="${lab}/embed.js"></script>${figure(1)}`,
    '/ten.html': `<!doctype html><title>Ten</title><script type="module" src="${lab}/embed.js"></script>${Array.from({ length: 10 }, (_, i) => figure(i + 1)).join('')}`,
  };
  const host = createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html' }).end(body ?? '');
  });
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${host.address().port}`;
  try {
    // First frame of embed.html after navigation, five loads.
    const page = await browser.newPage({ viewport: { width: 640, height: 900 } });
    const firsts = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${lab}/embed.html?scenario=spring&methods=euler,velocity-verlet,rk4`);
      await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
      firsts.push(await page.evaluate(() => performance.getEntriesByName('lab:first-frame')[0].startTime));
    }
    await page.close();
    console.log(
      `embed first frame after its page starts loading: median ${pct(firsts, 50).toFixed(0)} ms, min ${Math.min(...firsts).toFixed(0)}, max ${Math.max(...firsts).toFixed(0)} ms (budget 500 ms)`,
    );

    // What one embed transfers, in a fresh context (an empty cache): every response of the lab's origin,
    // gzipped as a host would send it.
    const context = await browser.newContext({ viewport: { width: 640, height: 900 } });
    const one = await context.newPage();
    const bodies = [];
    one.on('response', (r) => {
      if (r.url().startsWith(lab))
        bodies.push(
          r.body().then(
            (b) => [r.url().slice(lab.length), b],
            () => [r.url(), Buffer.alloc(0)],
          ),
        );
    });
    await one.goto(`${origin}/one.html`);
    await one.locator('integrator-lab').scrollIntoViewIfNeeded();
    const frame = await (await one.locator('integrator-lab iframe').elementHandle()).contentFrame();
    await frame.waitForFunction(() =>
      /step [1-9]/.test(document.querySelector('#status')?.textContent ?? ''),
    );
    let total = 0;
    for (const [url, body] of await Promise.all(bodies)) {
      const g = gzipSync(body, { level: 9 }).length;
      total += g;
      console.log(`  ${url.split('?')[0]}: ${body.length} bytes, ${g} gzipped`);
    }
    await context.close();
    console.log(`one embed transfers ${(total / 1024).toFixed(1)} KB gzipped (budget 150 KB)`);

    // Ten figures, two on screen (the viewport shows the first two; the rest are further down).
    const tenContext = await browser.newContext({ viewport: { width: 640, height: 1900 } });
    await tenContext.addInitScript(() => {
      window.__frames = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'lab:frame') window.__frames.push(e.duration);
      }).observe({ entryTypes: ['measure'] });
    });
    const ten = await tenContext.newPage();
    await ten.goto(`${origin}/ten.html`);
    await ten.waitForTimeout(4000);
    const frames = ten.frames().filter((f) => f !== ten.mainFrame());
    for (const f of frames)
      await f.evaluate(() => {
        window.__frames = [];
      });
    await ten.waitForTimeout(10_000);
    const rows = [];
    for (const f of frames) {
      rows.push({ frames: await f.evaluate(() => window.__frames) });
    }
    const elements = await ten.locator('integrator-lab').count();
    const loaded = rows.length;
    const drawing = rows.filter((r) => r.frames.length > 0);
    console.log(
      `ten figures, the viewport showing two: ${loaded} of ${elements} loaded, ${drawing.length} drawing in 10 s; idle figures' frames: ${rows.filter((r) => r.frames.length === 0).length} with none`,
    );
    for (const [i, r] of drawing.entries()) {
      console.log(
        `  drawing figure ${i + 1}: ${r.frames.length} frames, script time a frame p50 ${pct(r.frames, 50).toFixed(2)} ms, p95 ${pct(r.frames, 95).toFixed(2)} ms (budget p95 2 ms)`,
      );
    }
    await tenContext.close();
  } finally {
    host.close();
  }
}
