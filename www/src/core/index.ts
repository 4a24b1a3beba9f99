// The page's one door to the core: the only folder that touches the generated wasm package is this one.
// Everything the page shows comes through here from the Rust core: physics, numbers written as the CSV
// writes them, tables, messages. This module converts, it never computes.

import { message } from '../ui/dom';
import type { ClassroomBindings } from './classroom-build';
import type { LanguageBindings } from './language-build';
import type * as Base from './pkg/base.js';
import baseUrl from './pkg/base_bg.wasm?url';
import type { StudiesBindings } from './studies-build';
import type { Catalogue, CoreTable, Precision, RunSpec, ScenarioInfo } from './types';

export type * from './types';

/**
 * The core's builds, each named by what it serves (scripts/build-wasm.sh makes them): `base`, the
 * smallest, which an embedded figure steps with; `studies` (the studies, each method's facts, shadow
 * energies, the CSV export, f32 runs), which the full page steps with; `classroom` (the studies tier and the worksheets), for a page with a worksheet and the
 * teacher's page; `language` (the studies tier and "your method"), when a rule is in use. Every tier after
 * `base` has all that `studies` has.
 */
export type Tier = 'base' | 'studies' | 'classroom' | 'language';

/** The surface every tier shares (the others have more: see studies-build.ts). */
type Bindings = typeof Base;

/** The core the page steps with, and its tier. */
interface Core {
  bindings: Bindings;
  memory: WebAssembly.Memory;
  tier: Tier;
}

let core: Core | undefined;
let studies: StudiesBindings | undefined;
let language: LanguageBindings | undefined;

function loaded(): Core {
  if (!core) throw new Error('the core is not loaded');
  return core;
}

function stepWith(tier: Tier, bindings: StudiesBindings): void {
  if (core?.bindings === bindings) return;
  core = { bindings, memory: bindings.wasmMemory() as WebAssembly.Memory, tier };
  studies = bindings;
}

/** Loads the core once, at a tier: in the page from its URL; in Node tests from the bytes. */
export async function loadCore(options: { tier?: Tier; bytes?: BufferSource } = {}): Promise<Catalogue> {
  const tier = options.tier ?? 'base';
  if (tier === 'classroom') await useClassroomTier(options.bytes);
  else if (tier === 'language') await useLanguageTier(options.bytes);
  else if (tier === 'studies') await useStudiesTier(options.bytes);
  else {
    // The base tier's glue is fetched only here: the full page, which steps with the studies tier, never
    // needs it.
    const base = await import('./pkg/base.js');
    if (options.bytes) base.initSync({ module: options.bytes });
    else await base.default({ module_or_path: baseUrl });
    core = { bindings: base, memory: base.wasmMemory() as WebAssembly.Memory, tier: 'base' };
  }
  return loaded().bindings.catalogue() as Catalogue;
}

/** Whether a run needs the studies tier: the base tier steps in f64 only. */
export function needsStudiesTier(spec: { precision: Precision }): boolean {
  return spec.precision === 'f32';
}

/** Steps with the studies tier from now on (simulations made before keep the core that made them). */
export async function useStudiesTier(bytes?: BufferSource): Promise<void> {
  if (core && core.tier !== 'base') return;
  const { loadStudies } = await import('./studies-build');
  stepWith('studies', await loadStudies(bytes));
}

/** Steps with the classroom tier from now on: the studies tier's, and the worksheets. */
export async function useClassroomTier(bytes?: BufferSource): Promise<ClassroomBindings> {
  const { loadClassroom } = await import('./classroom-build');
  const classroom = await loadClassroom(bytes);
  stepWith('classroom', classroom);
  return classroom;
}

/**
 * Steps with the language tier from now on: the studies tier's, and "your method". Returns its bindings;
 * the caller reads its catalogue, which lists a rule as the method `yours`.
 */
export async function useLanguageTier(bytes?: BufferSource): Promise<LanguageBindings> {
  const { loadLanguage } = await import('./language-build');
  language = await loadLanguage(bytes);
  stepWith('language', language);
  return language;
}

/** The language tier, where the page has loaded it. */
export function languageTier(): LanguageBindings | undefined {
  return language;
}

/** The studies tier (or the classroom or language tier, which have all it has), where the page has loaded
 * it: the studies answer their cheap questions with it. */
export function studiesTier(): StudiesBindings | undefined {
  return studies;
}

/** Thrown for a run the loaded core cannot step: the caller loads the studies tier and tries again. */
export class NeedsStudiesTier extends Error {
  constructor() {
    super("f32 runs need the core's studies tier");
  }
}

/**
 * What went wrong in a core call, in words: the core's own message, or for a trap (a panic in the core) the
 * panic's message, which the core keeps for the page.
 */
export function failure(e: unknown): string {
  if (e instanceof WebAssembly.RuntimeError) {
    let panic: string | undefined;
    try {
      // Every tier but base keeps a panic's message; base leaves the hook out to stay small.
      const bindings: object | undefined = core?.bindings;
      panic =
        bindings && 'lastPanic' in bindings && typeof bindings.lastPanic === 'function'
          ? (bindings.lastPanic() as string | undefined)
          : undefined;
    } catch {
      panic = undefined;
    }
    return panic ? `the core panicked: ${panic}` : `the core stopped: ${e.message}`;
  }
  return message(e);
}

