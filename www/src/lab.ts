// The only module that touches the generated wasm package. Everything the page shows comes through here
// from the Rust core: physics, numbers written as the CSV writes them, tables, messages. This module
// converts, it never computes.

import { message } from './dom';
import init, {
  checkParam,
  initSync,
  Lab,
  catalogue as wasmCatalogue,
  convergence as wasmConvergence,
  experiments as wasmExperiments,
  formatSignificant as wasmFormatSignificant,
  formatTime as wasmFormatTime,
  formatValue as wasmFormatValue,
  measureExperiment as wasmMeasure,
  wasmMemory,
  ordersOn as wasmOrdersOn,
  parseNumber as wasmParseNumber,
  parseTime as wasmParseTime,
  stability as wasmStability,
  stabilityAt as wasmStabilityAt,
  stabilityOn as wasmStabilityOn,
} from './pkg/lab.js';
import wasmUrl from './pkg/lab_bg.wasm?url';
import type {
  Catalogue,
  ConvergenceSeries,
  CoreTable,
  ExperimentInfo,
  OrdersOn,
  Precision,
  RunSpec,
  StabilityInfo,
  StabilityPoint,
} from './types';

export type * from './types';

let memory: WebAssembly.Memory | undefined;

/** Loads the core once (in the page, from its URL; in Node tests, from the module's bytes). */
export async function loadCore(bytes?: BufferSource): Promise<Catalogue> {
  if (bytes) {
    initSync({ module: bytes });
  } else {
    await init({ module_or_path: wasmUrl });
  }
  memory = wasmMemory() as WebAssembly.Memory;
  return wasmCatalogue() as Catalogue;
}

/** The core's message for a bad parameter value, or undefined when it is fine. */
export function checkParameter(scenario: string, name: string, value: number): string | undefined {
  return checkParam(scenario, name, value) ?? undefined;
}

/** Reads a number as the CLI does (a decimal, or a fraction such as 1/60): the value or the core's message. */
export function readNumber(name: string, text: string): { value: number } | { why: string } {
  try {
    return { value: wasmParseNumber(name, text) };
  } catch (e) {
    return { why: message(e) };
  }
}

/** Reads dt (positive) or until (not negative) as the CLI does: the value or the core's message. */
export function readTime(name: 'dt' | 'until', text: string): { value: number } | { why: string } {
  try {
    return { value: wasmParseTime(name, text) };
  } catch (e) {
    return { why: message(e) };
  }
}

/** A value as the CSV writes it at a precision. */
export function formatValue(value: number, precision: Precision): string {
  return wasmFormatValue(value, precision);
}

/** A number rounded to `digits` significant digits, as the tables show them for reading. */
export function formatSignificant(value: number, digits: number): string {
  return wasmFormatSignificant(value, digits);
}

/** A time as the CSV writes it: at most 12 significant digits. */
export function formatTime(t: number): string {
  return wasmFormatTime(t);
}

/** What each method's positions promise on a spec's scenario at its dt and parameters. */
export function ordersOn(spec: RunSpec): OrdersOn {
  return wasmOrdersOn(spec) as OrdersOn;
}

/** Each method's largest stable ω·dt on a spec's scenario where it is an oscillator, as text; else empty. */
export function stabilityOn(spec: RunSpec): Record<string, string> {
  return Object.fromEntries(wasmStabilityOn(spec) as [string, string][]);
}

export function stabilityLimits(): StabilityInfo[] {
  return wasmStability() as StabilityInfo[];
}

/** Every method's growth a step and energy change a period on the undamped spring at ω·dt. */
export function stabilityAt(omegaDt: number): StabilityPoint[] {
  return wasmStabilityAt(omegaDt) as StabilityPoint[];
}

export function experimentList(): ExperimentInfo[] {
  return wasmExperiments() as ExperimentInfo[];
}

/** The core's measurement for one experiment (it runs the experiment: up to a few hundred ms). */
export function measureExperiment(id: string): string {
  return wasmMeasure(id);
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
  readonly positions: string[];
  readonly velocities: string[];
  /** Names of the history columns: t, positions, velocities, energy, kinetic, potential, error. */
  readonly columns: string[];
  private readonly lab: Lab;

  /** Throws the core's one-line message for an invalid spec. */
  constructor(spec: RunSpec) {
    this.spec = spec;
    this.lab = new Lab(spec);
    [this.positions, this.velocities] = this.lab.coordinates() as [string[], string[]];
    this.columns = this.lab.columns() as string[];
  }

  get dim(): number {
    return this.positions.length;
  }

  /** Adds a method as track `at`, caught up to the current step. Throws where the core cannot. */
  insert(at: number, method: string): void {
    this.lab.insert(at, method);
  }

  /** Removes track `at`; the others go on. */
  remove(at: number): void {
    this.lab.remove(at);
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
  /** Points of the truth's history a step: above 1, the truth has a finer time grid than the tracks. */
  get truthRefine(): number {
    return this.lab.truthRefine;
  }
  private bounds: Float64Array | null | undefined;

  /** Position `k`'s (smallest, largest) along the exact solution over the whole run; undefined where the
   * truth is a reference run. Worked out by the core once a simulation. */
  truthBounds(k: number): { min: number; max: number } | undefined {
    if (this.bounds === undefined) this.bounds = this.lab.truthBounds() ?? null;
    const b = this.bounds;
    if (!b || 2 * k + 1 >= b.length) return undefined;
    return { min: b[2 * k] ?? 0, max: b[2 * k + 1] ?? 0 };
  }

  get referenceStep(): number | undefined {
    return this.lab.referenceStep();
  }

  rows(track: number): number {
    return this.lab.rows(track);
  }

  /** Index of a named history column ('t', a coordinate, 'energy', 'kinetic', 'potential', 'error'). */
  index(name: string): number {
    const i = this.columns.indexOf(name);
    if (i < 0) throw new Error(`no column '${name}'`);
    return i;
  }

  /** A history column as a view into wasm memory. Take it afresh after every `advance`: memory may grow. */
  column(track: number, column: number | string): Float64Array {
    const c = typeof column === 'number' ? column : this.index(column);
    return new Float64Array(buffer(), this.lab.columnPtr(track, c), this.lab.rows(track));
  }

  /** A track's latest state: positions then velocities. */
  current(track: number): Float64Array {
    return new Float64Array(buffer(), this.lab.currentPtr(track), 2 * this.dim);
  }

  divergedAt(track: number): number | undefined {
    return this.lab.divergedAt(track);
  }

  evaluations(track: number): number {
    return this.lab.evaluations(track);
  }

  /** Every track's values at its last recorded row, for one position coordinate: every digit (the CSV's)
   * when `digits` is 0, else that many significant figures. */
  valuesTable(coordinate: number, digits = 0): CoreTable {
    return this.lab.valuesTable(coordinate, digits) as CoreTable;
  }

  /** The last `rows` recorded rows of one track: t, a position and its velocity (`digits` as above). */
  stepsTable(track: number, coordinate: number, rows: number, digits = 0): CoreTable {
    return this.lab.stepsTable(track, coordinate, rows, digits) as CoreTable;
  }

  /** The run as the CLI prints it. */
  csv(every = 1): string {
    return this.lab.csv(every);
  }

  free(): void {
    this.lab.free();
  }
}
