// The status line under the scene: "t = 5.9 s of 63 s · step 59 of 630 · playing". Its time and its step
// count are each in a box that widens to the widest it has shown in the run and never narrows, so that the
// line does not wrap anew as digits come and go (on a phone it did, 30 to 100 times a run, moving everything
// below it).

import { byId, el } from '../ui/dom';

export class StatusLine {
  private readonly line = byId('status');
  private readonly parts = {
    lead: el('span', 't = '),
    t: el('span', undefined, 'count'),
    middle: el('span'),
    step: el('span', undefined, 'count'),
    tail: el('span'),
  };
  /** The widest time and step count shown in this run, in characters (digits are all as wide: style.css). */
  private widest = { t: 0, step: 0 };

  /**
   * A new run, of `steps` steps of `dt`: its boxes start as wide as the widest time among its first and last
   * hundred steps (`format` writes a time as the line does: a time's text is longest there, with leading
   * zeros or with every digit) and its step count, so that it has its width from its first frame.
   */
  reset(dt: number, steps: number, format: (t: number) => string): void {
    let t = 0;
    for (let k = 1; k <= steps; k = k === 100 && steps > 200 ? steps - 100 : k + 1)
      t = Math.max(t, format(k * dt).length);
    this.widest = { t, step: String(steps).length };
    this.parts.t.style.minWidth = `${t}ch`;
    this.parts.step.style.minWidth = `${this.widest.step}ch`;
  }

  /** The run's time of its length, its step of its steps, and what it is doing. */
  show(t: string, until: string, step: string, steps: string, doing: string): void {
    const { parts } = this;
    // Made here where it is not yet: before the first run the page's start may have written a message.
    if (parts.lead.parentNode !== this.line) this.line.replaceChildren(...Object.values(parts));
    this.write(parts.middle, ` s of ${until} s · step `);
    this.write(parts.tail, ` of ${steps} · ${doing}`);
    this.count(parts.t, t, 't');
    this.count(parts.step, step, 'step');
  }

  /** A message in place of the run's numbers (a part of the core loading). */
  say(text: string): void {
    if (this.line.textContent !== text) this.line.textContent = text;
  }

  private count(box: HTMLElement, text: string, which: 't' | 'step'): void {
    this.write(box, text);
    if (text.length <= this.widest[which]) return;
    this.widest[which] = text.length;
    box.style.minWidth = `${text.length}ch`;
  }

  private write(node: HTMLElement, text: string): void {
    if (node.textContent !== text) node.textContent = text;
  }
}
