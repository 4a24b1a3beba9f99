// Graphs drawn by uPlot (axes, ticks, legends, zoom): quantities against time, the phase portrait, errors
// on a log axis. Series are columnar views straight from wasm memory; ranges stay readable when a method
// explodes (see range.ts).

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axis, envelope, padded, positiveOnly, widthOf } from './chart-axes';
import { markerHook } from './chart-markers';
import { type Marker, swatchOf } from './palette';
import { readableRange } from './range';

export interface SeriesStyle {
  label: string;
  stroke: string;
  dash?: number[];
  width?: number;
  /** The series every other is judged against for the readable range (the truth). */
  reference?: boolean;
  /** The method's marker, drawn at a few points along its line as the second cue to its colour. */
  marker?: Marker;
}

export type Column = ArrayLike<number | null | undefined>;

const HEIGHT = 220;

/** What every chart here shares: its uPlot, its series' looks, resizing with its container, and teardown. */
abstract class Chart {
  abstract readonly plot: uPlot;
  /** Series the readable range left off the chart, by label. */
  offScale: string[] = [];

  /** `styles`: the series' looks, also for legends drawn elsewhere (the PNG export). */
  constructor(protected readonly styles: SeriesStyle[]) {}

  get looks(): SeriesStyle[] {
    return this.styles;
  }

  /** Gives each legend entry the line's own look (colour, dashes, marker) in place of uPlot's square. */
  protected legendLooks(styles: SeriesStyle[]): void {
    const entries = this.plot.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
    // The first entry is the x series, where the legend shows it.
    const offset = entries.length > styles.length ? 1 : 0;
    styles.forEach((style, i) => {
      const box = entries[i + offset]?.querySelector<HTMLElement>('.u-marker');
      if (!box) return;
      box.style.border = 'none';
      box.style.background = 'none';
      box.style.width = 'auto';
      box.replaceChildren(swatchOf(style.stroke, style.marker, style.dash));
    });
  }

  resize(container: HTMLElement): void {
    this.plot.setSize({ width: widthOf(container), height: HEIGHT });
  }

  destroy(): void {
    this.plot.destroy();
  }
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
    super(styles);
    this.log = log;
    const opts: uPlot.Options = {
      title,
      width: widthOf(container),
      height: HEIGHT,
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
        y: log ? { distr: 3, range: () => this.range } : { range: () => this.range },
      },
      axes: [axis(xLabel), axis(yLabel, log)],
      series: [
        { label: 't' },
        ...styles.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: s.width ?? 1.5,
          dash: s.dash,
          points: { show: false },
          spanGaps: true,
        })),
      ],
      legend: { live: false },
      cursor: { drag: { x: true, y: false } },
      hooks: { draw: [markerHook(styles, (u, i) => [u.data[0], u.data[i] as Column])] },
    };
    this.plot = new uPlot(opts, [[], ...styles.map(() => [])], container);
    this.legendLooks(styles);
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

  private logRange(ys: Column[]): uPlot.Range.MinMax {
    const logs = ys.map((col) => {
      const out: number[] = [];
      for (let i = 0; i < col.length; i++) {
        const v = col[i];
        if (v !== null && v !== undefined && v > 0 && Number.isFinite(v)) out.push(Math.log10(v));
      }
      return out;
    });
    const { range, offScale } = readableRange(logs);
    this.offScale = offScale.map((i) => this.styles[i]?.label ?? '');
    return [10 ** Math.floor(range.min), 10 ** Math.ceil(range.max)];
  }

  /**
   * Shows new data: `t` and one column a series; `scale` as in readableRange. The range, and so `offScale`,
   * is worked out here and now: uPlot draws later, and the page reads `offScale` before it does.
   */
  update(t: Column, ys: Column[], scale?: Column): void {
    this.range = this.log ? this.logRange(ys) : this.linearRange(ys, scale);
    const thin = envelope(t, this.log ? ys.map(positiveOnly) : ys, Math.max(100, this.plot.bbox.width));
    this.plot.setData([thin.x as number[], ...(thin.ys as number[][])], true);
  }
}

