// Which API test files the API passes run apart or leave out (scripts/run-vitest.mjs).

/**
 * The files `npm test` runs on their own, on both databases ('api-alone'), not in the passes beside the unit and
 * the e2e tests (on PGlite, its 5,000 transfers passed their 300 s timeout beside the unit tests and type check):
 * the ledger's 64 concurrent clients lock the same 20 accounts, and with the browsers taking the cores every
 * transaction holding a lock waits to be scheduled between its round trips: 80 s alone took 8 to 9 minutes there.
 */
export const POSTGRES_ALONE = ['apps/server/test/ledger.api.test.ts'];

/**
 * The files that never open the suite's database: each starts `main` as a process of its own on an in-memory
 * PGlite, whichever pass runs it, so a PostgreSQL pass would run them again exactly as the PGlite pass did. They
 * run in the PGlite pass only (scripts/api-passes.test.mjs holds them to that).
 */
export const DATABASE_FREE = [
  'apps/server/test/compiled-start.api.test.ts',
  'apps/server/test/fresh-start-reserves.api.test.ts',
  'apps/server/test/process-roles-start.api.test.ts',
  'apps/server/test/production-start.api.test.ts',
];

/** What marks a test file that opens the suite's database (TEST_DB, through the helpers of test-server.ts). */
export const OPENS_TEST_DATABASE =
  /\b(startTestServer|startChainTestServer|freshDatabase|throwawayDatabase|TEST_DB|TEST_DATABASE_URL|DATABASE_URL)\b/;
