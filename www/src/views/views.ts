// The views of a simulation: the animated scene, the charts (x(t), the phase portrait, total energy, kinetic
// and potential energy of one track, the error), the values and steps tables, the status line and the notes
// on methods that diverged or ran off the charts. They read the simulation; they never step it. One idea over
// 300 lines: the Views object, which decides what is drawn where and when; the drawing is in charts/ and
// scene/.

import type { CoreTable, ReferenceTrust, ScenarioInfo, Session } from '../core';
import type { LabState } from '../lab/state';
import type { TrackLabel } from '../lab/tracks';
import { byId, el, nextTask } from '../ui/dom';
import { short } from '../ui/numbers';
import { colour, marker, neutral, SHADOW_DASH, TRUTH_DASH, truthColour } from '../ui/palette';
import { joinOnTime } from './charts/axes';
import type { Column, SeriesStyle } from './charts/chart';
import { type EnergyScale, TimeChart } from './charts/time';
import { XYChart } from './charts/xy';
import type { Figure } from './export';
import { extent, firstNotFinite } from './range';
import { drift } from './relative';
import { drawScene, type SceneTrack } from './scene/scene';
import { renderSteps, renderValues } from './table';
import { atPixelRatio } from './viewport';

type ChartName =
  | 'position'
  | 'phase'
  | 'omega'
  | 'energy'
  | 'invariants'
  | 'qnorm'
  | 'split'
  | 'error'
  | 'separation';

const CHARTS: ChartName[] = [
  'position',
  'phase',
  'omega',
  'energy',
  'invariants',
  'qnorm',
  'split',
  'error',
  'separation',
];

/** The charts of one family only: a point mass's position and phase portrait, a spinning body's ω, invariants
 * and ‖q‖ (the others serve both). */
const FAMILY: Partial<Record<ChartName, 'motion' | 'rotation'>> = {
  position: 'motion',
  phase: 'motion',
  separation: 'motion',
  omega: 'rotation',
  invariants: 'rotation',
  qnorm: 'rotation',
};

/** The scale the invariants' and ‖q‖'s charts take: every finite line is drawn (a line past the axis's top,
 * 1e15, leaves through it, and a note says so). */
const EVERY_DRIFT = [Number.MAX_VALUE];

/** How each invariant is named on a chart, and dashed. */
const INVARIANTS: Record<string, [name: string, dash: number[] | undefined]> = {
  energy: ['E', undefined],
  L_norm: ['‖L‖', [6, 3]],
  L_z: ['L·ẑ', [6, 3]],
  L_3: ['L3', [2, 3]],
};

/**
 * Rows at least this many steps apart are a sample of a motion, not its path: the phase portrait and the
 * scene's trails draw those far apart as dots (see trace.ts, `traceLine`); those near each other are joined
 * all the same. Rows every second step (a chain of many beads with many methods keeps every second step) are
 * joined. Every method on the spring at dt = 0.1 for 200,000 steps keeps every fifth, 1.9 rad apart: joined,
 * they were chords across the ellipse, not the method's path, 3,500 a method in every frame of the portrait.
 */
const SAMPLED_STRIDE = 3;

/** Rows of Fiedler's steps table. */
const STEP_ROWS = 11;

/** What the views show: the state, its simulation and its tracks, and which track the details are for. */
export interface Shown {
  state: LabState;
  info: ScenarioInfo;
  sim: Session;
  tracks: TrackLabel[];
  /** Index of the track whose energy split and steps table are shown. */
  detail: number;
}

