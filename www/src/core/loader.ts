// One way to load each of the core's further tiers (studies-build.ts, classroom-build.ts, language-build.ts): once,
// from the URL of its wasm in the page, or from its bytes in Node tests.

/** What wasm-bindgen's `--target web` glue offers to start a build. */
interface Glue {
  initSync(options: { module: BufferSource }): unknown;
}

/** A build's bytes, or why they could not be fetched (the compiler would only say they are not wasm). */
export async function fetchCore(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} could not be fetched: ${response.status} ${response.statusText}`);
  return response;
}

/** A loader of one build: the first call starts it, every call resolves to its bindings. */
export function loader<B extends Glue>(
  bindings: B,
  init: (options: { module_or_path: Promise<Response> }) => Promise<unknown>,
  url: string,
): (bytes?: BufferSource) => Promise<B> {
  let loading: Promise<B> | undefined;
  return (bytes) => {
    loading ??= (async () => {
      if (bytes) bindings.initSync({ module: bytes });
      else await init({ module_or_path: fetchCore(url) });
      return bindings;
    })();
    return loading;
  };
}
