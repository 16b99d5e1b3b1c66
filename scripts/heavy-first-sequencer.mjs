// Vitest's order of test files, with the few that take minutes first. Vitest runs the files it has timed before
// longest first, but a clean clone (CI) has no timings: it orders by file size, and the 184-line ledger file, which
// takes a third of the API suite's time, started among the last, so one worker ran it alone at the end.
import { BaseSequencer } from 'vitest/node';

/**
 * The longest API test files (the `npm test` report's slowest list), longest first: the ledger's 8,200 signed
 * requests, the treasury's processes killed and restarted (mostly waiting on blocks), the operator API's fuzzing.
 */
export const HEAVY_FILES = [
  'apps/server/test/ledger.api.test.ts',
  'apps/server/test/treasury-crash.postgres.test.ts',
  'apps/server/test/fuzz-ops.api.test.ts',
];

const rank = (moduleId) => {
  const i = HEAVY_FILES.findIndex((file) => moduleId.endsWith(file));
  return i === -1 ? HEAVY_FILES.length : i;
};

/** `files` in Vitest's order, with the heavy files moved to the front (of whichever project), longest first. */
export function heavyFirst(files) {
  // Array.prototype.sort is stable: the other files keep Vitest's order.
  return [...files].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
}

export class HeavyFirstSequencer extends BaseSequencer {
  async sort(files) {
    return heavyFirst(await super.sort(files));
  }
}
