import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';

/**
 * Issue 9 point 5: `npm start` (src/main.ts) in a process of its own, with exactly the environment a
 * deployment would give it — not the test runner's NODE_ENV=test — and every module it reaches written down
 * by module-loads/register.mjs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const MAIN = path.join(here, '../src/main.ts');
const RECORDER = path.join(here, 'module-loads/register.mjs');

/** What only the dev tools use: the dev chains, the dev mail server and its parser, the seed data, the dev routes. */
const DEV_MODULE =
  /\/apps\/server\/src\/dev\/|\/packages\/devchain\/|\/node_modules\/(smtp-server|mailparser|hardhat|@aidf\/devchain)\/|\/routes\/dev-(mailbox|wallet)\.ts$/;

/** A deployment's settings without NODE_ENV: its own secrets, SMTP, both chains and the platform keys. */
const EVERY_PRODUCTION_SETTING = {
  REQUEST_SIGN_SECRET: 'a-deployment-request-secret',
  OPERATOR_TOKEN: 'a-deployment-operator-token',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_HOSTS: 'aidf.example',
  BSC_RPC_URL: 'https://bsc.example.invalid',
  SOLANA_RPC_URL: 'https://solana.example.invalid',
  HOT_WALLET_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  // The extended public key of m/44'/60'/0'/0 of the phrase 'test … junk': the API holds no seed.
  DEPOSIT_XPUB:
    'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4',
};

/** tsx compiles the whole server on a cold start: on a busy machine that takes a while. */
const START_TIMEOUT_MS = 120_000;

interface MainRun {
  /** 'running' once main printed its address, else 'exited' with the exit code. */
  state: 'running' | 'exited';
  code: number | null;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  /** The URLs of every module the process resolved so far. */
  loads: () => string[];
  stop: () => Promise<void>;
}

/** Starts main.ts with `env` only (plus PATH and HOME) on an in-memory database; waits until it listens or exits. */
async function runMain(env: Record<string, string>): Promise<MainRun> {
  const loadsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-loads-')), 'loads.txt');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', RECORDER, MAIN], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: ':memory:',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      CHAIN_POLL_MS: '600000',
      MODULE_LOADS_FILE: loadsFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const outcome = await new Promise<{ state: 'running' | 'exited'; code: number | null; baseUrl: string }>(
    (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`main did not start or stop:\n${stdout}\n${stderr}`)),
        START_TIMEOUT_MS,
      );
      child.stdout?.on('data', () => {
        const address = /AIDF is running: (http:\/\/\S+)/.exec(stdout)?.[1];
        if (address) {
          clearTimeout(timer);
          resolve({ state: 'running', code: null, baseUrl: address });
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        resolve({ state: 'exited', code, baseUrl: '' });
      });
    },
  );
  return {
    ...outcome,
    stdout: () => stdout,
    stderr: () => stderr,
    loads: () => (fs.existsSync(loadsFile) ? fs.readFileSync(loadsFile, 'utf8').split('\n').filter(Boolean) : []),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(path.dirname(loadsFile), { recursive: true, force: true });
    },
  };
}

describe('production start-up rules (issue 9 point 5)', () => {
  it(
    'refuses to start with real chain URLs and keys but not the production secrets, in one line saying why',
    async () => {
      // The case: real RPC URLs and keys, no NODE_ENV, no own secrets, no SMTP_URL nor PUBLIC_HOSTS.
      const {
        REQUEST_SIGN_SECRET: _s,
        OPERATOR_TOKEN: _o,
        SMTP_URL: _m,
        PUBLIC_HOSTS: _h,
        ...urlsAndKeys
      } = EVERY_PRODUCTION_SETTING;
      const run = await runMain({ ...urlsAndKeys, LOG_LEVEL: 'silent' });
      try {
        expect(run.state).toBe('exited');
        expect(run.code).toBe(1);
        expect(run.stderr().trim()).toBe(
          'Invalid configuration: a real chain is configured (BSC_RPC_URL, SOLANA_RPC_URL), so every production setting is required; missing: REQUEST_SIGN_SECRET (not the public dev value), OPERATOR_TOKEN (not the public dev value), SMTP_URL, PUBLIC_HOSTS (or unset the real chain settings and keys to run on the dev chains)',
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
