// The pieces every chart shares: axes (compact labels; whole decades on log axes), padding, widths, series
// joined onto one time axis, and the positive part of a column for log axes.

import uPlot from 'uplot';
import type { Column } from './charts';
import { short } from './numbers';

export function axis(label: string, log = false): uPlot.Axis {
  return {
    label,
    labelSize: 18,
    size: 64,
    stroke: '#333',
    grid: { stroke: '#eee' },
    ticks: { stroke: '#ccc' },
    // Compact tick labels (1.5e7, not 15,000,000) so large values fit beside the axis.
    values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : short(v))),
    // On a log axis, whole decades only, at most about six of them.
    ...(log ? { splits: decades, filter: (_u: uPlot, splits: number[]) => splits } : {}),
  };
}

function decades(_u: uPlot, _axis: number, min: number, max: number): number[] {
  const lo = Math.ceil(Math.log10(min) - 1e-9);
  const hi = Math.floor(Math.log10(max) + 1e-9);
  const step = Math.max(1, Math.ceil((hi - lo + 1) / 6));
  const out: number[] = [];
  for (let k = lo; k <= hi; k += step) out.push(10 ** k);
  return out;
}

export function widthOf(container: HTMLElement): number {
  return Math.max(240, Math.floor(container.clientWidth));
}

/** Pads a range by 5 % so lines do not sit on the frame. */
export function padded(min: number, max: number): uPlot.Range.MinMax {
  const pad = (max - min) * 0.05 || Math.abs(max) * 0.05 || 1;
  return [min - pad, max + pad];
}

/**
 * Puts series sampled at different times onto one time axis (gaps where a series has no sample), for tracks
 * stepping at steps of their own.
 */
export function joinOnTime(series: [Column, Column][]): { x: Column; ys: Column[] } {
  const joined = uPlot.join(
    series.map(([t, y]) => [Array.from(t as ArrayLike<number>), Array.from(y)] as uPlot.AlignedData),
  );
  return { x: joined[0] as Column, ys: joined.slice(1) as Column[] };
}

export function positiveOnly(col: Column): (number | null)[] {
  const out = new Array<number | null>(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    out[i] = v !== null && v !== undefined && v > 0 ? v : null;
  }
  return out;
}
