// The page's theme, light or dark: the same for the full page and an embedded figure. The CSS reads
// <html data-theme>; the canvases and charts read the palette's theme.

import { showTheme, type ThemeChoice } from './look';
import { setTheme } from './palette';

export function applyTheme(choice: ThemeChoice): void {
  setTheme(showTheme(choice));
}
