// The simulation clock figures on one page share (sync=NAME): embed.js holds it and tells the figures its
// state; each steps its own run up to the clock's time (its dt may differ). Pure: no DOM, no wasm,
// unit-tested alone (clock.test.ts).

/** A shared clock as figures hear it: the time it held when told, whether it runs, its speed, and how many
 * times it was reset (a figure that sees a new epoch starts its run afresh). */
export interface ClockState {
  t: number;
  playing: boolean;
  speed: number;
  epoch: number;
}

/** What a figure asks of the clock it shares. */
export type ClockAction =
  | { kind: 'play'; speed: number }
  | { kind: 'pause' }
  | { kind: 'reset' }
  | { kind: 'step'; dt: number };

/**
 * The clock figures with one `sync=` name share: time, not step number, since their dt may differ. The host
 * page's embed.js holds one and acts on what figures ask; each figure holds a copy that follows what it is
 * told. Pure: the caller passes the real time, in seconds.
 */
export class SharedClock {
  private state: ClockState = { t: 0, playing: false, speed: 1, epoch: 0 };
  private at = 0;

  /** Simulated time at real time `real`. */
  now(real: number): number {
    const { t, playing, speed } = this.state;
    return playing ? t + Math.max(0, real - this.at) * speed : t;
  }

  /** The state at real time `real`, to tell a figure. */
  read(real: number): ClockState {
    return { ...this.state, t: this.now(real) };
  }

  act(action: ClockAction, real: number): ClockState {
    const t = this.now(real);
    const s = this.state;
    switch (action.kind) {
      case 'play':
        this.state = { ...s, t, playing: true, speed: action.speed };
        break;
      case 'pause':
        this.state = { ...s, t, playing: false };
        break;
      case 'reset':
        this.state = { ...s, t: 0, playing: false, epoch: s.epoch + 1 };
        break;
      case 'step':
        this.state = { ...s, t: t + action.dt, playing: false };
        break;
    }
    this.at = real;
    return this.read(real);
  }

  /** Takes the state a figure was told at real time `real`. */
  follow(state: ClockState, real: number): void {
    this.state = { ...state };
    this.at = real;
  }

  get epoch(): number {
    return this.state.epoch;
  }

  get playing(): boolean {
    return this.state.playing;
  }
}

/** Whole steps of `dt` a run at `step` is behind shared time `t` (0 when it is level or ahead). */
export function stepsBehind(t: number, dt: number, step: number): number {
  if (!(dt > 0) || !Number.isFinite(t)) return 0;
  return Math.max(0, Math.floor(t / dt + 1e-9) - step);
}
