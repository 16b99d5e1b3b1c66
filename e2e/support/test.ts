/**
 * The specs' `test`: every Playwright worker starts an e2e server of its own (support/e2e-server.ts: its own
 * in-memory database, dev chains and signed-in user) on a port of 127.0.0.1 it picks itself, and its tests use it as
 * baseURL. Two workers then never share a server's state: settings the console spec changes, the operators
 * OPERATOR_TOKEN may still add, the credits one operator made in 24 hours.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';
import { E2E_STATE_FILES } from './app.ts';
import { recordToasts } from './toasts.ts';

export * from '@playwright/test';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(e2eDir, '../node_modules/.bin/tsx');

/**
 * Waits until the server wrote the address it listens on and answers /healthz there; a server that stopped fails at
 * once with what it printed.
 */
async function waitUntilUp(server: ChildProcess, addressFile: string, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the e2e server stopped (${server.exitCode ?? server.signalCode}):\n${output()}`);
    }
    const url = fs.existsSync(addressFile) ? fs.readFileSync(addressFile, 'utf8').trim() : null;
    const up =
      url !== null &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    if (up) return url;
    if (Date.now() > deadline) throw new Error(`the e2e server did not start:\n${output()}`);
    // Polling, not sleeping through a step of the test: the server has no other way to say it is ready.
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops the server as Ctrl-C would (it closes its chains and database), and for good if it does not within 20 s. */
async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = new Promise((r) => setTimeout(r, 20_000, 'timeout'));
  if ((await Promise.race([exited, timer])) === 'timeout' && server.pid) {
    process.kill(-server.pid, 'SIGKILL');
  }
}

export const test = base.extend<object, { e2eServer: { url: string; stateDir: string } }>({
  // Every context a spec opens, its own page's and those of browser.newPage() and newContext(), logs its toasts
  // (support/toasts.ts: expectToast reads the log).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await recordToasts(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, workerInfo) => {
      const stateDir = path.join(e2eDir, '.state', `worker-${workerInfo.workerIndex}`);
      // support/app.ts reads the session and chain files from here, in this worker's process.
      process.env.E2E_STATE_DIR = stateDir;
      // What the server prints stays beside its Hardhat log, for a failed run to be read.
      fs.rmSync(stateDir, { recursive: true, force: true });
      fs.mkdirSync(stateDir, { recursive: true });
      const logFile = path.join(stateDir, 'server.log');
      const log = fs.openSync(logFile, 'w');
      const server = spawn(tsx, ['support/e2e-server.ts'], {
        cwd: e2eDir,
        env: { ...process.env, PORT: '0', E2E_STATE_DIR: stateDir },
        stdio: ['ignore', log, log],
        // A group of its own, so a server that ignores SIGTERM goes with its Hardhat child.
        detached: true,
      });
      fs.closeSync(log);
      const output = () => fs.readFileSync(logFile, 'utf8').slice(-20_000);
      try {
        const url = await waitUntilUp(server, path.join(stateDir, E2E_STATE_FILES.address), output, 170_000);
        await use({ url, stateDir });
      } finally {
        await stop(server);
      }
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.url),
});
