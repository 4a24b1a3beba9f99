// An embedded figure (embed.html): the lab's app in a compact layout showing the views and controls its
// query asks for (ui/look.ts), stepping and drawing only while on screen in a visible tab, sized to its content
// for the host page (by postMessage), and, with sync=NAME, on the clock it shares with the host's other
// figures of that name (embed.js holds the clock; lab/clock.ts has its arithmetic).

import { App } from '../lab/app';
import { openCore } from '../lab/boot';
import { type ClockAction, SharedClock } from '../lab/clock';
import { defaultsFor, type LabState, methodInfo, scenarioInfo, toQuery, toSpec, YOURS } from '../lab/state';
import { byId, el, notice } from '../ui/dom';
import { type Look, lookQuery, parseLook, type ViewName } from '../ui/look';
import { applyTheme } from '../ui/theme';
import { type FigureMessage, fromHost, post } from './messages';

/** The element each view shows. */
const VIEW_ELEMENTS: Record<ViewName, string> = {
  scene: 'scene',
  x: 'chart-position',
  phase: 'chart-phase',
  energy: 'chart-energy',
  // A spinning body's.
  omega: 'chart-omega',
  invariants: 'chart-invariants',
  qnorm: 'chart-qnorm',
  split: 'chart-split',
  error: 'chart-error',
  // Drawn where the figure's run has twins (nudge=).
  separation: 'chart-separation',
  table: 'numbers',
  convergence: 'convergence-panel',
  stability: 'stability-panel',
};

function showViews(look: Look): void {
  for (const [view, id] of Object.entries(VIEW_ELEMENTS) as [ViewName, string][]) {
    const node = byId(id);
    const shown = look.views.includes(view);
    // The table shows in its scrolling frame; a chart with its own tools, in its box.
    const frame =
      view === 'table' ? node.closest<HTMLElement>('.table-wrap') : node.closest<HTMLElement>('.chart-box');
    (frame ?? node).hidden = !shown;
    if (shown && node instanceof HTMLDetailsElement) node.open = true;
  }
  document.body.dataset.controls = look.controls;
  // The coordinate and detail menus serve x(t), the phase portrait, the energy split and the table only.
  const coord = document.querySelector<HTMLElement>('.coord');
  if (coord) coord.hidden = !look.views.some((v) => ['x', 'phase', 'omega', 'split', 'table'].includes(v));
}

/** Whether the figure has laid itself out in its frame yet (see fitFrame). */
let fitted = false;

/** Whether the figure's views are at their least and it still does not fit: then its frame must grow. */
let cramped = false;

/** Tells the host its content's height where the figure cannot fit its frame (a figure that can lays itself
 * out in it, and the frame keeps its height). */
