// The core's tiers: which one the page steps with, loading each when first needed, and what went wrong in a
// call to it. index.ts is the page's door; this module holds the loaded core for it and for session.ts.

import { message } from '../ui/dom';
import type { ClassroomBindings } from './classroom-build';
import type { LanguageBindings } from './language-build';
import { fetchCore } from './loader';
import type * as Base from './pkg/base.js';
import { baseUrl } from './preload';
import type { StudiesBindings } from './studies-build';
import type { Catalogue, Precision } from './types';

/**
 * The core's builds, each named by what it serves (scripts/build-wasm.sh makes them): `base`, the
 * smallest, which an embedded figure steps with; `studies` (the studies, each method's facts, shadow
 * energies, the CSV export, f32 runs), which the full page steps with; `classroom` (the studies tier and the worksheets), for a page with a worksheet and the
 * teacher's page; `language` (the studies tier and "your method"), when a rule is in use. Every tier after
 * `base` has all that `studies` has.
 */
export type Tier = 'base' | 'studies' | 'classroom' | 'language';

/** The surface every tier shares (the others have more: see studies-build.ts). */
export type Bindings = typeof Base;

/** The core the page steps with, and its tier. */
export interface Core {
  bindings: Bindings;
  memory: WebAssembly.Memory;
  tier: Tier;
}

let core: Core | undefined;
/** The spinning bodies' scenario ids, from the catalogue: the studies tier steps them. */
const spinningScenarios = new Set<string>();
let studies: StudiesBindings | undefined;
let language: LanguageBindings | undefined;

export function loaded(): Core {
  if (!core) throw new Error('the core is not loaded');
  return core;
}

function stepWith(tier: Tier, bindings: StudiesBindings): void {
  if (core?.bindings === bindings) return;
  core = { bindings, memory: bindings.wasmMemory() as WebAssembly.Memory, tier };
  studies = bindings;
}

/** Loads the core once, at a tier: in the page from its URL; in Node tests from the bytes. */
export async function loadCore(options: { tier?: Tier; bytes?: BufferSource } = {}): Promise<Catalogue> {
  const tier = options.tier ?? 'base';
  if (tier === 'classroom') await useClassroomTier(options.bytes);
  else if (tier === 'language') await useLanguageTier(options.bytes);
  else if (tier === 'studies') await useStudiesTier(options.bytes);
  else {
    // The base tier's glue is fetched only here (a page that opens with a worksheet or a rule never needs
    // it), and its bytes beside it, not after it (the browser answers from the first module's preload).
    const bytes = options.bytes ? undefined : fetchCore(baseUrl);
    // Its failure is the glue's to report, once it has loaded (see lab/boot.ts), not an unhandled rejection
    // meanwhile, which the page would report a second time.
    bytes?.catch(() => {});
    const base = await import('./pkg/base.js');
    if (options.bytes) base.initSync({ module: options.bytes });
    else await base.default({ module_or_path: bytes });
    core = { bindings: base, memory: base.wasmMemory() as WebAssembly.Memory, tier: 'base' };
  }
  const catalogue = loaded().bindings.catalogue() as Catalogue;
  for (const s of catalogue.scenarios) if (s.family === 'rotation') spinningScenarios.add(s.id);
  return catalogue;
}

/** Whether a run needs the studies tier: the base tier steps a point mass in f64 only. */
export function needsStudiesTier(spec: { precision: Precision; scenario: string }): boolean {
  return spec.precision === 'f32' || spinningScenarios.has(spec.scenario);
}

/** Steps with the studies tier from now on (simulations made before keep the core that made them). */
export async function useStudiesTier(bytes?: BufferSource): Promise<void> {
  if (core && core.tier !== 'base') return;
  const { loadStudies } = await import('./studies-build');
  stepWith('studies', await loadStudies(bytes));
}

/** Steps with the classroom tier from now on: the studies tier's, and the worksheets. */
export async function useClassroomTier(bytes?: BufferSource): Promise<ClassroomBindings> {
  const { loadClassroom } = await import('./classroom-build');
  const classroom = await loadClassroom(bytes);
  stepWith('classroom', classroom);
  return classroom;
}

/**
 * Steps with the language tier from now on: the studies tier's, and "your method". Returns its bindings;
 * the caller reads its catalogue, which lists a rule as the method `yours`.
 */
export async function useLanguageTier(bytes?: BufferSource): Promise<LanguageBindings> {
  const { loadLanguage } = await import('./language-build');
  language = await loadLanguage(bytes);
  stepWith('language', language);
  return language;
}

/** The language tier, where the page has loaded it. */
export function languageTier(): LanguageBindings | undefined {
  return language;
}

/** The studies tier (or the classroom or language tier, which have all it has), where the page has loaded
 * it: the studies answer their cheap questions with it. */
export function studiesTier(): StudiesBindings | undefined {
  return studies;
}

/** Thrown for a run the loaded core cannot step: the caller loads the studies tier and tries again. */
export class NeedsStudiesTier extends Error {
  constructor() {
    super("f32 runs and spinning bodies need the core's studies tier");
  }
}

/**
 * What went wrong in a core call, in words: the core's own message, or for a trap (a panic in the core) the
 * panic's message, which the core keeps for the page.
 */
export function failure(e: unknown): string {
  if (e instanceof WebAssembly.RuntimeError) {
    let panic: string | undefined;
    try {
      // Every tier but base keeps a panic's message; base leaves the hook out to stay small.
      const bindings: object | undefined = core?.bindings;
      panic =
        bindings && 'lastPanic' in bindings && typeof bindings.lastPanic === 'function'
          ? (bindings.lastPanic() as string | undefined)
          : undefined;
    } catch {
      panic = undefined;
    }
    return panic ? `the core panicked: ${panic}` : `the core stopped: ${e.message}`;
  }
  return message(e);
}

/** Bytes the core has allocated and not freed, where the tier counts them (all but base: see
 * crates/wasm/src/memory.rs); undefined with the base tier. */
export function liveBytes(): number | undefined {
  const bindings: object | undefined = core?.bindings;
  return bindings && 'liveBytes' in bindings && typeof bindings.liveBytes === 'function'
    ? (bindings.liveBytes() as number)
    : undefined;
}
