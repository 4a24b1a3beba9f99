// The method tracks a state asks for: one a method, or one a (method, dt) run when a method is compared
// with itself at several steps. Each has a label (the method's name, which people read), a key (its id, which
// URLs, the CSV and the CLI use) and a line style; the truth is the track after them.

import type { LabState } from './state';

export interface TrackLabel {
  method: string;
  label: string;
  key: string;
  dash: number[];
}

/** Dashes tell runs at different dt apart; colours and markers tell methods apart. */
const DASHES = [[], [6, 3], [2, 2], [8, 3, 2, 3]];

/** `name` gives a method's name from its id; `format` writes a dt. */
export function trackLabels(
  state: LabState,
  format: (dt: number) => string,
  name: (method: string) => string = (m) => m,
): TrackLabel[] {
  if (state.runs.length === 0) {
    return state.methods.map((m) => ({ method: m, label: name(m), key: m, dash: [] }));
  }
  const dts = [...new Set(state.runs.map((r) => r.dt))];
  return state.runs.map((r) => ({
    method: r.method,
    label: `${name(r.method)} @ dt ${format(r.dt)}`,
    key: `${r.method}@${r.dt}`,
    dash: DASHES[dts.indexOf(r.dt) % DASHES.length] ?? [],
  }));
}
