// The teaching panels: the guided experiments, the convergence and work–precision studies, and the stability
// of each method on the undamped spring. Every figure comes from the core when asked; only the articles'
// claims are text.

import { XYChart } from './charts';
import { byId, el, message } from './dom';
import {
  type Catalogue,
  type ConvergenceSeries,
  convergenceStudy,
  type ExperimentInfo,
  experimentList,
  measureExperiment,
  type RunSpec,
  stabilityAt,
  stabilityLimits,
} from './lab';
import { short } from './numbers';
import { colour, marker, swatch } from './palette';
import { type CoreChecks, type LabState, parseQuery, toQuery } from './state';

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

function fill(measured: HTMLElement, id: string): void {
  try {
    measured.textContent = `Measured by the lab: ${measureExperiment(id)}`;
  } catch (e) {
    measured.textContent = `The measurement failed: ${message(e)}`;
    measured.classList.add('error');
  }
}

/**
 * The experiments grouped by article, each a permalink, and the card of the one the page is showing.
 * Measurements run one at a time, a frame apart, once the list scrolls into view, so the page stays
 * responsive.
 */
export class ExperimentsPanel {
  private readonly list: ExperimentInfo[];
  private shown: string | undefined;

  constructor(
    private readonly catalogue: Catalogue,
    private readonly core: CoreChecks,
    private readonly container: HTMLElement,
    private readonly current: HTMLElement,
  ) {
    this.list = experimentList();
    const pending: Array<() => void> = [];
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
    const run = () => {
      const next = pending.shift();
      if (!next) return;
      next();
      requestAnimationFrame(() => setTimeout(run, 0));
    };
    new IntersectionObserver((entries, observer) => {
      if (started || !entries.some((x) => x.isIntersecting)) return;
      started = true;
      observer.disconnect();
      run();
    }).observe(container);
  }

  /** The experiment whose permalink gives the same state, if any. */
  private match(state: LabState): ExperimentInfo | undefined {
    const key = (s: LabState) => toQuery({ ...s, speed: 1, coord: '', typed: {} });
    const mine = key(state);
    return this.list.find((e) => key(parseQuery(`?${e.query}`, this.catalogue, this.core).state) === mine);
  }

  /** Shows the card of the experiment the state is, above the views, and marks it in the list. */
  show(state: LabState): void {
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
    setTimeout(() => fill(measured, e.id), 50);
  }
}

/** Convergence and work–precision, measured for the current setup when asked. */
export class ConvergencePanel {
  private errorChart: XYChart | undefined;
  private workChart: XYChart | undefined;

  constructor(private readonly spec: () => RunSpec) {
    byId('measure-convergence').addEventListener('click', () => this.measure());
  }

  measure(): void {
    const note = byId('convergence-note');
    const levels = Number(byId<HTMLSelectElement>('levels').value);
    let study: ConvergenceSeries[];
    try {
      study = convergenceStudy(this.spec(), levels);
    } catch (e) {
      note.textContent = message(e);
      return;
    }
    const order = (s: ConvergenceSeries) =>
      s.fittedOrder === undefined ? s.verdict : `${s.fittedOrder.toFixed(2)}`;
    const styles = study.map((s) => ({
      label: `${s.method}: ${s.fittedOrder === undefined ? s.verdict : `slope ${order(s)}`}`,
      stroke: colour(s.method),
      marker: marker(s.method),
    }));
    this.errorChart?.destroy();
    this.workChart?.destroy();
    this.errorChart = new XYChart(
      byId('chart-convergence'),
      'Convergence: largest error against dt',
      'dt (s)',
      'error',
      styles,
      true,
    );
    this.workChart = new XYChart(
      byId('chart-work'),
      'Work–precision: error against force evaluations',
      'force evaluations',
      'error',
      styles,
      true,
    );
    this.errorChart.update(study.map((s) => [s.dt, s.error]));
    this.workChart.update(study.map((s) => [s.evaluations, s.error]));
    note.textContent =
      `Each line is the run repeated at dt, dt/2, … dt/${2 ** (levels - 1)}, measured by its largest error; ` +
      'its slope, where it has settled, is the measured order. ' +
      `${study.map((s) => `${s.method} ${order(s)} (states ${s.stated} here)`).join('; ')}.`;
  }
}

/** The scale of the limits track: ω·dt from 0 to this. */
const SCALE = 4;

/** Each method's growth a step and energy change a period on the undamped spring, at an ω·dt a slider sets. */
export class StabilityPanel {
  /** `thisRun` gives the current run's ω·dt, where its scenario is an oscillator. */
  constructor(thisRun: () => number | undefined) {
    const slider = byId<HTMLInputElement>('omega-dt');
    const update = () => this.render(Number(slider.value));
    slider.addEventListener('input', update);
    byId<HTMLDetailsElement>('stability-panel').addEventListener('toggle', (e) => {
      if (!(e.target as HTMLDetailsElement).open) return;
      // Opened, the panel starts at this run's ω·dt, so the table speaks of the run on screen.
      const here = thisRun();
      byId('this-run').textContent =
        here === undefined
          ? "This run's scenario is not an oscillator; the panel shows the spring."
          : `This run: ω·dt = ${here.toPrecision(3)}${here > Number(slider.max) ? `, past the slider's ${slider.max}` : ''}.`;
      if (here !== undefined)
        slider.value = String(Math.min(Number(slider.max), Math.max(Number(slider.min), here)));
      update();
    });
  }

  private render(omegaDt: number): void {
    byId('omega-dt-value').textContent = omegaDt.toFixed(2);
    const limits = new Map(stabilityLimits().map((l) => [l.method, l]));
    const at = (v: number | undefined) => `${Math.min(100, (100 * Math.min(v ?? 0, SCALE)) / SCALE)}%`;
    const mark = (className: string, left: string) => {
      const span = el('span', undefined, className);
      span.style.left = left;
      return span;
    };
    const rows = stabilityAt(omegaDt).map((p) => {
      const limit = limits.get(p.method);
      const unstable = p.growth > 1 + 1e-10;
      const track = el('td', undefined, 'track', [
        mark('mark measured', at(limit?.measuredBound)),
        mark('mark theory', at(limit?.theoryBound)),
        mark('now', at(omegaDt)),
      ]);
      track.setAttribute('aria-hidden', 'true');
      const energy =
        Math.abs(p.energyPerPeriod) > 1e6
          ? short(p.energyPerPeriod)
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
        el('td', unstable ? 'grows' : p.growth < 1 - 1e-10 ? 'decays' : 'keeps'),
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
