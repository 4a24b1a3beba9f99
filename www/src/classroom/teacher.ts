// The teacher's page (teacher.html): a worksheet (built in, or pasted) with its answer key for any student's
// name and a link for the class; the class's result codes checked again by the core, as a table with a CSV
// export. Every answer is checked here, by the core: a code's own claims are never trusted. One idea over 300
// lines: the page is one object (TeacherPage) with its three parts, worksheet, key and class table.

import {
  builtIns,
  codesIn,
  type HandInInfo,
  isWorksheetId,
  readHandIn,
  Sheet,
  studentKey,
  tidyName,
  verdictMarks,
} from '../core/classroom';
import type { ClassroomBindings } from '../core/classroom-build';
import { byId, el, message, notice } from '../ui/dom';
import { applyTheme } from '../ui/theme';
import { csvField } from './csv';
import { encodeText } from './source';

/** One hand-in as the table shows it. */
interface Row {
  name: string;
  /** Each task's verdict mark, the answer given, and the core's feedback on it. */
  cells: { mark: string; verdict: string; answer: string; feedback: string; named: boolean }[];
  /** Right of the graded tasks, "3/4" ('' for a code that could not be read). */
  score: string;
  /** Predictions that came out as the run shows, "1/2", scored apart ('' where there are none). */
  predictions: string;
  note: string;
}

/** Where the teacher's own worksheet, and the class's codes, are kept between visits. */
const OWN = 'integrator-lab:teacher:own-worksheet';
const CODES = 'integrator-lab:teacher:codes';
const CHOICE = 'integrator-lab:teacher:worksheet';

/** How long after the last key press the class box, or the key's name, is read again. */
const TYPING_MS = 250;

/** The longest link a QR code holds here (version 40, low error correction, bytes: 2,953). */
const QR_MOST = 2953;

function kept(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Not kept: the page works on without it.
  }
}

