// In front of a class: what a first-year student meets on the default page, on a phone and from the
// keyboard, each point as it was seen on screen: the lesson visible at the default settings, names people
// read, numbers that look right, words a student knows, and nothing that looks broken.

import { expect, type Locator, type Page, test } from '@playwright/test';
import { watch } from './helpers';

/** A line's colour as its legend entry draws it, in the chart `chart`. */
async function lineColour(chart: Locator, label: string): Promise<string> {
  const entry = chart.locator('.u-legend .u-series', { hasText: label }).first();
  return (await entry.locator('svg line').getAttribute('stroke')) ?? '';
}

/**
 * Where a colour is drawn on a chart's canvas: for each of `columns` evenly spread columns of the plot
 * (between `from` and `to`, fractions of the canvas's width), the mean height of its pixels of that colour
 * (0 at the top, 1 at the bottom), or null where none is.
 */
async function heights(chart: Locator, colour: string, columns: number, from = 0.2, to = 0.97) {
  return chart
    .locator('canvas')
    .first()
    .evaluate(
      (canvas: HTMLCanvasElement, [colour, columns, from, to]) => {
        const ctx = canvas.getContext('2d');
        if (!ctx) return [];
        const rgb = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
        const { width, height } = canvas;
        const data = ctx.getImageData(0, 0, width, height).data;
        const out: (number | null)[] = [];
        for (let c = 0; c < columns; c++) {
          const x = Math.round(width * (from + ((to - from) * c) / (columns - 1)));
          let [sum, count] = [0, 0];
          for (let y = 0; y < height; y++) {
            const i = 4 * (y * width + x);
            const near =
              Math.abs(data[i]! - rgb[0]!) +
              Math.abs(data[i + 1]! - rgb[1]!) +
              Math.abs(data[i + 2]! - rgb[2]!);
            if (near < 60 && data[i + 3]! > 200) [sum, count] = [sum + y, count + 1];
          }
          out.push(count === 0 ? null : sum / count / height);
        }
        return out;
      },
      [colour, columns, from, to] as const,
    );
}

/** How many pixels of a colour a chart's canvas has. */
async function pixelsOf(chart: Locator, colour: string): Promise<number> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement, colour) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return 0;
      const rgb = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        const near =
          Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!);
        if (near < 30 && data[i + 3]! > 200) n++;
      }
      return n;
    }, colour);
}

async function runToEnd(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#end')).toBeEnabled();
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished');
}

test("explicit Euler's energy climbs steadily on the default page's energy chart, inside it from start to end", async ({
  page,
}) => {
  const errors = watch(page);
  await runToEnd(page, './');
  const energy = page.locator('#chart-energy');
  await energy.scrollIntoViewIfNeeded();
  // A growth of 1.15 a step over 900 steps, relative to its start on a log scale: a straight rising line.
  await expect(page.locator('#divergence')).toContainText('relative to its start, on a log scale');
  const euler = await lineColour(energy, 'Explicit Euler');
  // A chart scrolled into sight is made and drawn in a frame or two after it (and drawn again when the
  // studies tier takes the run over, a second after the first frame): read it once its line is there.
  let ys: (number | null)[] = [];
  await expect
    .poll(async () => {
      ys = await heights(energy, euler, 9, 0.2, 0.92);
      return ys;
    })
    .not.toContain(null);
  const rises = ys.slice(1).map((y, i) => (ys[i] ?? 0) - (y ?? 0));
  // Every stretch rises, and by about as much as every other: no flat stretch, then a cliff.
  for (const r of rises) expect(r).toBeGreaterThan(0);
  expect(Math.max(...rises) / Math.min(...rises)).toBeLessThan(2);
  // As it is, on the exact solution's scale, it runs off; the note says how to watch it climb.
  await page.selectOption('#energy-scale', 'absolute');
  await expect(page.locator('#divergence')).toContainText(
    'choose "relative to its start (log)" above the chart to watch it climb',
  );
  // x(t) follows the exact solution too: the note says what to do.
  await expect(page.locator('#divergence')).toContainText(
    'hide the other lines (press their legend entries)',
  );
  expect(errors).toEqual([]);
});

