// The lab's page: controls, the clock, and the views. State lives in one object (state.ts) that the URL
// mirrors; the simulation lives in wasm (lab.ts); drawing is in scene.ts, charts.ts and table.ts.

import './style.css';
import { joinOnTime, type SeriesStyle, TimeChart, XYChart } from './charts';
import {
  type Catalogue,
  checkParameter,
  type ExperimentInfo,
  loadCore,
  type MethodInfo,
  type ScenarioInfo,
  Simulation,
} from './lab';
import { parseNumber, short } from './numbers';
import { colour, TRUTH_COLOUR, TRUTH_DASH } from './palette';
import {
  ConvergencePanel,
  matchExperiment,
  renderCurrent,
  renderExperiments,
  renderStability,
} from './panels';
import { drawScene, type SceneTrack } from './scene';
import {
  defaultsFor,
  type LabState,
  parseQuery,
  readTime,
  SPEEDS,
  scenarioInfo,
  toQuery,
  toSpec,
} from './state';
import { renderSteps, renderTable, type TableRow } from './table';

const byId = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
};

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Rows of each method an exported CSV holds at most. */
const CSV_ROWS = 20_000;

/** Time a frame may spend stepping, so the page stays responsive whatever the run costs. */
const FRAME_BUDGET_MS = 8;

function notice(text: string, kind: 'info' | 'error' = 'info'): void {
  const p = document.createElement('p');
  p.textContent = text;
  if (kind === 'error') p.className = 'error';
  byId('notices').append(p);
}

