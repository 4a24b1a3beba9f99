// The smoke checks, written once for every engine against a tiny driver: goto, evaluate (a function run in
// the page, with JSON arguments), click and fill (by CSS selector, as a user would), inFrame (evaluate in
// an iframe), engineErrors (what the engine itself saw: Firefox's console; nothing over classic WebDriver)
// and, where a watchdog may kill the browser, recover. They ask, in few steps, what www/e2e asks in
// Chromium: whether the page works in this engine at all.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CLI = process.env.INTEGRATOR_LAB_CLI ?? 'target/release/integrator-lab';

// Functions evaluated in the page are sent as their text: each must stand alone, using no other function.

/**
 * Collects the page's uncaught errors and policy violations. Firefox installs it before the page's scripts
 * run; WebKit's classic WebDriver has no preload scripts, so there it runs after load, and the page's own
 * notices (the lab turns an uncaught error into one) and the server's CSP reports cover the start.
 */
export function watchPage() {
  if (window.smokeErrors) return;
  const seen = [];
  window.smokeErrors = seen;
  window.addEventListener('error', (e) => seen.push(`uncaught: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection: ${e.reason}`));
  window.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
  );
}

/** What a failure message shows of the page: its status, its notices, the errors seen. */
function pageState() {
  const status = document.querySelector('#status')?.textContent?.trim() ?? '(none)';
  const notices = [...document.querySelectorAll('#notices p')].map((p) => p.textContent.trim());
  const errors = window.smokeErrors ?? [];
  const missed = window.smokeMissed ? `; a click missed: ${window.smokeMissed}` : '';
  return `#status "${status}"; notices ${JSON.stringify(notices)}; errors ${JSON.stringify(errors)}${missed}`;
}

function errorsIn() {
  const notices = [...document.querySelectorAll('#notices p.error')].map((p) => `notice: ${p.textContent}`);
  return [...(window.smokeErrors ?? []), ...notices];
}

function inkedScene() {
  const c = document.querySelector('#scene');
  const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
}

/** When the page first shows a run and its scene (performance.now(), from navigation), or false. */
function firstFrameAt() {
  if (!document.querySelector('#status')?.textContent.includes('step')) return false;
  const c = document.querySelector('#scene');
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return performance.now();
  return false;
}

function statusHas(pattern) {
  const status = document.querySelector('#status')?.textContent ?? '';
  return new RegExp(pattern).test(status) ? status : false;
}

function setValue(selector, value) {
  const e = document.querySelector(selector);
  e.value = value;
  e.dispatchEvent(new Event('input', { bubbles: true }));
  e.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A method's line in a chart: pixels of its swatch's colour, as www/e2e/lab.spec.ts counts them. */
function lineInk(chart, method) {
  const swatch = document.querySelector(`#methods svg.swatch[data-method="${method}"] line`);
  const hex = swatch?.getAttribute('stroke');
  const canvas = document.querySelector(`#chart-${chart} canvas`);
  if (!hex || !canvas) return -1;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8) n++;
  }
  return n;
}

/** The numbers table as shown: [method, { column: text }] for each row. */
function numbersTable() {
  const heads = [...document.querySelectorAll('#numbers thead th')].map((th) => th.textContent.trim());
  return [...document.querySelectorAll('#numbers tbody tr[data-method]')].map((tr) => {
    const cells = tr.querySelectorAll('td');
    return [tr.dataset.method, Object.fromEntries(heads.slice(1).map((h, i) => [h, cells[i]?.textContent]))];
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Retries `attempt` until it returns without throwing; then throws its last error, with `what` said. */
async function eventually(attempt, what, timeout = 20_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      if (Date.now() > end) throw new Error(`${what}: ${e.message}`);
    }
    await sleep(100);
  }
}

/**
 * Polls `fn` in the page until it gives something truthy (not an element: each engine returns those its own
 * way); on timeout says what it waited for and what the page shows.
 */
async function waitFor(d, what, fn, args = [], timeout = 20_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await d.evaluate(fn, ...args);
    if (value) return value;
    if (Date.now() > end) {
      const state = await d.evaluate(pageState).catch((e) => `(page unreadable: ${e.message})`);
      throw new Error(`no ${what} after ${timeout / 1000} s: ${state}`);
    }
    await sleep(100);
  }
}

async function open(d, ctx, url) {
  ctx.violations.length = 0;
  await d.goto(url);
  await d.evaluate(watchPage);
}

