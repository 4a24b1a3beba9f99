// The classroom graded right, on the pages: the teacher's page sums each task up readably (how many right, the
// common wrong answers and the mistakes behind them, the explanations in full), anonymises for a projector,
// keeps pasted codes across a reload, prints a handout and a key that fit A4 and Letter, draws a QR code a
// phone can read, and renders the format's docs as a page; a student is told a prediction does not count in the score, and
// that a run whose drawn parameter was changed no longer matches the task.

import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { axe, CLI, handInCode, watch } from './helpers';

const code = (name: string, worksheet: string, answers: string[], version?: string) =>
  handInCode(name, worksheet, answers, { version });

/** fiedler's six tasks: 1 and 4 predictions, 5 an explanation. */
const CLASS = [
  code('Ada Lovelace', 'fiedler', [
    '500',
    '50',
    '499.497',
    'euler',
    'It lags: each step uses the old velocity.',
    '-97.4',
  ]),
  code('Grace Hopper', 'fiedler', ['500', '50', '500', 'symplectic-euler', 'Euler moves too late.', '']),
  code('Alan Turing', 'fiedler', ['450', '40', '499.497', 'symplectic-euler', '', '-97.4']),
  code('Emmy Noether', 'fiedler', ['500', '50', 'lots', 'euler', 'Energy leaks in.', '-90']),
];

async function paste(page: Page, text: string): Promise<void> {
  await page.fill('#codes', text);
}

test('the class summary says how many got each task right and which mistakes lie behind the wrong answers', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./teacher.html');
  await page.selectOption('#sheet-choice', 'fiedler');
  await paste(page, CLASS.join('\n'));
  await expect(page.locator('#class-table tbody tr')).toHaveCount(4);
  const summary = page.locator('#class-summary > ol > li');
  await expect(summary).toHaveCount(6);
  // Task 1 (a prediction): Alan alone said 450 m; three said 500, which the worksheet names as the exact answer.
  await expect(summary.nth(0)).toContainText('Task 1 (a prediction, scored apart)');
  await expect(summary.nth(0)).toContainText('1 of 4 right');
  await expect(summary.nth(0).locator('.wrong-answers li').first()).toContainText(
    '3 answered 500: That is the exact answer',
  );
  // Task 2: 50 m right three times; 40 once, a wrong answer with no named mistake.
  await expect(summary.nth(1)).toContainText('3 of 4 right');
  await expect(summary.nth(1).locator('.wrong-answers li')).toHaveText(['1 answered 40']);
  // Task 3: an unreadable "lots" is listed with the wrong answers, not lost.
  await expect(summary.nth(2)).toContainText('2 of 4 right');
  await expect(summary.nth(2).locator('.wrong-answers')).toContainText('1 answered lots');
  // Task 4: a choice's wrong answers by their labels, with the mistake behind them.
  await expect(summary.nth(3).locator('.wrong-answers li').first()).toContainText(
    '2 answered explicit Euler: Look at the energy graph',
  );
  // Task 5: the explanations, readable in full (not in a tooltip), by name.
  await expect(summary.nth(4)).toContainText('3 of 4 wrote an explanation');
  await expect(summary.nth(4).locator('.explanations li').first()).toHaveText(
    'Ada Lovelace: It lags: each step uses the old velocity.',
  );
  // Task 6: Grace left it blank; Emmy's -90 % is off.
  await expect(summary.nth(5)).toContainText('2 of 4 right; 1 left it blank');
  // Anonymised for the projector: no name is on screen, in the table or the summary.
  await page.check('#anonymise');
  const shown = (await page.locator('main').textContent()) ?? '';
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Emmy Noether'])
    expect(shown).not.toContain(name);
  await expect(page.locator('#class-table tbody th').first()).toHaveText('Student 1');
  await expect(summary.nth(4).locator('.explanations li').first()).toHaveText(
    'Student 1: It lags: each step uses the old velocity.',
  );
  expect(await axe(page)).toEqual([]);
  // The codes survive a reload, with the worksheet they are for; "Clear the codes" asks for a second press,
  // then clears them for good.
  await page.reload();
  await expect(page.locator('#sheet-choice')).toHaveValue('fiedler');
  await expect(page.locator('#class-table tbody tr')).toHaveCount(4);
  await page.click('#clear-codes');
  await expect(page.locator('#codes')).not.toHaveValue('');
  await expect(page.locator('#clear-codes')).toHaveText('Press again to clear every code');
  await page.click('#clear-codes');
  await expect(page.locator('#codes')).toHaveValue('');
  await page.reload();
  await expect(page.locator('#codes')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a worksheet’s id keeps codes valid when its text changes; a code for another version is said so', async ({
  page,
}) => {
  const errors = watch(page);
  const sheet = (question: string, version: number) =>
    `id = "euler-block"\nversion = ${version}\ntitle = "Euler's block"\n\n[[task]]\nsetup = "scenario=constant-force&methods=euler&dt=1&until=10"\nkind = "number"\nquestion = "${question}"\nquantity = "position"\nunit = "m"\n`;
  await page.goto('./teacher.html');
  await page.locator('#sheet-own summary').click();
  await page.fill('#sheet-text', sheet('Wher is the blok?', 2));
  await page.click('#use-text');
  await paste(page, code('Ada', 'euler-block', ['450'], '1'));
  const row = page.locator('#class-table tbody tr').first();
  await expect(row.locator('td').nth(1)).toHaveText('1/1');
  await expect(row).toContainText('handed in for version 1; this is version 2');
  // The short form for a file placed beside the site names the worksheet's id.
  await expect(page.locator('#short-link')).toContainText('?worksheet=worksheets/euler-block.toml');
  expect(errors).toEqual([]);
});

