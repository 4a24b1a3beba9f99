// The lab's page as one object: the state (which the URL mirrors), the simulation made from it, the
// transport that steps it (one status: paused, playing, running to the end, loading a tier, or stopped by a
// trap), and the controls and views that show it. Everything else is in the modules by job: accumulator.ts
// (the fixed-dt accumulator), frames.ts (the frame loop), controls.ts, views/views.ts, views/export.ts. One
// idea over 300 lines: the App, which every page action goes through.

import {
  type Catalogue,
  coreTier,
  failure,
  formatSignificant,
  liveBytes,
  type MethodInfo,
  NeedsStudiesTier,
  type RunSpec,
  type ScenarioInfo,
  Session,
  useStudiesTier,
} from '../core';
import { studiesReady } from '../core/studies';
import { byId, message, nextTask, notice } from '../ui/dom';
import { stepText } from '../ui/numbers';
import { registerStyles } from '../ui/palette';
import { type Shown, Views } from '../views/views';
import { StepAccumulator } from './accumulator';
import { type ClockAction, type SharedClock, stepsBehind } from './clock';
import { type Actions, Controls } from './controls';
import type { Explainer } from './explain';
import { FrameLoop } from './frames';
import {
  defaultsFor,
  type LabState,
  methodInfo,
  scenarioInfo,
  spinning,
  studiesFor,
  toQuery,
  toSpec,
} from './state';
import { StatusLine } from './status';
import { type TrackLabel, trackLabels } from './tracks';

/**
 * The core's live bytes as a User Timing mark (the latest of each kind only), for `npm run soak` and
 * `bench:page`: `fresh` just after a new run is made, `playing` every ten seconds.
 */
function markMemory(when: 'fresh' | 'playing'): void {
  const live = liveBytes();
  if (live === undefined) return;
  const name = `lab:memory:${when}`;
  performance.clearMarks(name);
  performance.mark(name, { detail: { wasmLive: live } });
}

/** Time a frame may spend stepping, so the page stays responsive whatever the run costs; a run to the end
 * takes as long again between two frames, in a task of its own (see `between`). */
const FRAME_BUDGET_MS = 8;
/** A new run's first frame takes at most this many steps, and no frame more than the most. */
const FIRST_ALLOWANCE = 4;
const MOST_STEPS_A_FRAME = 1_000_000;
/** A run made again by another tier is caught up in one go only where that takes about this long at most, */
const CATCH_UP_MS = 30;
/** judged from the time its first this many steps take. */
const TRIAL_STEPS = 2000;

/** While playing, tables refresh this often (more is unreadable and costs frame time). */
const TABLE_REFRESH_MS = 100;
/** While the views were drawn within this many frames, the charts take turns (see `work`). */
const OFTEN_FRAMES = 3;

/**
 * What the transport is doing, as one status: paused; playing at the run's speed; running to the end as
 * fast as the page allows (in its frames and between them); waiting for the core's studies tier (an f32
 * run); or stopped for good by a trap in the core (a panic), until the page starts again.
 */
export type Motion = 'paused' | 'playing' | 'to-end' | 'loading' | 'trapped';

/** What a page tells the app beyond the state: the embed's needs (the full page takes the defaults). */
export interface AppOptions {
  /** The query the address bar is rewritten to after a change (an embed keeps its look keys in it). */
  query?: (state: LabState) => string;
  /** Whether the figure may step and draw now: an embed off screen or in a hidden tab may not. */
  live?: () => boolean;
  /**
   * A clock shared with other figures (sync=NAME), once heard from: the run follows its time, and play,
   * pause, step and reset are asked of its owner.
   */
  shared?: { clock: SharedClock; heard: () => boolean; ask: (action: ClockAction) => void };
  /** Whether the tables are shown (an embed shows them only when asked). */
  tables?: boolean;
  /**
   * Whether each method's facts are shown beside its toggle and under "How these methods step" (an embed
   * shows them only with its full controls: they come from the core's studies tier).
   */
  facts?: boolean;
}

/** The line over the method toggles until their facts come, where the first module wrote none for the run. */
const FACTS_COMING = 'Each method’s order and cost here are coming…';

