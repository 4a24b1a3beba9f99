import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { axisUnit, decades, envelope, scaledLabel } from './axes';

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

  it('draws at most two points a stretch however many the line has', () => {
    for (const n of [1001, 1500, 2000, 2001, 123_457]) {
      const x = Array.from({ length: n }, (_, i) => i);
      const { x: ex, ys } = envelope(x, [x.map((i) => (i % 2 ? 1 : -1))], 500);
      expect(ex.length, `${n} points`).toBeLessThanOrEqual(2 * 500 + 2);
      expect(ys[0]).toHaveLength(ex.length);
    }
  });

  it('looks only at the values it is told to accept: the rest are gaps', () => {
    // An energy with a stretch at or below zero, thinned for a ratio's log: that stretch is a gap.
    const x = Array.from({ length: 1000 }, (_, i) => i);
    const y = x.map((i) => (i >= 400 && i < 600 ? -1 : i + 1));
    const thin = Array.from(envelope(x, [y], 100, (v) => v > 0).ys[0] ?? []);
    expect(thin).toHaveLength(200);
    expect(thin.slice(80, 120)).toEqual(Array(40).fill(null));
    const values = thin.filter((v) => typeof v === 'number');
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(1000);
  });

  it('leaves a line with few points alone', () => {
    const x = [0, 1, 2];
    const y = [1, 2, 3];
    expect(envelope(x, [y], 100)).toEqual({ x, ys: [y] });
  });
});

describe('the unit of a linear axis', () => {
  it('is 1 for numbers uPlot can tick, a power of ten for larger ones, so that the ticks read 0 to 9.9', () => {
    expect(axisUnit(0, 9999)).toBe(1);
    expect(axisUnit(0, 7.5e6)).toBe(1e6);
    expect(axisUnit(-9.9e14, 9.9e14)).toBe(1e12);
    // Explicit Euler's energy on the default spring, at its end: 2.1e61 J.
    expect(axisUnit(0, 2.1e61)).toBe(1e61);
    expect(axisUnit(-3e20, 1e19)).toBe(1e18);
    expect(axisUnit(-3e21, 1e19)).toBe(1e21);
    expect(axisUnit(0, Number.POSITIVE_INFINITY)).toBe(1);
    // What the unit leaves uPlot is within its 17 digits.
    for (const big of [1e15, 3.7e42, 9.99e300]) expect(big / axisUnit(0, big)).toBeLessThan(1000);
  });

  it('is named by an SI prefix where one names it, else by its power of ten', () => {
    expect(scaledLabel('E (J)', 1)).toBe('E (J)');
    expect(scaledLabel('E (J)', 1e6)).toBe('E (MJ)');
    expect(scaledLabel('x (m)', 1e3)).toBe('x (km)');
    expect(scaledLabel('v (m/s)', 1e9)).toBe('v (Gm/s)');
    expect(scaledLabel('E (J)', 1e61)).toBe('E (1e61 J)');
    expect(scaledLabel('θ (rad)', 1e3)).toBe('θ (1e3 rad)');
  });
});

describe('the ticks of a log axis', () => {
  const ticks = (min: number, max: number) => decades(undefined as unknown as uPlot, 1, min, max);
  it('are whole decades, at most about six of them', () => {
    expect(ticks(1e-4, 1e2)).toEqual([1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100].filter((_, i) => i % 2 === 0));
    expect(ticks(2e-3, 3e1)).toEqual([1e-2, 1e-1, 1, 10]);
  });

  it('are 1, 2 and 5 of each decade where fewer than two decades show (a study of three runs)', () => {
    // dt = 0.1, 0.05, 0.025 with the axis's margin.
    expect(ticks(0.0158, 0.158)).toEqual([0.02, 0.05, 0.1]);
    expect(ticks(3000, 9000)).toEqual([5000]);
  });

  it('are none on a scale that reaches 0 or infinity (an empty chart), and the call returns', () => {
    expect(ticks(0, 1)).toEqual([]);
    expect(ticks(1e-3, Number.POSITIVE_INFINITY)).toEqual([]);
    expect(ticks(Number.NaN, 1)).toEqual([]);
  });
});
