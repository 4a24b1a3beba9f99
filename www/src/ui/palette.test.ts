import { describe, expect, it } from 'vitest';
import { BACKGROUND, COLOURS, MARKERS, type Theme, TRUTH_COLOUR } from './palette';

// WCAG's relative luminance and contrast ratio, and the CIE 1976 colour difference ΔE*ab (D65).
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const rgb = (hex: string) => [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const lab = (hex: string) => {
  const [r = 0, g = 0, b = 0] = rgb(hex);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};
const deltaE = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - (lab(b)[i] ?? 0)));

describe('every method has a look of its own', () => {
  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`on the ${theme} background`, () => {
      const colours = COLOURS[theme];
      expect(colours).toHaveLength(MARKERS.length);
      for (const [i, c] of colours.entries()) {
        expect(contrast(c, BACKGROUND[theme]), `${c} against the background`).toBeGreaterThanOrEqual(3);
        expect(deltaE(c, TRUTH_COLOUR[theme]), `${c} against the truth's grey`).toBeGreaterThan(20);
        for (const other of colours.slice(i + 1)) {
          expect(deltaE(c, other), `${c} against ${other}`).toBeGreaterThan(20);
        }
      }
      expect(contrast(TRUTH_COLOUR[theme], BACKGROUND[theme])).toBeGreaterThanOrEqual(3);
    });
  }

  it('with a marker shape of its own', () => {
    expect(new Set(MARKERS).size).toBe(MARKERS.length);
  });
});
