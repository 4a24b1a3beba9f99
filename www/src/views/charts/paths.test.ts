import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stretches } from '../trace';
import { hairlineWhenDense, throughPoints } from './paths';

describe('the stretches a long phase portrait is drawn as', () => {
  it('are the whole series while it fits the budget', () => {
    expect(stretches(0, 99, 100)).toEqual([[0, 99]]);
  });

  it('keep the beginning and the end whole, stay in order and within the budget', () => {
    const parts = stretches(0, 143_999, 7200);
    expect(parts[0]).toEqual([0, 1799]);
    expect(parts.at(-1)).toEqual([142_200, 143_999]);
    let points = 0;
    parts.forEach(([start, end], i) => {
      expect(end).toBeGreaterThanOrEqual(start);
      if (i > 0) expect(start).toBeGreaterThan(parts[i - 1]![1]);
      points += end - start + 1;
    });
    expect(points).toBeLessThanOrEqual(7200);
    expect(points).toBeGreaterThan(7000);
    // The middle stretches are spread over the whole run, not bunched at one end.
    const middle = parts.slice(1, -1).map(([start]) => start);
    expect(Math.min(...middle)).toBeLessThan(2000);
    expect(Math.max(...middle)).toBeGreaterThan(140_000);
  });
});

/** A Path2D that counts what it is asked to draw (Node has none). */
class CountingPath {
  static last: CountingPath | undefined;
  moves = 0;
  lines = 0;
  constructor() {
    CountingPath.last = this;
  }
  moveTo(): void {
    this.moves++;
  }
  lineTo(): void {
    this.lines++;
  }
}

/** Within a describe: each test's paths are CountingPaths. */
function countPaths(): void {
  const saved = globalThis.Path2D;
  beforeEach(() => {
    globalThis.Path2D = CountingPath as unknown as typeof Path2D;
  });
  afterEach(() => {
    globalThis.Path2D = saved;
  });
}

/** What `throughPoints` reads of a uPlot: one series of (x, y) points on a 300 by 200 plot, axes 0 to 1. */
function plotOf(xs: number[], ys: number[], dash?: number[]): uPlot {
  return {
    data: [null, [xs, ys]],
    series: [{}, { facets: [{ scale: 'x' }, { scale: 'y' }], width: 1.5, dash }],
    scales: { x: { min: 0, max: 1 }, y: { min: 0, max: 1 } },
    bbox: { left: 0, top: 0, width: 300, height: 200 },
  } as unknown as uPlot;
}

describe('a long run’s phase portrait, its rows many steps apart', () => {
  countPaths();

  it('draws a dot once a pixel: rows that land on pixels dotted before add no stroke', () => {
    // 3000 rows landing, round after round, on the same 12 points of an orbit, each far from the last.
    const round = [...Array(12).keys()].map((k) => [
      0.5 + 0.4 * Math.cos(k / 2),
      0.5 + 0.4 * Math.sin(k / 2),
    ]);
    for (const dash of [undefined, [4, 3]]) {
      const rows = [...Array(3000).keys()].map((i) => round[(i * 5) % 12]!);
      const u = plotOf(
        rows.map(([x]) => x!),
        rows.map(([, y]) => y!),
        dash,
      );
      throughPoints(false, () => true)(u, 1, 0, rows.length - 1);
      // Each of the 12 dots is a stroke of its own (a move and a line), drawn once.
      expect(CountingPath.last?.moves, `dash ${dash}`).toBe(12);
      expect(CountingPath.last?.lines, `dash ${dash}`).toBe(12);
    }
  });

  it('still joins rows that are near each other, from a dot passed over', () => {
    // A dot, the same dot again (passed over), then a row 2 px on: joined to it by a line from there.
    const u = plotOf([0.5, 0.9, 0.5, 0.5 + 2 / 300], [0.5, 0.5, 0.5, 0.5]);
    throughPoints(false, () => true)(u, 1, 0, 3);
    // Dots at 0.5 and 0.9; the third row passed over; the line resumes at it (a move) to the fourth.
    expect(CountingPath.last?.moves).toBe(3);
    expect(CountingPath.last?.lines).toBe(3);
  });
});

