import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test.ts';

/**
 * A server started the way an operator starts it, with its own REQUEST_SIGN_SECRET and no
 * other setting, serves the same built app (built with the dev default) and the app's signed calls pass: the
 * page takes the secret from the server. Before, every call answered "Invalid parameter".
 * The server is `npm start`'s own entry (src/main.ts, dev chains and all), in an empty folder of its own so its
 * embedded database is fresh; PORT=0 keeps it off the suite's server and anyone's 8080: the system picks a port
 * nobody holds, and the server prints its address.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWN_SECRET = 'an-operators-own-request-secret-16';

let server: ChildProcess | undefined;
let baseUrl = '';
let workDir = '';
let output = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-own-secret-'));
  // Nothing of the suite's environment (NODE_ENV=test and the like): only what a shell has, the secret and a port.
  server = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? workDir,
      REQUEST_SIGN_SECRET: OWN_SECRET,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode}):\n${output}`);
    baseUrl = /AIDF is running: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    const up = await (baseUrl ? fetch(`${baseUrl}/healthz`) : Promise.reject(new Error('not listening yet'))).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('[own secret] a server with its own REQUEST_SIGN_SECRET serves an app whose calls it accepts', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/v1/')) return;
    const body = await response.json().catch(() => null);
    if (body?.code === 1225) refused.push(response.url());
  });
  const announcements = page.waitForResponse((r) => r.url().includes('/v1/cms/content/p/'));
  await page.goto(`${baseUrl}/`);
  expect((await (await announcements).json()).code).toBe(200);
  await expect(page.getByRole('link', { name: /Withdrawal schedule/ })).toBeVisible();
  await expect(page.getByText('Invalid parameter')).toHaveCount(0);
  expect(refused).toEqual([]);
});
