// The page's one DOM style: elements made with `el` and filled with text (never HTML strings), found with
// `byId`. Notices go to the page's live region.

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  return node as T;
}

/** An element with optional text, class and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** The text of whatever was thrown. */
export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Tells the reader something in the notices area (a live region), with a button for what to do about it,
 * and one that dismisses it (the notice's text is its `.notice-text`).
 */
export function notice(
  text: string,
  kind: 'info' | 'error' = 'info',
  action?: { label: string; run: () => void },
): void {
  const p = el('p', undefined, kind === 'error' ? 'error' : undefined, [el('span', text, 'notice-text')]);
  if (action) {
    const button = el('button', action.label);
    button.type = 'button';
    button.addEventListener('click', action.run);
    p.append(' ', button);
  }
  const dismiss = el('button', '×', 'dismiss');
  dismiss.type = 'button';
  dismiss.setAttribute('aria-label', 'Dismiss this notice');
  dismiss.title = 'Dismiss this notice';
  dismiss.addEventListener('click', () => p.remove());
  p.append(dismiss);
  byId('notices').append(p);
}

export function clearNotices(): void {
  byId('notices').replaceChildren();
}

/**
 * The state the page opens: its address's query, or, on an experiment's own page (x/ID.html, whose address has
 * none), the query its `lab-state` meta tag gives.
 */
export function pageQuery(): string {
  if (window.location.search !== '') return window.location.search;
  const given = document.querySelector<HTMLMetaElement>('meta[name="lab-state"]')?.content;
  return given ? `?${given}` : '';
}

/**
 * Keeps the target of a link within the page (`#experiments-title`) where the jump put it while the page
 * still grows around it, for `settle` ms at most and until the reader scrolls, types or touches: a jump made
 * in a page's first second (its tables and studies still arriving) otherwise landed a screen short of it.
 */
export function keepJumpsInPlace(settle = 3000): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const id = link?.getAttribute('href')?.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (!target || event.defaultPrevented) return;
    const until = performance.now() + settle;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    // Listened to from the next task: the click's own pointer events are not the reader's next move.
    setTimeout(() => {
      for (const name of inputs) window.addEventListener(name, stop, { once: true, passive: true });
    }, 0);
    const keep = () => {
      if (stopped || performance.now() > until) {
        for (const name of inputs) window.removeEventListener(name, stop);
        return;
      }
      const top = target.getBoundingClientRect().top;
      // Where the jump put it: at the top, less its scroll margin.
      const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      if (Math.abs(top - margin) > 2) target.scrollIntoView({ block: 'start' });
      requestAnimationFrame(keep);
    };
    requestAnimationFrame(keep);
  });
}

/** The browser's task scheduler where it has one (`scheduler.yield`: the page's work goes on first). */
const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;

/**
 * Ends the page's current task and goes on in a new one, after what the browser has waiting (input, a
 * paint): work done in a few such parts holds the page for none of them long.
 */
export function nextTask(): Promise<void> {
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