export class App implements Actions {
  private state: LabState;
  private sim: Session | undefined;
  private readonly accumulator = new StepAccumulator();
  private readonly controls: Controls;
  private readonly views = new Views();
  private readonly status = new StatusLine();
  private explainer: Explainer | undefined;
  private motion: Motion = 'paused';
  private lastFrame = 0;
  /** Measured cost of a step of the current simulation, for the frame budget. */
  private msPerStep = 0.001;
  /**
   * The most steps the next frame may take. A new run starts small (a student's rule may take milliseconds a
   * step) and grows fourfold a frame while the steps fit the budget: a slow run never holds one frame for
   * seconds before its cost is known, and Run to end still yields to the page between frames.
   */
  private allowance = FIRST_ALLOWANCE;
  /**
   * A run to the end steps between frames too, in one task after each frame's (`between`), posted here: the
   * frame's own stepping left half of a 60 Hz frame idle, and a run to the end of a student's rule took
   * 10 µs a step where the step itself takes 2.
   */
  private readonly betweenFrames = new MessageChannel();
  /** Whether a task between frames is posted and not yet run. */
  private betweenPosted = false;
  /** Whether a task between frames finished the run: the next frame draws it as finished. */
  private finishedBetween = false;
  /** Tasks between frames run so far: their User Timing entries are cleared as they go (see `between`). */
  private betweens = 0;
  private dirty = true;
  private tablesAt = 0;
  /** When the core's live bytes were last marked (see `markMemory`). */
  private memoryMarked = 0;
  /** ω·dt of the current run, where its scenario is an oscillator. */
  get omegaDt(): number | undefined {
    return this.sim?.omegaDt;
  }
  /** Called after every new simulation (the experiment card follows the state). */
  onApply: (state: LabState) => void = () => {};
  /** The epoch of the shared clock this run started in. */
  private epoch = 0;
  /** Whether no run has been made yet: the first is the URL's, whose coordinate is checked against it. */
  private first = true;
  /** A run made by `prepare` for the next `apply` to take, with the spec it was made from. */
  private prepared: { spec: string; sim: Session } | undefined;
  private readonly frames: FrameLoop;
  /** Frames since the views were last drawn (see `work`). */
  private framesSinceDrawn = Number.POSITIVE_INFINITY;

  constructor(
    private readonly catalogue: Catalogue,
    state: LabState,
    private readonly options: AppOptions = {},
  ) {
    this.state = state;
    this.controls = new Controls(catalogue, this);
    // The facts and the export are loaded when wanted: an embed without them does not download them.
    if (options.facts ?? true) {
      // Until the facts come (on a first visit, a second after the first frame, with the rest of the core), the
      // line over the toggles is the first module's, and each toggle's facts say they are coming (style.css).
      const intro = byId('methods-facts');
      if (!intro.textContent) intro.textContent = FACTS_COMING;
      intro.dataset.coming = state.scenario;
      // The facts are studies: their code loads when the studies may be asked.
      void studiesReady()
        .then(() => import('./explain'))
        .then(({ Explainer }) => {
          this.explainer = new Explainer(catalogue, this.controls, (trust) => {
            this.views.trust = trust;
            this.dirty = true;
          });
          this.explainer.show(this.state);
        });
    }
    this.views.onStale = () => {
      this.dirty = true;
    };
    this.betweenFrames.port1.onmessage = () => this.between();
    this.frames = new FrameLoop(
      (now) => this.work(now),
      () => !this.dirty,
      options.live,
    );
  }

  private get playing(): boolean {
    return this.motion === 'playing';
  }

  /** Pauses, unless the transport waits for a tier or is stopped by a trap. */
  private pause(): void {
    if (this.motion === 'playing' || this.motion === 'to-end') this.motion = 'paused';
  }

  private query(): string {
    return this.options.query?.(this.state) ?? toQuery(this.state);
  }

