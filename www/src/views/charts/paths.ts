// The path of a series through (x, y) points in their order, for charts whose x is not time: the phase
// portrait (a long one drawn as stretches of its points) and the studies' few marked points on log axes.

import type uPlot from 'uplot';
import { band, ClippedPath, type Rect } from '../clip';
import type { Column } from './chart';

/** Points a phase portrait draws at most, per series and per pixel of the chart's width. */
const POINTS_PER_PIXEL = 12;
/** Stretches of consecutive points a long series is drawn as. */
const STRETCHES = 256;

/**
 * The stretches of indices a path through `idx0..idx1` visits: all of it while there are at most `budget`
 * points; else the first and the last quarter of the budget whole (how the run began and where it is now)
 * and, between them, `STRETCHES` stretches of consecutive points spread evenly. Each stretch is a true piece
 * of the trajectory (a new stroke starts at each), so a long run round one ellipse draws the ellipse, never
 * chords between points a period apart; and the work a frame stays bounded.
 */
export function stretches(idx0: number, idx1: number, budget: number): [start: number, end: number][] {
  const n = idx1 - idx0 + 1;
  if (n <= budget) return [[idx0, idx1]];
  const edge = Math.max(2, Math.floor(budget / 4));
  const length = Math.max(2, Math.floor(budget / 2 / STRETCHES));
  const out: [number, number][] = [[idx0, idx0 + edge - 1]];
  const [from, to] = [idx0 + edge, idx1 - edge - length + 1];
  for (let k = 0; k < STRETCHES && to > from; k++) {
    const start = from + Math.round((k * (to - from)) / (STRETCHES - 1));
    out.push([start, start + length - 1]);
  }
  out.push([idx1 - edge + 1, idx1]);
  return out;
}

/** How far apart, in canvas pixels, two rows many steps apart may be and still be joined by a line. */
const SAMPLED_JOIN = 4;

/**
 * Segments a series' path may have, per pixel of the plot's width, and still be stroked at its own width:
 * past that (a long run's portrait, thousands of chords laid over one another round its orbit) it is
 * stroked one device pixel wide at the page's size (two in a PNG drawn at twice it). A canvas without a GPU
 * strokes a line one device pixel wide as a hairline: 3,500 segments round an ellipse took it 1.5 ms,
 * against 14 at 1.5 px (dashed, 2 against 40); eleven methods' portraits of 200,000 steps had held a frame
 * for half a second at one device pixel a CSS pixel, and for three seconds at two.
 */
const THICK_SEGMENTS_PER_PIXEL = 4;

/**
 * How far, in pixels, a line may travel per pixel of the plot's width and still be stroked at its own width.
 * A long run's oscillation against time is a band, each pixel of the plot's width a stroke from its least to
 * its greatest value (see axes.ts, `envelope`): a canvas without a GPU took 25 to 30 ms to stroke eleven such
 * bands 1.5 px wide on the spring for 200,000 steps, as many frames as it was drawn in. A portrait of rows
 * far apart on its orbit is chords across it (the spring at dt = 0.1, each row four steps apart), eleven
 * methods' of them 100 ms. Either looks the same stroked a hairline; a line that travels less (a few dozen
 * swings across the chart, an orbit drawn a few times round) keeps its width.
 */
const THICK_TRAVEL_PER_PIXEL = 16;

/**
 * A path through (x, y) points in the order given (a phase portrait is not a function of x); on `log` axes
 * (studies with a handful of points, each marked by markerHook) values ≤ 0 are left out. A point less than
 * half a pixel from the last one drawn is passed over; a long series is drawn as stretches of its points
 * (see `stretches`); every segment is clipped to a band around the chart (see clip.ts).
 *
 * While `sampled` says a series' points are rows many steps apart (a long run keeps one every hundreds or
 * thousands of steps, often more than a period of an oscillation), a point more than `SAMPLED_JOIN` pixels
 * from the last is drawn as a dot, not joined to it: the line would be a chord across the motion, not its
 * path. (RK4 alone on the spring to 10⁶ s keeps a row every 351 steps, 2.2 periods: its ellipse, thinner than
 * a pixel, had been drawn as a ring about a fifteenth of its width thick, of chords; and a canvas without a
 * GPU took up to 130 ms a frame to stroke them.)
 *
 * `dash`, where given, is the line's own dashes at the chart's size: a line stroked a hairline (see
 * THICK_SEGMENTS_PER_PIXEL) is then stroked solid, and any other with them. A dense portrait's passes lay
 * their dashes over one another's gaps, and a canvas without a GPU took four times as long to stroke a
 * dashed hairline as a solid one (eleven methods' portraits of 200,000 steps at dt = 0.1, most dashed:
 * 25 to 35 ms a frame). Without it, the series' dashes are left as they are.
 */
