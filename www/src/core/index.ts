// The page's one door to the core: the only folder that touches the generated wasm package is this one.
// Everything the page shows comes through here from the Rust core: physics, numbers written as the CSV
// writes them, tables, messages. This module converts, it never computes. The tiers and their loading are
// in tiers.ts, a running session in session.ts.

import { message } from '../ui/dom';
import { languageTier, loaded, type Tier } from './tiers';
import type { Precision, RunSpec, ScenarioInfo } from './types';

export { Session } from './session';
export {
  failure,
  languageTier,
  liveBytes,
  loadCore,
  NeedsStudiesTier,
  needsStudiesTier,
  studiesTier,
  type Tier,
  useClassroomTier,
  useLanguageTier,
  useStudiesTier,
} from './tiers';
export type * from './types';

/** The tier the page steps with now. */
export function coreTier(): Tier {
  return loaded().tier;
}

/** What is wrong with a rule, in words with its line and column, or undefined when it runs (or when the
 * page has not loaded the language build, which alone runs rules). */
export function checkRule(text: string): string | undefined {
  return (languageTier()?.checkRule(text) as { text: string } | undefined)?.text;
}

/** The same for a force. */
export function checkForce(text: string): string | undefined {
  return (languageTier()?.checkForce(text) as { text: string } | undefined)?.text;
}

/** A force as the scenario `custom`, as the catalogue lists scenarios (the language tier only); throws the
 * mistake in it. */
export function forceScenario(text: string): ScenarioInfo {
  const language = languageTier();
  if (!language) throw new Error("your force: this page has not loaded the core's language");
  return language.forceScenario(text) as ScenarioInfo;
}

/** The core's message for a bad parameter value, or undefined when it is fine. */
export function checkParameter(
  scenario: string,
  name: string,
  value: number,
  force?: string,
): string | undefined {
  return loaded().bindings.checkParam(scenario, name, value, force) ?? undefined;
}

/** What is wrong with a spec's setup (scenario, parameters, dt and until, the step budget), in the core's
 * words, or undefined where it runs. */
export function checkSetup(spec: RunSpec): string | undefined {
  return loaded().bindings.checkSetup(spec) ?? undefined;
}

/** Whether a URL key is a tracking key (`utm_*`, `fbclid`, `gclid`), which the page ignores silently. */
export function isTrackingKey(name: string): boolean {
  return loaded().bindings.isTrackingKey(name);
}

/** Reads a number as the CLI does (a decimal, or a fraction such as 1/60): the value or the core's message. */
export function readNumber(name: string, text: string): { value: number } | { why: string } {
  try {
    return { value: loaded().bindings.parseNumber(name, text) };
  } catch (e) {
    return { why: message(e) };
  }
}

/** Reads dt (positive) or until (not negative) as the CLI does: the value or the core's message. */
export function readTime(name: 'dt' | 'until', text: string): { value: number } | { why: string } {
  try {
    return { value: loaded().bindings.parseTime(name, text) };
  } catch (e) {
    return { why: message(e) };
  }
}

/** A value as the CSV writes it at a precision. */
export function formatValue(value: number, precision: Precision): string {
  return loaded().bindings.formatValue(value, precision);
}

/** A number rounded to `digits` significant digits, as the tables show them for reading. */
export function formatSignificant(value: number, digits: number): string {
  return loaded().bindings.formatSignificant(value, digits);
}

/** A time as the CSV writes it: at most 12 significant digits. */
export function formatTime(t: number): string {
  return loaded().bindings.formatTime(t);
}
