import { describe, expect, it } from 'vitest';
import { envelope } from './chart-axes';

describe('the envelope of a dense line', () => {
  it('keeps every peak and trough while drawing two points a stretch', () => {
    const n = 100_000;
    const x = Float64Array.from({ length: n }, (_, i) => i * 0.01);
    const y = Float64Array.from(x, (t) => Math.sin(50 * t) * (1 + t / 1000));
    const { x: ex, ys } = envelope(x, [y], 500);
    expect(ex.length).toBeLessThanOrEqual(2 * 500 + 2);
    const thin = ys[0] ?? [];
    const max = (c: ArrayLike<number | null | undefined>) =>
      Math.max(...Array.from(c, (v) => v ?? -Infinity));
    const min = (c: ArrayLike<number | null | undefined>) => Math.min(...Array.from(c, (v) => v ?? Infinity));
    expect(max(thin)).toBe(max(y));
    expect(min(thin)).toBe(min(y));
  });

  it('leaves a line with few points alone', () => {
    const x = [0, 1, 2];
    const y = [1, 2, 3];
    expect(envelope(x, [y], 100)).toEqual({ x, ys: [y] });
  });
});
