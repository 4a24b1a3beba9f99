import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumber, short } from './numbers';

describe('numbers', () => {
  it('prints f32 values in their shortest round-trip form, like the CLI', () => {
    // Fiedler's float row: the f32 nearest 499.497070 prints as the CLI prints it.
    expect(formatNumber(Math.fround(499.49707), 'f32')).toBe('499.49707');
    expect(formatNumber(Math.fround(0.1), 'f32')).toBe('0.1');
    expect(formatNumber(0.1 + 0.2, 'f64')).toBe('0.30000000000000004');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'f64')).toBe('inf');
    expect(formatNumber(Number.NaN, 'f32')).toBe('NaN');
    for (const v of [Math.fround(Math.PI), Math.fround(-1e-7), Math.fround(123456.789)]) {
      expect(Math.fround(Number(formatNumber(v, 'f32')))).toBe(v);
    }
  });

  it('reads decimals and fractions, and nothing else', () => {
    expect(parseNumber('0.01')).toBe(0.01);
    expect(parseNumber('1/60')).toBe(1 / 60);
    expect(parseNumber('1e-3')).toBe(0.001);
    for (const bad of ['', 'abc', '1/0', 'NaN', 'Infinity', '1/2/3', '0x10']) {
      expect(parseNumber(bad)).toBeUndefined();
    }
  });
});

describe('short labels', () => {
  it('are compact and read back to the value they label', () => {
    expect(short(15_000_000)).toBe('1.5e7');
    expect(short(1e-8)).toBe('1e-8');
    expect(short(0.25)).toBe('0.25');
    expect(short(-1234.5678)).toBe('-1234.57');
  });
});
