// What a link to the lab unfurls into: the Open Graph tags of the site's pages, one static page per guided
// experiment (x/ID.html) whose head names that experiment, and its oEmbed JSON. Crawlers run no scripts and a
// static host serves one <head> for every ?query, so each experiment gets a path of its own. Absolute URLs
// (og:image, og:url, the oEmbed link) need the site's address, SITE_URL at build time; without it they are
// left out. Pure functions of their inputs: vite.config.ts writes the files, scripts/cards.test.ts checks them.

import { CARD_MORE } from '../www/src/lab/shape.ts';
import { figureHeight, parseLook } from '../www/src/ui/look.ts';

/** An experiment as a card: its id, the state it opens, and what the card says. */
export interface CardExperiment {
  id: string;
  query: string;
  title: string;
  claim: string;
  look: string;
  /** The article's citation. */
  citation: string;
  /** What the lab measures of it (the core's `measureExperiment`), as its card says it. */
  measured: string;
}

/** The width of the figure an oEmbed consumer is given, in CSS pixels. */
export const OEMBED_WIDTH = 640;

/** Posters' size, in pixels (a 1.91:1 card, as link previews crop them). */
export const POSTER = { width: 600, height: 314 };

/** Text for an HTML attribute or element. */
export function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** What `escape` wrote, read back (a page's own title and description, for its card). */
export function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** `path` on the site at `site` (which ends with a slash), or undefined without a site address. */
function absolute(site: string | undefined, path: string): string | undefined {
  return site === undefined ? undefined : new URL(path, site).href;
}

/** The head tags of a card: title and description always; the URL, the poster and the oEmbed link where the
 * site's address is known (and, for the poster, where one was drawn). */
export function cardTags(card: {
  title: string;
  description: string;
  site: string | undefined;
  path: string;
  poster: string | undefined;
  oembed: string | undefined;
}): string {
  const meta = (property: string, content: string | undefined) =>
    content === undefined ? '' : `\n    <meta property="${property}" content="${escape(content)}" />`;
  const url = absolute(card.site, card.path);
  const image = card.poster === undefined ? undefined : absolute(card.site, card.poster);
  const oembed = card.oembed === undefined ? undefined : absolute(card.site, card.oembed);
  return [
    meta('og:type', 'website'),
    meta('og:site_name', 'Integrator Lab'),
    meta('og:title', card.title),
    meta('og:description', card.description),
    meta('og:url', url),
    meta('og:image', image),
    image === undefined ? '' : meta('og:image:width', String(POSTER.width)),
    image === undefined ? '' : meta('og:image:height', String(POSTER.height)),
    `\n    <meta name="twitter:card" content="${image === undefined ? 'summary' : 'summary_large_image'}" />`,
    oembed === undefined
      ? ''
      : `\n    <link rel="alternate" type="application/json+oembed" href="${escape(oembed)}" title="${escape(card.title)}" />`,
  ].join('');
}

/** The longest description a card shows whole (link previews cut longer ones off). */
export const DESCRIPTION_LENGTH = 200;

/** An experiment's description: the claim it checks, whose, and what to look at, cut at a word to fit a card. */
export function describe(e: CardExperiment): string {
  const whole = `“${e.claim}” (${e.citation}). ${e.look}`;
  if (whole.length <= DESCRIPTION_LENGTH) return whole;
  const cut = whole.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/**
 * The experiment's own page: the lab's page (`index`, as built) with a `<base>` at the site's root (so its
 * scripts, styles and links resolve as the lab's do), the state it opens as a `lab-state` meta tag (read when
 * the address has no query), and the experiment's title, description and card.
 */
export function experimentPage(
  index: string,
  e: CardExperiment,
  site: string | undefined,
  poster: string | undefined,
): string {
  const title = `${e.title} · Integrator Lab`;
  const description = describe(e);
  const head = `<head>\n    <base href="../" />\n    <meta name="lab-state" content="${escape(e.query)}" />`;
  // A reader without scripts (the lab cannot run) still reads what the experiment is: its title, the claim it
  // checks, what to look at, and its poster.
  const picture =
    poster === undefined
      ? ''
      : `<img src="${escape(poster)}" width="600" height="314" style="max-width: 100%; height: auto" alt="${escape(`${e.title}: the figure's first frame`)}" />`;
  // Its card is there from the first paint, measured (the core's measurement is the page's to the digit): the
  // views do not move down when the page's own card would come, a second after its first frame. Hidden until
  // the page's first module shows it, where the address opens this experiment (lab/first-screen.ts).
  const carded = index.replace(
    '<div id="current-experiment" class="current-experiment" hidden></div>',
    `<div id="current-experiment" class="current-experiment" hidden>${experimentCard(e)}</div>`,
  );
  const still = `<noscript><section class="noscript-experiment"><h2>${escape(e.title)}</h2><blockquote>“${escape(e.claim)}” (${escape(e.citation)})</blockquote><p>${escape(e.look)}</p>${picture}</section></noscript>`;
  const body = carded.replace(/(<noscript><p class="noscript">[\s\S]*?<\/noscript>)/, `$1\n    ${still}`);
  return withCard(body.replace('<head>', head), {
    title,
    description,
    site,
    path: `x/${e.id}.html`,
    poster,
    oembed: `oembed/${e.id}.json`,
  });
}

/**
 * The card an experiment's page shows above its views, as the page's own (panels/experiments.ts) is made: the
 * article it comes from, its title linking to its state, what to look at, the claim, and the lab's measurement.
 */
export function experimentCard(e: CardExperiment): string {
  return (
    `<article class="experiment" data-experiment="${escape(e.id)}"><p class="kicker">Experiment · ${escape(e.citation)}</p>` +
    `<h3><a href="?${escape(e.query)}">${escape(e.title)}</a></h3><details class="experiment-more" open><summary>${CARD_MORE}</summary>` +
    `<p>${escape(e.look)}</p><blockquote>“${escape(e.claim)}”</blockquote><p class="measured">Measured by the lab: ${escape(e.measured)}</p></details></article>`
  );
}

/** A built page with its title and description replaced and the card's tags added before `</head>`. */
export function withCard(html: string, card: Parameters<typeof cardTags>[0]): string {
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(card.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escape(card.description)}" />`)
    .replace('</head>', `${cardTags(card)}\n  </head>`);
}

/** The oEmbed JSON of an experiment (type rich): a bare iframe of its figure, as wide as OEMBED_WIDTH and as
 * tall as its views need. Only with the site's address: every URL in it is absolute. */
export function oembed(e: CardExperiment, site: string, poster: string | undefined): string {
  const height = figureHeight(parseLook(`?${e.query}`, false).look);
  const src = new URL(`embed.html?${e.query}`, site).href;
  const html = `<iframe src="${escape(src)}" width="${OEMBED_WIDTH}" height="${height}" style="border: 0; max-width: 100%" loading="lazy" title="${escape(`${e.title} (Integrator Lab)`)}"></iframe>`;
  return JSON.stringify(
    {
      version: '1.0',
      type: 'rich',
      provider_name: 'Integrator Lab',
      provider_url: site,
      title: e.title,
      html,
      width: OEMBED_WIDTH,
      height,
      ...(poster === undefined
        ? {}
        : {
            thumbnail_url: new URL(poster, site).href,
            thumbnail_width: POSTER.width,
            thumbnail_height: POSTER.height,
          }),
    },
    null,
    2,
  );
}
