// Pictures in the plane: paths with a body at the head (jumps, drag, orbits), landers over y = 0, pendulums.

import { neutral, traceMarker } from '../../ui/palette';
import { InkCache, traceStroked } from '../trace';
import { fitBox, pixelRatio, prepare, type Viewport } from '../viewport';
import { type Box, disc, label, type SceneInput, span, withTwin } from './parts';

/** Points a trail is traced through at most (see trace.ts, `stretches`): this many, or this many a pixel of
 * the scene's width where more. */
const TRAIL_POINTS = 4096;
const TRAIL_POINTS_PER_PIXEL = 4;
/** Stretches of a long trail between its beginning and its end: few and long, so that each reads as a piece
 * of an orbit (explicit Euler's on the Kepler orbit, growing), not as scattered dashes. */
const TRAIL_STRETCHES = 32;

/** The scene's ink (see trace.ts): its own, kept while the scene keeps its size. */
const inks = new InkCache();

/** Paths in the plane with a body at the head: jumps, drag, orbits. */
export function plane(canvas: HTMLCanvasElement, input: SceneInput, ground: boolean, centre: boolean) {
  const ctx = prepare(canvas);
  const x = span(input, (t) => t.trailA, input.bounds?.a);
  const y = span(input, (t) => t.trailB, input.bounds?.b);
  const box: Box = { xmin: x.min, xmax: x.max, ymin: ground ? Math.min(0, y.min) : y.min, ymax: y.max };
  const v = fitBox(canvas, box, 24);
  if (ground) {
    ctx.strokeStyle = neutral().faint;
    ctx.beginPath();
    ctx.moveTo(0, v.y(0));
    ctx.lineTo(v.width, v.y(0));
    ctx.stroke();
  }
  if (centre) disc(ctx, v.x(0), v.y(0), 4 * v.ratio, neutral().mid, false);
  // The bodies that left the scene are named once every trail is drawn, over them, outlined: a later method's
  // trail drawn across a name hid it (the Kepler orbit's explicit Euler).
  const names: { text: string; x: number; y: number; width: number; colour: string }[] = [];
  for (const track of input.tracks) {
    const a = track.trailA;
    const b = track.trailB;
    if (!b || a.length === 0) continue;
    // A trail is traced as the phase portrait's lines are (trace.ts): a long one as stretches of it, rows
    // many steps apart far from each other as dots, its passes over pixels it inked before passed over, and
    // stroked a hairline, solid, where it is dense. Drawn every frame: eleven methods round the Kepler orbit
    // for 200,000 steps had been stroked whole, chords of rows far apart, 40 to 60 ms a frame.
    const plot = { left: 0, top: 0, width: v.width, height: v.height };
    const dash = track.truth ? [6, 4] : [];
    const { thin } = traceStroked(
      () => {
        ctx.beginPath();
        return ctx;
      },
      { xs: a, ys: b, idx0: 0, idx1: a.length - 1, toX: v.rawX, toY: v.rawY },
      {
        plot,
        budget: Math.max(TRAIL_POINTS, TRAIL_POINTS_PER_PIXEL * v.width),
        stretches: TRAIL_STRETCHES,
        apart: track.sampled,
        dot: 0.75 * v.ratio,
        log: false,
      },
      inks,
      dash.length > 0,
    );
    ctx.strokeStyle = track.colour;
    ctx.lineWidth = thin ? v.ratio / (globalThis.devicePixelRatio || 1) : (track.truth ? 1 : 1.5) * v.ratio;
    ctx.setLineDash(thin ? [] : dash);
    ctx.stroke();
    ctx.setLineDash([]);
    if (track.diverged) continue;
    withTwin(ctx, track, (twin) =>
      disc(ctx, v.x(twin[0]!), v.y(twin[1]!), 5 * v.ratio, track.colour, track.truth, track.marker),
    );
    const [bx, by] = [v.x(track.state[0]!), v.y(track.state[1]!)];
    const inset = 14 * v.ratio;
    if (bx >= 0 && bx <= v.width && by >= 0 && by <= v.height) {
      disc(ctx, bx, by, 5 * v.ratio, track.colour, track.truth, track.marker);
      continue;
    }
    // The frame is the exact solution's: a body that left it is pinned to the edge, where it left, and says so.
    const [ex, ey] = [
      Math.min(v.width - inset, Math.max(inset, bx)),
      Math.min(v.height - inset, Math.max(inset, by)),
    ];
    disc(ctx, ex, ey, 5 * v.ratio, track.colour, track.truth, track.marker);
    const text = `${track.label} off the scene`;
    ctx.font = `${12 * v.ratio}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width;
    const lx = ex + 10 * v.ratio + w > v.width ? ex - 10 * v.ratio - w : ex + 10 * v.ratio;
    // Bodies pinned at one place (two methods gone off by the same corner) have their names one under
    // the other, not one over the other: a line further into the picture for each name already there.
    const line = 16 * v.ratio;
    const inward = ey < v.height / 2 ? 1 : -1;
    const taken = (y: number) =>
      names.some((n) => Math.abs(n.y - y) < line && n.x < lx + w && lx < n.x + n.width);
    let ly = ey;
    while (taken(ly) && Math.abs(ly - ey) < v.height) ly += inward * line;
    names.push({ text, x: lx, y: ly, width: w, colour: track.colour });
  }
  for (const { text, x, y, colour } of names) label(ctx, v, text, x, y, colour, 12, true);
}

export function lander(canvas: HTMLCanvasElement, input: SceneInput) {
  const ctx = prepare(canvas);
  const n = input.tracks.length;
  const y = span(input, (t) => t.trailA, input.bounds?.a);
  const box: Box = { xmin: 0, xmax: n, ymin: Math.min(0, y.min), ymax: Math.max(y.max, 0) };
  const ratio = pixelRatio();
  const top = 20 * ratio;
  const bottom = canvas.height - 28 * ratio;
  const py = (wy: number) =>
    Math.max(-1e5, Math.min(1e5, bottom - ((wy - box.ymin) / (box.ymax - box.ymin || 1)) * (bottom - top)));
  const colW = canvas.width / n;
  // The scenario has no ground: y = 0 is marked, and a lander that reaches it flies on through.
  ctx.strokeStyle = neutral().faint;
  ctx.setLineDash([4, 4]);
  ctx.beginPath();
  ctx.moveTo(0, py(0));
  ctx.lineTo(canvas.width, py(0));
  ctx.stroke();
  ctx.setLineDash([]);
  const [start = '', end = ''] = input.scene.params;
  const burning = input.t >= (input.params[start] ?? 0) && input.t < (input.params[end] ?? 0);
  const v: Viewport = { x: (x) => x, y: py, scale: 1, ratio, width: canvas.width, height: canvas.height };
  label(ctx, v, 'y = 0', 4 * ratio, py(0) - 8 * ratio, neutral().mid);
  input.tracks.forEach((track, i) => {
    const cx = colW * (i + 0.5);
    ctx.save();
    ctx.translate(cx, 0);
    ctx.rotate(-Math.PI / 2);
    label(ctx, v, track.label, -canvas.height + 4 * ratio, -colW * 0.3, track.colour);
    ctx.restore();
    if (track.diverged) return;
    const s = Math.min(colW * 0.25, 12 * ratio);
    const body = (state: Float64Array) => {
      const yy = py(state[0]!);
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
        ctx.fillStyle = neutral().background;
        ctx.beginPath();
        traceMarker(ctx, track.marker ?? 'circle', cx, yy - 0.7 * s, 0.35 * s);
        ctx.fill();
      }
    };
    withTwin(ctx, track, body);
    body(track.state);
    const yy = py(track.state[0]!);
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

export function pendulums(canvas: HTMLCanvasElement, input: SceneInput) {
  const ctx = prepare(canvas);
  const [first = '', second] = input.scene.params;
  const double = second !== undefined && input.dim > 1;
  const l1 = input.params[first] ?? 1;
  const l2 = double ? (input.params[second] ?? 1) : 0;
  const reach = (l1 + l2) * 1.1;
  const v = fitBox(
    canvas,
    { xmin: -reach, xmax: reach, ymin: -reach, ymax: double ? reach : 0.3 * reach },
    12,
  );
  disc(ctx, v.x(0), v.y(0), 3 * v.ratio, neutral().mid, false);
  for (const track of input.tracks) {
    if (track.diverged) continue;
    const draw = (state: Float64Array) => {
      const th1 = state[0]!;
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
        const th2 = state[1]!;
        bx = x1 + l2 * Math.sin(th2);
        by = y1 - l2 * Math.cos(th2);
        ctx.lineTo(v.x(bx), v.y(by));
      }
      ctx.stroke();
      ctx.setLineDash([]);
      disc(ctx, v.x(x1), v.y(y1), 6 * v.ratio, track.colour, track.truth, track.marker);
      if (double) disc(ctx, v.x(bx), v.y(by), 6 * v.ratio, track.colour, track.truth, track.marker);
    };
    // The nudged twin first, faded, under its run.
    withTwin(ctx, track, draw);
    draw(track.state);
  }
}
