import { describe, expect, it } from 'vitest';
import {
  drift,
  fromRelative,
  hasRelative,
  relativeFor,
  relativeLabel,
  relativeTicks,
  toRelative,
} from './relative';

describe('energies relative to their start', () => {
  it('are ratios on a log scale where every start is above zero', () => {
    const how = relativeFor(
      [
        [2, 4, 8],
        [2, 2, 2],
      ],
      1,
    );
    expect(how).toEqual({ kind: 'ratio' });
    // A growth ×2 a step is a straight line: equal rises.
    expect(Array.from(toRelative([2, 4, 8], how))).toEqual([0, Math.log10(2), Math.log10(4)]);
    // No value, or none relative to a start above zero: a gap (NaN), not a number.
    expect(Array.from(toRelative([2, null, -1, Number.POSITIVE_INFINITY, 4], how))).toEqual([
      0,
      Number.NaN,
      Number.NaN,
      Number.NaN,
      Math.log10(2),
    ]);
    expect(relativeLabel(Math.log10(4), how)).toBe('×4');
    // Relative to a start it is given (a thinned column's, from the whole one); a ratio past what doubles
    // hold is a gap too.
    expect(Array.from(toRelative([4, 8], how, 2))).toEqual([Math.log10(2), Math.log10(4)]);
    expect(Array.from(toRelative([50, 5e-324], how))).toEqual([0, Number.NaN]);
    // Which values have a relative value at all, before any is made one: exactly those toRelative gives.
    const values = [50, 1, 1e-300, 5e-324, 0, -3, 1e308, Number.POSITIVE_INFINITY, Number.NaN];
    for (const e0 of [50, 1e-3])
      for (const kind of [how, { kind: 'change', c: 1 } as const, { kind: 'change', c: 1e-12 } as const])
        expect(values.map((v) => hasRelative(v, e0, kind))).toEqual(
          Array.from(toRelative(values, kind, e0), (r) => !Number.isNaN(r)),
        );
  });

  it('are changes on a symmetric log scale where a start is at or below zero', () => {
    const how = relativeFor([[-0.5, -0.4, 0.2]], 0.5);
    expect(how).toEqual({ kind: 'change', c: 1e-7 });
    const drawn = toRelative([-0.5, -0.5, -0.4], how);
    expect(drawn[0]).toBe(0);
    expect(fromRelative(drawn[2] ?? 0, how)).toBeCloseTo(0.1, 12);
    expect(toRelative([-0.5, -0.6], how)[1]).toBeLessThan(0);
  });

  it('have ticks at round values of what they stand for', () => {
    const ratio = { kind: 'ratio' } as const;
    // A narrow band round 1 is ticked at round ratios, ×1 among them.
    const narrow = relativeTicks(Math.log10(0.8), Math.log10(1.26), ratio).map((y) =>
      relativeLabel(y, ratio),
    );
    expect(narrow).toContain('×1');
    for (const l of narrow) expect(l).toMatch(/^×(0\.\d|1(\.\d)?)$/);
    // A ratio from 0.9 to 40 (explicit Euler early on the default page): ×1, ×2, ×5, ×10, ×20, evenly spread
    // in decades, ×1 among them; not ×10, ×20, ×30, ×40 crowding the top.
    const early = relativeTicks(Math.log10(0.9), Math.log10(40), ratio).map((y) => relativeLabel(y, ratio));
    expect(early).toEqual(['×1', '×2', '×5', '×10', '×20']);
    // Decades a round number apart: 600 decades by 100s, not by 115 or 107.
    expect(relativeTicks(-330, 310, ratio)).toEqual([-300, -200, -100, 0, 100, 200, 300]);
    // Fifty-five decades: whole decades.
    for (const y of relativeTicks(0, 55, ratio)) expect(Number.isInteger(y)).toBe(true);
    // Decades as small as doubles go, and smaller (10 ** -324 is 0): written from their exponents, never ×0.
    expect(relativeTicks(-330, -324, ratio).map((y) => relativeLabel(y, ratio))).toContain('×1e-324');
    for (const [lo, hi] of [
      [-330, -324],
      [-326, 310],
      [-12, 3],
    ] as const)
      for (const y of relativeTicks(lo, hi, ratio))
        expect(relativeLabel(y, ratio)).toMatch(/^×(1e-?\d+|0\.0{0,2}1|1|10|100|1000|10000|100000)$/);
    // Changes: 0 and round powers of ten either side.
    const change = { kind: 'change', c: 1e-6 } as const;
    const labels = relativeTicks(-3, 3, change).map((y) => relativeLabel(y, change));
    expect(labels).toContain('0');
    for (const l of labels) expect(l).toMatch(/^(0|[+−]1e-?\d+|[+−]1|[+−]10|[+−]100)$/);
  });
});

describe('an invariant’s drift', () => {
  it('is its change relative to its start; a value kept to the bit, or not finite, draws nothing', () => {
    // Explicit Euler's ‖L‖ on a free body grows: 2 → 2.002 is a drift of 1e-3.
    expect(drift([2, 2, 2.002, Number.NaN])).toEqual([null, null, expect.closeTo(1e-3, 15), null]);
    // A quantity that starts at zero (L·ẑ of a top spun about a level axis) drifts by its change itself.
    expect(drift([0, -0.5, 0.25])).toEqual([null, 0.5, 0.25]);
  });
});
