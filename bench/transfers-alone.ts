/**
 * `npm run transfers -w @aidf/bench`: the transfer bench alone (npm run bench runs it with the others): pgbench's
 * one-statement ceiling and the API's transfers over 1,000 users and the 20-user hot spot on the PostgreSQL of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), after the same on PGlite unless BENCH_TRANSFERS_PGLITE=0; then over
 * 1,000 users with K separate API processes (ROLES=api) for each K of BENCH_API_PROCESSES (default "1,2"; "" for
 * none). Exits 1 naming each budget missed, as npm run bench does.
 */
import { printTransfers } from './transfers.ts';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const processes = (process.env.BENCH_API_PROCESSES ?? '1,2').split(',').filter(Boolean).map(Number);
const misses = await printTransfers(
  postgresUrl,
  'pglite',
  process.env.BENCH_TRANSFERS_PGLITE !== '0' || !postgresUrl,
  processes,
);
console.log(misses.length > 0 ? '\nOVER BUDGET' : '\nwithin budget');
for (const miss of misses) console.log(`  ${miss}`);
process.exit(misses.length > 0 ? 1 : 0);
