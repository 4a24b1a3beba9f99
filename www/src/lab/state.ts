// The page's whole state, which the URL holds: parsed and written here and nowhere else. One idea over 300
// lines: the URL's reading, key by key, each with its notice. The build's configuration imports it too (the
// addresses that open an experiment, vite.config.ts): its imports name their files whole, as Node reads them.

import type { Catalogue, MethodInfo, Precision, RunPair, RunSpec, ScenarioInfo } from '../core';
import { fraction } from '../ui/numbers.ts';
import { DEFAULT_SCENARIO } from './opening.ts';
import { trackLabels } from './tracks.ts';

export interface LabState {
  scenario: string;
  methods: string[];
  dt: number;
  until: number;
  precision: Precision;
  /** Every parameter of the scenario, by its own name. */
  params: Record<string, number>;
  /** Simulated seconds per real second. */
  speed: number;
  /** Which coordinate the x(t) and phase views show. */
  coord: string;
  /** The track the details (energy split, last steps) are for, by its key (`rk4`, `rk4@0.05`); '' for the
   * first. */
  details: string;
  /** (method, dt) pairs, to compare a method with itself at several steps; empty for one dt for all. */
  runs: RunPair[];
  /** Each method's twin starts from the first coordinate + this (`nudge=`); 0 for no twins. */
  nudge: number;
  /** dt, until and parameters as the reader typed them (`1/30`) with the value read from each: written back
   * as typed while the value is still the one read. */
  typed: Record<string, { text: string; value: number }>;
  /** A student's rule (`rule=`), which the method `yours` steps with; '' for none. Kept while `yours` is
   * off, so that the editor and the permalink keep it. */
  rule: string;
  /** A student's force (`force=`), which the scenario `custom` is made of; '' for none. Kept while another
   * scenario runs, so that the editor and the permalink keep it. */
  force: string;
}

/** The most runs (a method at a dt of its own) a link may compare. */
export const MAX_RUNS = 12;

/** The id a student's rule runs under beside the lab's methods. */
export const YOURS = 'yours';
/** The id of the scenario a student's force makes. */
export const CUSTOM = 'custom';

type Read = { value: number } | { why: string };

/** What the URL's reading asks the core: its checks and its number reader (core/index.ts gives them). */
export interface CoreChecks {
  /** A parameter value's problem, or undefined when it is fine. */
  checkParameter(scenario: string, name: string, value: number, force?: string): string | undefined;
  /** A number as the CLI reads it: a decimal or a fraction. */
  readNumber(name: string, text: string): Read;
  /** What is wrong with a setup (the step budget among it), in the core's words, or undefined. */
  checkSetup(spec: RunSpec): string | undefined;
  /** Whether a URL key is one sharing sites add (ignored without a word). */
  isTrackingKey(name: string): boolean;
  /** dt (positive) or until (not negative), as the CLI reads them. */
  readTime(name: 'dt' | 'until', text: string): Read;
  /** What is wrong with a rule, in words with its line and column, or undefined when it runs. Only a page
   * with the core's language build can say; the others run no rules. */
  checkRule?(text: string): string | undefined;
  /** The same for a force. */
  checkForce?(text: string): string | undefined;
}

export const DEFAULT_METHODS = ['euler', 'symplectic-euler', 'rk4'];
/** A spinning body's first methods: one that gains energy, one that never flips, and two that keep the flip. */
export const DEFAULT_ROTATION_METHODS = ['euler', 'no-gyroscopic', 'dlm', 'rk4'];
export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 50];

export function scenarioInfo(catalogue: Catalogue, id: string): ScenarioInfo {
  const info = catalogue.scenarios.find((s) => s.id === id);
  if (!info) throw new Error(`unknown scenario '${id}'`);
  return info;
}

/** Whether a scenario is a spinning body, stepped by the rotation family's methods. */
export function spinning(info: ScenarioInfo): boolean {
  return info.family === 'rotation';
}

/** The methods that step a scenario: its family's (an id such as `euler` names a method within it). */
export function methodsOf(catalogue: Catalogue, scenario: string): MethodInfo[] {
  return spinning(scenarioInfo(catalogue, scenario)) ? catalogue.rotationMethods : catalogue.methods;
}

/** What the lab says about a method on a scenario, found within the scenario's family. */
export function methodInfo(catalogue: Catalogue, scenario: string, id: string): MethodInfo | undefined {
  return methodsOf(catalogue, scenario).find((m) => m.id === id);
}

/** The article's settings for a scenario, keeping the chosen methods that step it (its family's first
 * methods where none does). */
