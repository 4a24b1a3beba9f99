import type uPlot from 'uplot';
import { afterEach, describe, expect, it } from 'vitest';
import { throughPoints } from './charts/paths';
import { BAND, band, ClippedPath, clampToBand, clipSegment, type PathTarget, type Rect } from './clip';
import { plane } from './scene/plane';

/** Explicit Euler on the default spring (k = 15, m = 1, x0 = 1000, dt = 0.1): x and v a step, as the lab
 * steps them (x += v dt; v += −k x dt). By t = 90 s x reaches about 1e30 m. */
function eulerSpring(steps: number): { x: number[]; v: number[] } {
  const [k, dt] = [15, 0.1];
  let [x, v] = [1000, 0];
  const out = { x: [x], v: [v] };
  for (let i = 0; i < steps; i++) {
    [x, v] = [x + v * dt, v - k * x * dt];
    out.x.push(x);
    out.v.push(v);
  }
  return out;
}

/** A canvas context or a Path2D that records every point it is given. */
class Recorder implements PathTarget {
  points: [number, number][] = [];
  /** How many pieces the line was drawn in. */
  pieces = 0;
  moveTo(x: number, y: number) {
    this.points.push([x, y]);
    this.pieces++;
  }
  lineTo(x: number, y: number) {
    this.points.push([x, y]);
  }
}

/** Makes every Path2D a recorder (see afterEach), and returns those made. */
function recordPaths(): Recorder[] {
  const recorded: Recorder[] = [];
  Object.assign(globalThis, {
    Path2D: class extends Recorder {
      constructor() {
        super();
        recorded.push(this);
      }
    },
  });
  return recorded;
}

/** Whether every recorded point lies within `n` plot sizes of the plot. */
function within(points: [number, number][], plot: Rect, n: number): boolean {
  return points.every(
    ([x, y]) =>
      x >= plot.left - n * plot.width &&
      x <= plot.left + (n + 1) * plot.width &&
      y >= plot.top - n * plot.height &&
      y <= plot.top + (n + 1) * plot.height,
  );
}

const PLOT: Rect = { left: 40, top: 10, width: 600, height: 300 };

/** A trail for `planeOn`: a body's rows (a, b), the body where its last row is. */
interface Trail {
  label?: string;
  a: number[];
  b: number[];
  truth?: boolean;
  sampled?: boolean;
}

/**
 * Draws the scene's `plane` for `trails` with `ctx` on a canvas `width` by `height` (at one device pixel a CSS
 * pixel), framed by `bounds` on both axes.
 */
function planeOn(ctx: object, trails: Trail[], width = 900, height = 280, bounds = [-1.2, 1.2, -1.2, 1.2]) {
  Object.assign(globalThis, { window: { devicePixelRatio: 1 } });
  const canvas = { clientWidth: width, clientHeight: height, width, height, getContext: () => ctx };
  const [amin, amax, bmin, bmax] = bounds;
  plane(
    canvas as unknown as HTMLCanvasElement,
    {
      scene: { kind: 'plane', params: [] },
      bounds: { a: { min: amin, max: amax }, b: { min: bmin, max: bmax } },
      params: {},
      t: 0,
      dim: 2,
      tracks: trails.map(({ label = 'a body', a, b, truth = false, sampled = false }) => ({
        label,
        colour: '#000',
        truth,
        diverged: false,
        stopped: false,
        state: [a.at(-1)!, b.at(-1)!],
        trailA: Float64Array.from(a),
        trailB: Float64Array.from(b),
        sampled,
      })),
    } as never,
    false,
    true,
  );
}

