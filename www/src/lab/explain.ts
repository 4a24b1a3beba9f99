// "How these methods step, and why": each chosen method's rule, its order on this scenario, what it does to
// an oscillator's energy and where it stays stable, in words a student can read without hovering, all from
// the core's facts. And this run's ω·dt, where the scenario is an oscillator.

import {
  type Catalogue,
  formatTime,
  type OrdersOn,
  type ReferenceTrust,
  type RunSpec,
  type StabilityLimit,
} from '../core';
import { ask } from '../core/studies';
import { byId, el, message } from '../ui/dom';
import { swatch } from '../ui/palette';
import { type LabState, methodsOf, scenarioInfo, setupSpec, spinning } from './state';

/** "ω·dt = 0.387 (ω = 3.87 rad/s, dt = 0.1 s)", or why there is none. */
export function omegaDtText(orders: OrdersOn, dt: number): string {
  if (orders.omegaDt === undefined) return 'This scenario is not an oscillator: no ω·dt to speak of.';
  const omega = orders.omegaDt / dt;
  const turns = orders.smallSwings ? 'a small swing turns' : 'the oscillation turns';
  return `This run: ω·dt = ${orders.omegaDt.toPrecision(3)} (ω = ${omega.toPrecision(3)} rad/s is ${orders.omegaIs}, dt = ${formatTime(dt)} s). That product, the angle ${turns} through in one step, is written h below.`;
}

/** "symplectic", linked to the two sentences that say what it means. */
function symplecticLink(): HTMLAnchorElement {
  const a = el('a', 'symplectic');
  a.href = '#symplectic';
  return a;
}

export function renderHow(
  catalogue: Catalogue,
  methods: string[],
  orders: OrdersOn,
  stability: Record<string, StabilityLimit>,
  dt: number,
): void {
  const order = new Map(orders.orders);
  const evaluations = new Map(orders.evaluations);
  const energy = new Map(orders.energy);
  const symplectic = new Set(orders.symplectic);
  const growth = new Map(orders.growth.map(([id, g, text, word]) => [id, { g, text, word }]));
  const items = methods.flatMap((id) => {
    const m = catalogue.methods.find((x) => x.id === id);
    if (!m) return [];
    const stated = order.get(id);
    // A rule states nothing: what it is, its report card measures.
    if (stated === undefined)
      return [
        el('li', undefined, 'how', [
          el('strong', undefined, undefined, [swatch(id), ` ${m.name}`]),
          ` (${m.source}): ${m.rule}. Its order, its stability and its energy: ${m.stability}.`,
        ]),
      ];
    const limit = stability[id];
    const at = growth.get(id);
    const count = evaluations.get(id) ?? m.evaluations;
    // On a pendulum the growth is a small swing's, not this run's: past the limit a wider swing may stay
    // bounded where a small one grows (Position Verlet from 1 rad at dt = 0.7 s), or run away.
    const now =
      at === undefined || !Number.isFinite(at.g)
        ? ''
        : ` At this run's ω·dt ${orders.smallSwings ? "a small swing's" : 'the'} amplitude is multiplied by ${
            at.text
          } a step${at.word === 'keeps' ? '' : `: it ${at.word}`}.${
            orders.smallSwings ? " This run's swing is not small: its energy chart shows what it does." : ''
          }`;
    const where =
      limit === undefined ? '' : ` Here it is ${limit.sentence}${limit.here ? ` (${limit.here})` : ''}.`;
    return [
      el('li', undefined, 'how', [
        el('strong', undefined, undefined, [swatch(id), ` ${m.name}`]),
        ` (${stated} here, ${count} force evaluation${count === '1' ? '' : 's'} a step`,
        ...(symplectic.has(id) ? [', ', symplecticLink()] : []),
        '): ',
        el('code', m.rule),
        el('br'),
        `${energy.get(id) ?? m.energy}${where}${now}`,
      ]),
    ];
  });
  byId('how-run').textContent = `${omegaDtText(orders, dt)} The forces here: ${orders.forces}.`;
  byId('how-list').replaceChildren(...items);
}

/** How each chosen method steps a spinning body, from the facts the core states for the rotation family. */
export function renderSpinningHow(catalogue: Catalogue, state: LabState): void {
  const known = methodsOf(catalogue, state.scenario);
  const items = state.methods.flatMap((id) => {
    const m = known.find((x) => x.id === id);
    if (!m) return [];
    return [
      el('li', undefined, 'how', [
        el('strong', undefined, undefined, [swatch(id), ` ${m.name}`]),
        ` (${m.order === undefined ? 'no order: it solves another equation' : `order ${m.order}`}, ${m.evaluations}`,
        ...(m.symplectic ? [', ', symplecticLink()] : []),
        '): ',
        el('code', m.rule),
        el('br'),
        `${m.energy} Who does it: ${m.source}`,
      ]),
    ];
  });
  byId('how-run').textContent =
    'A spinning body: its attitude q (a unit quaternion) and its body-frame ω, stepped by the rotation family. ' +
    "An oscillator's ω·dt, your method and your force do not apply here.";
  byId('how-list').replaceChildren(...items);
}

/**
 * Writes each method's facts beside its toggle and under "How these methods step", for a state. The facts
 * come from the core's studies tier (core/studies.ts): they arrive a moment after the run starts, and only the
 * latest state's are written.
 */