export function defaultsFor(catalogue: Catalogue, scenario: string, methods?: string[]): LabState {
  const info = scenarioInfo(catalogue, scenario);
  const known = new Set(methodsOf(catalogue, scenario).map((m) => m.id));
  const kept = (methods ?? []).filter((m) => known.has(m));
  return {
    scenario,
    methods: kept.length > 0 ? kept : [...(spinning(info) ? DEFAULT_ROTATION_METHODS : DEFAULT_METHODS)],
    dt: info.dt,
    until: info.until,
    precision: 'f64',
    params: Object.fromEntries(info.params.map((p) => [p.name, p.default])),
    speed: 1,
    coord: '',
    details: '',
    runs: [],
    nudge: 0,
    typed: {},
    rule: '',
    force: '',
  };
}

export interface Parsed {
  state: LabState;
  /** One sentence for each value ignored, naming it. */
  notices: string[];
}

/**
 * Reads a query string. A bad or unknown value never fails: it falls back to its default, and a notice
 * names it.
 */
/**
 * Why a force in the URL is not a scenario: its mistake, where the page reads forces (the core's language
 * build can say one); otherwise that this page (a figure) runs no forces at all.
 */
function forceProblem(core: CoreChecks, force: string): string {
  const mistake = core.checkForce?.(force);
  return mistake === undefined
    ? "this page does not run your force (the lab's page does)"
    : `your force has a mistake (${mistake}); it is in the editor`;
}

