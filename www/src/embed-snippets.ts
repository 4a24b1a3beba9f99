// The "Embed this in a blog post" panel of the full page: the two snippets (the <integrator-lab> element
// with embed.js, and a plain iframe of embed.html) for the current state and the views ticked, each with a
// copy button.

import { byId, el } from './dom';
import { VIEWS, type ViewName } from './look';

/** HTML's escapes for text in an attribute. */
function attr(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The snippets for the lab at `base` (the directory of its pages, ending in '/'), the permalink `query`
 * (starting with '?') and the views. `title` names the figure for screen readers.
 */
export function snippets(
  base: string,
  query: string,
  views: ViewName[],
  title: string,
): { element: string; iframe: string } {
  const q = query.replace(/^\?/, '');
  const withViews = `${q}&views=${views.join(',')}`;
  return {
    element: [
      `<script type="module" src="${attr(`${base}embed.js`)}"></script>`,
      `<integrator-lab query="${attr(withViews)}">`,
      `  <a href="${attr(`${base}?${q}`)}">${attr(title)}, in Integrator Lab</a>`,
      '</integrator-lab>',
    ].join('\n'),
    iframe: `<iframe src="${attr(`${base}embed.html?${withViews}`)}" title="${attr(title)}" width="100%" height="640" style="border: 0" loading="lazy"></iframe>`,
  };
}

export class EmbedPanel {
  private readonly chosen = new Set<ViewName>(['scene', 'energy']);

  constructor(private readonly title: () => string) {
    const boxes = byId('embed-views');
    for (const view of VIEWS) {
      const box = el('input');
      box.type = 'checkbox';
      box.value = view;
      box.checked = this.chosen.has(view);
      box.addEventListener('change', () => {
        if (box.checked) this.chosen.add(view);
        else if (this.chosen.size > 1) this.chosen.delete(view);
        else box.checked = true;
        this.update();
      });
      boxes.append(el('label', undefined, 'embed-view', [box, ` ${view}`]));
    }
    byId<HTMLDetailsElement>('embed-panel').addEventListener('toggle', () => this.update());
    for (const which of ['element', 'iframe']) {
      byId(`copy-${which}`).addEventListener('click', () => {
        const text = byId<HTMLTextAreaElement>(`embed-${which}`).value;
        const note = byId('embed-note');
        const select = () => {
          byId<HTMLTextAreaElement>(`embed-${which}`).select();
          note.textContent = 'Selected: copy it with Ctrl+C (⌘C).';
        };
        if (!navigator.clipboard) return select();
        navigator.clipboard.writeText(text).then(() => {
          note.textContent = 'Copied.';
        }, select);
      });
    }
  }

  /** Writes the snippets for the page's current address, while the panel is open. */
  update(): void {
    if (!byId<HTMLDetailsElement>('embed-panel').open) return;
    const base = new URL('./', window.location.href).href;
    const views = VIEWS.filter((v) => this.chosen.has(v));
    const { element, iframe } = snippets(base, window.location.search, views, this.title());
    byId<HTMLTextAreaElement>('embed-element').value = element;
    byId<HTMLTextAreaElement>('embed-iframe').value = iframe;
  }
}
