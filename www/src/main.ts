// The lab's page: loads the core, reads the URL, and wires the app (app.ts) to the teaching panels
// (panels.ts). Nothing is computed here.

import './style.css';
import { App } from './app';
import { CORE, openCore, reportErrors } from './boot';
import { byId, notice } from './dom';
import { EmbedPanel } from './embed-snippets';
import { wireCopyLink } from './export';
import { lookQuery, parseLook, type ThemeChoice } from './look';
import { recolourSwatches } from './palette';
import { ConvergencePanel, ExperimentsPanel, StabilityPanel } from './panels';
import { defaultsFor, scenarioInfo, toQuery, toSpec } from './state';
import { applyTheme } from './theme';

async function main(): Promise<void> {
  reportErrors();
  // Of the embedding keys the full page reads the theme (before the core loads: no flash of the other
  // theme); the others are an embed's and pass unremarked.
  const { look, notices: lookNotices } = parseLook(window.location.search, false);
  for (const text of lookNotices.filter((n) => n.startsWith('Ignored theme='))) notice(text);
  applyTheme(look.theme);
  const themeChoice = byId<HTMLSelectElement>('theme');
  themeChoice.value = look.theme;
  const core = await openCore({ second: true });
  if (!core) return;
  const { catalogue, parsed } = core;
  for (const text of parsed.notices) notice(text);

  const app = new App(catalogue, parsed.state, {
    query: (state) => `${toQuery(state)}${lookQuery(look, ['theme'])}`,
  });
  themeChoice.addEventListener('change', () => {
    look.theme = themeChoice.value as ThemeChoice;
    applyTheme(look.theme);
    recolourSwatches();
    app.view({}, true);
  });
  const experiments = new ExperimentsPanel(catalogue, CORE, byId('experiments'), byId('current-experiment'));
  const embed = new EmbedPanel(() => scenarioInfo(catalogue, app.current.scenario).title);
  app.onApply = (state) => {
    experiments.show(state);
    embed.update();
  };
  if (!app.apply(parsed.state)) {
    notice(`Using the article's settings for ${parsed.state.scenario} instead.`);
    app.apply(defaultsFor(catalogue, parsed.state.scenario, parsed.state.methods));
  }
  app.start(!window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  new ConvergencePanel(() => toSpec(app.current));
  new StabilityPanel(() => app.omegaDt);
  wireCopyLink();
}

void main();
