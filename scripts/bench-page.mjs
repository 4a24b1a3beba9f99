// The page's budgets, measured (not asserted): npm run bench:page, after npm run build.
//
//  1. What the build holds, file by file (bytes, gzipped).
//  2. The main thread in five situations (five interleaved rounds, medians [min, max]): the default page's
//     start, with its first visit's bytes (until the first frame and a second; after it; the service
//     worker's precache apart) and its first frame; a report card; a long run, run to the end; the chain of
//     100 masses with every method, with its first frame and its frames' script time; a run to its end, to
//     a second after it finishes. Each: the longest task the browser's long-task observer reports.
//  3. The wasm stepper against the native core on the same run (Node against the native binary), both
//     families, interleaved.
//  4. Embeds: an embed's first frame after its page starts loading; what one embed transfers (counted from
//     the network, gzipped); ten figures on a host page with two on screen: each visible figure's script
//     time a frame (in its own frame), and the frames the others draw.
//  5. Your method: a two-line rule's step on the spring (in the page, run to the end, drawing included; and
//     the step alone in Chromium, interleaved with symplectic Euler).
//  6. A long run: until = 10⁶ s at dt = 0.01 (10⁸ steps) with every method, run to the end for 20 s: the
//     frames' script time (the longest included) and the core's live bytes, fresh and after.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
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

// 2, 4, 5, 6. In Chromium, against the built site: the main thread in four situations, five interleaved rounds.
const site = await openSite(PORT);
const browser = site.browser;
try {
  await situations(browser, site.lab);
  await embeds(browser);
  await yourMethodStep(browser);
  await longRunMemory(browser);
} finally {
  await site.close();
}

// 3. wasm (Node) against native on the same runs, interleaved (native, wasm, native, wasm…) so that the
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

/** The median of `values` and their min and max, as "median [min, max]" to `digits`. */
function spread(values, digits = 0) {
  return `${pct(values, 50).toFixed(digits)} [${Math.min(...values).toFixed(digits)}, ${Math.max(...values).toFixed(digits)}]`;
}

/**
 * 2. The page's main thread in the five situations a person notices, each in a fresh context (an
 * empty cache), five rounds interleaved (start, card, long run, chain, run to its end, start, …) so that the machine's noise
 * falls on all alike: the longest task the browser's long-task observer reports (0: none over 50 ms), with
 * the first frame, the first visit's bytes and the frames' script time where they belong.
 */
