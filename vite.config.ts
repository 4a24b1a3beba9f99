/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { marked } from 'marked';
import { defineConfig, type Plugin } from 'vite';
import {
  type CardExperiment,
  cardTags,
  experimentPage,
  oembed,
  unescapeHtml,
  withCard,
} from './scripts/cards.ts';
import { CONTENT_SECURITY_POLICY, HEADERS } from './scripts/policy.ts';
import {
  catalogue,
  checkParam,
  checkSetup,
  initSync,
  isTrackingKey,
  parseNumber,
  parseTime,
} from './www/src/core/pkg/base.js';
import {
  experiments,
  initSync as initStudies,
  measureExperiment,
  ordersOn,
  Session as StudiesSession,
  catalogue as studiesCatalogue,
} from './www/src/core/pkg/studies.js';
import type { Catalogue, OrdersOn } from './www/src/core/views.ts';
import { ordersIntro, ROTATION_ORDERS } from './www/src/lab/orders.ts';
import { experimentAddress, type ScenarioShape } from './www/src/lab/shape.ts';
import { type CoreChecks, parseQuery, toQuery } from './www/src/lab/state.ts';

/** A path in the repository, absolute (the build and the development server resolve from different roots). */
const here = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));

/**
 * The names of the scenarios and methods by id, from the core's catalogue: embed.js, which loads no wasm,
 * names a figure's scenario and methods with them before the figure loads.
 */
function names(): Record<string, string> {
  initSync({ module: readFileSync(here('www/src/core/pkg/base_bg.wasm')) });
  const { methods, scenarios }: Catalogue = catalogue();
  return Object.fromEntries([
    ...scenarios.map((s) => [s.id, s.title]),
    ...methods.map((m) => [m.id, m.name]),
  ]);
}

/**
 * What each scenario's first screen holds, from the core at build time: the lab's first module shapes the
 * page with it before the core has loaded (lab/first-screen.ts). The description's lines are an estimate, its
 * characters over 37 (the settings column at its widest holds 32 to 41 a line).
 */
function scenarioShapes(): Record<string, ScenarioShape> {
  initStudies({ module: readFileSync(here('www/src/core/pkg/studies_bg.wasm')) });
  const { scenarios, methods, rotationMethods }: Catalogue = studiesCatalogue();
  return Object.fromEntries(
    scenarios.map((s) => {
      const family = s.family === 'rotation' ? 'rotation' : 'motion';
      const method = (family === 'rotation' ? rotationMethods : methods)[0]?.id ?? '';
      const run = { scenario: s.id, params: {}, dt: s.dt, until: s.until, precision: 'f64' };
      const session = new StudiesSession({ ...run, methods: [method] });
      const [positions] = session.coordinates() as [string[], string[]];
      session.free();
      const about = `${s.description} From ${s.source}.`.length;
      const orders =
        family === 'rotation'
          ? ROTATION_ORDERS
          : ordersIntro((ordersOn({ ...run, methods: [method] }) as OrdersOn).forces);
      return [
        s.id,
        {
          family,
          several: positions.length > 1,
          params: s.params.length,
          aboutLines: Math.round(about / 37),
          orders,
        },
      ];
    }),
  );
}

/** The site's address for absolute URLs in link cards (og:image, og:url, oEmbed), ending with a slash. */
function siteUrl(): string | undefined {
  const given = process.env.SITE_URL?.trim();
  if (!given) return undefined;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(
      `SITE_URL=${given} is not an address: give the site's whole address, as https://example.org/lab/`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`SITE_URL=${given} is not a web address: it starts with https:// (or http://)`);
  return given.endsWith('/') ? given : `${given}/`;
}

/** Every guided experiment as a card, from the core's studies tier, measured (once a build: about a second). */
let carded: CardExperiment[] | undefined;
function cardExperiments(): CardExperiment[] {
  carded ??= listExperiments();
  return carded;
}