/** A path through (x, y) points in the order given: a phase portrait is not a function of x. */
const orderedPath: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) =>
  throughPoints(u, seriesIdx, idx0, idx1, false);

/** The same with a small square on every point, for studies with a handful of points. */
const markedPath: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) =>
  throughPoints(u, seriesIdx, idx0, idx1, true);

function throughPoints(
  u: uPlot,
  seriesIdx: number,
  idx0: number,
  idx1: number,
  marked: boolean,
): uPlot.Series.Paths {
  const [xs, ys] = (u.data[seriesIdx] as unknown as [Column, Column]) ?? [[], []];
  const series = u.series[seriesIdx] as uPlot.Series & { facets: { scale: string }[] };
  const [sx, sy] = [series.facets[0]?.scale ?? 'x', series.facets[1]?.scale ?? 'y'];
  const stroke = new Path2D();
  let started = false;
  const step = Math.max(1, Math.floor((idx1 - idx0) / (4 * u.bbox.width || 1)));
  for (let i = idx0; i <= idx1; i += step) {
    const x = xs[i];
    const y = ys[i];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    if (marked && y <= 0) continue;
    const px = u.valToPos(x, sx, true);
    const py = u.valToPos(y, sy, true);
    if (started) stroke.lineTo(px, py);
    else stroke.moveTo(px, py);
    started = true;
    if (marked) {
      const r = 3 * (window.devicePixelRatio || 1);
      stroke.rect(px - r, py - r, 2 * r, 2 * r);
      stroke.moveTo(px, py);
    }
  }
  return { stroke, fill: null, clip: null, band: null, flags: 0 };
}

/** One curve a track through (x, y) points: the phase portrait (linear axes), or convergence and work–precision
 * studies (log–log axes, few points, each marked). */
export class XYChart extends Chart {
  readonly plot: uPlot;

  constructor(
    container: HTMLElement,
    title: string,
    xLabel: string,
    yLabel: string,
    styles: SeriesStyle[],
    log = false,
  ) {
    super(styles);
    const facetRange = (which: 0 | 1) => (u: uPlot) => {
      const cols = (u.data.slice(1) as unknown as [Column, Column][]).map((d) => d[which]);
      if (log) {
        const all = cols.flatMap((c) => Array.from(positiveOnly(c)).filter((v): v is number => v !== null));
        if (all.length === 0) return [1e-3, 1] as uPlot.Range.MinMax;
        return [
          10 ** Math.floor(Math.log10(Math.min(...all))),
          10 ** Math.ceil(Math.log10(Math.max(...all))),
        ] as uPlot.Range.MinMax;
      }
      const refIndex = this.styles.findIndex((s) => s.reference);
      const { range, offScale } = readableRange(cols, refIndex >= 0 ? cols[refIndex] : undefined);
      if (which === 0) this.offScale = offScale.map((i) => this.styles[i]?.label ?? '');
      return padded(range.min, range.max);
    };
    const distr = log ? { distr: 3 as const } : {};
    const opts: uPlot.Options = {
      mode: 2,
      title,
      width: widthOf(container),
      height: HEIGHT,
      scales: {
        x: { time: false, auto: true, range: facetRange(0), ...distr },
        y: { auto: true, range: facetRange(1), ...distr },
      },
      axes: [axis(xLabel, log), axis(yLabel, log)],
      series: [
        {},
        ...styles.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: s.width ?? 1.5,
          dash: s.dash,
          facets: [
            { scale: 'x', auto: true },
            { scale: 'y', auto: true },
          ],
          paths: log ? markedPath : orderedPath,
          points: { show: false },
        })),
      ],
      legend: { show: log, live: false },
      cursor: { drag: { x: true, y: true } },
      hooks: {
        draw: [markerHook(styles, (u, i) => u.data[i] as unknown as [Column, Column] | undefined)],
      },
    };
    this.plot = new uPlot(
      opts,
      [null, ...styles.map(() => [[], []])] as unknown as uPlot.AlignedData,
      container,
    );
    this.legendLooks(styles);
  }

  update(pairs: [Column, Column][]): void {
    this.plot.setData([null, ...pairs] as unknown as uPlot.AlignedData, true);
  }
}
