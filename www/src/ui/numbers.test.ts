import { describe, expect, it } from 'vitest';
import { short, validLanguage } from './numbers';

describe('short labels', () => {
  it('are compact and read back to the value they label', () => {
    expect(short(15_000_000)).toBe('1.5e7');
    expect(short(1e-8)).toBe('1e-8');
    expect(short(0.25)).toBe('0.25');
    expect(short(-1234.5678)).toBe('-1234.57');
  });
});

describe('the browser language', () => {
  it('is kept where Intl accepts it, and is US English where it does not (WebKit under a C locale says "C")', () => {
    expect(validLanguage('de-DE')).toBe('de-DE');
    expect(validLanguage('en-us')).toBe('en-US');
    for (const bad of ['C', '', 'en_US.UTF-8']) {
      expect(() => new Intl.NumberFormat(bad)).toThrow(RangeError);
      expect(validLanguage(bad)).toBe('en-US');
    }
  });
});
