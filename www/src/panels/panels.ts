// The teaching panels: the guided experiments, the convergence and work–precision studies, and the stability
// of each method on the undamped spring. Every figure comes from the core when asked; only the articles'
// claims are text.

import type {
  Catalogue,
  ConvergenceSeries,
  ExperimentInfo,
  RunSpec,
  StabilityInfo,
  StabilityPoint,
} from '../core';
import { ask } from '../core/studies';
import { type CoreChecks, type LabState, parseQuery, toQuery } from '../lab/state';
import { byId, el, message } from '../ui/dom';
import { short } from '../ui/numbers';
import { colour, marker, swatch } from '../ui/palette';
import { XYChart } from '../views/charts/charts';

function card(e: ExperimentInfo, heading: 'h3' | 'h4'): { root: HTMLElement; measured: HTMLElement } {
  const root = el('article', undefined, 'experiment');
  root.dataset.experiment = e.id;
  const link = el('a', e.title);
  link.href = `?${e.query}`;
  const measured = el('p', 'Measuring…', 'measured');
  root.append(
    el(heading, undefined, undefined, [link]),
    el('p', e.look),
    el('blockquote', `“${e.claim}”`),
    measured,
  );
  return { root, measured };
}

async function fill(measured: HTMLElement, id: string): Promise<void> {
  try {
    measured.textContent = `Measured by the lab: ${await ask('measureExperiment', id)}`;
  } catch (e) {
    measured.textContent = `The measurement failed: ${message(e)}`;
    measured.classList.add('error');
  }
}

/**
 * The experiments grouped by article, each a permalink, and the card of the one the page is showing.
 * Measurements run in the studies worker, one after another, once the list scrolls into view.
 */
export class ExperimentsPanel {
  private list: ExperimentInfo[] = [];
  private shown: string | undefined;
  /** The state last shown, shown again once the list has come. */
  private state: LabState | undefined;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly core: CoreChecks,
    private readonly container: HTMLElement,
    private readonly current: HTMLElement,
  ) {
    ask('experimentList').then(
      (list) => this.fillList(list),
      (e: unknown) => {
        container.replaceChildren(el('p', `The experiments could not be listed: ${message(e)}`, 'error'));
      },
    );
  }

  private fillList(list: ExperimentInfo[]): void {
    const { catalogue, container } = this;
    this.list = list;
    const pending: Array<() => Promise<void>> = [];
    container.replaceChildren();
    for (const article of catalogue.articles) {
      const items = this.list.filter((e) => e.article === article.id);
      if (items.length === 0) continue;
      const group = el('section', undefined, 'article-group', [el('h3', article.citation)]);
      for (const e of items) {
        const { root, measured } = card(e, 'h4');
        group.append(root);
        pending.push(() => fill(measured, e.id));
      }
      container.append(group);
    }
    let started = false;
    const run = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) await next();
    };
    new IntersectionObserver((entries, observer) => {
      if (started || !entries.some((x) => x.isIntersecting)) return;
      started = true;
      observer.disconnect();
      void run();
    }).observe(container);
    if (this.state) this.show(this.state);
  }

  /** The experiment whose permalink gives the same state, if any. */
  private match(state: LabState): ExperimentInfo | undefined {
    const key = (s: LabState) => toQuery({ ...s, speed: 1, coord: '', typed: {} });
    const mine = key(state);
    return this.list.find((e) => key(parseQuery(`?${e.query}`, this.catalogue, this.core).state) === mine);
  }

  /** Shows the card of the experiment the state is, above the views, and marks it in the list. */
  show(state: LabState): void {
    this.state = state;
    const e = this.match(state);
    if (e?.id === this.shown) return;
    this.shown = e?.id;
    for (const item of this.container.querySelectorAll<HTMLElement>('article.experiment')) {
      item.classList.toggle('current', item.dataset.experiment === e?.id);
    }
    this.current.replaceChildren();
    this.current.hidden = e === undefined;
    if (!e) return;
    const { root, measured } = card(e, 'h3');
    const article = this.catalogue.articles.find((a) => a.id === e.article);
    root.prepend(el('p', `Experiment · ${article?.citation ?? ''}`, 'kicker'));
    this.current.append(root);
    void fill(measured, e.id);
  }
}

