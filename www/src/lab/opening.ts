// What the lab's page opens with, from its URL alone: which of the core's tiers (the page's first module asks
// it to start the core's download at once, and the page's code to load that tier), and the shape of the
// first screen (the page's first module gives it before the core has loaded).

import type { Tier } from '../core/tiers';
import type { ScenarioShape } from './shape';

/**
 * The tier the lab opens with: `classroom` with a worksheet, `language` with a rule or a force of one's own
 * (beside a worksheet no rule runs: its tasks are about the lab's methods), else `base`, which the first
 * frame needs and no more (the studies tier follows it).
 */
export function openingTier(query: URLSearchParams): Tier {
  if (query.get('worksheet') !== null) return 'classroom';
  return query.get('rule') !== null || query.get('force') !== null ? 'language' : 'base';
}

/** The scenario a URL without one opens. */
export const DEFAULT_SCENARIO = 'spring';

/**
 * Shapes the first screen for the URL's scenario before the core has loaded, so that filling it moves
 * nothing under a reader: its family's charts, the Coordinate menu where its run has several, and in the
 * settings column the room its description, parameters and methods take (style.css). The lab's body is shown
 * only then (`data-shaping`). The page's code sets each again from the run itself (views.ts, controls.ts).
 */
export function shapeFirstScreen(query: URLSearchParams): void {
  const shape = __SCENARIO_SHAPES__[query.get('scenario') ?? DEFAULT_SCENARIO];
  const controls = document.querySelector<HTMLElement>('.controls[data-filling]');
  if (shape) {
    for (const view of Array.from(document.querySelectorAll<HTMLElement>('.views [data-family]')))
      view.classList.toggle('off-family', view.dataset.family !== shape.family);
    document.getElementById('coord-field')?.classList.toggle('single', !shape.several);
    if (controls) {
      controls.dataset.family = shape.family;
      controls.style.setProperty('--about-lines', String(shape.aboutLines));
      controls.style.setProperty('--param-rows', String(shape.params));
    }
  }
  document.querySelector('main[data-shaping]')?.removeAttribute('data-shaping');
}
