// embed.js: the <integrator-lab> element a blog post includes to show a figure of the lab.
//
//   <script type="module" src="https://…/embed.js"></script>
//   <integrator-lab scenario="orbit" methods="euler,symplectic-euler" views="scene,energy">
//     <a href="https://…/?scenario=orbit">A figure of the orbit (opens the lab)</a>
//   </integrator-lab>
//
// Each attribute is a lower-case URL key of the lab (scenario, methods, dt, views, controls, theme, autoplay,
// sync, or a parameter such as k); `query="…"` takes a whole permalink query, for parameters with capitals
// (GM, L1), which HTML lower-cases. The children are the fallback for readers without scripts. The element
// shows a light still until it nears the viewport, then loads embed.html beside this script in an iframe
// of the figure's estimated height, inside which the figure lays itself out; the frame grows only where the
// figure cannot fit (its height told by postMessage, checked by source and shape). Figures with one sync name
// share the clock this module holds. Nothing here is global but the element.

import { type ClockAction, SharedClock } from '../lab/clock';
import { figureHeight, type Look, parseLook } from '../ui/look';
import { fromFigure, post } from './messages';

/** Attributes that are the element's own, never URL keys. */
const OWN = new Set([
  'query',
  'poster',
  'class',
  'style',
  'id',
  'title',
  'hidden',
  'lang',
  'dir',
  'tabindex',
  'slot',
]);

// The still and the frame start at the figure's estimated height, so the post does not jump as it loads;
// the still takes the figure's theme (auto: the reader's system).
const STYLE = `
:host { display: block; margin: 1rem 0; position: relative; }
.still.over { position: absolute; inset: 0; z-index: 1; }
.still { box-sizing: border-box; display: flex; flex-direction: column;
  align-items: center; justify-content: center; gap: 0.75rem; border: 1px solid #c8c8c8; border-radius: 6px;
  background: #f6f6f6; color: #222; font: 1rem system-ui, sans-serif; text-align: center; padding: 1rem; }
.still button { font: inherit; padding: 0.5rem 1.2rem; border-radius: 6px; border: 1px solid #555;
  background: #fff; color: #222; cursor: pointer; }
.still button:focus-visible { outline: 3px solid #332288; outline-offset: 2px; }
iframe { display: block; width: 100%; border: 0; }
.still img { width: auto; height: auto; max-width: 100%; max-height: 60%; border-radius: 4px; }
.still.dark { background: #1d2127; color: #eee; border-color: #444; }
.still.dark button { background: #2a2f37; color: #eee; border-color: #999; }
@media (prefers-color-scheme: dark) {
  .still.auto { background: #1d2127; color: #eee; border-color: #444; }
  .still.auto button { background: #2a2f37; color: #eee; border-color: #999; }
}`;

interface Group {
  clock: SharedClock;
  frames: Set<Window>;
}

const groups = new Map<string, Group>();
const figures = new Map<Window, IntegratorLab>();
const realNow = () => performance.now() / 1000;

function tellGroup(group: Group): void {
  const state = group.clock.read(realNow());
  for (const frame of group.frames) post(frame, { type: 'clock', state });
}

window.addEventListener('message', (e: MessageEvent) => {
  // Only messages from a frame this module made, in the figures' shape; anything else is the page's own.
  const figure = e.source ? figures.get(e.source as Window) : undefined;
  const message = fromFigure(e.data);
  if (!figure || !message) return;
  try {
    if (message.type === 'height') figure.resizeTo(message.height);
    else if (message.type === 'ready') figure.join();
    else if (message.type === 'shown') figure.shown();
    else figure.ask(message.action);
  } catch {
    // A figure's trouble stays with the figure: the host page never sees it.
  }
});

class IntegratorLab extends HTMLElement {
  private frame: HTMLIFrameElement | undefined;
  private watcher: IntersectionObserver | undefined;

  /** The permalink query the attributes say: `query` first, then each lower-case key. */
  get query(): URLSearchParams {
    const query = new URLSearchParams(this.getAttribute('query') ?? '');
    for (const { name, value } of Array.from(this.attributes)) {
      if (!OWN.has(name) && !name.startsWith('data-') && !name.startsWith('aria-')) query.set(name, value);
    }
    return query;
  }

  private get label(): string {
    const q = this.query;
    const name = (id: string) => __NAMES__[id] ?? id;
    const methods = q.get('methods')?.split(',').map(name).join(', ') ?? 'the default methods';
    return `Integrator Lab figure: ${name(q.get('scenario') ?? 'spring')}, ${methods}`;
  }

