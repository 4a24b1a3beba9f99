// The teaching panels: the guided experiments, the convergence and work–precision studies, and the stability
// of each method on the undamped spring. Every figure comes from the core when asked; only the articles'
// claims are text.

import { XYChart } from './charts';
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
import { colour } from './palette';
import { type LabState, type ParamCheck, parseQuery, toQuery } from './state';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Which experiment, if any, the state is: the one whose permalink gives the same state. */
export function matchExperiment(
  state: LabState,
  list: ExperimentInfo[],
  catalogue: Catalogue,
  check: ParamCheck,
): ExperimentInfo | undefined {
  const key = (s: LabState) => toQuery({ ...s, speed: 1, coord: '' });
  const mine = key(state);
  return list.find((e) => key(parseQuery(`?${e.query}`, catalogue, check).state) === mine);
}

function card(e: ExperimentInfo, heading: 'h3' | 'h4'): { root: HTMLElement; measured: HTMLElement } {
  const root = el('article', undefined, 'experiment');
  root.dataset.experiment = e.id;
  const title = el(heading);
  const link = el('a', e.title);
  link.href = `?${e.query}`;
  title.append(link);
  const quote = el('blockquote', `“${e.claim}”`);
  const measured = el('p', 'Measuring…', 'measured');
  root.append(title, el('p', e.look), quote, measured);
  return { root, measured };
}

function fill(measured: HTMLElement, id: string): void {
  try {
    measured.textContent = `Measured by the lab: ${measureExperiment(id)}`;
  } catch (e) {
    measured.textContent = `The measurement failed: ${e instanceof Error ? e.message : String(e)}`;
    measured.classList.add('error');
  }
}

/**
 * Lists the experiments grouped by article, each a permalink. Measurements run one at a time, a frame apart,
 * once the list scrolls into view, so the page stays responsive. Returns the list.
 */
export function renderExperiments(
  container: HTMLElement,
  current: ExperimentInfo | undefined,
): ExperimentInfo[] {
  const list = experimentList();
  const pending: Array<() => void> = [];
  const byArticle = new Map<string, ExperimentInfo[]>();
  for (const e of list) byArticle.set(e.article, [...(byArticle.get(e.article) ?? []), e]);
  container.replaceChildren();
  for (const [article, items] of byArticle) {
    const group = el('section', undefined, 'article-group');
    group.append(el('h3', article));
    for (const e of items) {
      const { root, measured } = card(e, 'h4');
      if (current?.id === e.id) root.classList.add('current');
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
  return list;
}

/** The card of the experiment the page is showing, above the views. */
export function renderCurrent(container: HTMLElement, e: ExperimentInfo | undefined): void {
  container.replaceChildren();
  container.hidden = e === undefined;
  if (!e) return;
  const { root, measured } = card(e, 'h3');
  root.prepend(el('p', `Experiment · ${e.article}`, 'kicker'));
  container.append(root);
  setTimeout(() => fill(measured, e.id), 50);
}

/** Convergence and work–precision, measured for the current setup when asked. */
export class ConvergencePanel {
  private errorChart: XYChart | undefined;
  private workChart: XYChart | undefined;

  constructor(private readonly spec: () => RunSpec) {
    const button = document.getElementById('measure-convergence');
    button?.addEventListener('click', () => this.measure());
  }

  measure(): void {
    const note = document.getElementById('convergence-note');
    const levels = Number((document.getElementById('levels') as HTMLSelectElement | null)?.value ?? 5);
    let study: ConvergenceSeries[];
    try {
      study = convergenceStudy(this.spec(), levels);
    } catch (e) {
      if (note) note.textContent = e instanceof Error ? e.message : String(e);
      return;
    }
    const styles = study.map((s) => ({
      label: `${s.method}: slope ${s.fittedOrder === undefined ? '–' : s.fittedOrder.toFixed(2)}`,
      stroke: colour(s.method),
    }));
    const errorBox = document.getElementById('chart-convergence');
    const workBox = document.getElementById('chart-work');
    if (!errorBox || !workBox) return;
    this.errorChart?.destroy();
    this.workChart?.destroy();
    this.errorChart = new XYChart(
      errorBox,
      'Convergence: error at the end against dt',
      'dt (s)',
      'error',
      styles,
      true,
    );
    this.workChart = new XYChart(
      workBox,
      'Work–precision: error against force evaluations',
      'force evaluations',
      'error',
      styles,
      true,
    );
    this.errorChart.update(study.map((s) => [s.dt, s.error]));
    this.workChart.update(study.map((s) => [s.evaluations, s.error]));
    if (note) {
      note.textContent =
        `Each line is the run repeated at dt, dt/2, … dt/${2 ** (levels - 1)}; its slope is the measured order. ` +
        study
          .map((s) => `${s.method} ${s.fittedOrder === undefined ? '–' : s.fittedOrder.toFixed(2)}`)
          .join(', ') +
        '.';
    }
  }
}

/** Each method's growth a step and energy change a period on the undamped spring, at an ω·dt the slider sets. */
export function renderStability(table: HTMLTableElement, omegaDt: number, methods: string[]): void {
  const limits = new Map(stabilityLimits().map((l) => [l.method, l]));
  const here = stabilityAt(omegaDt);
  const scale = 4;
  const at = (v: number | null | undefined) =>
    v === null || v === undefined ? 0 : Math.min(100, (100 * (Number.isFinite(v) ? v : scale)) / scale);
  const limitText = (v: number | null | undefined) =>
    v === null || v === undefined ? 'none' : Number.isFinite(v) ? v.toFixed(4) : 'any';
  const rows = here
    .filter((p) => methods.length === 0 || methods.includes(p.method))
    .map((p) => {
      const limit = limits.get(p.method);
      const unstable = p.growth > 1 + 1e-10;
      return (
        `<tr class="${unstable ? 'unstable' : ''}"><th scope="row"><span class="swatch" style="background:${colour(p.method)}"></span> ${p.method}</th>` +
        `<td>${limitText(limit?.measured)}</td><td>${limitText(limit?.theory)}</td>` +
        `<td class="track" aria-hidden="true"><span class="mark measured" style="left:${at(limit?.measured)}%"></span>` +
        `<span class="mark theory" style="left:${at(limit?.theory)}%"></span><span class="now" style="left:${at(omegaDt)}%"></span></td>` +
        `<td>${p.growth.toFixed(6)}</td><td>${Math.abs(p.energyPerPeriod) > 1e6 ? short(p.energyPerPeriod) : `${(100 * p.energyPerPeriod).toFixed(3)} %`}</td>` +
        `<td>${unstable ? 'grows' : p.growth < 1 - 1e-10 ? 'decays' : 'keeps'}</td></tr>`
      );
    })
    .join('');
  table.innerHTML =
    `<caption>Undamped spring at ω·dt = ${omegaDt.toFixed(2)} (scale 0–${scale}: ● measured limit, ○ theory, | this ω·dt)</caption>` +
    '<thead><tr><th scope="col">method</th><th scope="col">stable up to (measured)</th><th scope="col">theory</th>' +
    '<th scope="col">limits</th><th scope="col">growth a step</th><th scope="col">energy a period</th><th scope="col">amplitude</th></tr></thead>' +
    `<tbody>${rows}</tbody>`;
}