function listExperiments(): CardExperiment[] {
  initSync({ module: readFileSync(here('www/src/core/pkg/base_bg.wasm')) });
  initStudies({ module: readFileSync(here('www/src/core/pkg/studies_bg.wasm')) });
  const { articles }: Catalogue = catalogue();
  type Listed = { id: string; article: string; title: string; query: string; look: string; claim: string };
  return (experiments() as Listed[]).map((e) => ({
    ...e,
    citation: articles.find((a) => a.id === e.article)?.citation ?? '',
    measured: measureExperiment(e.id),
  }));
}

/**
 * The addresses that open an experiment, as `experimentAddress` keys them, each to the experiment's id: the
 * lab's first module shows that experiment's card before the core has loaded (first-screen.ts), so that it
 * comes in above the scene before the scene is shown. An experiment opens from its query as written (the
 * experiments' list and the card's title link to it), from that query as the page writes it back into its
 * address (a reload, a copied address, the Permalink), and, where a scenario opens as an experiment, from
 * `?scenario=ID`.
 */
function experimentAddresses(): { reads: string[]; table: Record<string, string> } {
  initSync({ module: readFileSync(here('www/src/core/pkg/base_bg.wasm')) });
  const read = (parse: () => number) => {
    try {
      return { value: parse() };
    } catch (e) {
      return { why: e instanceof Error ? e.message : String(e) };
    }
  };
  const core: CoreChecks = {
    checkParameter: (scenario, name, value, force) => checkParam(scenario, name, value, force) ?? undefined,
    readNumber: (name, text) => read(() => parseNumber(name, text)),
    readTime: (name, text) => read(() => parseTime(name, text)),
    checkSetup: (spec) => checkSetup(spec) ?? undefined,
    isTrackingKey,
  };
  const lab: Catalogue = catalogue();
  /** The query the page writes back for an address it opens. */
  const written = (query: string) => toQuery(parseQuery(`?${query}`, lab, core).state);
  const table: Record<string, string> = {};
  const experiments = cardExperiments();
  for (const e of experiments) {
    table[experimentAddress(e.query)] = e.id;
    table[experimentAddress(written(e.query))] = e.id;
  }
  for (const s of lab.scenarios) {
    const opens = experiments.find((e) => written(e.query) === written(`scenario=${s.id}`));
    if (opens) table[experimentAddress(`scenario=${s.id}`)] = opens.id;
  }
  // Every key the page reads: another (a sharing site's utm_source or fbclid, a typo) it ignores, and the
  // run is the same.
  const reads = [
    ...new Set([...lab.reservedKeys, ...lab.scenarios.flatMap((s) => s.params.map((p) => p.name))]),
  ];
  return { reads, table };
}

/** A poster drawn by `npm run posters` (www/public/posters/, copied into the site), if there is one. */
function poster(name: string): string | undefined {
  return existsSync(here(`www/public/posters/${name}-light.jpg`)) ? `posters/${name}-light.jpg` : undefined;
}

/** The posters the site has, light and dark (the generic one and each experiment's that was drawn): a snippet
 * names no other. */
function posters(): string[] {
  return ['generic', ...cardExperiments().map((e) => e.id)].filter(
    (name) => poster(name) !== undefined && existsSync(here(`www/public/posters/${name}-dark.jpg`)),
  );
}

/** For each scenario, the poster its states that are no experiment show: the generic one for the spring (it
 * is a picture of the spring), else its first experiment's that was drawn; a scenario with neither has none
 * here, and a snippet of it shows the generic one. */
function scenarioPosters(drawn: string[]): Record<string, string> {
  const out: Record<string, string> = drawn.includes('generic') ? { spring: 'generic' } : {};
  for (const e of cardExperiments()) {
    const scenario = new URLSearchParams(e.query).get('scenario');
    if (scenario && !(scenario in out) && drawn.includes(e.id)) out[scenario] = e.id;
  }
  return out;
}

