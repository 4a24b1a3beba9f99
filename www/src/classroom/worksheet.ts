// The worksheet panel (?worksheet=ID, ?worksheet=FILE on this site, or ?worksheet=text:… from the teacher's
// page): one task at a time beside the lab. Opening a task sets up its run; a prediction is committed before
// the run is shown; "Check" asks the core; hints come on request; progress stays in this browser where it
// can; "Hand in" gives the result code. The core computes and checks every answer: nothing here does. One
// idea over 300 lines: the panel, one object (WorksheetPanel); where a worksheet comes from is source.ts.

import './classroom.css';
import {
  type Checked,
  Sheet,
  type TaskInfo,
  tidyName,
  type VerdictId,
  verdictMarks,
} from '../core/classroom';
import type { ClassroomBindings } from '../core/classroom-build';
import { byId, el, message } from '../ui/dom';
import type { LmsLink } from './lms';

/** What the panel keeps of a student's work. */
interface Progress {
  name: string;
  answers: string[];
  verdicts: (VerdictId | '')[];
  /** What is typed but not yet checked, a task: kept across hints, moves and reloads. */
  drafts: string[];
  /** Hints shown, a task. */
  hints: number[];
  current: number;
}

/** How long after the last change the progress is kept in an LMS: each keep is a request to its server. */
const LMS_KEEP_MS = 1500;

/** This browser's storage, or undefined where the page may not keep anything (private mode, a sandbox). */
function storage(): Storage | undefined {
  try {
    const s = window.localStorage;
    s.setItem('integrator-lab:probe', '1');
    s.removeItem('integrator-lab:probe');
    return s;
  } catch {
    return undefined;
  }
}

/** What the panel asks of the page: to open a task's run. */
export interface WorksheetHost {
  open(query: string): void;
}

function button(text: string, id?: string): HTMLButtonElement {
  const b = el('button', text);
  b.type = 'button';
  if (id) b.id = id;
  return b;
}

export class WorksheetPanel {
  private sheet: Sheet;
  private progress: Progress;
  private readonly store = storage();
  private readonly key: string;
  /** Explanations a predict task's reader asked to see, by task. */
  private readonly why = new Set<number>();
  /** Each verdict's mark, the core's. */
  private readonly marks: Record<VerdictId, string>;

  /** Throws the core's message for a malformed worksheet: the caller shows it. */
  constructor(
    private readonly core: ClassroomBindings,
    private readonly source: string,
    /** Where it came from, in words (source.ts): shown under its title. */
    private readonly origin: string,
    private readonly host: WorksheetHost,
    private readonly root: HTMLElement,
    /** The LMS that launched the worksheet from a SCORM package: it gives the name, keeps the progress and
     * receives the score. */
    private readonly lms?: LmsLink,
  ) {
    this.sheet = new Sheet(core, source, '');
    this.marks = verdictMarks(core);
    this.key = `integrator-lab:worksheet:${this.sheet.info.id}`;
    let saved = lms ? this.parse(lms.resume()) : this.load();
    // In an LMS the name is the LMS's: the numbers a worksheet draws are that name's, whatever was typed.
    const named = lms ? tidyName(core, lms.name()) : '';
    if (lms && named && saved?.name !== named) saved = { ...(saved ?? this.fresh()), name: named };
    if (saved?.name) {
      this.sheet.free();
      this.sheet = new Sheet(core, source, saved.name);
    }
    this.progress = this.fresh(saved);
    document.body.classList.add('worksheet-mode');
    root.hidden = false;
    this.render();
    // Leaving: what is typed is kept, then the LMS is told the session ends.
    if (lms)
      window.addEventListener('pagehide', () => {
        this.flushLms();
        lms.finish();
      });
  }

