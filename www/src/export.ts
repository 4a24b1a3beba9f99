// The exports: the run as the CLI's CSV (written by the core), and the scene with the charts as one PNG.

import type { SeriesStyle } from './charts';
import { byId, notice } from './dom';
import { formatTime, type ScenarioInfo, type Simulation } from './lab';
import { neutral, traceMarker } from './palette';

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

/** A picture for the PNG: its title, its canvas, and the looks of its lines for a legend under it. */
export interface Figure {
  title: string;
  canvas: HTMLCanvasElement;
  legend?: SeriesStyle[];
}

/**
 * Downloads the figures stacked, each under its title and over its legend, under a caption that says the
 * settings in words: a picture a teacher can put on a slide. `ratio`: the figures' canvas pixels a CSS pixel.
 */
export function exportPng(name: string, caption: string[], figures: Figure[], ratio: number): void {
  const line = 20 * ratio;
  const font = (size: number, weight = '') => `${weight} ${size * ratio}px system-ui, sans-serif`;
  const width = Math.max(...figures.map((f) => f.canvas.width), 900 * ratio);
  // The caption wraps to the picture's width.
  const measure = document.createElement('canvas').getContext('2d');
  const wrapped: { text: string; font: string }[] = [];
  caption.forEach((text, i) => {
    const style = font(i === 0 ? 16 : 13, i === 0 ? '600' : '');
    if (measure) measure.font = style;
    let lineText = '';
    for (const word of text.split(' ')) {
      const next = lineText ? `${lineText} ${word}` : word;
      if (measure && measure.measureText(next).width > width - 16 * ratio && lineText) {
        wrapped.push({ text: lineText, font: style });
        lineText = word;
      } else {
        lineText = next;
      }
    }
    wrapped.push({ text: lineText, font: style });
  });
  const legendRows = (f: Figure) => (f.legend?.length ? Math.ceil(f.legend.length / 4) : 0);
  const height =
    wrapped.length * line +
    10 * ratio +
    figures.reduce((h, f) => h + 26 * ratio + f.canvas.height + legendRows(f) * line + 8 * ratio, 0);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = neutral().background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = neutral().text;
  ctx.textBaseline = 'middle';
  let y = line / 2;
  for (const w of wrapped) {
    ctx.font = w.font;
    ctx.fillText(w.text, 8 * ratio, y);
    y += line;
  }
  y += 10 * ratio;
  for (const f of figures) {
    ctx.fillStyle = neutral().text;
    ctx.font = font(14, '600');
    ctx.fillText(f.title, 8 * ratio, y + 13 * ratio);
    y += 26 * ratio;
    ctx.drawImage(f.canvas, 0, y);
    y += f.canvas.height;
    const columns = 4;
    (f.legend ?? []).forEach((look, i) => {
      const x = 16 * ratio + (i % columns) * (width / columns);
      const ly = y + (Math.floor(i / columns) + 0.5) * line;
      ctx.strokeStyle = look.stroke;
      ctx.lineWidth = 2 * ratio;
      ctx.setLineDash((look.dash ?? []).map((d) => d * ratio));
      ctx.beginPath();
      ctx.moveTo(x, ly);
      ctx.lineTo(x + 24 * ratio, ly);
      ctx.stroke();
      ctx.setLineDash([]);
      if (look.marker) {
        ctx.fillStyle = look.stroke;
        ctx.beginPath();
        traceMarker(ctx, look.marker, x + 12 * ratio, ly, 4 * ratio);
        ctx.fill();
      }
      ctx.fillStyle = neutral().text;
      ctx.font = font(12);
      ctx.fillText(look.label, x + 30 * ratio, ly);
    });
    y += legendRows(f) * line + 8 * ratio;
  }
  out.toBlob((blob) => {
    if (blob) download(`integrator-lab-${name}.png`, blob);
  }, 'image/png');
}

/** The "Copy link" button: the permalink to the clipboard, or shown to copy by hand where that is refused. */
export function wireCopyLink(): void {
  byId('copy-link').addEventListener('click', () => {
    const note = byId('copy-note');
    const link = window.location.href;
    const show = () => {
      note.textContent = `Copy this link: ${link}`;
    };
    // The clipboard needs a secure context and the reader's permission; say what happened either way.
    if (!navigator.clipboard) {
      show();
      return;
    }
    navigator.clipboard.writeText(link).then(() => {
      note.textContent = 'Link copied.';
    }, show);
  });
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
