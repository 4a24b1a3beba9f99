// The page's budgets, measured (not asserted): npm run bench:page, after npm run build.
//
//  1. First visit: bytes downloaded, gzipped (HTML, JS, CSS, wasm).
//  2. First frame: time from navigation to the first drawn frame, on localhost in headless Chromium.
//  3. Script time per frame, p95, with every method on spring-chain (n = 100) playing at 60 frames a second.
//  4. The wasm stepper against the native core on the same run (Node vs the native binary).
//  5. Embeds: an embed's first frame after its page starts loading; what one embed transfers (counted from
//     the network, gzipped); ten figures on a host page with two on screen: each visible figure's script
//     time a frame (in its own frame), and the frames the others draw.
//  6. Your method: a two-line rule's step on the spring (in the page, run to the end, drawing included; and
//     the step alone in Chromium, interleaved with symplectic Euler); a report card on the default spring
//     from click to card, and the longest the page's main thread is blocked meanwhile.
//  7. A long run: until = 10⁶ s at dt = 0.01 (10⁸ steps) with every method, run to the end for 20 s: the
//     frames' script time (the longest included) and the core's live bytes, fresh and after.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { METHOD_IDS, openSite } from './site.mjs';

const METHODS = METHOD_IDS;
const PORT = 4174;
const DIST = 'www/dist';

function pct(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// 1. What the build holds, file by file (the first visit below counts what the browser actually fetches).
const files = [
  ...readdirSync(DIST)
    .filter((f) => /\.(html|js)$/.test(f))
    .map((f) => join(DIST, f)),
  ...readdirSync(join(DIST, 'assets')).map((f) => join(DIST, 'assets', f)),
];
console.log('file, bytes, gzipped');
for (const f of files) {
  const bytes = readFileSync(f);
  console.log(`${f}, ${bytes.length}, ${gzipSync(bytes, { level: 9 }).length}`);
}
console.log();

/**
 * Every response of the lab's origin while `visit` runs in a fresh context (an empty cache), gzipped as a
 * host would send it: [path, gzipped bytes] pairs and their total. A file fetched twice by one frame is
 * counted once (the second comes from its cache); by the host page and by a figure in it, twice: a browser
 * keeps a cross-site frame's cache apart from its host's, and the host page here is on another site.
 */
async function transferred(browser, lab, viewport, visit) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (r) => {
    if (!r.url().startsWith(lab)) return;
    let framed = '';
    try {
      if (r.frame() !== page.mainFrame()) framed = ' (in the figure)';
    } catch {
      // A worker's request has no frame: the page's cache.
    }
    const path = `${r.url().slice(lab.length).split('?')[0]}${framed}`;
    bodies.push(
      r.body().then(
        (b) => [path, gzipSync(b, { level: 9 }).length],
        () => [path, 0],
      ),
    );
  });
  await visit(page);
  const rows = [...new Map(await Promise.all(bodies)).entries()];
  await context.close();
  return { rows, total: rows.reduce((sum, [, g]) => sum + g, 0) };
}

// 2 and 3. In Chromium, against the built site.
const site = await openSite(PORT);
const browser = site.browser;
try {
  const lab = `http://127.0.0.1:${PORT}`;
  const first = await transferred(browser, lab, { width: 1280, height: 900 }, async (page) => {
    await page.goto(`${lab}/`);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    await page.waitForTimeout(1000);
  });
  for (const [url, g] of first.rows) console.log(`  ${url}: ${g} gzipped`);
  // The budget: the full page steps with the studies tier from the start (144 KiB of wasm, gzipped: its
  // facts, shadow energies and studies), and its HTML, style and scripts (uPlot's 22 included) are 64 more.
  // Even the base tier (90 KiB) and those would be over 150.
  console.log(`first visit transfers ${(first.total / 1024).toFixed(1)} KB gzipped (budget 215 KB)\n`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const firsts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`http://127.0.0.1:${PORT}/?scenario=spring`);
    await page.waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0);
    firsts.push(await page.evaluate(() => performance.getEntriesByName('lab:first-frame')[0].startTime));
  }
  console.log(
    `first frame after navigation: median ${pct(firsts, 50).toFixed(0)} ms, worst ${Math.max(...firsts).toFixed(0)} ms (budget 300 ms)`,
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
    `spring-chain n=100, ${METHODS.length} methods, 1x: ${frames.length} frames in 10 s; script time a frame p50 ${pct(frames, 50).toFixed(2)} ms, p95 ${pct(frames, 95).toFixed(2)} ms, max ${Math.max(...frames).toFixed(2)} ms (budget p95 2 ms) [${status}]\n`,
  );
  await embeds(browser);
  await yourMethod(browser);
  await longRun(browser);
} finally {
  await site.close();
}