export function throughPoints(
  log: boolean,
  sampled: (seriesIdx: number) => boolean = () => false,
  dash?: number[],
): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const [xs, ys] = (u.data[seriesIdx] as unknown as [Column, Column]) ?? [[], []];
    const series = u.series[seriesIdx] as uPlot.Series & { facets: { scale: string }[] };
    const [sx, sy] = [series.facets[0]?.scale ?? 'x', series.facets[1]?.scale ?? 'y'];
    // Canvas pixels of a value: uPlot's own mapping on log axes (a handful of points); on linear ones the
    // same arithmetic inline, since a long run has hundreds of thousands of points to place every frame.
    const linear = (scale: string, along: 'x' | 'y') => {
      const { min = 0, max = 1 } = u.scales[scale] ?? {};
      const { left, top, width, height } = u.bbox;
      return along === 'x'
        ? (v: number) => left + ((v - min) / (max - min)) * width
        : (v: number) => top + height - ((v - min) / (max - min)) * height;
    };
    const toX = log ? (v: number) => u.valToPos(v, sx, true) : linear(sx, 'x');
    const toY = log ? (v: number) => u.valToPos(v, sy, true) : linear(sy, 'y');
    const apart = sampled(seriesIdx);
    const across = Math.hypot(u.bbox.width, u.bbox.height);
    // A dot as long as the line is wide, so that it reads as a point of the line.
    const dot = ((series.width ?? 1) * (globalThis.devicePixelRatio || 1)) / 2;
    const wide = Math.max(1, u.bbox.width);
    /** Whether a path of this many segments, this long in pixels, is stroked a hairline. */
    const thinFor = (segments: number, length: number) =>
      segments > THICK_SEGMENTS_PER_PIXEL * wide || length > THICK_TRAVEL_PER_PIXEL * wide;

    /**
     * The path, passing over steps through pixels an earlier pass inked where `skip` (a dashed line is drawn
     * whole: each piece of it would start its dashes anew; its dots are passed over all the same, below).
     * With the segments drawn, and the line's segments and their length in pixels, those passed over
     * included (each at most the plot's diagonal, as clipped).
     */
    const trace = (skip: boolean) => {
      const stroke = new Path2D();
      const path = new ClippedPath(stroke, band(u.bbox));
      const dots = log ? undefined : inked(u.bbox);
      const ink = skip ? dots : undefined;
      let drawn = 0;
      let segments = 0;
      let length = 0;
      for (const [start, end] of stretches(idx0, idx1, POINTS_PER_PIXEL * Math.max(1, u.bbox.width))) {
        path.break();
        let started = false;
        let lastX = 0;
        let lastY = 0;
        // Whether the point before was passed over as already inked: the line resumes from it.
        let passed = false;
        for (let i = start; i <= end; i++) {
          const x = xs[i];
          const y = ys[i];
          if (x === null || x === undefined || y === null || y === undefined) continue;
          if (log && y <= 0) continue;
          const px = toX(x);
          const py = toY(y);
          if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
          if (started && i < end && Math.abs(px - lastX) < 0.5 && Math.abs(py - lastY) < 0.5) continue;
          if (apart && (!started || Math.hypot(px - lastX, py - lastY) > SAMPLED_JOIN)) {
            // A dot on a pixel the series has inked before adds no ink, and is not drawn: a long run's rows
            // land all round its orbit, thousands a series, each dot a stroke of its own.
            if (dots) {
              dots.travel(RECENT + 1);
              if (dots.covers(px, py, px, py)) {
                // The line, where the next point joins this one, resumes from here.
                passed = true;
                started = true;
                lastX = px;
                lastY = py;
                continue;
              }
            }
            path.break();
            path.to(px - dot, py);
            path.to(px + dot, py);
            dots?.mark(px, py, px, py);
            passed = false;
            started = true;
            lastX = px;
            lastY = py;
            continue;
          }
          const step = started ? Math.hypot(px - lastX, py - lastY) : 0;
          segments++;
          length += Math.min(step, across);
          ink?.travel(step);
          // A step through pixels an earlier pass of the line has been through adds no ink: a run round one
          // ellipse for a thousand periods is drawn round it once, not a thousand times over (a canvas without
          // a GPU takes tens of milliseconds to stroke it a thousand times).
          if (ink && started && i < end && ink.covers(lastX, lastY, px, py)) {
            passed = true;
            lastX = px;
            lastY = py;
            continue;
          }
          if (passed) {
            path.break();
            path.to(lastX, lastY);
            passed = false;
          }
          path.to(px, py);
          drawn++;
          if (ink && started) ink.mark(lastX, lastY, px, py);
          else ink?.mark(px, py, px, py);
          started = true;
          lastX = px;
          lastY = py;
        }
      }
      return { stroke, drawn, segments, length };
    };

    // A dashed line stroked a hairline is stroked solid (see `dash`), and so passes over what is inked as a
    // solid line does: a long run's portrait, most of its methods dashed, had stroked every one of its
    // segments. Whether it is a hairline is known once traced: one that is not, dashed, and passed over
    // some of its steps is traced again whole.
    let traced = trace(true);
    // Whether it is a hairline follows its line as it is, every pass of it: how much was passed over does
    // not make a line that is a band of passes at one width thick at another.
    const thin = thinFor(traced.segments, traced.length);
    if (!thin && traced.drawn !== traced.segments && (dash ?? series.dash)?.length) traced = trace(false);
    const { stroke } = traced;
    // uPlot strokes a series with its series' dashes, read as it draws the path built here.
    if (dash) series.dash = thin ? undefined : dash;
    return {
      stroke,
      fill: null,
      clip: null,
      band: null,
      flags: 0,
      ...(thin ? { _width: hairline(series) } : {}),
    } as uPlot.Series.Paths;
  };
}

