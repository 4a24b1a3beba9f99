// The exports: the run as the CLI's CSV (written by the core), and the scene with the charts as one PNG.

import { formatTime, type ScenarioInfo, type Session } from '../core';
import { notice } from '../ui/dom';
import { neutral, traceMarker } from '../ui/palette';
import type { SeriesStyle } from './charts/chart';

/** Rows of each method an exported CSV holds at most. */
const CSV_ROWS = 20_000;

function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Downloads the run as `integrator-lab run` prints it (every N-th step for long runs, as `--every N`). */
export function exportCsv(sim: Session, scenario: string): void {
  // A 144,000-step run at every step would be hundreds of megabytes.
  const every = Math.max(1, Math.ceil(sim.totalSteps / CSV_ROWS));
  if (every > 1) notice(`Exported every ${every}th step, as integrator-lab run --every ${every} prints it.`);
  download(`integrator-lab-${scenario}.csv`, new Blob([sim.csv(every)], { type: 'text/csv' }));
}

/** A picture for the PNG: its title, its canvas, and the looks of its lines for a legend under it. */
export interface Figure {
  title: string;
  canvas: HTMLCanvasElement;
  legend?: SeriesStyle[];
}

/** Text wrapped to `width` pixels in the context's current font. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * Downloads the figures as one picture a teacher can put on a slide: a caption that says the settings in
 * words (and the page's notes on methods that diverged or left the charts), the first figure (the scene) the
 * whole width, then the charts two a row, each under its title and over its own legend. `ratio`: the
 * figures' canvas pixels a CSS pixel.
 */
export function exportPng(name: string, caption: string[], figures: Figure[], ratio: number): void {
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) return;
  const ink = neutral();
  const font = (size: number, weight = '') => `${weight} ${size * ratio}px system-ui, sans-serif`;
  const gap = 16 * ratio;
  const [first, ...charts] = figures;
  const cell = Math.max(0, ...charts.map((f) => f.canvas.width));
  const width = Math.max(first?.canvas.width ?? 0, 2 * cell + gap, 900 * ratio);
  const columns = charts.length > 1 && 2 * cell + gap <= width ? 2 : 1;
  const line = 20 * ratio;

  // The caption, wrapped to the picture's width.
  const captionLines = caption.flatMap((text, i) => {
    measure.font = font(i === 0 ? 16 : 13, i === 0 ? '600' : '');
    return wrap(measure, text, width - 2 * gap).map((t) => ({ text: t, font: measure.font }));
  });
  // Each figure's block: title, canvas, legend (four entries a row across the block's width).
  const legendRows = (f: Figure, w: number) =>
    f.legend?.length ? Math.ceil(f.legend.length / (w > 700 * ratio ? 4 : 2)) : 0;
  const blockHeight = (f: Figure, w: number) => 26 * ratio + f.canvas.height + legendRows(f, w) * line + gap;
  const rows: Figure[][] = [];
  for (let i = 0; i < charts.length; i += columns) rows.push(charts.slice(i, i + columns));
  const height =
    captionLines.length * line +
    gap +
    (first ? blockHeight(first, width) : 0) +
    rows.reduce((h, row) => h + Math.max(...row.map((f) => blockHeight(f, cell))), 0);

  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = ink.background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = ink.text;
  let y = line / 2;
  for (const c of captionLines) {
    ctx.font = c.font;
    ctx.fillText(c.text, 8 * ratio, y);
    y += line;
  }
  y += gap - line / 2;

  const block = (f: Figure, x: number, top: number, w: number) => {
    ctx.fillStyle = ink.text;
    ctx.font = font(14, '600');
    ctx.fillText(f.title, x + 8 * ratio, top + 13 * ratio);
    ctx.drawImage(f.canvas, x, top + 26 * ratio);
    const per = w > 700 * ratio ? 4 : 2;
    const legendTop = top + 26 * ratio + f.canvas.height;
    (f.legend ?? []).forEach((look, i) => {
      const lx = x + 16 * ratio + (i % per) * (w / per);
      const ly = legendTop + (Math.floor(i / per) + 0.5) * line;
      ctx.strokeStyle = look.stroke;
      ctx.lineWidth = 2 * ratio;
      ctx.setLineDash((look.dash ?? []).map((d) => d * ratio));
      ctx.beginPath();
      ctx.moveTo(lx, ly);
      ctx.lineTo(lx + 24 * ratio, ly);
      ctx.stroke();
      ctx.setLineDash([]);
      if (look.marker) {
        ctx.fillStyle = look.stroke;
        ctx.beginPath();
        traceMarker(ctx, look.marker, lx + 12 * ratio, ly, 4 * ratio);
        ctx.fill();
      }
      ctx.fillStyle = ink.text;
      ctx.font = font(12);
      ctx.fillText(look.label, lx + 30 * ratio, ly);
    });
  };
  if (first) {
    block(first, 0, y, width);
    y += blockHeight(first, width);
  }
  for (const row of rows) {
    for (const [i, f] of row.entries()) block(f, i * (cell + gap), y, cell);
    y += Math.max(...row.map((f) => blockHeight(f, cell)));
  }
  out.toBlob((blob) => {
    if (blob) download(`integrator-lab-${name}.png`, blob);
  }, 'image/png');
}

/** The PNG's caption: the scenario, the settings and the methods, in words. */
export function caption(
  info: ScenarioInfo,
  state: { dt: number; until: number; precision: string; params: Record<string, number> },
  methods: string[],
  t: number,
): string[] {
  const params = info.params.map((p) => `${p.name} = ${state.params[p.name]} ${p.unit}`).join(', ');
  return [
    `Integrator Lab: ${info.title} (from ${info.source})`,
    `dt = ${formatTime(state.dt)} s, until ${formatTime(state.until)} s, ${state.precision}; ${params}`,
    `Methods: ${methods.join(', ')}; the ${info.truth} solution dashed grey. Shown at t = ${formatTime(t)} s.`,
  ];
}
