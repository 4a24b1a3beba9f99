// What every page of the lab does first: report what goes wrong as a notice (the page never goes blank),
// load the core (saying so if it cannot), learn the methods' looks, and read the URL's state with the core's
// checks.

import { message, notice } from './dom';
import { type Catalogue, checkParameter, loadCore, readNumber, readTime } from './lab';
import { registerStyles } from './palette';
import { type CoreChecks, type Parsed, parseQuery } from './state';

export const CORE: CoreChecks = { checkParameter, readNumber, readTime };

/** Reports uncaught errors and rejections in the page's notices. */
export function reportErrors(): void {
  window.addEventListener('error', (e) => notice(`Something went wrong: ${e.message}`, 'error'));
  window.addEventListener('unhandledrejection', (e) =>
    notice(`Something went wrong: ${message(e.reason)}`, 'error'),
  );
}

/** The core's catalogue and the URL's state, or undefined (with a notice) when the core cannot load. */
export async function openCore(): Promise<{ catalogue: Catalogue; parsed: Parsed } | undefined> {
  let catalogue: Catalogue;
  try {
    catalogue = await loadCore();
  } catch (e) {
    notice(`The physics core could not be loaded: ${message(e)}`, 'error');
    return undefined;
  }
  registerStyles(catalogue.methods);
  return { catalogue, parsed: parseQuery(window.location.search, catalogue, CORE) };
}
