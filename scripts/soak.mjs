// A flat hour (npm run soak, after npm run build): the 100-mass chain with every method plays on the full
// page while a setting changes every few seconds (speed, dt, a method off and on, f32 and f64, the number of
// masses, the coordinate, a step, a reset). Each minute it starts a fresh run and samples, after a garbage
// collection, the page's JS heap and the core's live bytes (a counting allocator in the studies tier: wasm
// memory itself never shrinks, so its size says little). Frame times are reported, not asserted.
//
//   node scripts/soak.mjs [--minutes N] [--core-only]   (60 minutes by default)
//
// The JS heap is read twice: V8's used size, and, from a heap snapshot, the page's objects: every node but
// compiled code (V8's machine code for the page's functions, made as each gets hot and kept until V8 clears
// it: heap snapshots show the used size's growth over the first quarter hour is that code, not objects)
// and Blink's own objects (outside the JS heap).
//
// Passes when neither the page's objects nor the core's live bytes has grown by more than 10 % after the
// first minute (the last sample against the first minute's); the used size is reported beside them. npm
// test runs two minutes with --core-only, on port 4177, which holds only the core's bytes to the budget (two
// minutes are too few to say anything of the JS heap); the hour holds both.

import { METHOD_IDS, openSite, seeded } from './site.mjs';

const args = process.argv.slice(2);
const minutesAt = args.indexOf('--minutes');
const MINUTES = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 60;
if (!(MINUTES >= 2)) {
  console.error('soak: --minutes must be 2 or more');
  process.exit(2);
}
// Another port may be given (SOAK_PORT), for a soak beside another one.
const PORT = Number(process.env.SOAK_PORT ?? 4175);
const CHECKED = args.includes('--core-only') ? ['wasm'] : ['objects', 'wasm'];
const CHANGE_EVERY_MS = 4000;
const BUDGET = 0.1;

function pct(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const { pick } = seeded(20261122);

/** The bytes of a heap snapshot's nodes that are the page's objects: all but compiled code and Blink's. */
async function pageObjects(cdp) {
  const chunks = [];
  const take = (e) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', take);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', take);
  const { snapshot, nodes } = JSON.parse(chunks.join(''));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [type, size] = [fields.indexOf('type'), fields.indexOf('self_size')];
  let bytes = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const t = types[nodes[i + type]];
    if (t !== 'code' && t !== 'native') bytes += nodes[i + size];
  }
  return bytes;
}

/** The settings a reader changes, each a step through the page's own controls. */
const CHANGES = [
  async (page) => page.selectOption('#speed', pick(['0.5', '1', '2', '5', '10'])),
  async (page) => {
    await page.fill('#dt', pick(['0.001', '0.002', '0.005', '1/500']));
    await page.locator('#dt').dispatchEvent('change');
  },
  async (page) => {
    const method = pick(METHOD_IDS.filter((m) => m !== 'euler'));
    const box = page.locator(`input[name="method"][value="${method}"]`);
    await box.click();
    await page.waitForTimeout(300);
    await box.click();
  },
  async (page) => page.locator(`input[name="precision"][value="${pick(['f32', 'f64'])}"]`).check(),
  async (page) => {
    const field = page.locator('#params input[name="n"]');
    await field.fill(pick(['60', '80', '100']));
    await field.dispatchEvent('change');
  },
  async (page) => {
    const options = await page.locator('#coord option').evaluateAll((o) => o.map((x) => x.value));
    await page.selectOption('#coord', pick(options));
  },
  async (page) => page.click('#step'),
  async (page) => page.click('#reset'),
];

const site = await openSite(PORT);
const failures = [];
try {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => failures.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__frames.push(e.duration);
    }).observe({ entryTypes: ['measure'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(
    `${site.lab}/?scenario=spring-chain&n=100&methods=${METHOD_IDS.join(',')}&dt=0.001&until=1000`,
  );
  await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('step'));

  /** A fresh run of the starting settings, a garbage collection, then the JS heap and the core's bytes. */
  async function sample() {
    await page.selectOption('#speed', '1');
    await page.fill('#dt', '0.001');
    await page.locator('#dt').dispatchEvent('change');
    await page.locator('input[name="precision"][value="f64"]').check();
    const n = page.locator('#params input[name="n"]');
    await n.fill('100');
    await n.dispatchEvent('change');
    await page.click('#reset');
    await page.waitForTimeout(200);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const objects = CHECKED.includes('objects') ? await pageObjects(cdp) : Number.NaN;
    const wasm = await page.evaluate(
      () => performance.getEntriesByName('lab:memory:fresh').at(-1)?.detail?.wasmLive ?? Number.NaN,
    );
    const frames = await page.evaluate(() => window.__frames.splice(0));
    await playing();
    return { heap: usedSize, objects, wasm, frames };
  }

  /** Plays on (a step or a reset pauses; a finished run starts again). */
  async function playing() {
    if ((await page.locator('#play').getAttribute('aria-pressed')) !== 'true') await page.click('#play');
  }

  const samples = [];
  const began = Date.now();
  let changes = 0;
  for (let minute = 1; minute <= MINUTES; minute++) {
    const end = began + minute * 60_000;
    while (Date.now() + CHANGE_EVERY_MS < end) {
      // The first minute makes every kind of change in turn, so that the first sample follows each of the
      // page's paths once (the JS heap holds the code compiled for each); random ones after that.
      await (minute === 1 ? CHANGES[changes % CHANGES.length] : pick(CHANGES))(page);
      changes++;
      await playing();
      await page.waitForTimeout(CHANGE_EVERY_MS);
    }
    await page.waitForTimeout(Math.max(0, end - Date.now()));
    const s = await sample();
    samples.push(s);
    console.log(
      `minute ${minute}: JS heap ${(s.heap / 1e6).toFixed(2)} MB${Number.isFinite(s.objects) ? ` (objects ${(s.objects / 1e6).toFixed(2)} MB)` : ''}, core live ${(s.wasm / 1e6).toFixed(2)} MB; ${s.frames.length} frames, script time a frame p50 ${pct(s.frames, 50).toFixed(2)} ms, p95 ${pct(s.frames, 95).toFixed(2)} ms, max ${Math.max(0, ...s.frames).toFixed(1)} ms`,
    );
  }
  const [first] = samples;
  const last = samples.at(-1);
  const growth = (key) => (last[key] - first[key]) / first[key];
  console.log(
    `\n${MINUTES} minutes, ${changes} changes of setting: after the first minute ${CHECKED.includes('objects') ? `the page's JS objects grew ${(100 * growth('objects')).toFixed(1)} % and ` : ''}the core's live bytes ${(100 * growth('wasm')).toFixed(1)} % (budget ${100 * BUDGET} % each); V8's used heap, compiled code included, ${(100 * growth('heap')).toFixed(1)} %; largest over all: JS heap ${(Math.max(...samples.map((s) => s.heap)) / 1e6).toFixed(2)} MB, core ${(Math.max(...samples.map((s) => s.wasm)) / 1e6).toFixed(2)} MB`,
  );
  if (!Number.isFinite(growth('wasm'))) failures.push("the core's live bytes were not sampled");
  for (const key of CHECKED)
    if (growth(key) > BUDGET) failures.push(`${key} grew ${(100 * growth(key)).toFixed(1)} % (budget 10 %)`);
} finally {
  await site.close();
}
if (failures.length > 0) {
  console.error(`soak: ${failures.length} problem(s):\n  ${[...new Set(failures)].join('\n  ')}`);
  process.exit(1);
}
