// The third build of the core: the second's, and the classroom worksheets. Only a page that opens a
// worksheet and teacher.html load it. This module loads it and converts; the core checks every answer.

import { loader } from './build-loader';
import init, * as bindings from './pkg/lab_worksheets.js';
import worksheetsUrl from './pkg/lab_worksheets_bg.wasm?url';

export type WorksheetBindings = typeof bindings;

/** Loads the third build once (from its URL; in Node tests, from its bytes). */
export const loadWorksheets = loader(bindings, init, worksheetsUrl);