  /**
   * Writes the run on screen into the page's address, where it says something else: writing it anew costs
   * a style pass over the page's links (a first run's address is most often the page's already).
   */
  private writeAddress(): void {
    const query = this.query();
    // Resolved as the browser resolves it: against the page's base (an experiment's page has one, x/ID.html).
    if (new URL(query, document.baseURI).href !== location.href) history.replaceState(null, '', query);
  }

  /** The shared clock, once heard from. */
  private get shared() {
    const shared = this.options.shared;
    return shared?.heard() ? shared : undefined;
  }

  get current(): LabState {
    return this.state;
  }

  private get info(): ScenarioInfo {
    return scenarioInfo(this.catalogue, this.state.scenario);
  }

  private tracks(): TrackLabel[] {
    return trackLabels(this.state, stepText, (id) => this.methodName(id));
  }

  /** A method's name, which people read (its id is for URLs, the CSV and the CLI). */
  methodName(id: string): string {
    return methodInfo(this.catalogue, this.state.scenario, id)?.name ?? id;
  }

  /**
   * Makes the run for `state` now, for the next `apply` of the same state to take, with what its first frame
   * would work out at length: the page's first run is made in one task and shown in the next (the 100-mass
   * chain with every method held the page over 50 ms doing both in one). A state the core refuses is left to
   * `apply`, which says why.
   */
  prepare(state: LabState): void {
    this.prepared?.sim.free();
    this.prepared = undefined;
    const spec = toSpec(state);
    let sim: Session;
    try {
      sim = new Session(spec);
    } catch {
      // apply makes it again, and says why it cannot.
      return;
    }
    this.prepared = { spec: JSON.stringify(spec), sim };
    Views.ahead(sim, scenarioInfo(this.catalogue, state.scenario));
  }

  /** The run `prepare` made for `spec` by the core loaded now, or a new one. */
  private made(spec: RunSpec): Session {
    const ready = this.prepared;
    this.prepared = undefined;
    if (ready && ready.spec === JSON.stringify(spec) && ready.sim.tier === coreTier()) return ready.sim;
    ready?.sim.free();
    return new Session(spec);
  }

  /** Makes the simulation for `next`; on failure says why and keeps the current one. */
  apply(next: LabState): boolean {
    if (this.motion === 'trapped') {
      // A trapped core cannot make a run: the page starts again on the new state, from its address.
      this.state = next;
      this.writeAddress();
      window.location.reload();
      return false;
    }
    let sim: Session;
    try {
      sim = this.made(toSpec(next));
    } catch (e) {
      if (e instanceof NeedsStudiesTier) {
        this.applySecond(next);
        return false;
      }
      notice(message(e), 'error');
      this.controls.sync(this.state, this.sim ? coordinates(this.sim, this.info) : [], this.tracks());
      return false;
    }
    this.sim?.free();
    this.sim = sim;
    this.status.reset(Math.min(next.dt, ...next.runs.map((r) => r.dt)), sim.totalSteps, (t) =>
      formatSignificant(t, 6),
    );
    // The session's steps are of the run's dt (a run at a dt of its own keeps its own grid).
    this.controls.showEnd(sim.totalSteps, next.dt, next.until);
    this.state = next;
    const all = coordinates(sim, scenarioInfo(this.catalogue, next.scenario));
    if (!all.includes(this.state.coord)) {
      // Only the run knows its coordinates (a chain has as many as masses): the URL's is checked here. A
      // spinning body's are its ω, first shown about the middle axis (where the tennis racket flips).
      const shown = (spinning(scenarioInfo(this.catalogue, next.scenario)) ? all[1] : all.at(-1)) ?? '';
      const names = all.length > 6 ? `${all[0]} … ${shown}` : all.join(', ');
      if (this.first && this.state.coord !== '')
        notice(`Ignored coord=${this.state.coord}: the run has ${names}; showing ${shown}.`);
      this.state.coord = shown;
    }
    this.first = false;
    this.fitDetails();
    this.accumulator.reset();
    this.msPerStep = 0.001;
    this.allowance = FIRST_ALLOWANCE;
    this.writeAddress();
    this.controls.sync(this.state, coordinates(sim, this.info), this.tracks());
    // Syncing the controls can end an edit in a field it replaces, whose change makes a newer run at once
    // (and frees this one): that run has been shown, and this one is done.
    if (this.sim !== sim) return true;
    this.explainer?.show(next);
    // Another scenario before the facts have come: the first module's line over the toggles was its own.
    const intro = byId('methods-facts');
    if (intro.dataset.coming !== undefined && intro.dataset.coming !== next.scenario) {
      intro.textContent = FACTS_COMING;
      intro.dataset.coming = next.scenario;
    }
    // The transport goes on as it was with the new run: playing plays, and a run to the end (a setting
    // changed on the way) runs the new run to its end, its button still reading Pause.
    this.controls.syncTransport(this.playing || this.motion === 'to-end');
    this.views.build(this.shown(sim));
    this.onApply(this.state);
    this.dirty = true;
    markMemory('fresh');
    return true;
  }

