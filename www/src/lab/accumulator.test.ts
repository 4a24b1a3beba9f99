import { describe, expect, it } from 'vitest';
import { StepAccumulator } from './accumulator';

describe('the step accumulator', () => {
  it('turns real time into whole steps and keeps the remainder', () => {
    const clock = new StepAccumulator();
    clock.accumulate(0.025, 1);
    expect(clock.expend(0.01)).toBe(2);
    expect(clock.overstep).toBeCloseTo(0.005, 12);
    clock.accumulate(0.005, 1);
    expect(clock.expend(0.01)).toBe(1);
    expect(clock.overstep).toBeCloseTo(0, 12);
  });

  it('steps as often at 60 frames a second as simulated time passes, over a minute', () => {
    const clock = new StepAccumulator();
    let steps = 0;
    for (let frame = 0; frame < 3600; frame++) {
      clock.accumulate(1 / 60, 1);
      steps += clock.expend(1 / 120);
    }
    expect(steps).toBe(7200);
  });

  it('scales by the speed', () => {
    const clock = new StepAccumulator();
    clock.accumulate(0.05, 10);
    expect(clock.expend(0.1)).toBe(5);
  });

  it('counts a long pause as one short frame, and ignores nonsense', () => {
    const clock = new StepAccumulator();
    clock.accumulate(30, 1);
    expect(clock.expend(0.01)).toBe(10);
    clock.accumulate(-1, 1);
    clock.accumulate(Number.NaN, 1);
    clock.accumulate(0.1, 0);
    expect(clock.expend(0.01)).toBe(0);
    expect(clock.expend(0)).toBe(0);
  });

  it('forgets on reset', () => {
    const clock = new StepAccumulator();
    clock.accumulate(0.05, 1);
    clock.reset();
    expect(clock.expend(0.01)).toBe(0);
  });
});
