// The lab's page: loads the core, reads the URL, and wires the app (app.ts) to the teaching panels
// (panels/panels.ts). Nothing is computed here.

import type { LmsLink } from '../classroom/lms';
import { type Catalogue, useClassroomTier, useStudiesTier } from '../core';
import { studiesAfter, studiesReady } from '../core/studies';
import type { EmbedPanel } from '../embed/snippets';
import type { ConvergencePanel, ExperimentsPanel, StabilityPanel } from '../panels/panels';
import { byId, el, keepJumpsInPlace, message, nextTask, notice, pageQuery } from '../ui/dom';
import { lookQuery, parseLook, type ThemeChoice } from '../ui/look';
import { recolourSwatches } from '../ui/palette';
import { applyTheme } from '../ui/theme';
import type { YourMethodPanel } from '../your-method/your-method';
import { App } from './app';
import { CORE, openCore } from './boot';
import { showBody } from './first-screen';
import { firstFrame } from './frames';
import { openingTier } from './opening';
import { defaultsFor, type LabState, parseQuery, runKey, scenarioInfo, toQuery, toSpec } from './state';

async function main(): Promise<void> {
  // A link to a part of the page keeps that part in place while the page fills in around it.
  keepJumpsInPlace();
  // Of the embedding keys the full page reads the theme (before the core loads: no flash of the other
  // theme); the others are an embed's and pass unremarked.
  const { look, notices: lookNotices } = parseLook(pageQuery(), false);
  for (const text of lookNotices.filter((n) => n.startsWith('Ignored theme='))) notice(text);
  applyTheme(look.theme);
  const themeChoice = byId<HTMLSelectElement>('theme');
  themeChoice.value = look.theme;
  // A worksheet needs the core's classroom tier, a rule its language tier; the full page otherwise steps
  // with the studies tier. Beside a worksheet no rule runs: its tasks are about the lab's methods.
  const query = new URLSearchParams(pageQuery());
  const sheet = query.get('worksheet');
  // A worksheet launched by a school's LMS from a SCORM package (scorm=1.2 or 2004): it reports to the LMS.
  const scorm = sheet === null ? null : query.get('scorm');
  if (sheet === null && query.get('scorm') !== null)
    notice(
      `Ignored scorm=${query.get('scorm')}: it goes with a worksheet (the launch page of a SCORM package).`,
    );
  const tier = openingTier(query);
  const rule = tier === 'language';
  // The page itself starts from the base tier: its first frame needs no more. The studies tier (each method's
  // facts, shadow energies, the studies and their worker) comes a second after that frame, and every study
  // waits for it: a first visit downloads only what its first screen shows.
  const core = await openCore(tier);
  if (!core) {
    showBody();
    return;
  }
  // The start is done in four tasks (the core, the page's controls, the first run's making and its showing),
  // so that none of them holds the page long: each is a few tens of milliseconds on a slow machine.
  await nextTask();
  const { catalogue, parsed } = core;
  for (const text of parsed.notices) notice(text);
  let upgrade = () => {};
  if (sheet === null && !rule)
    studiesAfter(
      firstFrame(1000)
        .then(() => useStudiesTier())
        .then(() => upgrade())
        .catch((e: unknown) => notice(`Part of the core could not be loaded: ${message(e)}`, 'error')),
    );

  const app = new App(catalogue, parsed.state, {
    query: (state) =>
      `${toQuery(state)}${lookQuery(look, ['theme'])}${sheet === null ? '' : `&worksheet=${encodeURIComponent(sheet)}`}${scorm === null ? '' : `&scorm=${encodeURIComponent(scorm)}`}`,
  });
  upgrade = () => app.upgrade();
  themeChoice.addEventListener('change', () => {
    look.theme = themeChoice.value as ThemeChoice;
    applyTheme(look.theme);
    recolourSwatches();
    app.view({}, true);
  });
  // The teaching panels are studies: their code loads when the studies may be asked (on a first visit, a
  // second after the first frame), and they follow the run from then on.
  let panels:
    | { experiments: ExperimentsPanel; stability: StabilityPanel; convergence: ConvergencePanel }
    | undefined;
  // The Embed panel's code comes with the studies' (after a first visit's window), or when the panel is first
  // opened, whichever is sooner: it reads what was chosen in the panel meanwhile.
  let embed: EmbedPanel | undefined;
  let embedding: Promise<void> | undefined;
  const loadEmbed = () => {
    embedding ??= import('../embed/snippets').then(
      ({ EmbedPanel }) => {
        embed = new EmbedPanel(
          () => scenarioInfo(catalogue, app.current.scenario).title,
          () => panels?.experiments.currentId,
          () => asOpened(catalogue, app.current),
        );
      },
      (e: unknown) => {
        const text = `The Embed panel could not be loaded: ${message(e)}`;
        byId('embed-loading').textContent = text;
        notice(text, 'error');
      },
    );
    return embedding;
  };
  const embedPanel = byId<HTMLDetailsElement>('embed-panel');
  embedPanel.addEventListener('toggle', () => {
    if (embedPanel.open) void loadEmbed();
  });
  void studiesReady().then(loadEmbed);
  const yourMethod = sheet === null ? wireYourMethod(app, rule) : undefined;
  if (sheet !== null) byId('your-method').hidden = true;
  const opened = runKey(parsed.state);
  const follow = (state: LabState) => {
    // Beside a worksheet the experiment card is hidden (its measurement would give answers away): it is
    // not measured either.
    if (sheet === null) panels?.experiments.show(state);
    // An experiment's page's own card (first-screen.ts) is the opening run's: another run before the panels
    // have come hides it.
    if (!panels && runKey(state) !== opened) byId('current-experiment').hidden = true;
    panels?.stability.follow();
    panels?.convergence.follow();
  };
  app.onApply = (state) => {
    follow(state);
    embed?.update();
    yourMethod?.made()?.syncButtons();
  };
  void studiesReady()
    .then(() => import('../panels/panels'))
    .then(({ ConvergencePanel, ExperimentsPanel, StabilityPanel }) => {
      panels = {
        experiments: new ExperimentsPanel(catalogue, CORE, byId('experiments'), byId('current-experiment')),
        stability: new StabilityPanel(
          () => app.omegaDt,
          (id) => app.methodName(id),
        ),
        convergence: new ConvergencePanel(
          () => toSpec(app.current),
          (id) => app.methodName(id),
        ),
      };
      panels.experiments.onShown = () => embed?.update();
      const { convergence } = panels;
      themeChoice.addEventListener('change', () => convergence.recolour());
      follow(app.current);
      embed?.update();
    })
    .catch((e: unknown) => notice(`The studies' panels could not be loaded: ${message(e)}`, 'error'));
  await nextTask();
  app.prepare(parsed.state);
  await nextTask();
  if (!app.apply(parsed.state)) {
    notice(`Using the article's settings for ${parsed.state.scenario} instead.`);
    app.apply({ ...defaultsFor(catalogue, parsed.state.scenario, parsed.state.methods), ...app.written });
  }
  if (sheet !== null) {
    await openWorksheet(sheet, catalogue, app, scorm);
    showBody();
  }
  app.start(!window.matchMedia('(prefers-reduced-motion: reduce)').matches && sheet === null);
  // After the first visit's window (its first frame and a second) and the studies: a first visit downloads
  // nothing for offline use. A SCORM package carries no service worker: an LMS's site is not the lab's to
  // cache.
  if (scorm === null)
    void studiesReady()
      .then(() => import('./offline'))
      .then(({ goOffline }) => goOffline(0))
      .catch((e: unknown) => notice(`Offline use could not be set up: ${message(e)}`, 'error'));
  wireCopyLink();
}