// 4. wasm (Node) against native on the same runs, interleaved (native, wasm, native, wasm…) so that the
// machine's noise falls on both alike: the median of the rounds' ratios, with their min and max.
execFileSync('cargo', ['build', '--release', '-q', '-p', 'integrator-lab', '--example', 'steps'], {
  stdio: 'inherit',
});
const { initSync, Session } = await import('../www/src/core/pkg/base.js');
initSync({ module: readFileSync('www/src/core/pkg/base_bg.wasm') });
const ROUNDS = 7;
console.log(
  `method, native ns/step, wasm ns/step (medians), wasm/native: median [min, max] of ${ROUNDS} interleaved rounds (spring-chain n = 100, dt = 0.001, f64)`,
);
const medians = [];

/**
 * One method's rounds, interleaved: the native example's ns a step (`native` its arguments), then the best of
 * five timings of `steps` steps of a fresh wasm session made by `fresh`; the median ratio goes to `medians`.
 */
function interleaved(method, steps, native, fresh) {
  const natives = [];
  const wasms = [];
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ns = Number(execFileSync('target/release/examples/steps', native, { encoding: 'utf8' }));
    // The best of five timings, as the native side takes.
    const lab = fresh();
    let wasm = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const began = process.hrtime.bigint();
      const taken = lab.advance(steps);
      wasm = Math.min(wasm, Number(process.hrtime.bigint() - began) / taken);
    }
    lab.free();
    natives.push(ns);
    wasms.push(wasm);
    ratios.push(wasm / ns);
  }
  medians.push(pct(ratios, 50));
  console.log(
    `${method}, ${pct(natives, 50).toFixed(0)}, ${pct(wasms, 50).toFixed(0)}, ${pct(ratios, 50).toFixed(2)} [${Math.min(...ratios).toFixed(2)}, ${Math.max(...ratios).toFixed(2)}]`,
  );
}

for (const method of METHODS) {
  // dt = 0.001 keeps even explicit Euler finite over the steps timed (a diverged run would time nothing).
  const steps = method === 'implicit-euler' ? 2000 : 20000;
  // A long run, so that the lab records a row only every ten thousand steps: the cost is the stepping. A
  // fresh one each round, warmed up until V8 has tiered the code up: a run stepped for long enough would
  // diverge (explicit Euler) and time nothing.
  interleaved(method, steps, ['spring-chain', method, String(steps), '0.001', 'n=100'], () => {
    const lab = new Session({
      scenario: 'spring-chain',
      methods: [method],
      params: { n: 100 },
      dt: 0.001,
      until: 1e5,
      precision: 'f64',
    });
    for (let i = 0; i < 20; i++) lab.advance(steps / 20);
    return lab;
  });
}
console.log(
  `wasm/native, the point mass's methods' medians: median ${pct(medians, 50).toFixed(2)}, worst ${Math.max(...medians).toFixed(2)} (budget: every method 1.25)`,
);

