// The one place that knows about the screen: world coordinates (y up) to canvas pixels, aware of the
// device pixel ratio.

import { BAND } from './clip';

export interface Viewport {
  /** Canvas pixels of a world point. */
  x(worldX: number): number;
  y(worldY: number): number;
  /** Canvas pixels per world unit. */
  scale: number;
  /** CSS-to-canvas pixel ratio, for line widths and fonts. */
  ratio: number;
  width: number;
  height: number;
}

let override: number | undefined;

/** Canvas pixels a CSS pixel: the screen's, or the one an export draws at (see `atPixelRatio`). */
export function pixelRatio(): number {
  return override ?? (window.devicePixelRatio || 1);
}

/** Runs `draw` with canvases sized and drawn at `ratio` canvas pixels a CSS pixel (a 2× PNG on any screen). */
export function atPixelRatio<T>(ratio: number, draw: () => T): T {
  const before = override;
  override = ratio;
  try {
    return draw();
  } finally {
    override = before;
  }
}

/** Sizes the canvas backing store to its CSS size × the pixel ratio; returns its context. */
export function prepare(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ratio = pixelRatio();
  const w = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const h = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2-D canvas');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return ctx;
}

/** A viewport whose points are also given as they are, unclamped, for lines a `ClippedPath` clips. */
export interface FittedViewport extends Viewport {
  rawX(worldX: number): number;
  rawY(worldY: number): number;
}

/** Canvas pixels clamped to the band around a canvas `size` wide (see clip.ts): far points make drawing
 * slow, and make GPU-accelerated canvases drop the whole path. */
export function clampToCanvas(p: number, size: number): number {
  return Math.max(-BAND * size, Math.min((BAND + 1) * size, p));
}

/** Fits the world box into the canvas with equal scales on both axes and a margin, y up. */
export function fitBox(
  canvas: HTMLCanvasElement,
  box: { xmin: number; xmax: number; ymin: number; ymax: number },
  marginCss = 16,
): FittedViewport {
  const ratio = pixelRatio();
  const width = canvas.width;
  const height = canvas.height;
  const margin = marginCss * ratio;
  const spanX = Math.max(box.xmax - box.xmin, 1e-12);
  const spanY = Math.max(box.ymax - box.ymin, 1e-12);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const cx = (box.xmin + box.xmax) / 2;
  const cy = (box.ymin + box.ymax) / 2;
  const rawX = (wx: number) => width / 2 + (wx - cx) * scale;
  const rawY = (wy: number) => height / 2 - (wy - cy) * scale;
  return {
    x: (wx) => clampToCanvas(rawX(wx), width),
    y: (wy) => clampToCanvas(rawY(wy), height),
    rawX,
    rawY,
    scale,
    ratio,
    width,
    height,
  };
}
