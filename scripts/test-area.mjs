// `npm run test:area -- <area> [<area>...]`: one area's unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set) and e2e tests, chosen by path in ./test-areas.mjs, then the same time report as `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { AREAS, testFilesOf } from './test-areas.mjs';
import { finish, runSteps } from './test-report.mjs';

const areas = process.argv.slice(2);
const unknown = areas.filter((a) => !(a in AREAS));
if (areas.length === 0 || unknown.length) {
  if (unknown.length) console.error(`unknown area: ${unknown.join(', ')}`);
  console.error(`usage: npm run test:area -- <area>...   areas: ${Object.keys(AREAS).join(', ')}`);
  process.exit(2);
}

const resultsDir = path.resolve('.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

const files = testFilesOf(areas);
const unit = files.unit.length ? ['unit', 'node', ['scripts/run-vitest.mjs', 'unit', ...files.unit]] : null;
const api = files.api.length ? ['api on PGlite', 'node', ['scripts/run-vitest.mjs', 'api-pglite', ...files.api]] : null;
const e2e = files.e2e.length
  ? ['e2e', 'node', ['scripts/run-e2e.mjs', ...files.e2e.map((s) => path.relative('e2e', s))]]
  : null;
// The unit and PGlite API tests run beside the e2e tests, which wait on the browser and on their servers' start for
// much of their time: the shell area took 2:21 one after another and 2:02 side by side (one run each, a busy host).
const first = [e2e, unit, api].filter(Boolean);
const steps = first.length > 1 ? [{ together: first }] : first;
if (process.env.TEST_DATABASE_URL && files.api.length + files.postgresOnly.length) {
  const both = [...files.api, ...files.postgresOnly];
  steps.push(['api on PostgreSQL', 'node', ['scripts/run-vitest.mjs', 'api-postgres', ...both]]);
}
console.log(
  `area ${areas.join(', ')}: ${Object.entries(files)
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ')} files`,
);

process.exit(finish(resultsDir, await runSteps(steps)));