test("a method whose error blows up is said to run off the error chart's scale, and alone it is drawn there", async ({
  page,
}) => {
  const errors = watch(page);
  // Explicit Euler's position error reaches 10²⁷ m on the default spring, far more than a million times its
  // 1000 m amplitude: the chart's scale follows RK4's, and a note under the chart says why Euler's line is
  // not there (before, its legend entry stood over no line, unexplained).
  await runToEnd(page, './?scenario=spring&methods=euler,rk4');
  const chart = page.locator('#chart-error');
  await chart.scrollIntoViewIfNeeded();
  const note = page.locator('#error-note');
  await expect(note).toHaveText(
    "Explicit Euler runs off this chart's scale: its error grows past a million times the size of the motion. " +
      'Hide the other lines (press their legend entries) and the scale follows what is left.',
  );
  // Only its first stretch, while its error is still on RK4's scale, is drawn.
  const euler = await lineColour(chart, 'Explicit Euler');
  const stretch = await pixelsOf(chart, euler);
  // RK4 hidden, the scale follows Euler's error: its whole line is drawn, and the note has nothing left to
  // say (before, the chart went empty, on a scale of 0.001 to 1 m).
  await chart.locator('.u-legend .u-series', { hasText: 'Runge–Kutta 4' }).first().click();
  await expect.poll(() => pixelsOf(chart, euler)).toBeGreaterThan(4 * stretch + 100);
  await expect(note).toBeEmpty();
  expect(errors).toEqual([]);
});

test('"symplectic" is explained in two sentences, linked from each symplectic method and from the dotted line', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator('#how-list')).toContainText('Symplectic Euler');
  const explained = page.locator('#symplectic');
  await expect(explained).toContainText('keeps the area of any patch of states in the phase portrait');
  await expect(explained).toContainText('shadow energy');
  const fromMethod = page
    .locator('#how-list li', { hasText: 'Symplectic Euler' })
    .locator('a[href="#symplectic"]');
  await expect(fromMethod).toHaveText('symplectic');
  await expect(
    page.locator('#how-list li', { hasText: 'Runge–Kutta 4' }).locator('a[href="#symplectic"]'),
  ).toHaveCount(0);
  // From the dotted line: the energy chart's switch and the note on reading the charts.
  await page.locator('.chart-tools a[href="#symplectic"]').click();
  await expect(explained).toBeInViewport();
});

test('only the energies and their shadows: each shadow drawn, apart from the exact line; a missing one is explained', async ({
  page,
}) => {
  const errors = watch(page);
  await runToEnd(page, './?scenario=spring&methods=symplectic-euler,forest-ruth,rk4&dt=0.1&until=20');
  const energy = page.locator('#chart-energy');
  await energy.scrollIntoViewIfNeeded();
  await page.check('#shadows-only');
  const legend = (label: string) => energy.locator('.u-legend .u-series', { hasText: label }).first();
  // The exact line and the method with no shadow are hidden; their entries show them again.
  await expect(legend('exact')).toHaveClass(/u-off/);
  await expect(legend('Runge–Kutta 4')).toHaveClass(/u-off/);
  await expect(legend('Forest–Ruth shadow')).not.toHaveClass(/u-off/);
  await expect(legend('Symplectic Euler shadow')).not.toHaveClass(/u-off/);
  // Each shadow is drawn, bold, in its method's colour: Forest–Ruth's no longer under the exact line. (Both
  // are flat at the start's energy: each is looked for alone.)
  for (const [id, name] of [
    ['forest-ruth', 'Forest–Ruth'],
    ['symplectic-euler', 'Symplectic Euler'],
  ]) {
    await runToEnd(page, `./?scenario=spring&methods=${id},rk4&dt=0.1&until=20`);
    await energy.scrollIntoViewIfNeeded();
    await page.check('#shadows-only');
    await expect(legend('exact')).toHaveClass(/u-off/);
    const colour = await lineColour(energy, `${name} shadow`);
    await expect.poll(() => pixelsOf(energy, colour), { message: name }).toBeGreaterThan(40);
  }
  await expect(page.locator('#shadow-note')).toBeEmpty();
  // On Kepler's orbit Forest–Ruth has none, and the page says why.
  await runToEnd(page, './?scenario=kepler&methods=symplectic-euler,forest-ruth&until=10');
  await expect(page.locator('#shadow-note')).toContainText(
    'Forest–Ruth has no shadow energy drawn here: its shadow energy’s first term is of order dt⁴'.replace(
      '’',
      "'",
    ),
  );
  // Under drag, no method keeps one, and the page says why.
  await runToEnd(page, './?scenario=drag&methods=symplectic-euler&until=2');
  await expect(page.locator('#shadow-note')).toContainText(
    'Symplectic Euler has no shadow energy drawn here: a force here reads the velocity (damping or drag) and takes energy out, so no energy is kept, nor a nearby one.',
  );
  // Past their stability limit on the spring (dt 0.6 > 0.516 s) the quantity they keep is no energy and
  // their runs grow without bound: no dotted line (it had dropped to nothing and back near t = 60 s, its
  // digits lost to rounding), and the page says why; Runge–Kutta 4, still stable, has none to draw.
  await runToEnd(page, './?scenario=spring&methods=symplectic-euler,verlet,rk4&dt=0.6&until=80');
  await energy.scrollIntoViewIfNeeded();
  // The shadows come with the studies build, as the facts beside the toggles do.
  await expect(page.locator('#methods-facts')).not.toHaveAttribute('data-coming');
  await expect(legend('Runge–Kutta 4')).toBeVisible();
  await expect(energy.locator('.u-legend .u-series', { hasText: 'shadow' })).toHaveCount(0);
  // One sentence for the two, which share the reason.
  await expect(page.locator('#shadow-note')).toHaveText(
    'Symplectic Euler and Position Verlet have no shadow energy drawn here: dt is past the stability limit ' +
      'on these forces, where the quantity kept is no energy (it takes negative values too) and the run grows ' +
      'without bound.',
  );
  // With no shadow to show, "Only the energies and their shadows" is not offered: it hid every line, and left
  // an empty chart.
  await expect(page.locator('#shadows-only')).toBeDisabled();
  expect(errors).toEqual([]);
});

