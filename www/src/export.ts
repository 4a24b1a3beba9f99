// The exports: the run as the CLI's CSV (written by the core), and the scene with the charts as one PNG.

import { notice } from './dom';
import type { Simulation } from './lab';

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
export function exportCsv(sim: Simulation, scenario: string): void {
  // A 144,000-step run at every step would be hundreds of megabytes.
  const every = Math.max(1, Math.ceil(sim.totalSteps / CSV_ROWS));
  if (every > 1) notice(`Exported every ${every}th step, as integrator-lab run --every ${every} prints it.`);
  download(`integrator-lab-${scenario}.csv`, new Blob([sim.csv(every)], { type: 'text/csv' }));
}

/** Downloads the given canvases stacked, each under its title, as one PNG. */
export function exportPng(name: string, parts: { title: string; canvas: HTMLCanvasElement }[]): void {
  const ratio = window.devicePixelRatio || 1;
  const titleH = 24 * ratio;
  const width = Math.max(...parts.map((p) => p.canvas.width));
  const height = parts.reduce((h, p) => h + titleH + p.canvas.height, 0);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.font = `${14 * ratio}px system-ui, sans-serif`;
  let y = 0;
  for (const p of parts) {
    ctx.fillText(p.title, 8 * ratio, y + 17 * ratio);
    y += titleH;
    ctx.drawImage(p.canvas, 0, y);
    y += p.canvas.height;
  }
  out.toBlob((blob) => {
    if (blob) download(`integrator-lab-${name}.png`, blob);
  }, 'image/png');
}
