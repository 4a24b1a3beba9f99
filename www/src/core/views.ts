// The shapes of what the core hands the page, generated from crates/wasm's view structs by ts-rs: do not
// edit. `UPDATE_VIEWS=1 cargo test -p integrator-lab-wasm --features classroom,language --lib page_types`
// writes it again; without UPDATE_VIEWS the same test fails when this file differs from the structs.

import type { GrowthWord, VerdictId } from './words';

export type ArticleInfo = { id: string, citation: string, short: string, };

export type MethodInfo = { id: string, name: string, order?: number, evaluations: string, symplectic: boolean, rule: string, source: string, 
/**
 * The theory's stability limit on the undamped spring, as text.
 */
stability: string, 
/**
 * What it does to an oscillator's energy, and why.
 */
energy: string, style: number, };

export type ParamInfo = { name: string, description: string, unit: string, default: number, min: number, max: number, minOpen: boolean, integer: boolean, 
/**
 * What a value must be, in words: "more than 0 and at most 1,000,000 kg".
 */
range: string, };

export type SceneInfo = { kind: string, params: Array<string>, 
/**
 * The picture's scale follows the last position (the chain's free end) rather than the first.
 */
scaleFromLast: boolean, };

export type ScenarioInfo = { 
/**
 * `motion` (a point mass's position and velocity) or `rotation` (a spinning body's attitude and ω): which
 * family of methods steps it (an id such as `euler` names a method within the family).
 */
family: string, id: string, title: string, description: string, source: string, params: Array<ParamInfo>, positionUnit: string, velocityUnit: string, energyUnit: string, 
/**
 * What the energy column holds, as the energy chart's title.
 */
energyTitle: string, dt: number, until: number, scene: SceneInfo, 
/**
 * "exact" or "reference": the truth's label.
 */
truth: string, 
/**
 * The history's columns the true motion keeps constant (a spinning body's: its energy, and ‖L‖ or, on
 * the heavy top, L·ẑ and L3); empty for a point mass, whose energy chart says it.
 */
invariants: Array<string>, };

export type Catalogue = { articles: Array<ArticleInfo>, methods: Array<MethodInfo>, 
/**
 * The rotation family's methods, which step the spinning bodies (the scenarios of family `rotation`).
 */
rotationMethods: Array<MethodInfo>, scenarios: Array<ScenarioInfo>, 
/**
 * The URL keys the lab reads (the core's permalink owns the list).
 */
reservedKeys: Array<string>, };

export type CoreTable = { columns: Array<string>, rows: Array<CoreRow>, };

export type CoreRow = { cells: Array<string>, note: string, };

export type StabilityInfo = { method: string, 
/**
 * The largest stable ω·dt, measured and in theory, as text (`none`, `2.0000`, `any`) and as a number
 * (0 for none, +∞ for any).
 */
measured: string, measuredBound: number, theory: string, theoryBound: number, };

export type OrdersOn = { 
/**
 * The setup's kinds of force, in words.
 */
forces: string, 
/**
 * Each method's order there ("order 2", "exact"): (method id, order) pairs.
 */
orders: Array<[string, string]>, 
/**
 * Each method's force evaluations a step there ("1", "2", "≥1"): (method id, count) pairs.
 */
evaluations: Array<[string, string]>, 
/**
 * ω·dt of the run, where the scenario is an oscillator, or of its fastest mode where it has several.
 */
omegaDt?: number, 
/**
 * What ω is there: "the oscillation's angular frequency", its small swings', or its fastest mode's.
 */
omegaIs: string, 
/**
 * Whether ω, the growths and the stability limits hold for small swings only (the pendulum): past such a
 * limit a wider swing may stay bounded, or run away.
 */
smallSwings: boolean, 
/**
 * Each method's growth of the amplitude a step at this run's ω·dt, where the scenario is an oscillator,
 * as (method id, factor, the factor as text, the core's word for it: "grows", "shrinks", "keeps").
 */
growth: Array<[string, number, string, GrowthWord]>, 
/**
 * Each method's energy statement on these forces (a symplectic method's band only where it holds):
 * (method id, sentence) pairs.
 */
energy: Array<[string, string]>, 
/**
 * The methods that are symplectic on these forces (not where a force reads the velocity).
 */
symplectic: Array<string>, };

