// The pieces every chart shares: axes (compact labels; whole decades on log axes), padding, widths, series
// joined onto one time axis, and the positive part of a column for log axes.

import uPlot from 'uplot';
import { short } from '../../ui/numbers';
import { neutral } from '../../ui/palette';
import type { Column } from './chart';

/** The x or y axis; `ink` multiplies its fonts, sizes and lines (see Chart.options). */
export function axis(which: 'x' | 'y', label: string, log = false, ink = 1): uPlot.Axis {
  const font = `${12 * ink}px system-ui, sans-serif`;
  return {
    label,
    font,
    labelFont: `bold ${font}`,
    labelSize: 18 * ink,
    // Room for the tick labels: beside a y axis, the widest number; under an x axis, one line.
    size: (which === 'x' ? 36 : 64) * ink,
    gap: 5 * ink,
    // uPlot's spacing of ticks, scaled.
    space: (which === 'x' ? 50 : 30) * ink,
    // Read when drawn, so a chart kept across runs follows a change of theme.
    stroke: () => neutral().axis,
    grid: { stroke: () => neutral().grid, width: ink },
    ticks: { stroke: () => neutral().tick, width: ink, size: 10 * ink },
    // Compact tick labels (1.5e7, not 15,000,000) so large values fit beside the axis.
    values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : short(v))),
    // On a log axis, whole decades only, at most about six of them.
    ...(log ? { splits: decades, filter: (_u: uPlot, splits: number[]) => splits } : {}),
  };
}

/** Ticks of a log axis: whole decades, at most about six; 1, 2 and 5 of each where fewer than two decades show. */
export function decades(_u: uPlot, _axis: number, min: number, max: number): number[] {
  // A log scale of an empty chart (or of nothing positive) may reach 0 or infinity: no ticks.
  if (!(min > 0 && max >= min && Number.isFinite(max))) return [];
  const lo = Math.ceil(Math.log10(min) - 1e-9);
  const hi = Math.floor(Math.log10(max) + 1e-9);
  const step = Math.max(1, Math.ceil((hi - lo + 1) / 6));
  const out: number[] = [];
  // From their text: 10 ** -4 is 0.00009999999999999999.
  for (let k = lo; k <= hi; k += step) out.push(Number(`1e${k}`));
  if (out.length >= 2) return out;
  // Less than a decade or two apart (a study of three runs): 1, 2 and 5 of each decade in range.
  const within: number[] = [];
  for (let k = Math.floor(Math.log10(min)); k <= Math.ceil(Math.log10(max)); k++)
    for (const m of [1, 2, 5]) {
      const v = Number(`${m}e${k}`);
      if (v >= min && v <= max) within.push(v);
    }
  return within;
}

/**
 * The power of ten a linear axis shows its values in: 1 below 10⁴; a thousand's power up to 10²¹ (so that an
 * SI prefix can name it: 7.5e6 J is 7.5 MJ); beyond, the largest value's own power of ten (uPlot puts no
 * ticks on numbers of more than 17 digits), so that the ticks read 0 to 9.9.
 */
export function axisUnit(lo: number, hi: number): number {
  const big = Math.max(Math.abs(lo), Math.abs(hi));
  if (!(big >= 1e4 && Number.isFinite(big))) return 1;
  const power = Math.floor(Math.log10(big) + 1e-12);
  // From its text: 10 ** 61 is 1.0000000000000001e61.
  return Number(`1e${power < 21 ? 3 * Math.floor(power / 3) : power}`);
}

const PREFIXES: Record<number, string> = { 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };

/**
 * An axis label, "name (unit)", for values shown in `scale`s of the unit: "E (MJ)" where an SI prefix names
 * the scale and the unit is one it may prefix (J, m, m/s, N), else "E (1e61 J)".
 */
export function scaledLabel(label: string, scale: number): string {
  if (scale === 1) return label;
  const prefix = PREFIXES[Math.round(Math.log10(scale))];
  const found = /\((J|m|m\/s|N)\)$/.exec(label);
  if (prefix && found) return label.replace(/\(([^)]*)\)$/, `(${prefix}${found[1]})`);
  return label.replace('(', `(1e${Math.round(Math.log10(scale))} `);
}

export function widthOf(container: HTMLElement): number {
  return Math.max(240, Math.floor(container.clientWidth));
}

/** Pads a range by 5 % so lines do not sit on the frame; never past the largest double (a range that
 * overflowed to infinity would leave the chart blank: explicit Euler's kinetic energy nears 1.8e308 J). */
export function padded(min: number, max: number): uPlot.Range.MinMax {
  const pad = 0.05 * max - 0.05 * min || Math.abs(max) * 0.05 || 1;
  const most = Number.MAX_VALUE;
  return [Math.max(-most, min - pad), Math.min(most, max + pad)];
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

/**
 * Columns thinned to `buckets` stretches of x with each series' smallest and largest value in each (two points
 * a stretch, in the order they came): a line with more points than pixels draws its envelope instead of a
 * filled block, and keeps every peak. Unchanged when there are few enough points: two a stretch at most, so
 * that a line never has more than two points a pixel (a dense zigzag of them takes a canvas without a GPU
 * tens of milliseconds to stroke). Only the values `accept` takes (with their series' index) are looked at
 * (a ratio's log has no place for a value at or below zero): any other is a gap, as one not finite is.
 */
export function envelope(
  x: Column,
  ys: Column[],
  buckets: number,
  accept: (v: number, series: number) => boolean = () => true,
): { x: Column; ys: Column[] } {
  const n = x.length;
  if (n <= 2 * buckets) return { x, ys };
  const size = Math.ceil(n / buckets);
  const outX: (number | null)[] = [];
  const outYs: (number | null)[][] = ys.map(() => []);
  for (let start = 0; start < n; start += size) {
    const end = Math.min(n, start + size);
    // Two points a stretch: at its first x and its last; each series puts its min and max there, in order.
    outX.push(Number(x[start]), Number(x[end - 1]));
    ys.forEach((col, k) => {
      let lo: number | null = null;
      let hi: number | null = null;
      let loAt = 0;
      let hiAt = 0;
      for (let i = start; i < end; i++) {
        const v = col[i];
        if (v === null || v === undefined || !Number.isFinite(v) || !accept(v, k)) continue;
        if (lo === null || v < lo) {
          lo = v;
          loAt = i;
        }
        if (hi === null || v > hi) {
          hi = v;
          hiAt = i;
        }
      }
      const out = outYs[k] ?? [];
      if (loAt <= hiAt) out.push(lo, hi);
      else out.push(hi, lo);
    });
  }
  return { x: outX, ys: outYs };
}
