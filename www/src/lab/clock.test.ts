import { describe, expect, it } from 'vitest';
import { SharedClock, stepsBehind } from './clock';

describe('the clock synced figures share', () => {
  it('runs in simulated time at the speed of the figure that pressed play, and stops where paused', () => {
    const host = new SharedClock();
    host.act({ kind: 'play', speed: 2 }, 10);
    expect(host.now(11.5)).toBeCloseTo(3, 12);
    host.act({ kind: 'pause' }, 12);
    expect(host.now(100)).toBeCloseTo(4, 12);
    expect(host.read(100)).toEqual({ t: 4, playing: false, speed: 2, epoch: 0 });
  });

  it('a figure told the state follows it on its own real clock', () => {
    const host = new SharedClock();
    const told = host.act({ kind: 'play', speed: 1 }, 5);
    const figure = new SharedClock();
    figure.follow(told, 1000);
    expect(figure.now(1002.25)).toBeCloseTo(2.25, 12);
    expect(figure.playing).toBe(true);
  });

  it('reset goes back to zero, paused, in a new epoch; a step moves on by the asking figure’s dt', () => {
    const host = new SharedClock();
    host.act({ kind: 'play', speed: 1 }, 0);
    expect(host.act({ kind: 'reset' }, 3)).toEqual({ t: 0, playing: false, speed: 1, epoch: 1 });
    expect(host.act({ kind: 'step', dt: 0.1 }, 4).t).toBeCloseTo(0.1, 15);
  });

  it('a figure catches up in whole steps of its own dt, never steps back', () => {
    expect(stepsBehind(1, 0.1, 0)).toBe(10);
    expect(stepsBehind(1, 0.1, 4)).toBe(6);
    expect(stepsBehind(0.95, 0.1, 12)).toBe(0);
    expect(stepsBehind(1, 1 / 3, 0)).toBe(3);
    expect(stepsBehind(Number.NaN, 0.1, 0)).toBe(0);
  });
});