/** Throws if the page, the engine or the server saw an error or a policy violation. */
async function clean(d, ctx, where) {
  // The engine posts a violation's report when it gets to it: give it a moment to arrive.
  await sleep(200);
  const errors = [
    ...(await d.evaluate(errorsIn)),
    ...d.engineErrors(),
    ...ctx.violations.map((v) => `CSP report: ${v}`),
  ];
  if (errors.length) throw new Error(`${where}: ${errors.join(' | ')}`);
}

/** Clicks the button whose text is exactly `text`, with the driver's real click. */
async function clickButton(d, text) {
  const found = await d.evaluate((t) => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === t);
    b?.setAttribute('data-smoke', 'target');
    return Boolean(b);
  }, text);
  if (!found) throw new Error(`no button "${text}"`);
  await d.click('[data-smoke="target"]');
  await d.evaluate(() => document.querySelector('[data-smoke]')?.removeAttribute('data-smoke'));
}

function cli(args) {
  if (!existsSync(CLI)) throw new Error(`no CLI at ${CLI} (cargo build --release -p integrator-lab-cli)`);
  return execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
}

const METHODS = ['euler', 'symplectic-euler', 'rk4'];
const SPRING = `?scenario=spring&methods=${METHODS.join()}`;

/** The checks every engine runs, in order (the teacher's takes the worksheet's code). */
export const CHECKS = [
  {
    name: 'the lab loads with no error or CSP violation and draws its first frame',
    async run(d, ctx) {
      await open(d, ctx, `${ctx.lab}/`);
      // By the page's clock, from navigation to the poll that first saw it (polls are 100 ms apart).
      ctx.firstFrame = Math.round(
        await waitFor(d, 'first frame (scene inked, status stepping)', firstFrameAt),
      );
      const inked = await d.evaluate(inkedScene);
      if (inked < 100) throw new Error(`the scene has ${inked} painted pixels`);
      await clean(d, ctx, 'index.html');
    },
  },
  {
    name: 'the other pages load with no error or CSP violation',
    async run(d, ctx) {
      await open(d, ctx, `${ctx.lab}/teacher.html`);
      await waitFor(
        d,
        "teacher's worksheet list",
        () => document.querySelectorAll('#sheet-choice option').length,
      );
      await clean(d, ctx, 'teacher.html');
      await open(d, ctx, `${ctx.lab}/embed.html?scenario=orbit&methods=euler,rk4`);
      await waitFor(d, 'a figure stepping', statusHas, ['step [1-9]']);
      await clean(d, ctx, 'embed.html');
      await open(d, ctx, `${ctx.lab}/docs/worksheets.html`);
      await clean(d, ctx, 'docs/worksheets.html');
    },
  },
  {
    name: 'Play, Step and Run to end',
    async run(d, ctx) {
      await open(d, ctx, `${ctx.lab}/${SPRING}`);
      await waitFor(d, 'a run', statusHas, ['step']);
      await d.click('#reset');
      await waitFor(d, 'step 0 after Reset', statusHas, ['step 0 of']);
      for (let i = 0; i < 3; i++) await d.click('#step');
      await waitFor(d, 'step 3 after three Steps', statusHas, ['step 3 of']);
      await d.click('#play');
      await waitFor(d, 'the run playing past step 3', statusHas, ['step ([4-9]|\\d\\d+) of .*playing']);
      await d.click('#play');
      await waitFor(d, 'the run paused', statusHas, ['paused']);
      await d.click('#end');
      await waitFor(d, 'the run finished', statusHas, ['finished'], 45_000);
      await clean(d, ctx, 'the lab');
    },
  },
  {
    name: "the numbers after Run to end are the CLI's",
    async run(d, ctx) {
      await open(d, ctx, `${ctx.lab}/${SPRING}`);
      await waitFor(d, 'a run', statusHas, ['step']);
      const [dt, until] = await d.evaluate(() => [
        document.querySelector('#dt').value,
        document.querySelector('#until').value,
      ]);
      await d.click('#end');
      await waitFor(d, 'the run finished', statusHas, ['finished'], 45_000);
      // "Every digit": the table shows the CSV's text instead of six figures.
      // The details below the scene are laid out only near the screen (content-visibility: auto), and
      // WebKit's WebDriver judges a click before the scroll it makes has laid them out: scroll as a reader
      // would, let a frame pass, then click.
      // The methods' facts arrive with the studies, a second after the first frame or later on a loaded
      // machine, and the prose they fill in above the tables moves the checkbox down (325 px measured): a
      // click aimed before then lands where it was. Wait for them, as a reader waits for a page to settle.
      await waitFor(d, "the methods' facts", () => {
        const facts = document.querySelector('#methods-facts')?.textContent ?? '';
        return facts !== '' && !facts.includes('coming');
      });
      await d.evaluate(() => document.querySelector('#all-digits').scrollIntoView({ block: 'center' }));
      await sleep(300);
      if (!(await d.evaluate(() => document.querySelector('#all-digits').checked)))
        await d.click('#all-digits');
      await waitFor(
        d,
        '"Every digit" checked by the click',
        () => {
          const box = document.querySelector('#all-digits');
          if (box.checked) return true;
          // What the click may have met instead, for the failure message.
          const r = box.getBoundingClientRect();
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          window.smokeMissed = `${at?.tagName ?? 'nothing'}${at?.id ? `#${at.id}` : ''} at its centre`;
          return false;
        },
        [],
        5_000,
      );
      const csv = cli([
        'run',
        '--scenario',
        'spring',
        '--method',
        METHODS.join(),
        '--dt',
        dt,
        '--until',
        until,
      ]);
      const [header, ...rows] = csv
        .trim()
        .split('\n')
        .map((line) => line.split(','));
      const last = new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
      // The table is redrawn with every digit on the next frame.
      await eventually(async () => {
        const shown = new Map(await d.evaluate(numbersTable));
        for (const method of METHODS) {
          const [page, expected] = [shown.get(method), last.get(method)];
          if (!page) throw new Error(`no row for ${method} in the table`);
          for (const name of ['step', 'x']) {
            if (page[name] !== expected[name])
              throw new Error(`${method} ${name}: page ${page[name]}, CLI ${expected[name]}`);
          }
        }
      }, `dt=${dt} until=${until}`);
      await clean(d, ctx, 'the lab');
    },
  },
  {
    name: 'a worksheet hands in',
    async run(d, ctx) {
      await open(d, ctx, `${ctx.lab}/?worksheet=fiedler`);
      await waitFor(d, 'the name field', () => Boolean(document.querySelector('#student-name')));
      await d.fill('#student-name', 'Ada Lovelace');
      await d.click('.start-form button[type="submit"]');
      await waitFor(d, 'the worksheet started', () =>
        document.querySelector('.worksheet-who')?.textContent.includes('Ada Lovelace'),
      );
      const answer = async (text, expected) => {
        await d.fill('#task-answer', text);
        await d.click('.task-form button[type="submit"]');
        const said = (e) => document.querySelector('#task-feedback')?.textContent.includes(e);
        await waitFor(d, `feedback "${expected}" to ${text}`, said, [expected]);
      };
      await answer('500', 'Your prediction: 500');
      await clickButton(d, 'Next →');
      await waitFor(
        d,
        'task 2',
        () => document.querySelector('#task-heading')?.textContent === 'Task 2 of 6',
      );
      await answer('50,0 m', 'Right');
      await d.click('#hand-in');
      ctx.code = await waitFor(d, 'a hand-in code', () => {
        const code = document.querySelector('#hand-in-code')?.value ?? '';
        return /^IL1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}$/.test(code) && code;
      });
      // The CLI grades the code the page made as the page graded the answers.
      const graded = cli(['worksheet', 'fiedler', '--answers', ctx.code]);
      // Tasks 1 and 4 are predictions, scored apart from the score.
      for (const line of [
        '1. wrong: 500',
        '2. right: 50,0 m',
        'score: 1/3 (predictions 0/2, not in the score)',
      ]) {
        if (!graded.includes(line)) throw new Error(`the CLI grades the code without "${line}": ${graded}`);
      }
      await clean(d, ctx, 'the worksheet');
    },
  },
  {
    name: "teacher.html takes the hand-in's code",
    async run(d, ctx) {
      if (!ctx.code) throw new Error('no code: the worksheet did not hand in');
      await open(d, ctx, `${ctx.lab}/teacher.html`);
      const listed = () => Boolean(document.querySelector('#sheet-choice option[value=fiedler]'));
      await waitFor(d, 'the fiedler worksheet in the list', listed);
      await d.evaluate(setValue, '#sheet-choice', 'fiedler');
      await d.fill('#codes', ctx.code);
      await waitFor(d, "Ada's row, 1/3 and her predictions 0/2", () => {
        const rows = document.querySelectorAll('#class-table tbody tr');
        const text = rows[0]?.textContent ?? '';
        return (
          rows.length === 1 && text.includes('Ada Lovelace') && text.includes('1/3') && text.includes('0/2')
        );
      });
      await clean(d, ctx, 'teacher.html');
    },
  },
  {
    name: 'an embed on another origin fits its frame',
    async run(d, ctx) {
      await open(d, ctx, `${ctx.blog}/post.html`);
      const frame = () => document.querySelector('integrator-lab').shadowRoot.querySelector('iframe');
      // The element makes its frame once it is in view: the post is short, so at once.
      await waitFor(d, "the figure's frame", () =>
        Boolean(document.querySelector('integrator-lab')?.shadowRoot?.querySelector('iframe')),
      );
      await d.inFrame(frame, watchPage);
      const stepping = () => /step [1-9]/.test(document.querySelector('#status')?.textContent ?? '');
      await eventually(async () => {
        if (!(await d.inFrame(frame, stepping))) throw new Error('it is not stepping');
      }, 'the figure');
      // Nothing cut off: the figure lays itself out in the height its frame was given, and where it cannot
      // fit, it tells the element its height across the origins and the frame grows to it.
      await eventually(async () => {
        const content = await d.inFrame(frame, () =>
          Math.ceil(document.documentElement.getBoundingClientRect().height),
        );
        const [height, told] = await d.evaluate(() => [
          document.querySelector('integrator-lab').shadowRoot.querySelector('iframe').offsetHeight,
          window.reportedHeights,
        ]);
        if (content > height + 1) throw new Error(`frame ${height} px, content ${content} px: cut off`);
        if (told.length && Math.abs(height - told.at(-1)) > 1)
          throw new Error(`the figure told ${told.at(-1)} px, its frame is ${height} px`);
      }, 'the figure fitting its frame');
      const inked = await d.inFrame(frame, inkedScene);
      if (inked < 1000) throw new Error(`the figure's scene has ${inked} painted pixels`);
      const errors = await d.inFrame(frame, errorsIn);
      if (errors.length) throw new Error(`in the figure: ${errors.join(' | ')}`);
      await clean(d, ctx, 'the post');
    },
  },
];

