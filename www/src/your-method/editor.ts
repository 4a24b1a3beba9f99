// One editor of "your method": a textarea over a layer that underlines a mistake at the line and column the
// core names, its problem line, its templates, and the student's own text kept when a template replaces it.

import type { RuleProblem } from '../core/language-build';
import { byId, el, message } from '../ui/dom';

/** How long typing may pause before the text is checked. */
const CHECK_AFTER_MS = 150;

/**
 * The span of the text to underline for a problem: from its line and column to the end of the word there
 * (at least one character; the whole line where no column is known). Offsets into `text`, or undefined
 * where the problem has no place.
 */
export function problemSpan(
  text: string,
  problem: Pick<RuleProblem, 'line' | 'column'>,
): { start: number; end: number } | undefined {
  if (problem.line === undefined) return undefined;
  const lines = text.split('\n');
  const line = lines[problem.line - 1];
  if (line === undefined) return undefined;
  const lineStart = lines.slice(0, problem.line - 1).reduce((n, l) => n + l.length + 1, 0);
  if (problem.column === undefined) return { start: lineStart, end: lineStart + Math.max(line.length, 1) };
  // Columns count characters, as the core does; a string index counts UTF-16 units.
  const chars = [...line];
  const at = Math.min(problem.column - 1, chars.length);
  const before = chars.slice(0, at).join('').length;
  const word = /^[A-Za-z0-9_.]+/.exec(chars.slice(at).join(''))?.[0].length ?? 1;
  return { start: lineStart + before, end: lineStart + before + Math.max(word, 1) };
}

/** A starting point for an editor. */
export interface Template {
  key: string;
  name: string;
  text: string;
}

/**
 * One editor: a textarea over a layer of marks, its problem line, its templates and the text a template
 * replaced (a student's own text is never lost to a template: "Bring back my text").
 */
export class Editor {
  readonly text: HTMLTextAreaElement;
  private readonly marks: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly template: HTMLSelectElement;
  private readonly restore: HTMLButtonElement;
  private templates: Template[] = [];
  private checking: number | undefined;
  private replaced: string | undefined;

  constructor(
    prefix: 'rule' | 'force',
    private readonly checkText: (text: string) => RuleProblem | undefined,
    run: () => void,
  ) {
    this.text = byId<HTMLTextAreaElement>(`${prefix}-text`);
    this.marks = byId(`${prefix}-marks`);
    this.problem = byId(`${prefix}-problem`);
    this.template = byId<HTMLSelectElement>(`${prefix}-template`);
    this.restore = byId<HTMLButtonElement>(`${prefix}-restore`);
    this.text.addEventListener('input', () => {
      this.fit();
      window.clearTimeout(this.checking);
      this.checking = window.setTimeout(() => this.check(), CHECK_AFTER_MS);
    });
    // The text wraps as the box narrows: it grows again to fit.
    new ResizeObserver(() => this.fit()).observe(this.text.parentElement ?? this.text);
    this.text.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        run();
      }
    });
    byId(`${prefix}-use-template`).addEventListener('click', () => this.useTemplate());
    this.restore.addEventListener('click', () => {
      if (this.replaced === undefined) return;
      this.set(this.replaced);
      this.replaced = undefined;
      this.restore.hidden = true;
    });
  }

  offer(templates: Template[], first: string | undefined): void {
    this.templates = templates;
    this.template.replaceChildren(...templates.map((t) => new Option(t.name, t.key)));
    if (first !== undefined) this.template.value = first;
  }

  templateText(key: string | undefined): string {
    return this.templates.find((t) => t.key === key)?.text ?? '';
  }

  set(text: string): void {
    this.text.value = text;
    // As typing would: whatever follows the editor's text hears of it (and it is checked).
    this.text.dispatchEvent(new Event('input'));
    this.check();
  }

  /** Grows the textarea to its text: the marks under it never have to follow a scroll. */
  fit(): void {
    this.text.style.height = 'auto';
    this.text.style.height = `${this.text.scrollHeight + 2}px`;
  }

  private useTemplate(): void {
    const chosen = this.templates.find((t) => t.key === this.template.value);
    if (!chosen) return;
    const mine = this.text.value;
    if (mine.trim() !== '' && !this.templates.some((t) => t.text === mine)) {
      this.replaced = mine;
      this.restore.hidden = false;
    }
    this.set(chosen.text);
    this.text.focus();
  }

  /** Checks the text with the core; marks and says what is wrong. Returns the problem, if any. */
  check(): RuleProblem | undefined {
    window.clearTimeout(this.checking);
    this.fit();
    const text = this.text.value;
    let problem: RuleProblem | undefined;
    try {
      problem = this.checkText(text);
    } catch (e) {
      problem = { message: message(e), text: message(e) };
    }
    this.problem.textContent = problem ? problem.text : text.trim() === '' ? '' : 'It compiles and runs.';
    this.problem.classList.toggle('error', problem !== undefined);
    if (problem) this.text.setAttribute('aria-invalid', 'true');
    else this.text.removeAttribute('aria-invalid');
    const span = problem ? problemSpan(text, problem) : undefined;
    if (!span) {
      this.marks.replaceChildren(text);
      return problem;
    }
    // A newline or the end of the text cannot be underlined: a space stands in for it.
    const marked = text.slice(span.start, span.end).replace(/^\n?$/, ' ');
    this.marks.replaceChildren(
      text.slice(0, span.start),
      el('mark', marked, 'rule-error'),
      text.slice(span.end),
    );
    return problem;
  }

  setBusy(busy: boolean): void {
    this.text.readOnly = busy;
  }
}
