// The page's theme, light or dark: the same for the full page and an embedded figure. The CSS reads
// <html data-theme>; the canvases and charts read the palette's theme.

import { resolveTheme, type ThemeChoice } from './look';
import { setTheme } from './palette';

export function applyTheme(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = theme;
  setTheme(theme);
}