export class Explainer {
  /** Each method's stability limit on a scenario with its parameters: measured once for each, on demand. */
  private readonly limits = new Map<string, Promise<Record<string, StabilityLimit>>>();
  /** The state last asked for: an answer for an older one is dropped. */
  private asked = 0;
  /** The last setup's reference, and what it is worth (asked again only for another setup). */
  private trust: { setup: string; said: Promise<ReferenceTrust | undefined> } | undefined;
  /** The last setup's long-run exponent, in words (asked again only for another setup or nudge). */
  private prediction: { setup: string; said: Promise<string | undefined> } | undefined;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly controls: {
      syncFacts(orders: OrdersOn, stability: Record<string, StabilityLimit>): void;
      syncRotationFacts(): void;
    },
    /** Hears what the run's reference is worth (undefined: not yet measured, or an exact truth). */
    private readonly onTrust: (trust: ReferenceTrust | undefined) => void = () => {},
  ) {}

  /**
   * Each method's stability limit on the spec's scenario, asked a method at a time with a pause between: each
   * is a search of up to some tens of milliseconds, and all at once held the page's main thread (on the spring,
   * 60–100 ms a second after the first frame).
   */
  private async stabilityOf(spec: RunSpec): Promise<Record<string, StabilityLimit>> {
    const limits: Record<string, StabilityLimit> = {};
    for (const { id } of this.catalogue.methods) {
      Object.assign(limits, await ask('stabilityOn', spec, id));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return limits;
  }

  /** Asks for the facts of `state` and shows them when they come. */
  show(state: LabState): void {
    const asked = ++this.asked;
    if (spinning(scenarioInfo(this.catalogue, state.scenario))) {
      // The rotation family's facts are stated by the core, with nothing to measure on the page.
      this.trust = undefined;
      this.prediction = undefined;
      byId('reference-note').textContent = '';
      byId('prediction-note').textContent = '';
      this.onTrust(undefined);
      this.controls.syncRotationFacts();
      renderSpinningHow(this.catalogue, state);
      return;
    }
    // The facts are of the lab's methods, on the setup: a rule has none to ask for.
    const spec = setupSpec(state);
    const key = `${state.scenario} ${JSON.stringify(state.params)}`;
    let stability = this.limits.get(key);
    if (!stability) {
      stability = this.stabilityOf(spec);
      this.limits.set(key, stability);
      stability.catch(() => this.limits.delete(key));
    }
    // Where the truth is a reference run, how far it can be trusted: the core runs a second reference at half
    // its step (in the studies worker, after the facts above).
    const note = byId('reference-note');
    if (this.catalogue.scenarios.find((s) => s.id === state.scenario)?.truth !== 'reference') {
      // An exact truth has nothing to doubt (and a worksheet's page need not load the studies for it).
      this.trust = undefined;
      note.textContent = '';
      this.onTrust(undefined);
    } else {
      this.askTrust(spec, asked);
    }
    this.askPrediction(state, spec, asked);
    const methods = state.runs.length > 0 ? state.runs.map((r) => r.method) : state.methods;
    Promise.all([ask('ordersOn', spec), stability]).then(
      ([orders, limits]) => {
        if (asked !== this.asked) return;
        this.controls.syncFacts(orders, limits);
        renderHow(this.catalogue, [...new Set(methods)], orders, limits, state.dt);
      },
      (e: unknown) => {
        if (asked !== this.asked) return;
        byId('how-run').textContent = `The methods' facts could not be worked out: ${message(e)}`;
      },
    );
  }

  /** Where the run has twins (nudge=), asks what the true motion's long-run exponent says of a prediction. */
  private askPrediction(state: LabState, spec: RunSpec, asked: number): void {
    const note = byId('prediction-note');
    if (state.nudge === 0) {
      note.textContent = '';
      return;
    }
    // Measured once a setup and nudge: a Benettin run over 300 s is a fraction of a second of the worker's.
    const setup = JSON.stringify(spec);
    if (this.prediction?.setup !== setup) {
      note.textContent = '';
      this.prediction = { setup, said: ask('predictionNote', spec) };
    }
    this.prediction.said.then(
      (said) => {
        if (asked !== this.asked || said === undefined) return;
        note.textContent = `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
      },
      (e: unknown) => {
        if (asked !== this.asked) return;
        note.textContent = `The long-run exponent could not be measured: ${message(e)}`;
      },
    );
  }

  /** Asks how far the setup's reference run can be trusted (once a setup) and says it under the error graph. */
  private askTrust(spec: RunSpec, asked: number): void {
    const note = byId('reference-note');
    const setup = JSON.stringify(spec);
    if (this.trust?.setup !== setup) {
      // Said at once, in the line the measurement will take: a figure fits its views to its height, and a
      // line coming later pushed its last controls out of it until it fitted again.
      note.textContent = 'Measuring how far the reference run can be trusted…';
      this.onTrust(undefined);
      this.trust = { setup, said: ask('referenceTrust', spec) };
    }
    this.trust.said.then(
      (trust) => {
        if (asked !== this.asked) return;
        // Nothing to say: the line said while measuring goes.
        if (trust === undefined) {
          note.textContent = '';
          return;
        }
        note.textContent = `${trust.note.charAt(0).toUpperCase()}${trust.note.slice(1)}.`;
        this.onTrust(trust);
      },
      (e: unknown) => {
        if (asked !== this.asked) return;
        note.textContent = `How far the reference run can be trusted could not be measured: ${message(e)}`;
      },
    );
  }
}
