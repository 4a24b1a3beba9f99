// The page's budgets, measured (not asserted): npm run bench:page, after npm run build.
//
//  1. First visit: bytes downloaded, gzipped (HTML, JS, CSS, wasm).
//  2. First frame: time from navigation to the first drawn frame, on localhost in headless Chromium.
//  3. Script time per frame, p95, with all ten methods on spring-chain (n = 100) playing at 60 frames a second.
//  4. The wasm stepper against the native core on the same run (Node vs the native binary).

import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
    `spring-chain n=100, ten methods, 1x: ${frames.length} frames in 10 s; script time a frame p50 ${pct(frames, 50).toFixed(2)} ms, p95 ${pct(frames, 95).toFixed(2)} ms, max ${Math.max(...frames).toFixed(2)} ms (budget p95 4 ms) [${status}]\n`,
  );
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