  /**
   * Steps with the core's studies tier from now on where the run on screen was made by the base tier (a
   * first visit starts from it): the run is made again by the studies tier and caught up to its step, the
   * same numbers to the bit, so that its shadow energies show. Where catching up would hold a frame (a long
   * run well under way), the run keeps its core, and the next run has them, unless `now` (an export, which
   * needs it, and takes as long again). The new run is made in one task and takes the old one's place in the
   * next: the new core's first calls compile its code, and a chain of 100 beads with every method took 15–21
   * ms to make and 19–27 ms to draw anew, one task of 50–65 ms together.
   */
  upgrade(now = false): void {
    const sim = this.sim;
    if (sim?.tier !== 'base' || coreTier() === 'base' || this.held) return;
    // A trap in the new core stops the page as any trap does (see `guard`).
    this.guard(() => {
      const next = new Session(toSpec(this.state));
      // Timed on a first stretch, by the new core itself: the run's own cost a step (this.msPerStep) holds
      // its first, cold steps, and at 0.1 ms a step kept even a finished 200-step spring from its shadows.
      const trial = Math.min(sim.step, TRIAL_STEPS);
      const began = performance.now();
      const tried = next.advance(trial);
      const msPerStep = (performance.now() - began) / Math.max(trial, 1);
      if (tried !== trial) {
        next.free();
        return;
      }
      const takeOver = () =>
        this.guard(() => {
          // The run on screen went on meanwhile, or another took its place (and the old one is freed: not
          // to be read).
          const replaced = this.sim !== sim || this.held;
          const behind = replaced ? -1 : sim.step - next.step;
          const caughtUp =
            behind >= 0 &&
            (now || msPerStep * behind <= CATCH_UP_MS) &&
            next.advance(behind) === behind &&
            next.step === sim.step;
          if (!caughtUp) {
            next.free();
            return;
          }
          sim.free();
          this.sim = next;
          this.views.build(this.shown(next));
          this.dirty = true;
          markMemory('fresh');
        });
      if (now) {
        takeOver();
        return;
      }
      // The shadow energies the energy chart draws are worked out in a task of their own first (the core
      // keeps them): on the 100-mass chain with every method they took some 20 ms, and with the views built
      // anew in the same task the takeover held the page over 50 ms.
      void nextTask()
        .then(() =>
          this.guard(() => {
            if (this.sim !== sim) return;
            for (let k = 0; k < next.tracks; k++) next.shadowOrder(k);
          }),
        )
        .then(nextTask)
        .then(takeOver);
    });
  }

  /** Loads the core's studies tier for a run the base tier cannot make (f32, a spinning body), then makes it. */
  private applySecond(next: LabState): void {
    // Until it comes, the run on screen (in f64) stands still: nothing steps it, and the status says why.
    this.motion = 'loading';
    this.controls.syncTransport(false);
    this.dirty = true;
    useStudiesTier().then(
      () => {
        this.motion = 'paused';
        this.apply(next);
      },
      (e: unknown) => {
        this.motion = 'paused';
        this.dirty = true;
        notice(
          `${studiesFor(next)} need a part of the core that could not be loaded: ${message(e)}`,
          'error',
        );
        this.controls.sync(this.state, this.sim ? coordinates(this.sim, this.info) : [], this.tracks());
      },
    );
  }

