import type { Precision } from './lab';

/**
 * The shortest text that reads back to the same value at the run's precision: what the CLI prints, so the
 * numbers on screen can be checked against it.
 */
export function formatNumber(value: number, precision: Precision): string {
  // Spelled as the CLI spells them.
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return '0';
  if (precision === 'f64') return String(value);
  for (let digits = 1; digits <= 9; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

/** Reads a number as the CLI does: a decimal or a fraction such as 1/60. */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const parts = trimmed.split('/');
  if (parts.length > 2) return undefined;
  const values = parts.map((p) =>
    /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(p.trim()) ? Number(p) : Number.NaN,
  );
  const value = values.length === 2 ? values[0]! / values[1]! : values[0]!;
  return Number.isFinite(value) ? value : undefined;
}

/** A compact label for axes and the table header. */
export function short(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const a = Math.abs(value);
  if (a !== 0 && (a < 1e-3 || a >= 1e6))
    return value
      .toExponential(3)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  return String(Number(value.toPrecision(6)));
}