export function parseQuery(search: string, catalogue: Catalogue, core: CoreChecks): Parsed {
  const query = new URLSearchParams(search);
  const notices: string[] = [];
  // The core's reasons may start with the key ("dt: 'abc' is not a number"): the notice names it once.
  const ignore = (key: string, value: string, why: string, fallback: string) =>
    notices.push(
      `Ignored ${key}=${value}: ${why.startsWith(`${key}: `) ? why.slice(key.length + 2) : why}; using ${fallback}.`,
    );

  let scenario = query.get('scenario') ?? DEFAULT_SCENARIO;
  // A force is kept as written, whatever becomes of the scenario it makes: the editor shows it.
  const force = query.get('force') ?? '';
  if (!catalogue.scenarios.some((s) => s.id === scenario)) {
    const why =
      scenario !== CUSTOM
        ? 'no such scenario'
        : force === ''
          ? 'there is no force= to run'
          : forceProblem(core, force);
    ignore('scenario', scenario, why, DEFAULT_SCENARIO);
    scenario = DEFAULT_SCENARIO;
  }
  const state = defaultsFor(catalogue, scenario);
  state.force = force;
  const info = scenarioInfo(catalogue, scenario);

  // The rule is kept as written, whatever becomes of `yours`: the editor shows it (its mistakes marked) and
  // the permalink carries it on. An empty one (or force) is no text at all, and is said to be dropped.
  state.rule = query.get('rule') ?? '';
  for (const key of ['rule', 'force'])
    if (query.get(key)?.trim() === '') notices.push(`Ignored ${key}=: it is empty.`);
  const known = new Set(methodsOf(catalogue, scenario).map((m) => m.id));
  const spins = spinning(info);
  const firstMethods = state.methods.join(',');
  // Why `yours` cannot run here, if it cannot: no rule, a rule with a mistake, a spinning body, or a page
  // without the language (a figure, a worksheet: the lab's page loads it wherever rule= is given).
  const yoursWhy = ((): string | undefined => {
    if (spins)
      return "your method steps a point mass's position and velocity: it does not apply to a spinning body";
    if (state.rule === '') return 'there is no rule= to run';
    if (!known.has(YOURS)) return "this page does not run your method (the lab's page does)";
    const problem = core.checkRule?.(state.rule);
    return problem === undefined ? undefined : `your rule has a mistake (${problem}); it is in the editor`;
  })();
  if (yoursWhy !== undefined) known.delete(YOURS);
  const unknown = (m: string) =>
    m === YOURS
      ? `Ignored method '${YOURS}': ${yoursWhy}.`
      : spins
        ? `Ignored method '${m}': it does not step a spinning body (a spinning body's methods: ${[...known].join(', ')}).`
        : `Ignored method '${m}': no such method.`;

  const methodsText = query.get('methods');
  if (methodsText !== null) {
    const asked = methodsText.split(',').map((m) => m.trim());
    const good = asked.filter((m, i) => known.has(m) && asked.indexOf(m) === i);
    for (const m of asked.filter((m) => !known.has(m) && m !== '')) notices.push(unknown(m));
    if (good.length > 0) {
      state.methods = good;
    } else {
      ignore('methods', methodsText, 'no known method', firstMethods);
    }
  }

  for (const key of ['dt', 'until'] as const) {
    const text = query.get(key);
    if (text === null) continue;
    const read = core.readTime(key, text);
    if ('why' in read) ignore(key, text, read.why, String(state[key]));
    else {
      state[key] = read.value;
      state.typed[key] = { text: text.trim(), value: read.value };
    }
  }
  // The core says whether it takes the run (its step budget, the reference run's), as it does the form's.
  const refused = (dt: number, until: number) =>
    core.checkSetup({
      scenario: info.id,
      params: {},
      methods: [],
      dt,
      until,
      precision: 'f64',
      ...(info.id === CUSTOM ? { force: state.force } : {}),
    });
  const tooLong = refused(state.dt, state.until);
  if (tooLong !== undefined) {
    // Named as the link gave them: a link with until alone is not told of a dt it did not give (nor that
    // dt in every digit, 0.008333333333333333). Where the link gave both and one alone is at fault (a dt
    // out of range, with an until the run takes), only that one is set aside.
    let given = (['dt', 'until'] as const).filter((key) => state.typed[key] !== undefined);
    if (given.length === 2) {
      const keepsUntil = refused(info.dt, state.until) === undefined;
      const keepsDt = refused(state.dt, info.until) === undefined;
      if (keepsUntil !== keepsDt) given = [keepsUntil ? 'dt' : 'until'];
    }
    notices.push(
      `Ignored ${given.map((key) => `${key}=${state.typed[key]?.text}`).join(' with ')}: ${tooLong}; using the article's ${given.join(' and ')}.`,
    );
    for (const key of given) {
      delete state.typed[key];
      state[key] = info[key];
    }
  }

  // What a spinning body does not take: runs at steps of their own, a game's float, twins (the CLI has those).
  const notForSpinning: Record<string, string> = {
    runs: "runs at steps of their own are for a point mass's methods",
    precision: 'a spinning body runs in f64 only',
    nudge:
      'on this page a spinning body runs without a nudged twin (the command-line tool runs one: run --nudge)',
  };
  for (const [key, why] of Object.entries(notForSpinning)) {
    const text = query.get(key);
    if (spins && text !== null && !(key === 'precision' && text === 'f64')) {
      notices.push(`Ignored ${key}=${text}: ${why}.`);
      query.delete(key);
    }
  }

  const runsText = query.get('runs');
  if (runsText !== null) {
    const items = runsText.split(',').filter((x) => x.trim() !== '');
    // More runs than a page can tell apart (its looks and dashes) or step in a frame: the first MAX_RUNS.
    if (items.length > MAX_RUNS)
      notices.push(`Ignored ${items.length - MAX_RUNS} of runs=: a page compares ${MAX_RUNS} runs at most.`);
    for (const item of items.slice(0, MAX_RUNS)) {
      const [method = '', dtText = ''] = item.split('@');
      const read = core.readTime('dt', dtText);
      const dt = 'value' in read ? read.value : undefined;
      if (!known.has(method))
        notices.push(`Ignored run '${item}': ${method === YOURS ? yoursWhy : `no method '${method}'`}.`);
      else if (dt === undefined) notices.push(`Ignored run '${item}': its dt must be a positive number.`);
      else {
        const why = refused(dt, state.until);
        if (why === undefined) state.runs.push({ method, dt });
        else notices.push(`Ignored run '${item}': ${why}.`);
      }
    }
    if (state.runs.length > 0) {
      // runs= replaces methods=: a methods= beside it is not used, and the reader is told so.
      const methods = query.get('methods');
      if (methods !== null)
        notices.push(`Ignored methods=${methods}: runs= gives the methods, each at its own dt.`);
      state.methods = [...new Set(state.runs.map((r) => r.method))];
    }
  }

  const precision = query.get('precision');
  if (precision !== null) {
    if (precision === 'f32' || precision === 'f64') state.precision = precision;
    else ignore('precision', precision, 'must be f32 or f64', 'f64');
  }

  const speed = query.get('speed');
  if (speed !== null) {
    const read = core.readNumber('speed', speed);
    const value = 'value' in read ? read.value : undefined;
    if (value !== undefined && value > 0 && value <= 1000) state.speed = value;
    else ignore('speed', speed, 'must be between 0 and 1000', '1');
  }

  const nudge = query.get('nudge');
  if (nudge !== null) {
    const read = core.readNumber('nudge', nudge);
    const why = 'why' in read ? read.why : core.checkSetup(toSpec({ ...state, nudge: read.value }));
    if (why === undefined && 'value' in read) state.nudge = read.value;
    else ignore('nudge', nudge, why ?? 'not a number', 'no twins');
  }

  const coord = query.get('coord');
  if (coord !== null) state.coord = coord;
  const details = query.get('details');
  if (details !== null) {
    const keys = trackLabels(state, String).map((t) => t.key);
    if (keys.includes(details)) state.details = details;
    else
      notices.push(
        `Ignored details=${details}: the run has ${keys.join(', ')}; showing ${keys[0]}'s details.`,
      );
  }

  for (const [key, text] of query) {
    // The core's permalink says which keys are the lab's own, and which sharing sites add.
    if (catalogue.reservedKeys.includes(key) || core.isTrackingKey(key)) continue;
    const param = info.params.find((p) => p.name === key);
    if (!param) {
      notices.push(`Ignored ${key}=${text}: ${info.id} has no parameter '${key}'.`);
      continue;
    }
    const read = core.readNumber(key, text);
    const problem = 'why' in read ? read.why : core.checkParameter(info.id, key, read.value, state.force);
    if (problem !== undefined || !('value' in read)) {
      ignore(key, text, problem ?? 'not a number', String(param.default));
    } else {
      state.params[key] = read.value;
      state.typed[key] = { text: text.trim(), value: read.value };
    }
  }
  return { state, notices };
}