  /** Drops a detail track that no longer runs (the details are then the first track's). */
  private fitDetails(): void {
    if (!this.tracks().some((t) => t.key === this.state.details)) this.state.details = '';
  }

  private shown(sim: Session): Shown {
    const tracks = this.tracks();
    return {
      state: this.state,
      info: this.info,
      sim,
      tracks,
      detail: Math.max(
        0,
        tracks.findIndex((t) => t.key === this.controls.detail),
      ),
    };
  }

  // ---- what the controls ask for

  change(next: Partial<LabState>): void {
    this.apply({
      ...this.state,
      ...next,
      params: { ...this.state.params, ...(next.params ?? {}) },
      typed: { ...this.state.typed, ...(next.typed ?? {}) },
    });
  }

  methods(chosen: string[]): void {
    const sim = this.sim;
    const before = this.state.methods;
    const added = chosen.filter((m) => !before.includes(m));
    const removed = before.filter((m) => !chosen.includes(m));
    // One method ticked or unticked mid-run: it joins (with the history it would have had) or leaves, and
    // the run goes on where it is. Anything else starts afresh.
    if (sim && this.state.runs.length === 0 && added.length + removed.length === 1) {
      try {
        if (added[0] !== undefined) sim.insert(chosen.indexOf(added[0]), added[0]);
        else if (removed[0] !== undefined) sim.remove(before.indexOf(removed[0]));
        this.state = { ...this.state, methods: chosen };
        this.fitDetails();
        this.writeAddress();
        this.controls.sync(this.state, coordinates(sim, this.info), this.tracks());
        this.explainer?.show(this.state);
        this.views.build(this.shown(sim));
        this.dirty = true;
        return;
      } catch {
        // The core could not (a long run's histories would outgrow their budget): start afresh below.
      }
    }
    this.change({ methods: chosen, runs: [] });
  }

  scenario(id: string): void {
    // Methods of one family stay chosen; a spinning body after a point mass (or back) starts from its
    // family's first methods (an id such as `euler` is a different method there), in f64.
    const same = spinning(this.info) === spinning(scenarioInfo(this.catalogue, id));
    const fresh = defaultsFor(this.catalogue, id, same ? this.state.methods : undefined);
    const { speed, details } = this.state;
    const precision = same ? this.state.precision : 'f64';
    // The details stay on their method where it runs in the new scenario too (fitDetails drops them else).
    this.apply({ ...fresh, ...this.written, speed, precision, details });
  }

  /** What the student wrote (a rule, a force): kept through a change of scenario or a reset. */
  get written(): Pick<LabState, 'rule' | 'force'> {
    return { rule: this.state.rule, force: this.state.force };
  }

  /**
   * A student's force as the scenario `custom`, learnt (or learnt again: each force has parameters of its
   * own) from the core: the scenario menu lists it from then on.
   */
  learnScenario(info: ScenarioInfo): void {
    const list = this.catalogue.scenarios;
    const at = list.findIndex((s) => s.id === info.id);
    if (at >= 0) list[at] = info;
    else list.push(info);
    this.controls.listScenarios();
  }

  /**
   * Methods the page has learnt since it started (a rule, once the language build has loaded): each gets its
   * look and its toggle, and runs like the lab's own from then on.
   */
  learn(methods: MethodInfo[]): void {
    const fresh = methods.filter((m) => !this.catalogue.methods.some((x) => x.id === m.id));
    if (fresh.length === 0) return;
    this.catalogue.methods.push(...fresh);
    registerStyles(fresh);
    for (const m of fresh) this.controls.addMethod(m);
    this.controls.sync(this.state, this.sim ? coordinates(this.sim, this.info) : [], this.tracks());
  }

  view(next: Partial<LabState>, rebuild: boolean): void {
    this.state = { ...this.state, ...next };
    this.writeAddress();
    this.controls.syncPermalink(this.state);
    if (rebuild && this.sim) this.views.build(this.shown(this.sim));
    this.dirty = true;
  }

