// The page under random input, against the built site (npm run fuzz; CI runs it with --short):
//
//  1. Random URLs: keys the page reads and others, values from NaN, ±inf, fractions, empty strings, huge and
//     negative numbers to words. Each must load with no uncaught error and no console error, never blank (a
//     status line or a notice), and every key the page drops from its canonical URL named in a notice
//     (tracking keys aside, which are dropped silently).
//  2. Random clicks, keys, slider moves and field edits on the lab, an embedded figure and a worksheet:
//     zero uncaught errors.
//
// A page that stops answering (a frozen main thread) is reported as a failure with what froze it, and the
// run goes on in a fresh tab: no step waits longer than its deadline.
//
// Counts are printed; the exit status is 1 if any check failed. Usage: node scripts/fuzz-page.mjs
// [--urls N] [--seconds S] [--short] (short: 100 URLs, 60 s of random input; default 2,000 and 600).

import { CATALOGUE, isTrackingKey, METHOD_IDS, openSite, SCENARIO_IDS, seeded } from './site.mjs';

const args = process.argv.slice(2);
const short = args.includes('--short');
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const URLS = option('--urls', short ? 100 : 2000);
const SECONDS = option('--seconds', short ? 60 : 600);
const PORT = 4176;

const { random, pick } = seeded(20261122);

/** A page that has not answered within its deadline. */
class Hung extends Error {}

