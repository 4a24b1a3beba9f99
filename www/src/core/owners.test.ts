// The contracts the core owns are written in the core only: the page asks for them. Each pattern below is
// the mark of a contract's second copy (two had drifted into bugs: a URL key list without `details`, and a
// stability limit built from text into "stable while ω·dt < none"). The page's modules are scanned, their
// comments aside (which may quote what the core says); tests are not.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'pkg') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A module's text without its comments. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Each contract, the mark of a second copy of it, and the one module allowed to write it (if any). */
const SECOND_COPIES: [contract: string, pattern: RegExp, owner?: string][] = [
  ['the URL keys (the core permalink)', /'scenario',\s*'methods'/],
  ['the tracking keys (the core permalink)', /fbclid|utm_/],
  ['the hand-in code grammar (the core handin)', /IL1\./],
  ['the verdict marks (the core AnswerVerdict)', /[✓✗✎]/],
  ['"diverged at" (the core format::ending)', /diverged at/],
  ['a stability limit in words (the core StabilityLimit)', /stable while|unstable at every|stable at any/],
  ['growth verdicts (the core Growth)', /1 [+-] 1e-10/],
  [
    'a growth factor or an energy change as text (the core format::factor, format::percent)',
    /toFixed\(6\)|toFixed\(3\)} %/,
  ],
  ['a name tidied or normalised (the core tidy_name, normal_name)', /trim\(\)\.split\(\/\\s\+\/\)/],
  ['what a worksheet id is (the core worksheets::is_id)', /\[a-z0-9-\]\+\$/],
  ['the step budget (the core run::MAX_STEPS, through checkSetup)', /maxSteps|until \/ (state\.)?dt\b/],
  ["the history's column layout (the core session, by column name)", /\.column\([^,]+, *[0-9(]/],
  ["the embed messages' mark (embed/messages.ts)", /source: *(SOURCE|'integrator-lab')/, 'embed/messages.ts'],
  ["a task kind's names (the core worksheets::Kind)", /'number' *[|] *'find'/, 'core/views.ts'],
];

describe('one owner for each contract', () => {
  const files = sources(ROOT).map((path) => ({
    path: path.slice(ROOT.length),
    text: code(readFileSync(path, 'utf8')),
  }));

  it('scans the page’s modules', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  for (const [contract, pattern, owner] of SECOND_COPIES)
    it(`the page never writes ${contract} again`, () => {
      expect(files.filter((f) => f.path !== owner && pattern.test(f.text)).map((f) => f.path)).toEqual([]);
    });
});
