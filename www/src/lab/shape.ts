// The shape of a scenario's first screen and the addresses that open an experiment: written by the build
// (vite.config.ts, from the core), read by the lab's first module (first-screen.ts). The build's
// configuration imports this file too: nothing here touches the page.

import { LOOK_KEYS } from '../ui/look.ts';

/** What a scenario's first screen holds: known before the core loads (vite.config.ts, from its catalogue). */
export interface ScenarioShape {
  /** A point mass's (`motion`) or a spinning body's (`rotation`) views and methods. */
  family: 'motion' | 'rotation';
  /** Whether its run, at its own parameters, has several coordinates (and so a Coordinate menu). */
  several: boolean;
  /** Its parameters. */
  params: number;
  /** Its description's lines in the settings column at its widest, estimated. */
  aboutLines: number;
  /** The line that introduces its methods' orders (orders.ts: `ordersIntro` at its own dt, or a spinning
   * body's): shown from the first paint, while a point mass's orders themselves come with the studies tier.
   * Its lines could not be kept by an estimate: they are the font's. */
  orders: string;
}

/** The keys of an address that change only how a run looks: the run's own (state.ts's `runKey` sets them
 * aside too), and the page's (ui/look.ts). */
const LOOK_ONLY = ['speed', 'coord', 'details', ...LOOK_KEYS];

/**
 * An address's query as the table of experiments' addresses is keyed (vite.config.ts): its keys in the order
 * of their names, those that change only the run's look left out, and those the page does not read where
 * `reads` lists those it does.
 */
export function experimentAddress(search: string, reads?: ReadonlySet<string>): string {
  const query = new URLSearchParams(search);
  for (const key of LOOK_ONLY) query.delete(key);
  // A key the page does not read (`reads`: a sharing site's, a typo) changes nothing of the run.
  if (reads) for (const key of [...query.keys()]) if (!reads.has(key)) query.delete(key);
  query.sort();
  return new URLSearchParams([...query].map(([key, value]) => [key, numberAsRead(value)])).toString();
}

/** A decimal, with or without an exponent. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A value that is a number as the core reads one (a decimal, or a fraction of two: format.rs), written as that
 * number's shortest decimal; any other value as it is. "1.0" and "1", "1/60" and its decimal to the last digit
 * open the same run.
 */
function numberAsRead(value: string): string {
  // No space is trimmed: the core's spaces (Rust's) and JavaScript's are not the same set, and a value the
  // core would not read must not be taken for one it reads (a byte-order mark before "5" is no 5).
  const [p = '', q, more] = value.split('/');
  if (more !== undefined || !DECIMAL.test(p) || (q !== undefined && !DECIMAL.test(q))) return value;
  const number = q === undefined ? Number(p) : Number(p) / Number(q);
  return Number.isFinite(number) ? String(number) : value;
}

/**
 * The summary of the fold in the card of the experiment a page shows (scripts/cards.ts, panels/experiments.ts):
 * what to look at, the article's claim and the lab's measurement, folded on a narrow screen (first-screen.ts).
 */
export const CARD_MORE = 'What to look at, the claim, the measurement';