  private fresh(saved?: Progress): Progress {
    const tasks = this.sheet.info.tasks.length;
    return {
      name: saved?.name ?? '',
      answers: Array.from({ length: tasks }, (_, i) => saved?.answers[i] ?? ''),
      verdicts: Array.from({ length: tasks }, (_, i) => saved?.verdicts[i] ?? ''),
      drafts: Array.from({ length: tasks }, (_, i) => saved?.drafts[i] ?? ''),
      hints: Array.from({ length: tasks }, (_, i) => saved?.hints[i] ?? 0),
      current: Math.min(Math.max(0, saved?.current ?? 0), tasks - 1),
    };
  }

  private load(): Progress | undefined {
    try {
      return this.parse(this.store?.getItem(this.key) ?? undefined);
    } catch {
      return undefined;
    }
  }

  /** Progress from its kept text (this browser's storage, or an LMS's suspend data). */
  private parse(text: string | undefined): Progress | undefined {
    try {
      if (!text) return undefined;
      const p = JSON.parse(text) as Partial<Progress>;
      if (!Array.isArray(p.answers) || typeof p.name !== 'string') return undefined;
      return {
        name: p.name,
        answers: p.answers.map(String),
        verdicts: Array.isArray(p.verdicts) ? (p.verdicts as (VerdictId | '')[]) : [],
        drafts: Array.isArray(p.drafts) ? p.drafts.map(String) : [],
        hints: Array.isArray(p.hints) ? p.hints.map(Number) : [],
        current: Number(p.current) || 0,
      };
    } catch {
      return undefined;
    }
  }

  /** A keep in the LMS waiting for the typing to stop (each is a request to its server). */
  private lmsKeeping: ReturnType<typeof setTimeout> | undefined;

  private save(): void {
    const lms = this.lms;
    if (lms) {
      clearTimeout(this.lmsKeeping);
      this.lmsKeeping = setTimeout(() => {
        this.lmsKeeping = undefined;
        this.keepInLms(lms);
      }, LMS_KEEP_MS);
      return;
    }
    try {
      this.store?.setItem(this.key, JSON.stringify(this.progress));
    } catch {
      // Full or refused: the storage line says where work is not kept.
    }
  }

  /** Keeps the progress in the LMS, within what it keeps (the core says: SCORM 1.2 4,096 characters): the
   * drafts and the hints go first where it is too long; where even the answers do not fit, the student is told
   * to hand in before leaving. */
  private keepInLms(lms: LmsLink): void {
    const limit = this.core.WorksheetRun.scormSuspendLimit(lms.version);
    const p = this.progress;
    const forms = [p, { ...p, drafts: [] }, { ...p, drafts: [], hints: [] }];
    const text = forms.map((f) => JSON.stringify(f)).find((t) => t.length <= limit);
    const line = byId('worksheet-storage');
    try {
      if (text === undefined) {
        line.textContent = `Your answers are longer than your school's system keeps between visits (${limit} characters): hand in before you leave.`;
        return;
      }
      lms.keep(text);
    } catch (e) {
      line.textContent = `Your school's system did not keep your answers (${message(e)}): hand in before you leave.`;
    }
  }

  private get task(): TaskInfo {
    const task = this.sheet.info.tasks[this.progress.current];
    if (!task) throw new Error('no such task');
    return task;
  }

  /** Whether task i's prediction is committed (a predict task answered once, readably). */
  private committed(i: number): boolean {
    const v = this.progress.verdicts[i];
    return v === 'right' || v === 'wrong' || v === 'not graded';
  }

  /** The panel: the title, then the name (asked first: a worksheet may draw each student's numbers from it),
   * then the tasks. */
  private render(): void {
    const info = this.sheet.info;
    const heading = el('h2', info.title);
    heading.id = 'worksheet-title';
    const storageLine = el(
      'p',
      this.lms
        ? "Your answers are kept by your school's system until you hand them in; handing in sends your score to its gradebook."
        : this.store
          ? 'Your answers are kept in this browser, on this device, until you hand them in.'
          : 'This page cannot keep anything here (a private window, or a page that embeds the lab): your answers last only until you close it. Hand in before you do.',
      this.store || this.lms ? 'about' : 'about warn-line',
    );
    storageLine.id = 'worksheet-storage';
    this.root.replaceChildren(
      el('p', 'Worksheet', 'kicker'),
      heading,
      ...(info.article ? [el('p', `After ${info.article}.`, 'about')] : []),
      ...(info.about ? [el('p', info.about, 'about')] : []),
      Object.assign(el('p', this.origin, 'about worksheet-origin'), { id: 'worksheet-origin' }),
      el('div', undefined, 'worksheet-who'),
      storageLine,
      el('div', undefined, 'worksheet-body'),
    );
    this.renderWho();
  }

