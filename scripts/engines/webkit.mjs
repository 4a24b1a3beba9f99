// WebKitGTK, Safari's engine, as Debian ships it: MiniBrowser on an Xvfb display, driven by WebKitWebDriver
// (classic WebDriver) through selenium-webdriver. One WebDriver call once hung for good under load, so every
// call has a watchdog that kills the driver and its browser; the next check starts them again. A new session
// has once hung too (MiniBrowser never answered the driver): a session that hangs while starting is started
// once more, and the suite says so.

import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, By } from 'selenium-webdriver';
import { kill, spawnTracked } from './children.mjs';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = '/usr/bin/Xvfb';

const CALL_TIMEOUT = 40_000;

/** An X display for MiniBrowser: Xvfb picks a free display number itself and says which (-displayfd). */
export async function startXvfb() {
  const xvfb = spawnTracked(XVFB, ['-displayfd', '1', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('Xvfb gave no display in 10 s')), 10_000);
    xvfb.stdout.once('data', (d) => {
      clearTimeout(timer);
      done(`:${String(d).trim()}`);
    });
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code})`)));
  });
  return { display, close: () => kill(xvfb.pid) };
}

function freePort() {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

/**
 * The driver's environment. The page's navigator.language comes from the first of LANGUAGE, LC_ALL,
 * LC_MESSAGES and LANG that is set, so only LANG is left to say it; `dmabuf: false` turns off the DMA-BUF
 * renderer, which without a GPU draws a few frames a second.
 */
function driverEnv(display, lang, dmabuf) {
  const env = { ...process.env, DISPLAY: display, LANG: lang };
  for (const name of ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'WEBKIT_DISABLE_DMABUF_RENDERER'])
    delete env[name];
  if (!dmabuf) env.WEBKIT_DISABLE_DMABUF_RENDERER = '1';
  return env;
}

/** A WebKit session on `display`, with `lang` and the renderer asked for. */
export async function webkit({ display, lang = 'en_US.UTF-8', dmabuf = false }) {
  let driver;
  let session;
  let dead = false;

  // A hung call is abandoned, and the driver with its MiniBrowser killed, so the suite can go on.
  const guard = (what, promise, ms = CALL_TIMEOUT) => {
    let timer;
    const watchdog = new Promise((_, fail) => {
      timer = setTimeout(() => {
        dead = true;
        kill(driver?.pid);
        fail(new Error(`WebDriver call ${what} hung for ${ms / 1000} s: driver killed (watchdog)`));
      }, ms);
    });
    return Promise.race([promise, watchdog]).finally(() => clearTimeout(timer));
  };

  async function start() {
    dead = false;
    const port = await freePort();
    driver = spawnTracked(WEBKIT_DRIVER, [`--port=${port}`], { env: driverEnv(display, lang, dmabuf) });
    const server = `http://127.0.0.1:${port}`;
    const end = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`${server}/status`)
        .then((r) => r.json())
        .then((s) => s.value?.ready)
        .catch(() => false);
      if (ready) break;
      if (Date.now() > end) throw new Error(`${WEBKIT_DRIVER} not ready on ${server} in 15 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    session = await guard(
      'new session',
      new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        })
        .build(),
      60_000,
    );
    await guard('timeouts', session.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 }));
    await guard('window size', session.manage().window().setRect({ width: 1280, height: 900 })).catch(
      () => {},
    );
  }

  const run = async (what, action) => {
    if (dead) throw new Error('the driver was killed by the watchdog');
    return guard(what, action());
  };
  const evaluate = (fn, ...args) =>
    run(`execute ${fn.name || 'script'}`, () =>
      session.executeScript(`return (${fn}).apply(null, arguments);`, ...args),
    );

  const restarts = [];
  try {
    await start();
  } catch (e) {
    if (!dead) throw e;
    restarts.push(e.message);
    await start();
  }
  return {
    /** Why a session had to be started again before the first check, if it had to be. */
    restarts,
    goto: (url) => run(`get ${url}`, () => session.get(url)),
    evaluate,
    click: (selector) =>
      run(`click ${selector}`, async () => (await session.findElement(By.css(selector))).click()),
    fill: (selector, text) =>
      run(`fill ${selector}`, async () => {
        const field = await session.findElement(By.css(selector));
        await field.clear();
        await field.sendKeys(text);
      }),
    inFrame: (frameFn, fn, ...args) =>
      run('in frame', async () => {
        await session.switchTo().frame(await session.executeScript(`return (${frameFn})();`));
        try {
          return await session.executeScript(`return (${fn}).apply(null, arguments);`, ...args);
        } finally {
          await session.switchTo().defaultContent();
        }
      }),
    // Classic WebDriver gives no console: the checks read the page's own notices and listeners instead.
    engineErrors: () => [],
    /** After the watchdog killed the driver: a new driver and session for the next check. */
    async recover() {
      if (dead) await start();
    },
    async close() {
      if (!dead) await guard('quit', session.quit(), 5000).catch(() => {});
      kill(driver?.pid);
    },
  };
}

export const webkitInstalled = () => [WEBKIT_DRIVER, MINIBROWSER, XVFB].every((f) => existsSync(f));
