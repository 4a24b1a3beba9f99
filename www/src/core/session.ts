// A session: methods stepping one setup side by side in the core (the core's `Session`, one name in every
// layer); its histories are read as views into wasm memory, by the core's names for their columns.

import { type Bindings, type Core, loaded, NeedsStudiesTier, needsStudiesTier } from './tiers';
import type { CoreTable, RunSpec } from './types';

/** Methods stepping one setup side by side in wasm (the core's session, one name in every layer); histories
 * are read as views into wasm memory. */
export class Session {
  readonly spec: RunSpec;
  readonly positions: string[];
  readonly velocities: string[];
  /** Names of the history columns: t, positions, velocities, energy, kinetic, potential, error. */
  readonly columns: string[];
  private readonly session: InstanceType<Bindings['Session']>;
  /** The core that made it: its histories live in that core's memory. */
  private readonly core: Core;

  /** Throws the core's one-line message for an invalid spec, or `NeedsStudiesTier`. */
  constructor(spec: RunSpec) {
    this.spec = spec;
    this.core = loaded();
    if (needsStudiesTier(spec) && this.core.tier === 'base') throw new NeedsStudiesTier();
    this.session = new this.core.bindings.Session(spec);
    [this.positions, this.velocities] = this.session.coordinates() as [string[], string[]];
    this.columns = this.session.columns() as string[];
  }

  get dim(): number {
    return this.positions.length;
  }

  /** The tier of the core that made it. */
  get tier(): Core['tier'] {
    return this.core.tier;
  }

  /** Adds a method as track `at`, caught up to the current step. Throws where the core cannot. */
  insert(at: number, method: string): void {
    this.session.insert(at, method);
  }

  /** Removes track `at`; the others go on. */
  remove(at: number): void {
    this.session.remove(at);
  }

  /** Steps every method by up to `steps` in one call; returns the steps taken. */
  advance(steps: number): number {
    return this.session.advance(Math.max(0, Math.min(steps, 0xffffffff)));
  }

  get step(): number {
    return this.session.step;
  }
  get totalSteps(): number {
    return this.session.totalSteps;
  }
  get t(): number {
    return this.session.t;
  }
  /** Every how many of its own steps a track's rows are recorded: above 1 on a long run (and for a run at a dt
   * of its own, on its own grid); the truth's is the session's. */
  trackStride(track: number): number {
    return this.session.trackStride(track);
  }
  get done(): boolean {
    return this.session.step >= this.session.totalSteps;
  }
  /** Method tracks; the truth is track `tracks`. */
  get tracks(): number {
    return this.session.tracks;
  }
  /** Points of the truth's history a step: above 1, the truth has a finer time grid than the tracks. */
  get truthRefine(): number {
    return this.session.truthRefine;
  }
  private readonly bounds = new Map<string, { min: number; max: number }[] | undefined>();

  /** Each of `positions`' (smallest, largest) along the exact solution over the whole run, in their order;
   * undefined where the truth is a reference run. Worked out by the core once a simulation. */
  truthBounds(positions: number[]): { min: number; max: number }[] | undefined {
    const key = positions.join();
    if (!this.bounds.has(key)) {
      const b = this.session.truthBounds(Uint32Array.from(positions));
      this.bounds.set(
        key,
        b && positions.map((_, i) => ({ min: b[2 * i] ?? Number.NaN, max: b[2 * i + 1] ?? Number.NaN })),
      );
    }
    return this.bounds.get(key);
  }

  /** ω·dt of the run, where its scenario is an oscillator. */
  get omegaDt(): number | undefined {
    return this.session.omegaDt;
  }

  get referenceStep(): number | undefined {
    return this.session.referenceStep();
  }

  private get buffer(): ArrayBuffer {
    return this.core.memory.buffer as ArrayBuffer;
  }

  rows(track: number): number {
    return this.session.rows(track);
  }

  /** Index of a named history column ('t', a coordinate, 'energy', 'kinetic', 'potential', 'error'). */
  private index(name: string): number {
    const i = this.columns.indexOf(name);
    if (i < 0) throw new Error(`no column '${name}'`);
    return i;
  }

  /** A history column, by the core's name for it, as a view into wasm memory (the core owns the layout: the
   * page never counts columns). Take it afresh after every `advance`: memory may grow. */
  column(track: number, name: string): Float64Array {
    return new Float64Array(
      this.buffer,
      this.session.columnPtr(track, this.index(name)),
      this.session.rows(track),
    );
  }