/** The two ends of the truth's kinetic and potential energies, as a two-point column for readableRange. */
function extentOf(...columns: Float64Array[]): number[] {
  const ends = columns.map(extent).filter((e) => e !== undefined);
  return ends.length === 0 ? [] : [Math.min(...ends.map((e) => e.min)), Math.max(...ends.map((e) => e.max))];
}

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A colour at a third of its strength, for a line beside a bolder one (a #rrggbb colour; others as they are). */
function faint(stroke: string): string {
  return /^#[0-9a-f]{6}$/i.test(stroke) ? `${stroke}55` : stroke;
}

const SUPERSCRIPT: Record<string, string> = { '2': '²', '4': '⁴' };

/** A shadow energy's legend entry: "(to dt²)" where the core gives its first terms, kept to that power of dt. */
function shadowLabel(label: string, order: number | undefined): string {
  return order === undefined || order === 0
    ? `${label} shadow`
    : `${label} shadow (to dt${SUPERSCRIPT[String(order)] ?? `^${order}`})`;
}

export class Views {
  private charts: Record<ChartName, TimeChart | XYChart> | undefined;
  /** Whether the charts are shaped for a spinning body (see `build`). */
  private spinning = false;
  private readonly visible = new Set<ChartName>(CHARTS);
  private readonly stale = new Set<ChartName>();
  /** The tracks whose shadow energy the core knows: each has a dotted companion on the energy chart. */
  private shadowed: number[] = [];
  /** The notes under the scene as last written (below it, so that one coming moves the scene not at all). */
  private notesSaid = '';
  /** The error chart's note as last written. */
  private errorNoteSaid = '';
  /** Where each track's energy was found not finite, and how many of its rows were looked at (`energyPast`). */
  private energyScan: {
    sim: Session | undefined;
    tracks: Map<string, { rows: number; index: number | undefined }>;
  } = { sim: undefined, tracks: new Map() };
  /** Which of the charts in sight was drawn last while a run moved (see `render`). */
  private turn = 0;
  /** Whether the charts were reshaped since the views were last drawn (see `render`). */
  private reshaped = false;
  /** Called when a chart needs drawing again (it came into view, or was resized). */
  onStale: () => void = () => {};
  /** What the run's reference is worth, once the studies worker has measured it: from its horizon on the
   * values table calls every error against it, and the reference's own values, unknown (the CLI's CSV leaves
   * those cells empty); the error chart veils what lies within ten times its uncertainty. */
  trust: ReferenceTrust | undefined;
  /** What the charts were last shaped for (see `build`): shaped again when the energy chart's choices change. */
  private built: Shown | undefined;

  constructor() {
    const watched = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const name = entry.target.id.replace('chart-', '') as ChartName;
        if (entry.isIntersecting) {
          this.visible.add(name);
          if (this.stale.has(name)) this.onStale();
        } else {
          this.visible.delete(name);
        }
      }
    });
    for (const name of CHARTS) watched.observe(byId(`chart-${name}`));
    byId('all-digits').addEventListener('change', () => this.onStale());
    // The energy chart's own choices: its scale, and its energies and shadows alone.
    for (const id of ['energy-scale', 'shadows-only']) {
      byId(id).addEventListener('change', () => {
        if (!this.built) return;
        this.build(this.built);
        this.onStale();
      });
    }
    new ResizeObserver(() => {
      if (!this.charts) return;
      for (const name of CHARTS) this.charts[name].resize();
      this.onStale();
    }).observe(byId('chart-position'));
  }

  /** The charts' plot height a figure fitting its frame gave them (undefined: their own). */
  private chartHeight: number | undefined;

  /**
   * Gives the scene and every chart's plot these heights in CSS pixels (a figure fitting the frame it is
   * given), and draws them again at them.
   */
  setHeights(scene: number, chart: number): void {
    byId('scene').style.height = `${Math.round(scene)}px`;
    this.chartHeight = chart;
    if (!this.charts) return;
    for (const name of CHARTS) {
      this.charts[name].height = chart;
      this.charts[name].resize();
    }
    this.onStale();
  }

  private styles(shown: Shown, withTruth: boolean): SeriesStyle[] {
    const out: SeriesStyle[] = shown.tracks.map((t) => ({
      label: t.label,
      stroke: colour(t.method),
      dash: t.dash,
      marker: marker(t.method),
    }));
    if (withTruth) {
      out.push({
        label: shown.info.truth,
        stroke: truthColour(),
        dash: TRUTH_DASH,
        width: 1.25,
        reference: true,
      });
    }
    return out;
  }

  /**
   * Shapes the charts for a new simulation, coordinate or detail track: titles, labels and series. The charts
   * are made once and reshaped after that (see Chart.reshape).
   */
  build(shown: Shown): void {
    this.built = shown;
    this.warmed = false;
    const { info, sim, state } = shown;
    this.shadowed = shown.tracks.flatMap((_, k) => (sim.shadowOrder(k) === undefined ? [] : [k]));
    // Only the energies and their shadows: the truth and the methods without a shadow hidden, each energy
    // faint and each shadow bold, so that a shadow on the exact line, or inside its method's band, shows.
    // A spinning body's methods have no shadow energy drawn: the choice is not offered there.
    const spins = info.family === 'rotation';
    const shadowsBox = byId<HTMLInputElement>('shadows-only');
    const shadowsLabel = shadowsBox.closest<HTMLElement>('label');
    if (shadowsLabel) shadowsLabel.hidden = spins;
    // With no shadow to show (every method past its limit, or none symplectic) the choice would hide every
    // line: it is not offered until there is one.
    shadowsBox.disabled = this.shadowed.length === 0;
    const shadowsOnly = !spins && shadowsBox.checked && this.shadowed.length > 0;
    const shadowed = new Set(this.shadowed);
    const energyStyles = this.styles(shown, true).map((style, k) =>
      !shadowsOnly
        ? style
        : shadowed.has(k)
          ? { ...style, width: 1, stroke: faint(style.stroke) }
          : { ...style, hidden: true },
    );
    // One sentence a reason, naming every method it holds for.
    const missing = new Map<string, string[]>();
    shown.tracks.forEach((t, k) => {
      const why = sim.shadowMissing(k);
      if (why !== undefined) missing.set(why, [...(missing.get(why) ?? []), t.label]);
    });
    byId('shadow-note').textContent = [...missing]
      .map(
        ([why, names]) =>
          `${list(names)} ${names.length === 1 ? 'has' : 'have'} no shadow energy drawn here: ${why}.`,
      )
      .join(' ');
    const coord = state.coord;
    const vName = sim.velocities[sim.positions.indexOf(coord)] ?? 'v';
    this.spinning = info.family === 'rotation';
    for (const [name, family] of Object.entries(FAMILY)) {
      const node = byId(`chart-${name}`);
      (node.closest<HTMLElement>('.chart-box') ?? node).classList.toggle(
        'off-family',
        family !== (this.spinning ? 'rotation' : 'motion'),
      );
    }
    const invariants = info.invariants.map((c) => INVARIANTS[c]?.[0] ?? c);
    byId('invariants-note').textContent = this.spinning
      ? `The true motion keeps ${list(invariants)} constant: each line is how far a method has moved one of them, ` +
        'relative to its start, on a log scale (a line that stays low keeps it; a method that keeps one exactly draws no line for it).'
      : '';
    const detail = shown.tracks[shown.detail];
    const split = detail?.label ?? '';
    const splitColour = colour(detail?.method ?? '');
    const truth = info.truth;
    const shapes: Record<ChartName, [title: string, xLabel: string, yLabel: string, styles: SeriesStyle[]]> =
      {
        position: [
          `${coord}(t)`,
          't (s)',
          `${coord} (${info.positionUnit})`,
          // Against a reference run, the band it is known within: ± its uncertainty (under a pixel until
          // the horizon nears, then wide open).
          sim.referenceStep === undefined || this.spinning
            ? this.styles(shown, true)
            : [
                ...this.styles(shown, true),
                { label: REFERENCE_BAND, stroke: neutral().mid, dash: [1, 2], width: 1, edge: 'listed' },
                {
                  label: `${REFERENCE_BAND} (lower)`,
                  stroke: neutral().mid,
                  dash: [1, 2],
                  width: 1,
                  edge: 'unlisted',
                },
              ],
        ],
        phase: [
          `Phase portrait: ${coord} against ${vName}`,
          `${coord} (${info.positionUnit})`,
          `${vName} (${info.velocityUnit})`,
          this.styles(shown, true),
        ],
        omega: [
          `${coord}(t): the spin about a body axis`,
          't (s)',
          `${coord} (${info.velocityUnit})`,
          this.styles(shown, true),
        ],
        invariants: [
          `What the motion keeps: ${list(invariants)}, relative`,
          't (s)',
          '|change| / start, log',
          shown.tracks.flatMap((t) =>
            info.invariants.map((c) => ({
              label: `${t.label} ${INVARIANTS[c]?.[0] ?? c}`,
              stroke: colour(t.method),
              dash: INVARIANTS[c]?.[1],
              marker: marker(t.method),
            })),
          ),
        ],
        qnorm: [
          '‖q‖ − 1: how far q is from a rotation',
          't (s)',
          '|‖q‖ − 1|, log',
          this.styles(shown, false),
        ],
        energy: [
          info.energyTitle,
          't (s)',
          `E (${info.energyUnit})`,
          [
            ...energyStyles,
            // Each symplectic method's shadow energy, where the core knows it: dotted, in its colour.
            ...this.shadowed.map((k) => ({
              label: shadowLabel(shown.tracks[k]?.label ?? '', sim.shadowOrder(k)),
              stroke: colour(shown.tracks[k]?.method ?? ''),
              dash: SHADOW_DASH,
              width: shadowsOnly ? 2.5 : 1.5,
            })),
          ],
        ],
        split: [
          `Kinetic and potential energy: ${split}`,
          't (s)',
          `E (${info.energyUnit})`,
          [
            // This chart is about one method: its scale follows that method's energies, not the truth's.
            { label: `${split} kinetic`, stroke: splitColour, reference: true },
            { label: `${split} potential`, stroke: splitColour, dash: [2, 3] },
            { label: `${truth} kinetic`, stroke: truthColour(), dash: TRUTH_DASH, width: 1 },
            { label: `${truth} potential`, stroke: truthColour(), dash: [2, 3], width: 1 },
          ],
        ],
        error: [
          this.spinning
            ? `Attitude error against the ${truth}`
            : `Position error against the ${truth} solution`,
          't (s)',
          this.spinning ? 'angle (rad), log' : `|error| (${info.positionUnit}), log`,
          // Against a reference run, what it cannot tell apart: an error under ten times its uncertainty is
          // not known.
          sim.referenceStep === undefined || this.spinning
            ? this.styles(shown, false)
            : [
                ...this.styles(shown, false),
                { label: UNKNOWN_BELOW, stroke: neutral().mid, dash: [2, 2], width: 1, veil: neutral().veil },
              ],
        ],
        separation: [
          `Separation from a twin started ${state.nudge} ${info.positionUnit} further in ${sim.positions[0] ?? ''}`,
          't (s)',
          `separation (${info.scene.kind === 'pendulum' ? 'm' : info.positionUnit}), log`,
          this.styles(shown, false),
        ],
      };
    // The twins' chart shows where the run has twins (nudge=).
    const twins = sim.separation(0) !== undefined;
    byId('separation-view').hidden = !twins;
    byId('separation-note').textContent = twins
      ? `Each method ran twice, the second from ${sim.positions[0] ?? ''} + ${state.nudge} (drawn faded in the scene): ` +
        `this is ${sim.separationWords}. ` +
        'Chaos makes it grow exponentially: a line rising at a roughly steady slope on this log scale, with ' +
        'wobbles, until it levels off at the size of the motion. Where the motion is not chaotic it grows at most ' +
        'in proportion to time (a curve that flattens here; on a spring a stable method keeps it where it ' +
        'started); an unstable method grows it by its own instability, chaos or not.'
      : '';
    this.reshaped = true;
    if (this.charts) {
      for (const name of CHARTS) this.charts[name].reshape(...shapes[name]);
    } else {
      const chart = (name: ChartName) => byId(`chart-${name}`);
      this.charts = {
        position: new TimeChart(chart('position'), ...shapes.position),
        phase: new XYChart(chart('phase'), ...shapes.phase),
        omega: new TimeChart(chart('omega'), ...shapes.omega),
        energy: new TimeChart(chart('energy'), ...shapes.energy),
        invariants: new TimeChart(chart('invariants'), ...shapes.invariants, true),
        qnorm: new TimeChart(chart('qnorm'), ...shapes.qnorm, true),
        split: new TimeChart(chart('split'), ...shapes.split),
        error: new TimeChart(chart('error'), ...shapes.error, true),
        separation: new TimeChart(chart('separation'), ...shapes.separation, true),
      };
      for (const name of CHARTS) this.charts[name].onToggle = () => this.onStale();
      if (this.chartHeight !== undefined) this.setHeights(byId('scene').clientHeight, this.chartHeight);
      // The charts in sight now, read from the layout (the observer tells only after the first frame, and
      // a chart is made when first drawn): those below the first screen, or hidden, wait for the reader or
      // for an idle moment (see `warm`).
      // A figure shows all it was asked for, fitted into its frame: each is drawn at once.
      this.visible.clear();
      for (const name of CHARTS) {
        const node = byId(`chart-${name}`);
        if (this.figure ? node.getClientRects().length > 0 : inSight(node)) this.visible.add(name);
      }
    }
    for (const name of CHARTS) {
      const c = this.charts[name];
      if (c instanceof TimeChart) c.span = state.until || 1;
    }
    (this.charts.energy as TimeChart).energyScale = byId<HTMLSelectElement>('energy-scale')
      .value as EnergyScale;
  }

  /**
   * Draws every view; charts out of sight wait until they come back (drawing costs most of a frame). While a
   * run moves (`moving`) and the views are drawn `often` (in one of the last few frames), the charts in sight
   * take turns, one a frame, each drawn every few frames; the scene moves every frame. Still, `force`d, or
   * drawn seldom (a run stepping now and then), every chart is drawn.
   */
  render(shown: Shown, force: boolean, tables: boolean, moving = false, often = true): void {
    const charts = this.charts;
    if (!charts) return;
    // Charts take turns only while the views are drawn often (counted in frames by the app): a run stepping
    // now and then (or a chart just reshaped, still empty) has every chart drawn.
    const family = this.spinning ? 'rotation' : 'motion';
    // A new run's charts in sight that are not made yet (the page's first run: making a chart is its dearest
    // drawing) are each made in a task between frames and drawn one a frame after its first, which draws the
    // scene, the tables, the status line and the charts made already: no frame holds the page for all of
    // them. (A figure draws its few charts at once: it fits them into its frame, which follows their heights.)
    const fresh = this.reshaped && !force && !this.figure;
    this.reshaped = false;
    if (fresh || force) this.toFill.clear();
    const fill = fresh || force ? undefined : this.nextToFill();
    // The chart to fill is drawn once made: it is made in a task of its own, before this frame or after it
    // (see `makeAhead`), and this frame draws no chart.
    const unmade = fill !== undefined && !charts[fill].isMade ? fill : undefined;
    const inTurn = fresh ? undefined : (fill ?? (moving && !force && often ? this.nextInTurn() : undefined));
    this.paintCharts(shown, (name, paint) => {
      if ((FAMILY[name] ?? family) !== family) return;
      const later = (fresh && !charts[name].isMade) || name === unmade;
      if (force || (!later && this.visible.has(name) && (inTurn === undefined || inTurn === name))) {
        paint();
        this.stale.delete(name);
        this.toFill.delete(name);
      } else {
        this.stale.add(name);
        if (later && this.visible.has(name)) this.toFill.add(name);
      }
    });
    this.renderScene(shown);
    if (tables) this.renderTables(shown);
    this.renderStatus(shown);
    // Charts still to fill in: another frame, even for a run that does not move.
    if (this.toFill.size > 0) {
      this.onStale();
      this.makeAhead();
    }
    this.warm();
  }

  /** Whether a task is posted to make the next chart to fill (see `makeAhead`). */
  private makingAhead = false;

  /**
   * Makes the next chart to fill in a task of its own, between frames: making a chart (uPlot's elements,
   * sizes and fonts) costs about as much as its first drawing, and the two in one frame held the page over
   * 50 ms on the 100-mass chain with every method. The first frame after it draws the chart.
   */
  private makeAhead(): void {
    if (this.makingAhead) return;
    this.makingAhead = true;
    void nextTask().then(() => {
      this.makingAhead = false;
      const name = this.nextToFill();
      const chart = name === undefined ? undefined : this.charts?.[name];
      if (chart && !chart.isMade) void chart.plot;
    });
  }

  /** Finishes counted, so that a finish drawn in parts stops where another has begun (see `finish`). */
  private finishes = 0;

  /**
   * Draws a finished run in parts, each a task of its own, so that none holds the page for long: the scene
   * and the tables first, then every chart, one a task (those in sight first, then those out of sight: the
   * notes on what left a chart's scale are then complete at once, and the page does not shift under a
   * reader who scrolls down to the charts later), then the notes. Drawn in one task, eleven methods'
   * 200,000 steps on the spring held the page for 150 ms on a 2-core machine without a GPU.
   *
   * `tables`: whether the page has tables. `now` gives what to draw at each part (the reader may change
   * the run's coordinate meanwhile), or undefined once the run is no longer shown. True once all is drawn;
   * false where it stopped: the run was replaced, or another finish began.
   */
  async finish(now: () => Shown | undefined, tables: boolean): Promise<boolean> {
    const charts = this.charts;
    const first = now();
    if (!charts || !first) return false;
    const mine = ++this.finishes;
    this.reshaped = false;
    this.toFill.clear();
    this.renderScene(first);
    if (tables) this.renderTables(first);
    const family = this.spinning ? 'rotation' : 'motion';
    const order = CHARTS.filter(
      (name) =>
        (FAMILY[name] ?? family) === family && (name !== 'separation' || !byId('separation-view').hidden),
    ).sort((a, b) => Number(!this.visible.has(a)) - Number(!this.visible.has(b)));
    /** What to draw next, after a task's break, or undefined where this finish is over. */
    const next = async () => {
      await nextTask();
      return mine === this.finishes ? now() : undefined;
    };
    for (const name of order) {
      const shown = await next();
      if (!shown) return false;
      this.paintCharts(shown, (drawn, paint) => {
        if (drawn !== name) return;
        paint();
        this.stale.delete(name);
      });
    }
    const shown = await next();
    if (!shown) return false;
    this.renderStatus(shown);
    this.warm();
    return true;
  }

  /**
   * Each chart's drawing, given to `draw` with its name: `draw` paints it (calls `paint`) or leaves it.
   */
  private paintCharts(shown: Shown, draw: (name: ChartName, paint: () => void) => void): void {
    const charts = this.charts;
    if (!charts) return;
    const { sim, state } = shown;
    // The core works out new rows' shadow energies when asked, which may grow wasm memory and so empty every
    // view of it taken before: asked first, before any column is read.
    for (const k of this.shadowed) sim.shadow(k);
    const n = sim.tracks;
    const ci = coordinateIndex(shown);
    // Columns by the core's names for them: the page never counts the history's columns.
    const position = sim.positions[ci] ?? '';
    const velocity = sim.velocities[ci] ?? '';
    const all = [...Array(n + 1).keys()];
    const t = sim.column(n, 't');
    // One dt for all tracks shares the truth's time column; runs at steps of their own, and a truth drawn
    // finer than the steps, are joined onto one.
    const mixed = state.runs.some((r) => r.dt !== state.dt) || sim.truthRefine > 1;
    const overTime = (pairs: [track: number, column: string][]): { x: Column; ys: Column[] } =>
      mixed
        ? joinOnTime(pairs.map(([k, c]) => [sim.column(k, 't'), sim.column(k, c)]))
        : { x: t, ys: pairs.map(([k, c]) => sim.column(k, c)) };
    draw('position', () => {
      const { x, ys } = overTime(all.map((k) => [k, position]));
      if (sim.referenceStep !== undefined && !this.spinning) {
        const truth = ys[ys.length - 1] ?? [];
        const u = uncertaintyAt(x, this.trust);
        const edge = (sign: number) =>
          Array.from(x, (_, i) => {
            const y = truth[i];
            const d = u[i];
            return y === null || y === undefined || d === null || d === undefined ? null : y + sign * d;
          });
        ys.push(edge(1), edge(-1));
      }
      (charts.position as TimeChart).update(x, ys);
    });
    draw('phase', () => {
      const phase = charts.phase as XYChart;
      phase.sampled = all.map((k) => sim.trackStride(k) >= SAMPLED_STRIDE);
      phase.update(all.map((k) => [sim.column(k, position), sim.column(k, velocity)]));
    });
    draw('omega', () => {
      const { x, ys } = overTime(all.map((k) => [k, state.coord]));
      (charts.omega as TimeChart).update(x, ys);
    });
    draw('invariants', () => {
      const kept = shown.info.invariants;
      const ys = all.slice(0, n).flatMap((k) => kept.map((c) => drift(sim.column(k, c))));
      // Every drift is drawn, from round-off to whole multiples of the start: the one that stands out is the
      // lesson (a chart of errors would leave a far larger one off its scale).
      (charts.invariants as TimeChart).update(t, ys, EVERY_DRIFT);
    });
    draw('qnorm', () => {
      const ys = all.slice(0, n).map((k) => Array.from(sim.column(k, 'q_norm'), (v) => Math.abs(v - 1)));
      (charts.qnorm as TimeChart).update(t, ys, EVERY_DRIFT);
    });
    draw('energy', () => {
      const { x, ys } = mixed
        ? joinOnTime([
            ...all.map((k): [Float64Array, Float64Array] => [sim.column(k, 't'), sim.column(k, 'energy')]),
            ...this.shadowed.map((k): [Float64Array, Float64Array] => [
              sim.column(k, 't'),
              sim.shadow(k) ?? new Float64Array(0),
            ]),
          ])
        : {
            x: t,
            ys: [
              ...all.map((k) => sim.column(k, 'energy')),
              ...this.shadowed.map((k) => sim.shadow(k) ?? new Float64Array(0)),
            ],
          };
      // The total is judged against the size of the motion's energy: a conserved total of zero (a constant
      // push) must not make a method's steady gain, or an exact method's round-off, look like a blow-up.
      const kinetic = sim.column(n, 'kinetic');
      const potential = sim.column(n, 'potential');
      (charts.energy as TimeChart).update(x, ys, extentOf(kinetic, potential));
    });
    draw('split', () => {
      const k = shown.detail;
      const { x, ys } = overTime([
        [k, 'kinetic'],
        [k, 'potential'],
        [n, 'kinetic'],
        [n, 'potential'],
      ]);
      (charts.split as TimeChart).update(x, ys);
    });
    draw('error', () => {
      const { x, ys: errors } = overTime(all.slice(0, n).map((k) => [k, 'error']));
      // From the reference's horizon on no error is known: the lines stop there, as the table's cells do.
      const horizon = this.spinning ? undefined : this.trust?.horizon;
      const ys =
        horizon === undefined
          ? errors
          : errors.map((col) => Array.from(col, (e, i) => (Number(x[i]) >= horizon ? null : e)));
      if (sim.referenceStep !== undefined && !this.spinning) ys.push(unknownBelow(x, this.trust));
      // An error is a blow-up when far larger than the motion: the truth's extent in this coordinate (an
      // attitude's error is an angle, at most π).
      (charts.error as TimeChart).update(
        x,
        ys,
        this.spinning ? [0, Math.PI] : extentOf(sim.column(n, position)),
      );
    });
    if (!byId('separation-view').hidden)
      draw('separation', () => {
        const tracks = all.slice(0, n);
        const twins = tracks.map((k) => sim.separation(k) ?? new Float64Array(0));
        const { x, ys } = mixed
          ? joinOnTime(tracks.map((k, i): [Float64Array, Float64Array] => [sim.column(k, 't'), twins[i]!]))
          : { x: t, ys: twins };
        (charts.separation as TimeChart).update(x, ys, extentOf(sim.column(n, position)));
      });
  }

  /** Whether these are an embedded figure's views (embed.html), not the full page's. */
  private readonly figure = document.body.classList.contains('embed');

  /** A new run's charts in sight not drawn yet, drawn one a frame after its first (see `render`). */
  private readonly toFill = new Set<ChartName>();

  /** The next of a new run's charts to draw, if one is still to fill and in sight (one that left the window
   * waits, as any chart out of sight does, until it comes back). */
  private nextToFill(): ChartName | undefined {
    for (const name of this.toFill) {
      if (this.visible.has(name)) return name;
      this.toFill.delete(name);
    }
    return undefined;
  }

  /** Whether the charts not yet made are being made, one an idle moment, or all are (see `warm`). */
  private warming = false;
  private warmed = false;

  /**
   * Makes the charts not made yet, one an idle moment, those of the run's family first and hidden ones not
   * at all: a reader who scrolls to one finds it ready, and a run that finishes (which draws every chart)
   * does not make them all in one frame.
   */
  private warm(): void {
    const charts = this.charts;
    if (!charts || this.warming || this.warmed) return;
    const family = this.spinning ? 'rotation' : 'motion';
    const next = [...CHARTS]
      .sort((a, b) => Number((FAMILY[a] ?? family) !== family) - Number((FAMILY[b] ?? family) !== family))
      .find((name) => !charts[name].isMade && byId(`chart-${name}`).getClientRects().length > 0);
    // (Read once all are made, never again until the charts are shaped anew: it reads the layout.)
    this.warmed = next === undefined;
    if (next === undefined) return;
    this.warming = true;
    whenIdle(() => {
      this.warming = false;
      void charts[next].plot;
      this.warm();
    });
  }

  /** The chart in sight whose turn it is to be drawn, if one is in sight. */
  private nextInTurn(): ChartName | undefined {
    const seen = CHARTS.filter((name) => this.visible.has(name));
    if (seen.length === 0) return undefined;
    this.turn = (this.turn + 1) % seen.length;
    return seen[this.turn];
  }

  /**
   * Works out, ahead of a run's first frame, what that frame would ask of the core at length: the truth's
   * bounds over the whole run, which frame the scene (the 100-mass chain's normal modes, over 1,000 s:
   * some milliseconds). The core keeps them for the run.
   */
  static ahead(sim: Session, info: ScenarioInfo): void {
    sceneBounds(sim, info);
  }

  private renderScene(shown: Shown): void {
    const { sim, info, state } = shown;
    const n = sim.tracks;
    // The position the picture's scale follows (the chain's free end, or the first), and the second's.
    const scaled = info.scene.scaleFromLast ? sim.dim - 1 : 0;
    const scaleBy = sim.positions[scaled] ?? '';
    const second = sim.positions[1];
    const tracks: SceneTrack[] = [...Array(n + 1).keys()].map((k) => {
      const truth = k === n;
      const method = truth ? '' : (shown.tracks[k]?.method ?? '');
      return {
        label: truth ? info.truth : (shown.tracks[k]?.label ?? method),
        colour: truth ? truthColour() : colour(method),
        marker: truth ? undefined : marker(method),
        state: sim.current(k),
        twin: truth ? undefined : sim.twinCurrent(k),
        trailA: sim.column(k, scaleBy),
        trailB: second === undefined ? undefined : sim.column(k, second),
        sampled: sim.trackStride(k) >= SAMPLED_STRIDE,
        diverged: !truth && sim.divergedAt(k) !== undefined,
        stopped: !truth && sim.divergedAt(k) !== undefined && sim.failure(k) !== undefined,
        truth,
      };
    });
    const bounds = sceneBounds(sim, info);
    drawScene(byId<HTMLCanvasElement>('scene'), {
      scene: info.scene,
      bounds: { a: bounds?.[0], b: bounds?.[1] },
      params: state.params,
      t: sim.t,
      dim: sim.dim,
      tracks,
    });
  }

  /** Each run's own exponential stretch from its twin so far (to three figures: a fit over one start scatters
   * by some 15 % about the long-run exponent), beside the long-run exponent the facts bring. */
  private renderStretch(shown: Shown): void {
    const fits = shown.tracks.flatMap((track, k) => {
      const rate = shown.sim.stretch(k);
      return rate === undefined || !Number.isFinite(rate)
        ? []
        : [`${track.label} ${sig3(rate)} /s${rate > 0 ? ` (e-fold every ${sig3(1 / rate)} s)` : ''}`];
    });
    const said =
      fits.length === 0
        ? ''
        : `Each run's own stretch so far, fitted to its separation until the twins are 1 cm apart: ${fits.join('; ')}. (An exponential growth's rate; where the separation grows in proportion to time, this slope is no rate at all: it falls as the run goes on, as 1/t.)`;
    const note = byId('stretch-note');
    if (note.textContent !== said) note.textContent = said;
  }

  private renderTables(shown: Shown): void {
    const { sim, info } = shown;
    const ci = coordinateIndex(shown);
    if (!byId('separation-view').hidden) this.renderStretch(shown);
    const truthLabel =
      sim.referenceStep === undefined ? info.truth : `${info.truth} (RK4, h = ${short(sim.referenceStep)} s)`;
    // Six significant figures for reading; every digit, the CSV's, on request.
    const digits = byId<HTMLInputElement>('all-digits').checked ? 0 : 6;
    renderValues(
      byId<HTMLTableElement>('numbers'),
      pastHorizon(sim.valuesTable(ci, digits), sim.t, this.trust?.horizon),
      [
        ...shown.tracks.map((t) => ({ label: t.label, key: t.key, method: t.method })),
        { label: truthLabel, key: 'truth', method: undefined },
      ],
    );
    const detail = shown.tracks[shown.detail];
    renderSteps(
      byId<HTMLTableElement>('steps'),
      `Steps of ${detail?.label ?? ''}`,
      sim.stepsTable(shown.detail, ci, STEP_ROWS, digits),
    );
  }

  /**
   * The time of the first row at which a track's energy is not finite, or undefined: looked for in the rows
   * not yet looked at, once each (a long run's rows, every frame, were a scan of 200,000 numbers a track).
   */
  private energyPast(sim: Session, k: number, key: string): number | undefined {
    if (this.energyScan.sim !== sim) this.energyScan = { sim, tracks: new Map() };
    const energy = sim.column(k, 'energy');
    let seen = this.energyScan.tracks.get(key);
    // A run reset, or its method taken away and back, has fewer rows than were looked at: looked at afresh.
    if (!seen || energy.length < seen.rows) {
      seen = { rows: 0, index: undefined };
      this.energyScan.tracks.set(key, seen);
    }
    if (seen.index === undefined) {
      seen.index = firstNotFinite(energy, seen.rows);
      seen.rows = energy.length;
    }
    return seen.index === undefined ? undefined : sim.column(k, 't')[seen.index];
  }

  private renderStatus(shown: Shown): void {
    const { sim, info } = shown;
    const charts = this.charts;
    if (!charts) return;
    const notes = shown.tracks.flatMap((l, k) => {
      const ending = sim.ending(k);
      return ending === undefined ? [] : [`${l.label} ${ending}: drawn up to there.`];
    });
    // A method's energy is made of squares of its motion (v·v, x·x), which pass the largest number a double
    // holds long before the motion does (explicit Euler's on a long spring run, at half the time): the energy
    // is then not a number the core can give, and its line ends there.
    for (const [k, l] of shown.tracks.entries()) {
      const at = this.energyPast(sim, k, l.key);
      const diverged = sim.divergedAt(k);
      if (at === undefined || (diverged !== undefined && diverged <= at)) continue;
      // A long run's history keeps every stride-th step: the step it passed lies before the row that shows it.
      const when = sim.trackStride(k) > 1 ? `by t = ${short(at)} s` : `at t = ${short(at)} s`;
      notes.push(
        `${l.label}'s energy overflows ${when}: it is made of squares of the motion, which pass the largest number the computer holds long before the motion does. ` +
          'Its line on the energy chart ends there.',
      );
    }
    // A method whose run ended early is said to have (above); any other that left a chart's scale, here.
    const ended = new Set(shown.tracks.filter((_, k) => sim.ending(k) !== undefined).map((l) => l.label));
    const mine = (m: string) => shown.tracks.some((l) => l.label === m) && !ended.has(m);
    const main = this.spinning ? charts.omega : charts.position;
    const climbing = main.offScale.filter(mine);
    // The chart by its title's name ("omega_2(t)"), not the title's gloss after a colon.
    const named = main.heading.split(':')[0];
    if (climbing.length > 0)
      notes.push(
        `${list(climbing)} ${climbing.length === 1 ? 'runs' : 'run'} off the ${named} chart's scale, which follows the ${info.truth} solution: ` +
          'hide the other lines (press their legend entries) and the scale follows what is left, to watch it climb.',
      );
    const energy = charts.energy as TimeChart;
    const relative = energy.relativeBecause.filter((m) => shown.tracks.some((l) => l.label === m));
    if (relative.length > 0)
      notes.push(
        `The energy chart shows each energy relative to its start, on a log scale, since ${list(relative)} left the ${info.truth} solution's scale: ` +
          'a straight rising line is the same growth every step.',
      );
    for (const { label, t } of energy.vanished.filter((v) => mine(v.label)))
      notes.push(
        `${label}'s energy falls too small beside its start for the computer's numbers (below about 1e-323 of it): ` +
          `on the energy chart's log scale its line ends at t = ${short(t)} s.`,
      );
    const off = energy.offScale.filter(mine);
    if (off.length > 0)
      notes.push(
        `${list(off)}: the energy runs off the energy chart's scale; choose "relative to its start (log)" above the chart to watch it climb.`,
      );
    // A log chart's axis stops at 1e15 (see `logAxisRange`): a line past it, a run ended early included,
    // leaves through the top, and is said to.
    const family = this.spinning ? 'rotation' : 'motion';
    for (const name of CHARTS) {
      const chart = charts[name];
      if ((FAMILY[name] ?? family) !== family) continue;
      const past = chart.pastTop.filter((m) => shown.tracks.some((l) => l.label === m));
      if (past.length === 0) continue;
      const named = chart.heading.split(':')[0];
      notes.push(
        `${list(past)} ${past.length === 1 ? 'runs' : 'run'} past 1e15 on the ${named} chart, the top of its axis: ` +
          `${past.length === 1 ? 'its line leaves' : 'their lines leave'} through the top.`,
      );
    }
    // Written only when they change: the list is read out to screen readers, and rewritten every frame it
    // cost a tenth of one.
    const said = notes.join('\n');
    if (said !== this.notesSaid) {
      this.notesSaid = said;
      byId('divergence').replaceChildren(...notes.map((text) => el('li', text)));
    }
    // An error more than a million times the motion's size is off the error chart's scale, which follows
    // the others' (said under that chart: the run's notes above stay where they are).
    const wild = (charts.error as TimeChart).offScale.filter(mine);
    const errorNote =
      wild.length === 0
        ? ''
        : `${list(wild)} ${wild.length === 1 ? 'runs' : 'run'} off this chart's scale: ${wild.length === 1 ? 'its error grows' : 'their errors grow'} past a million times the size of the motion. ` +
          'Hide the other lines (press their legend entries) and the scale follows what is left.';
    if (errorNote !== this.errorNoteSaid) {
      this.errorNoteSaid = errorNote;
      byId('error-note').textContent = errorNote;
    }
  }

  /**
   * The scene and every chart with its title, drawn at `scale` canvas pixels a CSS pixel (2 for a PNG a
   * teacher can project, on any screen), for the PNG export.
   */
  async figures(shown: Shown, scale: number): Promise<Figure[]> {
    const charts = this.charts;
    if (!charts) return [];
    const page = byId<HTMLCanvasElement>('scene');
    atPixelRatio(scale, () => this.renderScene(shown));
    const scene = document.createElement('canvas');
    scene.width = page.width;
    scene.height = page.height;
    scene.getContext('2d')?.drawImage(page, 0, 0);
    this.renderScene(shown);
    const ink = scale / (window.devicePixelRatio || 1);
    const drawn = await Promise.all(
      // The twins' chart only where the run has twins.
      CHARTS.filter(
        (name) =>
          (FAMILY[name] ?? (this.spinning ? 'rotation' : 'motion')) ===
            (this.spinning ? 'rotation' : 'motion') &&
          (name !== 'separation' || !byId('separation-view').hidden),
      ).map(async (name) => {
        const chart = charts[name];
        return {
          title: chart.heading,
          canvas: await chart.snapshot(ink),
          legend: chart.looks,
        };
      }),
    );
    return [{ title: 'The scene', canvas: scene }, ...drawn];
  }
}

