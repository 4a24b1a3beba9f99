// What the browser tests share: the CLI they compare with, and a watch on the page's console.

import type { Page } from '@playwright/test';

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
