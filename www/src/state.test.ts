import { describe, expect, it } from 'vitest';
import type { Catalogue } from './lab';
import { defaultsFor, type ParamCheck, parseQuery, toQuery } from './state';

// A two-scenario catalogue in the core's shape; the parameter check stands in for the core's ranges.
const catalogue: Catalogue = {
  maxSteps: 100_000_000,
  methods: ['euler', 'symplectic-euler', 'rk4', 'verlet'].map((id) => ({
    id,
    name: id,
    evaluations: '1',
    symplectic: false,
    rule: '',
    source: '',
  })),
  scenarios: [
    {
      id: 'spring',
      title: 'Spring',
      description: '',
      source: '',
      positionUnit: 'm',
      velocityUnit: 'm/s',
      energyUnit: 'J',
      dt: 0.1,
      until: 90,
      truth: 'exact',
      params: [
        {
          name: 'm',
          unit: 'kg',
          description: '',
          default: 1,
          min: 0,
          max: 1e6,
          minOpen: true,
          integer: false,
        },
        {
          name: 'k',
          unit: 'N/m',
          description: '',
          default: 15,
          min: 0,
          max: 1e9,
          minOpen: true,
          integer: false,
        },
      ],
    },
    {
      id: 'damped-spring',
      title: 'Damped',
      description: '',
      source: '',
      positionUnit: 'm',
      velocityUnit: 'm/s',
      energyUnit: 'J',
      dt: 0.01,
      until: 10,
      truth: 'exact',
      params: [
        {
          name: 'k',
          unit: 'N/m',
          description: '',
          default: 15,
          min: 0,
          max: 1e9,
          minOpen: true,
          integer: false,
        },
        {
          name: 'b',
          unit: 'N·s/m',
          description: '',
          default: 0.1,
          min: 0,
          max: 1e9,
          minOpen: false,
          integer: false,
        },
      ],
    },
  ],
};

const check: ParamCheck = (scenario, name, value) => {
  const p = catalogue.scenarios.find((s) => s.id === scenario)?.params.find((q) => q.name === name);
  if (!p) return `unknown parameter '${name}'`;
  const below = p.minOpen ? value <= p.min : value < p.min;
  return below || value > p.max ? `${name} = ${value} is out of range` : undefined;
};

describe('the URL state', () => {
  it('reads the design document example exactly', () => {
    const { state, notices } = parseQuery(
      '?scenario=damped-spring&methods=euler,symplectic-euler,rk4&dt=0.01&until=10&precision=f64&k=15&b=0.1',
      catalogue,
      check,
    );
    expect(notices).toEqual([]);
    expect(state).toMatchObject({
      scenario: 'damped-spring',
      methods: ['euler', 'symplectic-euler', 'rk4'],
      dt: 0.01,
      until: 10,
      precision: 'f64',
      params: { k: 15, b: 0.1 },
    });
  });

  it('round-trips: what it writes it reads back the same', () => {
    const state = {
      ...defaultsFor(catalogue, 'spring', ['verlet', 'rk4']),
      dt: 1 / 60,
      speed: 5,
      coord: 'x',
    };
    state.params.k = 2.5;
    const again = parseQuery(toQuery(state), catalogue, check);
    expect(again.notices).toEqual([]);
    expect(again.state).toEqual(state);
  });

  it('falls back to defaults and names every value it ignored', () => {
    const { state, notices } = parseQuery(
      '?scenario=spring&methods=euler,rk5&dt=0&until=banana&precision=f16&k=-3&m=2&q=1&speed=-1',
      catalogue,
      check,
    );
    expect(state.methods).toEqual(['euler']);
    expect(state.dt).toBe(0.1);
    expect(state.until).toBe(90);
    expect(state.precision).toBe('f64');
    expect(state.params).toEqual({ m: 2, k: 15 });
    expect(state.speed).toBe(1);
    const text = notices.join('\n');
    for (const named of [
      "method 'rk5'",
      'dt=0',
      'until=banana',
      'precision=f16',
      'k=-3',
      'q=1',
      'speed=-1',
    ]) {
      expect(text).toContain(named);
    }
    expect(notices).toHaveLength(7);
  });

  it('replaces an unknown scenario by the default and says so', () => {
    const { state, notices } = parseQuery('?scenario=sprung', catalogue, check);
    expect(state.scenario).toBe('spring');
    expect(notices[0]).toContain('scenario=sprung');
  });

  it('reads (method, dt) runs, and writes them back', () => {
    const { state, notices } = parseQuery(
      '?scenario=spring&runs=euler@0.1,euler@1/20,rk5@0.1,rk4@-1',
      catalogue,
      check,
    );
    expect(state.runs).toEqual([
      { method: 'euler', dt: 0.1 },
      { method: 'euler', dt: 0.05 },
    ]);
    expect(state.methods).toEqual(['euler']);
    expect(notices.join('\n')).toContain("run 'rk5@0.1'");
    expect(notices.join('\n')).toContain("run 'rk4@-1'");
    expect(toQuery(state)).toContain('runs=euler@0.1,euler@0.05');
    expect(parseQuery(toQuery(state), catalogue, check).state).toEqual(state);
  });

  it('accepts fractions like the CLI', () => {
    expect(parseQuery('?dt=1/60', catalogue, check).state.dt).toBe(1 / 60);
  });

  it('refuses a run longer than the core allows', () => {
    const { state, notices } = parseQuery('?dt=1e-9&until=1000', catalogue, check);
    expect(state.dt).toBe(0.1);
    expect(notices[0]).toContain('steps is more than');
  });
});
