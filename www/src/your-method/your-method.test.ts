import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalogue,
  checkParameter,
  checkRule,
  checkSetup,
  isTrackingKey,
  loadCore,
  readNumber,
  readTime,
  Session,
} from '../core';
import { type CoreChecks, parseQuery, toQuery, toSpec } from '../lab/state';
import { problemSpan } from './editor';

// The core's language build, loaded from the built wasm: a URL with a rule is read as the page reads it.
let catalogue: Catalogue;
const check: CoreChecks = { checkParameter, readNumber, readTime, checkSetup, isTrackingKey, checkRule };
const SYMPLECTIC = 'v = v + a(x, v, t) * dt;\nx = x + v * dt;\n';

beforeAll(async () => {
  catalogue = await loadCore({
    tier: 'language',
    bytes: readFileSync(new URL('../core/pkg/language_bg.wasm', import.meta.url)),
  });
});

describe('a rule in the URL', () => {
  it('is listed as a method of its own by the language build, with a look of its own', () => {
    const yours = catalogue.methods.find((m) => m.id === 'yours');
    expect(yours?.name).toBe('Your method');
    const styles = catalogue.methods.map((m) => m.style);
    expect(new Set(styles).size).toBe(styles.length);
  });

  it('round-trips, and the spec carries it only while `yours` runs', () => {
    const query = `?scenario=orbit&methods=rk4,yours&rule=${encodeURIComponent(SYMPLECTIC)}`;
    const { state, notices } = parseQuery(query, catalogue, check);
    expect(notices).toEqual([]);
    expect(state.methods).toEqual(['rk4', 'yours']);
    expect(state.rule).toBe(SYMPLECTIC);
    const again = parseQuery(toQuery(state), catalogue, check);
    expect(again.state.rule).toBe(SYMPLECTIC);
    expect(again.state.methods).toEqual(['rk4', 'yours']);
    expect(toSpec(state).rule).toBe(SYMPLECTIC);
    expect(toSpec({ ...state, methods: ['rk4'] }).rule).toBeUndefined();
    // Made into a run, the rule steps as symplectic Euler does: the same positions to the bit.
    const sim = new Session(toSpec({ ...state, methods: ['symplectic-euler', 'yours'] }));
    sim.advance(200);
    expect(Array.from(sim.column(1, 'x'))).toEqual(Array.from(sim.column(0, 'x')));
    sim.free();
  });

  it('with a mistake keeps the text, runs without it and says where the mistake is', () => {
    const broken = 'v = v + a(x, v, t) * dt;\nx = x + v ^ 2;';
    const { state, notices } = parseQuery(
      `?methods=euler,yours&rule=${encodeURIComponent(broken)}`,
      catalogue,
      check,
    );
    expect(state.methods).toEqual(['euler']);
    expect(state.rule).toBe(broken);
    expect(notices).toEqual([
      "Ignored method 'yours': your rule has a mistake (line 2, column 11: ^ is not a power here (it is an exclusive or): write x * x, or x ** 2); it is in the editor.",
    ]);
    // `yours` with no rule at all is named too.
    expect(parseQuery('?methods=euler,yours', catalogue, check).notices).toEqual([
      "Ignored method 'yours': there is no rule= to run.",
    ]);
  });
});

describe('the mark under a mistake', () => {
  const text = 'let a0 = a(x, v, t);\nx = x + vv * dt;\n';
  it('spans the word at the line and column', () => {
    const span = problemSpan(text, { line: 2, column: 9 });
    expect(span && text.slice(span.start, span.end)).toBe('vv');
  });
  it('spans one character where no word starts, the whole line where no column is known', () => {
    const op = problemSpan(text, { line: 2, column: 7 });
    expect(op && text.slice(op.start, op.end)).toBe('+');
    const line = problemSpan(text, { line: 1 });
    expect(line && text.slice(line.start, line.end)).toBe('let a0 = a(x, v, t);');
  });
  it('counts columns in characters, as the core does', () => {
    const unicode = '// ω·dt\nx = x + ω;';
    const span = problemSpan(unicode, { line: 2, column: 9 });
    expect(span && unicode.slice(span.start, span.end)).toBe('ω');
    expect(problemSpan(unicode, { line: 9, column: 1 })).toBeUndefined();
  });
});
