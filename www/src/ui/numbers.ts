// Compact labels for axes and legends. Numbers that stand for a run's values (tables, the CSV) are written
// by the core (core/index.ts: formatValue, formatTime, the tables), never here.

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

/** `value` as `1/n` where it is exactly the double nearest 1/n (a game's 1/60 s step), else undefined. */
export function fraction(value: number): string | undefined {
  if (!(value > 0 && value < 1)) return undefined;
  const n = Math.round(1 / value);
  return n >= 2 && n <= 100_000 && 1 / n === value && String(value).length > 8 ? `1/${n}` : undefined;
}

/** A step as people write it: `1/60` for a sixtieth of a second, else compact. */
export function stepText(dt: number): string {
  return fraction(dt) ?? short(dt);
}

/** 1, 2, 5 × 10ᵏ from about a thousandth of `dt` to about thirty times it: round steps for the slider. */
export function ladder(dt: number): number[] {
  const out: number[] = [];
  const low = Math.floor(Math.log10(dt)) - 3;
  const high = Math.ceil(Math.log10(dt)) + 1;
  for (let k = low; k <= high; k++) {
    for (const m of [1, 2, 5]) out.push(Number((m * 10 ** k).toPrecision(1)));
  }
  return out;
}

/** A language tag Intl accepts: `tag` itself, canonical, or US English where it is none (WebKit under a C
 * locale reports "C"). */
export function validLanguage(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}
