// The status line under the scene: "t = 5.9 s of 63 s · step 59 of 630 · playing". Its time and its step
// count are each a number in a box that widens to the widest it has shown in the run and never narrows, so
// that the line does not wrap anew as digits come and go (on a phone it did, 30 to 100 times a run, moving
// everything below it). Each number is right-aligned in its box, as a counter's digits are, and its words
// follow it: the room a box keeps for more digits is before the number, not between it and its unit.

import { byId, el } from '../ui/dom';

/**
 * The most characters `format` writes for the time of any of a run's first and last hundred steps of `dt`
 * (`steps` in all, which may be more than a double counts one by one: at most 200 are formatted).
 */
export function widestTime(dt: number, steps: number, format: (t: number) => string): number {
  const ks: number[] = [];
  for (let k = 1; k <= Math.min(steps, 100); k++) ks.push(k);
  for (let back = 0; back < 100 && steps - back > 100; back++) ks.push(steps - back);
  return Math.max(0, ...ks.map((k) => format(k * dt).length));
}

export class StatusLine {
  private readonly line = byId('status');
  /** The time and the step count, each right-aligned in its box as a counter's digits are. */
  private readonly t = el('span', undefined, 'count');
  private readonly step = el('span', undefined, 'count');
  private readonly until = el('span');
  private readonly steps = el('span');
  private readonly doing = el('span');
  /** The line's parts: it breaks only before a "·", between "t = … of … s", "step … of …" and what the run
   * is doing, so that a line it wraps to starts with its "·" and no line ends with one. */
  private readonly parts = [
    el('span', undefined, 'group', ['t = ', this.t, this.until]),
    ' ·\u00a0',
    el('span', undefined, 'group', ['step ', this.step, this.steps]),
    this.doing,
  ];
  /** The widest time and step count shown in this run, in characters (digits are all as wide: style.css). */
  private widest = { t: 0, step: 0 };

  /**
   * A new run, of `steps` steps of `dt`: its boxes start as wide as the widest time among its first and last
   * hundred steps (`format` writes a time as the line does: a time's text is longest there, with leading
   * zeros or with every digit) and its step count, so that it has its width from its first frame.
   */
  reset(dt: number, steps: number, format: (t: number) => string): void {
    this.widest = { t: 0, step: 0 };
    this.widen(this.t, widestTime(dt, steps, format), 't');
    this.widen(this.step, String(steps).length, 'step');
  }

  /** The run's time of its end (its steps times dt), its step of its steps, and what it is doing. */
  show(t: string, until: string, step: string, steps: string, doing: string): void {
    // Made here where it is not yet: before the first run the page's start may have written a message.
    if (!this.line.contains(this.t)) this.line.replaceChildren(...this.parts);
    write(this.t, t);
    write(this.until, ` s of ${until} s`);
    write(this.step, step);
    write(this.steps, ` of ${steps}`);
    write(this.doing, ` ·\u00a0${doing}`);
    this.widen(this.t, t.length, 't');
    this.widen(this.step, step.length, 'step');
  }

  /** A message in place of the run's numbers (a part of the core loading). */
  say(text: string): void {
    if (this.line.textContent !== text) this.line.textContent = text;
  }

  /** Widens a box to `chars` characters where it is narrower: it never narrows within a run. */
  private widen(box: HTMLElement, chars: number, which: 't' | 'step'): void {
    if (chars <= this.widest[which]) return;
    this.widest[which] = chars;
    box.style.minWidth = `${chars}ch`;
  }
}

function write(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
