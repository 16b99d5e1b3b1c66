// Runs a Vitest suite: 'unit' (contract, server units, web, console, dev chains, the test scripts) or 'api' (a real server on PGlite, then on
// PostgreSQL when TEST_DATABASE_URL is set; 'api-pglite' and 'api-postgres' run one pass each; `npm test` splits both
// passes: 'api-alone' runs the files that must have the machine to themselves on each database, 'api-pglite-rest'
// and 'api-postgres-rest' the others). Results go to .test-results/ for the summary of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FREE, POSTGRES_ALONE } from './api-passes.mjs';

const suite = process.argv[2];
const extra = process.argv.slice(3);
const resultsDir = path.resolve('.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function vitest(name, projects, env = {}, files = [], options = []) {
  const args = [
    'run',
    ...files,
    ...projects.flatMap((p) => ['--project', p]),
    ...options,
    '--reporter=default',
    '--reporter=json',
  ];
  args.push(`--reporter=${path.resolve('scripts/file-times-reporter.mjs')}`);
  args.push(`--outputFile.json=${path.join(resultsDir, `${name}.json`)}`, ...extra);
  console.log(`\n▶ ${name}`);
  const run = spawnSync(path.resolve('node_modules/.bin/vitest'), args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, FILE_TIMES_OUT: path.join(resultsDir, 'file-times', `${name}.json`) },
  });
  return run.status ?? 1;
}

const apiPglite = () => vitest('api-pglite', ['api'], { TEST_DB: 'pglite' });
const exclude = (files) => files.flatMap((file) => ['--exclude', file]);
// `npm test` runs the files that must have the machine to themselves (POSTGRES_ALONE: 64 concurrent clients whose
// lock holders must not lose the CPU) on both databases in a step of their own, the rest of the PGlite pass beside
// the unit tests.
const apiPgliteRest = () => vitest('api-pglite', ['api'], { TEST_DB: 'pglite' }, exclude(POSTGRES_ALONE));
const apiPgliteAlone = () => vitest('api-pglite-alone', ['api'], { TEST_DB: 'pglite' }, POSTGRES_ALONE);
const apiPostgres = (name, files) => {
  if (process.env.TEST_DATABASE_URL) return vitest(name, ['api', 'api-postgres-only'], { TEST_DB: 'postgres' }, files);
  fs.rmSync(path.join(resultsDir, `${name}.json`), { force: true });
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  return 0;
};
// The files that never open the suite's database ran in the PGlite pass: the same again would check nothing new.
const apiPostgresAll = () => apiPostgres('api-postgres', exclude(DATABASE_FREE));
const apiPostgresRest = () => apiPostgres('api-postgres', exclude([...POSTGRES_ALONE, ...DATABASE_FREE]));
const apiPostgresAlone = () => apiPostgres('api-postgres-alone', POSTGRES_ALONE);

let status;
if (suite === 'unit') {
  // Two workers, where Vitest would take cores − 1 (one here): the type check beside them (TypeScript 7, one thread
  // per workspace) needs little of the machine, and one worker left the unit step waiting on its slowest files.
  status = vitest(
    'unit',
    ['contract', 'server-unit', 'web', 'console', 'devchain', 'scripts', 'faults-unit'],
    {},
    [],
    ['--maxWorkers=2'],
  );
} else if (suite === 'api') {
  status = apiPglite();
  status = apiPostgresAll() || status;
} else if (suite === 'api-pglite') {
  status = apiPglite();
} else if (suite === 'api-postgres') {
  status = apiPostgresAll();
} else if (suite === 'api-postgres-rest') {
  status = apiPostgresRest();
} else if (suite === 'api-postgres-alone') {
  status = apiPostgresAlone();
} else if (suite === 'api-pglite-rest') {
  status = apiPgliteRest();
} else if (suite === 'api-alone') {
  status = apiPgliteAlone();
  status = apiPostgresAlone() || status;
} else {
  console.error(
    'usage: run-vitest.mjs unit|api|api-pglite|api-pglite-rest|api-alone|api-postgres|api-postgres-rest|api-postgres-alone',
  );
  status = 2;
}
process.exit(status);
