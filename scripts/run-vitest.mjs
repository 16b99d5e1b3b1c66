// Runs a Vitest suite: 'unit' (contract, server units, web, console, dev chains, the test scripts) or 'api' (a real server on PGlite, then on
// PostgreSQL when TEST_DATABASE_URL is set; 'api-pglite' and 'api-postgres' run one pass each). Results go to .test-results/ for the summary of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const suite = process.argv[2];
const extra = process.argv.slice(3);
const resultsDir = path.resolve('.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function vitest(name, projects, env = {}) {
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json'];
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
const apiPostgres = () => {
  if (process.env.TEST_DATABASE_URL)
    return vitest('api-postgres', ['api', 'api-postgres-only'], { TEST_DB: 'postgres' });
  fs.rmSync(path.join(resultsDir, 'api-postgres.json'), { force: true });
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  return 0;
};

let status;
if (suite === 'unit') {
  status = vitest('unit', ['contract', 'server-unit', 'web', 'console', 'devchain', 'scripts']);
} else if (suite === 'api') {
  status = apiPglite();
  status = apiPostgres() || status;
} else if (suite === 'api-pglite') {
  status = apiPglite();
} else if (suite === 'api-postgres') {
  status = apiPostgres();
} else {
  console.error('usage: run-vitest.mjs unit|api|api-pglite|api-postgres');
  status = 2;
}
process.exit(status);
