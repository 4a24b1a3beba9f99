// Each method keeps one look wherever it appears: a colour for each theme and a marker shape, the second cue
// for readers who tell colours apart poorly. The core gives every method a style index (MethodInfo.style);
// this module maps the index to its look, so a new method needs no edit here. The truth is grey and dashed.
// The colours keep at least 3:1 contrast with their background and stay apart from each other and from the
// truth's grey (palette.test.ts measures both).

export type Theme = 'light' | 'dark';

export type Marker =
  | 'circle'
  | 'square'
  | 'triangle'
  | 'diamond'
  | 'triangle-down'
  | 'cross'
  | 'plus'
  | 'star'
  | 'hexagon'
  | 'bowtie'
  | 'pentagon'
  | 'dart'
  | 'triangle-left'
  | 'triangle-right'
  | 'star4'
  | 'hourglass';

export const BACKGROUND: Record<Theme, string> = { light: '#FFFFFF', dark: '#15181D' };

/** The neutral inks of the scenes, the charts and the PNG, for each theme. */
export const NEUTRAL: Record<
  Theme,
  {
    background: string;
    text: string;
    axis: string;
    grid: string;
    tick: string;
    faint: string;
    mid: string;
    wall: string;
    /** A grey, mostly opaque: laid over what a chart shows but does not vouch for (a band it fades). */
    veil: string;
  }
> = {
  light: {
    background: BACKGROUND.light,
    text: '#000000',
    axis: '#333333',
    grid: '#EEEEEE',
    tick: '#CCCCCC',
    faint: '#BBBBBB',
    mid: '#767676',
    wall: '#999999',
    veil: 'rgba(232, 232, 232, 0.85)',
  },
  dark: {
    background: BACKGROUND.dark,
    text: '#F0F0F0',
    axis: '#D0D0D0',
    grid: '#2B3038',
    tick: '#4A505A',
    faint: '#5C626B',
    mid: '#A0A0A0',
    wall: '#80868F',
    veil: 'rgba(48, 53, 61, 0.85)',
  },
};

export const COLOURS: Record<Theme, string[]> = {
  light: [
    '#C8402A',
    '#1F5FBF',
    '#2E8B3A',
    '#8E44AD',
    '#B8860B',
    '#D6337A',
    '#00838F',
    '#111111',
    '#7B4A12',
    '#4527A0',
    '#6B7A00',
    '#E65C00',
    // Spare looks (12-15): a method added to the core takes one, with no edit here.
    '#AA7799',
    '#551144',
    '#445533',
    '#882233',
  ],
  dark: [
    '#FF8A65',
    '#64B5F6',
    '#81C784',
    '#CE93D8',
    '#FFD54F',
    '#F48FB1',
    '#4DD0E1',
    '#F5F5F5',
    '#D7A97A',
    '#B388FF',
    '#DCE775',
    '#FF9100',
    '#44FF44',
    '#FF44FF',
    '#6644FF',
    '#FF44AA',
  ],
};

export const MARKERS: Marker[] = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'triangle-down',
  'cross',
  'plus',
  'star',
  'hexagon',
  'bowtie',
  'pentagon',
  'dart',
  'triangle-left',
  'triangle-right',
  'star4',
  'hourglass',
];

export const TRUTH_COLOUR: Record<Theme, string> = { light: '#777777', dark: '#9A9A9A' };
export const TRUTH_DASH = [6, 4];
/** Dots mean a shadow energy: the energy a symplectic method keeps exactly (dashes mean the truth, dots a shadow energy). */
export const SHADOW_DASH = [1.5, 3];

let theme: Theme = 'light';
const styles = new Map<string, number>();

/** Learns each method's style index from the core's catalogue. */
export function registerStyles(methods: { id: string; style: number }[]): void {
  for (const m of methods) styles.set(m.id, m.style);
}

export function setTheme(next: Theme): void {
  theme = next;
}

/** The neutral inks of the current theme. */
export function neutral(): (typeof NEUTRAL)[Theme] {
  return NEUTRAL[theme];
}

function styleOf(method: string): number {
  return styles.get(method) ?? 0;
}

/** A method's colour in the current theme. */
export function colour(method: string): string {
  const list = COLOURS[theme];
  return list[styleOf(method) % list.length] ?? '#444444';
}

export function marker(method: string): Marker {
  return MARKERS[styleOf(method) % MARKERS.length] ?? 'circle';
}

export function truthColour(): string {
  return TRUTH_COLOUR[theme];
}