  /** A track's latest state: positions then velocities (a spinning body's: its attitude q, then ω). */
  current(track: number): Float64Array {
    const at = this.session.currentPtr(track);
    return new Float64Array(this.buffer, at, this.positions.length + this.velocities.length);
  }

  /** A track's own exponential stretch from its twin so far, in 1/s (the core's fit of ln separation against
   * t until the twins are a centimetre apart); undefined without twins or rows enough. */
  stretch(track: number): number | undefined {
    return this.session.stretch(track) ?? undefined;
  }

  /** The latest state of a track's twin (the URL's `nudge=`), for the scene; undefined without twins. */
  twinCurrent(track: number): Float64Array | undefined {
    const at = this.session.twinCurrentPtr(track);
    return at === 0
      ? undefined
      : new Float64Array(this.buffer, at, this.positions.length + this.velocities.length);
  }

  divergedAt(track: number): number | undefined {
    return this.session.divergedAt(track);
  }

  /** A track's shadow energy at each recorded row, where the core knows it (a symplectic method where the
   * forces are conservative): the nearby energy the method keeps. A view of wasm memory, as `column`'s. */
  shadow(track: number): Float64Array | undefined {
    // Not in the base tier: a figure draws no shadow energy.
    const tiered: object = this.session;
    if (!('shadowPtr' in tiered && typeof tiered.shadowPtr === 'function')) return undefined;
    const at = tiered.shadowPtr(track) as number;
    // Read after the call: working out new rows may have grown the memory.
    return at === 0 ? undefined : new Float64Array(this.buffer, at, this.session.rows(track));
  }

  /** What the separation from a twin measures here, in the core's words. */
  get separationWords(): string {
    return this.session.separationWords;
  }

  /** How far a track is from its twin (the URL's `nudge=`) at each recorded row; undefined without twins.
   * A view of wasm memory, as `column`'s. */
  separation(track: number): Float64Array | undefined {
    const at = this.session.separationPtr(track);
    return at === 0 ? undefined : new Float64Array(this.buffer, at, this.session.rows(track));
  }

  /** The power of dt to which a track's method keeps its shadow energy: 0 where it keeps it exactly;
   * undefined where the core knows none. */
  shadowOrder(track: number): number | undefined {
    const tiered: object = this.session;
    return 'shadowOrder' in tiered && typeof tiered.shadowOrder === 'function'
      ? ((tiered.shadowOrder(track) as number | undefined) ?? undefined)
      : undefined;
  }

  /** Why a track's symplectic method has no shadow energy here, in the core's words; undefined where it has
   * one, for a method that is not symplectic, and in a tier without shadows. */
  shadowMissing(track: number): string | undefined {
    const tiered: object = this.session;
    return 'shadowMissing' in tiered && typeof tiered.shadowMissing === 'function'
      ? ((tiered.shadowMissing(track) as string | undefined) ?? undefined)
      : undefined;
  }

  /** Why a track's method stopped, where it failed in a way of its own (a rule that raised an error). */
  failure(track: number): string | undefined {
    return this.session.failure(track) ?? undefined;
  }

  /** How a track's run ended early, in the core's words ("diverged at t = 2.5 s"); undefined while it
   * runs on. */
  ending(track: number, digits = 6): string | undefined {
    return this.session.ending(track, digits) ?? undefined;
  }

  evaluations(track: number): number {
    return this.session.evaluations(track);
  }

  /** Every track's values at its last recorded row, for one position coordinate: every digit (the CSV's)
   * when `digits` is 0, else that many significant figures. */
  valuesTable(coordinate: number, digits = 0): CoreTable {
    return this.session.valuesTable(coordinate, digits) as CoreTable;
  }

  /** The last `rows` recorded rows of one track: t, a position and its velocity (`digits` as above). */
  stepsTable(track: number, coordinate: number, rows: number, digits = 0): CoreTable {
    return this.session.stepsTable(track, coordinate, rows, digits) as CoreTable;
  }

  /** The run as the CLI prints it. Not in the base tier: a figure, which steps with it, offers no export. */
  csv(every = 1): string {
    const tiered: object = this.session;
    if (!('csv' in tiered && typeof tiered.csv === 'function'))
      throw new Error("exporting CSV needs the lab's page");
    return tiered.csv(every) as string;
  }

  free(): void {
    this.session.free();
  }
}
