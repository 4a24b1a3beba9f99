// What every scene drawing shares: the tracks it draws, and small pieces (labels, bodies, springs) in the
// coordinates of a Viewport.

import type { SceneInfo } from '../../core';
import { type Marker, neutral, traceMarker } from '../../ui/palette';
import { type Extent, readableRange } from '../range';
import type { Viewport } from '../viewport';

export interface SceneTrack {
  label: string;
  colour: string;
  /** The method's marker, for its body; undefined for the truth (drawn hollow and dashed). */
  marker: Marker | undefined;
  /** Latest state: positions, then velocities. */
  state: Float64Array;
  /** The latest state of its twin from a nudged start (the URL's `nudge=`), drawn faded beside it. */
  twin?: Float64Array;
  /** History of the position the picture's scale follows (the first; the chain's free end) and of the
   * second position, for trails. */
  trailA: Float64Array;
  trailB?: Float64Array;
  /** Its rows are many steps apart: a sample of the motion, not its path (see trace.ts, `traceLine`). */
  sampled: boolean;
  diverged: boolean;
  /** It did not blow up but stopped, failing in a way of its own (a rule that raised an error). */
  stopped: boolean;
  truth: boolean;
}

export interface SceneInput {
  scene: SceneInfo;
  /** The exact solution's extent over the whole run for the first and second positions drawn, where the
   * core knows it: the frame the picture keeps from start to end. */
  bounds?: { a?: Extent; b?: Extent };
  params: Record<string, number>;
  t: number;
  dim: number;
  tracks: SceneTrack[];
}

/** How opaque a twin is drawn: a ghost of its run. */
export const TWIN_ALPHA = 0.35;

/** Draws `body` for a track's twin, faded, where it has one (a diverged run's twin is not drawn). */
export function withTwin(
  ctx: CanvasRenderingContext2D,
  track: SceneTrack,
  body: (state: Float64Array) => void,
) {
  if (!track.twin || track.diverged) return;
  ctx.save();
  ctx.globalAlpha = TWIN_ALPHA;
  body(track.twin);
  ctx.restore();
}

export type Box = { xmin: number; xmax: number; ymin: number; ymax: number };

/**
 * The extent a picture shows of a quantity: `fixed` (the exact solution over the whole run) where known, so
 * the frame holds still while the run plays; else the truth's history so far, widened by the tracks that
 * stay near it (range.ts).
 */
export function span(
  input: SceneInput,
  pick: (t: SceneTrack) => ArrayLike<number> | undefined,
  fixed?: Extent,
): Extent {
  if (fixed && Number.isFinite(fixed.min) && Number.isFinite(fixed.max)) return fixed;
  const truth = input.tracks.find((t) => t.truth);
  const others = input.tracks.filter((t) => !t.truth).map((t) => pick(t) ?? []);
  return readableRange(others, truth ? pick(truth) : undefined).range;
}

export function label(
  ctx: CanvasRenderingContext2D,
  v: Viewport,
  text: string,
  x: number,
  y: number,
  colour: string,
  size = 12,
  halo = false,
) {
  ctx.font = `${size * v.ratio}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  if (halo) {
    // Outlined in the background's colour: readable over the lines it is drawn on.
    ctx.strokeStyle = neutral().background;
    ctx.lineWidth = 3 * v.ratio;
    ctx.lineJoin = 'round';
    ctx.strokeText(text, x, y);
  }
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** A body: the method's marker, filled; the truth's, hollow and dashed; a plain disc for fixed points. */
export function disc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  colour: string,
  hollow: boolean,
  shape: Marker = 'circle',
) {
  ctx.beginPath();
  traceMarker(ctx, shape, x, y, r);
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

export function zigzag(ctx: CanvasRenderingContext2D, x0: number, x1: number, y: number, amplitude: number) {
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
