// The guided experiments: every experiment of the five articles as a card with its permalink, what to look
// at and the article's claim; the core measures each when asked.

import type { Catalogue, ExperimentInfo } from '../core';
import { ask } from '../core/studies';
import { foldOnNarrow } from '../lab/first-screen';
import { CARD_MORE } from '../lab/shape';
import { type CoreChecks, type LabState, parseQuery, runKey } from '../lab/state';
import { el, message } from '../ui/dom';

/**
 * An experiment's card: its title linking to its state, what to look at, the claim, and the lab's
 * measurement. The card of the experiment the page shows (`h3`) has the last three in a fold, as its own page
 * carries it (scripts/cards.ts).
 */
function card(e: ExperimentInfo, heading: 'h3' | 'h4'): { root: HTMLElement; measured: HTMLElement } {
  const root = el('article', undefined, 'experiment');
  root.dataset.experiment = e.id;
  const link = el('a', e.title);
  link.href = `?${e.query}`;
  const measured = el('p', 'Measuring…', 'measured');
  const parts = [el('p', e.look), el('blockquote', `“${e.claim}”`), measured];
  if (heading === 'h4') root.append(el(heading, undefined, undefined, [link]), ...parts);
  else {
    const fold = el('details', undefined, 'experiment-more', [el('summary', CARD_MORE), ...parts]);
    fold.open = true;
    root.append(el(heading, undefined, undefined, [link]), fold);
  }
  return { root, measured };
}

async function fill(measured: HTMLElement, id: string): Promise<void> {
  try {
    measured.textContent = `Measured by the lab: ${await ask('measureExperiment', id)}`;
  } catch (e) {
    measured.textContent = `The measurement failed: ${message(e)}`;
    measured.classList.add('error');
  }
}

/**
 * The experiments grouped by article, each a permalink, and the card of the one the page is showing.
 * Measurements run in the studies worker, one after another, once the list scrolls into view.
 */
export class ExperimentsPanel {
  private list: ExperimentInfo[] = [];
  /** Whether the list has come (or failed to): until then the card shown is the page's own, if any. */
  private listed = false;
  private shown: string | undefined;
  /** The state last shown, shown again once the list has come. */
  private state: LabState | undefined;
  /** Called when the experiment the page shows changes (the Embed panel offers its own page's link). */
  onShown: () => void = () => {};

  constructor(
    private readonly catalogue: Catalogue,
    private readonly core: CoreChecks,
    private readonly container: HTMLElement,
    private readonly current: HTMLElement,
  ) {
    ask('experimentList').then(
      (list) => this.fillList(list),
      (e: unknown) => {
        container.replaceChildren(el('p', `The experiments could not be listed: ${message(e)}`, 'error'));
        this.listed = true;
        if (this.state) this.show(this.state);
      },
    );
  }

  private fillList(list: ExperimentInfo[]): void {
    const { catalogue, container } = this;
    this.list = list;
    this.listed = true;
    const pending: Array<() => Promise<void>> = [];
    container.replaceChildren();
    for (const article of catalogue.articles) {
      const items = this.list.filter((e) => e.article === article.id);
      if (items.length === 0) continue;
      const group = el('section', undefined, 'article-group', [el('h3', article.citation)]);
      for (const e of items) {
        const { root, measured } = card(e, 'h4');
        group.append(root);
        pending.push(() => fill(measured, e.id));
      }
      container.append(group);
    }
    let started = false;
    const run = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) await next();
    };
    new IntersectionObserver((entries, observer) => {
      if (started || !entries.some((x) => x.isIntersecting)) return;
      started = true;
      observer.disconnect();
      void run();
    }).observe(container);
    if (this.state) this.show(this.state);
  }

  /** The id of the experiment the state last shown is, if any. */
  get currentId(): string | undefined {
    return this.shown;
  }

  /** The experiment whose permalink gives the same state, if any. */
  private match(state: LabState): ExperimentInfo | undefined {
    const mine = runKey(state);
    return this.list.find((e) => runKey(parseQuery(`?${e.query}`, this.catalogue, this.core).state) === mine);
  }

  /** Shows the card of the experiment the state is, above the views, and marks it in the list. */
  show(state: LabState): void {
    this.state = state;
    if (!this.listed) return;
    const e = this.match(state);
    // Nothing new, unless a card shows that is not this run's (the page's own, for the run it opened with).
    if (e?.id === this.shown && (e !== undefined || this.current.hidden)) return;
    this.shown = e?.id;
    this.onShown();
    for (const item of this.container.querySelectorAll<HTMLElement>('article.experiment')) {
      item.classList.toggle('current', item.dataset.experiment === e?.id);
    }
    // An experiment's own page carries its card from its first paint (scripts/cards.ts): kept, and measured
    // again (the same words), so that nothing above the views moves.
    const carried = this.current.querySelector<HTMLElement>(':scope > article.experiment');
    const line = carried?.querySelector<HTMLElement>('.measured');
    if (e && carried?.dataset.experiment === e.id && line) {
      this.current.hidden = false;
      void fill(line, e.id);
      return;
    }
    this.current.replaceChildren();
    this.current.hidden = e === undefined;
    if (!e) return;
    const { root, measured } = card(e, 'h3');
    const article = this.catalogue.articles.find((a) => a.id === e.article);
    root.prepend(el('p', `Experiment · ${article?.citation ?? ''}`, 'kicker'));
    this.current.append(root);
    foldOnNarrow(this.current);
    void fill(measured, e.id);
  }
}