/** A study's measured order, or its verdict where none settled. */
function order(s: ConvergenceSeries): string {
  return s.fittedOrder === undefined ? s.verdict : `${s.fittedOrder.toFixed(2)}`;
}

/** Convergence and work–precision, measured for the current setup when asked. */
export class ConvergencePanel {
  private errorChart: XYChart | undefined;
  private workChart: XYChart | undefined;
  /** The last study measured, drawn again after a change of theme; the setup it measured, and what the
   * note said of it. */
  private study: ConvergenceSeries[] | undefined;
  private measured: RunSpec | undefined;
  private said = '';

  constructor(private readonly spec: () => RunSpec) {
    byId('measure-convergence').addEventListener('click', () => void this.measure());
  }

  async measure(): Promise<void> {
    const note = byId('convergence-note');
    const button = byId<HTMLButtonElement>('measure-convergence');
    const levels = Number(byId<HTMLSelectElement>('levels').value);
    let study: ConvergenceSeries[];
    button.disabled = true;
    note.textContent = 'Measuring…';
    const spec = this.spec();
    try {
      study = await ask('convergenceStudy', spec, levels);
    } catch (e) {
      note.textContent = message(e);
      return;
    } finally {
      button.disabled = false;
    }
    this.study = study;
    this.measured = spec;
    this.draw(study);
    this.said =
      `Each line is the run repeated at dt, dt/2, … dt/${2 ** (levels - 1)}, measured by its largest error; ` +
      'its slope, where it has settled, is the measured order. ' +
      `${study.map((s) => `${s.method} ${order(s)} (${s.stated === '' ? 'a rule states no order' : `states ${s.stated} here`})`).join('; ')}.`;
    note.textContent = this.said;
  }

  /** After every new run: lines measured for another setup are said to be (Measure makes this one's). */
  follow(): void {
    const measured = this.measured;
    if (!measured) return;
    const earlier = JSON.stringify(this.spec()) !== JSON.stringify(measured);
    byId('convergence-note').textContent = earlier
      ? `These lines are an earlier setup's (${measured.scenario}): press Measure for this one. ${this.said}`
      : this.said;
  }

  /** Draws the last study again in the page's colours (after a change of theme). */
  recolour(): void {
    if (this.study) this.draw(this.study);
  }

  private draw(study: ConvergenceSeries[]): void {
    const styles = study.map((s) => ({
      label: `${s.method}: ${s.fittedOrder === undefined ? s.verdict : `slope ${order(s)}`}`,
      stroke: colour(s.method),
      marker: marker(s.method),
    }));
    const error = ['Convergence: largest error against dt', 'dt (s)', 'error'] as const;
    const work = ['Work–precision: error against force evaluations', 'force evaluations', 'error'] as const;
    // Made once, then reshaped for each study (as the lab's own charts are).
    if (this.errorChart && this.workChart) {
      this.errorChart.reshape(...error, styles);
      this.workChart.reshape(...work, styles);
    } else {
      this.errorChart = new XYChart(byId('chart-convergence'), ...error, styles, true);
      this.workChart = new XYChart(byId('chart-work'), ...work, styles, true);
    }
    this.errorChart.update(study.map((s) => [s.dt, s.error]));
    this.workChart.update(study.map((s) => [s.evaluations, s.error]));
  }
}

/** The scale of the limits track: ω·dt from 0 to this. */
const SCALE = 4;

