// What every page of the lab does once ui/first.ts has run: load the core (saying so if it cannot), learn
// the methods' looks, and read the URL's state with the core's checks.

import {
  type Catalogue,
  checkForce,
  checkParameter,
  checkRule,
  checkSetup,
  forceScenario,
  isTrackingKey,
  loadCore,
  needsStudiesTier,
  type Precision,
  readNumber,
  readTime,
  type Tier,
  useStudiesTier,
} from '../core';
import { message, notice, pageQuery } from '../ui/dom';
import { registerStyles } from '../ui/palette';
import { type CoreChecks, type Parsed, parseQuery, studiesFor } from './state';

export const CORE: CoreChecks = {
  checkParameter,
  readNumber,
  readTime,
  checkSetup,
  isTrackingKey,
  checkRule,
  checkForce,
};

/**
 * The core's catalogue and the URL's state, or undefined (with a notice) when the core cannot load. The
 * tier is `base` unless asked (`classroom` with a worksheet; `language` with a rule in the URL); at least
 * `studies` when the URL's run needs it (f32, a spinning body).
 */
export async function openCore(
  tier: Tier = 'base',
): Promise<{ catalogue: Catalogue; parsed: Parsed } | undefined> {
  let catalogue: Catalogue;
  try {
    try {
      catalogue = await loadCore({ tier });
    } catch (e) {
      // Without the language the lab still runs its own methods; the rule stays in the URL and the editor.
      if (tier !== 'language') throw e;
      notice(`Your method needs a part of the core that could not be loaded (${message(e)}).`, 'error');
      catalogue = await loadCore({ tier: 'studies' });
    }
  } catch (e) {
    notice(
      `The physics core could not be loaded: ${message(e)}. The lab cannot step without it: reload the page to try again.`,
      'error',
    );
    // Nothing will fill the settings: the room kept for them (see style.css) is given back, and the views show
    // no empty charts or Coordinate menu (style.css).
    document.querySelector('.controls[data-filling]')?.removeAttribute('data-filling');
    document.querySelector('.views')?.setAttribute('data-no-core', '');
    return undefined;
  }
  registerStyles([...catalogue.methods, ...catalogue.rotationMethods]);
  // A force in the URL is a scenario of its own, which the catalogue lists once the language has read it
  // (a force with a mistake is not listed: the URL's reading says why).
  const force = new URLSearchParams(pageQuery()).get('force');
  if (force !== null && tier === 'language') {
    try {
      catalogue.scenarios.push(forceScenario(force));
    } catch {
      // Named by parseQuery below.
    }
  }
  // A spinning body's address is read with the studies tier's checks: the base tier has none for it.
  const asked = {
    precision: 'f64' as const,
    scenario: new URLSearchParams(pageQuery()).get('scenario') ?? '',
  };
  const early = needsStudiesTier(asked) ? await studiesTierFor(asked) : undefined;
  const parsed = parseQuery(pageQuery(), catalogue, CORE);
  if (early === undefined && needsStudiesTier(parsed.state) && !(await studiesTierFor(parsed.state)))
    parsed.state.precision = 'f64';
  return { catalogue, parsed };
}

/**
 * Loads the studies tier for a run that needs it (f32, a spinning body), saying so in the status meanwhile;
 * false, with a notice, where it could not be loaded.
 */
async function studiesTierFor(state: { precision: Precision }): Promise<boolean> {
  const status = document.getElementById('status');
  if (status) status.textContent = `Loading what ${studiesFor(state)} need…`;
  try {
    await useStudiesTier();
    return true;
  } catch (e) {
    if (state.precision === 'f32')
      notice(`f32 runs need a part of the core that could not be loaded (${message(e)}): running in f64.`);
    else notice(`Spinning bodies need a part of the core that could not be loaded (${message(e)}).`, 'error');
    return false;
  }
}
