/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, HEADERS } from './scripts/policy.ts';

/** A path in the repository, absolute (the build and the development server resolve from different roots). */
const here = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));

/**
 * The pages' shared markup lives once, in www/partials/: `<!-- include NAME -->` in a page is replaced by
 * www/partials/NAME.html. Every page also gets the site's content security policy as its first meta tag.
 */
function pages(): Plugin {
  return {
    name: 'integrator-lab-pages',
    // In development embed.js is its source, compiled on the fly; the build writes it to the site's root.
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.split('?')[0] === '/embed.js') req.url = '/src/embed-element.ts';
        next();
      });
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

// The lab is a static site: relative asset paths let it run from any host and subpath. Its pages are the lab
// (index.html), a figure for embedding (embed.html), the sample post (embed-demo.html); embed.js, the script
// a blog includes to embed figures, keeps its unhashed name at the site's root.
export default defineConfig({
  root: 'www',
  base: './',
  plugins: [pages()],
  // The studies worker is a module worker: it imports the core's second build as the page does.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: false,
    rolldownOptions: {
      input: {
        index: here('www/index.html'),
        embed: here('www/embed.html'),
        'embed-demo': here('www/embed-demo.html'),
        teacher: here('www/teacher.html'),
        'embed-element': here('www/src/embed-element.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'embed-element' ? 'embed.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, headers: HEADERS },
  preview: { host: '127.0.0.1', port: 4173, headers: HEADERS },
  test: {
    root: '.',
    include: ['www/src/**/*.test.ts'],
    environment: 'node',
  },
});