test('a long run’s phase portrait is its thin ellipse, not a ring of chords between rows many periods apart', async ({
  page,
}) => {
  const errors = watch(page);
  const phase = page.locator('#chart-phase');
  await runToEnd(page, './?scenario=spring&methods=rk4&dt=0.01&until=20');
  const colour = await lineColour(page.locator('#chart-position'), 'Runge–Kutta 4');
  // Every step a row (2000 steps): RK4's ellipse, a line of pixels round it. Counted: every pixel darker than
  // the grid (a line's edges, blended with the white, are not its colour; nor is a ring of them).
  const inked = () =>
    phase
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 200 && data[i + 3]! > 200) n++;
        return n;
      });
  await phase.scrollIntoViewIfNeeded();
  const thin = await inked();
  expect(await pixelsOf(phase, colour)).toBeGreaterThan(50);
  // To 10⁶ s a row is kept every 351 steps (3.51 s, 2.2 periods): past 5 × 10⁴ s, some fourteen thousand
  // rows. Joined by lines, each was a chord across the ellipse, which drew a ring about a fifteenth of its width
  // thick.
  await page.goto('./?scenario=spring&methods=rk4&dt=0.01&until=1000000');
  await expect(page.locator('#end')).toBeEnabled();
  await page.click('#end');
  await expect
    .poll(async () => Number((await page.locator('#status').innerText()).match(/t = ([\d.]+) s/)?.[1] ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(50_000);
  await page.click('#play');
  await phase.scrollIntoViewIfNeeded();
  const long = await inked();
  // The same ellipse (RK4's amplitude shrinks 0.23 % over the whole run, under a pixel here), in dots: no
  // thicker than the line.
  expect(long).toBeGreaterThan(thin / 3);
  expect(long).toBeLessThan(1.5 * thin);
  expect(errors).toEqual([]);
});

test('methods are called by their names wherever people read; ids stay in the URL', async ({ page }) => {
  await runToEnd(page, './?scenario=spring&methods=euler,symplectic-euler&until=5');
  const ids = /\b(symplectic-euler|euler)\b/;
  for (const where of [
    '#chart-position .u-legend',
    '#chart-energy .u-legend',
    '#numbers',
    '#steps',
    '#chart-split',
  ])
    await expect(page.locator(where).first(), where).not.toContainText(ids);
  await expect(page.locator('#chart-energy .u-legend')).toContainText('Symplectic Euler');
  await expect(page.locator('#chart-split .u-title')).toHaveText(
    'Kinetic and potential energy: Explicit Euler',
  );
  await expect(page.locator('#split option').first()).toHaveText('Explicit Euler');
  await expect(page.locator('#numbers')).toContainText('Symplectic Euler');
  expect(page.url()).toContain('methods=euler,symplectic-euler');
  // The scene writes names too (recorded as drawn).
  const drawn = await sceneTexts(page, './?scenario=spring&methods=euler,symplectic-euler');
  expect(drawn).toContain('Symplectic Euler');
  expect(drawn).not.toContain('symplectic-euler');
});

