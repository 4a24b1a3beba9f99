// What the lab's page opens with, from its URL alone: which of the core's tiers (the page's first module asks
// it to start the core's download at once, and the page's code to load that tier), and its scenario when the
// URL names none.

import type { Tier } from '../core/tiers';

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
