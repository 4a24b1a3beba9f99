// The page's own shapes of what it asks of the core: a run's spec. What the core hands back is typed by
// views.ts, generated from the wasm crate's view structs (index.ts converts; these only describe).

export type * from './views';
export type * from './words';

export type Precision = 'f32' | 'f64';

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
  /** Each method's twin starts from the first coordinate + this (the URL's `nudge=`). */
  nudge?: number;
}
