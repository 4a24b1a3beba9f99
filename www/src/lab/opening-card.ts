// An experiment's card for an address that opens it, fetched by the lab's first module before the lab's
// body is shown (first-screen.ts). A module of its own: the default page, with no query, downloads neither
// it nor the build's table of such addresses (vite.config.ts).

import { experimentAddress } from './shape';

/**
 * Where the address's query (`search`) opens an experiment, puts its card, as its own page carries it
 * (x/ID.html), in `holder` and shows it: the card is there from the first paint, as on the experiment's
 * page. The experiments' panel keeps it (panels/experiments.ts). Where the page cannot be read, the card
 * comes with the panel, later.
 */
export async function carryCard(holder: HTMLElement, search: string): Promise<void> {
  const id = __EXPERIMENT_ADDRESSES__[experimentAddress(search)];
  if (id === undefined) return;
  try {
    const response = await fetch(new URL(`x/${encodeURIComponent(id)}.html`, document.baseURI));
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const card = page.querySelector(
      `#current-experiment > article.experiment[data-experiment="${CSS.escape(id)}"]`,
    );
    if (!card || holder.firstElementChild) return;
    holder.append(document.adoptNode(card));
    holder.hidden = false;
  } catch {
    // Offline or blocked: the experiments' panel shows the card once the studies have come.
  }
}
