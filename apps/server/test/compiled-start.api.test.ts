import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_WITH_PARENT, leashedEnv, removeServerBundle, serverBundle } from './main-process.ts';

/**
 * The production start runs compiled JavaScript. The server is built (build.mjs) and its
 * bundle started with plain `node`, no tsx: Node 20 refuses any .ts module, so a start that answers proves
 * none is left. The build goes under node_modules/.cache, where the bundle's package imports still resolve.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
let outdir = '';
const OPERATOR_TOKEN = 'a-deployment-operator-token';

let child: ChildProcess | undefined;
let baseUrl = '';
let output = '';

beforeAll(async () => {
  const main = serverBundle();
  outdir = path.dirname(main);
  // The bundle with plain node; the preload (plain JavaScript too) stops it if this test process ends first.
  child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, main], {
    cwd: repoRoot,
    // A production-like start with no chain (DEV_CHAIN=off): its own secrets, SMTP and public hosts.
    env: leashedEnv({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DEV_CHAIN: 'off',
      REQUEST_SIGN_SECRET: 'a-deployment-request-secret',
      OPERATOR_TOKEN,
      AUTHENTICATOR_SEAL_KEY: 'ZGVwbG95bWVudC1hdXRoZW50aWNhdG9yLXNlYWxrZXk=',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_HOSTS: 'aidf.example',
      DATA_DIR: ':memory:',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    child?.stdout?.on('data', (chunk) => {
      output += chunk;
      const address = /AIDF is running: (http:\/\/\S+)/.exec(output)?.[1];
      if (address) resolve(address);
    });
    child?.once('exit', (code) => reject(new Error(`the compiled server exited (${code}):\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  removeServerBundle();
});

describe('[api] compiled production start', () => {
  it('builds into one entry per command, the migrations beside them', () => {
    for (const file of ['main.js', 'operator.js', 'deposit-keys.js', 'migrations/0001_foundation.sql'])
      expect(fs.existsSync(path.join(outdir, file)), file).toBe(true);
  });

  it('answers /healthz, /readyz and /metrics from plain node', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: unknown }).data).toEqual({ status: 'ok', database: 'pglite' });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(((await ready.json()) as { data: unknown }).data).toEqual({ ready: true, database: 'ok', chains: {} });
    const metrics = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('aidf_ledger_check_ok 1');
  });

  it('stops on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|\.ts\b.*error/i);
  });
});
