import { describe, expect, it } from 'vitest';
import { firstNotFinite, logAxisRange, readableRange } from './range';

describe('readable ranges', () => {
  it('keeps the other methods readable when one explodes', () => {
    const truth = [1, 0, -1, 0, 1];
    const good = [1, 0.1, -0.9, 0.05, 1.02];
    const exploding = [1, 10, -1e6, 1e12, -1e30];
    const { range, offScale } = readableRange([good, exploding], truth);
    expect(offScale).toEqual([1]);
    expect(range.min).toBe(-1);
    expect(range.max).toBe(1.02);
  });

  it('ignores gaps and non-finite values', () => {
    const { range, offScale } = readableRange([[null, 2, Number.NaN, 3, undefined]]);
    expect(offScale).toEqual([]);
    expect(range).toEqual({ min: 2, max: 3 });
  });

  it('without a truth, the median series sets the scale', () => {
    const { offScale } = readableRange([
      [0, 1],
      [0, 1.1],
      [0, 1e9],
    ]);
    expect(offScale).toEqual([2]);
  });

  it('does not magnify round-off in a conserved quantity', () => {
    const { range } = readableRange([[0.5, 0.5000000000000001, 0.49999999999999994]]);
    expect(range.max - range.min).toBeGreaterThan(0.05);
  });

  it('does not call a method off scale because the truth is zero throughout', () => {
    const { offScale } = readableRange(
      [
        [0, 50, 100],
        [0, 0, 0],
      ],
      [0, 0, 0],
    );
    expect(offScale).toEqual([]);
  });

  it('widens a flat range so the axis has ticks', () => {
    const { range } = readableRange([[5, 5, 5]]);
    expect(range.min).toBeLessThan(5);
    expect(range.max).toBeGreaterThan(5);
  });

  it('judges a flat truth against the size of what moves, so exact methods and a steady gain stay on scale', () => {
    // Fiedler's push: the true total energy is 0 throughout, the kinetic energy reaches 5000 J; explicit
    // Euler's total grows to 500 J, the exact methods' sits at round-off.
    const truth = [0, 0, 0];
    const kinetic = [0, 1250, 5000];
    const euler = [0, 50, 500];
    const exact = [0, 1e-14, -2e-14];
    const { range, offScale } = readableRange([euler, exact, truth], truth, kinetic);
    expect(offScale).toEqual([]);
    expect(range.max).toBe(500);
    // A real blow-up is still named.
    expect(readableRange([[0, 1e30], exact], truth, kinetic).offScale).toEqual([0]);
  });
});

describe('a log axis for errors', () => {
  it('reaches down to round-off and leaves only a blow-up off the top', () => {
    const { range, offScale } = logAxisRange([
      [-2, -1, 0],
      [-14, -13.5],
      [-3, -2],
      [25, 30],
    ]);
    expect(range).toEqual([1e-14, 1]);
    expect(offScale).toEqual([3]);
  });

  it("given the motion's size, keeps any error below a million times it, beside round-off", () => {
    // Velocity Verlet exact to round-off beside symplectic Euler a tenth off (the projectile): both drawn.
    const exactAndOff = [
      [-15, -14],
      [-3, -1],
    ];
    expect(logAxisRange(exactAndOff).offScale).toEqual([1]);
    expect(logAxisRange(exactAndOff, Math.log10(60) + 6)).toEqual({
      range: [1e-15, 1e-1],
      offScale: [],
      pastTop: [],
    });
    // Alone, a blow-up is what the chart shows: not an empty scale.
    expect(
      logAxisRange(
        [
          [-3, 10],
          [2, 27],
        ],
        2 + 6,
      ),
    ).toEqual({ range: [1e-3, 1e15], offScale: [], pastTop: [1] });
    // An error a hundred million times the motion is still a blow-up.
    expect(
      logAxisRange(
        [
          [-15, -14],
          [-3, 10],
        ],
        2 + 6,
      ).offScale,
    ).toEqual([1]);
  });

  it('never goes below 1e-16, and is a decade at least', () => {
    expect(logAxisRange([[-20, -19]]).range).toEqual([1e-16, 1e-15]);
    expect(logAxisRange([[-3, -3]]).range).toEqual([1e-3, 1e-2]);
    expect(logAxisRange([[], []])).toEqual({ range: [1e-3, 1], offScale: [], pastTop: [] });
  });

  it('stops at 1e15, where uPlot still puts ticks, and names what runs past it', () => {
    // The heavy top's ‖q‖ − 1 at until = 5: round-off for three methods, 1e164 for explicit Euler. Every drift
    // is drawn (a ceiling far above): the axis reads 1e-16 to 1e15, and Euler leaves through its top.
    const drifts = [[-16, -15.7], [-15.9], [-16], [-16, 3, 164.6]];
    expect(logAxisRange(drifts, 296)).toEqual({ range: [1e-16, 1e15], offScale: [], pastTop: [3] });
    // At 1e15 exactly nothing is past it; a decade at least above a bottom over it.
    expect(logAxisRange([[-2, 15]], 296)).toEqual({ range: [1e-2, 1e15], offScale: [], pastTop: [] });
    expect(logAxisRange([[20, 21]])).toEqual({ range: [1e20, 1e21], offScale: [], pastTop: [] });
  });
});

describe('where a column stops being finite', () => {
  it('finds the first value that is not finite, from where it is asked to look', () => {
    // Explicit Euler's energy on the spring, ×1.01 a step: past the largest double at step 71,333.
    const energy = Float64Array.from({ length: 100_000 }, (_, i) => 0.5 * 1.01 ** i);
    expect(firstNotFinite(energy)).toBe(71_333);
    expect(0.5 * 1.01 ** 71_332).toBeLessThan(Number.MAX_VALUE);
    const swinging = [1, 2, Number.POSITIVE_INFINITY, 3, Number.POSITIVE_INFINITY, Number.NaN];
    expect(firstNotFinite(swinging)).toBe(2);
    expect(firstNotFinite(swinging, 3)).toBe(4);
    expect(firstNotFinite([1, 2, 3])).toBeUndefined();
    expect(firstNotFinite([])).toBeUndefined();
  });
});