// The rotation family, in the studies build (which steps spinning bodies): a session of one method and the
// truth on the spinning coin, as the native example steps it.
const studies = await import('../www/src/core/pkg/studies.js');
studies.initSync({ module: readFileSync('www/src/core/pkg/studies_bg.wasm') });
console.log(
  `rotation method, native ns/step, wasm ns/step (medians), wasm/native: median [min, max] of ${ROUNDS} interleaved rounds (spinning-top with its truth, dt = 0.001)`,
);
for (const method of [
  'euler',
  'euler-normalized',
  'symplectic-euler',
  'no-gyroscopic',
  'momentum-rescale',
  'implicit-body',
  'dlm',
  'rk4',
]) {
  const steps = 20000;
  interleaved(method, steps, ['spinning-top', method, String(steps), '0.001'], () => {
    const lab = new studies.Session({
      scenario: 'spinning-top',
      methods: [method],
      params: {},
      dt: 0.001,
      until: 0.001 * 8 * steps,
      precision: 'f64',
    });
    lab.advance(steps / 10);
    return lab;
  });
}
console.log(
  `wasm/native, the methods' medians (both families): median ${pct(medians, 50).toFixed(2)}, worst ${Math.max(...medians).toFixed(2)} (budget: every method 1.25)`,
);

/** 5. Embeds, from a host page on another site (a local server at localhost; the lab is at 127.0.0.1), as a
 * blog embeds the lab's figures. */
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
  const origin = `http://localhost:${host.address().port}`;
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
    const one = await transferred(browser, lab, { width: 640, height: 900 }, async (page) => {
      await page.goto(`${origin}/one.html`);
      await page.locator('integrator-lab').scrollIntoViewIfNeeded();
      const frame = await (await page.locator('integrator-lab iframe').elementHandle()).contentFrame();
      await frame.waitForFunction(() =>
        /step [1-9]/.test(document.querySelector('#status')?.textContent ?? ''),
      );
    });
    for (const [url, g] of one.rows) console.log(`  ${url}: ${g} gzipped`);
    const total = one.total;
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

