// "Your method": the editors where a student writes an update rule or a force, each checked by the core as
// it is typed (a mistake underlined at its line and column). The rule runs as `yours` beside the lab's
// methods and is graded by the core's report card in the studies worker; the force runs as the scenario
// "Your force". The core's language tier, which alone speaks their language, is loaded when the panel
// first opens (or at once, for a URL with rule= or force=).

import './your-method.css';
import { type Catalogue, forceScenario, languageTier, useLanguageTier } from '../core';
import { checkForce, checkRule, forceTemplates, ruleTemplates } from '../core/language-build';
import { ask, Cancelled, cancel } from '../core/studies';
import type { App } from '../lab/app';
import { CUSTOM, runsRule, YOURS } from '../lab/state';
import { byId, clearNotices, el, message } from '../ui/dom';
import { Editor } from './editor';

/** The template a first visit to the rule's editor starts from. */
const FIRST_TEMPLATE = 'euler';

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
    // What runs is the rule as it was last run: said again as soon as the editor holds another.
    this.rule.text.addEventListener('input', () => this.syncRunning());
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
    this.syncRunning();
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
    this.syncRunning();
  }

  /** Says which rule runs: the one in the editor, or the one it held when last run. */
  private syncRunning(): void {
    const state = this.app.current;
    const said = !runsRule(state)
      ? ''
      : this.rule.text.value === state.rule
        ? 'Your method runs beside the others'
        : 'The run still uses your rule as it was when it last ran, not as the editor now shows it; ' +
          '“Run it again, as written” runs this one';
    const status = byId('rule-running');
    if (status.dataset.said === said) return;
    status.dataset.said = said;
    if (said === 'Your method runs beside the others') this.running('rule-running', said);
    else status.textContent = said === '' ? '' : `${said}.`;
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
    this.app.apply({ ...state, rule: this.rule.text.value, methods, runs: [] });
    this.syncButtons();
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
    // A rule near its operation limit can take long to measure: it can be stopped, and the lab's other
    // studies do not wait for it.
    const stop = el('button', 'Stop measuring');
    stop.type = 'button';
    stop.id = 'card-stop';
    stop.addEventListener('click', () => cancel('reportCard'));
    this.card.replaceChildren(
      el(
        'p',
        'Measuring your rule: its order, its stability and its energy (a few seconds; a slow rule takes longer, and can be stopped)…',
        'about',
      ),
      stop,
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
      this.card.replaceChildren(
        e instanceof Cancelled
          ? el('p', 'Stopped: no report card. Measure again when you are ready.', 'about')
          : el('p', `The report card could not be made: ${message(e)}`, 'error'),
      );
    }
  }
}
