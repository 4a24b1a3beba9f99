// A worksheet in a school's LMS, tested as an LMS runs it: the teacher's page makes the SCORM package, a host
// page plays the LMS (scorm-again's run-time as its `API` / `API_1484_11`) and frames the package's launch page
// from the same origin, with `.wasm` served as application/octet-stream as many LMSs do; a student works
// through it under the LMS's name, hands in, and what the LMS recorded is the core's grading of the answers.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { CLI, watch } from './helpers';

/** A worksheet with a pass mark: a number, a choice and an explanation (two graded tasks). */
const SHEET = `id = "lms-check"
version = 3
title = "Euler's block, for the gradebook"
pass = 0.5

[[task]]
setup = "scenario=constant-force&methods=euler,kinematic&dt=1&until=10"
kind = "number"
question = "Where is explicit Euler's block after 10 s?"
quantity = "position"
unit = "m"

[[task]]
setup = "scenario=constant-force&methods=euler,kinematic&dt=1&until=10"
kind = "choice"
question = "Which lands on the exact 500 m?"
options = ["euler", "kinematic"]
labels = ["explicit Euler", "the kinematic integrator"]
choose = "largest"
quantity = "position"

[[task]]
setup = "scenario=constant-force&methods=euler,kinematic&dt=1&until=10"
kind = "explain"
question = "Why does Euler lag?"
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.toml': 'text/plain',
  '.xml': 'application/xml',
  // As many LMSs serve it: the page must not need application/wasm.
  '.wasm': 'application/octet-stream',
};

/** The host page: the LMS's run-time for `version`, the learner's name, every value set recorded. */
function host(version: '1.2' | '2004', launch: string, suspended = ''): string {
  const setup =
    version === '2004'
      ? `window.API_1484_11 = new Scorm2004API({ autocommit: false, logLevel: 5 });
         window.API_1484_11.loadFromJSON({ learner_id: 'ada', learner_name: 'Lovelace, Ada', suspend_data: ${JSON.stringify(suspended)} });
         window.API_1484_11.on('SetValue.cmi.*', (element, value) => window.recorded.push([element, String(value)]));`
      : `window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
         window.API.loadFromJSON({ core: { student_id: 'ada', student_name: 'Lovelace, Ada' } });
         window.API.on('LMSSetValue.cmi.*', (element, value) => window.recorded.push([element, String(value)]));`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An LMS</title><link rel="icon" href="data:,">
<script src="/runtime.js"></script>
<script>window.recorded = []; ${setup}</script></head>
<body><iframe id="sco" title="The worksheet" src="/pkg/${launch}" style="width: 1200px; height: 900px"></iframe></body></html>`;
}

