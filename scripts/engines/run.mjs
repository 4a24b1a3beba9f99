// The built site in Firefox and in WebKitGTK (Safari's engine), as Debian ships them: a smoke suite beside
// the Chromium one (www/e2e), for what only another engine gets wrong. Usage:
//   node scripts/engines/run.mjs [SITE_DIR]     (default $SITE_DIR, else www/dist)
// One line per check, each engine's first-frame time, then "engines: N passed, N failed". SKIP_ENGINES=1
// skips it all; ENGINES_TIMEOUT (seconds, default 180) bounds the whole run.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { C_LOCALE, CHECKS, EULER_LINE } from './checks.mjs';
import { killAll } from './children.mjs';
import { FIREFOX, firefox } from './firefox.mjs';
import { policyHeaders, serveBlog, serveSite } from './serve.mjs';
import { startXvfb, webkit, webkitInstalled } from './webkit.mjs';

const CHECK_TIMEOUT = 90_000;
const began = Date.now();
let passed = 0;
let failed = 0;

function finish(code) {
  console.log(`engines: ${passed} passed, ${failed} failed`);
  killAll();
  process.exit(code);
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log(`FAIL engines: stopped by ${signal}`);
    failed++;
    finish(1);
  });
}

if (process.env.SKIP_ENGINES === '1') {
  console.log('engines: skipped (SKIP_ENGINES=1)');
  process.exit(0);
}
if (!existsSync(FIREFOX) || !webkitInstalled()) {
  console.log(
    'engines: Firefox/WebKit missing: apt-get install -y firefox-esr webkit2gtk-driver xvfb (or SKIP_ENGINES=1)',
  );
  process.exit(1);
}
const site = process.argv[2] ?? process.env.SITE_DIR ?? 'www/dist';
if (!existsSync(join(site, 'index.html'))) {
  console.log(`engines: no built site in ${site} (npm run build)`);
  process.exit(1);
}

const limit = Number(process.env.ENGINES_TIMEOUT ?? 180);
setTimeout(() => {
  console.log(`FAIL engines: not done in ${limit} s, stopped (ENGINES_TIMEOUT)`);
  failed++;
  finish(1);
}, limit * 1000);

const headers = await policyHeaders();

/** Runs `checks` in a browser from `open`, against servers of its own (so violations are its own). */
async function engine(name, open, checks) {
  const violations = [];
  const lab = await serveSite(site, headers, (v) => violations.push(v));
  const blog = await serveBlog(lab.url);
  const ctx = { lab: lab.url, blog: blog.url, violations };
  let d;
  try {
    d = await open();
  } catch (e) {
    for (const check of checks) {
      console.log(`FAIL ${name} ${check.name}: the browser did not start: ${e.message}`);
      failed++;
    }
  }
  for (const why of d?.restarts ?? []) console.log(`note ${name}: started again: ${why}`);
  for (const check of d ? checks : []) {
    const start = Date.now();
    const running = check.run(d, ctx);
    // A check given up on may still fail later: that is not a crash of the suite.
    running.catch(() => {});
    let timer;
    try {
      await Promise.race([
        running,
        new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error(`took over ${CHECK_TIMEOUT / 1000} s`)), CHECK_TIMEOUT);
        }),
      ]);
      console.log(`ok ${name} ${check.name} (${Date.now() - start} ms)`);
      passed++;
    } catch (e) {
      // A driver's error may carry only its name (selenium's, for one): say where it came from then.
      const why = e.message || `${e.name} with no message at ${e.stack?.split('\n')[1]?.trim()}`;
      console.log(`FAIL ${name} ${check.name}: ${why.replaceAll('\n', ' ')}`);
      failed++;
      await d.recover?.().catch(() => {});
    } finally {
      clearTimeout(timer);
    }
  }
  if (checks.includes(CHECKS[0])) {
    console.log(`${name} first frame: ${ctx.firstFrame === undefined ? 'none' : `${ctx.firstFrame} ms`}`);
  }
  await d?.close();
  lab.close();
  blog.close();
}

const x = await startXvfb();
// Firefox and WebKit side by side: on two cores the suite takes about as long as its slower engine.
await Promise.all([
  engine('firefox', firefox, CHECKS),
  (async () => {
    await engine('webkit', () => webkit({ display: x.display }), CHECKS);
    // LANG=C.UTF-8 makes navigator.language "C", which Intl refuses.
    await engine('webkit-C-locale', () => webkit({ display: x.display, lang: 'C.UTF-8' }), [C_LOCALE]);
    await engine('webkit-default-renderer', () => webkit({ display: x.display, dmabuf: true }), [EULER_LINE]);
  })(),
]);
x.close();
console.log(`engines: wall time ${((Date.now() - began) / 1000).toFixed(1)} s`);
finish(failed ? 1 : 0);