  /** Whether the transport takes no orders: it waits for a tier, or a trap stopped it. */
  private get held(): boolean {
    return this.motion === 'loading' || this.motion === 'trapped';
  }

  togglePlay(): void {
    if (this.held) return;
    const shared = this.shared;
    if (shared) {
      shared.ask(shared.clock.playing ? { kind: 'pause' } : { kind: 'play', speed: this.state.speed });
      return;
    }
    if (this.sim?.done) this.apply(this.state);
    // Pause stops a run to the end too, where it is (the button reads Pause while it runs).
    this.motion = this.playing || this.motion === 'to-end' ? 'paused' : 'playing';
    this.lastFrame = performance.now();
    this.controls.syncTransport(this.playing);
    this.dirty = true;
  }

  stepOnce(): void {
    if (this.held) return;
    const shared = this.shared;
    if (shared) {
      shared.ask({ kind: 'step', dt: this.state.dt });
      return;
    }
    this.pause();
    this.guard(() => this.sim?.advance(1));
    this.controls.syncTransport(false);
    this.dirty = true;
  }

  reset(): void {
    if (this.motion === 'trapped') {
      window.location.reload();
      return;
    }
    if (this.motion === 'loading') return;
    const shared = this.shared;
    if (shared) {
      shared.ask({ kind: 'reset' });
      return;
    }
    this.pause();
    this.apply(this.state);
  }

  runToEnd(): void {
    if (this.held) return;
    this.motion = 'to-end';
    this.controls.syncTransport(true);
    this.dirty = true;
  }

  async exportCsv(): Promise<void> {
    // The CSV is the studies tier's: on a first visit it comes a second after the first frame, and a run
    // made before is made again by it (caught up to where it is: as long as the run has taken so far).
    await studiesReady();
    this.upgrade(true);
    const sim = this.sim;
    if (!sim || this.motion === 'trapped') return;
    const { exportCsv } = await import('../views/export');
    this.guard(() => exportCsv(sim, this.state.scenario));
  }

  /** The PNG, at twice the page's resolution (or the screen's, where that is more). */
  async exportPng(): Promise<void> {
    const sim = this.sim;
    if (!sim || this.motion === 'trapped') return;
    this.render(true);
    const names = this.tracks().map((t) => this.methodName(t.method));
    const scale = Math.max(2, window.devicePixelRatio || 1);
    const [figures, { caption, exportPng }] = await Promise.all([
      this.views.figures(this.shown(sim), scale),
      import('../views/export'),
    ]);
    // The run's notes (a method diverged, or left the charts) belong on the slide too.
    const notes = Array.from(document.querySelectorAll('#divergence li'), (li) => li.textContent ?? '');
    exportPng(
      this.state.scenario,
      [...caption(this.info, this.state, names, sim.t), ...notes],
      figures,
      scale,
    );
  }

  /**
   * Runs core calls. A trap (a panic in the core) leaves its instance unusable: the page stops stepping and
   * drawing, says what happened, and offers to start again, which loads the core afresh and rebuilds the
   * state from the URL (the page's address holds all of it). Any other failure resets the run.
   */
  private guard(work: () => void): void {
    if (this.motion === 'trapped') return;
    try {
      work();
    } catch (e) {
      this.pause();
      if (e instanceof WebAssembly.RuntimeError) {
        this.motion = 'trapped';
        this.controls.syncTransport(false);
        const why = failure(e);
        notice(
          `${why.charAt(0).toUpperCase()}${why.slice(1)}. Nothing is lost: the page's address holds the run.`,
          'error',
          { label: 'Start again', run: () => window.location.reload() },
        );
        return;
      }
      notice(`The core stopped with an error: ${failure(e)}. The run has been reset.`, 'error');
      this.apply({
        ...defaultsFor(this.catalogue, this.state.scenario, this.state.methods),
        ...this.written,
      });
    }
  }

  // ---- the frame loop

  /** Starts the frame loop; plays at once unless the reader prefers reduced motion. */
  start(playing: boolean): void {
    if (!this.held) this.motion = playing ? 'playing' : 'paused';
    this.controls.syncTransport(this.playing);
    this.controls.enableTransport();
    this.lastFrame = performance.now();
    this.frames.start();
  }

