// The core's language tier: the studies tier's, and "your method" (a student's rule in a small safe language
// run by the core). The page loads it only when a rule is in use: the editor opens, or the URL holds rule=.
// This module loads it and converts; the core compiles, runs and grades every rule.

import { loader } from './loader';
import init, * as bindings from './pkg/language.js';
import languageUrl from './pkg/language_bg.wasm?url';
import { type Studies, studiesOf } from './studies-build';
import type { ForceTemplate, ReportCard, RuleProblem, RuleTemplate } from './views';

export type LanguageBindings = typeof bindings;

/** Loads the language tier once (from its URL; in Node tests, from its bytes). */
export const loadLanguage = loader(bindings, init, languageUrl);

export type { ForceTemplate, ReportCard, RuleProblem, RuleTemplate } from './views';

/** What is wrong with a rule, or undefined when it compiles and runs. Quick: a few steps on a spring. */
export function checkRule(core: LanguageBindings, text: string): RuleProblem | undefined {
  return (core.checkRule(text) as RuleProblem | undefined) ?? undefined;
}

/** What is wrong with a force, or undefined when it compiles and runs at its start. */
export function checkForce(core: LanguageBindings, text: string): RuleProblem | undefined {
  return (core.checkForce(text) as RuleProblem | undefined) ?? undefined;
}

/** Forces to start from: their names and texts. */
export function forceTemplates(core: LanguageBindings): ForceTemplate[] {
  return core.forceTemplates() as ForceTemplate[];
}

export function ruleTemplates(core: LanguageBindings): RuleTemplate[] {
  return core.ruleTemplates() as RuleTemplate[];
}

/** The report card (a second or two of work: the page asks it of the studies worker). */
export function reportCard(core: LanguageBindings, text: string, scenario?: string): ReportCard {
  return core.reportCard(text, scenario) as ReportCard;
}

/** The studies of the language tier: the studies tier's, which take a spec with a rule, and the report card. */
export interface LanguageStudies extends Studies {
  reportCard(text: string, scenario?: string): ReportCard;
}

export function languageStudiesOf(core: LanguageBindings): LanguageStudies {
  return { ...studiesOf(core), reportCard: (text, scenario) => reportCard(core, text, scenario) };
}
