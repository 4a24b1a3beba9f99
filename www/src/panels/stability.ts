// The stability of each method on the undamped spring: its growth a step and energy change a period at an
// ω·dt a slider sets, beside each method's measured and theoretical limit.

import type { StabilityInfo, StabilityPoint } from '../core';
import { ask } from '../core/studies';
import { byId, el, message } from '../ui/dom';
import { swatch } from '../ui/palette';

/** The scale of the limits track: ω·dt from 0 to this. */
const SCALE = 4;

/** Each method's growth a step and energy change a period on the undamped spring, at an ω·dt a slider sets. */
export class StabilityPanel {
  /** `thisRun` gives the current run's ω·dt, where its scenario is an oscillator; `name` a method's name from
   * its id. */
  constructor(
    private readonly thisRun: () => number | undefined,
    private readonly name: (method: string) => string,
  ) {
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
      const name = el('th', undefined, undefined, [swatch(p.method), ` ${this.name(p.method)}`]);
      name.scope = 'row';
      return el('tr', undefined, unstable ? 'unstable' : '', [
        name,
        el('td', limit?.measured ?? ''),
        el('td', limit?.theory ?? ''),
        track,
        el('td', p.growthText),
        el('td', p.energyText),
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
