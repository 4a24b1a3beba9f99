// The first module every page imports, before any other, for what must hold before the rest of its code
// runs:
//  - the browser's language is a tag Intl accepts. Under a C/POSIX locale WebKit reports "C", and uPlot's
//    module, as it loads, makes `new Intl.NumberFormat(navigator.language)`, which throws on "C";
//  - an error from here on, while the other modules load too, shows in the page's notices: the page never
//    goes blank without a word.

import { message, notice } from './dom';
import { validLanguage } from './numbers';

const language = validLanguage(navigator.language);
if (language !== navigator.language)
  Object.defineProperty(navigator, 'language', { value: language, configurable: true });

/** What browsers report through `error` that is no error: a ResizeObserver whose callback changed a size
 * it observes delivers the rest of its notifications in the next frame, and says so. */
const BENIGN = /^ResizeObserver loop/;

/** Shows an error as a notice, or, on a page without a notices area, in the console. */
function report(text: string): void {
  if (document.getElementById('notices')) notice(`Something went wrong: ${text}`, 'error');
  else console.error(text);
}

window.addEventListener('error', (e) => {
  if (!BENIGN.test(e.message)) report(e.message);
});
window.addEventListener('unhandledrejection', (e) => report(message(e.reason)));
