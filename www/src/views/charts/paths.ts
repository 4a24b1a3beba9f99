// The path of a series through (x, y) points in their order, for charts whose x is not time: the phase
// portrait (a long one drawn as stretches of its points) and the studies' few marked points on log axes.

import type uPlot from 'uplot';
import { band, ClippedPath } from '../clip';
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

/**
 * A path through (x, y) points in the order given (a phase portrait is not a function of x); on `log` axes
 * (studies with a handful of points, each marked by markerHook) values ≤ 0 are left out. A point less than
 * half a pixel from the last one drawn is passed over; a long series is drawn as stretches of its points
 * (see `stretches`); every segment is clipped to a band around the chart (see clip.ts).
 */
export function throughPoints(log: boolean): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const [xs, ys] = (u.data[seriesIdx] as unknown as [Column, Column]) ?? [[], []];
    const series = u.series[seriesIdx] as uPlot.Series & { facets: { scale: string }[] };
    const [sx, sy] = [series.facets[0]?.scale ?? 'x', series.facets[1]?.scale ?? 'y'];
    const stroke = new Path2D();
    const path = new ClippedPath(stroke, band(u.bbox));
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
    for (const [start, end] of stretches(idx0, idx1, POINTS_PER_PIXEL * Math.max(1, u.bbox.width))) {
      path.break();
      let started = false;
      let [lastX, lastY] = [0, 0];
      for (let i = start; i <= end; i++) {
        const x = xs[i];
        const y = ys[i];
        if (x === null || x === undefined || y === null || y === undefined) continue;
        if (log && y <= 0) continue;
        const px = toX(x);
        const py = toY(y);
        if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
        if (started && i < end && Math.abs(px - lastX) < 0.5 && Math.abs(py - lastY) < 0.5) continue;
        path.to(px, py);
        started = true;
        [lastX, lastY] = [px, py];
      }
    }
    return { stroke, fill: null, clip: null, band: null, flags: 0 };
  };
}
