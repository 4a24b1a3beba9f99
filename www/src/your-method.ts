// "Your method": the editor where a student writes an update rule, checked by the core as it is typed
// (mistakes underlined at their line and column), run beside the lab's methods as `yours`, and graded by
// the core's report card in the studies worker. The core's fourth build, which alone speaks the language,
// is loaded when the editor first opens (or at once, for a URL with rule=).

import './your-method.css';
import type { App } from './app';
import { byId, el, message } from './dom';
import { type Catalogue, languageBuild, useLanguageBuild } from './lab';
import { checkRule, type RuleProblem, type RuleTemplate, ruleTemplates } from './lab-language';
import { runsRule, YOURS } from './state';
import { ask } from './studies';

/** The template a first visit to the editor starts from. */
const FIRST_TEMPLATE = 'symplectic-euler';

/** How long typing may pause before the rule is checked. */
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

export class YourMethodPanel {
  private readonly text = byId<HTMLTextAreaElement>('rule-text');
  private readonly marks = byId('rule-marks');
  private readonly problem = byId('rule-problem');
  private readonly card = byId('rule-card');
  private readonly template = byId<HTMLSelectElement>('rule-template');
  private templates: RuleTemplate[] = [];
  private checking: number | undefined;
  /** The text a template replaced, which "Bring back my text" restores. */
  private replaced: string | undefined;
  private ready: Promise<boolean> | undefined;
  /** The report card asked last: an older one's answer is dropped. */
  private graded = 0;

  constructor(
    private readonly app: App,
    panel: HTMLDetailsElement,
  ) {
    panel.addEventListener('toggle', () => {
      if (panel.open) void this.open();
    });
    this.text.addEventListener('input', () => {
      window.clearTimeout(this.checking);
      this.checking = window.setTimeout(() => this.check(), CHECK_AFTER_MS);
    });
    this.text.addEventListener('scroll', () => {
      this.marks.scrollTop = this.text.scrollTop;
      this.marks.scrollLeft = this.text.scrollLeft;
    });
    this.text.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    byId('rule-use-template').addEventListener('click', () => this.useTemplate());
    byId('rule-restore').addEventListener('click', () => {
      if (this.replaced === undefined) return;
      this.setText(this.replaced);
      this.replaced = undefined;
      byId('rule-restore').hidden = true;
    });
    byId('rule-run').addEventListener('click', () => this.run());
    byId('rule-grade').addEventListener('click', () => void this.grade());
    byId('rule-off').addEventListener('click', () => this.off());
    this.syncButtons();
  }

  /** Opens the editor (the URL's rule, or a template), loading the language first if it must. */
  open(): Promise<boolean> {
    this.ready ??= this.load();
    return this.ready;
  }

  private async load(): Promise<boolean> {
    const status = byId('rule-loading');
    this.setBusy(true);
    if (!languageBuild()) status.textContent = 'Loading the language your rule is written in…';
    try {
      const core = await useLanguageBuild();
      this.app.learn((core.catalogue() as Catalogue).methods);
      this.templates = ruleTemplates(core);
    } catch (e) {
      status.textContent = `The language could not be loaded: ${message(e)}. Close and open this panel to try again.`;
      this.ready = undefined;
      this.setBusy(false);
      return false;
    }
    status.textContent = '';
    this.template.replaceChildren(...this.templates.map((t) => new Option(t.name, t.method)));
    this.template.value = FIRST_TEMPLATE;
    const rule = this.app.current.rule;
    this.setText(rule !== '' ? rule : (this.templates.find((t) => t.method === FIRST_TEMPLATE)?.text ?? ''));
    this.setBusy(false);
    return true;
  }

  private setBusy(busy: boolean): void {
    for (const id of ['rule-use-template', 'rule-run', 'rule-grade'])
      byId<HTMLButtonElement>(id).disabled = busy;
    this.text.readOnly = busy;
  }

