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

// An experiment's own page (x/ID.html) sets a `<base>` at the site's root, against which a link to a place in
// the page ("#run", "To the run's controls") would load the lab's front page and lose the experiment: such
// a link moves within the page instead, as it does on every other page.
if (document.querySelector('base')) {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = e.target instanceof Element ? e.target.closest('a[href^="#"]') : null;
    const target = link && document.getElementById(decodeURIComponent(link.getAttribute('href')!.slice(1)));
    if (!target) return;
    e.preventDefault();
    // The fragment of this document's own address (unlike a link's, not read against the <base>): the
    // browser scrolls and moves the focus as a link to a place in the page does.
    location.hash = target.id;
  });
}
