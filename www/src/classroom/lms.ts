// A worksheet run inside a school's LMS, from a SCORM package (`scorm=1.2` or `scorm=2004` in the launch
// page's address): the LMS's run-time API found in a parent or opener window, the learner's name read from it,
// the progress kept in its suspend data, and on hand-in the core's report (score, completion, success, each
// task as an interaction) set in it. What is reported is written by the core (worksheets/scorm.rs); this
// module only talks to the API.

/** The calls of SCORM 1.2's run-time API (`window.API`). */
interface Api12 {
  LMSInitialize(arg: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(arg: ''): string;
  LMSFinish(arg: ''): string;
  LMSGetLastError(): string;
  LMSGetErrorString(code: string): string;
}

/** The calls of SCORM 2004's run-time API (`window.API_1484_11`). */
interface Api2004 {
  Initialize(arg: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(arg: ''): string;
  Terminate(arg: ''): string;
  GetLastError(): string;
  GetErrorString(code: string): string;
}

export type ScormVersion = '1.2' | '2004';

/** How many windows up the search goes, as the SCORM run-time's own discovery does. */
const MOST_PARENTS = 10;

/** The API object of `version` in `win`, where it has one (another origin's window throws: then none). */
function apiIn(win: Window, version: ScormVersion): Api12 | Api2004 | undefined {
  try {
    const found = (win as unknown as Record<string, unknown>)[version === '1.2' ? 'API' : 'API_1484_11'];
    return found && typeof found === 'object' ? (found as Api12 | Api2004) : undefined;
  } catch {
    return undefined;
  }
}

/** The LMS's API: in this window's parents, nearest first, then in its opener's. */
function findApi(version: ScormVersion): Api12 | Api2004 | undefined {
  const search = (start: Window | null): Api12 | Api2004 | undefined => {
    let win = start;
    for (let i = 0; win && i <= MOST_PARENTS; i++) {
      const api = apiIn(win, version);
      if (api) return api;
      if (win.parent === win) break;
      win = win.parent;
    }
    return undefined;
  };
  return search(window) ?? search(window.opener as Window | null);
}

/** A worksheet's link to the LMS that launched it. */
export class LmsLink {
  /** When the session began, for the time the LMS is told it lasted. */
  private readonly began = Date.now();
  /** Whether the student has handed in: the session then ends as done, not suspended. */
  private handedIn = false;

  private constructor(
    readonly version: ScormVersion,
    private readonly api: Api12 | Api2004,
  ) {}

  /**
   * Finds and initialises the LMS's API for `version`; throws, in words, where there is none (the package was
   * opened outside an LMS, or from another origin, whose windows a page may not reach).
   */
  static open(version: ScormVersion): LmsLink {
    const api = findApi(version);
    if (!api)
      throw new Error(
        `no SCORM ${version} LMS was found around this page (opened outside the LMS, or the LMS serves the package from another site than its player, which a browser does not let a page reach)`,
      );
    const link = new LmsLink(version, api);
    link.call(link.is12(api) ? api.LMSInitialize('') : api.Initialize(''), 'start the session');
    return link;
  }

  private is12(api: Api12 | Api2004): api is Api12 {
    return this.version === '1.2' && 'LMSInitialize' in api;
  }

  /** Throws the LMS's own error for a call that returned "false". */
  private call(result: string, what: string): void {
    if (String(result) === 'true') return;
    const api = this.api;
    const code = this.is12(api) ? api.LMSGetLastError() : (api as Api2004).GetLastError();
    const words = this.is12(api) ? api.LMSGetErrorString(code) : (api as Api2004).GetErrorString(code);
    throw new Error(`the LMS could not ${what}: error ${code} (${words})`);
  }

  private get(element: string): string {
    const api = this.api;
    return String((this.is12(api) ? api.LMSGetValue(element) : (api as Api2004).GetValue(element)) ?? '');
  }

  private set(element: string, value: string): void {
    const api = this.api;
    this.call(
      this.is12(api) ? api.LMSSetValue(element, value) : (api as Api2004).SetValue(element, value),
      `keep ${element}`,
    );
  }

  private commit(): void {
    const api = this.api;
    this.call(this.is12(api) ? api.LMSCommit('') : (api as Api2004).Commit(''), 'save');
  }

  /** The learner's name as the LMS has it ("Family, Given" in most SCORM 1.2 LMSs). */
  name(): string {
    return this.get(this.version === '1.2' ? 'cmi.core.student_name' : 'cmi.learner_name');
  }

  /** The progress kept last time, where there is any. */
  resume(): string | undefined {
    return this.get('cmi.suspend_data') || undefined;
  }

  /** The element that says how the session ends: suspended (to be resumed), or done. */
  private get exit(): string {
    return this.version === '1.2' ? 'cmi.core.exit' : 'cmi.exit';
  }

  /** Keeps the progress for next time (it must fit the version's limit: the caller sees to it), and marks the
   * session as one to resume, should the window close without a word. */
  keep(progress: string): void {
    this.set('cmi.suspend_data', progress);
    if (!this.handedIn) this.set(this.exit, 'suspend');
    this.commit();
  }

  /** Sets each element of a hand-in's report, in order, and saves them. */
  report(values: [string, string][]): void {
    for (const [element, value] of values) this.set(element, value);
    this.handedIn = true;
    this.set(this.exit, this.version === '1.2' ? '' : 'normal');
    this.commit();
  }

  /** Ends the session (the page is closing): how long it lasted, and whether it is to be resumed. */
  finish(): void {
    const api = this.api;
    const seconds = Math.round((Date.now() - this.began) / 1000);
    try {
      if (this.version === '1.2') {
        const pad = (n: number, width = 2) => String(n).padStart(width, '0');
        const time = `${pad(Math.floor(seconds / 3600), 4)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
        this.set('cmi.core.session_time', time);
      } else this.set('cmi.session_time', `PT${seconds}S`);
      if (!this.handedIn) this.set(this.exit, 'suspend');
      if (this.is12(api)) api.LMSFinish('');
      else (api as Api2004).Terminate('');
    } catch {
      // The LMS's window may be going too.
    }
  }
}
