// The studies worker: the second build of the core, answering the page's studies one at a time, so that a
// convergence study or an experiment's measurement never blocks the page. Messages: see studies.ts.

import { loadFull, type Studies, studiesOf } from './lab-full';
import type { Answer, Asked } from './studies';

const ready = loadFull().then(studiesOf);

self.addEventListener('message', async (e: MessageEvent<Asked>) => {
  const { id, name, args } = e.data;
  let answer: Answer;
  try {
    const studies = await ready;
    const study = studies[name] as (...a: unknown[]) => ReturnType<Studies[typeof name]>;
    answer = { id, value: study(...args) };
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
