// `npm test`: every check in order (types, lint and format, unit, API, e2e), then one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

const steps = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint and format', 'npm', ['run', 'lint']],
  ['unit', 'npm', ['run', 'test:unit']],
  ['api', 'npm', ['run', 'test:api']],
  ['e2e', 'npm', ['run', 'test:e2e']],
];

const failedSteps = [];
for (const [name, command, args] of steps) {
  console.log(`\n══ ${name} ══`);
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) failedSteps.push(name);
}

/** Counts from the JSON reports that Vitest and Playwright wrote. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir) : []) {
    const report = JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      passed += report.stats.expected;
      failed += report.stats.unexpected + report.stats.flaky;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { passed, failed, skipped };
}

const { passed, failed, skipped } = counts();
console.log(`\nchecks failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(
  `${passed} passed, ${failed + (failed === 0 ? failedSteps.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