/** Serves the host page, the run-time and the unzipped package from one origin. */
async function serve(dir: string, version: '1.2' | '2004', launch: string, suspended = ''): Promise<Server> {
  const runtime = readFileSync(
    `node_modules/scorm-again/dist/${version === '2004' ? 'scorm2004' : 'scorm12'}.js`,
    'utf8',
  );
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(host(version, launch, suspended));
    } else if (path === '/runtime.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(runtime);
    } else if (path.startsWith('/pkg/')) {
      const file = normalize(join(dir, path.slice('/pkg/'.length)));
      try {
        const body = readFileSync(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The teacher's page makes the package of SHEET at `version`; it is unzipped into a fresh directory. */
async function makePackage(page: Page, version: '1.2' | '2004'): Promise<{ dir: string; names: string[] }> {
  await page.goto('./teacher.html');
  await page.locator('#sheet-own summary').click();
  await page.fill('#sheet-text', SHEET);
  await page.click('#use-text');
  await page.selectOption('#scorm-version', version);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#scorm-package')]);
  await expect(page.locator('#scorm-note')).toContainText(
    'add it to your course as a SCORM package activity',
  );
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const dir = mkdtempSync(join(tmpdir(), 'scorm-'));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return { dir, names: Object.keys(files) };
}

async function answer(frame: FrameLocator, text: string): Promise<void> {
  await frame.locator('#task-answer').fill(text);
  await frame.locator('.task-form button[type="submit"]').click();
}

for (const version of ['2004', '1.2'] as const) {
  test(`SCORM ${version}: the LMS gives the name and records the core's grading of the answers`, async ({
    page,
  }) => {
    const errors = watch(page);
    const { dir, names } = await makePackage(page, version);
    // The structural checks an LMS makes on import (not an XSD validation).
    const manifest = readFileSync(join(dir, 'imsmanifest.xml'), 'utf8');
    const ids = [...manifest.matchAll(/identifier="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(manifest.match(/<organization /g)).toHaveLength(1);
    expect(manifest).toContain(
      `<schemaversion>${version === '2004' ? '2004 4th Edition' : '1.2'}</schemaversion>`,
    );
    const launch = /<resource [^>]*href="([^"]+)"/.exec(manifest)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(launch).toBe(`index.html?worksheet=worksheets/lms-check.toml&scorm=${version}`);
    for (const [, href] of manifest.matchAll(/<file href="([^"]+)"/g)) expect(names).toContain(href);
    expect(names).toContain('index.html');
    // No service worker, no web app manifest, no build a worksheet never loads.
    expect(names.filter((n) => /sw\.js|webmanifest|base_bg|language_bg/.test(n))).toEqual([]);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('rel="manifest"');
    // The CLI makes the same package from the built site: the same manifest, the same files.
    const sheetFile = join(dir, 'sheet.toml');
    writeFileSync(sheetFile, SHEET);
    const cliZip = join(dir, 'cli.zip');
    execFileSync(CLI, [
      'worksheet',
      sheetFile,
      '--scorm',
      cliZip,
      '--scorm-version',
      version,
      '--site',
      'www/dist',
    ]);
    const fromCli = unzipSync(new Uint8Array(readFileSync(cliZip)));
    expect(new TextDecoder().decode(fromCli['imsmanifest.xml'])).toBe(manifest);
    expect(Object.keys(fromCli).sort()).toEqual([...names].sort());

    const server = await serve(dir, version, launch);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outside: string[] = [];
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(r.url());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
        outside.push(r.url());
    });
    try {
      await page.goto(`${origin}/`);
      const frame = page.frameLocator('#sco');
      // The name is the LMS's: no form asks for it.
      await expect(frame.locator('.worksheet-who')).toContainText('Working as Lovelace, Ada', {
        timeout: 30_000,
      });
      await expect(frame.locator('#student-name')).toHaveCount(0);
      await answer(frame, '450');
      await expect(frame.locator('#task-feedback')).toContainText('Right');
      await frame.getByRole('button', { name: 'Next →' }).click();
      await frame.locator('input[name="task-option"][value="euler"]').check();
      await frame.locator('.task-form button[type="submit"]').click();
      await frame.getByRole('button', { name: 'Next →' }).click();
      const why = `Each step uses the velocity it began with. ${'It lags. '.repeat(40)}`;
      await answer(frame, why);
      // The progress is the LMS's to keep (a moment after the typing stops), the attempt marked to resume.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { recorded: [string, string][] }).recorded))
        .toContainEqual(['cmi.suspend_data', expect.stringContaining('Lovelace, Ada')]);
      expect(
        await page.evaluate(() => (window as unknown as { recorded: [string, string][] }).recorded),
      ).toContainEqual([version === '2004' ? 'cmi.exit' : 'cmi.core.exit', 'suspend']);
      await frame.locator('#hand-in').click();
      await expect(frame.locator('#hand-in-note')).toContainText(
        "Your score has gone to your school's gradebook",
      );
      if (version === '1.2')
        await expect(frame.locator('#hand-in-note')).toContainText('cut to the 255 characters');
      const recorded = new Map(
        await page.evaluate(() => (window as unknown as { recorded: [string, string][] }).recorded),
      );
      // The core's grading of the same answers, by the CLI.
      const answers = join(dir, 'answers.toml');
      writeFileSync(answers, `name = "Lovelace, Ada"\nanswers = ["450", "euler", ${JSON.stringify(why)}]\n`);
      const graded = execFileSync(
        CLI,
        ['worksheet', join(dir, 'worksheets/lms-check.toml'), '--answers', answers],
        {
          encoding: 'utf8',
        },
      );
      expect(graded).toContain('score: 1/2');
      const score = version === '2004' ? 'cmi.score' : 'cmi.core.score';
      // In percent: LMSs grade the raw score out of 100.
      expect(recorded.get(`${score}.raw`)).toBe('50');
      expect(recorded.get(`${score}.min`)).toBe('0');
      expect(recorded.get(`${score}.max`)).toBe('100');
      const wrong = version === '2004' ? 'incorrect' : 'wrong';
      expect(recorded.get('cmi.interactions.0.result')).toBe('correct');
      expect(recorded.get('cmi.interactions.1.result')).toBe(wrong);
      expect(recorded.get('cmi.interactions.2.result')).toBe('neutral');
      expect(recorded.get('cmi.interactions.0.type')).toBe('numeric');
      expect(recorded.get('cmi.interactions.1.type')).toBe('choice');
      // pass = 0.5, and 1 of 2 is half.
      if (version === '2004') {
        expect(recorded.get('cmi.score.scaled')).toBe('0.5');
        expect(recorded.get('cmi.success_status')).toBe('passed');
        expect(recorded.get('cmi.completion_status')).toBe('completed');
        expect(recorded.get('cmi.interactions.2.type')).toBe('long-fill-in');
        expect(recorded.get('cmi.interactions.2.learner_response')).toBe(why.trim());
      } else {
        expect(recorded.get('cmi.core.lesson_status')).toBe('passed');
        // A choice as SCORM 1.2 writes one: the option's letter.
        expect(recorded.get('cmi.interactions.1.student_response')).toBe('a');
        expect(recorded.get('cmi.interactions.2.student_response')).toHaveLength(255);
      }
      // The receipt: the result code, with the LMS's name in it; the teacher's page reads it, and says the name
      // is written as an LMS writes it.
      await expect(frame.locator('#hand-in-code')).toBeVisible();
      const receipt = await frame.locator('#hand-in-code').inputValue();
      expect(outside).toEqual([]);
      expect(missing).toEqual([]);
      await page.goto(`${new URL('./teacher.html', test.info().project.use.baseURL).href}`);
      await expect(page.locator('#sheet-problem')).toHaveText('');
      await page.fill('#codes', receipt);
      const row = page.locator('#class-table tbody tr').first();
      await expect(row.locator('th')).toHaveText('Lovelace, Ada');
      await expect(row).toContainText('1/2');
      await expect(row).toContainText('written Family, Given, as an LMS gives it');
      expect(errors).toEqual([]);
    } finally {
      server.close();
    }
  });
}

test('SCORM 2004: a student who comes back resumes from what the LMS kept', async ({ page }) => {
  const errors = watch(page);
  const { dir } = await makePackage(page, '2004');
  const launch = 'index.html?worksheet=worksheets/lms-check.toml&scorm=2004';
  const kept = JSON.stringify({
    name: 'Lovelace, Ada',
    answers: ['450', '', ''],
    verdicts: ['right', '', ''],
    drafts: ['', '', 'Each step'],
    hints: [0, 0, 0],
    current: 2,
  });
  const server = await serve(dir, '2004', launch, kept);
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('#sco');
    await expect(frame.locator('#task-heading')).toContainText('Task 3 of 3', { timeout: 30_000 });
    await expect(frame.locator('#task-answer')).toHaveValue('Each step');
    await expect(frame.locator('#worksheet-tasks button').first()).toHaveText('1✓');
    expect(errors).toEqual([]);
  } finally {
    server.close();
  }
});