/**
 * The link cards: Open Graph tags on the lab's page (the site's generic card), and for each experiment a page
 * of its own, x/ID.html, with its card and (with SITE_URL) its oEmbed JSON.
 */
function cards(): Plugin {
  return {
    name: 'integrator-lab-cards',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const site = siteUrl();
      if (site === undefined)
        this.warn(
          'SITE_URL is not set: the link cards carry no og:image, og:url or oEmbed link (each needs the site’s absolute address). Build with SITE_URL=https://… for them.',
        );
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      index.source = withCard(html, {
        title: 'Integrator Lab',
        description:
          'See, feel and learn how numerical integrators move things: Euler, symplectic Euler, Verlet, Runge–Kutta and the kinematic integrator side by side.',
        site,
        path: '',
        poster: poster('generic'),
        oembed: undefined,
      });
      // Every other page (the figure, the sample post, the teacher's page, the docs) gets the site's generic
      // card, with its own title and description.
      for (const [name, page] of Object.entries(bundle)) {
        if (page.type !== 'asset' || !name.endsWith('.html') || name === 'index.html') continue;
        const own = String(page.source);
        const title = /<title>([^<]*)<\/title>/.exec(own)?.[1];
        const description = /<meta name="description" content="([^"]*)" \/>/.exec(own)?.[1];
        if (title === undefined || description === undefined || own.includes('property="og:title"')) continue;
        page.source = own.replace(
          '</head>',
          `${cardTags({ title: unescapeHtml(title), description: unescapeHtml(description), site, path: name, poster: poster('generic'), oembed: undefined })}\n  </head>`,
        );
      }
      for (const e of cardExperiments()) {
        const drawn = poster(e.id) ?? poster('generic');
        this.emitFile({
          type: 'asset',
          fileName: `x/${e.id}.html`,
          source: experimentPage(html, e, site, drawn),
        });
        if (site !== undefined)
          this.emitFile({ type: 'asset', fileName: `oembed/${e.id}.json`, source: oembed(e, site, drawn) });
      }
    },
  };
}

/**
 * The service worker (www/sw/sw.js) with the build's files written in: the shell it keeps on install (the
 * pages, embed.js, the scripts and styles, the base and studies builds) and every file, for "Keep for offline
 * use"; and offline.json, what keeping every file downloads (gzipped, as a host sends it).
 */
function offline(): Plugin {
  return {
    name: 'integrator-lab-offline',
    apply: 'build',
    // Once every file is written (the public directory's copies and the cards' pages included).
    closeBundle() {
      const dist = here('www/dist');
      const walk = (dir: string): string[] =>
        readdirSync(join(dist, dir), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name).replaceAll('\\', '/')],
        );
      const all = walk('')
        .filter((n) => !n.endsWith('.map') && !['sw.js', 'offline.json', 'assets.json'].includes(n))
        .sort();
      // offline.json too: the page reads it (what keeping everything downloads) whether or not it is online.
      const shell = [
        './',
        'offline.json',
        ...all.filter(
          (n) =>
            ['index.html', 'embed.html', 'teacher.html', 'embed.js', 'manifest.webmanifest'].includes(n) ||
            n.startsWith('icons/') ||
            (n.startsWith('assets/') && !/(classroom|language)_bg-[^/]*\.wasm$/.test(n)),
        ),
      ];
      const sources = all.map((n) => readFileSync(join(dist, n)));
      const version = createHash('sha256')
        .update(
          all
            .map(
              (n, i) =>
                `${n}:${createHash('sha256')
                  .update(sources[i] ?? '')
                  .digest('hex')}`,
            )
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 16);
      const source = readFileSync(here('www/sw/sw.js'), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('__SHELL__', JSON.stringify(shell))
        .replace('__ALL__', JSON.stringify(all));
      writeFileSync(join(dist, 'sw.js'), source);
      const bytes = sources.reduce((sum, b) => sum + gzipSync(b).length, 0);
      writeFileSync(join(dist, 'offline.json'), JSON.stringify({ version, bytes }));
      // The built assets, for the teacher's page to gather a worksheet's SCORM package from (the core says
      // which it carries): a page cannot list a directory of its site.
      writeFileSync(join(dist, 'assets.json'), JSON.stringify(all.filter((n) => n.startsWith('assets/'))));
    },
  };
}

