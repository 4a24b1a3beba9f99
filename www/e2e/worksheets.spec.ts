// Worksheets in Chromium: a student answers one task right and one wrong and gets the feedback the core
// gives, predictions hide the run until committed, the hand-in code goes into the teacher's table, which
// re-checks it; every built-in worksheet's key on the teacher's page is the CLI's; keyboard only, a phone,
// no storage, and a malformed worksheet.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { axe, CLI, everyFrame, handInCode, wasmRequests, watch } from './helpers';

const BUILT_IN = ['fiedler', 'gravity-answer', 'van-verth', 'lecture', 'true-physics', 'stability'];

/** The CLI's answer key: the "answer:" line of each task. */
function cliKey(id: string, name: string): string[] {
  const out = execFileSync(CLI, ['worksheet', id, '--name', name], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.trim().startsWith('answer: '))
    .map((l) => l.trim().slice('answer: '.length));
}

async function answer(page: Page, text: string): Promise<string> {
  await page.fill('#task-answer', text);
  await page.locator('.task-form button[type="submit"]').click();
  return (await page.locator('#task-feedback').textContent()) ?? '';
}

test('a student predicts, is told the likely mistake, answers right, hands in; the teacher’s table re-checks it', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=fiedler');
  await expect(page.locator('#worksheet-title')).toContainText('Integration Basics');
  // The name comes first (a worksheet may draw each student's numbers from it); the run waits for it.
  await expect(page.locator('.prediction-cover')).toHaveText('Write your name in the worksheet to begin.');
  await page.locator('.start-form button[type="submit"]').click();
  await expect(page.locator('.start-form .problem')).toHaveText('Write your name first.');
  await page.fill('#student-name', 'Ada Lovelace');
  await page.locator('#student-name').press('Enter');
  await expect(page.locator('.worksheet-who')).toContainText('Working as Ada Lovelace');
  await expect(page.locator('#task-heading')).toBeFocused();
  // Task 1 is a prediction: the run, and what would give it away, are hidden until it is committed.
  await expect(page.locator('body')).toHaveClass(/predicting/);
  await expect(page.locator('#scene')).toBeHidden();
  await expect(page.locator('#scenario-about')).toBeHidden();
  await expect(page.locator('#export-csv')).toBeHidden();
  await expect(page.locator('.prediction-cover')).toBeVisible();
  // A hint does not throw away what is typed.
  await page.fill('#task-answer', '500');
  await page.locator('#task-hint').click();
  await expect(page.locator('#task-answer')).toHaveValue('500');
  const wrong = await answer(page, '500');
  expect(wrong).toContain('Your prediction: 500. That is the exact answer');
  expect(wrong).toContain('velocity each step began with');
  expect(wrong).toContain('Now run it and see what happens.');
  await expect(page.locator('#task-feedback')).toBeFocused();
  await expect(page.locator('body')).not.toHaveClass(/predicting/);
  await expect(page.locator('#scene')).toBeVisible();
  // Committed: the prediction cannot be changed; the explanation comes when asked for, after the run.
  await expect(page.locator('#task-answer')).toHaveAttribute('readonly', '');
  await expect(page.locator('#task-explanation')).toHaveCount(0);
  await page.locator('#task-why').click();
  await expect(page.locator('#task-explanation')).toContainText('450 m');
  // The task's run is the one on screen.
  expect(page.url()).toContain('scenario=constant-force');
  expect(page.url()).toContain('worksheet=fiedler');

  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('#task-heading')).toHaveText('Task 2 of 6');
  // A decimal comma and the unit are read; the core says right.
  expect(await answer(page, '50,0 m')).toContain('Right');
  expect(await answer(page, 'fifty')).toContain('not a number');
  await expect(page.locator('#worksheet-tasks button').nth(1)).toHaveText('2✓');

  // Hints come one at a time.
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.locator('#task-hint').click();
  await expect(page.locator('#task-hints li')).toHaveCount(1);
  await page.locator('#task-hint').click();
  await expect(page.locator('#task-hints li')).toHaveCount(2);
  await expect(page.locator('#task-hint')).toBeDisabled();
  await page.fill('#task-answer', '499,4');

  // Progress survives a reload, what was typed too.
  await page.reload();
  await expect(page.locator('.worksheet-who')).toContainText('Ada Lovelace');
  await expect(page.locator('#task-answer')).toHaveValue('499,4');
  await expect(page.locator('#worksheet-tasks button').nth(0)).toHaveText('1✗');
  await expect(page.locator('#task-heading')).toHaveText('Task 3 of 6');

  await page.locator('#hand-in').click();
  const code = await page.locator('#hand-in-code').inputValue();
  expect(code).toMatch(/^IL1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}$/);
  await expect(page.locator('#hand-in-note')).toContainText('unanswered');
  // The CLI grades the same code the same way.
  const graded = execFileSync(CLI, ['worksheet', 'fiedler', '--answers', code], { encoding: 'utf8' });
  // (Task 3's draft is not an answer: it was never checked.)
  expect(graded).toContain('1. wrong: 500');
  expect(graded).toContain('2. right: 50,0 m');
  // Tasks 1 and 4 are predictions, scored apart: of tasks 2, 3 and 6 only task 2 was answered, right.
  expect(graded).toContain('score: 1/3 (predictions 0/2, not in the score)');

  // The teacher pastes it (in an e-mail's words, wrapped, and once cut short).
  await page.goto('./teacher.html');
  await page.selectOption('#sheet-choice', 'fiedler');
  const wrapped = code.replace(/(.{40})/g, '$1\n');
  const quoted = wrapped
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  await page.fill('#codes', `From Ada:\n${quoted}\nthanks!\n\n${code.slice(0, 50)}`);
  const rows = page.locator('#class-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('th')).toHaveText('Ada Lovelace');
  await expect(rows.nth(0).locator('td').nth(6)).toHaveText('1/3');
  await expect(rows.nth(0).locator('td').nth(7)).toHaveText('0/2');
  await expect(rows.nth(0).locator('td').nth(0)).toHaveText('✗');
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('✓');
  await expect(rows.nth(1)).toContainText('damaged or incomplete');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-class')]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.split('\n')[0]).toBe(
    'name,score,predictions,task 1,task 2,task 3,task 4,task 5,task 6,answer 1,answer 2,answer 3,answer 4,answer 5,answer 6,note',
  );
  expect(csv).toContain('Ada Lovelace,1/3,0/2,wrong,right,blank');
  expect(errors).toEqual([]);
});

