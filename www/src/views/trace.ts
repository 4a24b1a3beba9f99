// A line through (x, y) points in the order given, as the pictures whose points are not in the order of x draw
// it: the phase portrait (charts/paths.ts) and the scene's trails (scene/plane.ts). A long line is drawn as
// stretches of its points; rows many steps apart far from each other as dots; a step through pixels an earlier
// pass of the line inked is passed over; and whether it is stroked a hairline follows how dense it is.

import { band, ClippedPath, type PathTarget, type Rect } from './clip';

/** Stretches of consecutive points a long line is drawn as, between its beginning and its end. */
const STRETCHES = 256;

/**
 * The stretches of indices a path through `idx0..idx1` visits: all of it while there are at most `budget`
 * points; else the first and the last quarter of the budget whole (how the run began and where it is now)
 * and, between them, `STRETCHES` stretches of consecutive points spread evenly. Each stretch is a true piece
 * of the trajectory (a new stroke starts at each), so a long run round one ellipse draws the ellipse, never
 * chords between points a period apart; and the work a frame stays bounded.
 */
export function stretches(
  idx0: number,
  idx1: number,
  budget: number,
  count = STRETCHES,
): [start: number, end: number][] {
  const n = idx1 - idx0 + 1;
  if (n <= budget) return [[idx0, idx1]];
  const edge = Math.max(2, Math.floor(budget / 4));
  const length = Math.max(2, Math.floor(budget / 2 / count));
  const out: [number, number][] = [[idx0, idx0 + edge - 1]];
  const [from, to] = [idx0 + edge, idx1 - edge - length + 1];
  for (let k = 0; k < count && to > from; k++) {
    const start = from + Math.round((k * (to - from)) / (count - 1));
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
 * stroked one device pixel wide at the page's size (in a PNG at twice the CSS size, as much of it: two pixels
 * where a CSS pixel is one device pixel, one where it is two). A canvas without a GPU strokes a line one
 * device pixel wide as a hairline: 3,500 segments round an ellipse took it 1.5 ms, against 14 at 1.5 px
 * (dashed, 2 against 40); eleven methods' portraits of 200,000 steps had held a frame for half a second at
 * one device pixel a CSS pixel, and for three seconds at two.
 */
const THICK_SEGMENTS_PER_PIXEL = 4;

/**
 * How far, in pixels, a line may travel per pixel of the plot's width and still be stroked at its own width.
 * A long run's oscillation against time is a band, each pixel of the plot's width a stroke from its least to
 * its greatest value (see axes.ts, `envelope`): a canvas without a GPU took 25 to 30 ms to stroke eleven such
 * bands 1.5 px wide on the spring for 200,000 steps, as many frames as it was drawn in. A portrait of rows
 * far apart on its orbit, joined, is chords across it (the spring at dt = 0.1 with rows several steps apart
 * had been joined), eleven methods' of them 100 ms. Either looks the same stroked a hairline; a line that
 * travels less (a few dozen swings across the chart, an orbit drawn a few times round) keeps its width.
 */
export const THICK_TRAVEL_PER_PIXEL = 16;

/** A line's points, and where they are in canvas pixels. */
export interface Line {
  xs: ArrayLike<number | null | undefined>;
  ys: ArrayLike<number | null | undefined>;
  /** The first and last index drawn. */
  idx0: number;
  idx1: number;
  toX: (v: number) => number;
  toY: (v: number) => number;
}

/** How a line is traced (see `traceLine`). */
export interface Tracing {
  /** The plot, in canvas pixels: segments are clipped to a band around it, and its pixels inked. */
  plot: Rect;
  /** Points drawn at most, and the stretches between a long line's beginning and end (see `stretches`). */
  budget: number;
  stretches?: number;
  /** Its rows are many steps apart: a point more than `SAMPLED_JOIN` pixels from the last is a dot. */
  apart: boolean;
  /** Half a dot's length, in canvas pixels. */
  dot: number;
  /** Its y is on a log axis: values at or below zero are left out, and nothing is inked. */
  log: boolean;
}

/** What `traceLine` drew: its segments drawn, and the line's segments and their length in pixels on the plot
 * (steps with both ends on it), those passed over included. */
export interface Traced {
  drawn: number;
  segments: number;
  length: number;
}

/**
 * Traces a line into `target`: through its points in their order, a point less than half a pixel from the last
 * drawn passed over; a long line as stretches of its points (see `stretches`); each segment clipped to a band
 * around the plot (see clip.ts).
 *
 * While `apart` says its points are rows many steps apart (a long run keeps one every hundreds or thousands of
 * steps, often more than a period of an oscillation), a point more than `SAMPLED_JOIN` pixels from the last is
 * drawn as a dot, not joined to it: the line would be a chord across the motion, not its path. (RK4 alone on
 * the spring to 10⁶ s keeps a row every 351 steps, 2.2 periods: its ellipse, thinner than a pixel, had been
 * drawn as a ring about a fifteenth of its width thick, of chords; and a canvas without a GPU took up to 130 ms
 * a frame to stroke them.) A dot on a pixel the line has dotted before is passed over.
 *
 * Where `skip`, a step through pixels an earlier pass of the line has been through adds no ink and is passed
 * over: a run round one ellipse for a thousand periods is drawn round it once, not a thousand times over (a
 * canvas without a GPU takes tens of milliseconds to stroke it a thousand times). A line stroked with its
 * dashes is traced without: each piece of it would start its dashes anew (see `traceStroked`).
 */
export function traceLine(
  target: PathTarget,
  line: Line,
  how: Tracing,
  inks: InkCache,
  skip: boolean,
): Traced {
  const { xs, ys, toX, toY } = line;
  const { plot, apart, dot, log } = how;
  const path = new ClippedPath(target, band(plot));
  const dots = log ? undefined : inks.begun(plot);
  const ink = skip ? dots : undefined;
  const across = Math.hypot(plot.width, plot.height);
  let drawn = 0;
  let segments = 0;
  let length = 0;
  for (const [start, end] of stretches(line.idx0, line.idx1, how.budget, how.stretches)) {
    path.break();
    let started = false;
    let lastX = 0;
    let lastY = 0;
    // Whether the point before was passed over as already inked: the line resumes from it.
    let passed = false;
    // Whether the line's pixel where the pen is has ink: not where a stretch begins (a move, nothing drawn).
    let inkedAt = false;
    for (let i = start; i <= end; i++) {
      const x = xs[i];
      const y = ys[i];
      if (x === null || x === undefined || y === null || y === undefined) continue;
      if (log && y <= 0) continue;
      const px = toX(x);
      const py = toY(y);
      if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
      if (started && i < end && Math.abs(px - lastX) < 0.5 && Math.abs(py - lastY) < 0.5) continue;
      if (apart && (!started || distance(px - lastX, py - lastY) > SAMPLED_JOIN)) {
        // A dot on a pixel the line has inked before adds no ink, and is not drawn: a long run's rows land
        // all round its orbit, thousands a line, each dot a stroke of its own.
        if (dots) {
          dots.travel(RECENT + 1);
          if (dots.covers(px, py, px, py, true)) {
            // The line, where the next point joins this one, resumes from here.
            passed = true;
            inkedAt = true;
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
        inkedAt = true;
        started = true;
        lastX = px;
        lastY = py;
        continue;
      }
      const step = started ? distance(px - lastX, py - lastY) : 0;
      segments++;
      // Only the line within the plot: a method leaving it (explicit Euler on the spring as the lab opens it)
      // had its steps off the chart count, and turned a hairline as it left.
      if (within(plot, lastX, lastY) && within(plot, px, py)) length += Math.min(step, across);
      ink?.travel(step);
      if (ink && started && i < end && ink.covers(lastX, lastY, px, py, inkedAt)) {
        passed = true;
        inkedAt = true;
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
      // (A stretch's first point is a move: nothing is drawn there, and it inks nothing.)
      if (ink && started) ink.mark(lastX, lastY, px, py);
      inkedAt = started;
      started = true;
      lastX = px;
      lastY = py;
    }
  }
  return { drawn, segments, length };
}

/** Whether canvas pixel (x, y) is on the plot. */
function within(plot: Rect, x: number, y: number): boolean {
  return x >= plot.left && x <= plot.left + plot.width && y >= plot.top && y <= plot.top + plot.height;
}

/** The length of (dx, dy): Math.hypot, which guards against overflow, took V8 twenty times as long, and a
 * line's points are hundreds of thousands a frame (a step too long to square is Infinity, longer than any). */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** Whether a traced line is stroked a hairline on a plot `width` pixels wide: by every pass of it, how much
 * was passed over aside (passing over does not make a line that is a band of passes at one width thick at
 * another). */
function isHairline(traced: Traced, width: number): boolean {
  const wide = Math.max(1, width);
  return traced.segments > THICK_SEGMENTS_PER_PIXEL * wide || traced.length > THICK_TRAVEL_PER_PIXEL * wide;
}

/**
 * Traces a line as it is stroked (see `traceLine`), into a fresh path from `target` each time it is traced:
 * passing over what is inked, but where it keeps its dashes (`dashed`, not a hairline) and passed over any
 * of it, traced again whole. A dashed line stroked a hairline is stroked solid (the caller's to do): a long
 * run's portrait, most of its methods dashed, had stroked every one of its segments.
 */
export function traceStroked<T extends PathTarget>(
  target: () => T,
  line: Line,
  how: Tracing,
  inks: InkCache,
  dashed: boolean,
): { path: T; thin: boolean } {
  let path = target();
  const traced = traceLine(path, line, how, inks, true);
  const thin = isHairline(traced, how.plot.width);
  if (dashed && !thin && traced.drawn !== traced.segments) {
    path = target();
    traceLine(path, line, how, inks, false);
  }
  return { path, thin };
}

/** The longest step, in pixels, `Ink` follows pixel by pixel: a longer one is always drawn. */
const INKED_STEP = 64;
/** How far back along the line, in pixels, its own trail does not count as an earlier pass. */
const RECENT = 16;

/**
 * The pixels of a plot a series' line has been through, each stamped with how far the line had gone there
 * (see `traceLine`). The distance goes on from series to series and frame to frame, so that the stamps
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
   * the series' line (not by its last `RECENT` pixels, the very stroke it continues), looked at one point a
   * pixel along it. Where the pen's pixel has ink (`inkedAt`: the segment before was drawn to it, or passed
   * over as inked), that pixel is the line's own: counted, it would be recent at every step shorter than
   * `RECENT`, and a line of such steps round one orbit a thousand times would never be passed over. A step
   * that stays within it is not covered: it goes through no pixel of an earlier pass. Where a stretch of the
   * line begins (a move, nothing drawn there), its pixel must have been inked by an earlier pass, as every
   * other.
   *
   * (A point a pixel is not every pixel: a pass 1.27 px beside an earlier one can be read as on it where its
   * points fall in the earlier pass's pixels. A walk through every pixel crossed cost the Kepler orbit's
   * every method at dt = 0.01, run to its end, a tenth more time to finish and its longest task 56 → 83 ms;
   * round real orbits the gap it leaves is under a quarter of a pixel.)
   */
  covers(x0: number, y0: number, x1: number, y1: number, inkedAt: boolean): boolean {
    const steps = Ink.steps(x0, y0, x1, y1);
    if (steps === 0 && (x0 !== x1 || y0 !== y1)) return false;
    const from = inkedAt && steps > 0 ? this.cell(x0, y0) : -1;
    let beyond = steps === 0;
    // From its end back: a line going on into new pixels is told so at its first.
    const dx = steps === 0 ? 0 : (x1 - x0) / steps;
    const dy = steps === 0 ? 0 : (y1 - y0) / steps;
    for (let k = steps; k >= 0; k--) {
      const cell = this.cell(x0 + k * dx, y0 + k * dy);
      if (cell === from && cell >= 0) continue;
      beyond = true;
      const stamp = cell < 0 ? 0 : (this.cells[cell] ?? 0);
      if (stamp < this.start || this.travelled - stamp <= RECENT) return false;
    }
    return beyond;
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

/** A picture's `Ink`: one, kept while its plot keeps its size (each picture that inks has its own). */
export class InkCache {
  private ink: Ink | undefined;
  private key = '';

  /** The picture's `Ink` for `plot`, begun for a new line. */
  begun(plot: Rect): Ink {
    const key = `${plot.left},${plot.top},${plot.width},${plot.height}`;
    if (!this.ink || key !== this.key) {
      this.ink = new Ink(plot);
      this.key = key;
    }
    this.ink.begin();
    return this.ink;
  }
}
