// The worksheet panel (?worksheet=ID, ?worksheet=FILE on this site, or ?worksheet=text:… from the teacher's
// page): one task at a time beside the lab. Opening a task sets up its run; a prediction is committed before
// the run is shown; "Check" asks the core; hints come on request; progress stays in this browser where it
// can; "Hand in" gives the result code. The core computes and checks every answer: nothing here does.

import { byId, el, message } from './dom';
import { type Checked, Sheet, type TaskInfo, type VerdictId, type WorksheetBindings } from './lab-worksheets';

/** Where a worksheet comes from, as `worksheet=` names it: its text (or a built-in id, which the core knows). */
export async function worksheetSource(value: string): Promise<string> {
  if (value.startsWith('text:')) return decodeText(value.slice('text:'.length));
  if (/^[a-z0-9-]+$/.test(value)) return value;
  const url = new URL(value, window.location.href);
  if (url.origin !== window.location.origin)
    throw new Error(`a worksheet file must be on this site (${window.location.origin}), not ${url.origin}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${value}: ${response.status} ${response.statusText}`.trim());
  return response.text();
}

/** A worksheet's text for a link: UTF-8, base64url. */
export function encodeText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeText(encoded: string): string {
  let binary: string;
  try {
    binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('the worksheet in this link is damaged (it may have been cut short)');
  }
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** What the panel keeps of a student's work. */
interface Progress {
  name: string;
  answers: string[];
  verdicts: (VerdictId | '')[];
  /** Hints shown, a task. */
  hints: number[];
  current: number;
}

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

const MARK: Record<VerdictId | '', string> = {
  right: '✓',
  wrong: '✗',
  unreadable: '?',
  'not graded': '✎',
  blank: '',
  '': '',
};

export class WorksheetPanel {
  private sheet: Sheet;
  private progress: Progress;
  private readonly store = storage();
  private readonly key: string;

  /** Throws the core's message for a malformed worksheet: the caller shows it. */
  constructor(
    private readonly core: WorksheetBindings,
    private readonly source: string,
    private readonly host: WorksheetHost,
    private readonly root: HTMLElement,
  ) {
    this.sheet = new Sheet(core, source, '');
    this.key = `integrator-lab:worksheet:${this.sheet.info.id}`;
    const saved = this.load();
    if (saved?.name) {
      this.sheet.free();
      this.sheet = new Sheet(core, source, saved.name);
    }
    const tasks = this.sheet.info.tasks.length;
    this.progress = {
      name: saved?.name ?? '',
      answers: Array.from({ length: tasks }, (_, i) => saved?.answers[i] ?? ''),
      verdicts: Array.from({ length: tasks }, (_, i) => saved?.verdicts[i] ?? ''),
      hints: Array.from({ length: tasks }, (_, i) => saved?.hints[i] ?? 0),
      current: Math.min(Math.max(0, saved?.current ?? 0), tasks - 1),
    };
    document.body.classList.add('worksheet-mode');
    root.hidden = false;
    this.render();
    this.show(this.progress.current);
  }

  private load(): Progress | undefined {
    try {
      const text = this.store?.getItem(this.key);
      if (!text) return undefined;
      const p = JSON.parse(text) as Partial<Progress>;
      if (!Array.isArray(p.answers) || typeof p.name !== 'string') return undefined;
      return {
        name: p.name,
        answers: p.answers.map(String),
        verdicts: Array.isArray(p.verdicts) ? (p.verdicts as (VerdictId | '')[]) : [],
        hints: Array.isArray(p.hints) ? p.hints.map(Number) : [],
        current: Number(p.current) || 0,
      };
    } catch {
      return undefined;
    }
  }

  private save(): void {
    try {
      this.store?.setItem(this.key, JSON.stringify(this.progress));
    } catch {
      // Full or refused: the storage line says where work is not kept.
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

  private render(): void {
    const info = this.sheet.info;
    const name = el('input');
    name.id = 'student-name';
    name.autocomplete = 'name';
    name.value = this.progress.name;
    name.addEventListener('change', () => this.rename(name.value));
    const storageLine = el(
      'p',
      this.store
        ? 'Your answers are kept in this browser, on this device, until you hand them in.'
        : 'This page cannot keep anything here (a private window, or a page that embeds the lab): your answers last only until you close it. Hand in before you do.',
      this.store ? 'about' : 'about warn-line',
    );
    storageLine.id = 'worksheet-storage';
    const nav = el('nav', undefined, 'task-nav');
    nav.setAttribute('aria-label', 'Tasks');
    const list = el('ol');
    list.id = 'worksheet-tasks';
    nav.append(list);
    const handIn = el('button', 'Hand in');
    handIn.type = 'button';
    handIn.id = 'hand-in';
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
    const heading = el('h2', info.title);
    heading.id = 'worksheet-title';
    const nameLabel = el('label', 'Your name');
    nameLabel.htmlFor = 'student-name';
    this.root.replaceChildren(
      el('p', 'Worksheet', 'kicker'),
      heading,
      ...(info.article ? [el('p', `After ${info.article}.`, 'about')] : []),
      ...(info.about ? [el('p', info.about, 'about')] : []),
      el('div', undefined, 'field', [nameLabel, name]),
      storageLine,
      nav,
      el('div', undefined, 'worksheet-task', []),
      el('div', undefined, 'hand-in', [handIn, code, codeNote]),
    );
    this.renderNav();
  }

  private renderNav(): void {
    const list = byId('worksheet-tasks');
    // A reader on a task button keeps their place when the buttons are drawn again.
    const focused = [...list.querySelectorAll('button')].indexOf(document.activeElement as HTMLButtonElement);
    list.replaceChildren(
      ...this.sheet.info.tasks.map((t, i) => {
        const b = el('button', `${i + 1}${MARK[this.progress.verdicts[i] ?? '']}`);
        b.type = 'button';
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

  /** Opens task i: its run in the lab (covered while a prediction is due) and its question here. */
  show(i: number): void {
    this.progress.current = i;
    this.save();
    const task = this.task;
    this.host.open(task.setup);
    this.cover();
    this.renderNav();
    this.renderTask();
  }

  /** Hides the run (and what would give the answer away) while the current task's prediction is due. */
  private cover(): void {
    const due = this.task.predict && !this.committed(this.progress.current);
    document.body.classList.toggle('predicting', due);
    const views = document.querySelector('.views');
    if (views && !views.querySelector('.prediction-cover')) {
      const cover = el(
        'p',
        'The run is hidden until you commit your prediction in the worksheet.',
        'prediction-cover',
      );
      views.prepend(cover);
    }
  }

  private renderTask(): void {
    const i = this.progress.current;
    const task = this.task;
    const total = this.sheet.info.tasks.length;
    const locked = task.predict && this.committed(i);
    const form = el('form', undefined, 'task-form');
    form.noValidate = true;
    const answer = this.progress.answers[i] ?? '';
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
        group.append(el('label', undefined, 'option', [radio, ` ${label}`]));
      }
      form.append(group);
      read = () => form.querySelector<HTMLInputElement>('input[name="task-option"]:checked')?.value ?? '';
    } else {
      const field = task.kind === 'explain' ? el('textarea') : el('input');
      field.id = 'task-answer';
      field.value = answer;
      if (field instanceof HTMLInputElement) {
        field.inputMode = 'decimal';
        field.autocomplete = 'off';
      } else field.rows = 4;
      field.readOnly = locked;
      const label = el('label', task.unit ? `Your answer (${task.unit})` : 'Your answer');
      label.htmlFor = 'task-answer';
      form.append(el('div', undefined, 'field', [label, field]));
      read = () => field.value;
    }
    const check = el(
      'button',
      locked
        ? 'Committed'
        : task.predict
          ? 'Commit my prediction'
          : task.kind === 'explain'
            ? 'Keep'
            : 'Check',
    );
    check.type = 'submit';
    check.disabled = locked;
    form.append(check);
    const feedback = el('p', undefined, 'feedback');
    feedback.id = 'task-feedback';
    feedback.setAttribute('role', 'status');
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.check(read());
    });
    const hints = el('ul', undefined, 'hints');
    hints.id = 'task-hints';
    const shown = this.progress.hints[i] ?? 0;
    for (const h of task.hints.slice(0, shown)) hints.append(el('li', h));
    const hint = el(
      'button',
      task.hints.length > shown ? `Hint (${shown + 1} of ${task.hints.length})` : 'No more hints',
    );
    hint.type = 'button';
    hint.id = 'task-hint';
    hint.disabled = task.hints.length <= shown;
    hint.hidden = task.hints.length === 0;
    hint.addEventListener('click', () => {
      this.progress.hints[i] = shown + 1;
      this.save();
      this.renderTask();
      byId('task-hint').focus();
    });
    const explanation = el('div', undefined, 'explanation', [el('strong', 'Why: '), task.explanation]);
    explanation.id = 'task-explanation';
    explanation.hidden = !this.answered(i);
    const move = (to: number, text: string) => {
      const b = el('button', text);
      b.type = 'button';
      b.disabled = to < 0 || to >= total;
      b.addEventListener('click', () => this.show(to));
      return b;
    };
    const reopen = el('button', 'Set up this run again');
    reopen.type = 'button';
    reopen.addEventListener('click', () => this.host.open(task.setup));
    const heading = el(
      'h3',
      `Task ${i + 1} of ${total}${task.predict ? ' · predict' : ''}${task.kind === 'explain' ? ' · explain' : ''}`,
    );
    heading.id = 'task-heading';
    const container = this.root.querySelector('.worksheet-task');
    container?.replaceChildren(
      heading,
      ...task.question.split(/\n{2,}/).map((p) => el('p', p, 'question')),
      ...(task.predict && !locked
        ? [el('p', 'The run stays hidden until you commit your prediction.', 'about')]
        : []),
      form,
      feedback,
      el('div', undefined, 'task-actions', [hint, reopen]),
      hints,
      explanation,
      el('div', undefined, 'task-actions', [move(i - 1, '← Previous'), move(i + 1, 'Next →')]),
    );
    container?.setAttribute('aria-labelledby', 'task-heading');
    const verdict = this.progress.verdicts[i];
    if (verdict && answer) this.say(this.sheet.check(i, answer), locked);
  }

  private answered(i: number): boolean {
    const v = this.progress.verdicts[i];
    return v === 'right' || v === 'not graded' || (v === 'wrong' && this.task.predict);
  }

  private say(checked: Checked, committed: boolean): void {
    const feedback = byId('task-feedback');
    feedback.className = `feedback ${checked.verdict.replace(' ', '-')}`;
    feedback.textContent =
      committed && this.task.predict && checked.verdict === 'wrong'
        ? `Your prediction: ${this.progress.answers[this.progress.current]}. ${checked.feedback} Now run it and see.`
        : checked.feedback;
  }

  private check(answer: string): void {
    const i = this.progress.current;
    let checked: Checked;
    try {
      checked = this.sheet.check(i, answer);
    } catch (e) {
      checked = { verdict: 'unreadable', feedback: `The answer could not be checked: ${message(e)}` };
    }
    const readable = checked.verdict !== 'unreadable' && checked.verdict !== 'blank';
    if (readable) {
      this.progress.answers[i] = answer;
      this.progress.verdicts[i] = checked.verdict;
      this.save();
    }
    const committed = this.task.predict && readable;
    this.cover();
    this.renderNav();
    this.renderTask();
    if (!readable) this.say(checked, false);
    if (committed) byId('task-feedback').focus?.();
  }

  /** A new name draws new parameters: the answers stay, and are checked again against the new run. */
  private rename(name: string): void {
    let next: Sheet;
    try {
      next = new Sheet(this.core, this.source, name);
    } catch (e) {
      byId('worksheet-storage').textContent = message(e);
      return;
    }
    this.sheet.free();
    this.sheet = next;
    this.progress.name = name.trim();
    this.progress.verdicts = this.progress.answers.map((a, i) => (a ? this.sheet.check(i, a).verdict : ''));
    this.save();
    // The parameters, and so the run, may have changed: open it again, and keep the reader's place.
    this.host.open(this.task.setup);
    this.cover();
    this.renderNav();
    this.renderTask();
  }

  private handIn(): void {
    const note = byId('hand-in-note');
    const code = byId<HTMLTextAreaElement>('hand-in-code');
    if (!this.progress.name) {
      note.textContent = 'Write your name first: your teacher reads it from the code.';
      byId('student-name').focus();
      return;
    }
    const blank = this.progress.answers.filter((a) => !a.trim()).length;
    code.value = this.sheet.handIn(this.progress.answers);
    code.hidden = false;
    code.select();
    note.textContent = `Your result code${blank ? ` (${blank} task${blank === 1 ? '' : 's'} unanswered)` : ''}: copy it into your school's system or an e-mail to your teacher. It holds your name and answers; your teacher's page checks them again.`;
    navigator.clipboard?.writeText(code.value).then(
      () => {
        note.textContent += ' It has been copied.';
      },
      () => {},
    );
  }
}
