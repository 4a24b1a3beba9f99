// How a figure looks and behaves, from the URL keys the embedding contract (docs/embedding.md) adds to the permalink:
// views=, controls=, theme=, autoplay=, sync=, bg=, title=. The full page reads theme= too. Parsed and written here only.

/** The views an embedded figure can show, by the names embed.html takes in views=. */
export const VIEWS = [
  'scene',
  'x',
  'phase',
  'omega',
  'energy',
  'invariants',
  'qnorm',
  'split',
  'error',
  'separation',
  'table',
  'convergence',
  'stability',
] as const;
export type ViewName = (typeof VIEWS)[number];

export type ControlsKind = 'full' | 'minimal' | 'none';
export type ThemeChoice = 'light' | 'dark' | 'auto';
export type Autoplay = 'visible' | 'click';

export interface Look {
  views: ViewName[];
  controls: ControlsKind;
  theme: ThemeChoice;
  autoplay: Autoplay;
  /** Figures on one page with the same name share one simulation clock. */
  sync: string | undefined;
  /** A transparent background (`bg=transparent`), to sit on the host's own. */
  transparent: boolean;
  /** The figure's caption (`title=`), in place of its scenario and methods. */
  caption: string | undefined;
}

export const DEFAULT_LOOK: Look = {
  views: ['scene', 'energy'],
  controls: 'minimal',
  theme: 'auto',
  autoplay: 'visible',
  sync: undefined,
  transparent: false,
  caption: undefined,
};

/** The longest caption a figure takes. */
export const CAPTION_LENGTH = 120;

/** What a sync name may be. */
export const SYNC_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** The keys this module reads: the state's parser leaves them alone. */
export const LOOK_KEYS = ['views', 'controls', 'theme', 'autoplay', 'sync', 'bg', 'title'];

function oneOf<T extends string>(value: string, choices: readonly T[]): value is T {
  return (choices as readonly string[]).includes(value);
}

/**
 * Reads the look from a query. A bad value falls back to its default with a notice naming it; a reader who
 * prefers reduced motion gets `autoplay=click` whatever the link says.
 */
export function parseLook(search: string, reducedMotion: boolean): { look: Look; notices: string[] } {
  const query = new URLSearchParams(search);
  const look: Look = { ...DEFAULT_LOOK, views: [...DEFAULT_LOOK.views] };
  const notices: string[] = [];
  const views = query.get('views');
  if (views !== null) {
    const asked = views.split(',').map((v) => v.trim());
    const known = asked.filter((v, i): v is ViewName => oneOf(v, VIEWS) && asked.indexOf(v) === i);
    for (const v of asked.filter((v) => v !== '' && !oneOf(v, VIEWS))) {
      notices.push(`Ignored view '${v}': the views are ${VIEWS.join(', ')}.`);
    }
    if (known.length > 0) look.views = known;
  }
  const pick = <T extends string>(key: string, choices: readonly T[], set: (v: T) => void) => {
    const value = query.get(key);
    if (value === null) return;
    if (oneOf(value, choices)) set(value);
    else notices.push(`Ignored ${key}=${value}: must be ${choices.join(', ')}.`);
  };
  pick('controls', ['full', 'minimal', 'none'] as const, (v) => {
    look.controls = v;
  });
  pick('theme', ['light', 'dark', 'auto'] as const, (v) => {
    look.theme = v;
  });
  pick('autoplay', ['visible', 'click'] as const, (v) => {
    look.autoplay = v;
  });
  const sync = query.get('sync');
  if (sync !== null) {
    if (SYNC_NAME.test(sync)) look.sync = sync;
    else notices.push(`Ignored sync=${sync}: a sync name is up to 40 letters, digits, '-' or '_'.`);
  }
  const bg = query.get('bg');
  if (bg !== null) {
    if (bg === 'transparent') look.transparent = true;
    else notices.push(`Ignored bg=${bg}: the one background a figure takes is transparent.`);
  }
  const caption = query.get('title')?.trim();
  if (caption !== undefined && caption !== '') {
    if (caption.length <= CAPTION_LENGTH) look.caption = caption;
    else notices.push(`Ignored title=: a caption is at most ${CAPTION_LENGTH} characters.`);
  }
  if (reducedMotion) look.autoplay = 'click';
  return { look, notices };
}

