import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadStudies, studiesOf } from './studies-build';
import type { RunSpec } from './types';

describe('the stability limits on a scenario', () => {
  it('asked a method at a time (as the page asks them) are those asked all at once', async () => {
    const core = await loadStudies(readFileSync(new URL('./pkg/studies_bg.wasm', import.meta.url)));
    const studies = studiesOf(core);
    const ids = (core.catalogue() as { methods: { id: string }[] }).methods.map((m) => m.id);
    const oscillators: string[] = [];
    for (const [scenario, params] of [
      ['spring', {}],
      ['damped-spring', { b: 0.5 }],
      ['pendulum', {}],
      ['spring-chain', { n: 12 }],
      ['orbit', {}],
      ['kepler', {}],
      ['projectile', {}],
    ] as const) {
      const spec: RunSpec = { scenario, params, methods: ['euler'], dt: 0.01, until: 1, precision: 'f64' };
      const all = studies.stabilityOn(spec);
      const one = Object.assign({}, ...ids.map((id) => studies.stabilityOn(spec, id)));
      expect(one, scenario).toEqual(all);
      if (Object.keys(all).length > 0) oscillators.push(scenario);
      // Explicit Euler has a limit wherever the scenario is an oscillator: asked alone, it is the one answer.
      const euler = studies.stabilityOn(spec, 'euler');
      expect(Object.keys(euler), scenario).toEqual(Object.keys(all).length > 0 ? ['euler'] : []);
    }
    // The springs, the pendulum, the chain and the dog on a rod (a circle: an oscillator in each coordinate) have
    // an ω·dt limit; the orbit under gravity and a jump have none.
    expect(oscillators).toEqual(['spring', 'damped-spring', 'pendulum', 'spring-chain', 'orbit']);
  });
});
