// The core's words the page branches on, as types: what an amplitude does a step (the core's Growth::word)
// and how an answer fared (the core's AnswerVerdict::id). views.ts, generated, refers to them.

/** What an amplitude multiplied by a growth factor every step does. */
export type GrowthWord = 'grows' | 'shrinks' | 'keeps';

/** How an answer fared. */
export type VerdictId = 'right' | 'wrong' | 'unreadable' | 'not graded' | 'blank';