/** The index of the coordinate the charts show among the run's positions (the first, where it has no such). */
function coordinateIndex({ sim, state }: Shown): number {
  return Math.max(0, sim.positions.indexOf(state.coord));
}

/** The truth's bounds the scene is framed by: those of the position its scale follows (the chain's free end,
 * or the first), and the second's. */
function sceneBounds(sim: Session, info: ScenarioInfo): { min: number; max: number }[] | undefined {
  const scaled = info.scene.scaleFromLast ? sim.dim - 1 : 0;
  return sim.truthBounds(sim.positions[1] === undefined ? [scaled] : [scaled, 1]);
}

/** Whether an element is laid out within the window's height now, more than its first hundred pixels or so
 * (read before the run's notes above the charts are written, the layout is a little shorter than it will be;
 * a chart at the window's edge is drawn a frame later, when the observer says it is in sight). */
function inSight(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.bottom > 120 && box.top < window.innerHeight - 120;
}

/** Calls `then` when the page is next idle (within a second at most), or soon where a browser cannot say. */
function whenIdle(then: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(then, { timeout: 1000 });
  else setTimeout(then, 50);
}

/** A fitted rate to three significant figures. */
const sig3 = (v: number) => String(Number(v.toPrecision(3)));

/** The error chart's name for what a reference run cannot tell apart. */
const UNKNOWN_BELOW = 'unknown below: 10 × the reference’s uncertainty';

