import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` (src/main.ts) in a process of its own, with exactly the environment a deployment would give it (not
 * the test runner's NODE_ENV=test), every module it reaches written down by module-loads/register.mjs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const MAIN = path.join(here, '../src/main.ts');
const RECORDER = path.join(here, 'module-loads/register.mjs');
/** Preloaded into every server a test starts: the server goes when the test process does (exit-with-parent.mjs). */
export const EXIT_WITH_PARENT = path.join(here, 'exit-with-parent.mjs');
/**
 * A server's environment with the mark of the test run it belongs to, if any: scripts/test-all.mjs looks for processes
 * carrying it that outlived the run (a server started with an environment of its own would not carry it otherwise).
 */
export function leashedEnv(env: Record<string, string>): Record<string, string> {
  const mark = process.env.AIDF_TEST_RUN;
  return mark ? { ...env, AIDF_TEST_RUN: mark } : env;
}

/** The servers started by this test process and not yet exited, so a file's end can stop any a test left running. */
const live = new Set<() => Promise<void>>();

/**
 * Stops every server runMain started that is still running (the api projects' setup file calls it after each test
 * file): a test that failed or timed out before its own stop leaves none behind for the next file or after the run.
 */
export async function stopEveryMain() {
  await Promise.all([...live].map((stop) => stop()));
}

/** A deployment's settings without NODE_ENV: its own secrets, SMTP, both chains and the platform keys. */
export const EVERY_PRODUCTION_SETTING = {
  REQUEST_SIGN_SECRET: 'a-deployment-request-secret',
  OPERATOR_TOKEN: 'a-deployment-operator-token',
  AUTHENTICATOR_SEAL_KEY: 'ZGVwbG95bWVudC1hdXRoZW50aWNhdG9yLXNlYWxrZXk=',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_HOSTS: 'aidf.example',
  BSC_RPC_URL: 'https://bsc.example.invalid',
  SOLANA_RPC_URL: 'https://solana.example.invalid',
  HOT_WALLET_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  // The extended public key of m/44'/60'/0'/0 of the phrase 'test … junk': the API holds no seed.
  DEPOSIT_XPUB:
    'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4',
};

/**
 * The production build of the server (build.mjs, as `npm run build` makes it), built once per test process under
 * node_modules/.cache, where the bundle's package imports resolve; removeServerBundle() takes it away.
 */
let bundle: string | undefined;
export function serverBundle(): string {
  if (bundle) return bundle;
  const outdir = path.join(repoRoot, 'node_modules/.cache', `aidf-server-bundle-${process.pid}`);
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs'), '--outdir', outdir], { stdio: 'pipe' });
  bundle = path.join(outdir, 'main.js');
  return bundle;
}

/** Removes what serverBundle() built (a test file's afterAll: Vitest's workers end without an 'exit' event). */
export function removeServerBundle() {
  if (bundle) fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
  bundle = undefined;
}

/**
 * tsx compiles the whole server on a cold start: on a busy machine that takes a while (over 120 s was seen with
 * the e2e suite and the API suite on PostgreSQL side by side on two slow cores).
 */
export const START_TIMEOUT_MS = 180_000;

export interface MainRun {
  /** 'running' once main printed its address, else 'exited' with the exit code. */
  state: 'running' | 'exited';
  code: number | null;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  /** The URLs of every module the process resolved so far. */
  loads: () => string[];
  /** How the process ended, once it has: its exit code, or the signal that killed it. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The process's id (the fault harness kills it with a signal of its choice: `process.kill(pid, 'SIGKILL')`). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts main.ts with `env` only (plus PATH and HOME) on an in-memory database; waits until it listens or exits.
 * `bundle`: another build of main.js (the fault harness's, or a mutant's) with plain node.
 * `compiled`: the production build (serverBundle) with plain node, a third of tsx's start-up CPU, for tests that
 * start many processes and read no module loads (`loads()` is then empty: the bundle has no module graph to record).
 */
export async function runMain(
  env: Record<string, string>,
  {
    compiled = false,
    bundle,
    startTimeoutMs = START_TIMEOUT_MS,
  }: { compiled?: boolean; bundle?: string; startTimeoutMs?: number } = {},
): Promise<MainRun> {
  const loadsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-loads-')), 'loads.txt');
  const built = bundle ?? (compiled ? serverBundle() : null);
  const leash = ['--import', EXIT_WITH_PARENT];
  const args = built ? [...leash, built] : [...leash, '--import', 'tsx', '--import', RECORDER, MAIN];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: leashedEnv({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: ':memory:',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      CHAIN_POLL_MS: '600000',
      MODULE_LOADS_FILE: loadsFile,
      ...env,
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // Once: a second SIGTERM while the first stop drains would kill the server outright (main.ts listens once).
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= stopOnce();
    return stopping;
  };
  const stopOnce = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    live.delete(stop);
    fs.rmSync(path.dirname(loadsFile), { recursive: true, force: true });
  };
  live.add(stop);
  void exited.then(() => live.delete(stop));
  const outcome = await new Promise<{ state: 'running' | 'exited'; code: number | null; baseUrl: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL'); // a start given up on must not stay behind
        reject(new Error(`main did not start or stop:\n${stdout}\n${stderr}`));
      }, startTimeoutMs);
      child.stdout?.on('data', () => {
        const address = /AIDF is running: (http:\/\/\S+)/.exec(stdout)?.[1];
        if (address) {
          clearTimeout(timer);
          resolve({ state: 'running', code: null, baseUrl: address });
        }
      });
      void exited.then(({ code }) => {
        clearTimeout(timer);
        resolve({ state: 'exited', code, baseUrl: '' });
      });
    },
  );
  return {
    ...outcome,
    stdout: () => stdout,
    stderr: () => stderr,
    exit: exited,
    pid: child.pid,
    loads: () => (fs.existsSync(loadsFile) ? fs.readFileSync(loadsFile, 'utf8').split('\n').filter(Boolean) : []),
    stop,
  };
}
