// "Your method": the editors where a student writes an update rule or a force, each checked by the core as
// it is typed (a mistake underlined at its line and column). The rule runs as `yours` beside the lab's
// methods and is graded by the core's report card in the studies worker; the force runs as the scenario
// "Your force". The core's language tier, which alone speaks their language, is loaded when the panel
// first opens (or at once, for a URL with rule= or force=).

import './your-method.css';
import { type Catalogue, forceScenario, languageTier, useLanguageTier } from '../core';
import {
  checkForce,
  checkRule,
  forceTemplates,
  type RuleProblem,
  ruleTemplates,
} from '../core/language-build';
import { ask } from '../core/studies';
import type { App } from '../lab/app';
import { CUSTOM, runsRule, YOURS } from '../lab/state';
import { byId, clearNotices, el, message } from '../ui/dom';

/** The template a first visit to the rule's editor starts from. */
const FIRST_TEMPLATE = 'symplectic-euler';

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
interface Template {
  key: string;
  name: string;
  text: string;
}

/**
 * One editor: a textarea over a layer of marks, its problem line, its templates and the text a template
 * replaced (a student's own text is never lost to a template: "Bring back my text").
 */
class Editor {
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

export class YourMethodPanel {
  private readonly rule: Editor;
  private readonly force: Editor;
  private readonly card = byId('rule-card');
  private ready: Promise<boolean> | undefined;
  /** The report card asked last: an older one's answer is dropped. */
  private graded = 0;

  constructor(
    private readonly app: App,
    panel: HTMLDetailsElement,
  ) {
    const language = () => {
      const core = languageTier();
      if (!core) throw new Error('the language is still loading');
      return core;
    };
    this.rule = new Editor(
      'rule',
      (text) => checkRule(language(), text),
      () => this.run(),
    );
    this.force = new Editor(
      'force',
      (text) => checkForce(language(), text),
      () => this.runForce(),
    );
    panel.addEventListener('toggle', () => {
      if (panel.open) void this.open();
    });
    byId('rule-run').addEventListener('click', () => this.run());
    byId('rule-grade').addEventListener('click', () => void this.grade());
    byId('rule-off').addEventListener('click', () => this.off());
    byId('force-run').addEventListener('click', () => this.runForce());
    this.syncButtons();
  }

  /** Opens the editors (the URL's rule and force, or templates), loading the language first if it must. */
  open(): Promise<boolean> {
    this.ready ??= this.load();
    return this.ready;
  }

  private async load(): Promise<boolean> {
    const status = byId('rule-loading');
    this.setBusy(true);
    if (!languageTier()) status.textContent = 'Loading the language your rule is written in…';
    let core: Awaited<ReturnType<typeof useLanguageTier>>;
    try {
      core = await useLanguageTier();
      this.app.learn((core.catalogue() as Catalogue).methods);
    } catch (e) {
      status.textContent = `The language could not be loaded: ${message(e)}. Close and open this panel to try again.`;
      this.ready = undefined;
      this.setBusy(false);
      return false;
    }
    status.textContent = '';
    this.rule.offer(
      ruleTemplates(core).map((t) => ({ key: t.method, name: t.name, text: t.text })),
      FIRST_TEMPLATE,
    );
    const forces = forceTemplates(core).map((t, i) => ({
      key: String(i),
      ...t,
    }));
    this.force.offer(forces, '0');
    const { rule, force } = this.app.current;
    this.rule.set(rule !== '' ? rule : this.rule.templateText(FIRST_TEMPLATE));
    this.force.set(force !== '' ? force : this.force.templateText('0'));
    this.setBusy(false);
    return true;
  }

  private setBusy(busy: boolean): void {
    for (const id of ['rule-use-template', 'rule-run', 'rule-grade', 'force-use-template', 'force-run'])
      byId<HTMLButtonElement>(id).disabled = busy;
    this.rule.setBusy(busy);
    this.force.setBusy(busy);
  }

  /** The run's state changed: the buttons say what they would do. */
  syncButtons(): void {
    const on = runsRule(this.app.current);
    byId('rule-run').textContent = on ? 'Run it again, as written' : 'Run it beside the others';
    byId<HTMLButtonElement>('rule-off').disabled = !on;
  }

  /** Runs the rule beside the chosen methods (the run starts afresh with it). */
  run(): void {
    if (this.rule.check()) {
      this.rule.text.focus();
      return;
    }
    const state = this.app.current;
    const methods = [...state.methods.filter((m) => m !== YOURS), YOURS];
    // What the page said about an earlier rule (a mistake in a link's) no longer holds.
    clearNotices();
    const ran = this.app.apply({ ...state, rule: this.rule.text.value, methods, runs: [] });
    this.syncButtons();
    if (ran) this.running('rule-running', 'Your method runs beside the others');
  }

  /** Says the run has started, with a way up to it: the views are far above the editor. */
  private running(id: string, what: string): void {
    const up = el('a', 'see the scene and the charts ↑');
    up.href = '#views-title';
    byId(id).replaceChildren(`${what}: `, up, '.');
  }

  /** Runs the chosen methods on the force, at its parameters' defaults. */
  private runForce(): void {
    if (this.force.check()) {
      this.force.text.focus();
      return;
    }
    const text = this.force.text.value;
    let info: ReturnType<typeof forceScenario>;
    try {
      info = forceScenario(text);
    } catch (e) {
      byId('force-problem').textContent = message(e);
      return;
    }
    this.app.learnScenario(info);
    clearNotices();
    const state = this.app.current;
    const ran = this.app.apply({
      ...state,
      scenario: CUSTOM,
      force: text,
      dt: info.dt,
      until: info.until,
      params: Object.fromEntries(info.params.map((p) => [p.name, p.default])),
      typed: {},
      runs: [],
      coord: '',
    });
    if (ran) this.running('force-running', 'The methods run on your force');
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
    if (this.rule.check()) {
      this.rule.text.focus();
      return;
    }
    const asked = ++this.graded;
    const scenario = this.app.current.scenario;
    const text = this.rule.text.value;
    this.card.replaceChildren(
      el('p', 'Measuring your rule: its order, its stability and its energy (a second or two)…', 'about'),
    );
    const began = performance.now();
    try {
      // The card measures on the lab's scenarios; a force of one's own is not one of them.
      const on = scenario === 'spring' || scenario === CUSTOM ? undefined : scenario;
      const card = await ask('reportCard', text, on);
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