/** Whether a state is its scenario's run as the lab opens it: its article's methods, step, length and
 * parameters. */
function asOpened(catalogue: Catalogue, state: LabState): boolean {
  return runKey(state) === runKey(defaultsFor(catalogue, state.scenario));
}

/**
 * The "Your method" editor: its code and the core's language build load when it first opens (at once where
 * the URL holds a rule or a force). A button among the methods opens it.
 */
function wireYourMethod(app: App, open: boolean): { made(): YourMethodPanel | undefined } {
  const panel = byId<HTMLDetailsElement>('your-method');
  let made: Promise<YourMethodPanel> | undefined;
  // The panel once made, for the run's changes to reach it (none wait on a panel that is never opened).
  let ready: YourMethodPanel | undefined;
  const make = () => {
    made ??= import('../your-method/your-method').then(
      ({ YourMethodPanel }) => new YourMethodPanel(app, panel),
    );
    return made;
  };
  const opened = () =>
    make().then(
      async (p) => {
        ready = p;
        await p.open();
        return p;
      },
      (e: unknown) => {
        notice(`The editor could not be loaded: ${message(e)}`, 'error');
        return undefined;
      },
    );
  panel.addEventListener('toggle', () => {
    if (panel.open) void opened();
  });
  const write = el('button', 'Write your own method…', 'write-own');
  write.type = 'button';
  write.addEventListener('click', () => {
    panel.open = true;
    panel.scrollIntoView({ block: 'start' });
    void opened().then((p) => {
      if (p) byId('rule-text').focus();
    });
  });
  byId('methods').append(write);
  if (open) panel.open = true;
  return { made: () => ready };
}