/** A text the scene drew: what, where it ends (canvas pixels), and the canvas's width. */
interface Drawn {
  text: string;
  end: number;
  width: number;
}

/** Records every text the scene draws on its canvas, from the next page loaded on. */
async function recordSceneTexts(page: Page): Promise<() => Promise<Drawn[]>> {
  await page.addInitScript(() => {
    const texts: { text: string; end: number; width: number }[] = [];
    (window as unknown as { sceneTexts: typeof texts }).sceneTexts = texts;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number) {
      if (this.canvas.id === 'scene')
        texts.push({ text, end: x + this.measureText(text).width, width: this.canvas.width });
      fill.call(this, text, x, y);
    };
  });
  return () => page.evaluate(() => (window as unknown as { sceneTexts: Drawn[] }).sceneTexts);
}

/** The texts the scene draws on its canvas while the page at `url` draws its first frames. */
async function sceneTexts(page: Page, url: string): Promise<string[]> {
  const recorded = await recordSceneTexts(page);
  await page.goto(url);
  await expect(page.locator('#status')).toContainText('step');
  await page.waitForTimeout(300);
  return (await recorded()).map((t) => t.text);
}

test('a body off the scene is said so in the names’ column, never over the spring or the wall', async ({
  page,
}) => {
  const recorded = await recordSceneTexts(page);
  await runToEnd(page, './');
  const texts = await recorded();
  const off = texts.filter((t) => t.text.includes('off the scene'));
  expect(off.length).toBeGreaterThan(0);
  // Every text ends inside the names' column: two fifths of the scene at most, left of the wall.
  for (const t of texts) expect(t.end, t.text).toBeLessThanOrEqual(0.4 * t.width);
  // The chain too: explicit Euler's beads leave the scene (its row was a line across it, with one bead, and
  // nothing said); the others' stay.
  await runToEnd(page, './?scenario=spring-chain&methods=euler,symplectic-euler,rk4');
  // The last frame's texts: from its first row's name on.
  const chain = (await recorded()).map((t) => t.text);
  const last = chain.slice(chain.map((t) => t.startsWith('Explicit Euler')).lastIndexOf(true));
  expect(last.filter((t) => t.includes('off the scene'))).toHaveLength(1);
  expect(last[0]).toBe('Explicit Euler');
});

test("a spring's mass that reaches its wall is off the scene: it is not drawn through the wall", async ({
  page,
}) => {
  const recorded = await recordSceneTexts(page);
  /** What the last frame wrote in explicit Euler's row: its name, and under it where its mass went. */
  const lastRow = async () => {
    const texts = (await recorded()).map((t) => t.text);
    const at = texts.map((t) => t.startsWith('Explicit Euler')).lastIndexOf(true);
    return texts.slice(at, at + 2).join(' ');
  };
  // Explicit Euler at dt = 0.1 s (×1.072 a step): at t = 0.8 s its mass is at x = −1719 m, past the wall,
  // which stands 1.6 times the exact motion's reach (1000 m) left of the rest position; the scene's edge
  // is at 1.8 times. It was drawn through the wall, with nothing said.
  await runToEnd(page, './?scenario=spring&methods=euler&dt=0.1&until=0.8');
  expect(await lastRow()).toContain('◀');
  // At t = 1.5 s it is at x = +2105 m, past the right edge (1.15 times the reach).
  await runToEnd(page, './?scenario=spring&methods=euler&dt=0.1&until=1.5');
  expect(await lastRow()).toContain('▶');
  // At t = 0.5 s, x = −387.5 m: on the scene.
  await runToEnd(page, './?scenario=spring&methods=euler&dt=0.1&until=0.5');
  expect(await lastRow()).not.toMatch(/[◀▶]/);
});

