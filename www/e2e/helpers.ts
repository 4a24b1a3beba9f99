// What the browser tests share: the CLI they compare with, a watch on the page's console, and axe-core.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export const CLI = process.env.INTEGRATOR_LAB_CLI ?? 'target/release/integrator-lab';

/** Console errors and uncaught exceptions of a page: each test ends by asserting there are none. */
export function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The rule sets axe checks: WCAG 2.0 A and AA, WCAG 2.1 AA, and Deque's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

let axeSource: string | undefined;

/**
 * Runs axe-core (the version pinned in package.json) on the page as it is now: one line for each element
 * of each violation, as "rule [impact] selector: help". An empty list is a clean page.
 */
export async function axe(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol, which the pages' content security policy does not govern (an
  // injected <script> would be refused, as it should be).
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const results = await axe.run(document, { runOnly: tags });
    return results.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} [${v.impact ?? 'no impact'}] ${n.target.join(' >>> ')}: ${v.help}`),
    );
  }, AXE_TAGS);
}

/** Shows every digit in the page's tables (the CSV's), for comparing them with the CLI. */
export async function allDigits(page: Page): Promise<void> {
  await page.locator('#all-digits').check();
}

/** Runs to the end and waits until the run says it has finished. */
export async function runToEnd(page: Page): Promise<void> {
  await page.click('#end');
  await expect(page.locator('#status')).toContainText('finished', { timeout: 45_000 });
}

/** The values table as shown, every digit: method → column → text. */
export async function valuesTable(page: Page): Promise<Map<string, Record<string, string>>> {
  await allDigits(page);
  const headers = await page.locator('#numbers thead th').allTextContents();
  const out = new Map<string, Record<string, string>>();
  for (const row of await page.locator('#numbers tbody tr').all()) {
    const method = (await row.getAttribute('data-method')) ?? '';
    const cells = await row.locator('td').allTextContents();
    out.set(method, Object.fromEntries(headers.slice(1).map((h, i) => [h, cells[i] ?? ''])));
  }
  return out;
}

/** The last CSV row of each method, by column name. */
export function lastRows(csv: string): Map<string, Record<string, string>> {
  // Keyed by the first column's value (the method's id).
  return new Map(csvRows(csv).map((row) => [Object.values(row)[0] ?? '', row]));
}

/** Every row of a CSV (the CLI's or the page's), each by its header's names. */
export function csvRows(csv: string): Record<string, string>[] {
  const [header = '', ...lines] = csv.trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => {
    const fields = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, fields[i] ?? '']));
  });
}

/** The site's scripts and styles a page requests, by name (`assets/app-HASH.js` is `app.js`), in order. */
export function assetRequests(page: Page): string[] {
  const asked: string[] = [];
  page.context().on('request', (r) => {
    const m = /\/assets\/([a-z-]+)-[^/]*\.(js|css)$/.exec(r.url());
    if (m?.[1]) asked.push(`${m[1]}.${m[2]}`);
  });
  return asked;
}

/** The builds of the core a page requests (its workers' too), by tier: `base`, `studies`, … in order. */
export function wasmRequests(page: Page): string[] {
  const asked: string[] = [];
  page.context().on('request', (r) => {
    // A build's file is NAME_bg-HASH.wasm, and a hash may hold a '-' too.
    const m = /\/(base|studies|classroom|language)_bg-[^/]*\.wasm$/.exec(r.url());
    if (m?.[1]) asked.push(m[1]);
  });
  return asked;
}

/**
 * A result code made here, in Node, from the code's documented format (docs/worksheets.md): base64url JSON
 * after "IL1.", then a CRC-32. What a student's page would make, or what someone writes by hand.
 */
export function handInCode(
  name: string,
  worksheet: string,
  answers: string[],
  extra: { version?: string; params?: [string, number][] } = {},
): string {
  const json = JSON.stringify({
    name,
    worksheet,
    ...(extra.version ? { version: extra.version } : {}),
    params: extra.params ?? [],
    answers,
  });
  const body = `IL1.${Buffer.from(json).toString('base64url')}`;
  return `${body}.${(crc32(body) >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * From the page's next load on, `sample` runs in the page in every animation frame; what it returns (where
 * not undefined) is kept, and the returned function reads all of it for the page as last loaded. `sample`
 * is sent as its source: it may use only the page's globals.
 */
export async function everyFrame(
  page: Page,
  sample: () => string | undefined,
): Promise<() => Promise<string[]>> {
  await page.addInitScript(
    `(() => {
      const seen = (window.__everyFrame = []);
      const sample = ${sample.toString()};
      const look = () => {
        const value = sample();
        if (value !== undefined) seen.push(value);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })();`,
  );
  return () => page.evaluate(() => (window as unknown as { __everyFrame: string[] }).__everyFrame);
}
