// The charts' common part, drawn by uPlot (axes, ticks, legends, zoom): a chart of styled series, its
// legend entries as buttons that hide or show a line, its size following its container. Series are columnar
// views straight from wasm memory. time.ts and xy.ts are its two kinds.

import uPlot from 'uplot';
import { type Marker, swatchOf } from '../../ui/palette';
import { widthOf } from './axes';
export interface SeriesStyle {
  label: string;
  stroke: string;
  dash?: number[];
  width?: number;
  /** The series every other is judged against for the readable range (the truth). */
  reference?: boolean;
  /** The method's marker, drawn at a few points along its line as the second cue to its colour. */
  marker?: Marker;
  /** Drawn hidden: its legend entry shows it again. */
  hidden?: boolean;
  /** Fills the chart from its bottom up to the line with this colour, over the lines drawn before it (what
   * the chart shows but cannot vouch for); such a line is left out of the chart's range. */
  veil?: string;
  /** An edge of a band the chart shows but cannot vouch for (a reference's uncertainty around it): left
   * out of the chart's range; `unlisted` edges have no legend entry of their own. */
  edge?: 'listed' | 'unlisted';
}

export type Column = ArrayLike<number | null | undefined>;

/** A chart's height in CSS pixels. */
export const HEIGHT = 220;

/** What every chart here shares: its uPlot, its series' looks, resizing with its container, a copy drawn at
 * a larger scale for the PNG, and a new title, labels and series in the same uPlot. */
export abstract class Chart {
  private made: uPlot | undefined;

  /**
   * The chart's uPlot, made when first wanted: a chart never drawn costs nothing (the full page has nine,
   * most below its first screen or of the other family of scenarios, and making them all delayed its first
   * frame), and one made ahead of its drawing (see `Views.warm`) costs a task of its own.
   */
  get plot(): uPlot {
    if (!this.made) {
      this.made = new uPlot(this.options(1, widthOf(this.container)), this.empty(), this.container);
      this.legendLooks(this.styles);
    }
    return this.made;
  }

  /** Whether the chart's uPlot has been made (see `plot`). */
  get isMade(): boolean {
    return this.made !== undefined;
  }

  /** Series the readable range left off the chart, by label. */
  offScale: string[] = [];
  /** Series a log axis's top (1e15, see `logAxisRange`) left off above, by label: drawn leaving it. */
  pastTop: string[] = [];
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

  /** `container`: where the chart is drawn; `styles`: the series' looks, also for legends drawn elsewhere (the
   * PNG export). */
  constructor(
    protected readonly container: HTMLElement,
    protected title: string,
    protected xLabel: string,
    protected yLabel: string,
    protected styles: SeriesStyle[],
  ) {}

  get looks(): SeriesStyle[] {
    return this.styles;
  }

  /** The chart's title as its heading shows it (read without making the uPlot, see `plot`). */
  get heading(): string {
    return this.title;
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
      show: !s.hidden,
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
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    // A chart not made yet is made in its new shape when first wanted.
    if (!this.made) {
      this.styles = styles;
      this.offScale = [];
      this.pastTop = [];
      this.drawn = '';
      return;
    }
    const plot = this.made;
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
          s.marker === was.marker &&
          s.hidden === was.hidden &&
          s.veil === was.veil &&
          s.edge === was.edge
        );
      });
    this.styles = styles;
    this.offScale = [];
    this.pastTop = [];
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
      entry.hidden = style.edge === 'unlisted';
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
          // A band's listed edge hides and shows its other edge with it.
          if (this.styles[i]?.edge === 'listed' && this.styles[i + 1]?.edge === 'unlisted')
            this.plot.setSeries(i + 2, { show: this.plot.series[i + 1]?.show ?? true });
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

  /** The plot's height in CSS pixels: HEIGHT, unless a figure fitting its frame gave it another. */
  protected plotHeight = HEIGHT;

  /** Sets the plot's height (a figure fitting its frame); drawn at it on the next resize. */
  set height(h: number) {
    this.plotHeight = Math.round(h);
  }

  /** Follows the container's width and the plot's height (a chart not made yet is made at them). */
  resize(): void {
    this.made?.setSize({ width: widthOf(this.container), height: this.plotHeight });
  }
}
