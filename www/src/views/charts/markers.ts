// Markers along the charts' lines: each method's shape at a few points, the second cue to its colour.

import type uPlot from 'uplot';
import { traceMarker } from '../../ui/palette';
import { pixelRatio } from '../viewport';
import type { Column, SeriesStyle } from './chart';

/** Markers a line carries across the chart. */
const MARKS = 6;

/**
 * A uPlot hook that draws each styled series' marker at a few points spread along its data (staggered from
 * series to series so that lines on top of each other still show every marker), or at every point of a
 * series of a few (a study's runs). `stylesOf` gives the series'
 * looks as they are when the chart draws (a chart may be reshaped); `pair` reads a series'
 * (x, y) columns from the plot's data; `ink` multiplies the markers' size.
 */
export function markerHook(
  stylesOf: () => SeriesStyle[],
  pair: (u: uPlot, series: number) => [Column, Column] | undefined,
  ink = 1,
): (u: uPlot) => void {
  return (u) => {
    const styles = stylesOf();
    const ctx = u.ctx;
    const r = 3.5 * ink * pixelRatio();
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
    ctx.clip();
    styles.forEach((style, i) => {
      const data = pair(u, i + 1);
      if (!style.marker || !data || u.series[i + 1]?.show === false) return;
      const [xs, ys] = data;
      const n = Math.min(xs.length, ys.length);
      if (n === 0) return;
      ctx.beginPath();
      const every = n <= 2 * MARKS;
      for (let k = 0; k < (every ? n : MARKS); k++) {
        const at = every ? k : Math.floor(((k + 0.5 + (0.37 * i) / styles.length) / MARKS) * (n - 1));
        const [x, y] = [xs[at], ys[at]];
        if (x === null || x === undefined || y === null || y === undefined) continue;
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        const [px, py] = [u.valToPos(x, 'x', true), u.valToPos(y, 'y', true)];
        // A marker off the chart is not drawn: one far away would take the others with it (see clip.ts).
        const { left, top, width, height } = u.bbox;
        if (px < left - r || px > left + width + r || py < top - r || py > top + height + r) continue;
        traceMarker(ctx, style.marker, px, py, r);
      }
      ctx.fillStyle = style.stroke;
      ctx.fill();
    });
    ctx.restore();
  };
}
