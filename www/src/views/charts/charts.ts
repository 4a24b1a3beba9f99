// Graphs drawn by uPlot (axes, ticks, legends, zoom): quantities against time, the phase portrait, errors
// on a log axis. Series are columnar views straight from wasm memory; ranges stay readable when a method
// explodes (see range.ts).

import uPlot from 'uplot';
import { short } from '../../ui/numbers';
import { type Marker, swatchOf } from '../../ui/palette';
import { clampToBand } from '../clip';
import { logAxisRange, readableRange } from '../range';
import { axis, axisUnit, envelope, padded, positiveOnly, widthOf } from './axes';
import { markerHook } from './markers';
import { throughPoints } from './paths';

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

/** A positive value kept within the band around a log axis from lo to hi, in decades. */
function nearLog(lo: number, hi: number): (v: number) => number {
  const [a, b] = [Math.log10(lo), Math.log10(hi)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return (v) => v;
  return (v) => (v > 0 ? 10 ** clampToBand(Math.log10(v), a, b) : v);
}

/** What every chart here shares: its uPlot, its series' looks, resizing with its container, a copy drawn at
 * a larger scale for the PNG, and a new title, labels and series in the same uPlot. */
abstract class Chart {
  abstract readonly plot: uPlot;
  /** Series the readable range left off the chart, by label. */
  offScale: string[] = [];
  /** What the data last drawn was (see `unchanged`). */
  private drawn = '';

  /**
   * Whether `columns` are the data last drawn (their lengths and last values): a redraw asked for by a change
   * that leaves the data alone (every digit in the tables, a resize) then keeps the reader's zoom.
   */
  protected unchanged(columns: Column[]): boolean {
    const said = columns.map((c) => `${c.length}:${c[c.length - 1]}`).join(',');
    if (said === this.drawn) return true;
    this.drawn = said;
    return false;
  }

  /** Called when the reader hides or shows a line: the chart is to be drawn again (its range then
   * follows the lines shown). */
  onToggle: () => void = () => {};

  /** `styles`: the series' looks, also for legends drawn elsewhere (the PNG export). */
  constructor(
    protected title: string,
    protected xLabel: string,
    protected yLabel: string,
    protected styles: SeriesStyle[],
  ) {}

  get looks(): SeriesStyle[] {
    return this.styles;
  }

  /** A styled series' uPlot options at `ink` times the page's sizes (see `options`). */
  protected abstract seriesOf(style: SeriesStyle, ink: number): uPlot.Series;

  /** What every chart's series takes from its style: label, colour, width and dashes, no points. */
  protected lineOf(s: SeriesStyle, ink: number): uPlot.Series {
    return {
      label: s.label,
      stroke: s.stroke,
      width: (s.width ?? 1.5) * ink,
      dash: s.dash?.map((d) => d * ink),
      points: { show: false },
    };
  }

  /** Data with no points, one entry a series. */
  protected abstract empty(): uPlot.AlignedData;

  /**
   * Gives the chart a new title, axis labels and series, in the same uPlot, with no data. A new run reshapes
   * the charts rather than making them afresh: each uPlot made and destroyed left code and style data behind
   * in the browser, a few kilobytes a run (measured by the soak, npm run soak).
   */
  reshape(title: string, xLabel: string, yLabel: string, styles: SeriesStyle[]): void {
    const plot = this.plot;
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    const heading = plot.root.querySelector('.u-title');
    if (heading) heading.textContent = title;
    this.nameLegend();
    const [x, y] = plot.axes;
    if (x) x.label = xLabel;
    if (y) y.label = yLabel;
    const same =
      styles.length === this.styles.length &&
      styles.every((s, i) => {
        const was = this.styles[i];
        return (
          was !== undefined &&
          s.label === was.label &&
          s.stroke === was.stroke &&
          String(s.dash) === String(was.dash) &&
          s.width === was.width &&
          s.reference === was.reference &&
          s.marker === was.marker
        );
      });
    this.styles = styles;
    this.offScale = [];
    this.drawn = '';
    plot.batch(() => {
      if (!same) {
        for (let i = plot.series.length - 1; i >= 1; i--) plot.delSeries(i);
        for (const style of styles) plot.addSeries(this.seriesOf(style, 1));
      }
      plot.setData(this.empty(), true);
    });
    if (!same) this.legendLooks(styles);
  }

  /**
   * The chart's uPlot options at `ink` times the page's sizes (fonts, lines, gaps and markers): `ink` = 2 with
   * twice the width and height is the same picture at twice the resolution, whatever the screen.
   */
  protected abstract options(ink: number, width: number): uPlot.Options;

  /** Names the legend after its chart: a screen reader hears which chart's "euler" a button hides. */
  private nameLegend(): void {
    this.plot.root.querySelector('.u-legend')?.setAttribute('aria-label', `Lines of ${this.title}`);
  }

  /**
   * Gives each legend entry the line's own look (colour, dashes, marker) in place of uPlot's square, inside a
   * button: a click, a tap, Enter or Space on it reaches uPlot's own handler on the entry, which hides or
   * shows the line, and the button says which (`aria-pressed`).
   */
  protected legendLooks(styles: SeriesStyle[]): void {
    this.nameLegend();
    const entries = this.plot.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
    // The first entry is the x series, where the legend shows it.
    const offset = entries.length > styles.length ? 1 : 0;
    const pressed = () => {
      for (const entry of entries) {
        const shown = !entry.classList.contains('u-off');
        entry.querySelector('button')?.setAttribute('aria-pressed', String(shown));
      }
    };
    styles.forEach((style, i) => {
      const entry = entries[i + offset];
      const cell = entry?.querySelector('th');
      if (!entry || !cell) return;
      if (!cell.querySelector('button')) {
        // uPlot's marker and label, as spans (a button holds phrasing content only).
        const toggle = document.createElement('button');
        toggle.type = 'button';
        toggle.className = 'legend-toggle';
        for (const part of [...cell.children]) {
          const span = document.createElement('span');
          span.className = part.className;
          span.append(...part.childNodes);
          toggle.append(span);
        }
        cell.replaceChildren(toggle);
        // After uPlot's handler (on the cell): a ctrl-click shows one line and hides the others.
        entry.addEventListener('click', () => {
          pressed();
          this.drawn = '';
          this.onToggle();
        });
      }
      const box = cell.querySelector<HTMLElement>('.u-marker');
      if (!box) return;
      box.style.border = 'none';
      box.style.background = 'none';
      box.style.width = 'auto';
      box.replaceChildren(swatchOf(style.stroke, style.marker, style.dash));
    });
    pressed();
  }

  /**
   * The chart's picture at `ink` times its size (see `options`): the lines shown, over the range shown (a zoom
   * is kept). Drawn by a second uPlot off screen, copied, and removed.
   */
  async snapshot(ink: number): Promise<HTMLCanvasElement> {
    // uPlot works out scales and draws in a microtask after new data; a macrotask later it has.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (ink === 1) return this.plot.ctx.canvas;
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position: fixed; left: -100000px; top: 0;';
    document.body.append(host);
    const opts = this.options(ink, this.plot.width * ink);
    opts.series = opts.series.map((s, i) => ({ ...s, show: this.plot.series[i]?.show ?? true }));
    const copy = new uPlot(opts, this.plot.data, host);
    try {
      for (const key of ['x', 'y']) {
        const { min, max } = this.plot.scales[key] ?? {};
        if (min !== undefined && max !== undefined) copy.setScale(key, { min, max });
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      const out = document.createElement('canvas');
      out.width = copy.ctx.canvas.width;
      out.height = copy.ctx.canvas.height;
      out.getContext('2d')?.drawImage(copy.ctx.canvas, 0, 0);
      return out;
    } finally {
      copy.destroy();
      host.remove();
    }
  }

  resize(container: HTMLElement): void {
    this.plot.setSize({ width: widthOf(container), height: HEIGHT });
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
    private readonly log = false,
  ) {
    super(title, xLabel, yLabel, styles);
    this.plot = new uPlot(this.options(1, widthOf(container)), this.empty(), container);
    this.legendLooks(styles);
    // A study's chart is drawn again from the data it has, its range over the lines shown.
    this.onToggle = () => this.plot.setData(this.plot.data, true);
  }

  protected empty(): uPlot.AlignedData {
    return [null, ...this.styles.map(() => [[], []])] as unknown as uPlot.AlignedData;
  }

  protected seriesOf(s: SeriesStyle, ink: number): uPlot.Series {
    return {
      ...this.lineOf(s, ink),
      facets: [
        { scale: 'x', auto: true },
        { scale: 'y', auto: true },
      ],
      paths: throughPoints(this.log),
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
      height: HEIGHT * ink,
      padding: [8 * ink, 16 * ink, 0, 0],
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

  update(pairs: [Column, Column][]): void {
    if (this.unchanged(pairs.flat())) return;
    this.plot.batch(() => this.plot.setData([null, ...pairs] as unknown as uPlot.AlignedData, true));
  }
}
