// The site's one content security policy and the headers a host sends with the lab's files: the pages carry
// the policy as a meta tag (vite.config.ts writes it into each), the preview server and the tests send both
// as headers, and the README gives them to hosts.

/** The site's one content security policy, word for word as docs/embedding.md gives it to hosts. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:";

/**
 * What a host of the lab sends: the policy, and `Access-Control-Allow-Origin: *`, without which a figure in
 * a sandboxed iframe (an opaque origin) cannot load the lab's module scripts, styles or wasm.
 */
export const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Access-Control-Allow-Origin': '*',
};