/** The LMS that launched a SCORM package (`scorm=1.2` or `2004`), or why it cannot be reached: the worksheet
 * then runs on its own, its result code the way to hand in. */
async function openLms(version: string): Promise<LmsLink | undefined> {
  if (version !== '1.2' && version !== '2004') {
    notice(`Ignored scorm=${version}: it is 1.2 or 2004.`);
    return undefined;
  }
  const { LmsLink } = await import('../classroom/lms');
  try {
    return LmsLink.open(version);
  } catch (e) {
    notice(
      `This worksheet cannot report to your school's system: ${message(e)}. Hand in with your result code instead.`,
      'error',
    );
    return undefined;
  }
}

/** Opens the URL's worksheet beside the lab; a worksheet that cannot be read is said so, and the lab goes on. */
async function openWorksheet(
  value: string,
  catalogue: Catalogue,
  app: App,
  scorm: string | null,
): Promise<void> {
  try {
    // The worksheet's code and style load only here: a first visit without a worksheet never downloads them.
    const [{ WorksheetPanel }, { worksheetOrigin, worksheetSource }, { isWorksheetId }, bindings] =
      await Promise.all([
        import('../classroom/worksheet'),
        import('../classroom/source'),
        import('../core/classroom'),
        useClassroomTier(),
      ]);
    const isId = (v: string) => isWorksheetId(bindings, v);
    const source = await worksheetSource(value, isId);
    const lms = scorm === null ? undefined : await openLms(scorm);
    const panel = new WorksheetPanel(
      bindings,
      source,
      worksheetOrigin(value, isId, lms !== undefined),
      {
        open: (query) => {
          const parsed = parseQuery(`?${query}`, catalogue, CORE);
          for (const text of parsed.notices) notice(text);
          app.apply(parsed.state);
        },
      },
      byId('worksheet'),
      lms,
    );
    // Each run the lab makes is compared with the task's: a drawn parameter changed is said so.
    const before = app.onApply;
    app.onApply = (state) => {
      before(state);
      panel.ran(state.scenario, state.params);
    };
    panel.ran(app.current.scenario, app.current.params);
  } catch (e) {
    notice(`The worksheet could not be opened: ${message(e)}`, 'error');
  }
}

/** The "Copy link" button: the permalink to the clipboard, or shown to copy by hand where that is refused. */
function wireCopyLink(): void {
  byId('copy-link').addEventListener('click', () => {
    const note = byId('copy-note');
    const link = window.location.href;
    const show = () => {
      note.textContent = `Copy this link: ${link}`;
    };
    // The clipboard needs a secure context and the reader's permission; say what happened either way.
    if (!navigator.clipboard) {
      show();
      return;
    }
    navigator.clipboard.writeText(link).then(() => {
      note.textContent = 'Link copied.';
    }, show);
  });
}

void main();
