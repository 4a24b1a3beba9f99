// The core's language tier: the studies tier's, and "your method" (a student's rule in a small safe language
// run by the core). The page loads it only when a rule is in use: the editor opens, or the URL holds rule=.
// This module loads it and converts; the core compiles, runs and grades every rule.

import { loader } from './loader';
import init, * as bindings from './pkg/language.js';
import languageUrl from './pkg/language_bg.wasm?url';
import { type Studies, studiesOf } from './studies-build';

export type LanguageBindings = typeof bindings;

/** Loads the language tier once (from its URL; in Node tests, from its bytes). */
export const loadLanguage = loader(bindings, init, languageUrl);

/** What is wrong with a rule: where (1-based, where known) and what. */
export interface RuleProblem {
  line?: number;
  column?: number;
  message: string;
  /** The whole message with its line and column, as the CLI prints it. */
  text: string;
}

/** A method of the lab's that a rule can write, as a rule: a starting point. */
export interface RuleTemplate {
  method: string;
  name: string;
  text: string;
}

/** A rule's report card: the core's lines, and what it equals or got wrong. */
export interface ReportCard {
  lines: string[];
  equals?: string;
  mistake?: string;
}

/** What is wrong with a rule, or undefined when it compiles and runs. Quick: a few steps on a spring. */
export function checkRule(core: LanguageBindings, text: string): RuleProblem | undefined {
  return (core.checkRule(text) as RuleProblem | undefined) ?? undefined;
}

/** What is wrong with a force, or undefined when it compiles and runs at its start. */
export function checkForce(core: LanguageBindings, text: string): RuleProblem | undefined {
  return (core.checkForce(text) as RuleProblem | undefined) ?? undefined;
}

/** Forces to start from: their names and texts. */
export function forceTemplates(core: LanguageBindings): { name: string; text: string }[] {
  return core.forceTemplates() as { name: string; text: string }[];
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