  /** Who is working: a name to start with, or the name and a way to start over. */
  private renderWho(): void {
    const who = this.root.querySelector('.worksheet-who');
    const body = this.root.querySelector('.worksheet-body');
    if (!who || !body) return;
    if (!this.progress.name) {
      const form = el('form', undefined, 'start-form');
      form.noValidate = true;
      const label = el('label', 'Your name');
      label.htmlFor = 'student-name';
      const name = el('input');
      name.type = 'text';
      name.id = 'student-name';
      name.autocomplete = 'name';
      name.required = true;
      const why = el(
        'p',
        this.sheet.info.params.length
          ? 'Your teacher reads it from your hand-in, and your numbers in this worksheet are drawn from it.'
          : 'Your teacher reads it from your hand-in.',
        'about',
      );
      const start = el('button', 'Start');
      start.type = 'submit';
      const problem = el('p', undefined, 'problem');
      problem.setAttribute('role', 'alert');
      form.append(el('div', undefined, 'field', [label, name, start]), why, problem);
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        if (!name.value.trim()) {
          problem.textContent = 'Write your name first.';
          name.focus();
          return;
        }
        this.begin(name.value);
      });
      who.replaceChildren(form);
      body.replaceChildren();
      document.body.classList.add('predicting');
      this.cover();
      return;
    }
    const again = button('Start over', 'start-over');
    again.addEventListener('click', () => {
      if (again.dataset.armed !== 'yes') {
        again.dataset.armed = 'yes';
        again.textContent = 'Press again to clear your answers';
        return;
      }
      this.clear();
    });
    who.replaceChildren(
      this.lms
        ? el('p', undefined, 'about', [
            'Working as ',
            el('strong', this.progress.name),
            ", the name your school's system gives.",
          ])
        : el('p', undefined, 'about', [`Working as `, el('strong', this.progress.name), '. ', again]),
    );
    const nav = el('nav', undefined, 'task-nav');
    nav.setAttribute('aria-label', 'Tasks');
    const list = el('ol');
    list.id = 'worksheet-tasks';
    nav.append(list);
    const handIn = button('Hand in', 'hand-in');
    handIn.addEventListener('click', () => this.handIn());
    const code = el('textarea', undefined, 'snippet');
    code.id = 'hand-in-code';
    code.readOnly = true;
    code.rows = 4;
    code.hidden = true;
    code.setAttribute('aria-label', 'Your result code');
    const codeNote = el('p', undefined, 'about');
    codeNote.id = 'hand-in-note';
    codeNote.setAttribute('role', 'status');
    const mismatch = el('div', undefined, 'run-mismatch');
    mismatch.id = 'run-mismatch';
    mismatch.setAttribute('role', 'status');
    body.replaceChildren(
      nav,
      mismatch,
      el('div', undefined, 'worksheet-task', []),
      el('div', undefined, 'hand-in', [handIn, code, codeNote]),
    );
    this.show(this.progress.current, false);
  }

  /** Fixes the name: the numbers of a worksheet that draws them are the name's from now on. */
  private begin(name: string): void {
    let next: Sheet;
    try {
      next = new Sheet(this.core, this.source, name);
    } catch (e) {
      byId('worksheet-storage').textContent = message(e);
      return;
    }
    this.sheet.free();
    this.sheet = next;
    this.progress.name = tidyName(this.core, name);
    this.save();
    this.renderWho();
    byId('task-heading').focus();
  }

  /** Clears the answers and the name: another student, or a fresh start. */
  private clear(): void {
    this.progress = this.fresh();
    this.progress.name = '';
    this.why.clear();
    this.save();
    this.renderWho();
    byId('student-name').focus();
  }

  private renderNav(): void {
    const list = byId('worksheet-tasks');
    // A reader on a task button keeps their place when the buttons are drawn again.
    const focused = [...list.querySelectorAll('button')].indexOf(document.activeElement as HTMLButtonElement);
    list.replaceChildren(
      ...this.sheet.info.tasks.map((t, i) => {
        // A blank answer is no mark in the list: the task is simply not done yet.
        const verdict = this.progress.verdicts[i];
        const b = button(`${i + 1}${verdict && verdict !== 'blank' ? this.marks[verdict] : ''}`);
        b.setAttribute(
          'aria-label',
          `Task ${i + 1}${t.predict ? ', predict' : ''}${this.progress.verdicts[i] ? `: ${this.progress.verdicts[i]}` : ''}`,
        );
        if (i === this.progress.current) b.setAttribute('aria-current', 'step');
        b.addEventListener('click', () => this.show(i));
        return el('li', undefined, undefined, [b]);
      }),
    );
    if (focused >= 0) list.querySelectorAll('button')[focused]?.focus();
  }

  /** Opens task i: its run in the lab (covered while a prediction is due) and its question here; `focus`
   * moves the reader to the task's heading. */
  show(i: number, focus = true): void {
    this.progress.current = i;
    this.save();
    this.host.open(this.task.setup);
    this.cover();
    this.renderNav();
    this.renderTask();
    if (focus) byId('task-heading').focus();
  }

  /**
   * The lab made a run (`scenario` with `params`): where the student changed a parameter drawn for them, the
   * run no longer matches the task their answer is checked against: said, with a way back to the task's run.
   */
  ran(scenario: string, params: Record<string, number>): void {
    const box = this.root.querySelector<HTMLElement>('#run-mismatch');
    if (!box || !this.progress.name) return;
    const setup = new URLSearchParams(this.task.setup);
    const changed = this.sheet.info.params.filter(
      ([name, value]) => setup.has(name) && name in params && params[name] !== value,
    );
    const moved = setup.get('scenario') !== scenario;
    if (!moved && changed.length === 0) {
      box.replaceChildren();
      return;
    }
    const again = button('Set up this run again', 'run-again');
    again.addEventListener('click', () => this.host.open(this.task.setup));
    box.replaceChildren(
      el(
        'p',
        moved
          ? `This run is no longer the task's (${setup.get('scenario')}): your answer is checked against the task's run.`
          : `This run no longer matches the task: ${changed
              .map(([name, value]) => `${name} = ${params[name]} here, but ${value} was drawn for you`)
              .join('; ')}. Your answer is checked against the numbers drawn for you.`,
        'warn-line',
      ),
      again,
    );
  }

  /** Hides the run (and what would give the answer away) while the current task's prediction is due. */
  private cover(): void {
    const due = !this.progress.name || (this.task.predict && !this.committed(this.progress.current));
    document.body.classList.toggle('predicting', due);
    const views = document.querySelector('.views');
    if (views && !views.querySelector('.prediction-cover'))
      views.prepend(el('p', undefined, 'prediction-cover'));
    const cover = views?.querySelector('.prediction-cover');
    if (cover)
      cover.textContent = this.progress.name
        ? 'The run is hidden until you commit your prediction in the worksheet.'
        : 'Write your name in the worksheet to begin.';
  }

  /** How an answer reads: a choice by its label. */
  private shown(answer: string): string {
    return this.task.options.find(([id]) => id === answer)?.[1] ?? answer;
  }

  private renderTask(): void {
    const i = this.progress.current;
    const task = this.task;
    const total = this.sheet.info.tasks.length;
    const locked = task.predict && this.committed(i);
    const form = el('form', undefined, 'task-form');
    form.noValidate = true;
    const answer = this.progress.answers[i] || this.progress.drafts[i] || '';
    const draft = (value: string) => {
      this.progress.drafts[i] = value;
      this.save();
    };
    let read: () => string;
    if (task.kind === 'choice') {
      const group = el('fieldset', undefined, 'radios');
      group.append(el('legend', 'Your answer'));
      for (const [id, label] of task.options) {
        const radio = el('input');
        radio.type = 'radio';
        radio.name = 'task-option';
        radio.value = id;
        radio.checked = answer === id;
        radio.disabled = locked;
        radio.addEventListener('change', () => draft(id));
        group.append(el('label', undefined, 'option', [radio, ` ${label}`]));
      }
      form.append(group);
      read = () => form.querySelector<HTMLInputElement>('input[name="task-option"]:checked')?.value ?? '';
    } else {
      const field = task.kind === 'explain' ? el('textarea') : el('input');
      field.id = 'task-answer';
      field.value = answer;
      if (field instanceof HTMLInputElement) {
        // A text field as the settings' are (style.css), not a thinner one of the browser's.
        field.type = 'text';
        field.inputMode = 'decimal';
        field.autocomplete = 'off';
      } else field.rows = 4;
      field.readOnly = locked;
      field.addEventListener('input', () => draft(field.value));
      const label = el('label', task.unit ? `Your answer (${task.unit})` : 'Your answer');
      label.htmlFor = 'task-answer';
      form.append(el('div', undefined, 'field', [label, field]));
      read = () => field.value;
    }
    const submit = el(
      'button',
      locked
        ? 'Committed'
        : task.predict
          ? 'Commit my prediction'
          : task.kind === 'explain'
            ? 'Keep'
            : 'Check',
    );
    submit.type = 'submit';
    submit.disabled = locked;
    form.append(submit);
    const feedback = el('p', undefined, 'feedback');
    feedback.id = 'task-feedback';
    feedback.tabIndex = -1;
    feedback.setAttribute('role', 'status');
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.check(read());
    });
    const hints = el('ul', undefined, 'hints');
    hints.id = 'task-hints';
    const shown = this.progress.hints[i] ?? 0;
    for (const h of task.hints.slice(0, shown)) hints.append(el('li', h));
    const hint = button(
      task.hints.length > shown ? `Hint (${shown + 1} of ${task.hints.length})` : 'No more hints',
      'task-hint',
    );
    hint.disabled = task.hints.length <= shown;
    hint.hidden = task.hints.length === 0;
    hint.addEventListener('click', () => {
      this.progress.hints[i] = shown + 1;
      this.save();
      this.renderTask();
      byId('task-hint').focus();
    });
    const actions = [hint];
    // An explanation gives the answer away: it comes once the task is answered; after a prediction, when
    // asked for (the run first).
    let explanation: HTMLElement[] = [];
    if (this.answered(i) && (!task.predict || this.why.has(i))) {
      const why = el('div', undefined, 'explanation', [el('strong', 'Why: '), task.explanation]);
      why.id = 'task-explanation';
      explanation = [why];
    } else if (this.answered(i)) {
      const ask = button('Why? (after you have run it)', 'task-why');
      ask.addEventListener('click', () => {
        this.why.add(i);
        this.renderTask();
        byId('task-explanation').focus();
      });
      actions.push(ask);
    }
    const reopen = button('Set up this run again');
    reopen.addEventListener('click', () => this.host.open(task.setup));
    actions.push(reopen);
    const move = (to: number, text: string) => {
      const b = button(text);
      b.disabled = to < 0 || to >= total;
      b.addEventListener('click', () => this.show(to));
      return b;
    };
    const heading = el(
      'h3',
      `Task ${i + 1} of ${total}${task.predict ? ' · predict' : ''}${task.kind === 'explain' ? ' · explain' : ''}`,
    );
    heading.id = 'task-heading';
    heading.tabIndex = -1;
    for (const node of explanation) node.tabIndex = -1;
    const container = this.root.querySelector('.worksheet-task');
    container?.replaceChildren(
      heading,
      ...task.question.split(/\n{2,}/).map((p) => el('p', p, 'question')),
      ...(task.predict && !locked
        ? [
            el(
              'p',
              'The run stays hidden until you commit your prediction. A prediction does not count in your score (your teacher sees it apart): write what you really expect.',
              'about',
            ),
          ]
        : []),
      form,
      feedback,
      el('div', undefined, 'task-actions', actions),
      hints,
      ...explanation,
      el('div', undefined, 'task-actions', [move(i - 1, '← Previous'), move(i + 1, 'Next →')]),
    );
    container?.setAttribute('aria-labelledby', 'task-heading');
    const given = this.progress.answers[i];
    if (this.progress.verdicts[i] && given) this.say(this.sheet.check(i, given), given);
  }

  private answered(i: number): boolean {
    const v = this.progress.verdicts[i];
    return v === 'right' || v === 'not graded' || (v === 'wrong' && this.task.predict);
  }

  /** The feedback for an answer: the core's; after a prediction, what was predicted and what to do now. */
  private say(checked: Checked, answer: string): void {
    const feedback = byId('task-feedback');
    feedback.className = `feedback ${checked.verdict.replace(' ', '-')}`;
    const task = this.task;
    if (task.predict && (checked.verdict === 'right' || checked.verdict === 'wrong')) {
      const said =
        checked.verdict === 'right'
          ? ' Right.'
          : checked.named
            ? ` ${checked.feedback}`
            : ' Not what the lab computes.';
      feedback.textContent = `Your prediction: ${this.shown(answer)}.${said} Now run it and see what happens.`;
      return;
    }
    feedback.textContent = checked.feedback;
  }

  private check(answer: string): void {
    const i = this.progress.current;
    let checked: Checked;
    try {
      checked = this.sheet.check(i, answer);
    } catch (e) {
      checked = {
        verdict: 'unreadable',
        feedback: `The answer could not be checked: ${message(e)}`,
        named: false,
      };
    }
    const readable = checked.verdict !== 'unreadable' && checked.verdict !== 'blank';
    if (readable) {
      this.progress.answers[i] = answer;
      this.progress.verdicts[i] = checked.verdict;
      this.progress.drafts[i] = '';
      this.save();
      this.cover();
      this.renderNav();
      this.renderTask();
    } else this.say(checked, answer);
    byId('task-feedback').focus();
  }

  /** Keeps the progress in the LMS now, where a keep is waiting. */
  private flushLms(): void {
    if (!this.lms || this.lmsKeeping === undefined) return;
    clearTimeout(this.lmsKeeping);
    this.lmsKeeping = undefined;
    this.keepInLms(this.lms);
  }

  private handIn(): void {
    this.flushLms();
    const note = byId('hand-in-note');
    const code = byId<HTMLTextAreaElement>('hand-in-code');
    const blank = this.progress.answers.filter((a) => !a.trim()).length;
    code.value = this.sheet.handIn(this.progress.answers);
    code.hidden = false;
    code.focus();
    code.select();
    note.textContent = `Your result code${blank ? ` (${blank} task${blank === 1 ? '' : 's'} unanswered)` : ''}: copy it into your school's system or an e-mail to your teacher. It holds your name and answers; your teacher's page checks them again.`;
    if (this.lms) {
      try {
        const report = this.sheet.scormReport(this.progress.answers, this.lms.version);
        this.lms.report(report.values);
        const cuts = report.cuts.map((c) => ` ${c.charAt(0).toUpperCase()}${c.slice(1)}.`).join('');
        note.textContent = `Your score has gone to your school's gradebook.${cuts} Your result code, a receipt${blank ? ` (${blank} task${blank === 1 ? '' : 's'} unanswered)` : ''}: it holds your name and answers.`;
      } catch (e) {
        note.textContent = `Your school's system did not take your score (${message(e)}): copy your result code below to your teacher instead.`;
      }
    }
    navigator.clipboard?.writeText(code.value).then(
      () => {
        note.textContent += ' It has been copied.';
      },
      () => {},
    );
  }
}