/** The guides for teachers that are pages of the site too, by name: docs/NAME.md becomes docs/NAME.html. */
const TEACHERS_DOCS: Record<string, string> = {
  worksheets: 'Worksheets: the format',
  lms: 'A worksheet in your school’s LMS',
};

/** What each of those pages is about, for its description and its link card. */
const TEACHERS_DOCS_ABOUT: Record<string, string> = {
  worksheets: 'How to write an Integrator Lab worksheet: tasks, quantities, answers and tolerances, in TOML.',
  lms: 'How to put an Integrator Lab worksheet in a school’s LMS as a SCORM package, and what it reports.',
};

/** docs/NAME.md as a page of the site, rendered from its Markdown, under the site's policy; its links to the
 * other guides of the site go to their pages. */
function formatPage(name = 'worksheets'): string {
  const text = readFileSync(here(`docs/${name}.md`), 'utf8').replace(
    /\]\((worksheets|lms)\.md(#[^)]*)?\)/g,
    (_, doc: string, anchor = '') => `](${doc}.html${anchor})`,
  );
  // The lab's own text, written here: its HTML is passed through as written.
  // A code block or a table wider than a phone scrolls: it takes the keyboard's focus, so it can be scrolled.
  const body = marked
    .parse(text, { async: false, gfm: true })
    .replaceAll('<pre>', '<pre tabindex="0">')
    .replaceAll('<table>', '<table tabindex="0">');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${TEACHERS_DOCS[name] ?? name} · Integrator Lab</title>
    <meta name="description" content="${TEACHERS_DOCS_ABOUT[name] ?? ''}" />
    <style>
      body { font: 1rem/1.5 system-ui, sans-serif; color: #1d2430; background: #fff; margin: 0; }
      main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
      pre, code { font-family: ui-monospace, monospace; font-size: 0.92em; }
      :not(pre) > code { overflow-wrap: anywhere; }
      pre { background: #f2f4f7; padding: 0.75rem; overflow-x: auto; border-radius: 4px; }
      table { border-collapse: collapse; display: block; overflow-x: auto; }
      th, td { border: 1px solid #c5cbd3; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
      a { color: #0b57b3; }
      @media (prefers-color-scheme: dark) {
        body { color: #e6e9ee; background: #14181f; }
        pre { background: #1f2530; }
        th, td { border-color: #3a4350; }
        a { color: #8ab8ff; }
      }
    </style>
  </head>
  <body>
    <main>
      <p><a href="../teacher.html">← The teacher's page</a> · <a href="../">The lab</a></p>
${body}
    </main>
  </body>
</html>
`;
}

/**
 * The pages' shared markup lives once, in www/partials/: `<!-- include NAME -->` in a page is replaced by
 * www/partials/NAME.html. Every page also gets the site's content security policy as its first meta tag.
 */
function pages(): Plugin {
  return {
    name: 'integrator-lab-pages',
    // In development embed.js is its source, compiled on the fly; the build writes it to the site's root.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        if (path === '/embed.js') req.url = '/src/embed/element.ts';
        const doc = /^\/docs\/([a-z]+)\.html$/.exec(path ?? '')?.[1];
        if (doc !== undefined && doc in TEACHERS_DOCS) {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(formatPage(doc));
          return;
        }
        next();
      });
    },
    // The guides for teachers (writing worksheets, putting one into an LMS) are on the site too, as pages.
    generateBundle() {
      for (const name of Object.keys(TEACHERS_DOCS))
        this.emitFile({ type: 'asset', fileName: `docs/${name}.html`, source: formatPage(name) });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const included = html.replace(/<!-- include ([a-z-]+) -->/g, (_, name: string) =>
          readFileSync(new URL(`./www/partials/${name}.html`, import.meta.url), 'utf8').trimEnd(),
        );
        return {
          html: included,
          tags: [
            {
              tag: 'meta',
              attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}

/**
 * The lab's first module shapes the first screen for the URL's scenario and shows the URL's theme
 * (lab/entry.ts); until it has, the lab's body is not shown (style.css), so that no paint shows it in another
 * shape, moved under the reader a moment later. The few modules it imports are named in the head, so that it
 * waits for no further round trip to fetch them; so are the page's code, which it imports next, and the base
 * tier's glue, which that code imports: each arrives while the page is read, not a round trip after the
 * module that imports it (the first frame came 80 ms sooner, interleaved: 0.81 [0.68, 1.15] of before).
 * They are fetched, not run: each still runs as its importer asks for it.
 */
function firstModuleImports(): Plugin {
  return {
    name: 'integrator-lab-first-module-imports',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path, chunk, bundle }) {
        if (path !== '/index.html') return html;
        const names = new Set(chunk?.imports ?? []);
        const main = chunk?.dynamicImports.find((name) => bundle?.[name]?.name === 'main');
        const glue = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'base');
        const add = (name: string | undefined) => {
          const c = name === undefined ? undefined : bundle?.[name];
          if (!name || c?.type !== 'chunk' || names.has(name)) return;
          names.add(name);
          for (const i of c.imports) add(i);
        };
        add(main);
        add(glue?.fileName);
        return [...names].map((name) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${name}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The posters drawn (read once: each reading loads the core's catalogue). */
const drawnPosters = posters();

// The lab is a static site: relative asset paths let it run from any host and subpath. Its pages are the lab
// (index.html), a figure for embedding (embed.html), the sample post (embed-demo.html); embed.js, the script
// a blog includes to embed figures, keeps its unhashed name at the site's root.
export default defineConfig({
  root: 'www',
  base: './',
  plugins: [pages(), firstModuleImports(), cards(), offline()],
  define: {
    __NAMES__: JSON.stringify(names()),
    __POSTERS__: JSON.stringify(drawnPosters),
    __SCENARIO_POSTERS__: JSON.stringify(scenarioPosters(drawnPosters)),
    __SCENARIO_SHAPES__: JSON.stringify(scenarioShapes()),
    __EXPERIMENT_ADDRESSES__: JSON.stringify(experimentAddresses()),
  },
  // The studies worker is a module worker: it imports the core's studies tier as the page does.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // No module preloading by Vite: with it, the page's modules arrive together and run as one task of
    // 50–110 ms at the start (measured, interleaved); without it, each runs as it arrives. The lab's page
    // names its modules in the head (`firstModuleImports`), and the core, the longest download, is
    // preloaded by the first module (core/preload.ts).
    modulePreload: false,
    rolldownOptions: {
      input: {
        index: here('www/index.html'),
        embed: here('www/embed.html'),
        'embed-demo': here('www/embed-demo.html'),
        teacher: here('www/teacher.html'),
        'embed-element': here('www/src/embed/element.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'embed-element' ? 'embed.js' : 'assets/[name]-[hash].js'),
        // The small modules the pages' first modules and embed.js use (none imports another module) travel
        // as one file, not six: fewer requests, and fewer bytes of each file's own overhead.
        codeSplitting: {
          groups: [
            {
              name: 'common',
              test: /[\\/]www[\\/]src[\\/](lab[\\/]clock|lab[\\/]opening|core[\\/]preload|ui[\\/]dom|ui[\\/]look|embed[\\/]messages)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, headers: HEADERS },
  preview: { host: '127.0.0.1', port: 4173, headers: HEADERS },
  test: {
    root: '.',
    include: ['www/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
