// A chart of quantities against time (x(t), energies, errors on a log axis): drawn by uPlot, its range kept
// readable when a method explodes, its lines thinned to their envelope and kept within a band around it.

import uPlot from 'uplot';
import { clampToBand } from '../clip';
import { type Extent, extent, logAxisRange, readableRange } from '../range';
import {
  hasRelative,
  type Relative,
  relativeFor,
  relativeLabel,
  relativeTicks,
  startOf,
  toRelative,
} from '../relative';
import { axis, axisUnit, envelope, padded, positiveOnly, scaledLabel } from './axes';
import { Chart, type Column, type SeriesStyle } from './chart';
import { markerHook } from './markers';
import { hairlineWhenDense } from './paths';

/** A positive value kept within the band around a log axis from lo to hi, in decades. */
function nearLog(lo: number, hi: number): (v: number) => number {
  const [a, b] = [Math.log10(lo), Math.log10(hi)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return (v) => v;
  return (v) => (v > 0 ? 10 ** clampToBand(Math.log10(v), a, b) : v);
}

/** uPlot's own lines through points in the order of x, a dense one stroked a hairline (see paths.ts). */
const linear = uPlot.paths.linear?.();
const linesAgainstTime = linear && hairlineWhenDense(linear);

/** Ticks every `incr` from `min` to `max`, as uPlot puts them on a linear axis. */
function evenSplits(min: number, max: number, incr: number): number[] {
  if (!(incr > 0 && Number.isFinite(min) && Number.isFinite(max))) return [];
  const decimals = Math.max(0, -Math.floor(Math.log10(incr)) + 1);
  const out: number[] = [];
  for (let k = Math.ceil(min / incr); k * incr <= max && out.length < 100; k++)
    out.push(Number((k * incr).toFixed(Math.min(decimals, 100))) || 0);
  return out;
}

/** How an energy chart shows energies: `auto` as they are, or relative to their starts on a log scale where a
 * method's leaves the truth's range (see relative.ts); `absolute` and `relative` always so. */
export type EnergyScale = 'auto' | 'absolute' | 'relative';

/** A quantity against time, one series a track. `log` plots on a log axis, dropping values ≤ 0. */
export class TimeChart extends Chart {
  private readonly log: boolean;

  constructor(
    container: HTMLElement,
    title: string,
    xLabel: string,
    yLabel: string,
    styles: SeriesStyle[],
    log = false,
  ) {
    super(container, title, xLabel, yLabel, styles);
    this.log = log;
  }

  protected empty(): uPlot.AlignedData {
    return [[], ...this.styles.map(() => [])];
  }

  protected seriesOf(s: SeriesStyle, ink: number): uPlot.Series {
    const line: uPlot.Series = {
      ...this.lineOf(s, ink),
      spanGaps: true,
      paths: linesAgainstTime,
    };
    return s.veil === undefined ? line : { ...line, fill: s.veil, fillTo: (u) => u.scales.y?.min ?? 0 };
  }

  protected options(ink: number, width: number): uPlot.Options {
    return {
      title: this.title,
      width,
      height: this.plotHeight * ink,
      // Room on the right for the last tick's label, centred on the plot's edge: up to seven characters (100000 s).
      padding: [8 * ink, 26 * ink, 0, 0],
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
      axes: [
        axis('x', this.xLabel, false, ink),
        this.log ? axis('y', this.yLabel, true, ink) : this.linearAxis(ink),
      ],
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

  /** A linear y axis whose ticks, while energies are drawn relative to their starts, are labelled with the
   * ratios or changes they stand for. */
  private linearAxis(ink: number): uPlot.Axis {
    const plain = axis('y', this.yLabel, false, ink);
    return {
      ...plain,
      splits: (_u, _i, min, max, incr) =>
        this.relative ? relativeTicks(min, max, this.relative) : evenSplits(min, max, incr),
      values: (u, splits, i, space, incr) => {
        const how = this.relative;
        if (how) return splits.map((v) => (v === null || v === undefined ? '' : relativeLabel(v, how)));
        return typeof plain.values === 'function'
          ? plain.values(u, splits, i, space, incr)
          : splits.map(String);
      },
    };
  }

  /** How the energies are shown (an energy chart's choice; any other chart leaves it `absolute`). */
  energyScale: EnergyScale = 'absolute';
  /** How the data last drawn is drawn relative to its starts, or undefined where it is drawn as it is. */
  relative: Relative | undefined;
  /** The series whose leaving the truth's range made `auto` draw the energies relative to their starts. */
  relativeBecause: string[] = [];
  /** Drawn relative to their starts, the lines that end while their values are still numbers (a value too
   * small beside its start for a double's ratio, or 0), and the time each ends at. */
  vanished: { label: string; t: number }[] = [];

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
    // Each series' least and greatest positive values, as logs: all a log axis's range reads of it (an
    // array of every value's log, 200,000 a line in a long run, cost a tenth of the frame a run ended in).
    const logs = ys.map((col) => {
      let [least, most] = [Number.POSITIVE_INFINITY, 0];
      for (let i = 0; i < col.length; i++) {
        const v = col[i];
        if (v === null || v === undefined || !(v > 0) || v === Number.POSITIVE_INFINITY) continue;
        if (v < least) least = v;
        if (v > most) most = v;
      }
      return most > 0 ? [Math.log10(least), Math.log10(most)] : [];
    });
    let size = 0;
    for (let i = 0; i < (scale?.length ?? 0); i++) size = Math.max(size, Math.abs(Number(scale?.[i] ?? 0)));
    const ceiling = size > 0 && Number.isFinite(size) ? Math.log10(size) + 6 : undefined;
    const { range, offScale, pastTop } = logAxisRange(logs, ceiling);
    this.offScale = offScale.map((i) => this.styles[i]?.label ?? '');
    this.pastTop = pastTop.map((i) => this.styles[i]?.label ?? '');
    return range;
  }

  /**
   * Shows new data, drawn at once: `t` and one column a series; `scale` as in readableRange. The range, and
   * so `offScale`, is worked out here, before uPlot asks for it.
   */
  update(t: Column, ys: Column[], scale?: Column): void {
    if (this.unchanged([t, ...ys])) return;
    // A hidden line leaves the range to the lines shown: hide the wide ones to see a narrow one's wobble.
    // A veil lies over the lines, and a band's edges around one: they follow their range, never set it.
    const shown = ys.map((col, i) =>
      this.plot.series[i + 1]?.show === false ||
      this.styles[i]?.veil !== undefined ||
      this.styles[i]?.edge !== undefined
        ? []
        : col,
    );
    this.pastTop = [];
    this.range = this.log ? this.logRange(shown, scale) : this.linearRange(shown, scale);
    // An energy chart on which a method left the truth's range by orders of magnitude (or asked to): every
    // energy relative to its start, on a log scale, where steady growth reads as steady growth.
    this.relativeBecause = this.energyScale === 'auto' ? this.offScale : [];
    this.relative =
      this.energyScale === 'relative' || this.relativeBecause.length > 0
        ? relativeFor(ys, extent(scale ?? [])?.max ?? 0)
        : undefined;
    const y = this.plot.axes[1];
    const how = this.relative;
    this.vanished = [];
    if (how) {
      this.offScale = [];
      this.pastTop = [];
      // Thinned first, then drawn relative to each start (taken from the whole column): the relative value
      // rises with the value, so each stretch's least and greatest stay its least and greatest. (Made
      // relative first, a run of 200,000 steps with every method and its shadows made 3.4 million numbers a
      // frame, a tenth of the frame it ended in.)
      const starts = ys.map(startOf);
      const thin = envelope(t, ys, Math.max(100, this.plot.bbox.width), (v, k) =>
        hasRelative(v, starts[k], how),
      );
      const drawn = thin.ys.map((col, k) => toRelative(col, how, starts[k]));
      // A line that ends while its energy is still a number (implicit Euler's, fallen below the smallest
      // ratio to its start a double holds, then to 0): where it ends, said under the charts.
      this.vanished = ys.flatMap((raw, k) => {
        const last = raw[raw.length - 1];
        if (shown[k]?.length === 0 || last === null || last === undefined || !Number.isFinite(last))
          return [];
        if (hasRelative(last, starts[k], how)) return [];
        // Its last row with a value relative to its start, in the whole column (a thinned stretch spans many).
        let i = raw.length - 1;
        while (i >= 0 && !hasRelative(Number(raw[i]), starts[k], how)) i--;
        return i < 0 ? [] : [{ label: this.styles[k]?.label ?? '', t: Number(t[i]) }];
      });
      // Each shown column's extent, joined: not one array of every value.
      const seen = drawn
        .map((col, i) => (shown[i]?.length === 0 ? undefined : extent(col)))
        .reduce<Extent | undefined>(
          (all, e) =>
            !e ? all : !all ? e : { min: Math.min(all.min, e.min), max: Math.max(all.max, e.max) },
          undefined,
        );
      const [lo, hi] = seen ? [seen.min, seen.max] : [-1, 1];
      this.range = hi - lo < 0.02 ? [lo - 0.01, hi + 0.01] : padded(lo, hi);
      if (y)
        y.label =
          how.kind === 'ratio' ? 'E ÷ E₀ (log)' : `E − E₀ (${this.yLabel.replace(/^.*\(|\)$/g, '')}, log)`;
      this.set(thin.x, drawn, (v) => clampToBand(v, this.range[0] ?? 0, this.range[1] ?? 0));
      return;
    }
    // uPlot puts no ticks on numbers of more than 17 digits (explicit Euler's energy on the default spring
    // reaches 1e61 J): such values are shown in units of a power of ten, which the axis names.
    const lo = this.range[0] ?? 0;
    const hi = this.range[1] ?? 0;
    const unit = this.log ? 1 : axisUnit(lo, hi);
    // "E (J)" in units of 1e6 J is "E (MJ)", in units of 1e61 J "E (1e61 J)": a tick of 2 is 2e61 J.
    if (y) y.label = scaledLabel(this.yLabel, unit);
    // Divided after the envelope (a few points a pixel, not every row of a long run), and kept within a band
    // around the chart: uPlot draws the path, and a vertex astronomically far away makes GPU-accelerated
    // canvases drop the whole line (see clip.ts). The raw values stay in the history for the tables.
    this.range = [lo / unit, hi / unit];
    const near = this.log ? nearLog(lo, hi) : (v: number) => clampToBand(v / unit, lo / unit, hi / unit);
    this.draw(t, this.log ? ys.map(positiveOnly) : ys, near);
  }

  /** Thins the columns to their envelope, maps each value by `near`, and draws them (a gap where a value
   * is null or NaN). */
  private draw(t: Column, ys: Column[], near: (v: number) => number): void {
    const thin = envelope(t, ys, Math.max(100, this.plot.bbox.width));
    this.set(thin.x, thin.ys, near);
  }

  /** Draws columns already thinned, each value mapped by `near` (a gap where it is null or NaN). */
  private set(x: Column, ys: Column[], near: (v: number) => number): void {
    const mapped = ys.map((col) =>
      Array.from(col, (v) => (v === null || v === undefined || Number.isNaN(v) ? null : near(v))),
    );
    // Drawn now, in the frame that gave the data (uPlot would otherwise draw in a microtask after it).
    this.plot.batch(() => this.plot.setData([x as number[], ...(mapped as number[][])], true));
  }
}
