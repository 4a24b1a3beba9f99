// Axis ranges that stay readable when a method blows up: the truth and the well-behaved methods set the
// range; a series that strays far beyond it is left to run off the chart (and the page says so).

export interface Extent {
  min: number;
  max: number;
}

export function extent(values: ArrayLike<number | null | undefined>): Extent | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : undefined;
}

/**
 * The first index at or after `from` whose value is not finite, or undefined where there is none: where a
 * growing method's energy first passes the largest number a double holds (it may come back below a few times,
 * as the motion swings through zero, before it stays past it).
 */
export function firstNotFinite(values: ArrayLike<number>, from = 0): number | undefined {
  for (let i = from; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return undefined;
}

/** How far beyond the reference range a series may reach before it counts as off scale. */
export const OFF_SCALE = 4;

/**
 * The range to show. `reference` is the truth's extent when there is one; each series joins the range
 * unless it reaches more than OFF_SCALE spans beyond it. The span is the reference's, or `scale`'s where
 * that is larger: a quantity whose truth is flat (a conserved total energy, zero for a constant push) is
 * judged against the size of what moves (the kinetic energy), not against its own round-off. Returns the
 * range and the indices of the series left off scale.
 */
export function readableRange(
  series: Array<ArrayLike<number | null | undefined>>,
  reference?: ArrayLike<number | null | undefined>,
  scale?: ArrayLike<number | null | undefined>,
): { range: Extent; offScale: number[] } {
  const extents = series.map(extent);
  let base = reference ? extent(reference) : undefined;
  const sized = scale ? extent(scale) : undefined;
  if (!base || (base.min === 0 && base.max === 0 && !sized)) {
    // No truth, or a truth that is zero throughout (a conserved energy whose zero is where it starts): the
    // median series decides what is ordinary.
    const all = extents.filter((e): e is Extent => e !== undefined);
    const moving = all.filter((e) => e.max > e.min);
    const spans = (moving.length > 0 ? moving : all).sort((a, b) => a.max - a.min - (b.max - b.min));
    const median = spans[Math.floor((spans.length - 1) / 2)];
    base =
      base && median ? { min: Math.min(base.min, median.min), max: Math.max(base.max, median.max) } : median;
  }
  if (!base) return { range: { min: -1, max: 1 }, offScale: [] };
  const span = Math.max(
    base.max - base.min,
    Math.abs(base.max),
    Math.abs(base.min),
    sized ? sized.max - sized.min : 0,
    1e-300,
  );
  const lo = base.min - OFF_SCALE * span;
  const hi = base.max + OFF_SCALE * span;
  const range = { ...base };
  const offScale: number[] = [];
  extents.forEach((e, i) => {
    if (!e) return;
    if (e.min < lo || e.max > hi) {
      offScale.push(i);
      return;
    }
    range.min = Math.min(range.min, e.min);
    range.max = Math.max(range.max, e.max);
  });
  // A range that is flat but for round-off (a conserved energy) would magnify that round-off into
  // spikes across the whole chart: widen it.
  const size = Math.max(Math.abs(range.min), Math.abs(range.max));
  if (range.max - range.min <= 1e-9 * size || range.min === range.max) {
    const pad = size * 0.1 || 1;
    range.min -= pad;
    range.max += pad;
  }
  return { range, offScale };
}

/** Decades above the median series' largest value that make a series a blow-up on a log chart. */
const BLOW_UP = 8;

/**
 * A log axis's range, in whole decades, for series given as log10 of their positive values (their least and
 * greatest are all it reads: a long run's series may be given as those two). A series whose
 * largest value is more than BLOW_UP decades above the median series' is a blow-up, left off the scale (its
 * index is returned); or, given `ceiling` (a log10), one whose largest value is above it: on an error chart,
 * an error far larger than the motion itself, however small the others' (a method exact to round-off beside
 * one a tenth off must not make the second a blow-up). Where every series is one, none is left off. Small
 * values are the good news on an error chart, never off the scale: the axis reaches down to the smallest
 * value drawn (round-off), 1e-16 at the lowest.
 */
export function logAxisRange(
  logs: number[][],
  ceiling?: number,
): { range: [number, number]; offScale: number[]; pastTop: number[] } {
  const peaks = logs.map((log) => log.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY));
  const finite = peaks.filter((p) => Number.isFinite(p)).sort((a, b) => a - b);
  const median = finite[Math.floor((finite.length - 1) / 2)] ?? 0;
  const limit = ceiling !== undefined && Number.isFinite(ceiling) ? ceiling : median + BLOW_UP;
  // Where every line blew up there is nothing else to read: the chart follows them all, not an empty scale.
  const blown = !peaks.some((p) => Number.isFinite(p) && p <= limit);
  const kept = peaks.map((p) => Number.isFinite(p) && (blown || p <= limit));
  const offScale = peaks.flatMap((p, i) => (Number.isFinite(p) && !kept[i] ? [i] : []));
  let [lowest, highest] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  logs.forEach((log, i) => {
    if (!kept[i]) return;
    for (const v of log) {
      if (v < lowest) lowest = v;
      if (v > highest) highest = v;
    }
  });
  if (!Number.isFinite(lowest)) return { range: [1e-3, 1], offScale, pastTop: [] };
  const bottom = Math.floor(Math.max(-16, lowest));
  // uPlot puts no ticks on an axis reaching numbers of more than 17 digits: the axis stops at TOP, and a
  // series past it (its index in `pastTop`) leaves through the chart's top, which its note says.
  const top = Math.min(Math.max(Math.ceil(highest), bottom + 1), Math.max(TOP, bottom + 1));
  const pastTop = peaks.flatMap((p, i) => (kept[i] && p > top ? [i] : []));
  return { range: [10 ** bottom, 10 ** top], offScale, pastTop };
}

/** The highest decade a log axis reaches (see `logAxisRange`). */
export const TOP = 15;
