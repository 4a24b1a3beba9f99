// The paths of a chart's series, as uPlot asks for them: through (x, y) points in their order, for charts
// whose x is not time (the phase portrait, and the studies' few marked points on log axes); and a line against
// time stroked a hairline where it is dense.

import type uPlot from 'uplot';
import { InkCache, THICK_TRAVEL_PER_PIXEL, traceStroked } from '../trace';
import type { Column } from './chart';

/** Points a phase portrait draws at most, per series and per pixel of the chart's width. */
const POINTS_PER_PIXEL = 12;
/**
 * A path through (x, y) points in the order given (a phase portrait is not a function of x), traced as
 * trace.ts's `traceLine` traces a line; on `log` axes (studies with a handful of points, each marked by
 * markerHook) values ≤ 0 are left out. `sampled` says which series' points are rows many steps apart.
 *
 * `dash`, where given, is the line's own dashes at the chart's size: a line stroked a hairline (see trace.ts,
 * `isHairline`) is then stroked solid, and any other with them. A dense portrait's passes lay their dashes
 * over one another's gaps, and a canvas without a GPU took four times as long to stroke a dashed hairline as
 * a solid one (eleven methods' portraits of 200,000 steps at dt = 0.1, most dashed: 25 to 35 ms a frame).
 * Without it, the series' dashes are left as they are.
 */
export function throughPoints(
  log: boolean,
  sampled: (seriesIdx: number) => boolean = () => false,
  dash?: number[],
): uPlot.Series.PathBuilder {
  // The chart's ink: the phase portrait's own.
  const inks = new InkCache();
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
    const { path: stroke, thin } = traceStroked(
      () => new Path2D(),
      {
        xs,
        ys,
        idx0,
        idx1,
        toX: log ? (v: number) => u.valToPos(v, sx, true) : linear(sx, 'x'),
        toY: log ? (v: number) => u.valToPos(v, sy, true) : linear(sy, 'y'),
      },
      {
        plot: u.bbox,
        budget: POINTS_PER_PIXEL * Math.max(1, u.bbox.width),
        apart: sampled(seriesIdx),
        // A dot as long as the line is wide, so that it reads as a point of the line.
        dot: ((series.width ?? 1) * (globalThis.devicePixelRatio || 1)) / 2,
        log,
      },
      inks,
      Boolean((dash ?? series.dash)?.length),
    );
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
 * (in a PNG at twice the CSS size, as much of it). uPlot multiplies a width by the device's pixels a CSS
 * pixel.
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
