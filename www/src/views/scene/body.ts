// A spinning body, drawn in 3-D without WebGL: each method's copy in a row beside the truth's, as a box whose
// shape follows its principal moments, seen from a fixed camera (an orthographic projection), with its three
// body axes. `top` stands the box on a pivot at the end of its axis 3, under a vertical line. The attitude is
// the state's quaternion made a unit one: explicit Euler's growing ‖q‖ is its own chart, not a bigger box.

import { neutral } from '../../ui/palette';
import { prepare } from '../viewport';
import { LINE, labelFor, type SetLabel, write, writeLines } from './labels';
import type { SceneInput, SceneTrack } from './parts';

type Vec3 = [number, number, number];

/** The camera: looking down 20° at the scene from 35° round from the x axis, z up. */
const AZIMUTH = (35 * Math.PI) / 180;
const ELEVATION = (20 * Math.PI) / 180;
const RIGHT: Vec3 = [-Math.sin(AZIMUTH), Math.cos(AZIMUTH), 0];
const UP: Vec3 = [
  -Math.sin(ELEVATION) * Math.cos(AZIMUTH),
  -Math.sin(ELEVATION) * Math.sin(AZIMUTH),
  Math.cos(ELEVATION),
];
/** Toward the viewer. */
const TOWARD: Vec3 = [
  Math.cos(ELEVATION) * Math.cos(AZIMUTH),
  Math.cos(ELEVATION) * Math.sin(AZIMUTH),
  Math.sin(ELEVATION),
];

/** The thinnest a box is drawn, relative to its longest side (a coin's moments make it flat). */
const THINNEST = 0.08;

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The rotation (body to world) of a quaternion made a unit one, as the images of the three body axes. */
export function axesOf(q: ArrayLike<number>): [Vec3, Vec3, Vec3] | undefined {
  const n = Math.hypot(q[0] ?? 0, q[1] ?? 0, q[2] ?? 0, q[3] ?? 0);
  if (!(n > 0) || !Number.isFinite(n)) return undefined;
  const w = (q[0] ?? 0) / n;
  const x = (q[1] ?? 0) / n;
  const y = (q[2] ?? 0) / n;
  const z = (q[3] ?? 0) / n;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)],
    [2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)],
    [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)],
  ];
}

/** A box's half-sides from its principal moments: a uniform box of half-sides (a, b, c) has I1 ∝ b² + c², so
 * a² ∝ (I2 + I3 − I1)/2 and so on; scaled so that its longest is 1, none thinner than THINNEST. */
export function halfSides(moments: [number, number, number]): Vec3 {
  const [i1, i2, i3] = moments;
  const raw: Vec3 = [
    Math.sqrt(Math.max(0, (i2 + i3 - i1) / 2)),
    Math.sqrt(Math.max(0, (i1 + i3 - i2) / 2)),
    Math.sqrt(Math.max(0, (i1 + i2 - i3) / 2)),
  ];
  const longest = Math.max(...raw);
  if (!(longest > 0)) return [1, 1, 1];
  return raw.map((r) => Math.max(THINNEST, r / longest)) as Vec3;
}

/** Draws one copy: its box (faces toward the camera, shaded), its axes, centred on (cx, cy) at `size` pixels a
 * unit. The truth's is an outline, dashed. */