/** The position chart's name for the band a reference run is known within. */
const REFERENCE_BAND = 'reference ± its uncertainty';

/** The reference's uncertainty at each time of `x`. Empty until the studies worker has measured it. */
function uncertaintyAt(x: Column, trust: ReferenceTrust | undefined): Column {
  if (!trust || trust.uncertainty.length === 0) return [];
  const { uncertainty, every } = trust;
  return Array.from(
    x,
    (t) => uncertainty[Math.min(uncertainty.length - 1, Math.floor(Number(t) / every))] ?? null,
  );
}

/** Ten times the reference's uncertainty at each time of `x`: where an error lies under it, the reference is
 * no better than the error, and the error is not known. */
function unknownBelow(x: Column, trust: ReferenceTrust | undefined): Column {
  return Array.from(uncertaintyAt(x, trust), (u) => (u === null || u === undefined ? null : 10 * u));
}

/** The values table with every error, and the reference's row, marked unknown from the reference's horizon on. */
function pastHorizon(table: CoreTable, t: number, horizon: number | undefined): CoreTable {
  if (horizon === undefined || t < horizon) return table;
  const error = table.columns.indexOf('error');
  const last = table.rows.length - 1;
  return {
    ...table,
    rows: table.rows.map((row, i) => ({
      ...row,
      // A method's error; the reference's own values (its row has no error).
      cells: row.cells.map((c, j) => ((i === last ? j >= 2 && j !== error : j === error) ? UNKNOWN : c)),
    })),
  };
}

/** What the values table shows where the reference is not known. */
export const UNKNOWN = 'unknown';
