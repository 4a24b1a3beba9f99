// The lab's page: loads the core, reads the URL, and wires the app (app.ts) to the teaching panels
// (panels.ts). Nothing is computed here.

import './style.css';
import { App } from './app';
import { byId, message, notice } from './dom';
import { wireCopyLink } from './export';
import { checkParameter, loadCore, readNumber, readTime } from './lab';
import { registerStyles } from './palette';
import { ConvergencePanel, ExperimentsPanel, StabilityPanel } from './panels';
import { type CoreChecks, defaultsFor, parseQuery, toSpec } from './state';

const CORE: CoreChecks = { checkParameter, readNumber, readTime };

async function main(): Promise<void> {
  window.addEventListener('error', (e) => notice(`Something went wrong: ${e.message}`, 'error'));
  window.addEventListener('unhandledrejection', (e) =>
    notice(`Something went wrong: ${message(e.reason)}`, 'error'),
  );
  let catalogue: Awaited<ReturnType<typeof loadCore>>;
  try {
    catalogue = await loadCore();
  } catch (e) {
    notice(`The physics core could not be loaded: ${message(e)}`, 'error');
    return;
  }
  registerStyles(catalogue.methods);
  const parsed = parseQuery(window.location.search, catalogue, CORE);
  for (const text of parsed.notices) notice(text);

  const app = new App(catalogue, parsed.state);
  const experiments = new ExperimentsPanel(catalogue, CORE, byId('experiments'), byId('current-experiment'));
  app.onApply = (state) => experiments.show(state);
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
