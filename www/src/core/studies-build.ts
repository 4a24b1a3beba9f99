// The core's studies tier (crates/wasm is built in four tiers: see scripts/build-wasm.sh): everything the
// base tier has, and the studies, each method's facts on a scenario, the experiments and f32 runs. The page
// loads it only when it needs one of them: in the studies worker, or in the page for an f32 run. This module
// loads it and converts its studies; it never computes.

import { loader } from './loader';
import init, * as bindings from './pkg/studies.js';
import fullUrl from './pkg/studies_bg.wasm?url';
import type {
  ConvergenceSeries,
  ExperimentInfo,
  OrdersOn,
  ReferenceTrust,
  RunSpec,
  StabilityInfo,
  StabilityLimit,
  StabilityPoint,
} from './types';

export type StudiesBindings = typeof bindings;

/** Loads the studies tier once (from its URL; in Node tests, from its bytes). */
export const loadStudies = loader(bindings, init, fullUrl);

/** What the studies tier measures, in the page's shapes. Each may take from a millisecond to a second. */
export interface Studies {
  /** What each method's positions promise on a spec's scenario at its dt and parameters. */
  ordersOn(spec: RunSpec): OrdersOn;
  /** Each method's largest stable ω·dt on a spec's scenario where it is an oscillator, as text; else empty.
   * With `method`, that method's alone (each is a search: the page asks them one at a time). */
  stabilityOn(spec: RunSpec, method?: string): Record<string, StabilityLimit>;
  /** Each method's largest stable ω·dt on the undamped spring, measured and in theory. */
  stabilityLimits(): StabilityInfo[];
  /** Every method's growth a step and energy change a period on the undamped spring at ω·dt. */
  stabilityAt(omegaDt: number): StabilityPoint[];
  /** The guided experiments, without their measurements. */
  experimentList(): ExperimentInfo[];
  /** The core's measurement for one experiment (it runs the experiment: up to a few hundred ms). */
  measureExperiment(id: string): string;
  /** Error at the end of the run against dt, dt/2, …: one series a method. Throws the core's message. */
  convergenceStudy(spec: RunSpec, levels: number): ConvergenceSeries[];
  /** What a spec's reference run is worth, in words, where its truth is one (a second reference at half its
   * step: it costs twice the reference); else undefined. */
  referenceTrust(spec: RunSpec): ReferenceTrust | undefined;
  /** What the true motion's long-run exponent says of a prediction from the spec's nudge, in words (its
   * Benettin measurement over 300 s: a fraction of a second); undefined without a nudge. */
  predictionNote(spec: RunSpec): string | undefined;
}

/** The studies of a loaded studies tier. */
export function studiesOf(core: StudiesBindings): Studies {
  return {
    ordersOn: (spec) => core.ordersOn(spec) as OrdersOn,
    stabilityOn: (spec, method) =>
      Object.fromEntries(core.stabilityOn(spec, method) as [string, StabilityLimit][]),
    stabilityLimits: () => core.stability() as StabilityInfo[],
    stabilityAt: (omegaDt) => core.stabilityAt(omegaDt) as StabilityPoint[],
    experimentList: () => core.experiments() as ExperimentInfo[],
    measureExperiment: (id) => core.measureExperiment(id),
    convergenceStudy: (spec, levels) => core.convergence(spec, levels) as ConvergenceSeries[],
    referenceTrust: (spec) => core.referenceTrust(spec) as ReferenceTrust | undefined,
    predictionNote: (spec) => core.predictionNote(spec),
  };
}