  /** Starts the frame loop again after the figure was not live; its accumulator does not count the time away. */
  wake(): void {
    if (!this.frames.wake()) return;
    this.lastFrame = performance.now();
    this.dirty = true;
  }

  /** Gives the scene and the charts these heights (a figure fitting its frame: see embed.ts). */
  setViewHeights(scene: number, chart: number): void {
    this.views.setHeights(scene, chart);
    this.dirty = true;
  }

  get isPlaying(): boolean {
    return this.shared?.clock.playing ?? this.playing;
  }

  private work(now: number): void {
    this.framesSinceDrawn += 1;
    // The core's live bytes every ten seconds, however slow the frames.
    if (now - this.memoryMarked > 10_000) {
      this.memoryMarked = now;
      markMemory('playing');
    }
    const sim = this.sim;
    if (!sim || this.motion === 'trapped') return;
    const elapsed = (now - this.lastFrame) / 1000;
    this.lastFrame = now;
    let due = 0;
    const shared = this.shared;
    if (shared && this.motion !== 'to-end') {
      // Synced: a new epoch is a reset; otherwise step up to the shared time, catching up if behind.
      if (shared.clock.epoch !== this.epoch) {
        this.epoch = shared.clock.epoch;
        this.apply(this.state);
        return;
      }
      if (shared.clock.playing !== this.playing && !this.held) {
        this.motion = shared.clock.playing ? 'playing' : 'paused';
        this.controls.syncTransport(this.playing);
        this.dirty = true;
      }
      due = Math.min(
        sim.totalSteps - sim.step,
        stepsBehind(shared.clock.now(performance.now() / 1000), this.state.dt, sim.step),
      );
    } else if (this.motion === 'to-end') {
      due = sim.totalSteps - sim.step;
    } else if (this.playing) {
      this.accumulator.accumulate(elapsed, this.state.speed);
      due = this.accumulator.expend(this.state.dt);
    }
    // Whether the run finished in this frame, or between the last one and this.
    let finished = this.finishedBetween;
    this.finishedBetween = false;
    if (due > 0 && this.stepFor(sim, due)) finished = true;
    // A run to the end goes on stepping after this frame, before the next. (The run stepped above, unless a
    // failure made a new one in its place: see `guard`.)
    if (this.motion === 'to-end' && this.sim && !this.sim.done && !this.betweenPosted) {
      this.betweenPosted = true;
      this.betweenFrames.port2.postMessage(null);
    }
    // Run to the end on a run already finished: nothing is due, and nothing is moving.
    if (this.motion === 'to-end' && sim.done) {
      this.motion = 'paused';
      this.dirty = true;
      finished = true;
    }
    if (this.dirty) {
      this.dirty = false;
      // The charts take turns while the views are drawn often: in one of the last few frames (at 60 Hz, 20
      // times a second or more). Frames are counted, not timed: a slow machine's frames, each long, must
      // still have the charts take turns, or each would draw every chart and grow longer still. A run to the
      // end is drawn after each task that steps it, however many frames those take.
      const often = this.motion === 'to-end' || this.framesSinceDrawn <= OFTEN_FRAMES;
      this.framesSinceDrawn = 0;
      // A run that finishes has every chart drawn, those out of sight too, one a task, and is "finished"
      // once all are (see `finish`). (Drawn one a frame, with "finished" said at once, the notes came a few
      // frames after it and moved what was below them under a click: the CI's browser test clicked the
      // checkbox under the charts as it moved.)
      if (finished && this.sim) void this.finish(this.sim);
      else this.render(false, often);
    }
  }

  /** The run whose finish the views are drawing, in parts (see `finish`). */
  private finishing: Session | undefined;

