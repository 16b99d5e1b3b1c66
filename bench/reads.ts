/**
 * `npm run reads -w @aidf/bench`: the hot-reads bench alone (npm run bench runs it with the others), on the
 * PostgreSQL of BENCH_DATABASE_URL (or TEST_DATABASE_URL), else on PGlite; exits 1 naming a read under budget.
 */
import { hotReads, printHotReads } from './hot-reads.ts';

const missed = printHotReads(await hotReads(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL));
for (const m of missed) console.log(`OVER BUDGET: ${m}`);
process.exit(missed.length > 0 ? 1 : 0);