test('numbers as people write them: 1/60, no negative zero, a band in one unit, the count that holds here', async ({
  page,
}) => {
  // It waits for every experiment's measurement below.
  test.setTimeout(150_000);
  await page.goto('./?scenario=projectile&dt=1/60&until=2');
  await expect(page.locator('#dt')).toHaveValue('1/60');
  await page.fill('#dt', '0');
  await page.press('#dt', 'Enter');
  await expect(page.locator('#dt-problem')).toContainText('keeping 1/60');
  await expect(page.locator('#dt-problem')).not.toContainText('0.0166');
  // The experiments' permalinks write a sixtieth as 1/60 (the list comes with the core's studies, after the
  // first frame).
  await expect(page.locator('#experiments a[href^="?"]').first()).toBeAttached({ timeout: 30_000 });
  const links = await page
    .locator('#experiments a[href^="?"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(links.some((h) => h.includes('dt=1/60'))).toBe(true);
  expect(links.filter((h) => /0\.0166|0\.0083|0\.0666/.test(h))).toEqual([]);
  // Forest–Ruth takes 3 evaluations a step on the spring; under drag its time-symmetric substeps (an implicit
  // half kick, solved by iteration) keep it fourth order, at 9 or more.
  await page.goto('./?scenario=spring');
  const fr = page.locator('small.facts[data-method="forest-ruth"]');
  await expect(fr).toHaveText('order 4, 3 evals');
  await page.goto('./?scenario=drag');
  await expect(fr).toHaveText('order 4, ≥9 evals');
  // The experiments' measurements: no negative zero, no band mixing % and a factor, a distance of an amplitude.
  await page.goto('./');
  // The list and the facts above it come with the core's studies, after the first frame: scrolled to once
  // they are there (the worker measures the list once it is in view).
  await expect(page.locator('#experiments article').first()).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('small.facts[data-method="rk4"]')).toContainText('order');
  await page.locator('#experiments').scrollIntoViewIfNeeded();
  const measured = page.locator('#experiments');
  // The worker measures the experiments one after another: on a loaded machine that takes a while.
  await expect(measured).toContainText('of a 1000 m amplitude', { timeout: 90_000 });
  const text = (await measured.textContent()) ?? '';
  expect(text).not.toMatch(/-0\.0+\s?%/);
  expect(text).not.toMatch(/ % … ×|% … ×/);
  // Every per cent sign is held to its number: no line can break before it.
  expect(text).not.toMatch(/\d %/);
});

test('words a first-year student knows, with the symbol after the words', async ({ page }) => {
  await page.goto('./?scenario=spring&methods=rk4,forest-ruth,midpoint');
  await expect(page.locator('#how-run')).toContainText('the angle the oscillation turns through in one step');
  for (const where of ['#how-run', '#methods-facts'])
    await expect(page.locator(where)).not.toContainText('state-dependent');
  await expect(page.locator('#methods-facts')).toContainText('one force, which changes as the body moves');
  const how = page.locator('#how-list');
  await expect(how).toContainText('k1 … k4 are its rates of change (v, a)');
  await expect(how).toContainText('w1 = 1/(2 − ∛2) ≈ 1.3512');
  await expect(how).toContainText('f(y) its rate of change');
});

test('a control shows only where it does something: one coordinate, details beside their chart', async ({
  page,
}) => {
  await page.goto('./?scenario=spring');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#coord')).toBeHidden();
  await page.goto('./?scenario=projectile');
  await expect(page.locator('#status')).toContainText('step');
  await expect(page.locator('#coord')).toBeVisible();
  // The method whose energy split is shown is chosen beside that chart.
  await expect(
    page.locator('.chart-box', { has: page.locator('#chart-split') }).locator('#split'),
  ).toBeVisible();
  // The notes on reading the charts are one closed paragraph, not three open ones.
  await expect(page.locator('details.reading')).not.toHaveAttribute('open');
  await expect(page.locator('details.reading p').first()).toBeHidden();
  // With a keyboard, the key hint shows.
  await expect(page.locator('.keys-hint')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no key hint; one tap reaches the settings from anywhere; fields are 16 px', async ({ page }) => {
    const errors = watch(page);
    await page.goto('./');
    await expect(page.locator('#status')).toContainText('step');
    await expect(page.locator('.keys-hint')).toBeHidden();
    // The picture comes first.
    const scene = await page.locator('#scene').boundingBox();
    const form = await page.locator('#scenario').boundingBox();
    expect(scene && form && scene.y < form.y).toBe(true);
    // Far down the page, the jump bar is still in sight, and one tap reaches the settings.
    await page.locator('#experiments-title').scrollIntoViewIfNeeded();
    const toSettings = page.getByRole('link', { name: 'To the settings' });
    await expect(toSettings).toBeInViewport();
    await toSettings.tap();
    await expect(page.locator('#scenario')).toBeInViewport();
    // A field under 16 px makes Safari zoom into it.
    for (const id of ['#dt', '#scenario']) {
      const size = await page.locator(id).evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
      expect(size, id).toBeGreaterThanOrEqual(16);
    }
    expect(errors).toEqual([]);
  });
});

