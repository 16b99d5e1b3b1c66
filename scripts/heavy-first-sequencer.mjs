// Vitest's order of test files, with the few that take minutes first. Vitest runs the files it has timed before
// longest first, but a clean clone (CI) has no timings: it orders by file size, and the 184-line ledger file, which
// takes a third of the API suite's time, started among the last, so one worker ran it alone at the end.
import { BaseSequencer } from 'vitest/node';

/** The longest API test files (the `npm test` report's slowest list), longest first. */
export const HEAVY_FILES = ['apps/server/test/ledger.api.test.ts', 'apps/server/test/fuzz-ops.api.test.ts'];

const rank = (moduleId) => {
  const i = HEAVY_FILES.findIndex((file) => moduleId.endsWith(file));
  return i === -1 ? HEAVY_FILES.length : i;
};

/** `files` (Vitest's order: one project after another) with each project's heavy files moved to its front. */
export function heavyFirst(files) {
  const byProject = new Map();
  for (const file of files) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
  // Array.prototype.sort is stable: the other files keep Vitest's order.
  return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a.moduleId) - rank(b.moduleId)));
}

export class HeavyFirstSequencer extends BaseSequencer {
  async sort(files) {
    return heavyFirst(await super.sort(files));
  }
}