/**
 * A stability limit as data: its bound (0 for none, +∞ for any), its text in a table (`none`, `2.0000`,
 * `any`) and the core's sentence for it; on a setup, the step it allows there ("dt < 0.02522 s here"). The
 * page branches on none of the text.
 */
export type StabilityLimit = { bound: number, text: string, sentence: string, here?: string, };

export type ExperimentInfo = { id: string, article: string, title: string, query: string, look: string, claim: string, };

export type StabilityPoint = { method: string, 
/**
 * Growth of the amplitude a step, as a number and as text, and the core's word for it ("grows",
 * "shrinks", "keeps").
 */
growth: number, growthText: string, growthWord: GrowthWord, 
/**
 * Relative energy change over one period, as a number and as text (a signed percentage, or a factor
 * past tenfold).
 */
energyPerPeriod: number, energyText: string, };

export type ConvergenceSeries = { method: string, dt: Array<number>, evaluations: Array<number>, error: Array<number>, 
/**
 * The settled order, where the study shows one.
 */
fittedOrder?: number, 
/**
 * What the study says, in words ("order 2.00", "exact to round-off", "not yet asymptotic: …").
 */
verdict: string, 
/**
 * What the method states for this scenario's forces ("order 2", "exact").
 */
stated: string, 
/**
 * Where the errors stop short of the run (the reference's horizon, past which it is not known), in words.
 */
horizon?: string, };

/**
 * What a reference run is worth over a spec's run: in words, and where it stops being known.
 */
export type ReferenceTrust = { 
/**
 * Where a second reference at half its step parts from it, or how close the two stay, in words.
 */
note: string, 
/**
 * The time from which the reference, and every error against it, is not known (its horizon).
 */
horizon?: number, 
/**
 * The reference's uncertainty (its largest difference in a position coordinate from one at half its step)
 * every `every` seconds from t = 0: at most [`TRUST_POINTS`] values, the largest of each stretch.
 */
uncertainty: Array<number>, every: number, };

export type SheetInfo = { id: string, version?: string, 
/**
 * The fraction of the graded tasks to get right to pass, where the worksheet gives one.
 */
pass?: number, title: string, 
/**
 * The article's citation, where the worksheet follows one.
 */
article?: string, about: string, 
/**
 * The parameters drawn for this student, by name.
 */
params: Array<[string, number]>, tasks: Array<TaskInfo>, };

export type TaskInfo = { 
/**
 * number, find, choice or explain.
 */
kind: 'number' | 'find' | 'choice' | 'explain', predict: boolean, question: string, 
/**
 * The run, as the page's query, with the student's parameters written in.
 */
setup: string, unit: string, 
/**
 * (id, label) of each option of a choice.
 */
options: Array<[string, string]>, hints: Array<string>, explanation: string, };

export type Checked = { verdict: VerdictId, feedback: string, 
/**
 * Whether the feedback names a known mistake.
 */
named: boolean, };

export type HandInInfo = { name: string, worksheet: string, 
/**
 * The worksheet's version it was handed in for, where the worksheet gives one.
 */
version?: string, params: Array<[string, number]>, answers: Array<string>, };

/**
 * A hand-in graded: the graded tasks' score, and the predictions apart (they do not cost the mark).
 */
export type Graded = { checked: Array<Checked>, right: number, graded: number, predictionsRight: number, predictions: number, 
/**
 * "3/4", with the predictions apart where there are any.
 */
score: string, };

/**
 * What a hand-in reports to an LMS, in order, and what had to be cut.
 */
export type ScormReport = { values: Array<[string, string]>, cuts: Array<string>, };

export type RuleProblem = { 
/**
 * 1-based, where known.
 */
line?: number, column?: number, message: string, 
/**
 * The whole message, with its line and column: "line 2, column 5: …".
 */
text: string, };

export type RuleTemplate = { method: string, name: string, text: string, };

export type ReportCard = { 
/**
 * The card as the CLI prints it, one fact a line.
 */
lines: Array<string>, 
/**
 * The lab's method it equals to round-off, where it is one.
 */
equals?: string, 
/**
 * The mistake its numbers point to, for a wrong rule.
 */
mistake?: string, };

export type ForceTemplate = { name: string, text: string, };