/** What is wrong with a rule, in words with its line and column, or undefined when it runs (or when the
 * page has not loaded the language build, which alone runs rules). */
export function checkRule(text: string): string | undefined {
  return (language?.checkRule(text) as { text: string } | undefined)?.text;
}

/** The same for a force. */
export function checkForce(text: string): string | undefined {
  return (language?.checkForce(text) as { text: string } | undefined)?.text;
}

/** A force as the scenario `custom`, as the catalogue lists scenarios (the language tier only); throws the
 * mistake in it. */
export function forceScenario(text: string): ScenarioInfo {
  if (!language) throw new Error("your force: this page has not loaded the core's language");
  return language.forceScenario(text) as ScenarioInfo;
}

/** Bytes the core has allocated and not freed, where the tier counts them (all but base: see
 * crates/wasm/src/memory.rs); undefined with the base tier. */
export function liveBytes(): number | undefined {
  const bindings: object | undefined = core?.bindings;
  return bindings && 'liveBytes' in bindings && typeof bindings.liveBytes === 'function'
    ? (bindings.liveBytes() as number)
    : undefined;
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

/** Reads a number as the CLI does (a decimal, or a fraction such as 1/60): the value or the core's message. */
/** Whether a URL key is a tracking key (`utm_*`, `fbclid`, `gclid`), which the page ignores silently. */
export function isTrackingKey(name: string): boolean {
  return loaded().bindings.isTrackingKey(name);
}

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

/** Methods stepping one setup side by side in wasm; histories are read as views into wasm memory. */
export class Simulation {
  readonly spec: RunSpec;
  readonly positions: string[];
  readonly velocities: string[];
  /** Names of the history columns: t, positions, velocities, energy, kinetic, potential, error. */
  readonly columns: string[];
  private readonly lab: InstanceType<Bindings['Lab']>;
  /** The core that made it: its histories live in that core's memory. */
  private readonly core: Core;

  /** Throws the core's one-line message for an invalid spec, or `NeedsStudiesTier`. */
  constructor(spec: RunSpec) {
    this.spec = spec;
    this.core = loaded();
    if (needsStudiesTier(spec) && this.core.tier === 'base') throw new NeedsStudiesTier();
    this.lab = new this.core.bindings.Lab(spec);
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

  /** ω·dt of the run, where its scenario is an oscillator. */
  get omegaDt(): number | undefined {
    return this.lab.omegaDt;
  }

  get referenceStep(): number | undefined {
    return this.lab.referenceStep();
  }

  private get buffer(): ArrayBuffer {
    return this.core.memory.buffer as ArrayBuffer;
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
    return new Float64Array(this.buffer, this.lab.columnPtr(track, c), this.lab.rows(track));
  }

  /** A track's latest state: positions then velocities. */
  current(track: number): Float64Array {
    return new Float64Array(this.buffer, this.lab.currentPtr(track), 2 * this.dim);
  }

  divergedAt(track: number): number | undefined {
    return this.lab.divergedAt(track);
  }

  /** A track's shadow energy at each recorded row, where the core knows it (a symplectic method where the
   * forces are conservative): the nearby energy the method keeps. A view of wasm memory, as `column`'s. */
  shadow(track: number): Float64Array | undefined {
    // Not in the base tier: a figure draws no shadow energy.
    const lab: object = this.lab;
    if (!('shadowPtr' in lab && typeof lab.shadowPtr === 'function')) return undefined;
    const at = lab.shadowPtr(track) as number;
    // Read after the call: working out new rows may have grown the memory.
    return at === 0 ? undefined : new Float64Array(this.buffer, at, this.lab.rows(track));
  }

  /** The power of dt to which a track's method keeps its shadow energy: 0 where it keeps it exactly;
   * undefined where the core knows none. */
  shadowOrder(track: number): number | undefined {
    const lab: object = this.lab;
    return 'shadowOrder' in lab && typeof lab.shadowOrder === 'function'
      ? ((lab.shadowOrder(track) as number | undefined) ?? undefined)
      : undefined;
  }

  /** Why a track's method stopped, where it failed in a way of its own (a rule that raised an error). */
  failure(track: number): string | undefined {
    return this.lab.failure(track) ?? undefined;
  }

  /** How a track's run ended early, in the core's words ("diverged at t = 2.5 s"); undefined while it
   * runs on. */
  ending(track: number, digits = 6): string | undefined {
    return this.lab.ending(track, digits) ?? undefined;
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

  /** The run as the CLI prints it. Not in the base tier: a figure, which steps with it, offers no export. */
  csv(every = 1): string {
    const lab: object = this.lab;
    if (!('csv' in lab && typeof lab.csv === 'function'))
      throw new Error("exporting CSV needs the lab's page");
    return lab.csv(every) as string;
  }

  free(): void {
    this.lab.free();
  }
}