/** `work`, or a `Hung` error once `ms` have passed without it settling. */
function within(ms, work, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Hung(`no answer in ${ms / 1000} s: ${what}`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Closes a tab, frozen or not, without waiting on it for long. */
async function discard(tab) {
  await within(10_000, tab.close({ runBeforeUnload: false }), 'closing a tab').catch(() => {});
}

const SCENARIOS = [...SCENARIO_IDS, 'custom', 'nope', ''];
const METHODS = [...METHOD_IDS, 'yours', 'rk5', ''];
const VALUES = [
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '1/0',
  '0/0',
  '1/60',
  '0.0001',
  '1e-300',
  '5e-324',
  '123456789',
  'abc',
  '%',
  '%%20',
  '1,5',
  ' 2',
  '−3',
  '\u00e9',
  'x'.repeat(300),
];
// The core's own keys and every scenario's parameters, and keys no one reads: tracking keys and a few names.
const KEYS = [
  ...CATALOGUE.reservedKeys,
  ...new Set(CATALOGUE.scenarios.flatMap((s) => s.params.map((p) => p.name))),
  'zeta',
  'Details',
  'utm_source',
  'fbclid',
  'gclid',
  '',
];

function value(key) {
  if (key === 'scenario') return pick(SCENARIOS);
  if (key === 'methods')
    return Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(METHODS)).join(',');
  if (key === 'runs') return `${pick(METHODS)}@${pick(VALUES)},${pick(METHODS)}@0.05`;
  if (key === 'precision') return pick(['f32', 'f64', 'f16', '']);
  if (key === 'views') return pick(['scene,energy', 'table', 'bogus', '']);
  if (key === 'worksheet') return pick(['fiedler', 'nope', 'text:abc', '']);
  // A student's rule or force: good ones, broken ones, runaway ones, empty ones.
  if (key === 'rule')
    return pick([
      'v = v + a(x, v, t) * dt;\nx = x + v * dt;',
      'x = x + v ^ 2;',
      'while true { }',
      'x = x / 0;',
      'start { let n = 0 }',
      '',
    ]);
  if (key === 'force')
    return pick([
      'param k = 4 in (0, 100]\nstart x = 1, v = 0\na = -k * x',
      'start x = 1, y = 0, vx = 0, vy = 1\na = -x, -y',
      'start x = 1, v = 0\na = -q * x',
      'param t = 1 in [0, 1]',
      '',
    ]);
  return random() < 0.5 ? pick(VALUES) : String((random() - 0.3) * 10 ** Math.floor(random() * 8 - 3));
}

function randomQuery() {
  const pairs = [];
  for (let i = 0, n = 1 + Math.floor(random() * 5); i < n; i++) {
    const key = pick(KEYS);
    pairs.push([key, value(key)]);
  }
  return pairs;
}

const site = await openSite(PORT);
const browser = site.browser;
const LAB = site.lab;
let failed = 0;
try {
  // 1. URLs.
  const errors = [];
  const open = async () => {
    const tab = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    tab.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    tab.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    return tab;
  };
  let page = await open();
  const problems = { errors: 0, blank: 0, unnamed: 0, frozen: 0 };
  for (let i = 0; i < URLS; i++) {
    const pairs = randomQuery();
    const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const path = pick(['/', '/', '/embed.html']);
    errors.length = 0;
    try {
      await within(60_000, check(path, query, pairs), `${path}?${query}`);
    } catch (e) {
      if (!(e instanceof Hung)) throw e;
      problems.frozen++;
      failed++;
      console.log(`frozen: ${e.message}`);
      await discard(page);
      page = await open();
    }
  }

  /** One URL's checks (see the top of this file). */
  async function check(path, query, pairs) {
    await page.goto(`${LAB}${path}?${query}`);
    // The page is read once its run is made (its notices about the URL are shown by then: an early one, such
    // as theme='s, comes before the core has read the rest), or after ten seconds, when a page that could
    // make no run must at least say why.
    await page
      .waitForFunction(() => /step/.test(document.querySelector('#status')?.textContent ?? ''), null, {
        timeout: 10_000,
      })
      .catch(() => {});
    const status = (await page.textContent('#status').catch(() => '')) ?? '';
    const notices = (await page.locator('#notices .notice-text').allTextContents()).join(' | ');
    if (errors.length) {
      problems.errors++;
      failed++;
      console.log(`errors on ${path}?${query}: ${errors.join('; ')}`);
    }
    if (!status.trim() && !notices.trim()) {
      problems.blank++;
      failed++;
      console.log(`blank: ${path}?${query}`);
    }
    // Every key the page read and dropped is named in a notice (the full page only: a figure keeps its look
    // keys in its own URL, and the full page passes a figure's own keys over: ui/look.ts's LOOK_KEYS but theme).
    if (path === '/') {
      const kept = new URLSearchParams(new URL(page.url()).search);
      const dropped = [...new Set(pairs.map(([k]) => k))].filter(
        (k) =>
          k &&
          !kept.has(k) &&
          !isTrackingKey(k) &&
          !['views', 'controls', 'autoplay', 'sync', 'bg', 'title'].includes(k),
      );
      // A run is named by itself ("Ignored run 'rk5@0.05'…"), the others by their key.
      const named = (k) => notices.includes(k) || (k === 'runs' && notices.includes('Ignored run'));
      const unnamed = dropped.filter((k) => !named(k));
      if (unnamed.length) {
        problems.unnamed++;
        failed++;
        console.log(
          `dropped without a notice (${unnamed.join(', ')}): ?${query} → ${page.url()} [${notices}]`,
        );
      }
    }
  }
  console.log(
    `URLs: ${URLS}; with an error: ${problems.errors}; blank: ${problems.blank}; a dropped key not named: ${problems.unnamed}; frozen: ${problems.frozen}`,
  );
  await discard(page);

  // 2. Random input.
  const places = [
    `${LAB}/?scenario=spring-chain&n=20&methods=euler,rk4,implicit-euler`,
    `${LAB}/embed.html?scenario=orbit&methods=euler,symplectic-euler&controls=full&views=scene,energy,table`,
    `${LAB}/?worksheet=fiedler`,
  ];
  let uncaught = 0;
  let frozen = 0;
  let actions = 0;
  const end = Date.now() + SECONDS * 1000;
  for (let p = 0; Date.now() < end; p = (p + 1) % places.length) {
    const tab = await browser.newPage({ viewport: { width: pick([390, 1024]), height: 800 } });
    tab.on('pageerror', (e) => {
      uncaught++;
      console.log(`uncaught on ${places[p]}: ${e.message}`);
    });
    tab.on('popup', (popup) => popup.close().catch(() => {}));
    try {
      await within(60_000, start(tab, places[p]), `opening ${places[p]}`);
      const stop = Math.min(end, Date.now() + 20_000);
      while (Date.now() < stop) {
        actions++;
        // Each action within a deadline; one that times out is asked whether the page still answers.
        await within(20_000, act(tab), `an action on ${places[p]}`).catch(async (e) => {
          if (!(e instanceof Hung)) throw e;
          await within(10_000, tab.evaluate('1'), `${places[p]}, after an action that did not end`);
        });
      }
    } catch (e) {
      if (!(e instanceof Hung)) throw e;
      frozen++;
      console.log(`frozen: ${e.message}`);
    }
    await discard(tab);
  }
  console.log(
    `random input: ${SECONDS} s, ${actions} actions on the lab, a figure and a worksheet; uncaught errors: ${uncaught}; frozen pages: ${frozen}`,
  );
  failed += uncaught + frozen;
} finally {
  await site.close();
}
process.exit(failed > 0 ? 1 : 0);

/** Opens a place for random input (a worksheet's with a student's name given). */
async function start(tab, place) {
  await tab.goto(place);
  if (place.includes('worksheet')) {
    await tab.fill('#student-name', 'Monkey').catch(() => {});
    await tab.press('#student-name', 'Enter').catch(() => {});
  }
}

/** One random action: a click, a key, a field's edit, a menu's choice or a slider's move. */
async function act(tab) {
  const kind = random();
  try {
    if (kind < 0.45) {
      const targets = tab.locator(
        'button:visible, summary:visible, input[type=checkbox]:visible, input[type=radio]:visible',
      );
      const n = await targets.count();
      if (n) await targets.nth(Math.floor(random() * n)).click({ timeout: 500, force: false });
    } else if (kind < 0.65) {
      await tab.keyboard.press(pick(['Space', 'ArrowRight', 'Tab', 'Enter', 'Escape', 'Shift+Tab']));
    } else if (kind < 0.85) {
      const fields = tab.locator('input[type=text]:visible, input:not([type]):visible, textarea:visible');
      const n = await fields.count();
      if (n) {
        const f = fields.nth(Math.floor(random() * n));
        if (await f.isEditable()) {
          await f.fill(pick(VALUES), { timeout: 500 });
          await f.press('Enter', { timeout: 500 });
        }
      }
    } else {
      const selects = tab.locator('select:visible');
      const n = await selects.count();
      if (n) {
        const s = selects.nth(Math.floor(random() * n));
        const options = await s.locator('option').evaluateAll((o) => o.map((x) => x.value));
        if (options.length) await s.selectOption(pick(options), { timeout: 500 });
      }
      const ranges = tab.locator('input[type=range]:visible');
      const r = await ranges.count();
      if (r) await ranges.nth(Math.floor(random() * r)).fill(String(random() * 4), { timeout: 500 });
    }
  } catch {
    // An element that went away or stayed busy: the next action goes on.
  }
}
