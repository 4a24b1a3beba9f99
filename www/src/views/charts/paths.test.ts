import { describe, expect, it } from 'vitest';
import { stretches } from './paths';

describe('the stretches a long phase portrait is drawn as', () => {
  it('are the whole series while it fits the budget', () => {
    expect(stretches(0, 99, 100)).toEqual([[0, 99]]);
  });

  it('keep the beginning and the end whole, stay in order and within the budget', () => {
    const parts = stretches(0, 143_999, 7200);
    expect(parts[0]).toEqual([0, 1799]);
    expect(parts.at(-1)).toEqual([142_200, 143_999]);
    let points = 0;
    parts.forEach(([start, end], i) => {
      expect(end).toBeGreaterThanOrEqual(start);
      if (i > 0) expect(start).toBeGreaterThan(parts[i - 1]![1]);
      points += end - start + 1;
    });
    expect(points).toBeLessThanOrEqual(7200);
    expect(points).toBeGreaterThan(7000);
    // The middle stretches are spread over the whole run, not bunched at one end.
    const middle = parts.slice(1, -1).map(([start]) => start);
    expect(Math.min(...middle)).toBeLessThan(2000);
    expect(Math.max(...middle)).toBeGreaterThan(140_000);
  });
});
