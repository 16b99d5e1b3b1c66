// `npm test`: every check in order (types, lint and format, unit, API, e2e), then where the time went (the ten
// slowest test files, each step's wall time) and one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { countTests, readReports, timingReport } from './test-report.mjs';

const resultsDir = path.resolve('.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

const steps = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint and format', 'npm', ['run', 'lint']],
  ['unit', 'node', ['scripts/run-vitest.mjs', 'unit']],
  ['api on PGlite', 'node', ['scripts/run-vitest.mjs', 'api-pglite']],
  ...(process.env.TEST_DATABASE_URL ? [['api on PostgreSQL', 'node', ['scripts/run-vitest.mjs', 'api-postgres']]] : []),
  ['e2e', 'npm', ['run', 'test:e2e']],
];
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');

const failedSteps = [];
const stepTimes = [];
for (const [name, command, args] of steps) {
  console.log(`\n══ ${name} ══`);
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const ok = run.status === 0;
  stepTimes.push({ name, ms: performance.now() - started, ok });
  if (!ok) failedSteps.push(name);
}

const reports = readReports(resultsDir);
const { passed, failed, skipped } = countTests(reports);
console.log(timingReport(reports, stepTimes));
console.log(`\nchecks failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(
  `${passed} passed, ${failed + (failed === 0 ? failedSteps.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