  /** The run's state changed: the buttons say what they would do. */
  syncButtons(): void {
    const on = runsRule(this.app.current);
    byId('rule-run').textContent = on ? 'Run it again, as written' : 'Run it beside the others';
    byId<HTMLButtonElement>('rule-off').disabled = !on;
  }

  private setText(text: string): void {
    this.text.value = text;
    this.check();
  }

  private useTemplate(): void {
    const chosen = this.templates.find((t) => t.method === this.template.value);
    if (!chosen) return;
    const mine = this.text.value;
    // A student's own text is never lost to a template: it can be brought back.
    if (mine.trim() !== '' && !this.templates.some((t) => t.text === mine)) {
      this.replaced = mine;
      byId('rule-restore').hidden = false;
    }
    this.setText(chosen.text);
    this.text.focus();
  }

  /** Checks the text with the core; marks and says what is wrong. Returns the problem, if any. */
  private check(): RuleProblem | undefined {
    window.clearTimeout(this.checking);
    const core = languageBuild();
    if (!core) return undefined;
    const text = this.text.value;
    let problem: RuleProblem | undefined;
    try {
      problem = checkRule(core, text);
    } catch (e) {
      problem = { message: message(e), text: message(e) };
    }
    this.mark(text, problem);
    return problem;
  }

  private mark(text: string, problem: RuleProblem | undefined): void {
    this.problem.textContent = problem
      ? problem.text
      : text.trim() === ''
        ? ''
        : 'The rule compiles and runs.';
    this.problem.classList.toggle('error', problem !== undefined);
    if (problem) this.text.setAttribute('aria-invalid', 'true');
    else this.text.removeAttribute('aria-invalid');
    const span = problem ? problemSpan(text, problem) : undefined;
    if (!span) {
      this.marks.replaceChildren(text);
      return;
    }
    // A newline or the end of the text cannot be underlined: a space stands in for it.
    const marked = text.slice(span.start, span.end).replace(/^\n?$/, ' ');
    this.marks.replaceChildren(
      text.slice(0, span.start),
      el('mark', marked, 'rule-error'),
      text.slice(span.end),
    );
  }

  /** Runs the rule beside the chosen methods (the run starts afresh with it). */
  run(): void {
    const problem = this.check();
    if (problem) {
      this.text.focus();
      return;
    }
    const state = this.app.current;
    const methods = [...state.methods.filter((m) => m !== YOURS), YOURS];
    this.app.change({ rule: this.text.value, methods, runs: [] });
    this.syncButtons();
  }

  /** Takes the rule off the run; the text stays, in the editor and the link. */
  private off(): void {
    const state = this.app.current;
    const methods = state.methods.filter((m) => m !== YOURS);
    if (methods.length === 0) methods.push(FIRST_TEMPLATE);
    this.app.methods(methods);
    this.syncButtons();
  }

  /** The report card, measured by the core in the studies worker. */
  private async grade(): Promise<void> {
    if (this.check()) {
      this.text.focus();
      return;
    }
    const asked = ++this.graded;
    const scenario = this.app.current.scenario;
    const text = this.text.value;
    this.card.replaceChildren(
      el('p', 'Measuring your rule: its order, its stability and its energy (a second or two)…', 'about'),
    );
    const began = performance.now();
    try {
      const card = await ask('reportCard', text, scenario === 'spring' ? undefined : scenario);
      if (asked !== this.graded) return;
      const took = (performance.now() - began) / 1000;
      const lines = card.lines.map((line) => {
        const [head = line, ...rest] = line.split(': ');
        return el('li', undefined, undefined, [el('strong', `${head}:`), ` ${rest.join(': ')}`]);
      });
      this.card.replaceChildren(
        el('h3', 'Report card'),
        el('ul', undefined, 'card-lines', lines),
        el('p', `Measured by the core in ${took.toFixed(1)} s.`, 'about'),
      );
    } catch (e) {
      if (asked !== this.graded) return;
      this.card.replaceChildren(el('p', `The report card could not be made: ${message(e)}`, 'error'));
    }
  }
}