test('a worksheet written while the core loads is not replaced by the default one', async ({ page }) => {
  const errors = watch(page);
  // The classroom build held back, as on a slow connection or a loaded machine.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/classroom_bg-[^/]*\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./teacher.html');
  await expect(page.locator('#sheet-loading')).toContainText("Loading the lab's core");
  await expect(page.locator('#use-text')).toBeDisabled();
  await expect(page.locator('#sheet-text')).toBeDisabled();
  release();
  await page.locator('#sheet-own summary').click();
  await page.fill(
    '#sheet-text',
    'id = "block"\ntitle = "A block"\n\n[[task]]\nsetup = "scenario=constant-force&methods=euler&dt=1&until=10"\nkind = "number"\nquestion = "Where is it?"\nquantity = "position"\nunit = "m"\n',
  );
  await page.click('#use-text');
  await expect(page.locator('#sheet-loading')).toHaveCount(0);
  await paste(page, code('Ada', 'block', ['450']));
  await expect(page.locator('#class-table tbody tr').first().locator('td').nth(1)).toHaveText('1/1');
  expect(errors).toEqual([]);
});

test('every built-in worksheet’s answer key fits the page at 1280 px: no column is cut, the answers wrap', async ({
  page,
}) => {
  const errors = watch(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./teacher.html');
  await expect(page.locator('#sheet-choice')).toBeEnabled();
  const sheets = await page
    .locator('#sheet-choice option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
  expect(sheets.length).toBeGreaterThan(3);
  for (const sheet of sheets) {
    await page.selectOption('#sheet-choice', sheet);
    await expect(page.locator('#sheet-key caption')).not.toBeEmpty();
    // The table is as wide as its box at most: its last column, the explanation, is not scrolled out of sight.
    const [table, box] = await page
      .locator('#sheet-key')
      .evaluate((t) => [t.getBoundingClientRect().width, (t.parentElement as HTMLElement).clientWidth]);
    expect(table, sheet).toBeLessThanOrEqual(box!);
  }
  expect(errors).toEqual([]);
});

test('the class link as a QR code reads back as the link', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./teacher.html');
  await page.selectOption('#sheet-choice', 'gravity-answer');
  await page.click('#show-qr');
  await expect(page.locator('#sheet-qr-note')).toContainText('for a phone');
  // Over the page, large enough for a room, and the answer key under it covered: the point at the key's
  // middle is the dialog's backdrop, not the key.
  const dialog = page.locator('dialog#sheet-qr-box');
  await expect(dialog).toBeVisible();
  expect((await page.locator('#sheet-qr').boundingBox())?.width).toBeGreaterThanOrEqual(500);
  const covered = await page.evaluate(() => {
    const key = document.getElementById('sheet-key')?.getBoundingClientRect();
    if (!key || key.height === 0) return 'no key';
    const x = key.left + key.width / 2;
    const y = Math.min(key.top + key.height / 2, window.innerHeight - 2);
    const at = document.elementFromPoint(x, y);
    return at?.closest('#sheet-key') ? 'key shows' : 'covered';
  });
  expect(covered).toBe('covered');
  const link = await page.locator('#sheet-link').getAttribute('href');
  const { width, height, data } = await page.evaluate(() => {
    const c = document.getElementById('sheet-qr') as HTMLCanvasElement;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    return {
      width: c.width,
      height: c.height,
      data: Array.from(g.getImageData(0, 0, c.width, c.height).data),
    };
  });
  // Read by another library than the one that drew it.
  const read = jsQR(Uint8ClampedArray.from(data), width, height);
  expect(read?.data).toBe(new URL(link ?? '', page.url()).href);
  // Escape closes it, and Show opens it again; Close closes it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.click('#show-qr');
  await expect(dialog).toBeVisible();
  await page.click('#close-qr');
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

for (const [format, width] of [
  ['A4', 210],
  ['Letter', 215.9],
] as const)
  test(`the handout and the answer key print on ${format} without the page's controls`, async ({ page }) => {
    const errors = watch(page);
    await page.goto('./teacher.html');
    await page.selectOption('#sheet-choice', 'stability');
    await page.fill('#key-name', 'Ada');
    // The printable width: the paper less 15 mm margins, at 96 px an inch.
    const printable = Math.floor(((width - 30) / 25.4) * 96);
    await page.setViewportSize({ width: printable, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    for (const what of ['handout', 'key'] as const) {
      await page.evaluate((w) => {
        document.body.dataset.print = w;
      }, what);
      // No form control is printed, and nothing is wider than the paper.
      for (const selector of ['button', 'select', 'textarea', 'input', '.masthead'])
        for (const control of await page.locator(selector).all()) await expect(control).toBeHidden();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${what} on ${format}`).toBeLessThanOrEqual(printable);
    }
    // The handout has the questions and no answer; the key has the answers.
    await page.evaluate(() => {
      document.body.dataset.print = 'handout';
    });
    await expect(page.locator('#handout')).toBeVisible();
    await expect(page.locator('#sheet-key')).toBeHidden();
    await expect(page.locator('#handout li').first()).toContainText('Prediction — ');
    expect(await page.locator('#handout').textContent()).not.toContain('0.516');
    await page.evaluate(() => {
      document.body.dataset.print = 'key';
    });
    await expect(page.locator('#handout')).toBeHidden();
    await expect(page.locator('#sheet-key')).toBeVisible();
    await expect(page.locator('#sheet-key')).toContainText('0.516398');
    // A PDF of each is made by the browser's own print path.
    const pdf = await page.pdf({
      format,
      margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
  });

test('the worksheet format is a page, its Markdown rendered', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./docs/worksheets.html');
  await expect(page.locator('h1')).toHaveText('Worksheets');
  await expect(page.locator('h2', { hasText: 'The format' })).toBeVisible();
  await expect(page.locator('table').first()).toBeVisible();
  expect(await page.locator('main').textContent()).not.toContain('```');
  expect(await axe(page)).toEqual([]);
  // The LMS guide is a page too, and the format's link to it goes there.
  await page.getByRole('link', { name: 'lms.md' }).click();
  await expect(page).toHaveURL(/docs\/lms\.html$/);
  await expect(page.locator('h1')).toHaveText("A worksheet in your school's LMS");
  await expect(page.locator('h2', { hasText: 'What the gradebook receives' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // On the narrowest phone both pages fit its width: a long key or file name in the text wraps (one was 10 px
  // wider than the page at 320 px); a table or a block of code scrolls in its own box.
  await page.setViewportSize({ width: 320, height: 700 });
  for (const name of ['worksheets', 'lms']) {
    await page.goto(`./docs/${name}.html`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(320);
  }
  expect(errors).toEqual([]);
});

test('a student is told a prediction does not count in the score, and when the run no longer has the numbers drawn for them', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=gravity-answer');
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await expect(page.locator('.worksheet-task')).toContainText('A prediction does not count in your score');
  // The CLI draws Ada's vy0 from her name, as the page does.
  const drawn = /vy0 = (\d+)/.exec(
    execFileSync(CLI, ['worksheet', 'gravity-answer', '--name', 'Ada'], { encoding: 'utf8' }),
  )?.[1];
  expect(drawn).toBe('9');
  await page.fill('#task-answer', '1');
  await page.locator('.task-form button[type="submit"]').click();
  await expect(page.locator('#run-mismatch')).toBeEmpty();
  // The student changes the drawn vy0 in the lab's controls.
  const field = page.locator('#param-vy0');
  await field.fill('12');
  await field.press('Enter');
  await expect(page.locator('#run-mismatch')).toContainText('vy0 = 12 here, but 9 was drawn for you');
  await page.click('#run-again');
  await expect(page.locator('#run-mismatch')).toBeEmpty();
  await expect(field).toHaveValue('9');
  expect(errors).toEqual([]);
});
