// A chart through (x, y) points: the phase portrait (linear axes), or the convergence and work–precision
// studies (log–log axes, few points, each marked).

import type uPlot from 'uplot';
import { readableRange } from '../range';
import { axis, padded, positiveOnly } from './axes';
import { Chart, type Column, type SeriesStyle } from './chart';
import { markerHook } from './markers';
import { throughPoints } from './paths';

/** One curve a track through (x, y) points: the phase portrait (linear axes), or convergence and work–precision
 * studies (log–log axes, few points, each marked). */
export class XYChart extends Chart {
  constructor(
    container: HTMLElement,
    title: string,
    xLabel: string,
    yLabel: string,
    styles: SeriesStyle[],
    private readonly log = false,
  ) {
    super(container, title, xLabel, yLabel, styles);
    // A study's chart is drawn again from the data it has, its range over the lines shown.
    this.onToggle = () => this.plot.setData(this.plot.data, true);
  }

  protected empty(): uPlot.AlignedData {
    return [null, ...this.styles.map(() => [[], []])] as unknown as uPlot.AlignedData;
  }

  protected seriesOf(s: SeriesStyle, ink: number): uPlot.Series {
    const line = this.lineOf(s, ink);
    return {
      ...line,
      facets: [
        { scale: 'x', auto: true },
        { scale: 'y', auto: true },
      ],
      paths: throughPoints(this.log, (seriesIdx) => this.sampled[seriesIdx - 1] ?? false, line.dash),
    };
  }

  protected options(ink: number, width: number): uPlot.Options {
    const log = this.log;
    const facetRange = (which: 0 | 1) => (u: uPlot) => {
      // A hidden line leaves the range to the lines shown.
      const cols = (u.data.slice(1) as unknown as [Column, Column][]).map((d, i) =>
        u.series[i + 1]?.show === false ? [] : d[which],
      );
      if (log) {
        const all = cols.flatMap((c) => Array.from(positiveOnly(c)).filter((v): v is number => v !== null));
        if (all.length === 0) return [1e-3, 1] as uPlot.Range.MinMax;
        // A margin beyond the points (5 % of the decades shown, at least a fifth of one): none sits on the
        // frame, half drawn (the run at dt = 0.1 did).
        const [lo, hi] = [Math.log10(Math.min(...all)), Math.log10(Math.max(...all))];
        const pad = Math.max(0.2, 0.05 * (hi - lo));
        return [10 ** (lo - pad), 10 ** (hi + pad)] as uPlot.Range.MinMax;
      }
      const styles = this.styles;
      const refIndex = styles.findIndex((s) => s.reference);
      const { range, offScale } = readableRange(cols, refIndex >= 0 ? cols[refIndex] : undefined);
      if (which === 0) this.offScale = offScale.map((i) => styles[i]?.label ?? '');
      return padded(range.min, range.max);
    };
    const distr = log ? { distr: 3 as const } : {};
    return {
      mode: 2,
      title: this.title,
      width,
      height: this.plotHeight * ink,
      padding: [8 * ink, 26 * ink, 0, 0],
      scales: {
        x: { time: false, auto: true, range: facetRange(0), ...distr },
        y: { auto: true, range: facetRange(1), ...distr },
      },
      axes: [axis('x', this.xLabel, log, ink), axis('y', this.yLabel, log, ink)],
      series: [{}, ...this.styles.map((s) => this.seriesOf(s, ink))],
      legend: { show: log, live: false },
      cursor: { drag: { x: true, y: true } },
      hooks: {
        draw: [
          markerHook(
            () => this.styles,
            (u, i) => u.data[i] as unknown as [Column, Column] | undefined,
            ink,
          ),
        ],
      },
    };
  }

  /** For each series, whether its points are rows many steps apart (a long run's), not its every step: see
   * `throughPoints`. */
  sampled: boolean[] = [];

  update(pairs: [Column, Column][]): void {
    if (this.unchanged(pairs.flat())) return;
    this.plot.batch(() => this.plot.setData([null, ...pairs] as unknown as uPlot.AlignedData, true));
  }
}
