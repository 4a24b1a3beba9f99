// The page's way to the studies (studies-build.ts, and language-build.ts for a rule): asked of a worker that runs
// the core's studies tier (the language tier, for a question about a student's rule), so that the page never
// waits on one. Where no worker can start (a sandboxed embed has an opaque origin, which may not start
// one), or it fails to load, they are asked of a build loaded into the page instead. The cheap ones (facts,
// lists) are answered in the page when it has the studies tier already.

import { languageTier, studiesTier } from './index';
import type { LanguageStudies } from './language-build';

export type StudyName = keyof LanguageStudies;
type Value<K extends StudyName> = ReturnType<LanguageStudies[K]>;

/** A question to the worker, and its answer. */
export interface Asked {
  id: number;
  name: StudyName;
  args: unknown[];
  /** Whether it needs the language tier: a report card, or a spec that runs a rule or a force. */
  language: boolean;
}
export type Answer = { id: number; value: unknown } | { id: number; error: string; trapped: boolean };

interface Pending {
  name: StudyName;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Answered in the page when it has the studies tier loaded already: quick, and wanted at once. */
const CHEAP: ReadonlySet<StudyName> = new Set([
  'ordersOn',
  'stabilityOn',
  'stabilityLimits',
  'experimentList',
]);

/** Whether a question needs the language tier: a report card, or a spec with a rule or a force in it. */
export function needsLanguage(name: StudyName, args: unknown[]): boolean {
  const written = (a: unknown) =>
    typeof a === 'object' &&
    a !== null &&
    (('rule' in a && typeof a.rule === 'string') || ('force' in a && typeof a.force === 'string'));
  return name === 'reportCard' || args.some(written);
}

/** The studies worker: undefined until first needed (or after a trap), null where none can run. */
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let asked = 0;
async function answerInPage(name: StudyName, args: unknown[]): Promise<unknown> {
  let studies: object;
  if (needsLanguage(name, args)) {
    const { loadLanguage, languageStudiesOf } = await import('./language-build');
    studies = languageStudiesOf(languageTier() ?? (await loadLanguage()));
  } else {
    const { loadStudies, studiesOf } = await import('./studies-build');
    // The build the page steps with, where it has the studies (studies, classroom or language): loading the
    // second again beside another would download it twice.
    studies = studiesOf(studiesTier() ?? (await loadStudies()));
  }
  const study = (studies as Record<StudyName, (...a: unknown[]) => unknown>)[name];
  return study(...args);
}

function settle(answer: Answer): void {
  const p = pending.get(answer.id);
  if (!p) return;
  pending.delete(answer.id);
  if ('value' in answer) {
    p.resolve(answer.value);
    return;
  }
  if (answer.trapped) {
    // The instance in the worker is unusable now: the next question starts a fresh one.
    worker?.terminate();
    worker = undefined;
  }
  p.reject(new Error(answer.error));
}

function start(): Worker | null {
  let w: Worker;
  try {
    w = new Worker(new URL('./studies-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  w.addEventListener('message', (e: MessageEvent<Answer>) => settle(e.data));
  w.addEventListener('error', (e) => {
    // It could not load (or died outside a study): answer what it held in the page, and every later one.
    e.preventDefault();
    w.terminate();
    worker = null;
    for (const [id, p] of pending) {
      pending.delete(id);
      answerInPage(p.name, p.args).then(p.resolve, p.reject);
    }
  });
  return w;
}

/** Why a study's promise was rejected when the reader stopped it (not the core's failure). */
export class Cancelled extends Error {
  constructor() {
    super('stopped');
  }
}

/**
 * Stops every pending study called `name` (a report card the student no longer waits for): the worker that
 * holds it is stopped, those questions are rejected with `Cancelled`, and any others it held are asked again
 * of a fresh worker, so a long card never holds up the studies after it.
 */
export function cancel(name: StudyName): void {
  const w = worker;
  const mine = [...pending].filter(([, p]) => p.name === name);
  if (!w || mine.length === 0) return;
  w.terminate();
  worker = undefined;
  const others = [...pending].filter(([, p]) => p.name !== name);
  pending.clear();
  for (const [, p] of mine) p.reject(new Cancelled());
  for (const [, p] of others)
    (askNow as (n: StudyName, ...a: unknown[]) => Promise<unknown>)(p.name, ...p.args).then(
      p.resolve,
      p.reject,
    );
}

/** What every study waits for first: nothing, unless the page puts its studies off (see `studiesAfter`). */
let ready: Promise<void> = Promise.resolve();

/**
 * Puts every study off until `until` settles: the full page's first visit downloads only what its first
 * frame needs, and the studies (their worker, the studies tier) come after it. A study asked meanwhile is
 * asked then.
 */
export function studiesAfter(until: Promise<unknown>): void {
  ready = until.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles when the studies may be asked (at once, unless the page puts them off). */
export function studiesReady(): Promise<void> {
  return ready;
}

/** Asks one study; resolves with its value or rejects with the core's message. */
export function ask<K extends StudyName>(
  name: K,
  ...args: Parameters<LanguageStudies[K]>
): Promise<Value<K>> {
  return ready.then(() => askNow(name, ...args));
}

function askNow<K extends StudyName>(name: K, ...args: Parameters<LanguageStudies[K]>): Promise<Value<K>> {
  if (studiesTier() && CHEAP.has(name) && !needsLanguage(name, args))
    return answerInPage(name, args) as Promise<Value<K>>;
  if (worker === undefined) worker = start();
  const w = worker;
  if (w === null) return answerInPage(name, args) as Promise<Value<K>>;
  return new Promise((resolve, reject) => {
    const id = ++asked;
    pending.set(id, { name, args, resolve: resolve as (v: unknown) => void, reject });
    w.postMessage({ id, name, args, language: needsLanguage(name, args) } satisfies Asked);
  });
}