/** Each method's growth a step and energy change a period on the undamped spring, at an ω·dt a slider sets. */
export class StabilityPanel {
  /** `thisRun` gives the current run's ω·dt, where its scenario is an oscillator. */
  constructor(private readonly thisRun: () => number | undefined) {
    const slider = byId<HTMLInputElement>('omega-dt');
    slider.addEventListener('input', () => void this.render(Number(slider.value)));
    const panel = byId<HTMLDetailsElement>('stability-panel');
    panel.addEventListener('toggle', () => this.follow());
    // A figure opens the panel before its script arrives: start at once.
    this.follow();
  }

  /** Where the panel is open, moves it to this run's ω·dt, so that the table speaks of the run on screen:
   * when it is opened, and after every new run. */
  follow(): void {
    if (!byId<HTMLDetailsElement>('stability-panel').open) return;
    const slider = byId<HTMLInputElement>('omega-dt');
    const here = this.thisRun();
    byId('this-run').textContent =
      here === undefined
        ? "This run's scenario is not an oscillator; the panel shows the spring."
        : `This run: ω·dt = ${here.toPrecision(3)}${here > Number(slider.max) ? `, past the slider's ${slider.max}` : ''}.`;
    if (here !== undefined)
      slider.value = String(Math.min(Number(slider.max), Math.max(Number(slider.min), here)));
    void this.render(Number(slider.value));
  }

  /** The limits on the spring, asked once. */
  private limits: Promise<Map<string, StabilityInfo>> | undefined;
  /** The ω·dt last asked for: an answer for an older one is dropped. */
  private asked = 0;

  private async render(omegaDt: number): Promise<void> {
    byId('omega-dt-value').textContent = omegaDt.toFixed(2);
    const asked = ++this.asked;
    this.limits ??= ask('stabilityLimits').then((all) => new Map(all.map((l) => [l.method, l])));
    let limits: Map<string, StabilityInfo>;
    let points: StabilityPoint[];
    try {
      [limits, points] = await Promise.all([this.limits, ask('stabilityAt', omegaDt)]);
    } catch (e) {
      this.limits = undefined;
      if (asked === this.asked)
        byId('this-run').textContent = `The stability could not be measured: ${message(e)}`;
      return;
    }
    if (asked !== this.asked) return;
    const at = (v: number | undefined) => `${Math.min(100, (100 * Math.min(v ?? 0, SCALE)) / SCALE)}%`;
    const mark = (className: string, left: string) => {
      const span = el('span', undefined, className);
      span.style.left = left;
      return span;
    };
    const rows = points.map((p) => {
      const limit = limits.get(p.method);
      const unstable = p.growthWord === 'grows';
      const track = el('td', undefined, 'track', [
        mark('mark measured', at(limit?.measuredBound)),
        mark('mark theory', at(limit?.theoryBound)),
        mark('now', at(omegaDt)),
      ]);
      track.setAttribute('aria-hidden', 'true');
      const energy =
        Math.abs(p.energyPerPeriod) > 1e6
          ? `${short(100 * p.energyPerPeriod)} %`
          : `${(100 * p.energyPerPeriod).toFixed(3)} %`;
      const name = el('th', undefined, undefined, [swatch(p.method), ` ${p.method}`]);
      name.scope = 'row';
      return el('tr', undefined, unstable ? 'unstable' : '', [
        name,
        el('td', limit?.measured ?? ''),
        el('td', limit?.theory ?? ''),
        track,
        el('td', p.growth.toFixed(6)),
        el('td', energy),
        el('td', p.growthWord),
      ]);
    });
    const heads = [
      'method',
      'stable up to (measured)',
      'theory',
      'limits',
      'growth a step',
      'energy a period',
      'amplitude',
    ].map((h) => {
      const th = el('th', h);
      th.scope = 'col';
      return th;
    });
    byId<HTMLTableElement>('stability-table').replaceChildren(
      el(
        'caption',
        `Undamped spring at ω·dt = ${omegaDt.toFixed(2)} (scale 0–${SCALE}: ● measured limit, ○ theory, | this ω·dt)`,
      ),
      el('thead', undefined, undefined, [el('tr', undefined, undefined, heads)]),
      el('tbody', undefined, undefined, rows),
    );
  }
}