function clearNotices(): void {
  byId('notices').replaceChildren();
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

interface Charts {
  position: TimeChart;
  phase: XYChart;
  energy: TimeChart;
  split: TimeChart;
  error: TimeChart;
}

class App {
  private readonly catalogue: Catalogue;
  private state: LabState;
  private sim!: Simulation;
  private charts: Charts | undefined;
  private playing = false;
  private runToEnd = false;
  private accumulator = 0;
  private lastFrame = 0;
  /** Measured cost of a step of the current simulation, for the frame budget. */
  private msPerStep = 0.001;
  private dirty = true;
  private drawnOnce = false;
  private tablesAt = 0;
  private readonly visible = new Set<keyof Charts>(['position', 'phase', 'energy', 'split', 'error']);
  private readonly stale = new Set<keyof Charts>();
  private frames = 0;

  constructor(catalogue: Catalogue, state: LabState) {
    this.catalogue = catalogue;
    this.state = state;
  }

  /** The guided experiments, to show the card of the one the page is on. */
  experiments: ExperimentInfo[] = [];
  private shownExperiment: string | undefined;

  get current(): LabState {
    return this.state;
  }

  get info(): ScenarioInfo {
    return scenarioInfo(this.catalogue, this.state.scenario);
  }

  /** Makes the simulation for `next`; on failure says why and keeps the current one. */
  apply(next: LabState): boolean {
    let sim: Simulation;
    try {
      sim = new Simulation(toSpec(next));
    } catch (e) {
      notice(message(e), 'error');
      this.syncControls();
      return false;
    }
    this.sim?.free();
    this.sim = sim;
    this.state = next;
    if (!sim.layout.positions.includes(this.state.coord))
      this.state.coord = sim.layout.positions.at(-1) ?? '';
    this.accumulator = 0;
    this.runToEnd = false;
    this.msPerStep = 0.001;
    history.replaceState(null, '', toQuery(this.state));
    this.syncControls();
    this.buildCharts();
    this.showExperiment();
    this.dirty = true;
    return true;
  }

  /** Shows the card of the experiment whose permalink gives the current state, if any. */
  showExperiment(): void {
    const match = matchExperiment(this.state, this.experiments, this.catalogue, checkParameter);
    if (match?.id === this.shownExperiment) return;
    this.shownExperiment = match?.id;
    renderCurrent(byId('current-experiment'), match);
  }

  private update(change: Partial<LabState>): void {
    this.apply({ ...this.state, ...change, params: { ...this.state.params, ...(change.params ?? {}) } });
  }

  // ---- controls

  buildControls(): void {
    const scenario = byId<HTMLSelectElement>('scenario');
    scenario.replaceChildren(...this.catalogue.scenarios.map((s) => new Option(s.title, s.id)));
    scenario.addEventListener('change', () => {
      clearNotices();
      const fresh = defaultsFor(this.catalogue, scenario.value, this.state.methods);
      this.apply({ ...fresh, speed: this.state.speed, precision: this.state.precision });
    });

    const methods = byId('methods');
    for (const m of this.catalogue.methods) methods.append(this.methodToggle(m));

    const speed = byId<HTMLSelectElement>('speed');
    speed.replaceChildren(...SPEEDS.map((s) => new Option(`${s}×`, String(s))));
    speed.addEventListener('change', () => {
      this.state.speed = Number(speed.value);
      history.replaceState(null, '', toQuery(this.state));
      this.syncPermalink();
    });

    const slider = byId<HTMLInputElement>('dt-slider');
    const dtField = byId<HTMLInputElement>('dt');
    slider.addEventListener('input', () => {
      dtField.value = String(Number((10 ** Number(slider.value)).toPrecision(3)));
    });
    slider.addEventListener('change', () => this.setTime('dt', dtField.value));
    dtField.addEventListener('change', () => this.setTime('dt', dtField.value));
    const until = byId<HTMLInputElement>('until');
    until.addEventListener('change', () => this.setTime('until', until.value));

    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="precision"]')) {
      radio.addEventListener('change', () => {
        if (radio.checked) this.update({ precision: radio.value === 'f32' ? 'f32' : 'f64' });
      });
    }

    const coord = byId<HTMLSelectElement>('coord');
    coord.addEventListener('change', () => {
      this.state.coord = coord.value;
      history.replaceState(null, '', toQuery(this.state));
      this.syncPermalink();
      this.buildCharts();
      this.dirty = true;
    });
    byId<HTMLSelectElement>('split').addEventListener('change', () => {
      this.buildCharts();
      this.dirty = true;
    });

    byId('play').addEventListener('click', () => this.togglePlay());
    byId('step').addEventListener('click', () => this.stepOnce());
    byId('reset').addEventListener('click', () => {
      this.playing = false;
      this.apply(this.state);
    });
    byId('end').addEventListener('click', () => {
      this.runToEnd = true;
      this.playing = false;
      this.syncTransport();
    });
    byId('export-csv').addEventListener('click', () => this.exportCsv());
    byId('export-png').addEventListener('click', () => this.exportPng());
    byId('setup').addEventListener('submit', (e) => e.preventDefault());

    document.addEventListener('keydown', (e) => {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest('input, select, textarea') !== null;
      if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === ' ') {
        e.preventDefault();
        this.togglePlay();
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        this.stepOnce();
      }
    });
    const watched = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const name = entry.target.id.replace('chart-', '') as keyof Charts;
        if (entry.isIntersecting) {
          this.visible.add(name);
          if (this.stale.has(name)) this.dirty = true;
        } else {
          this.visible.delete(name);
        }
      }
    });
    for (const name of this.visible) watched.observe(byId(`chart-${name}`));
    new ResizeObserver(() => {
      if (!this.charts) return;
      for (const [name, chart] of Object.entries(this.charts)) chart.resize(byId(`chart-${name}`));
      this.dirty = true;
    }).observe(byId('chart-position'));
  }

  private methodToggle(m: MethodInfo): HTMLElement {
    const label = document.createElement('label');
    label.className = 'method';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = m.id;
    box.name = 'method';
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = colour(m.id);
    const order = m.order === undefined ? 'exact for one force' : `order ${m.order}`;
    const small = document.createElement('small');
    small.textContent = `${order}, ${m.evaluations} eval${m.evaluations === '1' ? '' : 's'}`;
    label.title = `${m.rule}. ${m.symplectic ? 'Symplectic. ' : ''}Source: ${m.source}`;
    label.append(box, swatch, ` ${m.name} `, small);
    box.addEventListener('change', () => {
      const chosen = this.catalogue.methods
        .map((x) => x.id)
        .filter((id) => (id === m.id ? box.checked : this.state.methods.includes(id)));
      if (chosen.length === 0) {
        box.checked = true;
        notice('At least one method must stay on.');
        return;
      }
      this.update({ methods: chosen, runs: [] });
    });
    return label;
  }

  private paramField(p: ScenarioInfo['params'][number]): HTMLElement {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const id = `param-${p.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = p.name;
    label.title = p.description;
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.id = id;
    input.name = p.name;
    input.autocomplete = 'off';
    input.title = `${p.description}; range ${p.minOpen ? '(' : '['}${short(p.min)}, ${short(p.max)}]`;
    const unit = document.createElement('span');
    unit.className = 'unit';
    unit.textContent = p.unit;
    const problem = document.createElement('span');
    problem.className = 'problem';
    problem.id = `${id}-problem`;
    input.setAttribute('aria-describedby', problem.id);
    input.addEventListener('change', () => {
      const value = parseNumber(input.value);
      const why =
        value === undefined
          ? `${p.name}: '${input.value}' is not a number`
          : checkParameter(this.state.scenario, p.name, value);
      if (why !== undefined || value === undefined) {
        problem.textContent = `${why ?? ''}; keeping ${this.state.params[p.name]}`;
        input.setAttribute('aria-invalid', 'true');
        return;
      }
      problem.textContent = '';
      input.removeAttribute('aria-invalid');
      this.update({ params: { [p.name]: value } });
    });
    wrap.append(label, input, unit, problem);
    return wrap;
  }

  private setTime(key: 'dt' | 'until', text: string): void {
    const problem = byId(`${key}-problem`);
    const field = byId<HTMLInputElement>(key);
    const read = readTime(key, text);
    if ('why' in read) {
      problem.textContent = `${key} '${text}': ${read.why}; keeping ${this.state[key]}`;
      field.setAttribute('aria-invalid', 'true');
      this.syncSlider();
      return;
    }
    problem.textContent = '';
    field.removeAttribute('aria-invalid');
    this.update(key === 'dt' ? { dt: read.value, runs: [] } : { until: read.value });
  }

  /** Puts the state into every control. */
  private syncControls(): void {
    const info = this.info;
    byId<HTMLSelectElement>('scenario').value = info.id;
    byId('scenario-about').textContent = `${info.description} (${info.source}.)`;
    const params = byId('params');
    const legend = params.querySelector('legend');
    params.replaceChildren(...(legend ? [legend] : []), ...info.params.map((p) => this.paramField(p)));
    for (const p of info.params) {
      byId<HTMLInputElement>(`param-${p.name}`).value = String(this.state.params[p.name]);
    }
    for (const box of document.querySelectorAll<HTMLInputElement>('input[name="method"]')) {
      box.checked = this.state.methods.includes(box.value);
    }
    byId<HTMLInputElement>('dt').value = String(this.state.dt);
    byId<HTMLInputElement>('until').value = String(this.state.until);
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="precision"]')) {
      radio.checked = radio.value === this.state.precision;
    }
    const speed = byId<HTMLSelectElement>('speed');
    if (![...speed.options].some((o) => Number(o.value) === this.state.speed)) {
      speed.append(new Option(`${this.state.speed}×`, String(this.state.speed)));
    }
    speed.value = String(this.state.speed);
    if (this.sim) {
      const coord = byId<HTMLSelectElement>('coord');
      coord.replaceChildren(...this.sim.layout.positions.map((p) => new Option(p, p)));
      coord.value = this.state.coord;
      const split = byId<HTMLSelectElement>('split');
      const keep = split.value;
      const tracks = this.trackInfo();
      split.replaceChildren(...tracks.map((t) => new Option(t.label, t.key)));
      split.value = tracks.some((t) => t.key === keep) ? keep : (tracks[0]?.key ?? '');
      const note = byId('runs-note');
      note.textContent =
        this.state.runs.length > 0
          ? `Comparing runs at their own steps: ${tracks.map((t) => t.label).join(', ')}. Changing the methods or dt returns to one dt for all.`
          : '';
    }
    this.syncSlider();
    this.syncPermalink();
    this.syncTransport();
  }

  private syncSlider(): void {
    const slider = byId<HTMLInputElement>('dt-slider');
    const centre = Math.log10(this.info.dt);
    slider.min = String(Math.floor(centre - 3));
    slider.max = String(Math.ceil(centre + 1.5));
    slider.value = String(Math.log10(this.state.dt));
  }

  private syncPermalink(): void {
    byId<HTMLAnchorElement>('permalink').href = toQuery(this.state);
  }

  private syncTransport(): void {
    const play = byId('play');
    play.textContent = this.playing ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(this.playing));
  }

  private togglePlay(): void {
    if (this.sim.done) this.apply(this.state);
    this.playing = !this.playing;
    this.runToEnd = false;
    this.lastFrame = performance.now();
    this.syncTransport();
  }

  private stepOnce(): void {
    this.playing = false;
    this.runToEnd = false;
    this.guard(() => this.sim.advance(1));
    this.syncTransport();
    this.dirty = true;
  }

  /** Runs core calls; a failure (a panic in wasm) is shown and the run is reset rather than lost. */
  private guard(work: () => void): void {
    try {
      work();
    } catch (e) {
      this.playing = false;
      this.runToEnd = false;
      notice(`The core stopped with an error: ${message(e)}. The run has been reset.`, 'error');
      this.apply(defaultsFor(this.catalogue, this.state.scenario, this.state.methods));
    }
  }

  // ---- the clock

  start(): void {
    this.playing = !reducedMotion;
    this.syncTransport();
    const frame = (now: number) => {
      this.tick(now);
      requestAnimationFrame(frame);
    };
    this.lastFrame = performance.now();
    requestAnimationFrame(frame);
  }

  /** A fixed-dt accumulator: real time × speed becomes whole steps, whatever the frame rate. */
  private tick(now: number): void {
    const began = performance.now();
    this.work(now);
    // User Timing entries: the page benchmark (scripts/bench-page.mjs) observes them. Cleared as they go,
    // so an hour-long session does not pile them up.
    performance.measure('lab:frame', { start: began, end: performance.now() });
    if (++this.frames % 600 === 0) performance.clearMeasures('lab:frame');
    if (!this.drawnOnce && !this.dirty) {
      this.drawnOnce = true;
      performance.mark('lab:first-frame');
    }
  }

  private work(now: number): void {
    const elapsed = Math.min(now - this.lastFrame, 100) / 1000;
    this.lastFrame = now;
    let due = 0;
    if (this.runToEnd) {
      due = this.sim.totalSteps - this.sim.step;
    } else if (this.playing) {
      this.accumulator += elapsed * this.state.speed;
      due = Math.floor(this.accumulator / this.state.dt);
      this.accumulator -= due * this.state.dt;
    }
    if (due > 0) {
      const affordable = Math.max(1, Math.floor(FRAME_BUDGET_MS / this.msPerStep));
      const steps = Math.min(due, affordable);
      const began = performance.now();
      let taken = 0;
      this.guard(() => {
        taken = this.sim.advance(steps);
      });
      const cost = (performance.now() - began) / Math.max(taken, 1);
      this.msPerStep = 0.8 * this.msPerStep + 0.2 * Math.max(cost, 1e-5);
      if (steps < due && this.playing) this.accumulator = 0;
      this.dirty = true;
      if (this.sim.done) {
        this.playing = false;
        this.runToEnd = false;
        this.syncTransport();
      }
    }
    if (this.dirty) {
      this.dirty = false;
      this.render();
    }
  }

  // ---- views

  /** The method tracks: one a method, or one a (method, dt) run, each with its label and line style. */
  private trackInfo(): { method: string; label: string; key: string; dash: number[] }[] {
    if (this.state.runs.length === 0) {
      return this.state.methods.map((m) => ({ method: m, label: m, key: m, dash: [] }));
    }
    const dts = [...new Set(this.state.runs.map((r) => r.dt))];
    const dashes = [[], [6, 3], [2, 2], [8, 3, 2, 3]];
    return this.state.runs.map((r) => ({
      method: r.method,
      label: `${r.method} @ dt ${short(r.dt)}`,
      key: `${r.method}@${r.dt}`,
      dash: dashes[dts.indexOf(r.dt) % dashes.length] ?? [],
    }));
  }

  private styles(withTruth: boolean): SeriesStyle[] {
    const out: SeriesStyle[] = this.trackInfo().map((t) => ({
      label: t.label,
      stroke: colour(t.method),
      dash: t.dash,
    }));
    if (withTruth) {
      out.push({
        label: this.info.truth === 'exact' ? 'exact' : 'reference',
        stroke: TRUTH_COLOUR,
        dash: TRUTH_DASH,
        width: 1.25,
        reference: true,
      });
    }
    return out;
  }

  private buildCharts(): void {
    if (this.charts) for (const c of Object.values(this.charts)) c.destroy();
    const info = this.info;
    const coord = this.state.coord;
    const vIndex = this.sim.layout.positions.indexOf(coord);
    const vName = this.sim.layout.velocities[vIndex] ?? 'v';
    const splitKey = byId<HTMLSelectElement>('split').value;
    const splitTrack = this.trackInfo().find((t) => t.key === splitKey) ?? this.trackInfo()[0];
    const split = splitTrack?.label ?? '';
    const splitColour = colour(splitTrack?.method ?? '');
    const truthName = info.truth === 'exact' ? 'exact' : 'reference';
    this.charts = {
      position: new TimeChart(
        byId('chart-position'),
        `${coord}(t)`,
        't (s)',
        `${coord} (${info.positionUnit})`,
        this.styles(true),
      ),
      phase: new XYChart(
        byId('chart-phase'),
        `Phase portrait: ${coord} against ${vName}`,
        `${coord} (${info.positionUnit})`,
        `${vName} (${info.velocityUnit})`,
        this.styles(true),
      ),
      energy: new TimeChart(
        byId('chart-energy'),
        'Total energy',
        't (s)',
        `E (${info.energyUnit})`,
        this.styles(true),
      ),
      split: new TimeChart(
        byId('chart-split'),
        `Kinetic and potential energy: ${split}`,
        't (s)',
        `E (${info.energyUnit})`,
        [
          { label: `${split} kinetic`, stroke: splitColour },
          { label: `${split} potential`, stroke: splitColour, dash: [2, 3] },
          {
            label: `${truthName} kinetic`,
            stroke: TRUTH_COLOUR,
            dash: TRUTH_DASH,
            width: 1,
            reference: true,
          },
          { label: `${truthName} potential`, stroke: TRUTH_COLOUR, dash: [2, 3], width: 1 },
        ],
      ),
      error: new TimeChart(
        byId('chart-error'),
        `Position error against the ${truthName} solution`,
        't (s)',
        `|error| (${info.positionUnit}), log`,
        this.styles(false),
        true,
      ),
    };
  }

  private render(force = false): void {
    const sim = this.sim;
    const charts = this.charts;
    if (!charts) return;
    const n = sim.tracks;
    const dim = sim.layout.dim;
    const ci = Math.max(0, sim.layout.positions.indexOf(this.state.coord));
    const tracks = [...Array(n + 1).keys()];
    const info = this.info;
    const labels = this.trackInfo();
    const t = sim.column(n, 0);
    // One dt for all tracks shares the truth's time column; runs at steps of their own are joined onto one.
    const mixed = this.state.runs.some((r) => r.dt !== this.state.dt);
    const overTime = (pairs: [track: number, column: number][]) =>
      mixed
        ? joinOnTime(pairs.map(([k, c]) => [sim.column(k, 0), sim.column(k, c)]))
        : { x: t, ys: pairs.map(([k, c]) => sim.column(k, c)) };
    // Charts scrolled out of view are redrawn when they come back: drawing them costs most of a frame.
    const draw = (name: keyof Charts, paint: () => void) => {
      if (force || this.visible.has(name)) {
        paint();
        this.stale.delete(name);
      } else {
        this.stale.add(name);
      }
    };
    draw('position', () => {
      const { x, ys } = overTime(tracks.map((k) => [k, 1 + ci]));
      charts.position.update(x, ys);
    });
    draw('phase', () =>
      charts.phase.update(tracks.map((k) => [sim.column(k, 1 + ci), sim.column(k, 1 + dim + ci)])),
    );
    draw('energy', () => {
      const { x, ys } = overTime(tracks.map((k) => [k, sim.index('energy')]));
      charts.energy.update(x, ys);
    });
    draw('split', () => {
      const key = byId<HTMLSelectElement>('split').value;
      const k = Math.max(
        0,
        labels.findIndex((l) => l.key === key),
      );
      const [kinetic, potential] = [sim.index('kinetic'), sim.index('potential')];
      const { x, ys } = overTime([
        [k, kinetic],
        [k, potential],
        [n, kinetic],
        [n, potential],
      ]);
      charts.split.update(x, ys);
    });
    draw('error', () => {
      const { x, ys } = overTime(tracks.slice(0, n).map((k) => [k, sim.index('error')]));
      charts.error.update(x, ys);
    });

    const scene: SceneTrack[] = tracks.map((k) => {
      const truth = k === n;
      const method = truth ? '' : (labels[k]?.method ?? '');
      // The chain's scene scales by the free end; the others by their first two coordinates.
      const a = info.id === 'spring-chain' ? dim : 1;
      return {
        label: truth ? (info.truth === 'exact' ? 'exact' : 'reference') : (labels[k]?.label ?? method),
        colour: truth ? TRUTH_COLOUR : colour(method),
        state: sim.current(k),
        trailA: sim.column(k, a),
        trailB: dim > 1 ? sim.column(k, 2) : undefined,
        diverged: !truth && sim.divergedAt(k) !== undefined,
        truth,
      };
    });
    drawScene(byId<HTMLCanvasElement>('scene'), {
      scenario: info.id,
      params: this.state.params,
      t: sim.t,
      dim,
      tracks: scene,
    });

    // While playing, the tables are refreshed ten times a second (more is unreadable and costs frame time);
    // paused, stepped or finished, at once.
    const now = performance.now();
    const moving = this.playing || this.runToEnd;
    if (force || !moving || now - this.tablesAt > 100) {
      this.tablesAt = now;
      this.renderTables(labels, ci);
    }
    this.renderStatus(labels);
  }

  private renderTables(labels: ReturnType<App['trackInfo']>, ci: number): void {
    const sim = this.sim;
    const info = this.info;
    const n = sim.tracks;
    const dim = sim.layout.dim;
    const tracks = [...Array(n + 1).keys()];
    const rows: TableRow[] = tracks.map((k) => {
      const truth = k === n;
      const method = truth ? '' : (labels[k]?.method ?? '');
      const rowsK = sim.rows(k);
      const last = (c: number) => sim.column(k, c)[rowsK - 1] ?? Number.NaN;
      const diverged = truth ? undefined : sim.divergedAt(k);
      return {
        label: truth
          ? info.truth === 'exact'
            ? 'exact'
            : `reference (RK4, h = ${short(sim.referenceStep ?? 0)} s)`
          : (labels[k]?.label ?? method),
        method: truth ? 'truth' : (labels[k]?.key ?? method),
        colour: truth ? TRUTH_COLOUR : colour(method),
        step: Math.round(last(0) / sim.trackDt(k)),
        t: last(0),
        values: [last(1 + ci), last(1 + dim + ci)],
        energy: last(sim.index('energy')),
        error: truth ? undefined : last(sim.index('error')),
        note: diverged !== undefined ? `diverged at t = ${short(diverged)} s` : '',
        precision: truth ? 'f64' : this.state.precision,
      };
    });
    renderTable(
      byId<HTMLTableElement>('numbers'),
      [this.state.coord, sim.layout.velocities[ci] ?? 'v'],
      rows,
    );

    const detail = Math.max(
      0,
      labels.findIndex((l) => l.key === byId<HTMLSelectElement>('split').value),
    );
    renderSteps(
      byId<HTMLTableElement>('steps'),
      `Steps of ${labels[detail]?.label ?? ''}`,
      [this.state.coord, sim.layout.velocities[ci] ?? 'v'],
      [sim.column(detail, 0), sim.column(detail, 1 + ci), sim.column(detail, 1 + dim + ci)],
      this.state.precision,
    );
  }

  private renderStatus(labels: ReturnType<App['trackInfo']>): void {
    const sim = this.sim;
    const info = this.info;
    const charts = this.charts;
    if (!charts) return;
    const status = sim.done
      ? 'finished'
      : this.runToEnd
        ? 'running to the end'
        : this.playing
          ? 'playing'
          : 'paused';
    byId('status').textContent =
      `t = ${short(sim.t)} s of ${short(this.state.until)} s · step ${sim.step} of ${sim.totalSteps} · ${status}`;
    const notes = labels.flatMap((l, k) => {
      const at = sim.divergedAt(k);
      return at === undefined ? [] : [`${l.label} diverged at t = ${short(at)} s: drawn up to there.`];
    });
    const offScale = new Set([...charts.position.offScale, ...charts.energy.offScale]);
    for (const m of offScale) {
      if (!labels.some((l) => l.label === m) || notes.some((x) => x.startsWith(`${m} `))) continue;
      notes.push(
        `${m} runs off the charts' scale, which follows the ${info.truth === 'exact' ? 'exact' : 'reference'} solution.`,
      );
    }
    byId('divergence').replaceChildren(
      ...notes.map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }),
    );
  }

  // ---- exports

  private exportCsv(): void {
    this.guard(() => {
      // A 144,000-step run at every step would be hundreds of megabytes: long runs export every N-th step,
      // exactly as the CLI's --every N prints them.
      const every = Math.max(1, Math.ceil(this.sim.totalSteps / CSV_ROWS));
      if (every > 1)
        notice(`Exported every ${every}th step, as integrator-lab run --every ${every} prints it.`);
      const text = this.sim.csv(every);
      download(`integrator-lab-${this.state.scenario}.csv`, new Blob([text], { type: 'text/csv' }));
    });
  }

  private exportPng(): void {
    if (!this.charts) return;
    this.render(true);
    const ratio = window.devicePixelRatio || 1;
    const parts: { title: string; canvas: HTMLCanvasElement }[] = [
      { title: `${this.info.title}: ${toQuery(this.state)}`, canvas: byId<HTMLCanvasElement>('scene') },
      ...Object.values(this.charts).map((c) => ({
        title: c.plot.root.querySelector('.u-title')?.textContent ?? '',
        canvas: c.plot.ctx.canvas,
      })),
    ];
    const titleH = 24 * ratio;
    const width = Math.max(...parts.map((p) => p.canvas.width));
    const height = parts.reduce((h, p) => h + titleH + p.canvas.height, 0);
    const out = document.createElement('canvas');
    out.width = width;
    out.height = height;
    const ctx = out.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#000';
    ctx.font = `${14 * ratio}px system-ui, sans-serif`;
    let y = 0;
    for (const p of parts) {
      ctx.fillText(p.title, 8 * ratio, y + 17 * ratio);
      y += titleH;
      ctx.drawImage(p.canvas, 0, y);
      y += p.canvas.height;
    }
    out.toBlob((blob) => {
      if (blob) download(`integrator-lab-${this.state.scenario}.png`, blob);
    }, 'image/png');
  }
}