describe('segments kept near their plot', () => {
  it('explicit Euler blowing up to 1e30 m reaches moveTo and lineTo only within the band', () => {
    const { x, v } = eulerSpring(900);
    expect(Math.max(...x.map(Math.abs))).toBeGreaterThan(1e29);
    const scale = 0.25; // pixels a metre: the truth's 1000 m fills the plot
    const r = new Recorder();
    const path = new ClippedPath(r, band(PLOT));
    for (let i = 0; i < x.length; i++) path.to(340 + x[i]! * scale, 160 - v[i]! * scale * 0.1);
    expect(r.points.length).toBeGreaterThan(10);
    expect(within(r.points, PLOT, BAND)).toBe(true);
    expect(within(r.points, PLOT, 100)).toBe(true);
  });

  it('keeps a segment inside as it is, and leaves the band along the segment’s own line', () => {
    const r = new Recorder();
    const path = new ClippedPath(r, band(PLOT));
    path.to(100, 100);
    path.to(200, 150);
    path.to(200 + 1e30, 150 + 2e30);
    expect(r.points[0]).toEqual([100, 100]);
    expect(r.points[1]).toEqual([200, 150]);
    const [ex, ey] = r.points[2]!;
    // On the line from (200, 150) with slope 2, where it meets the band's bottom edge.
    expect((ey - 150) / (ex - 200)).toBeCloseTo(2, 9);
    expect(ey).toBeCloseTo(PLOT.top + (BAND + 1) * PLOT.height, 6);
  });

  it('starts a piece where a line comes back into the band, never joining across the outside', () => {
    const r = new Recorder();
    const moves: number[] = [];
    const target: PathTarget = {
      moveTo: (x, y) => {
        moves.push(r.points.length);
        r.moveTo(x, y);
      },
      lineTo: (x, y) => r.lineTo(x, y),
    };
    const path = new ClippedPath(target, band(PLOT));
    for (const [x, y] of [
      [100, 100],
      [1e20, 100],
      [1e20, 1e20],
      [300, 200],
    ] as const)
      path.to(x, y);
    expect(moves.length).toBe(2);
    expect(within(r.points, PLOT, BAND)).toBe(true);
  });

  it('breaks a line at a value that is not finite', () => {
    const r = new Recorder();
    const path = new ClippedPath(r, band(PLOT));
    path.to(100, 100);
    path.to(Number.NaN, 100);
    path.to(200, 100);
    path.to(300, 100);
    expect(r.points).toEqual([
      [100, 100],
      [200, 100],
      [300, 100],
    ]);
  });

  it('clips by Liang–Barsky: fractions of the way in and out', () => {
    const box: Rect = { left: 0, top: 0, width: 10, height: 10 };
    expect(clipSegment(-10, 5, 20, 5, box)).toEqual([1 / 3, 2 / 3]);
    expect(clipSegment(-10, -10, -5, -5, box)).toBeUndefined();
    expect(clipSegment(2, 2, 3, 3, box)).toEqual([0, 1]);
  });

  it('clamps a value a chart library draws to a few spans of its range, passing gaps through', () => {
    expect(clampToBand(1.85e30, -1000, 1000)).toBe(1000 + BAND * 2000);
    expect(clampToBand(-1e300, 0, 1)).toBe(-BAND);
    expect(clampToBand(0.5, 0, 1)).toBe(0.5);
    expect(clampToBand(Number.NaN, 0, 1)).toBeNaN();
  });
});

describe('the phase portrait and the scene hand the canvas nothing astronomically far', () => {
  const saved = { Path2D: globalThis.Path2D, window: globalThis.window };
  afterEach(() => {
    Object.assign(globalThis, saved);
  });

  /** The points a phase portrait of (x, v) on PLOT hands its paths, and the pieces it draws them in. */
  function portrait(x: number[], v: number[]): [number, number][] & { pieces: number } {
    const recorded = recordPaths();
    const u = {
      data: [null, [x, v]],
      series: [{}, { facets: [{ scale: 'x' }, { scale: 'y' }] }],
      scales: { x: { min: -1100, max: 1100 }, y: { min: -4300, max: 4300 } },
      bbox: PLOT,
    } as unknown as uPlot;
    throughPoints(false)(u, 1, 0, x.length - 1);
    const points = recorded.flatMap((r) => r.points);
    return Object.assign(points, { pieces: recorded.reduce((n, r) => n + r.pieces, 0) });
  }

  it('phase portrait: explicit Euler’s (x, v) to 1e30 stays within 100 plot sizes', () => {
    const { x, v } = eulerSpring(900);
    const points = portrait(x, v);
    expect(points.length).toBeGreaterThan(10);
    expect(within(points, PLOT, 100)).toBe(true);
  });

  it('phase portrait: a run round one ellipse for many periods is drawn round it once; a spiral whole', () => {
    // The spring's exact motion (ω = √15), 100 points a period for 40 periods: 4000 points on one ellipse.
    const omega = Math.sqrt(15);
    const period = (2 * Math.PI) / omega;
    const t = Array.from({ length: 4000 }, (_, i) => (i * period) / 100);
    const round = portrait(
      t.map((s) => 1000 * Math.cos(omega * s)),
      t.map((s) => -1000 * omega * Math.sin(omega * s)),
    );
    // The first period is drawn; the 39 after it go through pixels already inked, save the last point
    // (where the method is now).
    expect(round.length).toBeGreaterThan(90);
    expect(round.length).toBeLessThan(2 * 100 + 10);
    // A spiral going outwards passes new pixels all the way: every point of it is drawn.
    const spiral = portrait(
      t.map((s) => (300 + s * 10) * Math.cos(omega * s)),
      t.map((s) => -(300 + s * 10) * omega * Math.sin(omega * s)),
    );
    expect(spiral.length).toBeGreaterThan(3900);
    // A line in steps shorter than a pixel is one stroke, not a chain of dots: its own trail just drawn is
    // not an earlier pass.
    const fine = Array.from({ length: 7000 }, (_, i) => i / 7000);
    const once = portrait(
      fine.map((f) => (300 + 500 * f) * Math.cos(2 * Math.PI * f)),
      fine.map((f) => -(300 + 500 * f) * omega * Math.sin(2 * Math.PI * f)),
    );
    expect(once.pieces).toBe(1);
  });

  it('scene: the trail of a body 1e30 m away stays within 100 canvas sizes', () => {
    const { x, v } = eulerSpring(900);
    const ctx = new Proxy(new Recorder(), {
      get: (target, key) =>
        key in target ? Reflect.get(target, key) : key === 'measureText' ? () => ({ width: 50 }) : () => {},
      set: () => true,
    });
    planeOn(ctx, [{ label: 'euler', a: x, b: v }], 600, 300, [-1000, 1000, -4000, 4000]);
    const points = (ctx as unknown as Recorder).points;
    expect(points.length).toBeGreaterThan(10);
    expect(within(points, { left: 0, top: 0, width: 600, height: 300 }, 100)).toBe(true);
  });
});

