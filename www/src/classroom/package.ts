// A worksheet as a SCORM package, gathered in the teacher's browser: the site's files a worksheet page needs
// (the core says which), the lab's page as its launch page, the worksheet's text, and the core's
// imsmanifest.xml, zipped. Nothing here decides what goes into the package or what the manifest says: the core
// does (worksheets/scorm.rs); this module fetches and zips.

import { strToU8, zipSync } from 'fflate';
import type { Sheet } from '../core/classroom';
import type { ClassroomBindings } from '../core/classroom-build';

export type ScormVersion = '1.2' | '2004';

/** A file of this site, as bytes; throws, naming it, where it cannot be fetched. */
async function bytes(path: string): Promise<Uint8Array> {
  const response = await fetch(new URL(`./${path}`, window.location.href));
  if (!response.ok) throw new Error(`${path} could not be fetched (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The package for `sheet` (whose text is `text`) at `version`: a zip an LMS imports as an activity. `progress`
 * hears how many of the files have been fetched.
 */
export async function scormPackage(
  core: ClassroomBindings,
  sheet: Sheet,
  text: string,
  version: ScormVersion,
  progress: (done: number, of: number) => void = () => {},
): Promise<Blob> {
  const listed = (await (await fetch(new URL('./assets.json', window.location.href))).json()) as unknown;
  if (!Array.isArray(listed)) throw new Error("the site's list of its files (assets.json) could not be read");
  const assets = listed.map(String).filter((a) => core.WorksheetRun.scormCarries(a));
  const files: Record<string, Uint8Array> = {};
  let done = 0;
  for (const path of assets) {
    files[path] = await bytes(path);
    progress(++done, assets.length);
  }
  const index = new TextDecoder().decode(await bytes('index.html'));
  files['index.html'] = strToU8(core.WorksheetRun.scormLaunchPage(index));
  files[sheet.scormFile()] = strToU8(text);
  const listedInManifest = Object.keys(files).sort();
  files['imsmanifest.xml'] = strToU8(sheet.scormManifest(version, listedInManifest));
  // The wasm builds are compressed already; the rest deflates well.
  const zipped = zipSync(files, { level: 6 });
  return new Blob([zipped.buffer as ArrayBuffer], { type: 'application/zip' });
}