function tellHeight(): void {
  if (fitted && cramped)
    tell({ type: 'height', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
}

/** Tells the host page (if any) what the figure has to say: its height, or what it asks of a shared clock. */
function tell(body: FigureMessage): void {
  if (window.parent !== window) post(window.parent, body);
}

async function main(): Promise<void> {
  // The height follows the content once the figure has laid itself out in its frame (fitFrame), notices and
  // errors included; before that the frame keeps the height it was given.
  new ResizeObserver(tellHeight).observe(document.documentElement);

  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const { look, notices: lookNotices } = parseLook(window.location.search, reduced);
  applyTheme(look.theme);
  document.documentElement.classList.toggle('transparent', look.transparent);
  showViews(look);
  const core = await openCore();
  if (!core) {
    // No figure to fit: the host hears the height of what the page says instead.
    document.body.classList.remove('loading');
    tell({ type: 'shown' });
    fitted = true;
    tellHeight();
    return;
  }
  const { catalogue, parsed } = core;
  for (const text of [...lookNotices, ...parsed.notices]) notice(text);

  // Live: on screen (seen through every frame up to the top page's viewport) and in a visible tab.
  let onScreen = false;
  const live = () => onScreen && document.visibilityState === 'visible';

  // A shared clock, once the host page speaks for it.
  const clock = new SharedClock();
  let heard = false;
  const shared =
    look.sync === undefined
      ? undefined
      : { clock, heard: () => heard, ask: (action: ClockAction) => tell({ type: 'ask', action }) };

  const open = byId<HTMLAnchorElement>('open-lab');
  // A frame sandboxed without allow-popups (WordPress gives an oEmbed iframe sandbox="allow-scripts") may not
  // open a tab, and the browser drops the click without a word. No script can ask which sandbox it is in, only
  // whether its origin is opaque: there a click also shows the link's address, selected, for the reader to copy.
  open.addEventListener('click', () => {
    if (window.origin !== 'null') return;
    // Two lines, wrapped, so that the address shows from its start.
    const address = byId<HTMLTextAreaElement>('open-lab-address');
    address.value = open.href;
    byId('open-lab-copy').hidden = false;
    address.focus();
    address.select();
    address.scrollTop = 0;
  });
  const asked = (new URLSearchParams(window.location.search).get('methods') ?? '').split(',');
  const byReference = scenarioInfo(catalogue, parsed.state.scenario).truth === 'reference';
  const twinned = parsed.state.nudge !== 0 && look.views.includes('separation');
  const app = new App(catalogue, parsed.state, {
    query: (state) => {
      // The lab runs what a figure cannot: a student's rule (`yours`, which the figure left out) goes back
      // into the link's methods.
      const back = asked.includes(YOURS) && state.rule !== '' && !state.methods.includes(YOURS);
      const full = back ? { ...state, methods: [...state.methods, YOURS] } : state;
      open.href = `./${toQuery(full)}${lookQuery(look, ['theme'])}`;
      return `${toQuery(state)}${lookQuery(look)}`;
    },
    live,
    shared,
    tables: look.views.includes('table'),
    // The facts beside the controls, where a figure has them; and what its reference run is worth, where it
    // shows errors against one (the horizon, the band of what is not known), or a nudge's long-run exponent.
    facts: look.controls === 'full' || (byReference && look.views.includes('error')) || twinned,
  });
  if (!app.apply(parsed.state)) {
    notice(`Using the article's settings for ${parsed.state.scenario} instead.`);
    app.apply({ ...defaultsFor(catalogue, parsed.state.scenario, parsed.state.methods), ...app.written });
  }
  // The figure's title: the scenario and its methods by name, as the state changes.
  const title = (state: LabState) => {
    const names = state.methods.map((id) => methodInfo(catalogue, state.scenario, id)?.name ?? id);
    byId('embed-title').textContent =
      look.caption ?? `${scenarioInfo(catalogue, state.scenario).title}: ${names.join(', ')}`;
  };
  title(app.current);
  app.onApply = title;
  // The studies' panels are loaded only by a figure that shows them.
  if (look.views.includes('convergence') || look.views.includes('stability')) {
    const { ConvergencePanel, StabilityPanel } = await import('../panels/panels');
    const convergence = look.views.includes('convergence')
      ? new ConvergencePanel(
          () => toSpec(app.current),
          (id) => app.methodName(id),
        )
      : undefined;
    const stability = look.views.includes('stability')
      ? new StabilityPanel(
          () => app.omegaDt,
          (id) => app.methodName(id),
        )
      : undefined;
    app.onApply = (state) => {
      title(state);
      stability?.follow();
      convergence?.follow();
    };
  }

  // A click on the figure (not on a control, a legend or a drag across a chart) plays or pauses it.
  let down: [number, number] = [0, 0];
  const figure = document.querySelector<HTMLElement>('.embed-layout');
  figure?.addEventListener('pointerdown', (e) => {
    down = [e.clientX, e.clientY];
  });
  figure?.addEventListener('click', (e) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('button, input, select, textarea, a, summary, label, .u-legend, .table-wrap')) return;
    if (Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 4) return;
    app.togglePlay();
  });

  // A figure that waits for its reader (autoplay=click, or a reader who prefers reduced motion) and one with no
  // controls, once paused, show a play button over their views, as a video does: with a pointer, and a button
  // the keyboard reaches. It goes while the figure plays.
  const overlay = el('button', '▶', 'play-overlay');
  overlay.type = 'button';
  overlay.setAttribute('aria-label', 'Play the figure');
  overlay.title = 'Play (a click on the figure, or Space, pauses it)';
  overlay.addEventListener('click', (e) => {
    e.stopPropagation();
    if (!app.isPlaying) app.togglePlay();
  });
  // First in the views, so that it is the first thing the keyboard reaches in them.
  document.querySelector('.views')?.prepend(overlay);
  let played = false;
  // Whether the keyboard was on the button when it went: the figure's own Play button takes it, or with no
  // controls the button again when it comes back (the reader who played by keyboard pauses and plays there).
  let focusWent = false;
  const showOverlay = () => {
    const playing = byId('play').getAttribute('aria-pressed') === 'true';
    played ||= playing;
    // Before the first play where the figure waits for a click; with no controls, whenever it is paused after.
    const waiting = look.autoplay === 'click' && !played;
    const focused = document.activeElement === overlay;
    overlay.hidden = playing || !(waiting || (look.controls === 'none' && played));
    if (overlay.hidden && focused) {
      if (look.controls === 'none') focusWent = true;
      else byId('play').focus();
    } else if (!overlay.hidden && focusWent) {
      focusWent = false;
      if (document.activeElement === document.body || document.activeElement === null) overlay.focus();
    }
  };
  new MutationObserver(showOverlay).observe(byId('play'), {
    attributes: true,
    attributeFilter: ['aria-pressed'],
  });

  // A figure synced with others autoplays through the shared clock; with no host page to hold one (a bare
  // iframe), after a second it plays alone.
  let alone = false;
  let autoplayed = false;
  const wake = () => {
    app.wake();
    if (live() && look.autoplay === 'visible' && !autoplayed && (!shared || heard || alone)) {
      autoplayed = true;
      if (!app.isPlaying) app.togglePlay();
    }
  };
  new IntersectionObserver((entries) => {
    onScreen = entries.some((e) => e.isIntersecting);
    wake();
  }).observe(document.body);
  document.addEventListener('visibilitychange', wake);

  window.addEventListener('message', (e) => {
    if (e.source !== window.parent || window.parent === window) return;
    const message = fromHost(e.data);
    if (!shared || !message) return;
    // A figure that joins its group's clock mid-run says so: it did not start where it stands.
    if (!heard && message.state.t > 0)
      notice(
        `Synced with the figures named “${look.sync}” on this page: this one joined their run at t = ${message.state.t.toFixed(2)} s.`,
      );
    clock.follow(message.state, performance.now() / 1000);
    heard = true;
    wake();
  });
  app.start(false);
  showOverlay();
  document.body.classList.remove('loading');
  fitFrame(app);
  // Drawn: an element's poster over the frame can go.
  requestAnimationFrame(() => requestAnimationFrame(() => tell({ type: 'shown' })));
  if (shared) {
    tell({ type: 'ready' });
    setTimeout(() => {
      alone = !heard;
      wake();
    }, 1000);
  }
}

