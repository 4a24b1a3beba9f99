// The "Embed this in a blog post" panel of the full page: the two snippets (the <integrator-lab> element
// with embed.js, and a plain iframe of embed.html) for the current state and the views ticked, each with a
// copy button.

import { byId, el } from '../ui/dom';
import {
  type ControlsKind,
  DEFAULT_LOOK,
  figureHeight,
  LOOK_KEYS,
  type Look,
  lookQuery,
  SYNC_NAME,
  type ThemeChoice,
  VIEWS,
} from '../ui/look';

/** HTML's escapes for text in an attribute. */
function attr(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The snippets for the lab at `base` (the directory of its pages, ending in '/'), the permalink `query`
 * (starting with '?') and the figure's look. `title` names the figure for screen readers. The plain iframe
 * is given the figure's estimated height and a margin, since it cannot size itself.
 */
export function snippets(
  base: string,
  query: string,
  look: Look,
  title: string,
): { element: string; iframe: string } {
  // The page's own look keys (its theme) give way to the figure's.
  const state = new URLSearchParams(query);
  for (const key of LOOK_KEYS) state.delete(key);
  const q = state.toString().replaceAll('%2C', ',').replaceAll('%2F', '/').replaceAll('%40', '@');
  const rest = lookQuery(look, ['controls', 'theme', 'autoplay', 'sync']);
  const withLook = `${q}&views=${look.views.join(',')}${rest}`;
  return {
    element: [
      `<script type="module" src="${attr(`${base}embed.js`)}"></script>`,
      `<integrator-lab query="${attr(withLook)}">`,
      `  <a href="${attr(`${base}?${q}`)}">${attr(title)}, in Integrator Lab</a>`,
      '</integrator-lab>',
    ].join('\n'),
    iframe: `<iframe src="${attr(`${base}embed.html?${withLook}`)}" title="${attr(title)}" width="100%" height="${figureHeight(look) + 40}" style="border: 0" loading="lazy"></iframe>`,
  };
}

export class EmbedPanel {
  private readonly look: Look = { ...DEFAULT_LOOK, views: [...DEFAULT_LOOK.views] };

  /** `experiment`: the guided experiment the page's state is, if any: its own page is the link that unfurls. */
  constructor(
    private readonly title: () => string,
    private readonly experiment: () => string | undefined = () => undefined,
  ) {
    const boxes = byId('embed-views');
    for (const view of VIEWS) {
      const box = el('input');
      box.type = 'checkbox';
      box.value = view;
      box.checked = this.look.views.includes(view);
      box.addEventListener('change', () => {
        const chosen = VIEWS.filter((v) => (v === view ? box.checked : this.look.views.includes(v)));
        if (chosen.length === 0) {
          box.checked = true;
          byId('embed-note').textContent = 'A figure shows at least one view.';
          return;
        }
        this.look.views = chosen;
        this.update();
      });
      boxes.append(el('label', undefined, 'embed-view', [box, ` ${view}`]));
    }
    const controls = byId<HTMLSelectElement>('embed-controls');
    controls.addEventListener('change', () => {
      this.look.controls = controls.value as ControlsKind;
      this.update();
    });
    const theme = byId<HTMLSelectElement>('embed-theme');
    theme.addEventListener('change', () => {
      this.look.theme = theme.value as ThemeChoice;
      this.update();
    });
    const sync = byId<HTMLInputElement>('embed-sync');
    sync.addEventListener('input', () => {
      const name = sync.value.trim();
      const good = name === '' || SYNC_NAME.test(name);
      byId('embed-sync-problem').textContent = good ? '' : "Up to 40 letters, digits, '-' or '_'.";
      sync.toggleAttribute('aria-invalid', !good);
      if (!good) return;
      this.look.sync = name === '' ? undefined : name;
      this.update();
    });
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
    const { element, iframe } = snippets(base, window.location.search, this.look, this.title());
    byId<HTMLTextAreaElement>('embed-element').value = element;
    byId<HTMLTextAreaElement>('embed-iframe').value = iframe;
    const id = this.experiment();
    byId('embed-card').hidden = id === undefined;
    byId<HTMLInputElement>('embed-link').value = id === undefined ? '' : `${base}x/${id}.html`;
    // A figure runs the lab's methods on the lab's scenarios only: what the student wrote is not in it.
    const query = new URLSearchParams(window.location.search);
    const written =
      query.get('scenario') === 'custom' ||
      (query.get('methods') ?? '').split(',').includes('yours') ||
      (query.get('runs') ?? '').split(',').some((r) => r.startsWith('yours@'));
    byId('embed-note').textContent = written
      ? "A figure runs the lab's own methods and scenarios: it will leave out your method or your force, and its “Open in the lab” link brings them back."
      : '';
  }
}
