import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalogue,
  checkParameter,
  checkSetup,
  isTrackingKey,
  loadCore,
  readNumber,
  readTime,
} from '../core';
import { LOOK_KEYS } from '../ui/look';
import { type CoreChecks, defaultsFor, MAX_RUNS, parseQuery, toQuery, valueText } from './state';

// The real core, loaded from the built wasm: the URL is read with the same checks as the page and the CLI.
let catalogue: Catalogue;
const check: CoreChecks = { checkParameter, readNumber, readTime, checkSetup, isTrackingKey };

beforeAll(async () => {
  catalogue = await loadCore({ bytes: readFileSync(new URL('../core/pkg/base_bg.wasm', import.meta.url)) });
});

describe('the URL state', () => {
  it('says a figure runs no forces, rather than that a force has a mistake it cannot read', () => {
    // A page without the language build: its checkForce can say nothing of a force.
    const figure: CoreChecks = { ...check, checkForce: () => undefined };
    const { notices } = parseQuery('?scenario=custom&force=a%20%3D%20-x%3B', catalogue, figure);
    expect(notices[0]).toBe(
      "Ignored scenario=custom: this page does not run your force (the lab's page does); using spring.",
    );
    const lab: CoreChecks = { ...check, checkForce: () => 'line 1, column 3: a ; is missing' };
    expect(parseQuery('?scenario=custom&force=a', catalogue, lab).notices[0]).toContain(
      'your force has a mistake (line 1, column 3',
    );
  });

  it('reads the example permalink of docs/using.md exactly', () => {
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
      details: 'rk4',
    };
    state.params.k = 2.5;
    const again = parseQuery(toQuery(state), catalogue, check);
    expect(again.notices).toEqual([]);
    expect({ ...again.state, typed: {} }).toEqual(state);
    expect(toQuery(again.state)).toBe(toQuery(state));
  });

  it('keeps details= on a track of the run, and names one that is not', () => {
    const ok = parseQuery('?scenario=spring&methods=euler,rk4&details=rk4', catalogue, check);
    expect([ok.state.details, ok.notices]).toEqual(['rk4', []]);
    const runs = parseQuery('?scenario=spring&runs=rk4@0.1,rk4@0.05&details=rk4@0.05', catalogue, check);
    expect([runs.state.details, runs.notices]).toEqual(['rk4@0.05', []]);
    const bad = parseQuery('?scenario=spring&methods=euler,rk4&details=verlet', catalogue, check);
    expect(bad.state.details).toBe('');
    expect(bad.notices).toEqual(["Ignored details=verlet: the run has euler, rk4; showing euler's details."]);
  });

  it('writes a value back as the reader typed it, while it is still the value', () => {
    const { state } = parseQuery('?scenario=spring&dt=1/30&k=2.50&until=1e1', catalogue, check);
    expect(state.dt).toBe(1 / 30);
    expect(toQuery(state)).toContain('dt=1/30&until=1e1');
    expect(toQuery(state)).toContain('k=2.50');
    // Changed by other means (the slider), the number is written.
    expect(toQuery({ ...state, dt: 0.05 })).toContain('dt=0.05');
  });

  it('names why `yours` cannot run where the page has no language: no rule, or a page that runs none', () => {
    expect(parseQuery('?methods=euler,yours&runs=yours@0.05', catalogue, check).notices).toEqual([
      "Ignored method 'yours': there is no rule= to run.",
      "Ignored run 'yours@0.05': there is no rule= to run.",
    ]);
    const withRule = parseQuery('?methods=euler,yours&rule=x%20%3D%20x%3B', catalogue, check);
    expect(withRule.notices).toEqual([
      "Ignored method 'yours': this page does not run your method (the lab's page does).",
    ]);
    // The rule itself is kept, for the lab's page the link leads to.
    expect(withRule.state.rule).toBe('x = x;');
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
    expect(state.params).toEqual({ m: 2, k: 15, x0: 1000, v0: 0 });
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

  it('says so when runs= leaves a methods= beside it unused', () => {
    const { state, notices } = parseQuery(
      '?scenario=spring&methods=rk4,verlet&runs=euler@0.05',
      catalogue,
      check,
    );
    expect(state.methods).toEqual(['euler']);
    expect(notices).toContain('Ignored methods=rk4,verlet: runs= gives the methods, each at its own dt.');
    // The page's own links never carry both.
    expect(parseQuery(toQuery(state), catalogue, check).notices).toEqual([]);
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
    expect({ ...parseQuery(toQuery(state), catalogue, check).state, typed: {} }).toEqual({
      ...state,
      typed: {},
    });
  });

  it('compares at most MAX_RUNS runs, and says what it ignored', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `euler@${(i + 1) / 1000}`).join(',');
    const { state, notices } = parseQuery(`?scenario=spring&runs=${many}`, catalogue, check);
    expect(state.runs).toHaveLength(MAX_RUNS);
    expect(notices).toContain(
      `Ignored ${2000 - MAX_RUNS} of runs=: a page compares ${MAX_RUNS} runs at most.`,
    );
  });

  it('accepts fractions like the CLI', () => {
    expect(parseQuery('?dt=1/60', catalogue, check).state.dt).toBe(1 / 60);
  });

  it('ignores tracking keys without a word, and keeps the rest', () => {
    const { state, notices } = parseQuery(
      '?scenario=spring&utm_source=blog&k=20&fbclid=abc&gclid=x&utm_medium=social',
      catalogue,
      check,
    );
    expect(notices).toEqual([]);
    expect(state.params.k).toBe(20);
    expect(toQuery(state)).not.toMatch(/utm_|fbclid|gclid/);
  });

  it("names the core's reason for a bad number", () => {
    const { notices } = parseQuery('?scenario=spring&dt=0&k=1e308&until=soon', catalogue, check);
    expect(notices).toEqual([
      'Ignored dt=0: dt must be positive (got 0); using 0.1.',
      "Ignored until=soon: 'soon' is not a number; using 90.",
      'Ignored k=1e308: k = 1e308 is out of range: it must be more than 0 and at most 1,000,000,000 N/m; using 15.',
    ]);
  });

  it('refuses a run longer than the core allows, naming what the link gave, as it gave it', () => {
    // Both given, and the run takes either alone with the article's other: both are set aside, and named.
    const both = parseQuery('?dt=1e-6&until=1000', catalogue, check);
    expect([both.state.dt, both.state.until]).toEqual([0.1, 90]);
    expect(both.notices).toEqual([
      "Ignored dt=1e-6 with until=1000: until/dt asks for 1,000,000,000 steps; the limit is 100,000,000: raise dt or lower until; using the article's dt and until.",
    ]);
    // Both given, and only until is taken with the article's dt (10⁻⁹ s with 90 s is still 9 × 10¹⁰ steps):
    // dt alone is set aside, with the reason the pair was refused.
    const { state, notices } = parseQuery('?dt=1e-9&until=1e3', catalogue, check);
    expect(state.dt).toBe(0.1);
    expect(state.until).toBe(1000);
    expect(notices).toEqual([
      "Ignored dt=1e-9: until/dt asks for 1,000,000,000,000 steps; the limit is 100,000,000: raise dt or lower until; using the article's dt.",
    ]);
    // And only dt with the article's until: until alone is set aside (10⁹ s is 10⁹ steps of 1 s, and 10¹⁰
    // of the article's 0.1 s).
    const dtKept = parseQuery('?dt=1&until=1e9', catalogue, check);
    expect([dtKept.state.dt, dtKept.state.until]).toEqual([1, 90]);
    expect(dtKept.notices).toEqual([
      "Ignored until=1e9: until/dt asks for 1,000,000,000 steps; the limit is 100,000,000: raise dt or lower until; using the article's until.",
    ]);
    // until alone: dt stays the article's, and is not named (the spring's 0.1 s: 10⁹ s is 10¹⁰ steps).
    const alone = parseQuery('?until=1e9', catalogue, check);
    expect(alone.state.dt).toBe(0.1);
    expect(alone.state.until).toBe(90);
    expect(alone.notices).toEqual([
      "Ignored until=1e9: until/dt asks for 10,000,000,000 steps; the limit is 100,000,000: raise dt or lower until; using the article's until.",
    ]);
    // dt alone, with the article's until (90 s): dt = 1e-7 is 9 × 10⁸ steps.
    const dt = parseQuery('?dt=1e-7', catalogue, check);
    expect(dt.state.dt).toBe(0.1);
    expect(dt.notices[0]).toMatch(
      /^Ignored dt=1e-7: until\/dt asks for 900,000,000 steps; .*; using the article's dt\.$/,
    );
  });
});

