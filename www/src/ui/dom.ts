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
