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
const steps = [];
if (files.unit.length) steps.push(['unit', 'node', ['scripts/run-vitest.mjs', 'unit', ...files.unit]]);
if (files.api.length) steps.push(['api on PGlite', 'node', ['scripts/run-vitest.mjs', 'api-pglite', ...files.api]]);
if (process.env.TEST_DATABASE_URL && files.api.length + files.postgresOnly.length) {
  const both = [...files.api, ...files.postgresOnly];
  steps.push(['api on PostgreSQL', 'node', ['scripts/run-vitest.mjs', 'api-postgres', ...both]]);
}
if (files.e2e.length) {
  steps.push(['e2e', 'node', ['scripts/run-e2e.mjs', ...files.e2e.map((s) => path.relative('e2e', s))]]);
}
console.log(
  `area ${areas.join(', ')}: ${Object.entries(files)
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ')} files`,
);

process.exit(finish(resultsDir, await runSteps(steps)));
