// Convergence and work–precision, measured by the core for the current setup when asked: each method's
// error against dt and against force evaluations, on log–log axes, with its fitted order.

import type { ConvergenceSeries, RunSpec } from '../core';
import { ask } from '../core/studies';
import { byId, message } from '../ui/dom';
import { colour, marker } from '../ui/palette';
import { XYChart } from '../views/charts/xy';

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

  /** `name` gives a method's name from its id. */
  constructor(
    private readonly spec: () => RunSpec,
    private readonly name: (method: string) => string,
  ) {
    const button = byId<HTMLButtonElement>('measure-convergence');
    button.addEventListener('click', () => void this.measure());
    // The page's markup has it disabled until now: a click made before this script arrived is not lost
    // unheard.
    button.disabled = false;
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
      `${study.map((s) => `${this.name(s.method)} ${order(s)} (${s.stated === '' ? 'a rule states no order' : `states ${s.stated} here`})`).join('; ')}.`;
    // Against a reference run, only as far as the reference is known: the core says how far.
    const horizon = study[0]?.horizon;
    if (horizon !== undefined) this.said += ` Here ${horizon}.`;
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
      label: `${this.name(s.method)}: ${s.fittedOrder === undefined ? s.verdict : `slope ${order(s)}`}`,
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