describe('a phase portrait of very many segments', () => {
  countPaths();

  /** `n` points on a spiral of `turns` turns, its rings 7 px apart on the 300 by 200 plot: none retraced. */
  const spiral = (n: number, turns: number) => {
    const at = (i: number) => [i / n, (2 * Math.PI * turns * i) / n] as const;
    return plotOf(
      [...Array(n).keys()].map((i) => 0.5 + (0.1 + 0.35 * at(i)[0]) * Math.cos(at(i)[1])),
      [...Array(n).keys()].map((i) => 0.5 + (0.1 + 0.35 * at(i)[0]) * Math.sin(at(i)[1])),
    );
  };

  it('is stroked one device pixel wide past four segments a pixel of the plot’s width (a hairline without a GPU)', () => {
    const long = spiral(3000, 10);
    const saved = globalThis.devicePixelRatio;
    try {
      // uPlot multiplies the width by the device's pixels a CSS pixel: 1, 2, 3.
      for (const ratio of [1, 2, 3]) {
        globalThis.devicePixelRatio = ratio;
        const paths = throughPoints(false)(long, 1, 0, 2999) as uPlot.Series.Paths & { _width?: number };
        expect(CountingPath.last?.lines).toBeGreaterThan(4 * 300);
        expect(paths._width! * ratio, `at ${ratio} device pixels a CSS pixel`).toBeCloseTo(1, 12);
      }
    } finally {
      globalThis.devicePixelRatio = saved;
    }
  });

  it('strokes an orbit it goes round again and again once, in steps of a pixel or two: a hairline all the same', () => {
    // 3,000 points ten times round one ellipse, about 1.8 px apart: each pass after the first goes through
    // pixels the first inked, and is passed over. Whether it is a hairline follows its every pass.
    const n = 3000;
    const at = (i: number) => (2 * Math.PI * 10 * i) / n;
    const xs = [...Array(n).keys()].map((i) => 0.5 + 0.35 * Math.cos(at(i)));
    const ys = [...Array(n).keys()].map((i) => 0.5 + 0.35 * Math.sin(at(i)));
    const paths = throughPoints(false)(plotOf(xs, ys), 1, 0, n - 1) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(CountingPath.last?.lines).toBeGreaterThan(250);
    expect(CountingPath.last?.lines).toBeLessThan(2 * 300);
    expect(paths._width).toBeDefined();
  });

  it('keeps its width where it leaves the plot: its steps off the plot are not counted', () => {
    // Twenty points round the middle, then thirty far off the plot, each a plot's width or more from the last
    // (explicit Euler leaving the spring's scale): 30 diagonals' length, 10,000 px, over sixteen a pixel.
    const xs = [...Array(20).keys()].map((i) => 0.5 + 0.1 * Math.cos(i / 3));
    const ys = [...Array(20).keys()].map((i) => 0.5 + 0.1 * Math.sin(i / 3));
    for (let k = 1; k <= 30; k++) {
      xs.push(k % 2 ? 3 + k : -2 - k);
      ys.push(k % 2 ? -2 - k : 3 + k);
    }
    const paths = throughPoints(false)(plotOf(xs, ys), 1, 0, xs.length - 1) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(paths._width).toBeUndefined();
  });

  it('keeps its width where it has fewer', () => {
    const short = spiral(600, 2);
    const paths = throughPoints(false)(short, 1, 0, 599) as uPlot.Series.Paths & { _width?: number };
    expect(CountingPath.last?.lines).toBeLessThan(4 * 300);
    expect(paths._width).toBeUndefined();
  });

  it('is stroked a hairline past sixteen pixels of line a pixel of the plot’s width, however few its segments', () => {
    // Points far apart round an orbit that turns a little each round, joined: chords across it, each new (a
    // large step, every step kept). 600 chords of about 200 px: 120,000 px of line, 400 a pixel.
    const n = 600;
    const xs = [...Array(n).keys()].map((i) => 0.5 + 0.45 * Math.cos(2.3 * i + i / 997));
    const ys = [...Array(n).keys()].map((i) => 0.5 + 0.45 * Math.sin(2.3 * i + i / 997));
    const chords = throughPoints(false)(plotOf(xs, ys), 1, 0, n - 1) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(CountingPath.last?.lines).toBeLessThan(4 * 300);
    expect(chords._width).toBeCloseTo(1 / (globalThis.devicePixelRatio || 1), 12);
    // The same orbit's first 14 chords (under 3,000 px of line, under 16 a pixel) keep their width.
    const few = throughPoints(false)(
      plotOf(xs.slice(0, 15), ys.slice(0, 15)),
      1,
      0,
      14,
    ) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(few._width).toBeUndefined();
  });
});

