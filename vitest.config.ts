import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './scripts/heavy-first-sequencer.mjs';

/**
 * The unit projects run beside the type check and the lint on two cores: a test that takes 0.5 s alone can take 8 s
 * there. Tests wait for events, never for time, so this only keeps a descheduled test from being called failed.
 */
const UNIT_TIMEOUT_MS = 20_000;

export default defineConfig({
  test: {
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], testTimeout: UNIT_TIMEOUT_MS } },
      // The test tooling itself: the time report and the areas of `npm run test:area`.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'devchain',
          include: ['packages/devchain/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      { test: { name: 'server-unit', include: ['apps/server/src/**/*.test.ts'], testTimeout: UNIT_TIMEOUT_MS } },
      // The fault harness's checks on hand-written rows (its scenarios run on their own: npm run test:faults).
      { test: { name: 'faults-unit', include: ['faults/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          testTimeout: UNIT_TIMEOUT_MS,
          // Node by default: half the files test logic alone, and a jsdom costs a file about a second and a half to
          // build. A file that renders or reads the DOM says so on its first line: `// @vitest-environment jsdom`.
          environment: 'node',
          setupFiles: ['scripts/dom-test-setup.mjs'],
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
        },
      },
      {
        // The operator console's logic (apps/console): CSV export, the API client's envelope handling. Node by default,
        // as the web's: a file that needs the DOM says `// @vitest-environment jsdom` on its first line.
        plugins: [react()],
        test: {
          name: 'console',
          testTimeout: UNIT_TIMEOUT_MS,
          environment: 'node',
          setupFiles: ['scripts/dom-test-setup.mjs'],
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.api.test.ts'],
          // Migrates once the template every file's own database is copied from.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Stops any server process (main-process.ts) a test of the file left running.
          setupFiles: ['apps/server/test/stop-every-main.ts'],
          // Each file starts its own PGlite (about 750 MB); two at a time fit the machine.
          pool: 'forks',
          maxWorkers: 2,
          // A worker runs its files one after another in one process, so the server's modules load once per worker
          // rather than once per file (each file still gets a server, database and chain of its own).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // What only PostgreSQL has (pooled connections): run in the PostgreSQL pass of the API suite only.
        // Same pool as 'api', so that Vitest can run the two projects in one group.
        test: {
          name: 'api-postgres-only',
          include: ['apps/server/test/**/*.postgres.test.ts'],
          setupFiles: ['apps/server/test/stop-every-main.ts'],
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          // As 'api': a file's server, database and dev chain start in its beforeAll.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
