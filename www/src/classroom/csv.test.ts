import { describe, expect, it } from 'vitest';
import { csvField } from './csv';

describe("a field of the class's CSV", () => {
  it('never goes out as a formula a spreadsheet would run', () => {
    expect(csvField('=HYPERLINK("http://x","Bob")')).toBe('"\'=HYPERLINK(""http://x"",""Bob"")"');
    expect(csvField('+1+cmd|calc')).toBe(`"'+1+cmd|calc"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  it('keeps a number a number, and quotes what would split a row', () => {
    expect(csvField('-3.5')).toBe('-3.5');
    expect(csvField('+2')).toBe('+2');
    expect(csvField('-1e-3')).toBe('-1e-3');
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('line\rbreak')).toBe('"line\rbreak"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