  /**
   * Draws a finished run in parts, none holding the page long (see `Views.finish`), its status "finishing"
   * until all are drawn, then "finished". A run replaced meanwhile, or a finish begun after this one, ends
   * it (the views say so): the later one says the status.
   */
  private async finish(sim: Session): Promise<void> {
    this.finishing = sim;
    this.say(sim);
    let drawn = false;
    try {
      drawn = await this.views.finish(
        () => (this.sim === sim && this.motion !== 'trapped' ? this.shown(sim) : undefined),
        this.options.tables !== false,
      );
    } catch (e) {
      this.finishing = undefined;
      // A failure in a part (a trap in the core) is met as one in a frame's drawing would be.
      this.guard(() => {
        throw e;
      });
    }
    if (!drawn) return;
    this.finishing = undefined;
    this.say(sim);
  }

  /**
   * Takes up to `due` steps of `sim`, as many as fit the frame's budget for stepping (and the allowance, which
   * grows while they fit); true where the run has finished, and stopped.
   */
  private stepFor(sim: Session, due: number): boolean {
    const affordable = Math.max(1, Math.floor(FRAME_BUDGET_MS / this.msPerStep));
    const steps = Math.min(due, affordable, this.allowance);
    const began = performance.now();
    let taken = 0;
    this.guard(() => {
      taken = sim.advance(steps);
    });
    const spent = performance.now() - began;
    const cost = spent / Math.max(taken, 1);
    // A dearer step is believed at once; a cheaper one gradually (one quick frame is not a trend).
    this.msPerStep = Math.max(cost, 0.8 * this.msPerStep + 0.2 * Math.max(cost, 1e-5));
    if (spent < FRAME_BUDGET_MS) this.allowance = Math.min(this.allowance * 4, MOST_STEPS_A_FRAME);
    // Behind and unable to catch up: drop the debt rather than run ever further behind.
    if (steps < due && this.playing) this.accumulator.reset();
    this.dirty = true;
    // The run stepped, unless a failure made a new one in its place (see `guard`).
    if (!this.sim?.done) return false;
    this.pause();
    this.controls.syncTransport(false);
    return true;
  }

  /**
   * A run to the end's steps between two frames: a task of its own, as long as a frame's stepping at most,
   * marked `lab:between` for the page benchmark. Nothing is drawn here: the next frame draws what it took.
   * A run paused, replaced, trapped or finished meanwhile takes none.
   */
  private between(): void {
    this.betweenPosted = false;
    const sim = this.sim;
    if (!sim || this.motion !== 'to-end' || sim.done) return;
    const began = performance.now();
    if (this.stepFor(sim, sim.totalSteps - sim.step)) this.finishedBetween = true;
    performance.measure('lab:between', { start: began, end: performance.now() });
    if (++this.betweens % 600 === 0) performance.clearMeasures('lab:between');
  }

  private render(force: boolean, often = false): void {
    const sim = this.sim;
    if (!sim) return;
    const now = performance.now();
    const moving = this.motion === 'playing' || this.motion === 'to-end';
    const tables =
      this.options.tables !== false && (force || !moving || now - this.tablesAt > TABLE_REFRESH_MS);
    if (tables) this.tablesAt = now;
    this.views.render(this.shown(sim), force, tables, moving, often);
    this.say(sim);
  }

  /** The status line: the run's time and step, and what the transport is doing. */
  private say(sim: Session): void {
    const status = sim.done
      ? this.finishing === sim
        ? 'finishing'
        : 'finished'
      : this.motion === 'to-end'
        ? 'running to the end'
        : this.playing
          ? 'playing'
          : 'paused';
    if (this.motion === 'loading') this.status.say(`Loading what ${studiesFor(this.state)} need…`);
    else
      this.status.show(
        formatSignificant(sim.t, 6),
        // The run's own end: whole steps of dt, so 29 steps of 0.7 s end at 20.3 s where until is 20. Written
        // as the time is, so that the run ends at "t = 10.0167 s of 10.0167 s" (601 steps of 1/60 s).
        formatSignificant(sim.totalSteps * this.state.dt, 6),
        String(sim.step),
        String(sim.totalSteps),
        status,
      );
  }
}

/** The coordinates a run's charts and menu offer: a point mass's positions, a spinning body's ω components. */
function coordinates(sim: Session, info: ScenarioInfo): string[] {
  return spinning(info) ? sim.velocities : sim.positions;
}
