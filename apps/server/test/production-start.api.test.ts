import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { EVERY_PRODUCTION_SETTING, type MainRun, runMain, START_TIMEOUT_MS } from './main-process.ts';

/**
 * `npm start` (src/main.ts) in a process of its own, with exactly the environment a
 * deployment would give it — not the test runner's NODE_ENV=test — and every module it reaches written down
 * by module-loads/register.mjs.
 */

/** What only the dev tools use: the dev chains, the dev mail server and its parser, the seed data, the dev routes. */
const DEV_MODULE =
  /\/apps\/server\/src\/dev\/|\/packages\/devchain\/|\/node_modules\/(smtp-server|mailparser|hardhat|@aidf\/devchain)\/|\/routes\/dev-(mailbox|wallet)\.ts$/;

describe('production start-up rules', () => {
  it(
    'refuses to start with real chain URLs and keys but not the production secrets, in one line saying why',
    async () => {
      // A careless deployment: real RPC URLs and keys, no NODE_ENV, no own secrets nor seal key, no SMTP_URL nor
      // PUBLIC_HOSTS.
      const {
        REQUEST_SIGN_SECRET: _s,
        OPERATOR_TOKEN: _o,
        AUTHENTICATOR_SEAL_KEY: _k,
        SMTP_URL: _m,
        PUBLIC_HOSTS: _h,
        ...urlsAndKeys
      } = EVERY_PRODUCTION_SETTING;
      const run = await runMain({ ...urlsAndKeys, LOG_LEVEL: 'silent' });
      try {
        expect(run.state).toBe('exited');
        expect(run.code).toBe(1);
        expect(run.stderr().trim()).toBe(
          'Invalid configuration: a real chain is configured (BSC_RPC_URL, SOLANA_RPC_URL), so every production setting is required; missing: REQUEST_SIGN_SECRET (not the public dev value), OPERATOR_TOKEN (not the public dev value), AUTHENTICATOR_SEAL_KEY (not the public dev value), SMTP_URL, PUBLIC_HOSTS (or unset the real chain settings and keys to run on the dev chains)',
        );
      } finally {
        await run.stop();
      }
    },
    START_TIMEOUT_MS + 15_000,
  );

  describe('with every production setting but no NODE_ENV', () => {
    let run: MainRun;
    beforeAll(async () => {
      run = await runMain({ ...EVERY_PRODUCTION_SETTING, LOG_LEVEL: 'info' });
      if (run.state !== 'running') throw new Error(`main did not start: ${run.stderr()}`);
    }, START_TIMEOUT_MS + 15_000);
    afterAll(async () => {
      await run?.stop();
    });

    it('serves the API but no /dev route', async () => {
      expect((await fetch(`${run.baseUrl}/healthz`)).status).toBe(200);
      for (const page of ['/dev/mailbox', '/dev/mailbox.json', '/dev/wallet'])
        expect((await fetch(`${run.baseUrl}${page}`)).status, page).toBe(404);
      const faucet = await fetch(`${run.baseUrl}/dev/faucet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chain: 'bnb', address: `0x${'22'.repeat(20)}` }),
      });
      expect(faucet.status).toBe(404);
    });

    it('refuses the public dev operator token', async () => {
      const res = await fetch(`${run.baseUrl}/ops/v1/chain/status`, {
        headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
      });
      expect(res.status).toBe(401);
    });

    it('seeds no demo user and prints no dev key', () => {
      const ready = run
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; seeded?: { demoUsers: number; announcements: number } })
        .find((entry) => entry.msg === 'database ready');
      expect(ready?.seeded).toEqual({ demoUsers: 0, announcements: 0 });
      expect(run.stdout()).not.toContain('Demo users');
      expect(run.stdout()).not.toContain(DEV_OPERATOR_TOKEN);
    });

    it('never loads a dev module: not the dev chains, the dev mail server, its parser nor the seed data', () => {
      const loads = run.loads();
      // The recorder saw the production modules, so an empty list of dev modules below means something.
      expect(loads.some((url) => url.endsWith('/apps/server/src/http/app.ts'))).toBe(true);
      expect(loads.some((url) => url.endsWith('/apps/server/src/prepare.ts'))).toBe(true);
      expect(loads.filter((url) => DEV_MODULE.test(url))).toEqual([]);
    });
  });
});
