// An experiment's card for an address that opens it, fetched by the lab's first module before the lab's
// body is shown (first-screen.ts). A module of its own: the default page, with no query, downloads neither
// it nor the build's table of such addresses (vite.config.ts).

import { foldOnNarrow } from './first-screen';
import { experimentAddress } from './shape';

/**
 * Where the address's query (`search`) opens an experiment, puts its card, as its own page carries it
 * (x/ID.html), in `holder` and shows it: the card is there from the first paint, as on the experiment's
 * page. The experiments' panel keeps it (panels/experiments.ts). Where the page cannot be read, the card
 * comes with the panel, later.
 */
export async function carryCard(holder: HTMLElement, search: string): Promise<void> {
  const { reads, table } = __EXPERIMENT_ADDRESSES__;
  const id = table[experimentAddress(search, new Set(reads))];
  if (id === undefined) return;
  try {
    const page = new URL(`x/${encodeURIComponent(id)}.html`, document.baseURI).href;
    // Offline, only a page kept for offline use can be read ("Keep for offline use"): asked for, another
    // would fail as a network error the console reports.
    const response = navigator.onLine ? await fetch(page) : await globalThis.caches?.match(page);
    if (!response?.ok) return;
    const parsed = new DOMParser().parseFromString(await response.text(), 'text/html');
    const card = parsed.querySelector(
      `#current-experiment > article.experiment[data-experiment="${CSS.escape(id)}"]`,
    );
    if (!card || holder.firstElementChild) return;
    holder.append(document.adoptNode(card));
    foldOnNarrow(holder);
    holder.hidden = false;
  } catch {
    // Offline or blocked: the experiments' panel shows the card once the studies have come.
  }
}