/**
 * The width a dense series is stroked at: one device pixel at the page's size for a line of the usual 1.5
 * (two in a PNG drawn at twice it). uPlot multiplies a width by the device's pixels a CSS pixel.
 */
function hairline(series: uPlot.Series): number {
  return (series.width ?? 1.5) / 1.5 / (globalThis.devicePixelRatio || 1);
}

/**
 * `build`'s path, stroked a hairline where the line travels up and down more than `THICK_TRAVEL_PER_PIXEL`
 * pixels per pixel of the plot's width: for charts against time, whose points are in the order of x.
 */
export function hairlineWhenDense(build: uPlot.Series.PathBuilder): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const paths = build(u, seriesIdx, idx0, idx1);
    const series = u.series[seriesIdx];
    const ys = u.data[seriesIdx];
    if (!paths || !series || !ys) return paths;
    const scale = series.scale ?? 'y';
    const most = THICK_TRAVEL_PER_PIXEL * Math.max(1, u.bbox.width);
    let travel = 0;
    let last = Number.NaN;
    for (let i = idx0; i <= idx1 && travel <= most; i++) {
      const y = ys[i];
      if (y === null || y === undefined) continue;
      const py = u.valToPos(y, scale, true);
      if (!Number.isFinite(py)) continue;
      if (!Number.isNaN(last)) travel += Math.abs(py - last);
      last = py;
    }
    return travel > most ? ({ ...paths, _width: hairline(series) } as uPlot.Series.Paths) : paths;
  };
}

/** The longest step, in pixels, `Ink` follows pixel by pixel: a longer one is always drawn. */
const INKED_STEP = 64;
/** How far back along the line, in pixels, its own trail does not count as an earlier pass. */
const RECENT = 16;

