// Energies relative to their start, on a log scale: where one method's energy leaves the truth's range by
// orders of magnitude (explicit Euler's ×1.15 a step on the default spring reaches 1e61 J), a linear axis
// shows it flat and then a cliff. Relative to its start on a log axis, a steady growth a step is a straight
// rising line, and the methods that keep their energy sit on 1.
//
// Where every series starts above zero, each is drawn as log10(E/E0). Where one starts at or below zero (an
// orbit's bound energy is negative), E/E0 means nothing: each is drawn as its change E − E0 on a symmetric
// log scale, sign(d)·log10(1 + |d|/c), linear within c of zero and logarithmic beyond. The axis is linear in
// these drawn values; its ticks are labelled with the values they stand for.

import { short } from '../ui/numbers';
import type { Column } from './charts/chart';

/** How the values are drawn: `ratio` as log10(E/E0), `change` as the symmetric log of E − E0 in units `c`. */
export type Relative = { kind: 'ratio' } | { kind: 'change'; c: number };

/** A column's first finite value: its start, which its values are drawn relative to. */
export function startOf(col: Column): number | undefined {
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) return v;
  }
  return undefined;
}

/**
 * How to draw `columns` relative to their starts: as ratios where every start is above zero, else as changes
 * whose linear part reaches `size` × 1e-6 (`size`: how large the motion's energy is, say its kinetic
 * energy's largest value; the change's unit is then a round power of ten).
 */
export function relativeFor(columns: Column[], size: number): Relative {
  const starts = columns.map(startOf).filter((v) => v !== undefined);
  if (starts.length > 0 && starts.every((v) => v > 0)) return { kind: 'ratio' };
  const scale = Math.max(size, ...starts.map(Math.abs)) * 1e-6;
  const c = scale > 0 && Number.isFinite(scale) ? 10 ** Math.floor(Math.log10(scale)) : 1;
  return { kind: 'change', c };
}

/**
 * A column drawn relative to its start (`e0`: a column thinned from a longer one is given the longer one's),
 * NaN where a value cannot be (not finite, or a ratio ≤ 0): the chart
 * leaves a gap there. Numbers in a Float64Array, not an array of numbers and nulls, whose every value the
 * engine keeps as an object of its own: a run of 200,000 steps with every method and its shadows made
 * 3.4 million of them a frame.
 */
export function toRelative(col: Column, how: Relative, e0 = startOf(col)): Float64Array {
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === null || v === undefined || e0 === undefined || !hasRelative(v, e0, how)) out[i] = Number.NaN;
    else if (how.kind === 'ratio') out[i] = Math.log10(v / e0);
    else {
      const d = v - e0;
      out[i] = Math.sign(d) * Math.log10(1 + Math.abs(d) / how.c);
    }
  }
  return out;
}

/**
 * Whether `v` has a value relative to `e0`, a finite one (else `toRelative` gives NaN: a value at or below
 * zero for a ratio, or not finite, or a ratio or change past what doubles hold, such as the smallest double
 * over a start of 50 J, which is 0). A column may be thinned to the least and greatest of these before it is
 * made relative, as the relative value rises with `v`.
 */
export function hasRelative(v: number, e0: number | undefined, how: Relative): boolean {
  if (e0 === undefined) return false;
  if (how.kind === 'ratio') {
    const r = v / e0;
    return r > 0 && r < Number.POSITIVE_INFINITY;
  }
  return Number.isFinite(Math.abs(v - e0) / how.c);
}

/** The value a drawn value stands for: E/E0, or E − E0. */
export function fromRelative(y: number, how: Relative): number {
  if (how.kind === 'ratio') return 10 ** y;
  return Math.sign(y) * how.c * (10 ** Math.abs(y) - 1);
}

/** A round step for about `count` ticks across `span`: 1, 2 or 5 × 10ᵏ. */
function roundStep(span: number, count = 5): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? 10 * power) || 1;
}

