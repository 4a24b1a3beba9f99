// The lab's first screen shaped for the URL's scenario before the core has loaded, from what the build read
// from the core (vite.config.ts). Only the lab's first module imports it: embedded figures do not download
// the table.

import { DEFAULT_SCENARIO } from './opening';

/**
 * Shapes the first screen for the URL's scenario before the core has loaded, so that filling it moves
 * nothing under a reader: its family's charts, the Coordinate menu where its run has several, and in the
 * settings column the room its description, parameters and methods take (style.css); an experiment's page
 * shows its card. The lab's body is shown only then (`data-shaping`; a worksheet's page once its worksheet is
 * in place). The page's code sets each again from the run itself (views.ts, controls.ts).
 */
export function shapeFirstScreen(query: URLSearchParams): void {
  const shape = __SCENARIO_SHAPES__[query.get('scenario') ?? DEFAULT_SCENARIO];
  const controls = document.querySelector<HTMLElement>('.controls[data-filling]');
  if (shape) {
    for (const view of document.querySelectorAll<HTMLElement>('.views [data-family]'))
      view.classList.toggle('off-family', view.dataset.family !== shape.family);
    document.getElementById('coord-field')?.classList.toggle('single', !shape.several);
    if (controls) {
      controls.dataset.family = shape.family;
      controls.style.setProperty('--about-lines', String(shape.aboutLines));
      controls.style.setProperty('--param-rows', String(shape.params));
      // The line over the methods, as it will read: the orders come beside the toggles, a second later.
      const orders = document.getElementById('methods-facts');
      if (orders && shape.orders) orders.textContent = shape.orders;
    }
  }
  // An experiment's own page (x/ID.html) carries its card, shown where the address opens that experiment (it
  // has no query of its own): the views are then where they stay from the first paint.
  const card = document.getElementById('current-experiment');
  if (card?.firstElementChild && window.location.search === '') {
    foldOnNarrow(card);
    card.hidden = false;
  }
  // A worksheet's page is shown once its worksheet is in place above the settings (lab/main.ts): coming
  // after, it moved them down by its height. Beside a worksheet no experiment's card shows.
  if (query.has('worksheet')) return;
  // An address with a query may open an experiment too (a link of the experiments' list, a reload): its card
  // is fetched first, the table of such addresses with it.
  if (card && window.location.search !== '')
    void import('./opening-card')
      .then(({ carryCard }) => carryCard(card, window.location.search))
      .catch(() => {
        // The card comes with the experiments' panel, later.
      })
      .finally(showBody);
  else showBody();
}

/** Shows the lab's body (style.css keeps it hidden while the first screen is shaped, for 2 s at most). */
export function showBody(): void {
  document.querySelector('main[data-shaping]')?.removeAttribute('data-shaping');
}

/**
 * Folds what to look at, the claim and the measurement in an experiment's card (in `holder`) on a screen as
 * narrow as a phone's, where the views come under the card: unfolded, a long card pushed the scene below the
 * screen's bottom (729 px of card on a 844 px screen). The title and the fold's summary stay in sight.
 */
export function foldOnNarrow(holder: HTMLElement): void {
  const fold = holder.querySelector<HTMLDetailsElement>('details.experiment-more');
  if (!fold) return;
  if (narrow.matches) fold.open = false;
  // Widened past a phone's width (a tablet turned, a window made wider), the fold opens: its summary is not
  // shown there (page.css), and a fold left shut would hide its text.
  if (!unfolds) {
    unfolds = true;
    narrow.addEventListener('change', () => {
      if (narrow.matches) return;
      for (const shut of document.querySelectorAll<HTMLDetailsElement>('details.experiment-more'))
        shut.open = true;
    });
  }
}

/** A screen as narrow as a phone's, where an experiment's card folds (page.css has the same width). */
const narrow = window.matchMedia('(max-width: 800px)');
/** Whether the folds are set to open when the screen widens. */
let unfolds = false;
