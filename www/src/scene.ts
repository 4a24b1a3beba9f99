// The animated scene of each scenario, drawn from the states the core computed: springs and masses, a ball
// and its trail, orbits, pendulums, the chain. Pure drawing: (canvas, input) → pixels.

import { type Extent, readableRange } from './range';
import { fitBox, prepare, type Viewport } from './viewport';

export interface SceneTrack {
  label: string;
  colour: string;
  /** Latest state: positions, then velocities. */
  state: Float64Array;
  /** History of the first two positions, for trails and scaling. */
  trailA: Float64Array;
  trailB?: Float64Array;
  diverged: boolean;
  truth: boolean;
}

export interface SceneInput {
  scenario: string;
  params: Record<string, number>;
  t: number;
  dim: number;
  tracks: SceneTrack[];
}

type Box = { xmin: number; xmax: number; ymin: number; ymax: number };

/** Extent of a quantity over the truth's history, widened by the tracks that stay near it (range.ts). */
function span(input: SceneInput, pick: (t: SceneTrack) => ArrayLike<number> | undefined): Extent {
  const truth = input.tracks.find((t) => t.truth);
  const others = input.tracks.filter((t) => !t.truth).map((t) => pick(t) ?? []);
  return readableRange(others, truth ? pick(truth) : undefined).range;
}