describe('the scene’s trails', () => {
  /** The trails `plane` strokes for `tracks` on a 900 by 280 canvas: each stroke's points, and its width. */
  const strokes = (tracks: Trail[]) => {
    const recorder = new Recorder();
    const out: { points: number; pieces: number; width: number; dashed: boolean }[] = [];
    let dash: number[] = [];
    const ctx = new Proxy(recorder, {
      get: (target, key) => {
        if (key === 'stroke')
          return () => {
            out.push({
              points: recorder.points.length,
              pieces: recorder.pieces,
              width: (ctx as unknown as { lineWidth: number }).lineWidth,
              dashed: dash.length > 0,
            });
          };
        if (key === 'beginPath')
          return () => {
            recorder.points = [];
            recorder.pieces = 0;
          };
        if (key === 'setLineDash') return (d: number[]) => (dash = d);
        if (key === 'measureText') return () => ({ width: 50 });
        return key in target ? Reflect.get(target, key) : () => {};
      },
      set: (target, key, value) => Reflect.set(target, key, value),
    });
    planeOn(ctx, tracks);
    return out;
  };
  /** `n` points `turns` times round the unit circle. */
  const circle = (n: number, turns: number) => {
    const at = (i: number) => (2 * Math.PI * turns * i) / n;
    return {
      a: Array.from({ length: n }, (_, i) => Math.cos(at(i))),
      b: Array.from({ length: n }, (_, i) => Math.sin(at(i))),
    };
  };

  it('draw an orbit gone round a hundred times round it once, a hairline, solid even for the truth', () => {
    // 40,000 rows, 400 a round: each round's steps under 2 px on a circle 230 px across.
    const [method, truth] = strokes([circle(40_000, 100), { ...circle(40_000, 100), truth: true }]);
    for (const trail of [method!, truth!]) {
      expect(trail.width).toBe(1);
      expect(trail.dashed).toBe(false);
      // Not the 4,096 points traced of it (the first and last thousand whole, stretches between).
      expect(trail.points).toBeLessThan(1200);
    }
  });

  it('draw a long trail that goes somewhere new in a few long pieces, each a piece of its orbit', () => {
    // An outward spiral of 40,000 rows, 100 rounds: more than the 4,096 a trail is traced through, so it is
    // its first and last thousand rows whole and 32 stretches between, 64 rows (a quarter round) each.
    const n = 40_000;
    const at = (i: number) => (2 * Math.PI * 100 * i) / n;
    const r = (i: number) => 0.1 + (1.1 * i) / n;
    const [spiral] = strokes([
      {
        a: Array.from({ length: n }, (_, i) => r(i) * Math.cos(at(i))),
        b: Array.from({ length: n }, (_, i) => r(i) * Math.sin(at(i))),
      },
    ]);
    expect(spiral!.pieces).toBeGreaterThan(20);
    // (A few more where a piece leaves the scene or crosses pixels an earlier round inked.)
    expect(spiral!.pieces).toBeLessThanOrEqual(40);
  });

  it('keep their width and the truth its dashes while few, and draw them whole', () => {
    const [method, truth] = strokes([circle(400, 1), { ...circle(800, 2), truth: true }]);
    expect(method!.width).toBe(1.5);
    expect(method!.points).toBeGreaterThan(350);
    expect(truth!.width).toBe(1);
    expect(truth!.dashed).toBe(true);
    // Both rounds, its dashes unbroken: one piece.
    expect(truth!.points).toBeGreaterThan(700);
    expect(truth!.pieces).toBe(1);
  });

  it('draw rows many steps apart as dots where they are far apart, not chords across the orbit', () => {
    // 2,000 rows a fifth of a round apart (a long run keeping one row every many steps).
    const rows = circle(2000, 400.3);
    const [dots] = strokes([{ ...rows, sampled: true }]);
    // A dot is a piece of its own; every chord would be a line from the last point.
    expect(dots!.pieces).toBeGreaterThan(100);
    expect(dots!.points).toBe(2 * dots!.pieces);
  });

  it('name the bodies off the scene over every trail, outlined, one under another where they left together', () => {
    // What is drawn, in order: each trail's stroke, and each name's outline and fill (with its height).
    const drawn: string[] = [];
    const heights = new Map<string, number>();
    const ctx = new Proxy(new Recorder(), {
      get: (target, key) => {
        if (key === 'stroke') return () => drawn.push('stroke');
        if (key === 'strokeText') return (text: string) => drawn.push(`outline ${text}`);
        if (key === 'fillText')
          return (text: string, _x: number, y: number) => {
            drawn.push(`name ${text}`);
            heights.set(text, y);
          };
        if (key === 'measureText') return () => ({ width: 50 });
        return key in target ? Reflect.get(target, key) : () => {};
      },
      set: () => true,
    });
    const { a, b } = circle(400, 1);
    // Two bodies have flown off by the same side (explicit Euler's orbit, and another's); the third goes
    // round inside the frame, drawn after them.
    planeOn(ctx, [
      { label: 'Explicit Euler', a: [...a, 30], b: [...b, 0] },
      { label: 'Midpoint', a: [...a, 31], b: [...b, 0] },
      { label: 'RK4', a, b },
    ]);
    for (const body of ['Explicit Euler', 'Midpoint']) {
      const name = drawn.indexOf(`name ${body} off the scene`);
      expect(name).toBeGreaterThan(drawn.lastIndexOf('stroke'));
      expect(drawn[name - 1]).toBe(`outline ${body} off the scene`);
    }
    expect(drawn.filter((d) => d.startsWith('name'))).toHaveLength(2);
    const [first, second] = [...heights.values()];
    expect(Math.abs(first! - second!)).toBeGreaterThanOrEqual(16);
  });
});

