// The one place that knows about the screen: world coordinates (y up) to canvas pixels, aware of the
// device pixel ratio.

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

/** Fits the world box into the canvas with equal scales on both axes and a margin, y up. */
export function fitBox(
  canvas: HTMLCanvasElement,
  box: { xmin: number; xmax: number; ymin: number; ymax: number },
  marginCss = 16,
): Viewport {
  const ratio = pixelRatio();
  const width = canvas.width;
  const height = canvas.height;
  const margin = marginCss * ratio;
  const spanX = Math.max(box.xmax - box.xmin, 1e-12);
  const spanY = Math.max(box.ymax - box.ymin, 1e-12);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const cx = (box.xmin + box.xmax) / 2;
  const cy = (box.ymin + box.ymax) / 2;
  // Canvas coordinates far outside the canvas make drawing slow or wrong: clamp them.
  const clamp = (p: number) => Math.max(-1e5, Math.min(1e5, p));
  return {
    x: (wx) => clamp(width / 2 + (wx - cx) * scale),
    y: (wy) => clamp(height / 2 - (wy - cy) * scale),
    scale,
    ratio,
    width,
    height,
  };
}
