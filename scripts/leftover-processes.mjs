// The processes a test run left behind. `npm test` marks its environment (AIDF_TEST_RUN=<mark>); every process it
// starts inherits the mark, and so does a server a test starts with an environment of its own
// (apps/server/test/main-process.ts passes it on). Once the run has ended, a process still carrying the mark outlived
// the step that started it: it is named and stopped.
import fs from 'node:fs';

export const RUN_MARK = 'AIDF_TEST_RUN';

/** A mark for one run: no other run on the machine (another checkout's) carries it. */
export const newRunMark = () => `${process.pid}-${Date.now()}`;

/** The processes whose environment carries `mark` (this process aside), with their command lines; Linux only. */
export function processesOfRun(mark) {
  if (!fs.existsSync('/proc/self/environ')) return [];
  const needle = `${RUN_MARK}=${mark}`;
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    // A process that ended meanwhile, or another user's, cannot be read: not one of the run's to stop.
    const environ = readOrNull(`/proc/${entry}/environ`);
    if (environ === null || !environ.split('\0').includes(needle)) continue;
    const args = (readOrNull(`/proc/${entry}/cmdline`) ?? '').split('\0').join(' ').trim();
    found.push({ pid: Number(entry), args });
  }
  return found;
}

/**
 * Stops (SIGKILL) every process still carrying `mark` once `graceMs` have passed (a child whose parent just ended,
 * as a dev chain watching its parent's pipe, is let go first); answers what it stopped, for the run's report.
 */
export async function stopLeftovers(mark, { graceMs = 5_000 } = {}) {
  const deadline = Date.now() + graceMs;
  let left = processesOfRun(mark);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = processesOfRun(mark);
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended on its own between the look and the kill.
    }
  }
  return left;
}

function readOrNull(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