class TeacherPage {
  /** The worksheet's source: a built-in id or TOML text. */
  private source = '';
  private sheet: Sheet | undefined;
  private rows: Row[] = [];
  /** Each code's row for the worksheet in use, checked once (emptied when the worksheet changes). */
  private readonly checked = new Map<string, Row>();
  /** The box is re-read a moment after typing stops, not at every key. */
  private typing: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly core: ClassroomBindings) {
    const choice = byId<HTMLSelectElement>('sheet-choice');
    choice.replaceChildren(
      ...builtIns(core).map(([id, title]) => {
        const option = el('option', title);
        option.value = id;
        return option;
      }),
      Object.assign(el('option', 'Your own (below)'), { value: '' }),
    );
    choice.addEventListener('change', () => {
      keep(CHOICE, choice.value || 'own');
      if (choice.value) this.use(choice.value);
      else byId<HTMLDetailsElement>('sheet-own').open = true;
    });
    byId('use-text').addEventListener('click', () => {
      choice.value = '';
      keep(CHOICE, 'own');
      this.use(byId<HTMLTextAreaElement>('sheet-text').value);
    });
    // A name draws its own parameters (the whole sheet read again): read after typing stops, as the codes are.
    let naming: ReturnType<typeof setTimeout> | undefined;
    byId('key-name').addEventListener('input', () => {
      clearTimeout(naming);
      naming = setTimeout(() => this.showKey(), TYPING_MS);
    });
    byId('scorm-package').addEventListener('click', () => {
      void this.downloadPackage();
    });
    byId('copy-sheet-link').addEventListener('click', () => {
      const link = byId<HTMLAnchorElement>('sheet-link').href;
      const note = byId('sheet-link-note');
      navigator.clipboard?.writeText(link).then(
        () => {
          note.textContent = 'Copied.';
        },
        () => {
          note.textContent = `Copy it from here: ${link}`;
        },
      );
    });
    const codes = byId<HTMLTextAreaElement>('codes');
    // What was kept, unless something was pasted while the page loaded.
    if (!codes.value) codes.value = kept(CODES) ?? '';
    codes.addEventListener('input', () => {
      keep(CODES, codes.value);
      clearTimeout(this.typing);
      this.typing = setTimeout(() => this.grade(), TYPING_MS);
    });
    // Clearing a class's codes cannot be undone: the button asks for a second press.
    const clear = byId<HTMLButtonElement>('clear-codes');
    clear.addEventListener('click', () => {
      if (clear.dataset.armed !== 'yes') {
        clear.dataset.armed = 'yes';
        clear.textContent = 'Press again to clear every code';
        return;
      }
      delete clear.dataset.armed;
      clear.textContent = 'Clear the codes';
      codes.value = '';
      keep(CODES, '');
      this.grade();
      codes.focus();
    });
    byId('anonymise').addEventListener('change', () => this.drawClass());
    byId('show-qr').addEventListener('click', () => void this.showQr());
    byId('close-qr').addEventListener('click', () => this.hideQr());
    byId('print-handout').addEventListener('click', () => this.print('handout'));
    byId('print-key').addEventListener('click', () => this.print('key'));
    window.addEventListener('afterprint', () => {
      delete document.body.dataset.print;
    });
    byId<HTMLInputElement>('codes-file').addEventListener('change', async (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (!file) return;
      codes.value = `${codes.value}\n${await file.text()}`.trim();
      keep(CODES, codes.value);
      this.grade();
    });
    byId('export-class').addEventListener('click', () => this.exportCsv());
    // The worksheet chosen last time (a reload keeps the class's codes, and the worksheet they are for).
    const own = kept(OWN);
    const last = kept(CHOICE);
    if (own) byId<HTMLTextAreaElement>('sheet-text').value = own;
    if (last && last !== 'own' && [...choice.options].some((o) => o.value === last)) choice.value = last;
    // Until the core is here nothing can be chosen or used: a worksheet used then would be replaced by the default.
    for (const id of ['sheet-choice', 'sheet-text', 'use-text', 'scorm-version', 'scorm-package'])
      byId<HTMLInputElement | HTMLButtonElement>(id).disabled = false;
    byId('sheet-loading').remove();
    if (own && (last === 'own' || last === null)) {
      choice.value = '';
      this.use(own);
    } else this.use(choice.value);
  }

  /** Opens a worksheet (a built-in id, or TOML text); a malformed one is reported with its line. */
  private use(source: string): void {
    this.checked.clear();
    const problem = byId('sheet-problem');
    const builtIn = isWorksheetId(this.core, source);
    if (!builtIn) this.remember(source);
    let sheet: Sheet;
    try {
      sheet = new Sheet(this.core, source, byId<HTMLInputElement>('key-name').value);
    } catch (e) {
      problem.textContent = `This worksheet cannot be used: ${message(e)}`;
      // Nothing of the worksheet shown before stays: its key or its link would be taken for this one's.
      this.sheet?.free();
      this.sheet = undefined;
      this.source = '';
      byId('sheet-key').replaceChildren();
      byId('key-params').textContent = '';
      byId('sheet-links').hidden = true;
      byId('scorm-links').hidden = true;
      this.hideQr();
      byId('short-link').textContent = '';
      byId('handout').replaceChildren();
      this.grade();
      return;
    }
    byId('sheet-links').hidden = false;
    byId('scorm-links').hidden = false;
    byId('scorm-note').textContent = '';
    problem.textContent = '';
    this.sheet?.free();
    this.sheet = sheet;
    this.source = source;
    if (builtIn) byId<HTMLTextAreaElement>('sheet-text').value = this.core.worksheetText(source) ?? '';
    const value = builtIn ? source : `text:${encodeText(source)}`;
    byId<HTMLAnchorElement>('sheet-link').href = new URL(
      `./?worksheet=${encodeURIComponent(value)}`,
      window.location.href,
    ).href;
    this.hideQr();
    byId('sheet-link-note').textContent = '';
    // A worksheet of one's own makes a long link: the short form names a file placed beside the site.
    const file = sheet.info.id.startsWith('text-') ? 'NAME' : sheet.info.id;
    byId('short-link').textContent = builtIn
      ? ''
      : `A shorter link: save this worksheet as worksheets/${file}.toml beside the lab's pages on your site, and give your class ${new URL(`./?worksheet=worksheets/${file}.toml`, window.location.href).href}`;
    this.showHandout(sheet);
    this.showKey();
    this.grade();
  }

  /** The worksheet as a SCORM package for the version chosen: gathered from this site and zipped here. */
  private async downloadPackage(): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) return;
    const version = byId<HTMLSelectElement>('scorm-version').value === '1.2' ? '1.2' : '2004';
    const note = byId('scorm-note');
    const button = byId<HTMLButtonElement>('scorm-package');
    button.disabled = true;
    try {
      const { scormPackage } = await import('./package');
      const text = isWorksheetId(this.core, this.source)
        ? (this.core.worksheetText(this.source) ?? '')
        : this.source;
      const zip = await scormPackage(this.core, sheet, text, version, (done, of) => {
        note.textContent = `Gathering the lab's files: ${done} of ${of}…`;
      });
      const a = el('a');
      a.href = URL.createObjectURL(zip);
      a.download = `integrator-lab-${sheet.info.id}-scorm${version.replace('.', '')}.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      note.textContent = `${a.download} (${(zip.size / 1e6).toFixed(1)} MB): add it to your course as a SCORM package activity. Each student's name comes from the LMS, and the score goes to its gradebook on hand-in${sheet.info.pass === undefined ? '' : `, passed from ${Math.round(100 * sheet.info.pass)} %`}.`;
    } catch (e) {
      note.textContent = `The package could not be made: ${message(e)}`;
    } finally {
      button.disabled = false;
    }
  }

  /** The answer key for the name typed (each student's parameters come from their name). */
  private showKey(): void {
    if (!this.source) return;
    let sheet: Sheet;
    try {
      sheet = new Sheet(this.core, this.source, byId<HTMLInputElement>('key-name').value);
    } catch (e) {
      byId('sheet-problem').textContent = message(e);
      return;
    }
    const info = sheet.info;
    const key = sheet.key();
    const name = byId<HTMLInputElement>('key-name').value.trim();
    byId('key-params').textContent = info.params.length
      ? `Parameters drawn for ${name ? `“${tidyName(this.core, name)}”` : 'an empty name (type a student’s name above)'}: ${info.params.map(([n, v]) => `${n} = ${v}`).join(', ')}.`
      : 'This worksheet draws no parameters: every student has the same answers.';
    const head = ['task', 'kind', 'question', 'run', 'answer', 'why (shown once answered)'].map((h) => {
      const th = el('th', h);
      th.scope = 'col';
      return th;
    });
    const rows = info.tasks.map((t, i) => {
      const run = el('a', 'open');
      run.href = `./?${t.setup}`;
      run.target = '_blank';
      run.rel = 'noopener';
      run.setAttribute('aria-label', `Open task ${i + 1}'s run`);
      const number = el('th', String(i + 1));
      number.scope = 'row';
      return el('tr', undefined, undefined, [
        number,
        el('td', `${t.kind}${t.predict ? ', predict' : ''}`),
        el('td', t.question, 'question-cell'),
        el('td', undefined, undefined, [run]),
        el('td', undefined, 'answer-cell', unitsKept(key[i] ?? '')),
        el('td', t.explanation, 'question-cell'),
      ]);
    });
    byId<HTMLTableElement>('sheet-key').replaceChildren(
      el('caption', `${info.title}: the answers the lab computes`),
      el('thead', undefined, undefined, [el('tr', undefined, undefined, head)]),
      el('tbody', undefined, undefined, rows),
    );
    sheet.free();
  }

  /** Checks every pasted code against the worksheet and draws the class table. */
  private grade(): void {
    const sheet = this.sheet;
    if (!sheet) {
      byId('class-table').replaceChildren();
      byId('class-summary').replaceChildren();
      byId<HTMLButtonElement>('export-class').disabled = true;
      return;
    }
    // Each code is checked once for this worksheet: a key press in the box re-checks only what is new.
    const rows = codesIn(this.core, byId<HTMLTextAreaElement>('codes').value).map((code) => {
      let row = this.checked.get(code);
      if (!row) {
        row = this.check(code, sheet);
        this.checked.set(code, row);
      }
      return row;
    });
    // A name handed in more than once is marked on every one of its rows.
    const key = (name: string) => studentKey(this.core, name);
    const seen = new Map<string, number>();
    for (const r of rows) if (r.score) seen.set(key(r.name), (seen.get(key(r.name)) ?? 0) + 1);
    this.rows = rows.map((r) =>
      r.score && (seen.get(key(r.name)) ?? 0) > 1
        ? { ...r, note: [r.note, 'this name handed in more than once'].filter(Boolean).join('; ') }
        : r,
    );
    this.drawClass();
  }

  /** One code checked against the worksheet: every answer graded again by the core, with the name's draw. */
  private check(code: string, sheet: Sheet): Row {
    const tasks = sheet.info.tasks.length;
    const marks = verdictMarks(this.core);
    const empty = (note: string, name = '?'): Row => ({
      name,
      cells: [],
      score: '',
      predictions: '',
      note,
    });
    let handIn: HandInInfo;
    try {
      handIn = readHandIn(this.core, code);
    } catch (e) {
      return empty(`${message(e)} (${code.slice(0, 16)}…)`);
    }
    if (handIn.worksheet !== sheet.info.id)
      return empty(
        handIn.worksheet.startsWith('text-')
          ? 'a code for a worksheet written here or elsewhere, not this one: paste its text under "Write your own" to check it'
          : `a code for another worksheet (${handIn.worksheet}): choose that one above to check it`,
        handIn.name,
      );
    let mine: Sheet;
    try {
      mine = new Sheet(this.core, this.source, handIn.name);
    } catch (e) {
      return empty(message(e), handIn.name);
    }
    const graded = mine.grade(handIn.answers);
    const notes: string[] = [];
    if (JSON.stringify(handIn.params) !== JSON.stringify(mine.info.params))
      notes.push("its parameters are not the ones drawn for this name: checked with the name's");
    if (handIn.answers.length !== tasks) notes.push(`${handIn.answers.length} answers for ${tasks} tasks`);
    // A name as SCORM 1.2 LMSs give it: the same student who typed "Given Family" elsewhere is another name.
    if (/^[^,]+,\s*[^,]+$/.test(handIn.name.trim()))
      notes.push(
        "the name is written Family, Given, as an LMS gives it: most likely a SCORM package's hand-in",
      );
    if (handIn.version !== undefined && handIn.version !== sheet.info.version)
      notes.push(
        `handed in for version ${handIn.version}${sheet.info.version ? `; this is version ${sheet.info.version}` : ''}`,
      );
    mine.free();
    return {
      name: tidyName(this.core, handIn.name),
      cells: graded.checked.map((c, i) => ({
        mark: marks[c.verdict],
        verdict: c.verdict,
        answer: handIn.answers[i] ?? '',
        feedback: c.feedback,
        named: c.named,
      })),
      score: `${graded.right}/${graded.graded}`,
      predictions: graded.predictions ? `${graded.predictionsRight}/${graded.predictions}` : '',
      note: notes.join('; '),
    };
  }

  /** The names as shown: the students' own, or "Student 1"… while the page is anonymised for projecting. */
  private shownNames(): string[] {
    const anonymous = byId<HTMLInputElement>('anonymise').checked;
    let n = 0;
    // Only hand-ins that were read are students; a code that could not be read keeps its "?".
    return this.rows.map((r) => (anonymous && r.score ? `Student ${++n}` : anonymous ? '?' : r.name));
  }

  /** The class table and the task-by-task summary, from the graded rows. */
  private drawClass(): void {
    const sheet = this.sheet;
    if (!sheet) return;
    const tasks = sheet.info.tasks;
    const names = this.shownNames();
    const predicting = tasks.some((t) => t.predict);
    const heads = [
      'name',
      ...tasks.map((t, i) => `${i + 1}${t.predict ? ' (predict)' : ''}`),
      'score',
      ...(predicting ? ['predictions'] : []),
      'note',
    ].map((h) => {
      const th = el('th', h);
      th.scope = 'col';
      return th;
    });
    const body = this.rows.map((r, row) => {
      const name = el('th', names[row] ?? r.name);
      name.scope = 'row';
      const cells = tasks.map((_, i) => {
        const c = r.cells[i];
        const td = el('td', c?.mark ?? '', c ? `verdict-${c.verdict.replace(' ', '-')}` : '');
        if (c) td.title = `${c.verdict}: ${c.answer}`;
        if (c) td.setAttribute('aria-label', `${c.verdict}${c.answer ? `: ${c.answer}` : ''}`);
        return td;
      });
      return el('tr', undefined, r.note && !r.score ? 'unread' : '', [
        name,
        ...cells,
        el('td', r.score),
        ...(predicting ? [el('td', r.predictions)] : []),
        el('td', r.note, 'note'),
      ]);
    });
    byId<HTMLTableElement>('class-table').replaceChildren(
      el('caption', this.caption()),
      el('thead', undefined, undefined, [el('tr', undefined, undefined, heads)]),
      el('tbody', undefined, undefined, body),
    );
    byId<HTMLButtonElement>('export-class').disabled = this.rows.length === 0;
    this.drawSummary(names);
  }

  /**
   * Task by task, readable on a projector: how many got it right; each wrong answer with how many gave it
   * and the mistake the core names behind it, most common first; an explain task's answers in full.
   */
  private drawSummary(names: string[]): void {
    const sheet = this.sheet;
    const box = byId('class-summary');
    const read = this.rows.filter((r) => r.score);
    if (!sheet || read.length === 0) {
      box.replaceChildren(el('p', 'Each task is summed up here once codes are pasted.', 'about'));
      return;
    }
    const items = sheet.info.tasks.map((task, i) => {
      const head = el('h4', `Task ${i + 1}${task.predict ? ' (a prediction, scored apart)' : ''}`);
      const question = el('p', task.question, 'about summary-question');
      const given = this.rows
        .map((r, row) => ({ cell: r.cells[i], name: names[row] ?? r.name }))
        .filter((g): g is { cell: Row['cells'][number]; name: string } => g.cell !== undefined);
      if (task.kind === 'explain') {
        const answers = given.filter((g) => g.cell.answer.trim());
        return el('li', undefined, undefined, [
          head,
          question,
          el('p', `${answers.length} of ${read.length} wrote an explanation:`),
          el(
            'ul',
            undefined,
            'explanations',
            answers.map((g) => el('li', undefined, undefined, [el('strong', `${g.name}: `), g.cell.answer])),
          ),
        ]);
      }
      const right = given.filter((g) => g.cell.verdict === 'right').length;
      const blank = given.filter((g) => g.cell.verdict === 'blank').length;
      // Wrong answers grouped by the mistake the core names behind them (students with drawn numbers give
      // different numbers for one mistake), else by the answer; a choice by its label.
      const label = (answer: string) => task.options.find(([id]) => id === answer)?.[1] ?? answer;
      const wrong = new Map<string, { count: number; answers: string[]; feedback: string; named: boolean }>();
      for (const g of given) {
        if (g.cell.verdict !== 'wrong' && g.cell.verdict !== 'unreadable') continue;
        const answer = label(g.cell.answer.trim());
        const key = g.cell.named ? `mistake: ${g.cell.feedback}` : `answer: ${answer}`;
        const seen = wrong.get(key);
        if (seen) {
          seen.count += 1;
          if (!seen.answers.includes(answer)) seen.answers.push(answer);
        } else
          wrong.set(key, { count: 1, answers: [answer], feedback: g.cell.feedback, named: g.cell.named });
      }
      const common = [...wrong.values()].sort((a, b) => b.count - a.count);
      return el('li', undefined, undefined, [
        head,
        question,
        el(
          'p',
          `${right} of ${read.length} right${blank ? `; ${blank} left it blank` : ''}${common.length ? '. Wrong answers, most common first:' : '.'}`,
        ),
        ...(common.length
          ? [
              el(
                'ul',
                undefined,
                'wrong-answers',
                common.map((w) =>
                  el('li', undefined, undefined, [
                    el('strong', `${w.count} answered ${w.answers.join(', ')}`),
                    w.named ? `: ${w.feedback}` : '',
                  ]),
                ),
              ),
            ]
          : []),
      ]);
    });
    box.replaceChildren(el('ol', undefined, 'summary', items));
  }

  private caption(): string {
    if (this.rows.length === 0) return 'No codes yet: paste them above.';
    const read = this.rows.filter((r) => r.score).length;
    const unread = this.rows.length - read;
    return `${read} hand-in${read === 1 ? '' : 's'} checked${unread ? `; ${unread} code${unread === 1 ? '' : 's'} not read (see the notes)` : ''}`;
  }

  /**
   * The student's handout, for print: the title, the worksheet's introduction, and each task's question with
   * room to answer (a choice's options listed), without the page's controls or any answer.
   */
  private showHandout(sheet: Sheet): void {
    const info = sheet.info;
    const tasks = info.tasks.map((t) =>
      el('li', undefined, undefined, [
        el('p', `${t.predict ? 'Prediction — ' : ''}${t.question}`),
        ...(t.options.length
          ? [
              el(
                'ul',
                undefined,
                'handout-options',
                t.options.map(([, label]) => el('li', `☐ ${label}`)),
              ),
            ]
          : [el('p', `Answer${t.unit ? ` (${t.unit})` : ''}: ______________________`, 'handout-answer')]),
        // A run's link carries the numbers of one student: where each draws their own, the worksheet's
        // link (at the top) sets each run up instead.
        ...(info.params.length
          ? []
          : [el('p', `Run: ${new URL(`./?${t.setup}`, window.location.href).href}`, 'handout-run')]),
      ]),
    );
    byId('handout').replaceChildren(
      el('h1', info.title),
      ...(info.article ? [el('p', `After ${info.article}.`)] : []),
      ...(info.about ? [el('p', info.about)] : []),
      el('p', 'Name: ______________________________'),
      el('p', `Work through it in the lab: ${byId<HTMLAnchorElement>('sheet-link').href}`, 'handout-run'),
      el('ol', undefined, 'handout-tasks', tasks),
    );
  }

  /** Prints the handout or the answer key: the print style shows only that part. */
  private print(what: 'handout' | 'key'): void {
    document.body.dataset.print = what;
    window.print();
  }

  private hideQr(): void {
    byId<HTMLDialogElement>('sheet-qr-box').close();
  }

  /**
   * The class link as a QR code, to put on a projector: drawn here, by a well-kept library, on demand, in a
   * dialog over the page (Escape or Close ends it), which hides the page and its answer key.
   */
  private async showQr(): Promise<void> {
    const link = byId<HTMLAnchorElement>('sheet-link').href;
    const box = byId<HTMLDialogElement>('sheet-qr-box');
    const note = byId('sheet-qr-note');
    const canvas = byId<HTMLCanvasElement>('sheet-qr');
    if (!box.open) box.showModal();
    const bytes = new TextEncoder().encode(link).length;
    if (bytes > QR_MOST) {
      canvas.hidden = true;
      note.textContent = `This link is too long for a QR code (${bytes} characters; one holds at most ${QR_MOST}): use the shorter link below, with the worksheet saved as a file beside the lab.`;
      return;
    }
    let qrcode: typeof import('qrcode-generator');
    try {
      qrcode = (await import('qrcode-generator')).default;
    } catch (e) {
      note.textContent = `The QR code could not be drawn: ${message(e)}`;
      return;
    }
    const qr = qrcode(0, 'L');
    qr.addData(link, 'Byte');
    qr.make();
    const modules = qr.getModuleCount();
    // Four modules of quiet zone each side; each module a whole number of pixels, about 600 px in all.
    const cell = Math.max(2, Math.floor(600 / (modules + 8)));
    const size = (modules + 8) * cell;
    canvas.width = size;
    canvas.height = size;
    canvas.hidden = false;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size, size);
    g.fillStyle = '#000';
    for (let row = 0; row < modules; row++)
      for (let col = 0; col < modules; col++)
        if (qr.isDark(row, col)) g.fillRect((col + 4) * cell, (row + 4) * cell, cell, cell);
    note.textContent = `The link for your class (${bytes} characters), for a phone's camera.${
      bytes > 500
        ? ' A link this long makes a dense code, hard to read from a projector: the shorter link below reads more easily.'
        : ''
    }`;
  }

  /** A worksheet written here, kept in this browser so that a reload does not lose it. */
  private remember(text: string): void {
    keep(OWN, text);
  }

  private exportCsv(): void {
    const tasks = this.sheet?.info.tasks.length ?? 0;
    const predicting = this.sheet?.info.tasks.some((t) => t.predict) ?? false;
    const header = [
      'name',
      'score',
      ...(predicting ? ['predictions'] : []),
      ...Array.from({ length: tasks }, (_, i) => `task ${i + 1}`),
      ...Array.from({ length: tasks }, (_, i) => `answer ${i + 1}`),
      'note',
    ];
    const lines = [
      header,
      ...this.rows.map((r) => [
        r.name,
        r.score,
        ...(predicting ? [r.predictions] : []),
        ...Array.from({ length: tasks }, (_, i) => r.cells[i]?.verdict ?? ''),
        ...Array.from({ length: tasks }, (_, i) => r.cells[i]?.answer ?? ''),
        r.note,
      ]),
    ].map((row) => row.map(csvField).join(','));
    const blob = new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' });
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${this.sheet?.info.id ?? 'worksheet'}-class.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}

async function main(): Promise<void> {
  applyTheme('auto');
  let core: ClassroomBindings;
  try {
    const { loadClassroom } = await import('../core/classroom-build');
    core = await loadClassroom();
  } catch (e) {
    notice(`The lab's core could not be loaded: ${message(e)}`, 'error');
    byId('sheet-loading').textContent = "The lab's core could not be loaded: reload the page to try again.";
    return;
  }
  new TeacherPage(core);
}

void main();

/** An answer's text with each number kept on one line with its unit ("1 %", "450 m") where the answer wraps:
 * its text is the same (the key is compared with the CLI's). */
function unitsKept(answer: string): (string | HTMLElement)[] {
  const out: (string | HTMLElement)[] = [];
  let at = 0;
  for (const m of answer.matchAll(/\S*\d \S+/g)) {
    out.push(answer.slice(at, m.index), el('span', m[0], 'nowrap'));
    at = m.index + m[0].length;
  }
  out.push(answer.slice(at));
  return out.filter((part) => part !== '');
}
