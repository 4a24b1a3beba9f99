// A scene's labels in its canvas: set within the room they have (smaller, on more lines, a gloss left to the
// legend, and only then cut), remembered across frames, and written.

/** A short text centred on (x, y), within `width` canvas pixels, as `setLabel` sets it. */
export function write(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  colour: string,
  ratio: number,
  width = Number.POSITIVE_INFINITY,
) {
  writeLines(ctx, setLabel(text, width / ratio, measurer(ctx, ratio)), x, y, colour, ratio);
}

/** A text's width in CSS pixels at a size, in the canvas's font. */
function measurer(ctx: CanvasRenderingContext2D, ratio: number): (text: string, size: number) => number {
  return (text, size) => {
    ctx.font = `${size * ratio}px system-ui, sans-serif`;
    return ctx.measureText(text).width / ratio;
  };
}

/** A label set in lines at a size (CSS pixels), as `setLabel` sets it. */
export interface SetLabel {
  lines: string[];
  size: number;
}

/**
 * Sets a label within `width` CSS pixels (`measure` gives a text's width at a size), in at most `most` lines:
 * on one line at 12 px, or as small as 10 px; else on two lines, broken between words or after a dash, from
 * 12 px down to 9; else, where it ends in a gloss in brackets ("Symplectic Euler (the engines' order)"),
 * without it, which the legend keeps; else on three lines; only then cut with "…" at 9 px. Under five or six
 * spinning bodies on a phone a cell is 60 to 75 px wide: "No gyroscopic term" was cut to "No gyroscopi…",
 * "Symplectic Euler (the engines' order)" to "Symplectic …", and "Runge–Kutta 4" broke before its "4".
 */
export function setLabel(
  text: string,
  width: number,
  measure: (text: string, size: number) => number,
  most = 3,
): SetLabel {
  const plain = text.replace(/\s*\([^()]*\)$/, '');
  const set =
    setWithin(text, width, measure, Math.min(2, most)) ??
    (plain !== text && plain !== '' ? setWithin(plain, width, measure, most) : undefined) ??
    setWithin(text, width, measure, most);
  if (set) return set;
  let shown = plain || text;
  while (shown.length > 2 && measure(shown, 9) > width) shown = `${shown.slice(0, -2)}…`;
  return { lines: [shown], size: 9 };
}

/** A label on one line at 12 to 10 px, else on two to `most` lines at 12 to 9 px; undefined where none fits. */
function setWithin(
  text: string,
  width: number,
  measure: (text: string, size: number) => number,
  most: number,
): SetLabel | undefined {
  for (const size of [12, 11, 10]) if (measure(text, size) <= width) return { lines: [text], size };
  for (let lines = 2; lines <= most; lines++)
    for (const size of [12, 11, 10, 9]) {
      const set = wrap(text, width, (line) => measure(line, size));
      if (set && set.length <= lines) return { lines: set, size };
    }
  return undefined;
}

/**
 * The places a label may break: between words, and after a dash ("Runge–" and "Kutta"), which stays on the
 * first line; a last word of one or two characters (the "4" of "Runge–Kutta 4") stays with the one before;
 * a gloss in brackets at the end is one piece.
 * Each piece with what joins it to the one before on a line: a space, or nothing after a dash.
 */
function pieces(text: string): { piece: string; join: string }[] {
  // A gloss in brackets at the end is one piece: on a line of its own, or (where it does not fit one) left
  // to the legend by setLabel, never "(the" at the end of a line.
  const gloss = /\s*(\([^()]*\))$/.exec(text);
  if (gloss?.[1] && gloss.index > 0)
    return [...pieces(text.slice(0, gloss.index)), { piece: gloss[1], join: ' ' }];
  const words = text.split(' ').filter((w) => w !== '');
  const last = words[words.length - 1];
  if (words.length > 1 && last !== undefined && last.length <= 2) {
    words.pop();
    words[words.length - 1] += ` ${last}`;
  }
  return words.flatMap((word) =>
    word.split(/(?<=–)(?=.)/).map((piece, i) => ({ piece, join: i === 0 ? ' ' : '' })),
  );
}

/** A text's lines within `width`, each as long as fits, broken where `pieces` allows; undefined where a
 * piece alone is wider. */
function wrap(text: string, width: number, measure: (line: string) => number): string[] | undefined {
  const lines: string[] = [];
  for (const { piece, join } of pieces(text)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && measure(`${last}${join}${piece}`) <= width)
      lines[lines.length - 1] = `${last}${join}${piece}`;
    else if (measure(piece) <= width) lines.push(piece);
    else return undefined;
  }
  return lines;
}

/** The labels set lately, by text, width, pixel ratio and lines allowed: a scene is drawn every frame, its labels seldom change. */
const setLabels = new Map<string, SetLabel>();

/** `setLabel` in the canvas's font (`width` in CSS pixels), remembered for the frames that follow. */
export function labelFor(
  ctx: CanvasRenderingContext2D,
  text: string,
  width: number,
  ratio: number,
  most = 3,
): SetLabel {
  const key = `${width}|${ratio}|${most}|${text}`;
  let set = setLabels.get(key);
  if (!set) {
    if (setLabels.size > 64) setLabels.clear();
    set = setLabel(text, width, measurer(ctx, ratio), most);
    setLabels.set(key, set);
  }
  return set;
}

/** Writes a set label centred on (x, y), its lines one under the other. */
export function writeLines(
  ctx: CanvasRenderingContext2D,
  { lines, size }: SetLabel,
  x: number,
  y: number,
  colour: string,
  ratio: number,
) {
  ctx.fillStyle = colour;
  ctx.font = `${size * ratio}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const step = LINE * (size / 12) * ratio;
  lines.forEach((line, i) => {
    ctx.fillText(line, x, y + (i - (lines.length - 1) / 2) * step);
  });
  ctx.textAlign = 'start';
}

/** A label's line at 12 px, in CSS pixels. */
export const LINE = 14;