/** The look's keys that differ from the defaults, for a query (`&views=scene,x&theme=dark`). */
export function lookQuery(look: Look, keys: readonly string[] = LOOK_KEYS): string {
  const out = new URLSearchParams();
  const put = (key: string, value: string, fallback: string) => {
    if (keys.includes(key) && value !== fallback) out.set(key, value);
  };
  put('views', look.views.join(','), DEFAULT_LOOK.views.join(','));
  put('controls', look.controls, DEFAULT_LOOK.controls);
  put('theme', look.theme, DEFAULT_LOOK.theme);
  put('autoplay', look.autoplay, DEFAULT_LOOK.autoplay);
  if (look.sync !== undefined) put('sync', look.sync, '');
  if (look.transparent) put('bg', 'transparent', '');
  if (look.caption !== undefined) put('title', look.caption, '');
  const text = out.toString().replaceAll('%2C', ',');
  return text === '' ? '' : `&${text}`;
}

/** The theme to draw in: `auto` follows the reader's system. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): 'light' | 'dark' {
  return choice === 'auto' ? (prefersDark ? 'dark' : 'light') : choice;
}

/** Shows the page in `choice`'s theme (the CSS reads <html data-theme>) and says which it is. */
export function showTheme(choice: ThemeChoice): 'light' | 'dark' {
  const theme = resolveTheme(choice, window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = theme;
  return theme;
}

/** CSS pixels each part of a figure takes, measured at a 640-px column (a phone adds a little). */
const HEIGHTS = {
  frame: 100,
  controls: { none: 0, minimal: 104, full: 813 },
  view: { scene: 220, table: 157, convergence: 190, stability: 175, chart: 268 },
};

/**
 * Every control, narrower than this (CSS pixels), wraps into more lines than the estimate holds: the figure's
 * controls grow by `perPixel` a pixel less. Measured: at 390 px a figure with every control was 61 px taller
 * than its estimate, at 340 px 212, at 300 px 446 (in the sample post on a phone, it grew 153 px as it loaded).
 */
const FULL_NARROW = { below: 410, perPixel: 4.3 };
/** A post's margins about a figure on a phone, at most: the figure is the screen's width less these. */
const POST_MARGINS = 40;

/**
 * About how tall a figure with this look is, `width` CSS pixels wide, in CSS pixels: the still's height before
 * the figure loads, and the height a plain iframe is given (it cannot size itself).
 */
export function figureHeight(look: Pick<Look, 'views' | 'controls'>, width = 640): number {
  const views = look.views.reduce((sum, v) => {
    const known = HEIGHTS.view as Record<string, number>;
    return sum + (known[v] ?? HEIGHTS.view.chart);
  }, 0);
  const narrow =
    look.controls === 'full' ? Math.ceil(Math.max(0, FULL_NARROW.below - width) * FULL_NARROW.perPixel) : 0;
  return HEIGHTS.frame + HEIGHTS.controls[look.controls] + views + narrow;
}

/**
 * The height a post reserves for a figure before embed.js runs (a CSS length, for the element's min-height):
 * `figureHeight`, and for every control the more a phone's width needs, the figure taken as the screen's
 * width less a post's margins. The post then does not move as the figure loads, on a phone too.
 */
export function figureReserve(look: Pick<Look, 'views' | 'controls'>): string {
  const height = figureHeight(look);
  if (look.controls !== 'full') return `${height}px`;
  const { below, perPixel } = FULL_NARROW;
  return `max(${height}px, calc(${height}px + (${below + POST_MARGINS}px - 100vw) * ${perPixel}))`;
}