/** The marker's outline as points on a circle of radius 1 about the origin (y down); none for a circle. */
function outline(shape: Marker): [number, number][] {
  const ring = (n: number, r: (k: number) => number, turn = 0): [number, number][] =>
    Array.from({ length: n }, (_, k) => {
      const a = turn + (2 * Math.PI * k) / n - Math.PI / 2;
      return [r(k) * Math.cos(a), r(k) * Math.sin(a)];
    });
  const arms = (turn: number): [number, number][] => {
    // A plus of arm width 0.5, turned by `turn`: twelve corners.
    const w = 0.28;
    const pts: [number, number][] = [
      [w, -1],
      [w, -w],
      [1, -w],
      [1, w],
      [w, w],
      [w, 1],
      [-w, 1],
      [-w, w],
      [-1, w],
      [-1, -w],
      [-w, -w],
      [-w, -1],
    ];
    const [c, s] = [Math.cos(turn), Math.sin(turn)];
    return pts.map(([x, y]) => [c * x - s * y, s * x + c * y]);
  };
  switch (shape) {
    case 'circle':
      return [];
    case 'square':
      return ring(4, () => 1.15, Math.PI / 4);
    case 'triangle':
      return ring(3, () => 1.2);
    case 'diamond':
      return ring(4, () => 1.2);
    case 'triangle-down':
      return ring(3, () => 1.2, Math.PI);
    case 'cross':
      return arms(Math.PI / 4);
    case 'plus':
      return arms(0);
    case 'star':
      return ring(10, (k) => (k % 2 === 0 ? 1.25 : 0.55));
    case 'hexagon':
      return ring(6, () => 1.1);
    case 'pentagon':
      return ring(5, () => 1.15);
    case 'dart':
      // An arrowhead with a notch in its tail: a student's rule (the last look).
      return [
        [0, -1.25],
        [1.05, 0.95],
        [0, 0.35],
        [-1.05, 0.95],
      ];
    case 'triangle-left':
      return ring(3, () => 1.2, -Math.PI / 2);
    case 'triangle-right':
      return ring(3, () => 1.2, Math.PI / 2);
    case 'star4':
      return ring(8, (k) => (k % 2 === 0 ? 1.3 : 0.45));
    case 'hourglass':
      // The bowtie stood upright.
      return [
        [-0.9, -1.1],
        [0.9, 1.1],
        [-0.9, 1.1],
        [0.9, -1.1],
      ];
    case 'bowtie':
      // Two triangles point to point, drawn as one crossed outline (filled by the non-zero rule).
      return [
        [-1.1, -0.9],
        [1.1, 0.9],
        [1.1, -0.9],
        [-1.1, 0.9],
      ];
  }
}

/** Each shape's outline, worked out once: a scene traces a thousand markers a frame (the 100-mass chain). */
const outlines = new Map<Marker, [number, number][]>();

/**
 * Traces a marker of radius `r` at (x, y) into the context's current path. `closed`: each outline is closed,
 * as a stroke needs; a fill closes it anyway, and a scene filling a thousand markers a frame leaves it off
 * (closePath was the frame's costliest call on the 100-mass chain).
 */
export function traceMarker(
  ctx: CanvasPath,
  shape: Marker,
  x: number,
  y: number,
  r: number,
  closed = true,
): void {
  let pts = outlines.get(shape);
  if (!pts) {
    pts = outline(shape);
    outlines.set(shape, pts);
  }
  if (pts.length === 0) {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    return;
  }
  for (let k = 0; k < pts.length; k++) {
    const [px, py] = pts[k] as [number, number];
    if (k === 0) ctx.moveTo(x + r * px, y + r * py);
    else ctx.lineTo(x + r * px, y + r * py);
  }
  if (closed) ctx.closePath();
}

const SVG = 'http://www.w3.org/2000/svg';

/** A small picture of a method's look (its colour and marker on a short line), for legends and labels. */
export function swatch(method: string): SVGSVGElement {
  const svg = swatchOf(colour(method), marker(method));
  svg.dataset.method = method;
  return svg;
}

/** Draws every method's swatch on the page again in the current theme's colour (after a change of theme). */
export function recolourSwatches(): void {
  for (const old of document.querySelectorAll<SVGSVGElement>('svg.swatch[data-method]')) {
    old.replaceWith(swatch(old.dataset.method ?? ''));
  }
}

/** A small picture of a line's look: its colour, its dashes, and its marker if it has one. */
export function swatchOf(stroke: string, shape: Marker | undefined, dash: number[] = []): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '-12 -6 24 12');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '12');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('swatch');
  const line = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1: '-12', x2: '12', y1: '0', y2: '0' })) line.setAttribute(k, v);
  line.setAttribute('stroke', stroke);
  line.setAttribute('stroke-width', '2');
  if (dash.length > 0) line.setAttribute('stroke-dasharray', dash.map((d) => d / 1.5).join(' '));
  svg.append(line);
  if (!shape) return svg;
  const body = document.createElementNS(SVG, 'path');
  const pts = outline(shape);
  const r = 4.5;
  body.setAttribute(
    'd',
    pts.length === 0
      ? `M ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 Z`
      : `M ${pts.map(([x, y]) => `${(r * x).toFixed(2)} ${(r * y).toFixed(2)}`).join(' L ')} Z`,
  );
  body.setAttribute('fill', stroke);
  svg.append(body);
  return svg;
}