/** At most about seven of `ticks`, evenly picked. */
function fewer(ticks: number[]): number[] {
  const every = Math.max(1, Math.ceil(ticks.length / 7));
  return ticks.filter((_, i) => i % every === 0);
}

/**
 * Ticks for drawn values from `lo` to `hi`, at round values of what they stand for: ratios ×0.9, ×1, ×1.1 …
 * where the range is narrow, ×1, ×2, ×5, ×10 … where it spans half a decade to two, whole decades (×10,
 * ×1e20) where it spans more; changes 0, ±1e-5,
 * ±1e-4 … (round powers of ten, drawn where the symmetric log puts them).
 */
export function relativeTicks(lo: number, hi: number, how: Relative): number[] {
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && hi > lo)) return [];
  if (how.kind === 'change') {
    const reach = Math.max(Math.abs(lo), Math.abs(hi));
    const side: number[] = [];
    for (let j = 0; j <= Math.ceil(reach); j++) {
      const y = Math.log10(1 + 10 ** j);
      if (y <= reach) side.push(y);
    }
    // Three a side at most, the largest kept; 0 always.
    const every = Math.max(1, Math.ceil(side.length / 3));
    const kept = side.filter((_, i) => (side.length - 1 - i) % every === 0);
    return [...kept.map((y) => -y).reverse(), 0, ...kept].filter((y) => y >= lo && y <= hi);
  }
  if (hi - lo > 2) {
    // A round number of decades apart (1, 2, 5, 10, 20, 50, 100 …): not 115.
    const step = Math.max(1, roundStep(hi - lo, 7));
    const out: number[] = [];
    for (let k = Math.ceil(lo / step) * step; k <= hi; k += step) out.push(k);
    return out;
  }
  // Between half a decade and two: 1, 2 and 5 times each decade, ×1 among them where it is in range (round
  // steps of the ratio itself, ×10, ×20, ×30, ×40, crowd the axis's top and leave ×1 out).
  if (hi - lo > 0.5) {
    const out: number[] = [];
    for (let k = Math.floor(lo); k <= Math.ceil(hi); k++)
      for (const m of [1, 2, 5]) {
        const y = k + Math.log10(m);
        if (y >= lo && y <= hi) out.push(y);
      }
    return out;
  }
  const [a, b] = [10 ** lo, 10 ** hi];
  const step = roundStep(b - a);
  const out: number[] = [];
  for (let k = Math.ceil(a / step); k * step <= b && out.length < 50; k++) {
    const r = Number((k * step).toPrecision(12));
    if (r > 0) out.push(Math.log10(r));
  }
  return fewer(out);
}

/** A tick's label: the ratio (×10, ×1e20, ×0.97) or the change (+1e3, −20), in three figures at most. */
export function relativeLabel(y: number, how: Relative): string {
  // A whole decade is written from its exponent: 10 ** -324 is 0 in doubles, and the decades a long run's
  // energies span reach there (a ratio of the smallest double to a start of 50 J is about 1e-326).
  if (how.kind === 'ratio' && Number.isInteger(y) && (y >= 6 || y <= -4)) return `×1e${y}`;
  const v = fromRelative(y, how);
  const text = short(Number(v.toPrecision(3)));
  return how.kind === 'ratio' ? `×${text}` : v > 0 ? `+${text}` : text.replace('-', '−');
}

/**
 * How far a quantity that should stay constant has moved from its start, relative to its size there:
 * |v − v0| / |v0| at each row, for a log axis (null where that is not finite, or exactly 0: a method that keeps
 * it to the last bit draws nothing there). Where the start is 0, the change itself.
 */
export function drift(col: ArrayLike<number>): (number | null)[] {
  const start = col.length > 0 ? (col[0] ?? Number.NaN) : Number.NaN;
  const size = Math.abs(start) > 0 ? Math.abs(start) : 1;
  return Array.from(col, (v) => {
    const d = Math.abs(v - start) / size;
    return Number.isFinite(d) && d > 0 ? d : null;
  });
}
