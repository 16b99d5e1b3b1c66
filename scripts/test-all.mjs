// `npm test`: every check (the API on PGlite with the unit tests, types and lint beside it, the ledger's API file on
// PGlite and PostgreSQL alone, then the e2e in three workers with the rest of the API on PostgreSQL and the fault
// harness's short profile beside them), then where the time went (the ten slowest test files, each step's wall time)
// and one summary line.
// `npm test -- --changed[=REF]` (REF defaults to HEAD, i.e. uncommitted work): types and lint whole, the unit and
// API tests that import a file changed since REF (Vitest's module graph), the e2e specs of the areas it touches.
import fs from 'node:fs';
import path from 'node:path';
import { newRunMark, RUN_MARK, stopLeftovers } from './leftover-processes.mjs';
import { AREAS, areasOf, changedFiles, testFilesOf } from './test-areas.mjs';
import { finish, runSteps } from './test-report.mjs';

const resultsDir = path.resolve('.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

const changedArg = process.argv.slice(2).find((a) => a === '--changed' || a.startsWith('--changed='));
const ref = changedArg?.split('=')[1] ?? 'HEAD';
const vitestChanged = changedArg ? ['--changed', ref, '--passWithNoTests'] : [];

/** The e2e specs to run: all of them, or under --changed those of the touched areas (all when shared code changed). */
function e2eArgs() {
  if (!changedArg) return [];
  const changed = changedFiles(ref).filter((f) => /^(apps|packages|e2e)\//.test(f));
  const areas = [...new Set(changed.flatMap(areasOf))];
  const shared = changed.some((f) => areasOf(f).length === 0);
  console.log(
    `changed since ${ref}: ${changed.length} files; areas: ${areas.join(', ') || 'none'}${shared ? '; shared code too' : ''}`,
  );
  if (shared) return [];
  const specs = testFilesOf(areas).e2e;
  return specs.length ? specs.map((s) => path.relative('e2e', s)) : null;
}

const e2e = e2eArgs();

function faultsWanted() {
  if (!changedArg) return true;
  const touched = changedFiles(ref).some((f) => /^(apps\/server|packages\/contract|faults)\//.test(f));
  if (!touched) console.log('the fault harness is skipped: no change to the server, the contract or the harness');
  return touched;
}
// The e2e specs' screenshots are for a person to look at (`npm run test:e2e` saves them); nobody does in a full run.
process.env.E2E_SCREENSHOTS ??= 'off';
const postgres = process.env.TEST_DATABASE_URL;
// Each API pass in two: the files that need the machine to themselves (scripts/api-passes.mjs POSTGRES_ALONE) on
// both databases in a step of their own, the rest of the PGlite pass beside the unit tests, of the PostgreSQL pass
// beside the e2e tests.
const apiAlone = [
  postgres ? 'ledger file alone, on PGlite then PostgreSQL' : 'ledger file alone',
  'node',
  ['scripts/run-vitest.mjs', 'api-alone', ...vitestChanged],
];
const apiPostgres = postgres
  ? ['api on PostgreSQL', 'node', ['scripts/run-vitest.mjs', 'api-postgres-rest', ...vitestChanged]]
  : null;
const e2eStep = e2e ? ['e2e', 'node', ['scripts/run-e2e.mjs', ...e2e]] : null;
// The fault harness's short profile (`npm run test:faults:short`, docs/testing.md "Fault harness"): the platform's
// processes on a bad day, its figures printed. Back as a step once the forced daily job it had found answering 500
// under cut connections was fixed and it passed run after run on the loaded machine (docs/testing.md "Figures").
// Under --changed only when the server, the contract or the harness changed (a change elsewhere cannot change
// what it finds).
const faultsStep = faultsWanted()
  ? ['fault harness, short profile', 'node', ['--import', 'tsx', 'faults/run.ts', '--profile', 'short']]
  : null;
// The e2e tests leave about a core idle (they wait on the browser and on blocks): the API pass on PostgreSQL and
// the fault harness run beside them.
const last = [e2eStep, apiPostgres, faultsStep].filter(Boolean);
// The e2e workers spend most of their time waiting (for the browser, for blocks, for polls): in a full run, three
// of them, each with a server of its own, fill the time the API pass on PostgreSQL and the fault harness leave.
process.env.E2E_WORKERS ??= '3';
// The unit tests in two workers, the type check (one thread per workspace, two at a time) and the lint beside the
// API pass on PGlite: that pass uses about one core (its files wait on their servers and dev chains), the rest
// about one between them.
const steps = [
  {
    together: [
      ['api on PGlite', 'node', ['scripts/run-vitest.mjs', 'api-pglite-rest', ...vitestChanged]],
      ['unit', 'node', ['scripts/run-vitest.mjs', 'unit', ...vitestChanged]],
      ['types', 'npm', ['run', 'typecheck']],
      ['lint and format', 'npm', ['run', 'lint']],
    ],
  },
  apiAlone,
  ...(last.length > 1 ? [{ together: last }] : last),
];
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
if (changedArg && !e2e)
  console.log(`no e2e spec belongs to the areas changed (areas: ${Object.keys(AREAS).join(', ')})`);

// Every process of the run carries its mark: one still alive once every step ended was left behind by a test (a
// server it started and never stopped). It is named here, so the test can be found, and stopped.
const mark = newRunMark();
process.env[RUN_MARK] = mark;
const stepTimes = await runSteps(steps);
const left = await stopLeftovers(mark);
if (left.length) {
  console.log(`\nleft behind by the run and stopped now (${left.length}): a test did not stop what it started`);
  for (const { pid, args } of left) console.log(`  ${pid} ${args.slice(0, 300)}`);
}
process.exit(finish(resultsDir, stepTimes));
