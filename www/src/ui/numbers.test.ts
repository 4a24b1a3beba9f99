import { describe, expect, it } from 'vitest';
import { short } from './numbers';

describe('short labels', () => {
  it('are compact and read back to the value they label', () => {
    expect(short(15_000_000)).toBe('1.5e7');
    expect(short(1e-8)).toBe('1e-8');
    expect(short(0.25)).toBe('0.25');
    expect(short(-1234.5678)).toBe('-1234.57');
  });
});
