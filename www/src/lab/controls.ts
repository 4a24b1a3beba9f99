// The controls: the setup form (scenario, parameters, methods, dt, until, precision), the transport (play,
// step, reset, run to the end, speed), the view pickers and the keyboard. They show the state and report
// what the reader asks for; the app decides what happens. One idea over 300 lines: the form, one object
// (Controls) that the app drives through `sync`.

import {
  type Catalogue,
  checkParameter,
  checkSetup,
  formatSignificant,
  type MethodInfo,
  type OrdersOn,
  type ParamInfo,
  readNumber,
  readTime,
  type StabilityLimit,
} from '../core';
import { byId, clearNotices, el, message, notice } from '../ui/dom';
import { ladder } from '../ui/numbers';
import { swatch } from '../ui/palette';
import { ordersIntro, ROTATION_ORDERS } from './orders';
import { type LabState, SPEEDS, scenarioInfo, setupSpec, toQuery, valueText } from './state';
import type { TrackLabel } from './tracks';

/** What the controls ask of the app. */
export interface Actions {
  /** A change to the state (a new simulation is made from it). */
  change(next: Partial<LabState>): void;
  /** Another set of methods: joining the run where it is, where the core can. */
  methods(chosen: string[]): void;
  /** Another scenario, at its article's settings. */
  scenario(id: string): void;
  /** A change that needs no new simulation: speed, coordinate or detail track. */
  view(next: Partial<LabState>, rebuild: boolean): void;
  togglePlay(): void;
  stepOnce(): void;
  reset(): void;
  runToEnd(): void;
  exportCsv(): Promise<void>;
  exportPng(): Promise<void>;
}

/**
 * A select's options as (label, value) pairs, replaced only where they changed: every new run syncs the
 * controls, and options made afresh each time leave the browser's style engine something to keep.
 */
function setOptions(select: HTMLSelectElement, options: [string, string][]): void {
  const same =
    select.options.length === options.length &&
    options.every(
      ([label, value], i) => select.options[i]?.value === value && select.options[i]?.text === label,
    );
  if (!same) select.replaceChildren(...options.map(([label, value]) => new Option(label, value)));
}