/** The scene's and a chart plot's own heights (CSS px), the least a figure shrinks them to, and the most it
 * grows them to. */
const VIEW_HEIGHT = { own: 220, least: 100, most: 275 };

/**
 * Lays the figure out inside the height its frame gives it, as a video fits its box: the scene and the charts
 * shrink (to VIEW_HEIGHT.least) or grow (to .most) together so that everything else (title, controls, "Open
 * in the lab") stays in view. A plain iframe cannot size itself to its content, and the element reserves the
 * figure's estimated height before it loads: either way the frame's height is given, and only a figure that
 * cannot fit in it (its views at their least) is taller. Laid out again whenever the frame or the content
 * around the views changes size.
 */
function fitFrame(app: App): void {
  let current = { scene: VIEW_HEIGHT.own, chart: VIEW_HEIGHT.own };
  const shown = (id: string) => document.getElementById(id)?.offsetParent != null;
  const layOut = () => {
    const scene = shown('scene');
    const charts = Array.from(document.querySelectorAll<HTMLElement>('.views .chart')).filter(
      (c) => c.offsetParent !== null,
    ).length;
    const views = (scene ? current.scene : 0) + charts * current.chart;
    const own = (scene ? 1 : 0) + charts;
    if (own === 0) {
      // Nothing to shrink (a table, a study): the frame follows the content.
      cramped = true;
      return;
    }
    const content = document.documentElement.getBoundingClientRect().height;
    const room = window.innerHeight - (content - views);
    const each = Math.min(VIEW_HEIGHT.most, Math.max(VIEW_HEIGHT.least, Math.floor(room / own)));
    cramped = Math.floor(room / own) < VIEW_HEIGHT.least;
    if (Math.abs(each - current.chart) < 2) return;
    current = { scene: each, chart: each };
    app.setViewHeights(each, each);
  };
  let asked = false;
  const soon = () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      layOut();
      fitted = true;
      // After this frame's layout: the host hears the height where the figure could not fit.
      requestAnimationFrame(tellHeight);
    });
  };
  window.addEventListener('resize', soon);
  new ResizeObserver(soon).observe(document.body);
  soon();
}

void main();
