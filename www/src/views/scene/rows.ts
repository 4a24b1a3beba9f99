// One row a method: a block sliding, a mass on a spring, the chain's beads.

import { neutral, traceMarker } from '../../ui/palette';
import { clampToCanvas, pixelRatio, prepare, type Viewport } from '../viewport';
import { labelFor } from './labels';
import { type Box, disc, label, type SceneInput, span, withTwin, zigzag } from './parts';

/** One row per method, each with a mass at its x: constant force, springs, the chain. */
export function rows(canvas: HTMLCanvasElement, input: SceneInput, kind: 'block' | 'spring' | 'chain') {
  const ctx = prepare(canvas);
  const n = input.tracks.length;
  const x = span(input, (t) => t.trailA, input.bounds?.a);
  const reach = Math.max(Math.abs(x.min), Math.abs(x.max), 1e-9);
  const pad = 0.1 * (x.max - x.min + 1e-9);
  const box: Box =
    kind === 'spring'
      ? { xmin: -1.8 * reach, xmax: 1.15 * reach, ymin: 0, ymax: n }
      : kind === 'chain'
        ? { xmin: 0, xmax: input.dim, ymin: 0, ymax: n }
        : { xmin: x.min - pad, xmax: x.max + pad, ymin: 0, ymax: n };
  const ratio = pixelRatio();
  const rowH = canvas.height / n;
  // The names' column: as wide as the widest name (within half the scene). A name wider than
  // that is set smaller, down to 9 px, then cut (see setLabel): none is drawn over the picture (eleven
  // methods on a phone: "Kinematic, average acceleration" ran into its spring; at 360 px it is whole at 9 px).
  ctx.font = `${12 * ratio}px system-ui, sans-serif`;
  const widest = Math.max(...input.tracks.map((t) => ctx.measureText(t.label).width));
  const left = Math.min(Math.max(110 * ratio, widest + 16 * ratio), 0.5 * canvas.width);
  /** A name set within the column, `less` CSS pixels narrower (for an arrow after it). */
  const nameOf = (text: string, less = 0) =>
    labelFor(ctx, text, (left - ratio * (14 + less)) / ratio, ratio, 1);
  // Room for a second line under a name (where a body has left the scene)?
  const twoLines = rowH >= 30 * ratio;
  const sx = (canvas.width - left - 20 * ratio) / (box.xmax - box.xmin);
  // Rows are horizontal: clamping x (to the band around the canvas) moves no line off its course.
  const px = (wx: number) => clampToCanvas(left + (wx - box.xmin) * sx, canvas.width);
  const v: Viewport = { x: px, y: (y) => y, scale: sx, ratio, width: canvas.width, height: canvas.height };
  // The chain's beads: one unit apart at rest; displacements (trailA is the free end's) are magnified so
  // that the largest is just under half a spacing, or the wave would be invisible.
  const gain = 0.45 / reach;
  /** Where a chain's bead farthest from its place is drawn, unclamped (canvas pixels). */
  const farthestBead = (state: Float64Array) => {
    let at = 0;
    for (let k = 1; k < input.dim; k++) if (Math.abs(state[k]!) > Math.abs(state[at]!)) at = k;
    return left + (at + 0.5 + gain * state[at]! - box.xmin) * sx;
  };
  /** Where a spring's wall stands (canvas pixels). */
  const wall = px(-1.6 * reach);
  input.tracks.forEach((track, i) => {
    const y = rowH * (i + 0.5);
    const r = Math.min(rowH * 0.3, 12 * ratio);
    // A body far out of the frame (a bead of the chain) says so under its name, in the names' column:
    // nothing is written over the picture.
    const bodyX = track.diverged
      ? undefined
      : kind === 'chain'
        ? farthestBead(track.state)
        : px(track.state[0]!);
    // A spring's mass is off the scene once it reaches the wall: it is not drawn through it.
    const away = offScene(bodyX, kind === 'spring' ? wall + r : left - r, canvas.width + r);
    const gone = away === 'left' ? '◀ off the scene' : '▶ off the scene';
    // The arrow, where it follows the name, takes 16 px of the column.
    const name = nameOf(track.label, away && !twoLines ? 16 : 0);
    const named = name.lines[0] ?? '';
    if (away && twoLines) {
      label(ctx, v, named, 6 * ratio, y - 7 * ratio, track.colour, name.size);
      label(ctx, v, gone, 6 * ratio, y + 8 * ratio, track.colour);
    } else {
      label(
        ctx,
        v,
        away ? `${named} ${away === 'left' ? '◀' : '▶'}` : named,
        6 * ratio,
        y,
        track.colour,
        name.size,
      );
    }
    if (track.diverged) {
      label(ctx, v, track.stopped ? 'stopped' : 'diverged', left, y, track.colour);
      return;
    }
    ctx.lineWidth = 1.5 * ratio;
    ctx.strokeStyle = track.colour;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left - 8 * ratio, y - rowH / 2, canvas.width - left + 8 * ratio, rowH);
    ctx.clip();
    if (kind === 'block') {
      ctx.beginPath();
      ctx.moveTo(px(box.xmin), y + r);
      ctx.lineTo(px(box.xmax), y + r);
      ctx.strokeStyle = neutral().faint;
      ctx.stroke();
      const block = (state: Float64Array) => {
        const bx = px(state[0]!);
        if (track.truth) {
          ctx.strokeStyle = track.colour;
          ctx.setLineDash([4, 3]);
          ctx.strokeRect(bx - r, y - r, 2 * r, 2 * r);
          ctx.setLineDash([]);
        } else {
          ctx.fillStyle = track.colour;
          ctx.fillRect(bx - r, y - r, 2 * r, 2 * r);
          // The method's marker on its block, in the background's colour, as the second cue.
          ctx.fillStyle = neutral().background;
          ctx.beginPath();
          traceMarker(ctx, track.marker ?? 'circle', bx, y, r * 0.5);
          ctx.fill();
        }
      };
      withTwin(ctx, track, block);
      block(track.state);
    } else if (kind === 'spring') {
      ctx.fillStyle = neutral().wall;
      ctx.fillRect(wall - 4 * ratio, y - rowH * 0.35, 4 * ratio, rowH * 0.7);
      // The twin's mass alone, faded: one spring to the wall is enough to read.
      withTwin(ctx, track, (twin) => {
        if (offScene(px(twin[0]!), wall + r, canvas.width + r) !== 'left')
          disc(ctx, px(twin[0]!), y, r, track.colour, track.truth, track.marker);
      });
      if (away !== 'left') {
        const mx = px(track.state[0]!);
        ctx.strokeStyle = track.colour;
        zigzag(ctx, wall, mx - r, y, Math.min(rowH * 0.25, 8 * ratio));
        disc(ctx, mx, y, r, track.colour, track.truth, track.marker);
      }
    } else {
      const count = input.dim;
      const beads = (state: Float64Array) => {
        const at = (k: number) => px(k + 0.5 + gain * state[k]!);
        ctx.strokeStyle = track.colour;
        ctx.beginPath();
        ctx.moveTo(at(0), y);
        for (let k = 1; k < count; k++) ctx.lineTo(at(k), y);
        ctx.stroke();
        // Beads as the method's marker, all in one path: a hundred separate fills a row would cost a frame.
        const b = Math.min(r, 3.5 * ratio);
        ctx.beginPath();
        const shape = track.marker ?? 'square';
        for (let k = 0; k < count; k++) traceMarker(ctx, shape, at(k), y, b, track.truth);
        if (track.truth) {
          ctx.stroke();
        } else {
          ctx.fillStyle = track.colour;
          ctx.fill();
        }
      };
      withTwin(ctx, track, beads);
      beads(track.state);
    }
    ctx.restore();
  });
}

/**
 * Whether a body at `x` is off the scene, and on which side: left of `from` or right of `to` (canvas pixels:
 * the picture's edges, widened by the body's radius; for a spring's mass, its wall).
 */
function offScene(x: number | undefined, from: number, to: number): 'left' | 'right' | undefined {
  if (x === undefined) return undefined;
  return x < from ? 'left' : x > to ? 'right' : undefined;
}