test('a code whose answers were edited by hand is re-checked, not trusted; one for another worksheet is named', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./teacher.html');
  await page.selectOption('#sheet-choice', 'stability');
  // A code written by hand with a checksum that fits: the lab re-checks the answers themselves.
  const forged = handInCode('Mallory', 'stability', ['9', 'euler', '', '', '', '']);
  const other = handInCode('Eve', 'fiedler', []);
  await page.fill('#codes', `${forged}\n${other}\nnot a code at all`);
  const rows = page.locator('#class-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Mallory');
  // Task 1 is a prediction (9 s: wrong, apart); of tasks 2–5, "euler" (task 2) is right.
  await expect(rows.nth(0).locator('td').nth(6)).toHaveText('1/4');
  await expect(rows.nth(0).locator('td').nth(7)).toHaveText('0/1');
  await expect(rows.nth(0).locator('td').nth(0)).toHaveText('✗');
  await expect(rows.nth(1)).toContainText('another worksheet (fiedler)');
  expect(errors).toEqual([]);
});

test('every built-in worksheet’s key on the teacher’s page is the CLI’s, for a student with drawn parameters', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./teacher.html');
  await page.fill('#key-name', 'Grace Hopper');
  for (const id of BUILT_IN) {
    await page.selectOption('#sheet-choice', id);
    const cells = page.locator('#sheet-key tbody tr td:nth-child(5)');
    await expect(cells).toHaveCount(cliKey(id, 'Grace Hopper').length);
    expect(await cells.allTextContents(), id).toEqual(cliKey(id, 'Grace Hopper'));
  }
  expect(errors).toEqual([]);
});

