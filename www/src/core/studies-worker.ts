// The studies worker: the core's studies tier (and its language tier, once a question is about a student's
// rule), answering the page's studies one at a time, so that a convergence study, an experiment's
// measurement or a report card never blocks the page. Messages: see studies.ts.

import type { LanguageStudies } from './language-build';
import type { Answer, Asked, StudyName } from './studies';

type Answering = Record<StudyName, (...a: unknown[]) => unknown>;

let full: Promise<Answering> | undefined;
let language: Promise<Answering> | undefined;

/** The studies a question needs: the language tier for a rule (and for everything after it: it has all the
 * studies tier has), else the studies tier. Each is loaded on the first question that needs it. */
function studies(needsLanguage: boolean): Promise<Answering> {
  if (needsLanguage || language) {
    language ??= import('./language-build').then(
      async ({ loadLanguage, languageStudiesOf }) =>
        languageStudiesOf(await loadLanguage()) as LanguageStudies as unknown as Answering,
    );
    return language;
  }
  full ??= import('./studies-build').then(
    async ({ loadStudies, studiesOf }) => studiesOf(await loadStudies()) as unknown as Answering,
  );
  return full;
}

self.addEventListener('message', async (e: MessageEvent<Asked>) => {
  const { id, name, args } = e.data;
  let answer: Answer;
  try {
    const answering = await studies(e.data.language);
    answer = { id, value: answering[name](...args) };
  } catch (err) {
    // A trap leaves the instance unusable (its borrow flags stay set): the page then starts a new worker.
    answer = {
      id,
      error: err instanceof Error ? err.message : String(err),
      trapped: err instanceof WebAssembly.RuntimeError,
    };
  }
  self.postMessage(answer);
});
