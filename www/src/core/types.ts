// The shapes of what the core hands the page (index.ts converts; these only describe).

export type Precision = 'f32' | 'f64';

export interface ArticleInfo {
  id: string;
  /** Author, title and venue, as the article states them. */
  citation: string;
  /** How a sentence names it: "Fiedler", "the gravity answer". */
  short: string;
}

export interface MethodInfo {
  id: string;
  name: string;
  order?: number;
  evaluations: string;
  symplectic: boolean;
  rule: string;
  source: string;
  /** The theory's stability limit on the undamped spring, as text. */
  stability: string;
  /** What it does to an oscillator's energy, and why (h = ω·dt). */
  energy: string;
  /** Index of the method's look (colour and marker): see palette.ts. */
  style: number;
}

export interface ParamInfo {
  name: string;
  description: string;
  unit: string;
  default: number;
  min: number;
  max: number;
  minOpen: boolean;
  integer: boolean;
  /** The range as text: `(0, 1000000]`. */
  range: string;
}

/** How the page draws a scenario: a kind of picture and the parameters it reads. */
export interface SceneInfo {
  kind: string;
  params: string[];
  /** The picture's scale follows the last position (the chain's free end) rather than the first. */
  scaleFromLast: boolean;
}

export interface ScenarioInfo {
  id: string;
  title: string;
  description: string;
  source: string;
  params: ParamInfo[];
  positionUnit: string;
  velocityUnit: string;
  energyUnit: string;
  /** What the energy column holds, as the energy chart's title ("Total energy"). */
  energyTitle: string;
  dt: number;
  until: number;
  scene: SceneInfo;
  /** The truth's label: 'exact' or 'reference'. */
  truth: string;
}

export interface Catalogue {
  articles: ArticleInfo[];
  methods: MethodInfo[];
  scenarios: ScenarioInfo[];
  maxSteps: number;
  /** The URL keys the lab reserves: no parameter takes their names (the core's permalink owns the list). */
  reservedKeys: string[];
}

export interface StabilityInfo {
  method: string;
  measured: string;
  measuredBound: number;
  theory: string;
  theoryBound: number;
}

/** A method at a step of its own. */
export interface RunPair {
  method: string;
  dt: number;
}

export interface RunSpec {
  scenario: string;
  params: Record<string, number>;
  methods: string[];
  /** When given, replaces `methods`: one track a (method, dt) pair; `dt` is then the truth's grid. */
  runs?: RunPair[];
  dt: number;
  until: number;
  precision: Precision;
  /** A student's rule, which the method `yours` steps with (the core's language tier only). */
  rule?: string;
  /** A student's force, which the scenario `custom` is made of (the core's language tier only). */
  force?: string;
}

/** A table written by the core: each cell as the CSV writes the same number. */
export interface CoreTable {
  columns: string[];
  rows: { cells: string[]; note: string }[];
}

/** The core's word for what an amplitude multiplied by a growth factor every step does. */
export type GrowthWord = 'grows' | 'shrinks' | 'keeps';

export interface StabilityPoint {
  method: string;
  growth: number;
  growthWord: GrowthWord;
  energyPerPeriod: number;
}

/** A stability limit as the core sends it: data, not text to branch on. */
export interface StabilityLimit {
  /** The largest stable ω·dt: 0 for none, +∞ for any. */
  bound: number;
  /** As a table shows it: `none`, `2.0000`, `any`. */
  text: string;
  /** The core's sentence: "stable while ω·dt < 2.0000", "unstable at every ω·dt", "stable at any ω·dt". */
  sentence: string;
}

export interface ExperimentInfo {
  id: string;
  /** The article's id (see `Catalogue.articles`). */
  article: string;
  title: string;
  query: string;
  look: string;
  claim: string;
}

export interface ConvergenceSeries {
  method: string;
  dt: number[];
  evaluations: number[];
  error: number[];
  /** The settled order, where the study shows one. */
  fittedOrder?: number;
  /** What the study says, in words: "order 2.00", "exact to round-off", "not yet asymptotic: …". */
  verdict: string;
  /** What the method states for this scenario's forces: "order 2", "exact". */
  stated: string;
}

/** What each method's positions promise on one setup. */
export interface OrdersOn {
  /** The setup's kinds of force, in words. */
  forces: string;
  /** Each method's order there ("order 2", "exact"), as [method id, order] pairs. */
  orders: [string, string][];
  /** ω·dt of the run, where the scenario is an oscillator. */
  omegaDt?: number;
  /** Each method's growth of the amplitude a step at this ω·dt, as [method id, growth, word] triples. */
  growth: [string, number, GrowthWord][];
}