/**
 * The pixels of a plot a series' line has been through, each stamped with how far the line had gone there
 * (see `throughPoints`). The distance goes on from series to series and frame to frame, so that the stamps
 * of another series or an earlier frame are simply older than the series' start: nothing is cleared.
 */
class Ink {
  private readonly cells: Float64Array;
  private readonly columns: number;
  private readonly rows: number;
  /** The distance drawn, in pixels, over every series since the plot had this size. */
  private travelled = 0;
  /** Where the series being drawn started. */
  private start = 1;

  constructor(private readonly plot: Rect) {
    this.columns = Math.max(1, Math.ceil(plot.width));
    this.rows = Math.max(1, Math.ceil(plot.height));
    this.cells = new Float64Array(this.columns * this.rows);
  }

  /** A new series: no pixel is inked for it yet. */
  begin(): void {
    this.travelled += RECENT + 1;
    this.start = this.travelled;
  }

  /**
   * The line has gone `distance` pixels further. A step longer than any the ink follows counts as that long:
   * a step of 1e30 px (explicit Euler leaving) would leave no precision in the distance for the next ones.
   */
  travel(distance: number): void {
    this.travelled += Math.min(Number.isFinite(distance) ? distance : 0, 2 * INKED_STEP);
  }

  /** The cell of canvas pixel (x, y), or -1 outside the plot. */
  private cell(x: number, y: number): number {
    const col = Math.floor(x - this.plot.left);
    const row = Math.floor(y - this.plot.top);
    if (col < 0 || row < 0 || col >= this.columns || row >= this.rows) return -1;
    return row * this.columns + col;
  }

  /** The pixel steps along the segment from (x0, y0) to (x1, y1), ends included; 0 where it is too long. */
  private static steps(x0: number, y0: number, x1: number, y1: number): number {
    const length = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    return length > INKED_STEP ? 0 : Math.ceil(length);
  }

  /**
   * Whether every pixel the segment from (x0, y0) to (x1, y1) goes through was inked by an earlier pass of
   * the series' line (not by its last `RECENT` pixels, the very stroke it continues). The pixel the segment
   * starts from is where the line is: the segment before has just inked it, or an earlier pass (it was
   * passed over). Counted, it would be recent at every step shorter than `RECENT`, and a line of such steps
   * round one orbit a thousand times would never be passed over.
   */
  covers(x0: number, y0: number, x1: number, y1: number): boolean {
    const steps = Ink.steps(x0, y0, x1, y1);
    if (steps === 0 && (x0 !== x1 || y0 !== y1)) return false;
    const from = steps === 0 ? -1 : this.cell(x0, y0);
    for (let k = 0; k <= steps; k++) {
      const f = steps === 0 ? 0 : k / steps;
      const cell = this.cell(x0 + f * (x1 - x0), y0 + f * (y1 - y0));
      if (cell === from && cell >= 0) continue;
      const stamp = cell < 0 ? 0 : (this.cells[cell] ?? 0);
      if (stamp < this.start || this.travelled - stamp <= RECENT) return false;
    }
    return true;
  }

  /** Inks the pixels the segment from (x0, y0) to (x1, y1) goes through (only its end where it is long). */
  mark(x0: number, y0: number, x1: number, y1: number): void {
    const steps = Ink.steps(x0, y0, x1, y1);
    for (let k = steps === 0 ? 1 : 0; k <= Math.max(steps, 1); k++) {
      const f = steps === 0 ? 1 : k / steps;
      const cell = this.cell(x0 + f * (x1 - x0), y0 + f * (y1 - y0));
      if (cell >= 0) this.cells[cell] = this.travelled;
    }
  }
}

/** The `Ink` of a plot, begun for a new series: one, kept while the plot keeps its size (the page has one
 * phase portrait, the only chart that inks). */
let reused: Ink | undefined;
let reusedFor = '';
function inked(plot: Rect): Ink {
  const key = `${plot.left},${plot.top},${plot.width},${plot.height}`;
  if (!reused || key !== reusedFor) {
    reused = new Ink(plot);
    reusedFor = key;
  }
  reused.begin();
  return reused;
}
