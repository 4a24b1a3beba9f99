// The core's classroom tier: the studies tier's, and the worksheets. Only a page that opens a
// worksheet and teacher.html load it. This module loads it and converts; the core checks every answer.

import { loader } from './loader';
import init, * as bindings from './pkg/classroom.js';
import worksheetsUrl from './pkg/classroom_bg.wasm?url';

export type ClassroomBindings = typeof bindings;

/** Loads the classroom tier once (from its URL; in Node tests, from its bytes). */
export const loadClassroom = loader(bindings, init, worksheetsUrl);