test('keyboard: the first Tab offers a jump to the run; a figure has no focus stop of no size', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator('#play')).toBeEnabled();
  const sceneTop = () => page.locator('#scene').evaluate((e) => e.getBoundingClientRect().top);
  const before = await sceneTop();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText("To the run's controls");
  // The link shows over the page's corner, in view: the page under it does not move.
  await expect(page.locator(':focus')).toBeInViewport();
  expect(await sceneTop()).toBe(before);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.locator('#play')).toBeFocused();
  // The rule editor's text is 16 px: a phone does not zoom into it. (Read once the editor has loaded, with
  // its style sheet, and taken the focus: read at the click, the sheet may still be on its way.)
  await page.getByRole('button', { name: 'Write your own method…' }).click();
  await expect(page.locator('#rule-text')).toBeFocused();
  const size = await page
    .locator('#rule-text')
    .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(16);
  // A figure without a table: every Tab stop is something one can see.
  await page.goto('./embed.html?scenario=spring&methods=euler&views=scene,energy');
  await expect(page.locator('#play')).toBeEnabled();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const box = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return undefined;
      const r = e.getBoundingClientRect();
      return { what: e.outerHTML.slice(0, 80), width: r.width, height: r.height };
    });
    if (!box) continue;
    expect(box.width * box.height, box.what).toBeGreaterThan(0);
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the lab says it needs JavaScript and shows no dead controls', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.noscript')).toBeVisible();
    await expect(page.locator('.noscript')).toContainText('it needs JavaScript');
    await expect(page.locator('#theme')).toBeHidden();
    await expect(page.locator('#play')).toBeHidden();
    await expect(page.locator('#scenario')).toBeHidden();
  });
});

test('"your method" starts from explicit Euler, and the status says which rule runs', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?scenario=spring&methods=euler');
  await expect(page.locator('#status')).toContainText('step');
  await page.getByRole('button', { name: 'Write your own method…' }).click();
  const text = page.locator('#rule-text');
  await expect(text).toHaveValue(/^\/\/ Explicit Euler/);
  await expect(page.locator('#rule-template option')).not.toHaveCount(0);
  await page.click('#rule-run');
  const status = page.locator('#rule-running');
  await expect(status).toContainText('Your method runs beside the others');
  await text.fill('x = x + v ^ 2;');
  await expect(status).toContainText('still uses your rule as it was when it last ran');
  await page.click('#rule-off');
  await expect(status).toBeEmpty();
  expect(errors).toEqual([]);
});

test("the chain's fastest mode sets each method's step, said as a dt where the methods are explained", async ({
  page,
}) => {
  await page.goto('./?scenario=spring-chain&methods=symplectic-euler,forest-ruth,rk4');
  await expect(page.locator('#how-run')).toContainText('the angular frequency of the fastest of its modes');
  const fr = page.locator('#how-list li', { hasText: 'Forest–Ruth' });
  // As integrator-lab list --scenario spring-chain states it: 1.5734 / 62.38 rad/s.
  await expect(fr).toContainText('stable while ω·dt < 1.5734 (dt < 0.02522 s here)');
  await expect(page.locator('#how-list li', { hasText: 'Runge–Kutta 4' })).toContainText(
    '(dt < 0.04534 s here)',
  );
});