async function main(): Promise<void> {
  window.addEventListener('error', (e) => notice(`Something went wrong: ${e.message}`, 'error'));
  window.addEventListener('unhandledrejection', (e) =>
    notice(`Something went wrong: ${message(e.reason)}`, 'error'),
  );
  let catalogue: Catalogue;
  try {
    catalogue = await loadCore();
  } catch (e) {
    notice(`The physics core could not be loaded: ${message(e)}`, 'error');
    return;
  }
  const parsed = parseQuery(window.location.search, catalogue, checkParameter);
  for (const text of parsed.notices) notice(text);
  const app = new App(catalogue, parsed.state);
  app.buildControls();
  if (!app.apply(parsed.state)) {
    notice(`Using the article's settings for ${parsed.state.scenario} instead.`);
    app.apply(defaultsFor(catalogue, parsed.state.scenario, parsed.state.methods));
  }
  app.start();

  app.experiments = renderExperiments(byId('experiments'), undefined);
  app.showExperiment();
  const current = app.experiments.find(
    (e) => e.id === byId('current-experiment').querySelector('article')?.dataset.experiment,
  );
  if (current)
    byId('experiments').querySelector(`[data-experiment="${current.id}"]`)?.classList.add('current');

  new ConvergencePanel(() => toSpec(app.current));
  const slider = byId<HTMLInputElement>('omega-dt');
  const stability = () => {
    const value = Number(slider.value);
    byId('omega-dt-value').textContent = value.toFixed(2);
    renderStability(byId<HTMLTableElement>('stability-table'), value, []);
  };
  slider.addEventListener('input', stability);
  byId<HTMLDetailsElement>('stability-panel').addEventListener('toggle', (e) => {
    if ((e.target as HTMLDetailsElement).open) stability();
  });
}

void main();
