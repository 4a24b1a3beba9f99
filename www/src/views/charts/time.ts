// A chart of quantities against time (x(t), energies, errors on a log axis): drawn by uPlot, its range kept
// readable when a method explodes, its lines thinned to their envelope and kept within a band around it.

import uPlot from 'uplot';
import { short } from '../../ui/numbers';
import { clampToBand } from '../clip';
import { logAxisRange, readableRange } from '../range';
import { axis, axisUnit, envelope, padded, positiveOnly, widthOf } from './axes';
import { Chart, type Column, HEIGHT, type SeriesStyle } from './chart';
import { markerHook } from './markers';

/** A positive value kept within the band around a log axis from lo to hi, in decades. */
function nearLog(lo: number, hi: number): (v: number) => number {
  const [a, b] = [Math.log10(lo), Math.log10(hi)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return (v) => v;
  return (v) => (v > 0 ? 10 ** clampToBand(Math.log10(v), a, b) : v);
}

/** A quantity against time, one series a track. `log` plots on a log axis, dropping values ≤ 0. */
export class TimeChart extends Chart {
  readonly plot: uPlot;
  private readonly log: boolean;

  constructor(
    container: HTMLElement,
    title: string,
    xLabel: string,
    yLabel: string,
    styles: SeriesStyle[],
    log = false,
  ) {
    super(title, xLabel, yLabel, styles);
    this.log = log;
    this.plot = new uPlot(this.options(1, widthOf(container)), this.empty(), container);
    this.legendLooks(styles);
  }

  protected empty(): uPlot.AlignedData {
    return [[], ...this.styles.map(() => [])];
  }

  protected seriesOf(s: SeriesStyle, ink: number): uPlot.Series {
    return { ...this.lineOf(s, ink), spanGaps: true };
  }

  protected options(ink: number, width: number): uPlot.Options {
    return {
      title: this.title,
      width,
      height: HEIGHT * ink,
      // Room on the right for the last tick's label.
      padding: [8 * ink, 16 * ink, 0, 0],
      scales: {
        // A single point (step 0) shows the run's whole span, not an empty 0–100.
        x: {
          time: false,
          range: (u, min, max) => {
            const xs = u.data[0] ?? [];
            const first = Number(xs[0] ?? 0);
            return xs.length <= 1 ? [first, first + this.span] : [min, max];
          },
        },
        y: this.log ? { distr: 3, range: () => this.range } : { range: () => this.range },
      },
      axes: [axis('x', this.xLabel, false, ink), axis('y', this.yLabel, this.log, ink)],
      series: [{ label: 't' }, ...this.styles.map((s) => this.seriesOf(s, ink))],
      legend: { live: false },
      cursor: { drag: { x: true, y: false } },
      hooks: {
        draw: [
          markerHook(
            () => this.styles,
            (u, i) => [u.data[0], u.data[i] as Column],
            ink,
          ),
        ],
      },
    };
  }

  /** How much time the x axis shows while there is a single point: the run's length, set by the views. */
  span = 1;

  /** The y range for the data last given, worked out when it was given (see `update`). */
  private range: uPlot.Range.MinMax = [0, 1];

  private linearRange(ys: Column[], scale?: Column): uPlot.Range.MinMax {
    const refIndex = this.styles.findIndex((s) => s.reference);
    const { range, offScale } = readableRange(ys, refIndex >= 0 ? ys[refIndex] : undefined, scale);
    this.offScale = offScale.map((i) => this.styles[i]?.label ?? '');
    return padded(range.min, range.max);
  }

  /** `scale`: values as large as the motion; an error a million times larger is off the scale. */
  private logRange(ys: Column[], scale?: Column): uPlot.Range.MinMax {
    const logs = ys.map((col) => {
      const out: number[] = [];
      for (let i = 0; i < col.length; i++) {
        const v = col[i];
        if (v !== null && v !== undefined && v > 0 && Number.isFinite(v)) out.push(Math.log10(v));
      }
      return out;
    });
    let size = 0;
    for (let i = 0; i < (scale?.length ?? 0); i++) size = Math.max(size, Math.abs(Number(scale?.[i] ?? 0)));
    const ceiling = size > 0 && Number.isFinite(size) ? Math.log10(size) + 6 : undefined;
    const { range, offScale } = logAxisRange(logs, ceiling);
    this.offScale = offScale.map((i) => this.styles[i]?.label ?? '');
    return range;
  }

  /**
   * Shows new data, drawn at once: `t` and one column a series; `scale` as in readableRange. The range, and
   * so `offScale`, is worked out here, before uPlot asks for it.
   */
  update(t: Column, ys: Column[], scale?: Column): void {
    if (this.unchanged([t, ...ys])) return;
    // A hidden line leaves the range to the lines shown: hide the wide ones to see a narrow one's wobble.
    const shown = ys.map((col, i) => (this.plot.series[i + 1]?.show === false ? [] : col));
    this.range = this.log ? this.logRange(shown, scale) : this.linearRange(shown, scale);
    // uPlot puts no ticks on numbers of more than 17 digits (explicit Euler's energy on the default spring
    // reaches 1e61 J): such values are shown in units of a power of ten, which the axis names.
    const lo = this.range[0] ?? 0;
    const hi = this.range[1] ?? 0;
    const unit = this.log ? 1 : axisUnit(lo, hi);
    const y = this.plot.axes[1];
    // "E (J)" in units of 1e61 J is "E (1e61 J)": a tick of 2 is 2e61 J.
    if (y) y.label = unit === 1 ? this.yLabel : this.yLabel.replace('(', `(${short(unit)} `);
    const thin = envelope(t, this.log ? ys.map(positiveOnly) : ys, Math.max(100, this.plot.bbox.width));
    // Divided after the envelope (a few points a pixel, not every row of a long run), and kept within a band
    // around the chart: uPlot draws the path, and a vertex astronomically far away makes GPU-accelerated
    // canvases drop the whole line (see clip.ts). The raw values stay in the history for the tables.
    this.range = [lo / unit, hi / unit];
    const near = this.log ? nearLog(lo, hi) : (v: number) => clampToBand(v / unit, lo / unit, hi / unit);
    thin.ys = thin.ys.map((col) => Array.from(col, (v) => (v === null || v === undefined ? v : near(v))));
    // Drawn now, in the frame that gave the data (uPlot would otherwise draw in a microtask after it).
    this.plot.batch(() => this.plot.setData([thin.x as number[], ...(thin.ys as number[][])], true));
  }
}
