// The only module that touches the generated wasm package. Everything the page shows comes through here
// from the Rust core; this module converts, it never computes physics.

import init, {
  checkParam,
  Lab,
  catalogue as wasmCatalogue,
  convergence as wasmConvergence,
  experiments as wasmExperiments,
  measureExperiment as wasmMeasure,
  wasmMemory,
  stability as wasmStability,
  stabilityAt as wasmStabilityAt,
} from './pkg/lab.js';
import wasmUrl from './pkg/lab_bg.wasm?url';

export type Precision = 'f32' | 'f64';

export interface MethodInfo {
  id: string;
  name: string;
  order?: number;
  evaluations: string;
  symplectic: boolean;
  rule: string;
  source: string;
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
  dt: number;
  until: number;
  truth: 'exact' | 'reference';
}

export interface Catalogue {
  methods: MethodInfo[];
  scenarios: ScenarioInfo[];
  maxSteps: number;
}

export interface StabilityInfo {
  method: string;
  measured?: number | null;
  theory?: number | null;
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
}

/** Columns of every history, after the coordinates: see `column`. */
export interface Layout {
  dim: number;
  positions: string[];
  velocities: string[];
}

let memory: WebAssembly.Memory | undefined;

/** Loads the core once; returns its catalogue. */
export async function loadCore(): Promise<Catalogue> {
  await init({ module_or_path: wasmUrl });
  memory = wasmMemory() as WebAssembly.Memory;
  return wasmCatalogue() as Catalogue;
}

/** The core's message for a bad parameter value, or undefined when it is fine. */
export function checkParameter(scenario: string, name: string, value: number): string | undefined {
  return checkParam(scenario, name, value) ?? undefined;
}

export function stabilityLimits(): StabilityInfo[] {
  return wasmStability() as StabilityInfo[];
}

export interface StabilityPoint {
  method: string;
  growth: number;
  energyPerPeriod: number;
}

/** Every method's growth a step and energy change a period on the undamped spring at ω·dt. */
export function stabilityAt(omegaDt: number): StabilityPoint[] {
  return wasmStabilityAt(omegaDt) as StabilityPoint[];
}

export interface ExperimentInfo {
  id: string;
  article: string;
  title: string;
  query: string;
  look: string;
  claim: string;
}

export function experimentList(): ExperimentInfo[] {
  return wasmExperiments() as ExperimentInfo[];
}

/** The core's measurement for one experiment (it runs the experiment: up to a few hundred ms). */
export function measureExperiment(id: string): string {
  return wasmMeasure(id);
}

export interface ConvergenceSeries {
  method: string;
  dt: number[];
  evaluations: number[];
  error: number[];
  fittedOrder?: number;
}

/** Error at the end of the run against dt, dt/2, …: one series a method. Throws the core's message. */
export function convergenceStudy(spec: RunSpec, levels: number): ConvergenceSeries[] {
  return wasmConvergence(spec, levels) as ConvergenceSeries[];
}

function buffer(): ArrayBuffer {
  if (!memory) throw new Error('the core is not loaded');
  return memory.buffer as ArrayBuffer;
}

/** Methods stepping one setup side by side in wasm; histories are read as views into wasm memory. */
export class Simulation {
  readonly spec: RunSpec;
  readonly layout: Layout;
  private readonly lab: Lab;

  /** Throws the core's one-line message for an invalid spec. */
  constructor(spec: RunSpec) {
    this.spec = spec;
    this.lab = new Lab(spec);
    const [positions, velocities] = this.lab.coordinates() as [string[], string[]];
    this.layout = { dim: positions.length, positions, velocities };
  }

  /** Steps every method by up to `steps` in one call; returns the steps taken. */
  advance(steps: number): number {
    return this.lab.advance(Math.max(0, Math.min(steps, 0xffffffff)));
  }

  get step(): number {
    return this.lab.step;
  }
  get totalSteps(): number {
    return this.lab.totalSteps;
  }
  get t(): number {
    return this.lab.t;
  }
  get done(): boolean {
    return this.lab.step >= this.lab.totalSteps;
  }
  /** Method tracks; the truth is track `tracks`. */
  get tracks(): number {
    return this.lab.tracks;
  }
  get referenceStep(): number | undefined {
    return this.lab.referenceStep();
  }

  rows(track: number): number {
    return this.lab.rows(track);
  }

  /** A track's step (the lab's dt unless the track has one of its own). */
  trackDt(track: number): number {
    return this.lab.trackDt(track);
  }

  /**
   * A history column as a view into wasm memory: 0 is t, then positions, velocities, then energy, kinetic,
   * potential and error. Take it afresh after every `advance`: memory may have grown.
   */
  column(track: number, column: number): Float64Array {
    return new Float64Array(buffer(), this.lab.columnPtr(track, column), this.lab.rows(track));
  }

  /** Column index of a named quantity. */
  index(name: 'energy' | 'kinetic' | 'potential' | 'error'): number {
    const base = 1 + 2 * this.layout.dim;
    return base + ['energy', 'kinetic', 'potential', 'error'].indexOf(name);
  }

  /** A track's latest state: positions then velocities. */
  current(track: number): Float64Array {
    return new Float64Array(buffer(), this.lab.currentPtr(track), 2 * this.layout.dim);
  }

  divergedAt(track: number): number | undefined {
    return this.lab.divergedAt(track);
  }

  evaluations(track: number): number {
    return this.lab.evaluations(track);
  }

  /** The run as the CLI prints it. */
  csv(every = 1): string {
    return this.lab.csv(every);
  }

  free(): void {
    this.lab.free();
  }
}
