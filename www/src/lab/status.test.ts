import { describe, expect, it } from 'vitest';
import { widestTime } from './status';

/** Six significant digits, as the status line writes a time (the core's formatSignificant). */
const six = (t: number) => String(Number(t.toPrecision(6)));

describe('the status line’s widest time', () => {
  it('is the widest of the first and last steps: leading zeros at the start, every digit later', () => {
    // 1/60: the first step is 0.0166667 (9 characters); no later time is wider.
    expect(widestTime(1 / 60, 5400, six)).toBe(9);
    // 0.1 s steps to 63 s: "0.1" … "62.9", "63".
    expect(widestTime(0.1, 630, six)).toBe(4);
    expect(widestTime(0.5, 3, six)).toBe(3);
    expect(widestTime(0.5, 0, six)).toBe(0);
  });

  it('formats at most 200 times, however many steps, so a run of 10^17 steps (or more) does not hold the page', () => {
    let calls = 0;
    const counted = (t: number) => {
      calls++;
      return six(t);
    };
    // Beyond 2^53 steps - 100 is the same double as steps: a loop stepping k by one never ends there.
    for (const steps of [1e17, 2 ** 60, Number.MAX_SAFE_INTEGER, 250]) {
      calls = 0;
      expect(widestTime(1e-9, steps, counted)).toBeGreaterThan(0);
      expect(calls).toBeLessThanOrEqual(200);
    }
  });
});