describe('values as the URL writes them', () => {
  it('writes a time of exactly 1/n s as 1/n, and anything else as the number', () => {
    const state = defaultsFor(catalogue, 'spring');
    expect(valueText(state, 'dt', 1 / 60)).toBe('1/60');
    expect(valueText(state, 'dt', 1 / 120)).toBe('1/120');
    expect(valueText(state, 'dt', 0.1)).toBe('0.1');
    expect(valueText(state, 'dt', 0.25)).toBe('0.25');
    expect(valueText(state, 'dt', 1 / 3)).toBe('1/3');
    expect(valueText(state, 'k', 1 / 3)).toBe(String(1 / 3));
    expect(valueText(state, 'until', 90)).toBe('90');
    const { state: read } = parseQuery(toQuery({ ...state, dt: 1 / 60 }), catalogue, check);
    expect(read.dt).toBe(1 / 60);
  });
});

describe('the URL keys, one list in the core', () => {
  it('reserves every key the page writes or an embed reads, and names no parameter', () => {
    const state = {
      ...defaultsFor(catalogue, 'spring', ['verlet', 'rk4']),
      runs: [{ method: 'rk4', dt: 0.1 }],
      speed: 5,
      coord: 'x',
      details: 'rk4',
    };
    const params = new Set(catalogue.scenarios.flatMap((s) => s.params.map((p) => p.name)));
    const written = [...new URLSearchParams(toQuery(state)).keys()].filter((key) => !params.has(key));
    for (const key of [...written, ...LOOK_KEYS]) expect(catalogue.reservedKeys).toContain(key);
    expect(catalogue.reservedKeys.filter((key) => params.has(key))).toEqual([]);
  });

  it('ignores tracking keys silently and names any other unknown key', () => {
    const { notices } = parseQuery('?utm_source=x&fbclid=y&gclid=z&details=rk4&zzz=1', catalogue, check);
    expect(notices.some((n) => n.startsWith('Ignored zzz=1'))).toBe(true);
    expect(notices.some((n) => /utm_source|fbclid|gclid/.test(n))).toBe(false);
  });
});
