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
  /** Each task's verdict mark and the answer given. */
  cells: { mark: string; verdict: string; answer: string }[];
  score: string;
  note: string;
}

/** Where the teacher's own worksheet is kept between visits. */
const OWN = 'integrator-lab:teacher:own-worksheet';

class TeacherPage {
  /** The worksheet's source: a built-in id or TOML text. */
  private source = '';
  private sheet: Sheet | undefined;
  private rows: Row[] = [];

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
      if (choice.value) this.use(choice.value);
      else byId<HTMLDetailsElement>('sheet-own').open = true;
    });
    byId('use-text').addEventListener('click', () => {
      choice.value = '';
      this.use(byId<HTMLTextAreaElement>('sheet-text').value);
    });
    byId('key-name').addEventListener('input', () => this.showKey());
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
    byId('codes').addEventListener('input', () => this.grade());
    byId<HTMLInputElement>('codes-file').addEventListener('change', async (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (!file) return;
      const codes = byId<HTMLTextAreaElement>('codes');
      codes.value = `${codes.value}\n${await file.text()}`.trim();
      this.grade();
    });
    byId('export-class').addEventListener('click', () => this.exportCsv());
    let own: string | null = null;
    try {
      own = window.localStorage.getItem(OWN);
    } catch {
      own = null;
    }
    if (own) {
      byId<HTMLTextAreaElement>('sheet-text').value = own;
      choice.value = '';
      this.use(own);
    } else this.use(choice.value);
  }

  /** Opens a worksheet (a built-in id, or TOML text); a malformed one is reported with its line. */
  private use(source: string): void {
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
      this.grade();
      return;
    }
    byId('sheet-links').hidden = false;
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
    this.showKey();
    this.grade();
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
    byId('key-params').textContent = info.params.length
      ? `Parameters drawn for this name: ${info.params.map(([n, v]) => `${n} = ${v}`).join(', ')}.`
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
        el('td', key[i] ?? ''),
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
      byId<HTMLButtonElement>('export-class').disabled = true;
      return;
    }
    const tasks = sheet.info.tasks.length;
    const seen = new Map<string, number>();
    const marks = verdictMarks(this.core);
    const key = (name: string) => studentKey(this.core, name);
    this.rows = codesIn(this.core, byId<HTMLTextAreaElement>('codes').value).map((code) => {
      const empty = (note: string, name = '?'): Row => ({ name, cells: [], score: '', note });
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
      seen.set(key(handIn.name), (seen.get(key(handIn.name)) ?? 0) + 1);
      mine.free();
      return {
        name: tidyName(this.core, handIn.name),
        cells: graded.checked.map((c, i) => ({
          mark: marks[c.verdict],
          verdict: c.verdict,
          answer: handIn.answers[i] ?? '',
        })),
        score: graded.score,
        note: notes.join('; '),
      };
    });
    // A name handed in more than once is marked on every one of its rows.
    for (const r of this.rows)
      if ((seen.get(key(r.name)) ?? 0) > 1)
        r.note = [r.note, 'this name handed in more than once'].filter(Boolean).join('; ');
    const heads = ['name', ...Array.from({ length: tasks }, (_, i) => `${i + 1}`), 'score', 'note'].map(
      (h) => {
        const th = el('th', h);
        th.scope = 'col';
        return th;
      },
    );
    const body = this.rows.map((r) => {
      const name = el('th', r.name);
      name.scope = 'row';
      const cells = Array.from({ length: tasks }, (_, i) => {
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
        el('td', r.note, 'note'),
      ]);
    });
    byId<HTMLTableElement>('class-table').replaceChildren(
      el('caption', this.caption()),
      el('thead', undefined, undefined, [el('tr', undefined, undefined, heads)]),
      el('tbody', undefined, undefined, body),
    );
    byId<HTMLButtonElement>('export-class').disabled = this.rows.length === 0;
  }

  private caption(): string {
    if (this.rows.length === 0) return 'No codes yet: paste them above.';
    const read = this.rows.filter((r) => r.score).length;
    const unread = this.rows.length - read;
    return `${read} hand-in${read === 1 ? '' : 's'} checked${unread ? `; ${unread} code${unread === 1 ? '' : 's'} not read (see the notes)` : ''}`;
  }

  /** A worksheet written here, kept in this browser so that a reload does not lose it. */
  private remember(text: string): void {
    try {
      window.localStorage.setItem(OWN, text);
    } catch {
      // Not kept: the page works on without it.
    }
  }

  private exportCsv(): void {
    const tasks = this.sheet?.info.tasks.length ?? 0;
    const header = [
      'name',
      'score',
      ...Array.from({ length: tasks }, (_, i) => `task ${i + 1}`),
      ...Array.from({ length: tasks }, (_, i) => `answer ${i + 1}`),
      'note',
    ];
    const lines = [
      header,
      ...this.rows.map((r) => [
        r.name,
        r.score,
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
    return;
  }
  new TeacherPage(core);
}

void main();