async function situations(browser, lab) {
  const rule = 'v = v + a(x, v, t) * dt;\nx = x + v * dt;\n';
  const all = METHODS.join(',');
  /** A fresh page that records its long tasks and the frames' script time from its start. */
  async function fresh() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      window.__long = [];
      window.__frames = [];
      window.__between = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      // A frame's script, and a run to the end's stepping between frames (app.ts: `between`).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.name === 'lab:frame') window.__frames.push(e.duration);
          if (e.name === 'lab:between') window.__between.push(e.duration);
        }
      }).observe({ type: 'measure', buffered: true });
    });
    return { context, page: await context.newPage() };
  }
  const longest = (page, after = 0) =>
    page.evaluate(
      (after) => Math.max(0, ...window.__long.filter(([t]) => t >= after).map(([, d]) => d)),
      after,
    );
  const firstFrame = (page) =>
    page
      .waitForFunction(() => performance.getEntriesByName('lab:first-frame').length > 0)
      .then(() => page.evaluate(() => performance.getEntriesByName('lab:first-frame')[0].startTime));

  const measured = {
    start: [],
    firstFrame: [],
    window: [],
    later: [],
    precache: [],
    card: [],
    cardMs: [],
    long: [],
    longFrame: [],
    longBetween: [],
    longSteps: [],
    end: [],
    endMs: [],
    chain: [],
    chainFirst: [],
    chainP95: [],
  };
  let rows = [];
  for (let round = 0; round < 5; round++) {
    // Start: the default page on a first visit, for four seconds. Every response of the lab's origin,
    // gzipped as a host would send it, counted in the first visit's window (until the first frame and a
    // second more) or after it; the service worker's precache apart.
    {
      const { context, page } = await fresh();
      const bodies = [];
      context.on('response', (r) => {
        if (!r.url().startsWith(lab)) return;
        const at = Date.now();
        const path = r.url().slice(lab.length).split('?')[0];
        const kind = r.request().serviceWorker() ? 'precache' : 'page';
        // A service worker's responses have no body to read here: the built file it fetched is counted.
        const built = () =>
          gzipSync(readFileSync(join(DIST, path === '/' ? 'index.html' : path)), { level: 9 }).length;
        bodies.push(
          (kind === 'precache' ? Promise.resolve(Buffer.alloc(0)) : r.body()).then(
            (b) => ({ path, kind, at, gz: kind === 'precache' ? built() : gzipSync(b, { level: 9 }).length }),
            () => ({ path, kind, at, gz: 0 }),
          ),
        );
      });
      await page.goto(`${lab}/`);
      const first = await firstFrame(page);
      await page.waitForTimeout(4000);
      const origin = await page.evaluate(() => performance.timeOrigin);
      const closes = origin + first + 1000;
      const got = await Promise.all(bodies);
      const sum = (f) => got.filter(f).reduce((n, b) => n + b.gz, 0) / 1024;
      measured.firstFrame.push(first);
      measured.window.push(sum((b) => b.kind === 'page' && b.at <= closes));
      measured.later.push(sum((b) => b.kind === 'page' && b.at > closes));
      measured.precache.push(sum((b) => b.kind === 'precache'));
      measured.start.push(await longest(page));
      if (round === 0)
        rows = got.map((b) => ({
          ...b,
          when: b.kind === 'precache' ? 'precache' : b.at <= closes ? 'window' : 'later',
        }));
      await context.close();
    }
    // A report card on the default spring: click to card, and the longest task meanwhile.
    {
      const { context, page } = await fresh();
      await page.goto(`${lab}/?methods=euler,yours&rule=${encodeURIComponent(rule)}`);
      await page.waitForFunction(() => !document.querySelector('#rule-grade')?.disabled);
      await page.waitForTimeout(1000);
      const { ms, since } = await page.evaluate(async () => {
        const since = performance.now();
        document.querySelector('#rule-grade').click();
        while (!document.querySelector('#rule-card li')) await new Promise((r) => setTimeout(r, 5));
        return { ms: performance.now() - since, since };
      });
      measured.cardMs.push(ms);
      measured.card.push(await longest(page, since));
      await context.close();
    }
    // A long run: every method on the spring to 10⁶ s, Run to end, for ten seconds.
    {
      const { context, page } = await fresh();
      await page.goto(`${lab}/?scenario=spring&methods=${all}&dt=0.01&until=1000000`);
      await firstFrame(page);
      await page.waitForTimeout(1000);
      const since = await page.evaluate(() => {
        window.__frames = [];
        document.querySelector('#end').click();
        return performance.now();
      });
      await page.waitForTimeout(10_000);
      measured.long.push(await longest(page, since));
      measured.longFrame.push(await page.evaluate(() => Math.max(...window.__frames)));
      measured.longBetween.push(await page.evaluate(() => Math.max(0, ...window.__between)));
      measured.longSteps.push(
        await page.evaluate(() =>
          Number(/step (\d+)/.exec(document.querySelector('#status').textContent)?.[1] ?? 0),
        ),
      );
      await context.close();
    }
    // A run to its end: every method on the spring for 200,000 steps, from Run to end to a second after the
    // run has finished (its last frames draw every chart with the whole run).
    {
      const { context, page } = await fresh();
      await page.goto(`${lab}/?scenario=spring&methods=${all}&dt=0.1&until=20000`);
      await firstFrame(page);
      await page.waitForTimeout(1000);
      const { since, ms } = await page.evaluate(async () => {
        const since = performance.now();
        document.querySelector('#end').click();
        while (!document.querySelector('#status').textContent.includes('finished'))
          await new Promise((r) => setTimeout(r, 5));
        return { since, ms: performance.now() - since };
      });
      await page.waitForTimeout(1000);
      measured.end.push(await longest(page, since));
      measured.endMs.push(ms);
      await context.close();
    }
    // The chain of 100 masses with every method, playing, from the start for twelve seconds.
    {
      const { context, page } = await fresh();
      await page.goto(`${lab}/?scenario=spring-chain&n=100&methods=${all}&until=1000`);
      measured.chainFirst.push(await firstFrame(page));
      await page.waitForTimeout(2000);
      await page.evaluate(() => {
        window.__frames = [];
      });
      await page.waitForTimeout(10_000);
      measured.chain.push(await longest(page));
      measured.chainP95.push(await page.evaluate(() => window.__frames).then((f) => pct(f, 95)));
      await context.close();
    }
  }
  console.log('the first visit, file by file (round 1): path, gzipped bytes, when');
  for (const r of rows) console.log(`  ${r.path}, ${r.gz}, ${r.when}`);
  console.log(
    `\nfive interleaved rounds, median [min, max]; the machine's load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min) on ${cpus().length} cores`,
  );
  console.log(
    `first visit: ${spread(measured.window, 1)} KB gzipped until the first frame and a second (budget 160 KB); ${spread(measured.later, 1)} KB after it; the service worker's precache ${spread(measured.precache, 1)} KB`,
  );
  console.log(`first frame of the default page: ${spread(measured.firstFrame)} ms (budget 300 ms)`);
  console.log(`longest main-thread task (0: none over 50 ms; budget: none over 50 ms):`);
  console.log(
    `  1. start (the default page, from its start to 4 s after its first frame): ${spread(measured.start)} ms`,
  );
  console.log(
    `  2. a report card (click to card ${spread(measured.cardMs)} ms): ${spread(measured.card)} ms`,
  );
  console.log(
    `  3. a long run (spring, ${METHODS.length} methods, until = 10⁶ s, Run to end for 10 s): ${spread(measured.long)} ms; the longest frame's script ${spread(measured.longFrame, 1)} ms, the longest stepping between frames ${spread(measured.longBetween, 1)} ms; steps taken in the 10 s ${spread(measured.longSteps)}`,
  );
  console.log(
    `  4. the chain (n = 100, ${METHODS.length} methods, its first 12 s): ${spread(measured.chain)} ms; first frame ${spread(measured.chainFirst)} ms (budget 300 ms); script a frame p95 ${spread(measured.chainP95, 2)} ms (budget 2 ms)`,
  );
  console.log(
    `  5. a run to its end (spring, ${METHODS.length} methods, 200,000 steps, from Run to end to a second after it finishes, in ${spread(measured.endMs)} ms): ${spread(measured.end)} ms\n`,
  );
}

/** 4. Embeds, from a host page on another site (a local server at localhost; the lab is at 127.0.0.1), as a
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

/** 5. Your method: a rule's step, in the page and alone. */
async function yourMethodStep(browser) {
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

/** 6. A long run, run to the end for 20 s: frame times and the core's live bytes. */
async function longRunMemory(browser) {
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
  // The core's live bytes are counted by the studies tier, which the page steps with a second after its
  // first frame (the facts come with it).
  await page.waitForFunction(() =>
    document.querySelector('small.facts[data-method="rk4"]')?.textContent?.includes('order'),
  );
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