  connectedCallback(): void {
    if (this.shadowRoot || this.frame) return;
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    const { look } = parseLook(`?${this.query.toString()}`, false);
    const still = document.createElement('div');
    still.className = `still ${look.theme}`;
    still.style.height = `${this.estimatedHeight(look)}px`;
    const title = document.createElement('p');
    title.textContent = this.label;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Load the figure';
    button.addEventListener('click', () => this.load());
    still.append(title, button);
    // The figure's poster, its first frame, where the snippet names one: in the figure's theme.
    const poster = this.getAttribute('poster');
    if (poster) {
      const picture = document.createElement('picture');
      if (look.theme === 'auto') {
        const dark = document.createElement('source');
        dark.media = '(prefers-color-scheme: dark)';
        dark.srcset = `${poster}-dark.jpg`;
        picture.append(dark);
      }
      const img = document.createElement('img');
      img.src = `${poster}-${look.theme === 'dark' ? 'dark' : 'light'}.jpg`;
      img.alt = '';
      img.width = 600;
      img.height = 314;
      // A site built without a browser to draw posters has none: the still keeps its words.
      img.addEventListener('error', () => picture.remove());
      picture.append(img);
      still.prepend(picture);
    }
    root.append(style, still);
    // Loaded as it nears the viewport, so a long post costs only the figures a reader reaches.
    this.watcher = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) this.load();
      },
      { rootMargin: '300px 0px' },
    );
    this.watcher.observe(this);
  }

  disconnectedCallback(): void {
    this.watcher?.disconnect();
    const win = this.frame?.contentWindow;
    if (win) {
      figures.delete(win);
      for (const group of groups.values()) group.frames.delete(win);
    }
  }

  private load(): void {
    if (this.frame || !this.shadowRoot) return;
    this.watcher?.disconnect();
    const frame = document.createElement('iframe');
    frame.title = this.label;
    frame.style.height = `${this.estimatedHeight(parseLook(`?${this.query.toString()}`, false).look)}px`;
    frame.src = new URL(/* @vite-ignore */ `embed.html?${this.query.toString()}`, import.meta.url).href;
    this.frame = frame;
    // The still (the poster) stays over the frame until the figure has drawn its first frame: a reader never
    // sees a figure half loaded.
    const still = this.shadowRoot.querySelector('.still');
    still?.classList.add('over');
    const loading = still?.querySelector('button');
    if (loading) {
      loading.textContent = 'Loading the figure…';
      loading.disabled = true;
    }
    this.shadowRoot.append(frame);
    if (frame.contentWindow) figures.set(frame.contentWindow, this);
    // A figure that never says so (an old build of the lab) is shown after a while anyway.
    setTimeout(() => this.shown(), 15_000);
  }

  /** The figure has drawn its first frame: its poster goes. */
  shown(): void {
    this.shadowRoot?.querySelector('.still')?.remove();
  }

  /** The figure's content height: the frame grows to it where the figure could not fit the height it was
   * given (the estimate it started at), and never shrinks, so that the post below moves at most once a
   * growth, never back and forth (a figure with every control on a phone grows as its facts arrive and as
   * its labels wrap; a few pixels spare at its foot are better than text that jumps). */
  resizeTo(height: number): void {
    if (!this.frame || !Number.isFinite(height) || height <= 0) return;
    const reserved = this.estimatedHeight(parseLook(`?${this.query.toString()}`, false).look);
    const now = Number.parseFloat(this.frame.style.height) || reserved;
    this.frame.style.height = `${Math.min(Math.max(reserved, now, Math.ceil(height)), 10_000)}px`;
  }

  /** The figure's estimated height at the width it has in the post (a phone's wraps its controls more). */
  private estimatedHeight(look: Look): number {
    return figureHeight(look, this.getBoundingClientRect().width || undefined);
  }

  private get group(): Group | undefined {
    const name = this.query.get('sync');
    if (!name || !this.frame?.contentWindow) return undefined;
    let group = groups.get(name);
    if (!group) {
      group = { clock: new SharedClock(), frames: new Set() };
      groups.set(name, group);
    }
    return group;
  }

  /** The figure is ready to hear its group's clock. */
  join(): void {
    const group = this.group;
    const win = this.frame?.contentWindow;
    if (!group || !win) return;
    group.frames.add(win);
    post(win, { type: 'clock', state: group.clock.read(realNow()) });
  }

  ask(action: ClockAction): void {
    const group = this.group;
    if (!group) return;
    group.clock.act(action, realNow());
    tellGroup(group);
  }
}

if (!customElements.get('integrator-lab')) customElements.define('integrator-lab', IntegratorLab);
