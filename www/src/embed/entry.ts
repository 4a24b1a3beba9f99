// embed.html's entry. The first module runs before any other (the language guard, the error notices); the
// page's own code is imported after it, so that an error while that loads still shows as a notice (the
// rejected import reaches the first module's handler). The style sheets are the page's from the start.

import '../ui/first';
import '../ui/style.css';
import { preloadBase } from '../core/preload';

// The core is a figure's longest download (every figure steps with its base tier): it starts now, beside the
// figure's code, not after that code has loaded and run.
preloadBase();
void import('./embed');
