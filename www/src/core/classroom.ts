// A classroom worksheet as the page reads it, converted from the core's classroom tier (classroom-build.ts
// loads it): its tasks, a student's answers checked, a hand-in graded. The core checks every answer; this
// module converts. It never loads the build itself, so a page can hold it before any worksheet is opened.

import type { ClassroomBindings } from './classroom-build';
import type { Checked, Graded, HandInInfo, ScormReport, SheetInfo } from './views';
import type { VerdictId } from './words';

export type { Checked, Graded, HandInInfo, ScormReport, SheetInfo, TaskInfo } from './views';
export type { VerdictId } from './words';

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

  /** Grades a whole hand-in: each answer's verdict, the score over the graded tasks, the predictions apart. */
  grade(answers: string[]): Graded {
    return this.run.grade(answers) as Graded;
  }

  /** Each task's correct answer in words. */
  key(): string[] {
    return this.run.key();
  }

  handIn(answers: string[]): string {
    return this.run.handIn(answers);
  }

  /** What a hand-in sets in an LMS (`version` 1.2 or 2004), written by the core, in order. */
  scormReport(answers: string[], version: '1.2' | '2004'): ScormReport {
    return this.run.scormReport(answers, version) as ScormReport;
  }

  /** The SCORM package's manifest for this worksheet, listing `files`. */
  scormManifest(version: '1.2' | '2004', files: string[]): string {
    return this.run.scormManifest(version, files);
  }

  /** Where the package keeps the worksheet's text. */
  scormFile(): string {
    return this.run.scormFile();
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

/** The result codes in a pasted text, each whole: the core takes out what mail adds (quote marks, wrapping). */
export function codesIn(core: ClassroomBindings, text: string): string[] {
  return core.codesIn(text);
}

/** A student's name with its spaces tidied, as a hand-in and the teacher's table show it. */
export function tidyName(core: ClassroomBindings, name: string): string {
  return core.tidyName(name);
}

/** A student's name as it identifies them (case and spaces aside), as the core draws parameters from it. */
export function studentKey(core: ClassroomBindings, name: string): string {
  return core.studentKey(name);
}

/** Each verdict's mark, as the core gives it: what the task list and the teacher's table show. */
export function verdictMarks(core: ClassroomBindings): Record<VerdictId, string> {
  return Object.fromEntries(core.verdictMarks() as [VerdictId, string][]) as Record<VerdictId, string>;
}

/** Whether `worksheet=` names a built-in (the core's rule: a word), rather than a file or a worksheet's text. */
export function isWorksheetId(core: ClassroomBindings, value: string): boolean {
  return core.isWorksheetId(value);
}
