// Lines kept near their plot before they reach a canvas. A vertex astronomically far away (explicit Euler's
// x ≈ 1.85e30 m on the default spring) makes GPU-accelerated canvases (WebKit's default renderer, Chromium
// with GPU rasterisation) drop the whole line it belongs to: the very line a student is meant to watch blow
// up. So every segment is clipped to a band a few plot sizes wide around the plot, and every value a chart
// library draws is clamped to such a band; the raw values stay as they are for tables, notices and the CSV.

/** How many plot sizes the band reaches beyond the plot on every side. */
export const BAND = 4;

/** A rectangle in canvas pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a path needs of a canvas context or a Path2D. */
export interface PathTarget {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** The band around a plot: its rectangle grown by `BAND` of its sizes on every side. */
export function band(plot: Rect): Rect {
  const [w, h] = [Math.max(plot.width, 1), Math.max(plot.height, 1)];
  return {
    left: plot.left - BAND * w,
    top: plot.top - BAND * h,
    width: (2 * BAND + 1) * w,
    height: (2 * BAND + 1) * h,
  };
}

/**
 * The part of the segment from (x0, y0) to (x1, y1) inside `r`, as fractions [t0, t1] of the way along it,
 * or undefined where none of it is (Liang–Barsky).
 */
export function clipSegment(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: Rect,
): [number, number] | undefined {
  const [dx, dy] = [x1 - x0, y1 - y0];
  let [t0, t1] = [0, 1];
  const edges: [number, number][] = [
    [-dx, x0 - r.left],
    [dx, r.left + r.width - x0],
    [-dy, y0 - r.top],
    [dy, r.top + r.height - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return undefined;
  }
  return [t0, t1];
}

/**
 * A polyline drawn through `target` with only the parts inside `r`: each piece that enters the band starts
 * with a `moveTo` where it enters, so a line that leaves the band and comes back is never joined across it.
 * A point that is not finite breaks the line.
 */
export class ClippedPath {
  // The last point and the pen, as numbers, not pairs: a long run's portrait passes through hundreds of
  // thousands of points a frame, and a pair made for each kept the garbage collector busy.
  private hasLast = false;
  private lastX = 0;
  private lastY = 0;
  /** Where the pen is, when the last piece drawn ended there. */
  private hasPen = false;
  private penX = 0;
  private penY = 0;

  constructor(
    private readonly target: PathTarget,
    private readonly r: Rect,
  ) {}

  to(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      this.break();
      return;
    }
    const x0 = this.lastX;
    const y0 = this.lastY;
    const had = this.hasLast;
    this.hasLast = true;
    this.lastX = x;
    this.lastY = y;
    if (!had) {
      if (this.inside(x, y)) {
        this.target.moveTo(x, y);
        this.penAt(x, y);
      }
      return;
    }
    if (!Number.isFinite(x - x0) || !Number.isFinite(y - y0)) {
      const mx = x0 / 2 + x / 2;
      const my = y0 / 2 + y / 2;
      this.segment(x0, y0, mx, my);
      this.segment(mx, my, x, y);
    } else this.segment(x0, y0, x, y);
  }

  /** Starts a new line: the next point is not joined to the last. */
  break(): void {
    this.hasLast = false;
    this.hasPen = false;
  }

  private penAt(x: number, y: number): void {
    this.hasPen = true;
    this.penX = x;
    this.penY = y;
  }

  /**
   * Draws the part of the segment from (x0, y0) to (x, y) inside the band: all of it where both ends are
   * (the band is convex). Otherwise each end of that part is worked out from the segment's end nearer it:
   * from a point 1e30 away, `a + t (b − a)` keeps nothing of where the segment meets the band (its rounding
   * is 1e14 pixels). What is drawn is kept inside the band, whatever rounding is left where both ends are
   * that far.
   */
  private segment(x0: number, y0: number, x: number, y: number): void {
    let ax = x0;
    let ay = y0;
    let bx = x;
    let by = y;
    let whole = this.inside(x0, y0) && this.inside(x, y);
    if (!whole) {
      const part = clipSegment(x0, y0, x, y, this.r);
      if (!part) {
        this.hasPen = false;
        return;
      }
      const [t0, t1] = part;
      if (t0 > 0) {
        const back = clipSegment(x, y, x0, y0, this.r);
        const s = back ? back[1] : 1 - t0;
        [ax, ay] = this.within(x + s * (x0 - x), y + s * (y0 - y));
      }
      if (t1 !== 1) [bx, by] = this.within(x0 + t1 * (x - x0), y0 + t1 * (y - y0));
      whole = t1 === 1;
    }
    if (!this.hasPen || this.penX !== ax || this.penY !== ay) this.target.moveTo(ax, ay);
    this.target.lineTo(bx, by);
    if (whole) this.penAt(x, y);
    else this.hasPen = false;
  }

  /** A point clamped into the band. */
  private within(x: number, y: number): [number, number] {
    const r = this.r;
    return [Math.min(r.left + r.width, Math.max(r.left, x)), Math.min(r.top + r.height, Math.max(r.top, y))];
  }

  private inside(x: number, y: number): boolean {
    const r = this.r;
    return x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;
  }
}

/** A value clamped to `BAND` spans of [lo, hi] beyond either end, for a chart library that draws the path
 * itself (NaN and null pass through: they are gaps). */
export function clampToBand(v: number, lo: number, hi: number): number {
  const span = Math.max(hi - lo, Number.MIN_VALUE);
  return Math.min(hi + BAND * span, Math.max(lo - BAND * span, v));
}