/** WebKit with LANG=C.UTF-8: navigator.language is "C", an invalid tag to Intl; the lab must work anyway. */
export const C_LOCALE = {
  name: 'the lab works when navigator.language is "C"',
  async run(d, ctx) {
    await open(d, ctx, `${ctx.lab}/`);
    const language = await d.evaluate(() => navigator.language);
    const what = `first frame with navigator.language "${language}"`;
    await waitFor(d, what, firstFrameAt, [], 15_000).catch(async (e) => {
      // The page's error may come before WebKit's watch is installed: say what Intl makes of the tag.
      const intl = await d.evaluate(() => {
        try {
          new Intl.NumberFormat(navigator.language);
          return 'accepts it';
        } catch (err) {
          return `throws ${err}`;
        }
      });
      throw new Error(`${e.message}; new Intl.NumberFormat(navigator.language) ${intl}`);
    });
    await clean(d, ctx, `navigator.language "${language}"`);
  },
};

/**
 * WebKit's default renderer (no WEBKIT_DISABLE_DMABUF_RENDERER): on the default spring explicit Euler's x
 * reaches ~1e30 by until=90, and its line must still be drawn in x(t) and in the phase portrait. RK4's line,
 * whose values stay small, tells a missing line from a chart not drawn at all.
 */
export const EULER_LINE = {
  name: "explicit Euler's line at until=90 is drawn (default renderer)",
  async run(d, ctx) {
    await open(d, ctx, `${ctx.lab}/${SPRING}&until=90`);
    await waitFor(d, 'a run', statusHas, ['step']);
    await d.click('#end');
    await waitFor(d, 'the run finished', statusHas, ['finished'], 60_000);
    await eventually(
      async () => {
        const seen = {};
        for (const chart of ['position', 'phase']) {
          for (const method of ['euler', 'rk4'])
            seen[`${chart} ${method}`] = await d.evaluate(lineInk, chart, method);
        }
        const pixels = `pixels of each colour: ${JSON.stringify(seen)}`;
        if (seen['position rk4'] < 50 || seen['phase rk4'] < 50)
          throw new Error(`charts not drawn (${pixels})`);
        if (seen['position euler'] < 50 || seen['phase euler'] < 50)
          throw new Error(`euler's line is missing (${pixels})`);
      },
      'after Run to end',
      10_000,
    );
    await clean(d, ctx, 'the lab');
  },
};
