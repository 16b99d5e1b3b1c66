import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVERY_PRODUCTION_SETTING,
  type MainRun,
  removeServerBundle,
  runMain as runMainTs,
  START_TIMEOUT_MS,
} from './main-process.ts';

/**
 * A production start of each role mix in a process of its own (docs/deployment.md "Process roles"): the production
 * build with plain node, as `npm run start:prod` runs it.
 */
const runMain = (env: Record<string, string>) => runMainTs(env, { compiled: true });
const PRODUCTION = { ...EVERY_PRODUCTION_SETTING, NODE_ENV: 'production', CREDIT_APPROVAL_THRESHOLD: '1000' };
const { HOT_WALLET_PRIVATE_KEY: HOT_KEY, ...WITHOUT_KEYS } = PRODUCTION;

describe('process roles in production', () => {
  afterAll(removeServerBundle);

  it(
    'refuses an API without the treasury that was given the spending keys, with one line naming them',
    async () => {
      const run = await runMain({
        ...PRODUCTION,
        ROLES: 'api,workers',
        DEPOSIT_HD_MNEMONIC: 'test test test test test test test test test test test junk',
        LOG_LEVEL: 'silent',
      });
      try {
        expect(run.state).toBe('exited');
        expect(run.code).toBe(1);
        expect(run.stderr().trim()).toBe(
          'Invalid configuration: ROLES=api,workers runs the API without the treasury, so it may hold no spending key; unset DEPOSIT_HD_MNEMONIC and HOT_WALLET_PRIVATE_KEY (only the treasury role reads them)',
        );
      } finally {
        await run.stop();
      }
    },
    START_TIMEOUT_MS + 15_000,
  );

  describe('an API without keys (ROLES=api)', () => {
    let run: MainRun;
    beforeAll(async () => {
      run = await runMain({ ...WITHOUT_KEYS, ROLES: 'api', LOG_LEVEL: 'info' });
      if (run.state !== 'running') throw new Error(`main did not start: ${run.stderr()}`);
    }, START_TIMEOUT_MS + 15_000);
    afterAll(async () => {
      await run?.stop();
    });

    it('serves the API and starts no background work', async () => {
      expect((await fetch(`${run.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${run.baseUrl}/docs/json`)).status).toBe(200);
      expect(databaseReady(run)).toMatchObject({ roles: ['api'], work: [] });
    });
  });

  describe('a treasury and workers process (ROLES=workers,treasury)', () => {
    let run: MainRun;
    beforeAll(async () => {
      // Only what these roles use: the chains and the hot wallet's key; no API secret, mail, host or xpub.
      const { BSC_RPC_URL, SOLANA_RPC_URL } = PRODUCTION;
      run = await runMain({
        NODE_ENV: 'production',
        ROLES: 'workers,treasury',
        BSC_RPC_URL,
        SOLANA_RPC_URL,
        HOT_WALLET_PRIVATE_KEY: HOT_KEY,
        LOG_LEVEL: 'info',
      });
      if (run.state !== 'running') throw new Error(`main did not start: ${run.stderr()}`);
    }, START_TIMEOUT_MS + 15_000);
    afterAll(async () => {
      await run?.stop();
    });

    it('answers its health checks only, and runs every background work of its roles', async () => {
      expect((await fetch(`${run.baseUrl}/healthz`)).status).toBe(200);
      // The chains of this test do not exist: readiness says so, and names them.
      const ready = await fetch(`${run.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      for (const path of ['/docs/json', '/v1/content/announcements', '/ops/v1/chain/status', '/'])
        expect((await fetch(`${run.baseUrl}${path}`)).status, path).toBe(404);
      expect(databaseReady(run)).toMatchObject({
        roles: ['workers', 'treasury'],
        work: [
          'pledge-settlement',
          'machine-mining',
          'housekeeping',
          'order-expiry',
          'team-volume-rollup',
          'deposit-watcher:bsc',
          'deposit-watcher:solana',
          'invest-watcher:bsc',
          'collection-watcher:bsc',
          'collection-watcher:solana',
          'payout-worker:bsc',
          // Without DEPOSIT_HD_MNEMONIC no sweeper starts (they sign with deposit keys); the reserves read needs none.
          'reserves-read',
          'reserves-publish',
        ],
      });
    });
  });
});

/** main's log line once the database is ready: the roles of the process and the works it started. */
function databaseReady(run: MainRun) {
  return run
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; roles?: string[]; work?: string[] })
    .find((entry) => entry.msg === 'database ready');
}