/**
 * A value as the URL and the fields write it: as the reader typed it while it still is the value (`dt=1/30`
 * stays `1/30`); a time that is exactly 1/n of a second with no short decimal (an article's 1/60) as
 * `1/n`; else the number.
 */
export function valueText(state: LabState, key: string, value: number): string {
  const typed = state.typed[key];
  if (typed !== undefined && typed.value === value) return typed.text;
  return ((key === 'dt' || key === 'until') && fraction(value)) || String(value);
}

/** Writes the state as a query string, every parameter by its own name: a permalink. */
export function toQuery(state: LabState): string {
  const query = new URLSearchParams();
  const text = (key: string, value: number) => valueText(state, key, value);
  query.set('scenario', state.scenario);
  if (state.runs.length > 0)
    query.set('runs', state.runs.map((r) => `${r.method}@${fraction(r.dt) ?? r.dt}`).join(','));
  else query.set('methods', state.methods.join(','));
  query.set('dt', text('dt', state.dt));
  query.set('until', text('until', state.until));
  query.set('precision', state.precision);
  for (const [name, value] of Object.entries(state.params)) query.set(name, text(name, value));
  if (state.speed !== 1) query.set('speed', String(state.speed));
  if (state.coord !== '') query.set('coord', state.coord);
  if (state.details !== '') query.set('details', state.details);
  if (state.nudge !== 0) query.set('nudge', String(state.nudge));
  if (state.rule !== '') query.set('rule', state.rule);
  if (state.force !== '') query.set('force', state.force);
  return `?${query.toString().replaceAll('%2C', ',').replaceAll('%40', '@').replaceAll('%2F', '/')}`;
}

/** What makes two states the same run, as a permalink says it: their look on the page (speed, coordinate,
 * what was typed and not yet taken) aside. */
export function runKey(state: LabState): string {
  return toQuery({ ...state, speed: 1, coord: '', typed: {} });
}

export function toSpec(state: LabState): RunSpec {
  return {
    scenario: state.scenario,
    params: { ...state.params },
    methods: state.runs.length > 0 ? [] : [...state.methods],
    ...(state.runs.length > 0 ? { runs: state.runs.map((r) => ({ ...r })) } : {}),
    dt: state.dt,
    until: state.until,
    precision: state.precision,
    ...(runsRule(state) ? { rule: state.rule } : {}),
    ...(state.scenario === CUSTOM ? { force: state.force } : {}),
    ...(state.nudge !== 0 ? { nudge: state.nudge } : {}),
  };
}

/** Whether the state runs the student's rule. */
export function runsRule(state: LabState): boolean {
  return state.methods.includes(YOURS) || state.runs.some((r) => r.method === YOURS);
}

/** The setup alone, with none of the methods: what the methods' facts are asked on (a rule has none). */
export function setupSpec(state: LabState): RunSpec {
  return toSpec({ ...state, methods: [], runs: [] });
}

/** What a run that needs the core's studies tier is, in words: f32 runs or spinning bodies. */
export function studiesFor(state: Pick<LabState, 'precision'>): string {
  return state.precision === 'f32' ? 'f32 runs' : 'spinning bodies';
}
