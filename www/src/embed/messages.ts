// The messages between a figure (embed.html, in its iframe) and embed.js on the host page, in one place:
// their shapes, how each side writes them, and how each side reads the other's (checked by source and
// shape: a host page's own messages, or anything a stranger posts, are ignored).
//
// figure → host: its height; `shown` (its first frame is drawn: the host may take its poster away); `ready` (it
// can follow a shared clock); `ask` (an action on the shared clock).
// host → figure: `clock`, the shared clock's state.

import type { ClockAction, ClockState } from '../lab/clock';

/** The mark every message of the lab's carries. */
const SOURCE = 'integrator-lab';

export type FigureMessage =
  | { type: 'height'; height: number }
  | { type: 'shown' }
  | { type: 'ready' }
  | { type: 'ask'; action: ClockAction };
export type HostMessage = { type: 'clock'; state: ClockState };

/** A message as posted: the mark and the body. */
export function post<M extends FigureMessage | HostMessage>(to: Window, body: M): void {
  to.postMessage({ source: SOURCE, ...body }, '*');
}

function marked(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  return m.source === SOURCE ? m : undefined;
}

function isAction(x: unknown): x is ClockAction {
  const a = x as { kind?: unknown; speed?: unknown; dt?: unknown } | null;
  if (typeof a !== 'object' || a === null) return false;
  if (a.kind === 'pause' || a.kind === 'reset') return true;
  if (a.kind === 'play') return typeof a.speed === 'number' && a.speed > 0 && a.speed <= 1000;
  if (a.kind === 'step') return typeof a.dt === 'number' && a.dt > 0 && Number.isFinite(a.dt);
  return false;
}

function isClockState(x: unknown): x is ClockState {
  const s = x as Partial<ClockState> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.t === 'number' &&
    Number.isFinite(s.t) &&
    s.t >= 0 &&
    typeof s.playing === 'boolean' &&
    typeof s.speed === 'number' &&
    s.speed > 0 &&
    typeof s.epoch === 'number'
  );
}

/** A figure's message as the host reads it, or undefined for anything else. */
export function fromFigure(data: unknown): FigureMessage | undefined {
  const m = marked(data);
  if (m?.type === 'height' && typeof m.height === 'number' && Number.isFinite(m.height))
    return { type: 'height', height: m.height };
  if (m?.type === 'ready') return { type: 'ready' };
  if (m?.type === 'shown') return { type: 'shown' };
  if (m?.type === 'ask' && isAction(m.action)) return { type: 'ask', action: m.action };
  return undefined;
}

/** The host's message as a figure reads it, or undefined for anything else. */
export function fromHost(data: unknown): HostMessage | undefined {
  const m = marked(data);
  return m?.type === 'clock' && isClockState(m.state) ? { type: 'clock', state: m.state } : undefined;
}
