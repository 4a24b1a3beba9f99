// The panic path: a trap in the core (what a panic becomes in wasm) leaves a readable message and a page
// that still stands, and "Start again" loads the core afresh and rebuilds the run from the URL. The trap
// is made by a test-only build: the core's own wasm, served with one export's body replaced by
// `unreachable` (with binaryen, as the build's wasm-opt is), so nothing in the site is there for tests.

import { expect, test } from '@playwright/test';
import binaryen from 'binaryen';
import { watch } from './helpers';

/** The module with the export `name`'s body replaced by a trap. */
function trapping(bytes: Buffer, name: string): Uint8Array {
  const module = binaryen.readBinary(bytes);
  // The features the build's wasm-opt is told of (scripts/build-wasm.sh): no newer encodings.
  const f = binaryen.Features;
  module.setFeatures(
    f.BulkMemory |
      f.BulkMemoryOpt |
      f.SignExt |
      f.MutableGlobals |
      f.NontrappingFPToInt |
      f.Multivalue |
      f.ReferenceTypes |
      f.SIMD128,
  );
  for (let i = 0; i < module.getNumExports(); i++) {
    const e = binaryen.getExportInfo(module.getExportByIndex(i));
    if (e.name !== name) continue;
    const fn = binaryen.getFunctionInfo(module.getFunction(e.value));
    module.removeFunction(fn.name);
    module.addFunction(fn.name, fn.params, fn.results, [], module.unreachable());
  }
  if (!module.validate()) throw new Error('the patched module does not validate');
  const out = module.emitBinary();
  module.dispose();
  return out;
}

test('a trap in the core leaves a readable message and a standing page; Start again brings the run back', async ({
  page,
}) => {
  const errors = watch(page);
  let patched = true;
  // The full page steps with the studies tier a second after its first frame (the run is made again by it,
  // caught up to where it is): its `advance` traps while `patched` holds.
  await page.route(/studies_bg-[^/]*\.wasm$/, async (route) => {
    const response = await route.fetch();
    if (!patched) return route.fulfill({ response });
    return route.fulfill({ response, body: Buffer.from(trapping(await response.body(), 'session_advance')) });
  });
  await page.goto('./?scenario=orbit&methods=euler,rk4');
  const notices = page.locator('#notices');
  // (Patching takes a moment: binaryen reads and writes the whole module.)
  await expect(notices).toContainText(
    "The core stopped: unreachable. Nothing is lost: the page's address holds the run.",
    { timeout: 30_000 },
  );
  // The page stands: its controls, its scene and its status are there, and nothing else goes wrong.
  await expect(page.locator('#scene')).toBeVisible();
  await expect(page.locator('#status')).not.toBeEmpty();
  await page.click('#play');
  await page.click('#step');
  await page.waitForTimeout(300);
  await expect(notices.locator('p')).toHaveCount(1);

  // A change made now starts the page again on the new state, from its address.
  await page.selectOption('#scenario', 'spring');
  await page.waitForURL(/scenario=spring/);
  await expect(notices).toContainText('The core stopped: unreachable.', { timeout: 30_000 });

  // Start again, with the core whole: the run is the URL's, and it steps.
  patched = false;
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.locator('#scenario')).toHaveValue('spring');
  await expect(page.locator('#status')).toContainText(/step [1-9]/);
  await expect(notices).toBeEmpty();
  expect(errors).toEqual([]);
});
