// Compact labels for axes and legends. Numbers that stand for a run's values (tables, the CSV) are written
// by the core (lab.ts: formatValue, formatTime, the tables), never here.

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