describe('a dashed phase portrait', () => {
  countPaths();

  it('is stroked solid where it is stroked a hairline, and with its dashes where it is not', () => {
    // The spiral of 'a phase portrait of very many segments', 3000 points round 10 turns: a hairline.
    const n = 3000;
    const at = (i: number) => [i / n, (2 * Math.PI * 10 * i) / n] as const;
    const xs = [...Array(n).keys()].map((i) => 0.5 + (0.1 + 0.35 * at(i)[0]) * Math.cos(at(i)[1]));
    const ys = [...Array(n).keys()].map((i) => 0.5 + (0.1 + 0.35 * at(i)[0]) * Math.sin(at(i)[1]));
    const dash = [6, 4];
    const long = plotOf(xs, ys, dash);
    const drawn = throughPoints(false, () => false, dash)(long, 1, 0, n - 1) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(drawn._width).toBeDefined();
    expect(long.series[1]?.dash).toBeUndefined();
    // Its first 300 points (one turn): its own width, and its dashes again, the same series drawn anew.
    const again = throughPoints(false, () => false, dash)(long, 1, 0, 299) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(again._width).toBeUndefined();
    expect(long.series[1]?.dash).toEqual(dash);
  });

  it('passes over what it has inked where it is stroked a hairline, as a solid line does, and not where it keeps its dashes', () => {
    const dash = [6, 4];
    /** `n` points `turns` times round one ellipse, dashed. */
    const round = (n: number, turns: number) => {
      const at = (i: number) => (2 * Math.PI * turns * i) / n;
      const xs = [...Array(n).keys()].map((i) => 0.5 + 0.35 * Math.cos(at(i)));
      const ys = [...Array(n).keys()].map((i) => 0.5 + 0.35 * Math.sin(at(i)));
      return plotOf(xs, ys, dash);
    };
    // 6,000 points twenty times round: a hairline (6,000 segments, over four a pixel), stroked solid, each
    // pixel once: about one round's 300 segments, not 6,000.
    const many = round(6000, 20);
    const hairline = throughPoints(false, () => false, dash)(many, 1, 0, 5999) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(hairline._width).toBeDefined();
    expect(many.series[1]?.dash).toBeUndefined();
    expect(CountingPath.last?.lines).toBeGreaterThan(250);
    expect(CountingPath.last?.lines).toBeLessThan(600);
    // 1,000 points twice round, about a pixel apart: under four segments a pixel and under sixteen pixels of
    // line, so it keeps its width and its dashes, and its second round is drawn as well (a dashed line passed
    // over in places would start its dashes anew at each).
    const one = throughPoints(false, () => false, dash)(round(500, 1), 1, 0, 499);
    expect(one).toBeDefined();
    const first = CountingPath.last?.lines ?? 0;
    const twice = round(1000, 2);
    const dashed = throughPoints(false, () => false, dash)(twice, 1, 0, 999) as uPlot.Series.Paths & {
      _width?: number;
    };
    expect(dashed._width).toBeUndefined();
    expect(twice.series[1]?.dash).toEqual(dash);
    expect(CountingPath.last?.moves).toBe(1);
    expect(CountingPath.last?.lines).toBeGreaterThan(1.9 * first);
  });
});

describe('a line against time', () => {
  /** What `hairlineWhenDense` reads of a uPlot: one series on a 300 by 200 plot, y from 0 to 1 (top to bottom
   * in canvas pixels, as uPlot places it). */
  const plot = (ys: number[]) =>
    ({
      data: [ys.map((_, i) => i), ys],
      series: [{}, { scale: 'y', width: 1.5 }],
      bbox: { left: 0, top: 0, width: 300, height: 200 },
      valToPos: (v: number) => 200 - 200 * v,
    }) as unknown as uPlot;
  /** A stand-in for uPlot's own path: a path, as it is. */
  const built: uPlot.Series.Paths = { stroke: null, fill: null, clip: null, band: null, flags: 0 };
  const draw = hairlineWhenDense(() => built);

  it('is stroked a hairline where it is a band: a long run’s oscillation, each pixel a stroke from its least to its greatest', () => {
    // The envelope of 3,000 periods over 300 pixels: each pixel's least and greatest, 0.1 and 0.9.
    const band = [...Array(600).keys()].map((i) => (i % 2 === 0 ? 0.1 : 0.9));
    const paths = draw(plot(band), 1, 0, band.length - 1) as uPlot.Series.Paths & { _width?: number };
    expect(paths._width).toBeCloseTo(1 / (globalThis.devicePixelRatio || 1), 12);
  });

  it('keeps its width while it swings fewer times across the chart', () => {
    // Twelve swings from 0.1 to 0.9 and back over 600 points: 3,840 px of travel, under 16 a pixel.
    const swings = [...Array(600).keys()].map((i) => 0.5 + 0.4 * Math.sin((2 * Math.PI * 12 * i) / 600));
    const paths = draw(plot(swings), 1, 0, swings.length - 1) as uPlot.Series.Paths & { _width?: number };
    expect(paths._width).toBeUndefined();
    expect(paths).toBe(built);
  });

  it('is not misled by gaps or values off any scale', () => {
    const gappy = [0.5, null, Number.POSITIVE_INFINITY, 0.6] as unknown as number[];
    const u = plot(gappy);
    (u as unknown as { valToPos: (v: number) => number }).valToPos = (v) => 200 - 200 * v;
    const paths = draw(u, 1, 0, 3) as uPlot.Series.Paths & { _width?: number };
    expect(paths._width).toBeUndefined();
  });
});
