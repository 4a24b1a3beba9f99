// index.html's entry. The first module runs before any other (the language guard, the error notices); the
// page's own code is imported after it, so that an error while that loads still shows as a notice (the
// rejected import reaches the first module's handler). The style sheets are the page's from the start.

import '../ui/first';
import '../ui/style.css';
import '../ui/page.css';
import { preloadBase } from '../core/preload';
import { pageQuery } from '../ui/dom';
import { parseLook, showTheme } from '../ui/look';
import { shapeFirstScreen } from './first-screen';
import { openingTier } from './opening';

// The core is a first visit's longest download: it starts now, beside the page's code, not after that code
// has loaded and run (a page opening with a worksheet or a rule loads another tier, and not this one).
const search = pageQuery();
const query = new URLSearchParams(search);
if (openingTier(query) === 'base') preloadBase();
// The lab's body is shown once this module has shaped it for the URL's scenario, in the URL's theme (a dark
// page is not shown light first): main.ts reads the theme again, with its notices, for the charts' palette.
showTheme(parseLook(search, false).look.theme);
shapeFirstScreen(query);
void import('./main');
