// The "Embed this in a blog post" panel of the full page: the two snippets (the <integrator-lab> element
// with embed.js, and a plain iframe of embed.html) for the current state and the views ticked, each with a
// copy button.

import { byId, el } from '../ui/dom';
import {
  CAPTION_LENGTH,
  type ControlsKind,
  DEFAULT_LOOK,
  figureHeight,
  figureReserve,
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

/** What the post's console says where embed.js could not load. An error event does not say why: a wrong
 * address and a host that sends no CORS header look the same, so the message names both, the second first
 * since a working address is what a blogger copied. (Under a post's policy without 'unsafe-inline' the handler
 * does not run; the browser's own console message about the refused handler is then what is said.) */
export function corsHint(base: string): string {
  return `console.error('Integrator Lab: ${base}embed.js did not load, so its figures stay links. Most often the host of the lab sends no Access-Control-Allow-Origin: * with its files, which a module script from another site needs (see Deploying in docs/embedding.md of the lab); or the address is wrong.')`;
}

/** A poster a snippet shows: its name in posters/, and what it pictures where that is not the figure itself
 * (a picture of another state of its scenario, or the generic one). */
export interface Poster {
  name: string;
  alt?: string;
}

const GENERIC: Poster = { name: 'generic', alt: 'Integrator Lab: methods stepped side by side on a spring' };

/**
 * The snippets for the lab at `base` (the directory of its pages, ending in '/'), the permalink `query`
 * (starting with '?') and the figure's look. `title` names the figure for screen readers; `poster` is shown
 * before it loads and without scripts. The plain iframe is given the figure's estimated height and a margin,
 * since it cannot size itself.
 */
export function snippets(
  base: string,
  query: string,
  look: Look,
  title: string,
  poster: Poster = GENERIC,
): { element: string; iframe: string } {
  // The page's own look keys (its theme) give way to the figure's.
  const state = new URLSearchParams(query);
  for (const key of LOOK_KEYS) state.delete(key);
  const q = state.toString().replaceAll('%2C', ',').replaceAll('%2F', '/').replaceAll('%40', '@');
  const rest = lookQuery(look, ['controls', 'theme', 'autoplay', 'sync', 'bg', 'title']);
  const withLook = `${q}&views=${look.views.join(',')}${rest}`;
  // The caption, where there is one, names the figure, and its own poster is a picture of it.
  const name = look.caption ?? title;
  const alt = poster.alt ?? name;
  return {
    element: [
      // A module script from another site needs that site's Access-Control-Allow-Origin: where it is missing the
      // browser refuses embed.js and the figure stays a link; the post's console says why.
      `<script type="module" src="${attr(`${base}embed.js`)}" onerror="${attr(corsHint(base))}"></script>`,
      // The figure's height reserved before embed.js runs: the post does not move as it loads.
      `<integrator-lab query="${attr(withLook)}" poster="${attr(`${base}posters/${poster.name}`)}" style="display: block; margin: 1rem 0; min-height: ${figureReserve(look)}">`,
      // What readers without scripts see (RSS, e-mail, print): the figure's poster, linked to the lab.
      `  <a href="${attr(`${base}?${q}`)}"><picture><source media="(prefers-color-scheme: dark)" srcset="${attr(`${base}posters/${poster.name}-dark.jpg`)}" /><img src="${attr(`${base}posters/${poster.name}-light.jpg`)}" width="600" height="314" style="max-width: 100%; height: auto" alt="${attr(alt)}" /></picture>`,
      `  ${attr(name)}, in Integrator Lab</a>`,
      '</integrator-lab>',
    ].join('\n'),
    iframe: `<iframe src="${attr(`${base}embed.html?${withLook}`)}" title="${attr(name)}" width="100%" height="${figureHeight(look) + 40}" style="border: 0" loading="lazy"></iframe>`,
  };
}

/** Each view as the panel names it: its key, and what it shows where the key alone does not say. */
const VIEW_WORDS: Record<(typeof VIEWS)[number], string> = {
  scene: 'scene',
  x: 'x (a coordinate against time)',
  phase: 'phase portrait',
  omega: 'omega (a spinning body’s ω against time)',
  energy: 'energy',
  invariants: 'invariants (a spinning body’s, relative to their start)',
  qnorm: 'qnorm (a spinning body’s ‖q‖ − 1)',
  split: 'split (kinetic and potential energy)',
  error: 'error',
  separation: 'separation (from a nudged twin)',
  table: 'table of values',
  convergence: 'convergence',
  stability: 'stability',
};

export class EmbedPanel {
  private readonly look: Look = { ...DEFAULT_LOOK, views: [...DEFAULT_LOOK.views] };

  /** `experiment`: the guided experiment the page's state is, if any: its own page is the link that unfurls.
   * `asOpened`: whether the state is its scenario's as the lab opens it (see `poster`). */
  constructor(
    private readonly title: () => string,
    private readonly experiment: () => string | undefined = () => undefined,
    private readonly asOpened: () => boolean = () => false,
  ) {
    byId('embed-loading').remove();
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
      boxes.append(el('label', undefined, 'embed-view', [box, ` ${VIEW_WORDS[view]}`]));
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
    const autoplay = byId<HTMLSelectElement>('embed-autoplay');
    autoplay.addEventListener('change', () => {
      this.look.autoplay = autoplay.value as Look['autoplay'];
      this.update();
    });
    const caption = byId<HTMLInputElement>('embed-caption');
    caption.addEventListener('input', () => {
      const text = caption.value.trim();
      this.look.caption = text === '' ? undefined : text.slice(0, CAPTION_LENGTH);
      this.update();
    });
    const transparent = byId<HTMLInputElement>('embed-transparent');
    transparent.addEventListener('change', () => {
      this.look.transparent = transparent.checked;
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
    // What was chosen while the page was still loading, before these listeners were here, is read now: a
    // reader who opened the panel at once loses nothing.
    this.look.controls = controls.value as ControlsKind;
    this.look.theme = theme.value as ThemeChoice;
    this.look.autoplay = autoplay.value as Look['autoplay'];
    this.look.caption =
      caption.value.trim() === '' ? undefined : caption.value.trim().slice(0, CAPTION_LENGTH);
    this.look.transparent = transparent.checked;
    if (sync.value.trim() !== '' && SYNC_NAME.test(sync.value.trim())) this.look.sync = sync.value.trim();
    byId<HTMLDetailsElement>('embed-panel').addEventListener('toggle', () => this.update());
    this.update();
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

  /** The live preview: the figure the snippets make, in a frame of the plain iframe's height (loaded a moment
   * after the last change, so typing a caption does not reload it at every key). */
  private previewing: ReturnType<typeof setTimeout> | undefined;
  private preview(iframe: string): void {
    clearTimeout(this.previewing);
    this.previewing = setTimeout(() => {
      const src = /src="([^"]+)"/.exec(iframe)?.[1]?.replaceAll('&amp;', '&') ?? '';
      const frame = previewFrame();
      // As tall as the plain iframe the snippet gives.
      frame.style.height = `${figureHeight(this.look) + 40}px`;
      if (frame.src !== src) frame.src = src;
    }, 400);
  }

  /** The poster of the page's state: an experiment's own; for a scenario as the lab opens it, a picture of
   * the scenario (its first experiment's, another state of it: its alt text says so; the spring's is the
   * generic one, the lab's front page); any other state, the generic one. Only a poster the site has: a build
   * without a browser to draw them has the generic one at most. */
  private poster(experiment: string | undefined): Poster {
    if (experiment !== undefined && __POSTERS__.includes(experiment)) return { name: experiment };
    if (!this.asOpened()) return GENERIC;
    const scenario = new URLSearchParams(window.location.search).get('scenario') ?? 'spring';
    const name = __SCENARIO_POSTERS__[scenario];
    if (name === undefined || name === 'generic') return GENERIC;
    return { name, alt: `Integrator Lab: ${__NAMES__[scenario] ?? scenario}, stepped by several methods` };
  }

  /** Writes the snippets for the page's current address, while the panel is open. */
  update(): void {
    if (!byId<HTMLDetailsElement>('embed-panel').open) return;
    const base = new URL('./', window.location.href).href;
    // The separation view draws a run's twins: without a nudge there are none to draw.
    const nudged = new URLSearchParams(window.location.search).has('nudge');
    const separation = byId('embed-views').querySelector<HTMLInputElement>('input[value="separation"]');
    if (separation) {
      separation.disabled = !nudged;
      separation.title = nudged
        ? ''
        : 'Only for a run with a nudge (nudge= in the address): it draws the twins';
    }
    const look = nudged
      ? this.look
      : { ...this.look, views: this.look.views.filter((v) => v !== 'separation') };
    const id = this.experiment();
    const { element, iframe } = snippets(
      base,
      window.location.search,
      look.views.length > 0 ? look : { ...look, views: ['scene'] },
      this.title(),
      this.poster(id),
    );
    byId<HTMLTextAreaElement>('embed-element').value = element;
    byId<HTMLTextAreaElement>('embed-iframe').value = iframe;
    this.preview(iframe);
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

/** The preview's iframe, made the first time it is wanted (see the embed panel's markup). */
function previewFrame(): HTMLIFrameElement {
  const made = document.getElementById('embed-preview');
  if (made instanceof HTMLIFrameElement) return made;
  const frame = el('iframe', undefined, 'embed-preview');
  frame.id = 'embed-preview';
  frame.title = 'Preview of the embedded figure';
  // Not loaded while the panel is closed.
  frame.loading = 'lazy';
  byId('embed-preview-box').append(frame);
  return frame;
}
