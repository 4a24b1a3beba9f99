// The two origins the smoke suite needs: the built site, sent with the headers a host of the lab sends
// (scripts/policy.ts), and a blog on another port that puts a figure of the lab in a post.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.toml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * HEADERS of scripts/policy.ts, read from its text: Node 20 cannot import TypeScript, and the file is a few
 * string constants and one object of them, which is all this reads.
 */
export async function policyHeaders(file = new URL('../policy.ts', import.meta.url)) {
  const text = await readFile(file, 'utf8');
  const constants = {};
  for (const m of text.matchAll(/export const (\w+)\s*=\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*;/g)) {
    constants[m[1]] = m[2].slice(1, -1);
  }
  const body = /export const HEADERS[^=]*=\s*\{([^}]*)\}/.exec(text)?.[1];
  if (!body) throw new Error('scripts/policy.ts: no HEADERS object');
  const headers = {};
  for (const m of body.matchAll(/['"]([\w-]+)['"]\s*:\s*('[^']*'|"[^"]*"|\w+)/g)) {
    const value = /^['"]/.test(m[2]) ? m[2].slice(1, -1) : constants[m[2]];
    if (value === undefined) throw new Error(`scripts/policy.ts: HEADERS.${m[1]} is ${m[2]}, not a string`);
    headers[m[1]] = value;
  }
  if (!headers['Content-Security-Policy']) throw new Error('scripts/policy.ts: HEADERS has no policy');
  return headers;
}

function listen(server) {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${server.address().port}`));
  });
}

/**
 * Serves the built site in `dir` as a static host would: `{ url, close }`. The policy header also asks for
 * reports of violations, given to `onViolation`: they catch those before a WebKit page can be watched (it
 * sends the same policy as a meta tag, so nothing the page does is violating one and not the other).
 */
export async function serveSite(dir, headers, onViolation) {
  const root = resolve(dir);
  const sent = {
    ...headers,
    'Content-Security-Policy': `${headers['Content-Security-Policy']}; report-uri /csp-report`,
  };
  const server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/csp-report') {
      let body = '';
      for await (const chunk of req) body += chunk;
      try {
        const r = JSON.parse(body)['csp-report'] ?? {};
        onViolation(`${r['violated-directive']} ${r['blocked-uri']} on ${r['document-uri']}`);
      } catch {
        onViolation(body);
      }
      return res.writeHead(204).end();
    }
    let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...sent,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', ...sent }).end('not found');
    }
  });
  const url = await listen(server);
  return { url, close: () => server.close() };
}

/**
 * A blog on another origin, with a policy of its own, serving /post.html: one figure of the lab, as
 * www/e2e/embed.spec.ts has it. The post keeps the heights the figure tells its element, so a check can see
 * that the figure sized its frame itself.
 */
export async function serveBlog(lab) {
  const post = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>A post with a figure</title></head>
<body>
<script>
  window.reportedHeights = [];
  window.addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(lab)} && e.data?.type === 'height') reportedHeights.push(e.data.height);
  });
</script>
<p>A spring, stepped by explicit Euler and RK4:</p>
<integrator-lab scenario="spring" methods="euler,rk4" views="scene,x"></integrator-lab>
<p>The end of the post.</p>
<script type="module" src="${lab}/embed.js"></script>
</body>
</html>`;
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline' ${lab}`,
    `frame-src ${lab}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
  ].join('; ');
  const server = createServer((req, res) => {
    if (req.url !== '/post.html') return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
    res.end(post);
  });
  const url = await listen(server);
  return { url, close: () => server.close() };
}
