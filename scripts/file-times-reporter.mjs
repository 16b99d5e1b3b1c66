// A Vitest reporter that writes each test file's whole cost (start of its worker, imports, setup, tests and hooks)
// to $FILE_TIMES_OUT: Vitest's JSON report times only the tests, not the imports and databases before them.
import fs from 'node:fs';
import path from 'node:path';

/** @public Vitest loads it by path (scripts/run-vitest.mjs). */
export default class FileTimesReporter {
  files = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({ file: path.relative(process.cwd(), testModule.moduleId), ms: Math.round(ms) });
  }

  onTestRunEnd() {
    const out = process.env.FILE_TIMES_OUT;
    if (!out) return;
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(this.files));
  }
}