function label(
  ctx: CanvasRenderingContext2D,
  v: Viewport,
  text: string,
  x: number,
  y: number,
  colour: string,
) {
  ctx.fillStyle = colour;
  ctx.font = `${12 * v.ratio}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

function disc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  colour: string,
  hollow: boolean,
) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  if (hollow) {
    ctx.strokeStyle = colour;
    ctx.setLineDash([4, 3]);
    ctx.stroke();
    ctx.setLineDash([]);
  } else {
    ctx.fillStyle = colour;
    ctx.fill();
  }
}

function zigzag(ctx: CanvasRenderingContext2D, x0: number, x1: number, y: number, amplitude: number) {
  const coils = 12;
  ctx.beginPath();
  ctx.moveTo(x0, y);
  for (let i = 1; i < 2 * coils; i++) {
    const x = x0 + ((x1 - x0) * i) / (2 * coils);
    ctx.lineTo(x, y + (i % 2 === 0 ? amplitude : -amplitude));
  }
  ctx.lineTo(x1, y);
  ctx.stroke();
}

/** One row per method, each with a mass at its x: constant force, springs, the chain. */
function rows(canvas: HTMLCanvasElement, input: SceneInput, kind: 'block' | 'spring' | 'chain') {
  const ctx = prepare(canvas);
  const n = input.tracks.length;
  const x = span(input, (t) => t.trailA);
  const reach = Math.max(Math.abs(x.min), Math.abs(x.max), 1e-9);
  const pad = 0.1 * (x.max - x.min + 1e-9);
  const box: Box =
    kind === 'spring'
      ? { xmin: -1.8 * reach, xmax: 1.15 * reach, ymin: 0, ymax: n }
      : kind === 'chain'
        ? { xmin: 0, xmax: input.dim, ymin: 0, ymax: n }
        : { xmin: x.min - pad, xmax: x.max + pad, ymin: 0, ymax: n };
  const ratio = window.devicePixelRatio || 1;
  const rowH = canvas.height / n;
  const left = 110 * ratio;
  const sx = (canvas.width - left - 20 * ratio) / (box.xmax - box.xmin);
  const px = (wx: number) => Math.max(-1e5, Math.min(1e5, left + (wx - box.xmin) * sx));
  const v: Viewport = { x: px, y: (y) => y, scale: sx, ratio, width: canvas.width, height: canvas.height };
  input.tracks.forEach((track, i) => {
    const y = rowH * (i + 0.5);
    label(ctx, v, track.label, 6 * ratio, y, track.colour);
    if (track.diverged) {
      label(ctx, v, 'diverged', left, y, track.colour);
      return;
    }
    ctx.lineWidth = 1.5 * ratio;
    ctx.strokeStyle = track.colour;
    const r = Math.min(rowH * 0.3, 12 * ratio);
    if (kind === 'block') {
      const bx = px(track.state[0]!);
      ctx.beginPath();
      ctx.moveTo(px(box.xmin), y + r);
      ctx.lineTo(px(box.xmax), y + r);
      ctx.strokeStyle = '#ccc';
      ctx.stroke();
      if (track.truth) {
        ctx.strokeStyle = track.colour;
        ctx.setLineDash([4, 3]);
        ctx.strokeRect(bx - r, y - r, 2 * r, 2 * r);
        ctx.setLineDash([]);
      } else {
        ctx.fillStyle = track.colour;
        ctx.fillRect(bx - r, y - r, 2 * r, 2 * r);
      }
    } else if (kind === 'spring') {
      const wall = px(-1.6 * reach);
      ctx.fillStyle = '#999';
      ctx.fillRect(wall - 4 * ratio, y - rowH * 0.35, 4 * ratio, rowH * 0.7);
      const mx = px(track.state[0]!);
      zigzag(ctx, wall, mx - r, y, Math.min(rowH * 0.25, 8 * ratio));
      disc(ctx, mx, y, r, track.colour, track.truth);
    } else {
      const count = input.dim;
      // Beads one unit apart at rest; displacements (trailA is the free end's) are magnified so that the
      // largest is just under half a spacing, or the wave would be invisible.
      const gain = 0.45 / reach;
      const at = (k: number) => px(k + 0.5 + gain * track.state[k]!);
      ctx.beginPath();
      ctx.moveTo(at(0), y);
      for (let k = 1; k < count; k++) ctx.lineTo(at(k), y);
      ctx.stroke();
      // Beads as squares in one path: a hundred arcs a row would cost most of a frame.
      const b = Math.min(r, 3 * ratio);
      ctx.beginPath();
      for (let k = 0; k < count; k++) ctx.rect(at(k) - b, y - b, 2 * b, 2 * b);
      if (track.truth) {
        ctx.stroke();
      } else {
        ctx.fillStyle = track.colour;
        ctx.fill();
      }
    }
  });
}

/** Paths in the plane with a body at the head: jumps, drag, orbits. */
function plane(canvas: HTMLCanvasElement, input: SceneInput, ground: boolean, centre: boolean) {
  const ctx = prepare(canvas);
  const x = span(input, (t) => t.trailA);
  const y = span(input, (t) => t.trailB);
  const box: Box = { xmin: x.min, xmax: x.max, ymin: ground ? Math.min(0, y.min) : y.min, ymax: y.max };
  const v = fitBox(canvas, box, 24);
  if (ground) {
    ctx.strokeStyle = '#bbb';
    ctx.beginPath();
    ctx.moveTo(0, v.y(0));
    ctx.lineTo(v.width, v.y(0));
    ctx.stroke();
  }
  if (centre) disc(ctx, v.x(0), v.y(0), 4 * v.ratio, '#555', false);
  for (const track of input.tracks) {
    const a = track.trailA;
    const b = track.trailB;
    if (!b || a.length === 0) continue;
    ctx.strokeStyle = track.colour;
    ctx.lineWidth = (track.truth ? 1 : 1.5) * v.ratio;
    ctx.setLineDash(track.truth ? [6, 4] : []);
    ctx.beginPath();
    // Long trails are thinned to about two points a pixel of width.
    const stride = Math.max(1, Math.floor(a.length / (2 * v.width)));
    ctx.moveTo(v.x(a[0]!), v.y(b[0]!));
    for (let i = stride; i < a.length; i += stride) ctx.lineTo(v.x(a[i]!), v.y(b[i]!));
    ctx.lineTo(v.x(a[a.length - 1]!), v.y(b[b.length - 1]!));
    ctx.stroke();
    ctx.setLineDash([]);
    if (!track.diverged)
      disc(ctx, v.x(track.state[0]!), v.y(track.state[1]!), 5 * v.ratio, track.colour, track.truth);
  }
}

function lander(canvas: HTMLCanvasElement, input: SceneInput) {
  const ctx = prepare(canvas);
  const n = input.tracks.length;
  const y = span(input, (t) => t.trailA);
  const box: Box = { xmin: 0, xmax: n, ymin: Math.min(0, y.min), ymax: Math.max(y.max, 0) };
  const ratio = window.devicePixelRatio || 1;
  const top = 20 * ratio;
  const bottom = canvas.height - 28 * ratio;
  const py = (wy: number) =>
    Math.max(-1e5, Math.min(1e5, bottom - ((wy - box.ymin) / (box.ymax - box.ymin || 1)) * (bottom - top)));
  const colW = canvas.width / n;
  // The scenario has no ground: y = 0 is marked, and a lander that reaches it flies on through.
  ctx.strokeStyle = '#bbb';
  ctx.setLineDash([4, 4]);
  ctx.beginPath();
  ctx.moveTo(0, py(0));
  ctx.lineTo(canvas.width, py(0));
  ctx.stroke();
  ctx.setLineDash([]);
  const burning = input.t >= (input.params.burn_start ?? 0) && input.t < (input.params.burn_end ?? 0);
  const v: Viewport = { x: (x) => x, y: py, scale: 1, ratio, width: canvas.width, height: canvas.height };
  label(ctx, v, 'y = 0', 4 * ratio, py(0) - 8 * ratio, '#888');
  input.tracks.forEach((track, i) => {
    const cx = colW * (i + 0.5);
    ctx.save();
    ctx.translate(cx, 0);
    ctx.rotate(-Math.PI / 2);
    label(ctx, v, track.label, -canvas.height + 4 * ratio, -colW * 0.3, track.colour);
    ctx.restore();
    if (track.diverged) return;
    const yy = py(track.state[0]!);
    const s = Math.min(colW * 0.25, 12 * ratio);
    ctx.beginPath();
    ctx.moveTo(cx, yy - 2 * s);
    ctx.lineTo(cx - s, yy);
    ctx.lineTo(cx + s, yy);
    ctx.closePath();
    if (track.truth) {
      ctx.strokeStyle = track.colour;
      ctx.setLineDash([4, 3]);
      ctx.stroke();
      ctx.setLineDash([]);
    } else {
      ctx.fillStyle = track.colour;
      ctx.fill();
    }
    if (burning && !track.truth) {
      ctx.fillStyle = '#E69F00';
      ctx.beginPath();
      ctx.moveTo(cx - s * 0.5, yy);
      ctx.lineTo(cx + s * 0.5, yy);
      ctx.lineTo(cx, yy + 1.5 * s);
      ctx.closePath();
      ctx.fill();
    }
  });
}

function pendulums(canvas: HTMLCanvasElement, input: SceneInput, double: boolean) {
  const ctx = prepare(canvas);
  const l1 = input.params[double ? 'L1' : 'L'] ?? 1;
  const l2 = double ? (input.params.L2 ?? 1) : 0;
  const reach = (l1 + l2) * 1.1;
  const v = fitBox(
    canvas,
    { xmin: -reach, xmax: reach, ymin: -reach, ymax: double ? reach : 0.3 * reach },
    12,
  );
  disc(ctx, v.x(0), v.y(0), 3 * v.ratio, '#555', false);
  for (const track of input.tracks) {
    if (track.diverged) continue;
    const th1 = track.state[0]!;
    const x1 = l1 * Math.sin(th1);
    const y1 = -l1 * Math.cos(th1);
    ctx.strokeStyle = track.colour;
    ctx.lineWidth = 2 * v.ratio;
    ctx.setLineDash(track.truth ? [6, 4] : []);
    ctx.beginPath();
    ctx.moveTo(v.x(0), v.y(0));
    ctx.lineTo(v.x(x1), v.y(y1));
    let bx = x1;
    let by = y1;
    if (double) {
      const th2 = track.state[1]!;
      bx = x1 + l2 * Math.sin(th2);
      by = y1 - l2 * Math.cos(th2);
      ctx.lineTo(v.x(bx), v.y(by));
    }
    ctx.stroke();
    ctx.setLineDash([]);
    disc(ctx, v.x(x1), v.y(y1), 6 * v.ratio, track.colour, track.truth);
    if (double) disc(ctx, v.x(bx), v.y(by), 6 * v.ratio, track.colour, track.truth);
  }
}

export function drawScene(canvas: HTMLCanvasElement, input: SceneInput): void {
  switch (input.scenario) {
    case 'constant-force':
      rows(canvas, input, 'block');
      break;
    case 'spring':
    case 'damped-spring':
    case 'two-springs':
      rows(canvas, input, 'spring');
      break;
    case 'spring-chain':
      rows(canvas, input, 'chain');
      break;
    case 'projectile':
    case 'drag':
      plane(canvas, input, true, false);
      break;
    case 'orbit':
    case 'kepler':
      plane(canvas, input, false, true);
      break;
    case 'lunar-lander':
      lander(canvas, input);
      break;
    case 'pendulum':
      pendulums(canvas, input, false);
      break;
    case 'double-pendulum':
      pendulums(canvas, input, true);
      break;
    default:
      prepare(canvas);
  }
}