export class Controls {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly actions: Actions,
  ) {
    const scenario = byId<HTMLSelectElement>('scenario');
    this.listScenarios();
    scenario.addEventListener('change', () => {
      clearNotices();
      actions.scenario(scenario.value);
    });

    // The point-mass family's toggles; a spinning body's replace them while one is shown (see `sync`).
    this.listMethods('motion');

    const speed = byId<HTMLSelectElement>('speed');
    speed.replaceChildren(...SPEEDS.map((s) => new Option(`${s}×`, String(s))));
    speed.addEventListener('change', () => actions.view({ speed: Number(speed.value) }, false));

    const slider = byId<HTMLInputElement>('dt-slider');
    const dtField = byId<HTMLInputElement>('dt');
    slider.addEventListener('input', () => {
      dtField.value = String(this.ladder[Number(slider.value)] ?? dtField.value);
      slider.setAttribute('aria-valuetext', `dt = ${dtField.value} s`);
    });
    slider.addEventListener('change', () => this.setTime('dt', dtField.value));
    dtField.addEventListener('change', () => this.setTime('dt', dtField.value));
    const until = byId<HTMLInputElement>('until');
    until.addEventListener('change', () => this.setTime('until', until.value));

    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="precision"]')) {
      radio.addEventListener('change', () => {
        if (radio.checked) actions.change({ precision: radio.value === 'f32' ? 'f32' : 'f64' });
      });
    }

    const coord = byId<HTMLSelectElement>('coord');
    coord.addEventListener('change', () => actions.view({ coord: coord.value }, true));
    const split = byId<HTMLSelectElement>('split');
    split.addEventListener('change', () => actions.view({ details: split.value }, true));

    byId('play').addEventListener('click', () => actions.togglePlay());
    byId('step').addEventListener('click', () => actions.stepOnce());
    byId('reset').addEventListener('click', () => actions.reset());
    byId('end').addEventListener('click', () => actions.runToEnd());
    byId('export-csv').addEventListener('click', () => {
      actions.exportCsv().catch((e: unknown) => notice(`The CSV could not be made: ${message(e)}`, 'error'));
    });
    byId('export-png').addEventListener('click', () => {
      actions.exportPng().catch((e: unknown) => notice(`The PNG could not be made: ${message(e)}`, 'error'));
    });
    byId('setup').addEventListener('submit', (e) => e.preventDefault());

    document.addEventListener('keydown', (e) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      // Keys typed into a field or that scroll a table are theirs; Space also presses a focused button or
      // link (as everywhere on the web), but → means nothing there and steps.
      const field = target?.closest('input, select, textarea, .table-wrap') !== null;
      const pressable = target?.closest('button, a, summary') !== null;
      if (e.key === ' ' && !field && !pressable) {
        e.preventDefault();
        actions.togglePlay();
      } else if (e.key === 'ArrowRight' && !field) {
        e.preventDefault();
        actions.stepOnce();
      }
    });
  }

  /** The key of the track the details (energy split, steps table) are for. */
  get detail(): string {
    return byId<HTMLSelectElement>('split').value;
  }

  /** The scenario menu, from the catalogue (which a student's force joins). */
  listScenarios(): void {
    const scenario = byId<HTMLSelectElement>('scenario');
    const chosen = scenario.value;
    scenario.replaceChildren(...this.catalogue.scenarios.map((s) => new Option(s.title, s.id)));
    if (chosen !== '') scenario.value = chosen;
  }

  /** A toggle for a method the page has learnt since it started (a rule: see `App.learn`). */
  addMethod(m: MethodInfo): void {
    if (this.family !== 'motion') return;
    const methods = byId('methods');
    methods.insertBefore(this.methodToggle(m, 'motion'), byId('methods-problem'));
  }

  /** The family whose method toggles are shown. */
  private family: 'motion' | 'rotation' = 'motion';

  /** Shows a family's method toggles (an id such as `euler` names a different method in each). */
  private listMethods(family: 'motion' | 'rotation'): void {
    this.family = family;
    const methods = byId('methods');
    for (const old of methods.querySelectorAll('label.method')) old.remove();
    // The toggles go above the line that says why one cannot be unticked, and the button to write one's own.
    const anchor = byId('methods-problem');
    for (const m of family === 'rotation' ? this.catalogue.rotationMethods : this.catalogue.methods)
      methods.insertBefore(this.methodToggle(m, family), anchor);
    // A spinning body's facts are the catalogue's, whatever the body: they come with the toggles, not a second
    // later with the studies (they made the toggles and the line over them grow then).
    if (family === 'rotation') this.syncRotationFacts();
  }

  private methodToggle(m: MethodInfo, family: 'motion' | 'rotation'): HTMLElement {
    const box = el('input');
    box.type = 'checkbox';
    box.value = m.id;
    box.name = 'method';
    const facts = el('small', undefined, 'facts');
    facts.dataset.method = m.id;
    const label = el('label', undefined, 'method', [box, swatch(m.id), ` ${m.name} `, facts]);
    label.dataset.family = family;
    box.addEventListener('change', () => {
      const chosen = (family === 'rotation' ? this.catalogue.rotationMethods : this.catalogue.methods)
        .map((x) => x.id)
        .filter((id) => (id === m.id ? box.checked : this.isChosen(id)));
      // Said under the toggles, where the reader is looking (a notice at the page's top went unseen).
      const problem = byId('methods-problem');
      if (chosen.length === 0) {
        box.checked = true;
        problem.textContent = `At least one method must stay on: tick another before unticking ${m.name}.`;
        return;
      }
      problem.textContent = '';
      this.actions.methods(chosen);
    });
    return label;
  }

  private chosen: string[] = [];

  private isChosen(id: string): boolean {
    return this.chosen.includes(id);
  }

  private paramField(scenario: string, p: ParamInfo, value: number, state: LabState): HTMLElement {
    const id = `param-${p.name}`;
    const label = el('label', p.name);
    label.htmlFor = id;
    label.title = p.description;
    const input = el('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.id = id;
    input.name = p.name;
    input.autocomplete = 'off';
    const text = valueText(state, p.name, value);
    input.value = text;
    input.title = `${p.description}: ${p.range}`;
    const problem = el('span', undefined, 'problem');
    problem.id = `${id}-problem`;
    input.setAttribute('aria-describedby', problem.id);
    input.addEventListener('change', () => {
      // A field taken out of the page while it held an edit (the run it belonged to has been replaced)
      // reports that edit as it goes: it is not this run's any more.
      if (!input.isConnected) return;
      const read = readNumber(p.name, input.value);
      const why = 'why' in read ? read.why : checkParameter(scenario, p.name, read.value, state.force);
      if (why !== undefined || !('value' in read)) {
        problem.textContent = `${why ?? ''}; keeping ${text}`;
        input.setAttribute('aria-invalid', 'true');
        return;
      }
      problem.textContent = '';
      input.removeAttribute('aria-invalid');
      this.actions.change({
        params: { [p.name]: read.value },
        typed: { [p.name]: { text: input.value.trim(), value: read.value } },
      });
    });
    return el('div', undefined, 'field', [label, input, el('span', p.unit, 'unit'), problem]);
  }

  private setTime(key: 'dt' | 'until', text: string): void {
    const problem = byId(`${key}-problem`);
    const field = byId<HTMLInputElement>(key);
    const read = readTime(key, text);
    if ('why' in read) {
      problem.textContent = `${read.why}; keeping ${field.dataset.text ?? ''}`;
      field.setAttribute('aria-invalid', 'true');
      if (key === 'dt') this.syncSlider(Number(field.dataset.value));
      return;
    }
    // The run the new value makes must have a step, and the core must take it (its step budget, the
    // reference run's): said here, beside the field.
    const shown = this.shown;
    if (!shown) return;
    const dt = key === 'dt' ? read.value : shown.dt;
    const until = key === 'until' ? read.value : shown.until;
    // Said of the value typed: an until of 0 is too short for the dt kept, not the other way round.
    const clash =
      dt <= until
        ? checkSetup(setupSpec({ ...shown, dt, until }))
        : key === 'dt'
          ? `dt = ${dt} s is longer than the run (until = ${until} s)`
          : `until = ${until} s is shorter than one step (dt = ${dt} s)`;
    if (clash) {
      problem.textContent = `${clash}; keeping ${field.dataset.text ?? ''}`;
      field.setAttribute('aria-invalid', 'true');
      if (key === 'dt') this.syncSlider(Number(field.dataset.value));
      return;
    }
    for (const other of ['dt', 'until']) {
      byId(`${other}-problem`).textContent = '';
      byId(other).removeAttribute('aria-invalid');
    }
    const typed = { [key]: { text: text.trim(), value: read.value } };
    this.actions.change(key === 'dt' ? { dt: read.value, runs: [], typed } : { until: read.value, typed });
  }

  /**
   * Says where a run ends, and why, when until is not a whole number of steps of dt: the core takes `steps`,
   * the nearest whole number, so 20 s at 0.7 s ends at 20.3 s (the status line's "of"), and at 0.6 s at 19.8.
   */
  showEnd(steps: number, dt: number, until: number): void {
    const end = formatSignificant(steps * dt, 6);
    // The times, with their units, unbroken.
    const time = (t: string) => `${t}\u00a0s`;
    byId('until-end').textContent =
      end === formatSignificant(until, 6)
        ? ''
        : `${time(formatSignificant(until, 6))} is not a whole number of steps of ${time(formatSignificant(dt, 6))}: the run takes the nearest, ${steps} steps, and ends at t\u00a0=\u00a0${time(end)}.`;
  }

  /** Writes what each method promises on the current scenario, at its dt, beside its toggle. */
  syncFacts(orders: OrdersOn, stability: Record<string, StabilityLimit>): void {
    const intro = byId('methods-facts');
    intro.textContent = ordersIntro(orders.forces);
    delete intro.dataset.coming;
    const order = new Map(orders.orders);
    const evaluations = new Map(orders.evaluations);
    for (const m of this.catalogue.methods) {
      const facts = document.querySelector<HTMLElement>(
        `label[data-family="motion"] small.facts[data-method="${m.id}"]`,
      );
      if (!facts) continue;
      const limit = stability[m.id];
      const here = order.get(m.id);
      // A rule states nothing: its report card measures what it is.
      if (here === undefined) {
        facts.textContent = m.stability;
        continue;
      }
      // The count that holds here (Forest–Ruth's 3 on a spring, 9 or more under drag).
      const count = evaluations.get(m.id) ?? m.evaluations;
      const evals = `${count} eval${count === '1' ? '' : 's'}`;
      facts.textContent = `${here}, ${evals}`;
      const label = facts.closest('label');
      if (label)
        label.title =
          `${m.rule}. ${orders.symplectic.includes(m.id) ? 'Symplectic here. ' : ''}Here: ${here}` +
          `${limit === undefined ? '' : `, ${limit.sentence}${limit.here ? ` (${limit.here})` : ''}`}. Source: ${m.source}`;
    }
  }

  /** Writes each spinning-body method's stated facts beside its toggle: its order and its torque evaluations
   * (the core states them whatever the body; the point-mass family's depend on the scenario's forces, see
   * `syncFacts`). */
  syncRotationFacts(): void {
    const intro = byId('methods-facts');
    intro.textContent = ROTATION_ORDERS;
    delete intro.dataset.coming;
    for (const m of this.catalogue.rotationMethods) {
      const facts = document.querySelector<HTMLElement>(
        `label[data-family="rotation"] small.facts[data-method="${m.id}"]`,
      );
      if (!facts) continue;
      const evals = `${m.evaluations.split(' ')[0]} eval${m.evaluations.startsWith('1 ') ? '' : 's'}`;
      facts.textContent = `${m.order === undefined ? 'no order (another equation)' : `order ${m.order}`}, ${evals}`;
      const label = facts.closest('label');
      if (label) label.title = `${m.rule}. ${m.energy} Who: ${m.source}`;
    }
  }

  /** The transport and the exports answer from now on (the page has its run and has started it). The pages'
   * markup has them disabled until then, so that a click made while the core still loads never goes unheard. */
  enableTransport(): void {
    for (const id of ['play', 'step', 'reset', 'end', 'export-csv', 'export-png'])
      byId<HTMLButtonElement>(id).disabled = false;
  }

  /** The state last shown: a new dt or until is checked with its other values, by the core. */
  private shown: LabState | undefined;

  /** Puts the state into every control. */
  sync(state: LabState, positions: string[], tracks: TrackLabel[]): void {
    this.shown = state;
    // Filled: the room kept for the settings until now (see style.css) is theirs.
    byId('setup').closest('.controls')?.removeAttribute('data-filling');
    const info = scenarioInfo(this.catalogue, state.scenario);
    this.chosen = [...state.methods];
    byId<HTMLSelectElement>('scenario').value = info.id;
    byId('scenario-about').textContent = `${info.description} From ${info.source}.`;
    const params = byId('params');
    const legend = params.querySelector('legend');
    params.replaceChildren(
      ...(legend ? [legend] : []),
      ...info.params.map((p) => this.paramField(info.id, p, state.params[p.name] ?? p.default, state)),
    );
    const family = info.family === 'rotation' ? 'rotation' : 'motion';
    if (family !== this.family) this.listMethods(family);
    for (const box of document.querySelectorAll<HTMLInputElement>('input[name="method"]')) {
      box.checked = state.methods.includes(box.value);
    }
    // What a spinning body does not take: your method, a game's float.
    for (const node of document.querySelectorAll<HTMLElement>('#methods .write-own, #stepping .radios'))
      node.hidden = family === 'rotation';
    for (const key of ['dt', 'until'] as const) {
      const field = byId<HTMLInputElement>(key);
      field.value = valueText(state, key, state[key]);
      field.dataset.value = String(state[key]);
      // As the field shows it (1/60, not 0.016666666666666666): what a problem says is kept.
      field.dataset.text = field.value;
    }
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="precision"]')) {
      radio.checked = radio.value === state.precision;
    }
    const speed = byId<HTMLSelectElement>('speed');
    if (![...speed.options].some((o) => Number(o.value) === state.speed)) {
      speed.append(new Option(`${state.speed}×`, String(state.speed)));
    }
    speed.value = String(state.speed);
    const coord = byId<HTMLSelectElement>('coord');
    setOptions(
      coord,
      positions.map((p) => [p, p]),
    );
    coord.value = state.coord;
    // A list of one coordinate chooses nothing: shown only where there is a choice.
    byId('coord-field').classList.toggle('single', positions.length <= 1);
    const split = byId<HTMLSelectElement>('split');
    setOptions(
      split,
      tracks.map((t) => [t.label, t.key]),
    );
    split.value = state.details || (tracks[0]?.key ?? '');
    byId('runs-note').textContent =
      state.runs.length > 0
        ? `Comparing runs at their own steps: ${tracks.map((t) => t.label).join(', ')}. Changing the methods or dt returns to one dt for all.`
        : '';
    this.ladder = ladder(info.dt);
    this.syncSlider(state.dt);
    this.syncPermalink(state);
  }

  /** The dt slider's steps: 1, 2, 5 × 10ᵏ from a thousandth of the article's dt to thirty times it. */
  private ladder: number[] = [];

  private syncSlider(dt: number): void {
    const slider = byId<HTMLInputElement>('dt-slider');
    slider.min = '0';
    slider.max = String(this.ladder.length - 1);
    slider.step = '1';
    // The nearest rung on a log scale.
    let best = 0;
    this.ladder.forEach((v, i) => {
      if (Math.abs(Math.log(v / dt)) < Math.abs(Math.log((this.ladder[best] ?? v) / dt))) best = i;
    });
    slider.value = String(best);
    slider.setAttribute('aria-valuetext', `dt = ${dt} s`);
  }

  /** The permalink is the address the app has just written (with the page's theme, if chosen). */
  syncPermalink(state: LabState): void {
    byId<HTMLAnchorElement>('permalink').href = window.location.search || toQuery(state);
  }

  syncTransport(playing: boolean): void {
    const play = byId('play');
    play.textContent = playing ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(playing));
  }
}
