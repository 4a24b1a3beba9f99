// A classroom worksheet as the page reads it, converted from the core's classroom tier (classroom-build.ts
// loads it): its tasks, a student's answers checked, a hand-in graded. The core checks every answer; this
// module converts. It never loads the build itself, so a page can hold it before any worksheet is opened.

import type { ClassroomBindings } from './classroom-build';

/** A task as the page shows it (the core's `TaskView`). */
export interface TaskInfo {
  kind: 'number' | 'find' | 'choice' | 'explain';
  predict: boolean;
  question: string;
  /** The run, as the page's query, with the student's parameters written in. */
  setup: string;
  unit: string;
  /** [id, label] of each option of a choice. */
  options: [string, string][];
  hints: string[];
  explanation: string;
}

export interface SheetInfo {
  id: string;
  title: string;
  article?: string;
  about: string;
  params: [string, number][];
  tasks: TaskInfo[];
}

export type VerdictId = 'right' | 'wrong' | 'unreadable' | 'not graded' | 'blank';

export interface Checked {
  verdict: VerdictId;
  feedback: string;
  /** Whether the feedback names a known mistake. */
  named: boolean;
}

export interface HandInInfo {
  name: string;
  worksheet: string;
  params: [string, number][];
  answers: string[];
}

/** A worksheet opened for one student. */
export class Sheet {
  readonly info: SheetInfo;
  private readonly run: InstanceType<ClassroomBindings['WorksheetRun']>;

  /** `source`: a built-in id or a worksheet's TOML. Throws the core's message ("line 7: …"). */
  constructor(core: ClassroomBindings, source: string, name: string) {
    this.run = new core.WorksheetRun(source, name);
    this.info = this.run.info() as SheetInfo;
  }

  check(task: number, answer: string): Checked {
    return this.run.check(task, answer) as Checked;
  }

  /** Grades a whole hand-in: each answer's verdict, and the score over the graded tasks. */
  grade(answers: string[]): { checked: Checked[]; right: number; graded: number } {
    return this.run.grade(answers) as { checked: Checked[]; right: number; graded: number };
  }

  /** Each task's correct answer in words. */
  key(): string[] {
    return this.run.key();
  }

  handIn(answers: string[]): string {
    return this.run.handIn(answers);
  }

  free(): void {
    this.run.free();
  }
}

/** The built-in worksheets: [id, title]. */
export function builtIns(core: ClassroomBindings): [string, string][] {
  return core.builtInWorksheets() as [string, string][];
}

/** Reads a hand-in code; throws why it cannot be read. */
export function readHandIn(core: ClassroomBindings, code: string): HandInInfo {
  return core.readHandIn(code) as HandInInfo;
}
