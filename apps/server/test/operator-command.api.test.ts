import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MainRun, runMain, START_TIMEOUT_MS } from './main-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const OPERATOR = path.join(here, '../src/cli/operator.ts');

/** `npm run operator -- <args>` with `env` only (plus PATH and HOME): its exit code and what it printed. */
async function operator(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', OPERATOR, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The operator command against a fresh `npm start` on a port of its own (docs/operator-guide.md "The operator
 * command"): the start line names the command with OPERATOR_URL set to that port, a wrong token is said to be the
 * operator token's fault, and chain-status says which watcher is not configured rather than "scanned at never".
 */
describe('the operator command against a fresh npm start', () => {
  let run: MainRun;
  beforeAll(async () => {
    run = await runMain({ LOG_LEVEL: 'warn' }, { startTimeoutMs: START_TIMEOUT_MS + 120_000 });
  }, START_TIMEOUT_MS + 120_000); // tsx's cold start of `npm start` took over 180 s beside the e2e suite on a busy machine
  afterAll(async () => {
    await run?.stop();
  });

  it('prints the command with OPERATOR_URL set to where the server listens', async () => {
    expect(run.state, run.stderr()).toBe('running');
    await expect.poll(() => run.stdout(), { timeout: 30_000 }).toMatch(/Operator:/);
    expect(run.baseUrl).not.toBe('http://127.0.0.1:8080');
    expect(run.stdout()).toContain(`Operator:        OPERATOR_URL=${run.baseUrl} npm run operator -- chain-status`);
  });

  it('says the server refused the operator token, and how to set OPERATOR_TOKEN and OPERATOR_URL', async () => {
    const refused = await operator({ OPERATOR_URL: run.baseUrl, OPERATOR_TOKEN: 'not-the-operator-token' }, 'config');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the server at ${run.baseUrl} refused the operator token (HTTP 401)`);
    expect(refused.stderr).toMatch(/Set OPERATOR_TOKEN .*OPERATOR_URL/);
    expect(refused.stderr).not.toContain('Please login first');
  }, 60_000);

  it('says the Solana collection watcher is not configured, and which setting it needs', async () => {
    const status = await operator({ OPERATOR_URL: run.baseUrl }, 'chain-status');
    expect(status.stderr).toBe('');
    expect(status.stdout).toContain('solana miner payments: not configured: set machine.collectionAddress.solana');
    expect(status.stdout).not.toMatch(/scanned at never/);
    // The BNB Smart Chain's collection address falls back to the dev hot wallet: that watcher runs and says so.
    expect(status.stdout).toMatch(/bsc miner payments: last scanned block \d+/);
  }, 60_000);
});