test('a teacher’s own worksheet: a mistake is reported with its line; a good one makes a link that opens it', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./teacher.html');
  await page.locator('#sheet-own summary').click();
  const text = [
    'title = "Our own spring"',
    '',
    '[[task]]',
    'setup = "scenario=spring&methods=euler&dt=0.1&until=1"',
    'kind = "number"',
    'question = "Where is Euler at the end?"',
    'quantity = "positon"',
    'unit = "m"',
  ].join('\n');
  await page.fill('#sheet-text', text);
  await page.click('#use-text');
  // The classroom build reads it: on a loaded machine that can take more than a few seconds.
  await expect(page.locator('#sheet-problem')).toContainText("line 3: task 1: unknown quantity 'positon'", {
    timeout: 30_000,
  });
  // Nothing of the worksheet shown before stays to be taken for this one's.
  await expect(page.locator('#sheet-links')).toBeHidden();
  await expect(page.locator('#sheet-key tbody tr')).toHaveCount(0);
  await page.fill(
    '#sheet-text',
    `${text.replace('positon', 'position')}\n[[task]]\nsetup = "scenario=spring&methods=euler"\nkind = "explain"\nquestion = "Why?"\n`,
  );
  await page.click('#use-text');
  await expect(page.locator('#sheet-problem')).toBeEmpty();
  // Its key is the CLI's for the same file.
  const file = join(mkdtempSync(join(tmpdir(), 'sheet-')), 'own.toml');
  writeFileSync(file, await page.locator('#sheet-text').inputValue());
  const expected = execFileSync(CLI, ['worksheet', file], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim().startsWith('answer: '))
    .map((l) => l.trim().slice('answer: '.length));
  expect(await page.locator('#sheet-key tbody tr td:nth-child(5)').allTextContents()).toEqual(expected);
  // A reload keeps the teacher's own worksheet.
  await page.reload();
  await expect(page.locator('#sheet-key caption')).toContainText('Our own spring');
  const link = await page.locator('#sheet-link').getAttribute('href');
  expect(link).toContain('worksheet=text%3A');
  await page.goto(link ?? '');
  await expect(page.locator('#worksheet-title')).toHaveText('Our own spring');
  // The reader is told who wrote it: the link's maker, not the lab.
  await expect(page.locator('#worksheet-origin')).toHaveText(
    'This worksheet came in the link itself: whoever made the link wrote it, not the makers of the lab.',
  );
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await expect(page.locator('#task-heading')).toHaveText('Task 1 of 2');
  expect(errors).toEqual([]);
});

test('a worksheet’s name and answer fields are as tall as the settings’ fields, in the page’s font', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=fiedler');
  const height = (selector: string) =>
    page.locator(selector).evaluate((e) => Math.round(e.getBoundingClientRect().height));
  const setting = await height('#param-m');
  expect(setting).toBeGreaterThan(24);
  expect(await height('#student-name')).toBe(setting);
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await expect(page.locator('#task-answer')).toBeVisible();
  expect(await height('#task-answer')).toBe(setting);
  const fonts = await page.evaluate(() =>
    ['#task-answer', '#param-m'].map((s) => getComputedStyle(document.querySelector(s) as Element).fontSize),
  );
  expect(fonts[0]).toBe(fonts[1]);
  expect(errors).toEqual([]);
});

test('a worksheet’s page is shown with its worksheet in place: the settings and the scene do not move down when it comes', async ({
  page,
}) => {
  const errors = watch(page);
  // Where the settings and the scene are, in every frame in which the lab's body is shown (the settings only
  // beside the run, under the task: on a phone they come after the run, whose charts are made a frame apart).
  const frames = await everyFrame(page, () => {
    const controls = document.querySelector('.controls');
    const scene = document.getElementById('scene');
    if (!controls || !scene || document.querySelector('main[data-shaping]')) return undefined;
    const top = (e: Element) => Math.round(e.getBoundingClientRect().top + window.scrollY);
    return `${window.innerWidth > 800 ? top(controls) : '-'} ${top(scene)}`;
  });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('./?worksheet=lecture');
    await expect(page.locator('#worksheet')).toBeVisible();
    await expect(page.locator('#status')).toContainText('step');
    // As the run's charts are made, a frame apart, and the studies tier comes.
    await page.waitForTimeout(1500);
    const seen = await frames();
    expect(seen.length, `${width} px`).toBeGreaterThan(5);
    expect([...new Set(seen)], `${width} px`).toHaveLength(1);
  }
  expect(errors).toEqual([]);
});

test('a worksheet page downloads the worksheets build and no other, and still shows the methods’ facts', async ({
  page,
}) => {
  const errors = watch(page);
  const wasm = wasmRequests(page);
  await page.goto('./?worksheet=lecture');
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('small.facts[data-method="verlet"]')).toContainText('order 2');
  expect(wasm).toEqual(['classroom']);
  expect(errors).toEqual([]);
});

test('a worksheet that cannot be read says so, and the lab goes on', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?worksheet=no-such-sheet');
  await expect(page.locator('#notices')).toContainText(
    "The worksheet could not be opened: unknown worksheet 'no-such-sheet'",
  );
  await expect(page.locator('#status')).toContainText('step 0');
  await page.goto('./?worksheet=text:abc$');
  await expect(page.locator('#notices')).toContainText('The worksheet could not be opened');
  // Only errors the page reports itself.
  expect(errors).toEqual([]);
});