test("a pendulum's ω·dt, growth and limit are said to be its small swings': past that limit its default swing stays bounded", async ({
  page,
}) => {
  // ω·dt = 2.19, past the small swings' limit of 2: Position Verlet keeps the 1 rad swing bounded (θ at most
  // 1.06 rad over 1000 steps, integrator-lab run), though a small swing would grow 2.39-fold a step (and one
  // from 0.6 rad goes over the top).
  await page.goto('./?scenario=pendulum&methods=verlet,rk4&dt=0.7');
  await expect(page.locator('#how-run')).toContainText(
    'ω = 3.13 rad/s is the angular frequency of its small swings, dt = 0.7 s',
  );
  const verlet = page.locator('#how-list li', { hasText: 'Position Verlet' });
  await expect(verlet).toContainText('(dt < 0.6386 s here for small swings)');
  await expect(verlet).toContainText(
    "At this run's ω·dt a small swing's amplitude is multiplied by 2.388169 a step: it grows. This run's swing " +
      'is not small: its energy chart shows what it does.',
  );
  await expect(page.locator('#how-run')).toContainText('the angle a small swing turns through in one step');
  await expect(verlet).not.toContainText('the amplitude is multiplied');
  // Past its limit a symplectic method keeps no band of energy: it was said to ("Keeps the energy in a band"),
  // and then that it grows.
  await expect(verlet).toContainText(
    "Symplectic, but past its stability limit at this ω·dt: a small swing's amplitude grows every step, and no " +
      'band of energy is kept.',
  );
  await expect(verlet).not.toContainText('Keeps the energy in a band');
  // RK4's sentence is about small ω·dt ("Loses energy very slowly"): here a small swing's amplitude shrinks to
  // √(1 − h⁶/72 + h⁸/576) = 0.619901 a step at h = 2.1925, 0.254 over a period (2π/h steps), and that is said.
  const rk4 = page.locator('#how-list li', { hasText: 'Runge–Kutta 4' });
  await expect(rk4).toContainText(
    "Loses energy fast at this ω·dt: over a period a small swing's amplitude is multiplied by 0.254.",
  );
  await expect(rk4).toContainText("a small swing's amplitude is multiplied by 0.619901 a step: it shrinks");
  await expect(rk4).not.toContainText('very slowly');
  // The kinematic average steps a swing as under a constant acceleration, √(1 + h²/2) a step: at the
  // pendulum's own dt it gains energy, 1.277-fold a period, which its sentence about a spring would deny.
  await page.goto('./?scenario=pendulum&methods=kinematic-average');
  await expect(page.locator('#how-list li', { hasText: 'average acceleration' })).toContainText(
    "Gains energy fast at this ω·dt: over a period a small swing's amplitude is multiplied by 1.28.",
  );
  // On a spring the growth is the run's own.
  await page.goto('./?scenario=spring&methods=verlet&dt=0.6');
  await expect(page.locator('#how-list li', { hasText: 'Position Verlet' })).toContainText(
    "At this run's ω·dt the amplitude is multiplied by",
  );
  await expect(page.locator('#how-run')).toContainText("is the oscillation's angular frequency");
});

test('“symplectic” and a band of energy are said only where they hold: not on the double pendulum, nor under drag', async ({
  page,
}) => {
  const errors = watch(page);
  const how = (name: string) =>
    page.locator('#how-list li').filter({ has: page.locator('strong', { hasText: name }) });
  await page.goto('./?scenario=spring&methods=velocity-verlet,forest-ruth,rk4');
  await expect(how('Forest–Ruth').locator('a[href="#symplectic"]')).toHaveCount(1);
  await expect(how('Velocity Verlet')).toContainText('Keeps the energy in a band');
  // In the double pendulum's angles none of them is symplectic: the link is gone, and the sentence says why.
  await page.goto('./?scenario=double-pendulum&methods=velocity-verlet,forest-ruth,rk4');
  await expect(how('Forest–Ruth')).toContainText('not here: in the angles the lab steps');
  await expect(how('Forest–Ruth').locator('a[href="#symplectic"]')).toHaveCount(0);
  await expect(how('Velocity Verlet')).not.toContainText('Keeps the energy in a band');
  await page.goto('./?scenario=drag&methods=velocity-verlet,forest-ruth');
  await expect(how('Forest–Ruth')).toContainText('falls with the truth');
  await expect(how('Forest–Ruth')).toContainText('order 4 here');
  // Under a constant force symplectic Euler's energy follows the speed; velocity Verlet's is exact.
  await page.goto('./?scenario=constant-force&methods=symplectic-euler,velocity-verlet');
  await expect(how('Symplectic Euler')).toContainText('no band is kept');
  await expect(how('Velocity Verlet')).toContainText('Exact under constant forces');
  expect(errors).toEqual([]);
});
