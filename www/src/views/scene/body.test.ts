import { describe, expect, it } from 'vitest';
import { setLabel } from './body';

/** A font whose every character is 0.6 of its size wide. */
const measure = (text: string, size: number) => text.length * size * 0.6;

describe('a spinning body’s label under its cell', () => {
  it('is set on one line at 12 px where it fits, and as small as 10 px before it takes two', () => {
    expect(setLabel('Runge–Kutta 4', 100, measure)).toEqual({ lines: ['Runge–Kutta 4'], size: 12 });
    // 13 characters: 93.6 px at 12, 78 at 10.
    expect(setLabel('Runge–Kutta 4', 80, measure)).toEqual({ lines: ['Runge–Kutta 4'], size: 10 });
  });

  it('takes two lines, broken between words, rather than being cut (a phone’s five cells of 75 px)', () => {
    // "No gyroscopic term" is 18 characters: 108 px at 10; "No gyroscopic" 13: 93.6 at 12, 85.8 at 11.
    expect(setLabel('No gyroscopic term', 72, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 9,
    });
    expect(setLabel('No gyroscopic term', 86, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 11,
    });
    // The first line as long as fits: "Explicit Euler, q" (17) is too long at 12 for 110 px; "Explicit Euler," fits.
    expect(setLabel('Explicit Euler, q normalised', 110, measure)).toEqual({
      lines: ['Explicit Euler,', 'q normalised'],
      size: 12,
    });
  });

  it('makes no empty line of doubled spaces', () => {
    expect(setLabel('No  gyroscopic  term', 72, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 9,
    });
  });

  it('takes three lines where two at 9 px cannot hold it (six cells of 60 px)', () => {
    // "gyroscopic" is 10 characters: 60 px at 10, 54 at 9; "No gyroscopic" 13: 70.2 at 9.
    expect(setLabel('No gyroscopic term', 58, measure)).toEqual({
      lines: ['No', 'gyroscopic', 'term'],
      size: 9,
    });
    expect(setLabel('No gyroscopic term', 60, measure)).toEqual({
      lines: ['No', 'gyroscopic', 'term'],
      size: 10,
    });
  });

  it('is cut with an ellipsis only where three lines at 9 px cannot hold it', () => {
    const set = setLabel('Momentum-rescaled-step', 60, measure);
    expect(set.size).toBe(9);
    expect(set.lines).toHaveLength(1);
    expect(set.lines[0]?.endsWith('…')).toBe(true);
    expect(measure(set.lines[0] ?? '', 9)).toBeLessThanOrEqual(60);
  });
});
