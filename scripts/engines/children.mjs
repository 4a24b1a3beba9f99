// Every process the suite starts, each in its own process group, so that a browser's helpers die with it and
// nothing is left running however the suite ends (a pass, a failure, its timeout or Ctrl-C).

import { spawn } from 'node:child_process';

const groups = new Set();

/** spawn, in a new process group that killAll ends. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'ignore', ...options, detached: true });
  track(child.pid);
  child.once('exit', () => groups.delete(child.pid));
  return child;
}

/** A process group started by someone else (puppeteer starts Firefox detached, in a group of its own). */
export function track(pid) {
  if (pid) groups.add(pid);
}

export function kill(pid) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  groups.delete(pid);
}

/** Synchronous, so that it can run in an 'exit' handler. */
export function killAll() {
  for (const pid of [...groups]) kill(pid);
}