test('without storage the page says the answers are not kept; keyboard only, a task is answered', async ({
  page,
}) => {
  const errors = watch(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
  });
  await page.goto('./?worksheet=stability');
  await expect(page.locator('#worksheet-storage')).toContainText('cannot keep anything');
  await page.locator('#student-name').focus();
  await page.keyboard.type('Kay');
  await page.keyboard.press('Enter');
  await expect(page.locator('#task-heading')).toBeFocused();
  // Tab to the answer field; type; Enter submits.
  for (
    let i = 0;
    i < 12 && !(await page.locator('#task-answer').evaluate((e) => e === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(page.locator('#task-answer')).toBeFocused();
  await page.keyboard.type('0.516');
  await page.keyboard.press('Enter');
  await expect(page.locator('#task-feedback')).toContainText('Right');
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the task comes first and nothing scrolls sideways; axe finds nothing', async ({ page }) => {
    const errors = watch(page);
    await page.goto('./?worksheet=van-verth');
    await expect(page.locator('#worksheet-title')).toBeVisible();
    const task = await page.locator('#worksheet').boundingBox();
    const views = await page.locator('.views').boundingBox();
    expect(task && views && task.y < views.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('axe finds nothing on a worksheet or on the teacher’s page with a class table', async ({ page }) => {
  const errors = watch(page);
  await page.goto('./?worksheet=true-physics');
  await expect(page.locator('#student-name')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await expect(page.locator('#task-heading')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.goto('./teacher.html');
  // The page says what it cannot guard: the hand-in is for practice, not for an exam.
  await expect(page.locator('.guard')).toContainText('For practice, not for an exam.');
  await page.fill('#codes', 'IL1.broken.00000000');
  await expect(page.locator('#class-table tbody tr')).toHaveCount(1);
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a worksheet kept as a file on the site opens by its path; one on another site is refused', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=worksheets/spring-example.toml');
  await expect(page.locator('#worksheet-title')).toHaveText('A spring of your own');
  await expect(page.locator('#worksheet-origin')).toContainText(
    'comes from the file /worksheets/spring-example.toml on this site: whoever placed it there wrote it',
  );
  await page.fill('#student-name', 'Emmy Noether');
  await page.locator('#student-name').press('Enter');
  // Her k, drawn from her name, is in the run's URL and in the CLI's key for the same file and name.
  const key = cliKey('www/public/worksheets/spring-example.toml', 'Emmy Noether');
  const k = /k = (\d+)/.exec(
    execFileSync(CLI, ['worksheet', 'www/public/worksheets/spring-example.toml', '--name', 'Emmy Noether'], {
      encoding: 'utf8',
    }),
  )?.[1];
  await expect.poll(() => page.url()).toContain(`k=${k}`);
  const dt = Number(key[0]?.split(' ')[0]);
  expect(await answer(page, String(dt))).toContain('Right');
  await page.goto('./?worksheet=http://example.invalid/sheet.toml');
  await expect(page.locator('#notices')).toContainText('must be on this site');
  await page.goto('./?worksheet=no/such/sheet.toml');
  await expect(page.locator('#notices')).toContainText('no/such/sheet.toml was not found on this site');
  expect(errors).toEqual([]);
});

test('the chaos task opens with a nudged twin, its separation drawn, and grades the parting time the CLI computes', async ({
  page,
}) => {
  const errors = watch(page);
  await page.goto('./?worksheet=true-physics');
  await page.fill('#student-name', 'Ada');
  await page.locator('#student-name').press('Enter');
  await page.locator('#worksheet-tasks button').nth(6).click();
  await expect(page.locator('#task-heading')).toHaveText('Task 7 of 7');
  await expect.poll(() => new URL(page.url()).searchParams.get('nudge')).toBe('1e-9');
  await expect(page.locator('#separation-view')).toBeVisible();
  // The CLI's key for this task: "13.707 s (within 15 %)".
  const key = cliKey('true-physics', 'Ada')[6] ?? '';
  const seconds = Number.parseFloat(key);
  expect(seconds).toBeGreaterThan(12);
  expect(seconds).toBeLessThan(14.5);
  expect(await answer(page, `${(seconds * 2).toFixed(1)} s`)).not.toContain('Right');
  expect(await answer(page, `${seconds.toFixed(1)} s`)).toContain('Right');
  expect(errors).toEqual([]);
});