describe('a point astronomically far away, measured from the other end', () => {
  const band4 = band(PLOT); // x from -2360 to 3040, y from -1190 to 1510
  const drawn = (points: [number, number][]) => {
    const r = new Recorder();
    const path = new ClippedPath(r, band4);
    for (const [x, y] of points) path.to(x, y);
    return r.points;
  };

  it('comes in where the segment meets the band, not at the far end’s rounding', () => {
    expect(
      drawn([
        [1e30, 100],
        [100, 100],
      ]),
    ).toEqual([
      [3040, 100],
      [100, 100],
    ]);
  });

  it('a spike out and back returns from the side it went to', () => {
    const points = drawn([
      [100, 100],
      [101, 1e30],
      [102, 100],
    ]);
    // Out through the bottom edge (y down) at x = 100 and back in through it at x = 102.
    expect(points[1]?.[1]).toBeCloseTo(1510, 6);
    expect(points[2]?.[1]).toBeCloseTo(1510, 6);
    expect(points[2]?.[0]).toBeCloseTo(102, 6);
    expect(points.at(-1)).toEqual([102, 100]);
  });

  it('a segment whose length overflows is still drawn, across the band', () => {
    const points = drawn([
      [-1e308, 100],
      [1e308, 100],
    ]);
    expect(points.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))).toBe(true);
    expect(points[0]).toEqual([-2360, 100]);
    expect(points.at(-1)).toEqual([3040, 100]);
  });

  it('a chord between two far points stays inside the band', () => {
    const points = drawn([
      [1e19, 3e19],
      [-1e19, -3e19],
    ]);
    expect(within(points, PLOT, BAND)).toBe(true);
  });
});