function drawBody(
  ctx: CanvasRenderingContext2D,
  axes: [Vec3, Vec3, Vec3],
  half: Vec3,
  onPivot: boolean,
  cx: number,
  cy: number,
  size: number,
  track: SceneTrack,
  ratio: number,
): void {
  // The body's centre in the world: on a pivot, half its axis-3 length along that axis from the pivot.
  const centre: Vec3 = onPivot ? (axes[2].map((v) => v * half[2]) as Vec3) : [0, 0, 0];
  const world = (b: Vec3): Vec3 =>
    [0, 1, 2].map((i) => centre[i]! + b[0] * axes[0][i]! + b[1] * axes[1][i]! + b[2] * axes[2][i]!) as Vec3;
  const screen = (p: Vec3): [number, number] => [cx + size * dot(p, RIGHT), cy - size * dot(p, UP)];
  ctx.lineWidth = 1.5 * ratio;
  ctx.strokeStyle = track.colour;
  ctx.fillStyle = track.colour;
  ctx.setLineDash(track.truth ? [5 * ratio, 3 * ratio] : []);
  for (let i = 0; i < 3; i++) {
    for (const sign of [-1, 1]) {
      const facing = sign * dot(axes[i]!, TOWARD);
      if (facing <= 0) continue;
      const j = (i + 1) % 3;
      const k = (i + 2) % 3;
      const corner = (u: number, v: number): [number, number] => {
        const b: Vec3 = [0, 0, 0];
        b[i] = sign * half[i]!;
        b[j] = u * half[j]!;
        b[k] = v * half[k]!;
        return screen(world(b));
      };
      ctx.beginPath();
      for (const [n, [u, v]] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].entries()) {
        const [x, y] = corner(u!, v!);
        if (n === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
      if (!track.truth) {
        // Faces turned to the camera are lighter: the box reads as a solid.
        ctx.globalAlpha = 0.15 + 0.45 * facing;
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      ctx.stroke();
    }
  }
  ctx.setLineDash([]);
  // The body axes, from the centre out past the box, numbered.
  const ink = neutral();
  ctx.lineWidth = 1 * ratio;
  for (let i = 0; i < 3; i++) {
    const tip: Vec3 = [0, 0, 0];
    tip[i] = half[i]! + 0.35;
    const [x0, y0] = screen(world([0, 0, 0]));
    const [x1, y1] = screen(world(tip));
    ctx.strokeStyle = ink.mid;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    write(ctx, String(i + 1), x1 + (x1 - x0) * 0.12, y1 + (y1 - y0) * 0.12, ink.mid, ratio);
  }
}

/** How a scene's cells are laid out: `rows` of `columns`, each cell `width` by `height` canvas pixels, its
 * body drawn at `size` pixels a unit of its reach. */
export interface Grid {
  rows: number;
  columns: number;
  width: number;
  height: number;
  size: number;
}

/**
 * The grid that draws `cells` bodies largest in a `width` by `height` scene: one row where the scene is wide
 * (a desktop's five cells of 178 px), two or more where one row would leave each body small in a tall, empty
 * cell (a phone's five cells of 75 px in a 220 px scene: two rows of three give each 125 by 110).
 * `labelRoom(cellWidth)` is the height a row's labels take under cells that wide; `reach` the body's farthest
 * corner from the point it turns about. The fewest rows win a tie.
 */
export function grid(
  cells: number,
  width: number,
  height: number,
  reach: number,
  labelRoom: (cellWidth: number) => number,
): Grid {
  let best: Grid | undefined;
  for (let rows = 1; rows <= Math.max(1, cells); rows++) {
    const columns = Math.ceil(Math.max(1, cells) / rows);
    // A row more than the cells need (five bodies in three rows of two) leaves a row empty: not a layout.
    if (rows > 1 && (rows - 1) * columns >= cells) continue;
    const cellWidth = width / columns;
    const cellHeight = height / rows;
    const size = (0.46 * Math.min(cellWidth, cellHeight - labelRoom(cellWidth))) / (reach + 0.35);
    if (!best || size > best.size * 1.001)
      best = { rows, columns, width: cellWidth, height: cellHeight, size };
  }
  return best as Grid;
}

/** The spinning bodies of a run: each track's copy in its own cell, its label under it, in as many rows as
 * draw them largest (see `grid`). */
export function bodies(canvas: HTMLCanvasElement, input: SceneInput, onPivot: boolean): void {
  const ctx = prepare(canvas);
  const ratio = canvas.width / Math.max(1, canvas.clientWidth);
  const moments = input.scene.params.map((p) => input.params[p] ?? 1) as [number, number, number];
  const half = halfSides(moments);
  // The farthest any corner reaches from the point the body turns about: the cell holds it at any attitude.
  const reach = onPivot ? Math.hypot(half[0], half[1], 2 * half[2]) : Math.hypot(...half);
  const attitudes = input.tracks.map((track) => (track.diverged ? undefined : axesOf(track.state)));
  const texts = input.tracks.map((track, k) => (attitudes[k] ? track.label : `${track.label}: diverged`));
  // The labels under the cells, set for a cell's width: where one takes two lines, every cell of the scene
  // gives them the room.
  const labelsFor = (cellWidth: number) =>
    texts.map((text) => labelFor(ctx, text, (0.96 * cellWidth) / ratio, ratio));
  const roomFor = (labels: SetLabel[]) =>
    (Math.max(1, ...labels.map((l) => l.lines.length)) * LINE + 4) * ratio;
  const cells = grid(input.tracks.length, canvas.width, canvas.height, reach, (w) => roomFor(labelsFor(w)));
  const labels = labelsFor(cells.width);
  const labelRoom = roomFor(labels);
  const { size } = cells;
  const ink = neutral();
  input.tracks.forEach((track, k) => {
    const row = Math.floor(k / cells.columns);
    // A last row of fewer cells is centred under the others.
    const inRow = Math.min(cells.columns, input.tracks.length - row * cells.columns);
    const cx = (canvas.width - inRow * cells.width) / 2 + cells.width * ((k % cells.columns) + 0.5);
    const top = row * cells.height;
    const bottom = top + cells.height;
    // A top stands on its pivot low in the cell, room above for it and below for its lean.
    const cy = top + (onPivot ? 0.72 : 0.5) * (cells.height - labelRoom);
    const axes = attitudes[k];
    if (onPivot) {
      // The pivot, and the vertical the top leans from.
      ctx.strokeStyle = ink.mid;
      ctx.lineWidth = 1 * ratio;
      ctx.setLineDash([2 * ratio, 3 * ratio]);
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.lineTo(cx, cy - size * (reach + 0.2));
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = ink.mid;
      ctx.beginPath();
      ctx.arc(cx, cy, 3 * ratio, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (axes) drawBody(ctx, axes, half, onPivot, cx, cy, size, track, ratio);
    const label = labels[k];
    if (label)
      writeLines(ctx, label, cx, bottom - labelRoom / 2, track.truth ? ink.mid : track.colour, ratio);
  });
}