/** 6. Your method: a rule's step, and a report card, in the page. */
async function yourMethod(browser) {
  const lab = `http://127.0.0.1:${PORT}`;
  const rule = 'v = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const steps = 50_000;
  const perStep = [];
  for (let round = 0; round < 3; round++) {
    await page.goto(
      `${lab}/?scenario=spring&methods=yours&dt=0.001&until=${steps / 1000}&rule=${encodeURIComponent(rule)}`,
    );
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('step'));
    const ms = await page.evaluate(async () => {
      const began = performance.now();
      document.querySelector('#end').click();
      while (!document.querySelector('#status').textContent.includes('finished'))
        await new Promise((r) => setTimeout(r, 5));
      return performance.now() - began;
    });
    perStep.push((ms * 1000) / steps);
  }
  console.log(
    `\nyour method: a two-line rule on the spring, run to the end in the page (${steps} steps, drawing included): median ${pct(perStep, 50).toFixed(2)} µs a step [${Math.min(...perStep).toFixed(2)}, ${Math.max(...perStep).toFixed(2)}] (budget 10 µs)`,
  );

  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(e.duration);
    }).observe({ entryTypes: ['longtask'] });
  });
  const cards = [];
  const blocked = [];
  for (let round = 0; round < 5; round++) {
    await page.goto(`${lab}/?methods=euler,yours&rule=${encodeURIComponent(rule)}`);
    await page.waitForFunction(() => document.querySelector('#rule-text')?.value.includes('dt'));
    const { ms, long } = await page.evaluate(async () => {
      window.__long = [];
      const began = performance.now();
      document.querySelector('#rule-grade').click();
      while (!document.querySelector('#rule-card li')) await new Promise((r) => setTimeout(r, 5));
      return { ms: performance.now() - began, long: Math.max(0, ...window.__long) };
    });
    cards.push(ms);
    blocked.push(long);
  }
  console.log(
    `your method: a report card on the default spring, click to card: median ${pct(cards, 50).toFixed(0)} ms [${Math.min(...cards).toFixed(0)}, ${Math.max(...cards).toFixed(0)}] (budget 2000 ms); the main thread's longest task meanwhile: ${Math.max(...blocked).toFixed(0)} ms (budget 50 ms; 0 is none over 50)`,
  );
  await page.close();

  // The step alone, in Chromium: the language build's own module (its wasm-bindgen glue, served from
  // www/src/core/pkg) stepping a rule and symplectic Euler, the method it writes, interleaved.
  const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
  const pkg = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0].slice(1) || 'index.html';
    if (name === 'index.html')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>');
    try {
      const body = readFileSync(join('www/src/core/pkg', name.replace(/[^a-z_.]/g, '')));
      res
        .writeHead(200, { 'Content-Type': types[name.slice(name.lastIndexOf('.'))] ?? 'text/plain' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => pkg.listen(0, '127.0.0.1', r));
  const bench = await browser.newPage();
  try {
    await bench.goto(`http://127.0.0.1:${pkg.address().port}/`);
    const rounds = await bench.evaluate(async (rule) => {
      const m = await import('/language.js');
      await m.default({ module_or_path: '/language_bg.wasm' });
      const time = (methods) => {
        const sim = new m.Session({
          scenario: 'spring',
          methods,
          dt: 0.001,
          until: 1e5,
          precision: 'f64',
          ...(methods.includes('yours') ? { rule } : {}),
        });
        sim.advance(2000);
        let best = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 5; i++) {
          const began = performance.now();
          const taken = sim.advance(20_000);
          best = Math.min(best, ((performance.now() - began) * 1000) / taken);
        }
        sim.free();
        return best;
      };
      const out = [];
      for (let round = 0; round < 7; round++) out.push([time(['yours']), time(['symplectic-euler'])]);
      return out;
    }, rule);
    const mine = rounds.map(([yours]) => yours);
    const ratios = rounds.map(([yours, theirs]) => yours / theirs);
    console.log(
      `your method: the rule's step alone in Chromium (the language build): median ${pct(mine, 50).toFixed(2)} µs [${Math.min(...mine).toFixed(2)}, ${Math.max(...mine).toFixed(2)}] (budget 10 µs); against symplectic Euler built in: median ${pct(ratios, 50).toFixed(0)}× [${Math.min(...ratios).toFixed(0)}, ${Math.max(...ratios).toFixed(0)}] of 7 interleaved rounds`,
    );
  } finally {
    await bench.close();
    pkg.close();
  }
}

/** 7. A long run, run to the end for 20 s: frame times and the core's live bytes. */
async function longRun(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'lab:frame') window.__frames.push(e.duration);
    }).observe({ entryTypes: ['measure'] });
  });
  await page.goto(
    `http://127.0.0.1:${PORT}/?scenario=spring&methods=${METHODS.join(',')}&dt=0.01&until=1000000`,
  );
  await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('step'));
  const fresh = await page.evaluate(
    () => performance.getEntriesByName('lab:memory:fresh').at(-1)?.detail?.wasmLive,
  );
  await page.evaluate(() => {
    window.__frames = [];
    document.querySelector('#end').click();
  });
  await page.waitForTimeout(20_000);
  const { frames, status, playing } = await page.evaluate(() => ({
    frames: window.__frames,
    status: document.querySelector('#status').textContent,
    playing: performance.getEntriesByName('lab:memory:playing').at(-1)?.detail?.wasmLive,
  }));
  console.log(
    `\nlong run (spring, ${METHODS.length} methods, until = 10⁶ s at dt = 0.01), run to the end for 20 s: ${frames.length} frames, script time a frame p50 ${pct(frames, 50).toFixed(1)} ms, p95 ${pct(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms (budget: every frame ≤ 50 ms); the core's live bytes ${(fresh / 1e6).toFixed(2)} MB fresh, ${(playing / 1e6).toFixed(2)} MB after [${status}]`,
  );
  await page.close();
}
