// The step accumulator: real time in, whole simulation steps out, whatever the frame rate. A fixed-step
// accumulator with two verbs, as in Bevy's Time<Fixed>: `accumulate` adds the real time that passed (scaled
// by the speed), `expend` takes as many whole steps of dt as that time holds and keeps the remainder.
// Pure: no DOM, no wasm, unit-tested alone (accumulator.test.ts). (The lab's one "clock" is the simulation
// clock synced figures share: clock.ts.)

export class StepAccumulator {
  private banked = 0;

  /** Real seconds longer than this between frames (a hidden tab, a breakpoint) count as this much. */
  static readonly MAX_FRAME = 0.1;

  /** Adds `seconds` of real time at `speed` simulated seconds per real second. */
  accumulate(seconds: number, speed: number): void {
    if (!(seconds > 0) || !(speed > 0)) return;
    this.banked += Math.min(seconds, StepAccumulator.MAX_FRAME) * speed;
  }

  /** Takes the whole steps of `dt` the banked time holds; the remainder stays for the next frame. */
  expend(dt: number): number {
    if (!(dt > 0)) return 0;
    // A hair of tolerance, so that 0.1 s banked as 0.1 + 1e-17 pays for one step of 0.1 and not zero.
    const steps = Math.floor(this.banked / dt + 1e-9);
    this.banked = Math.max(0, this.banked - steps * dt);
    return steps;
  }

  /** Simulated time banked and not yet spent. */
  get overstep(): number {
    return this.banked;
  }

  /** Forgets the banked time: after a reset, or when the page could not keep up. */
  reset(): void {
    this.banked = 0;
  }
}
