import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OwnCluster, startOwnCluster } from '../../apps/server/test/own-cluster.ts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { SAVE_SCREENSHOTS } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

/**
 * The real answer of a server whose database is away: the production server (main.ts, the built app) on a PostgreSQL
 * cluster of this file's own, which the test stops under the open app and starts again. The server answers 503 with
 * Retry-After; the app shows "Reconnecting…" under its header, retries its reads and drops the banner once served.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOTS = path.join(root, 'e2e', 'screenshots');
const texts = { en, zhCN, ar } as const;

let cluster: OwnCluster;
let server: ChildProcess;
let baseUrl: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startOwnCluster();
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: cluster.url,
      PORT: '0',
      HOST: '127.0.0.1',
      ROLES: 'api',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      CONSOLE_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  baseUrl = await new Promise<string>((resolve, reject) => {
    server.stdout?.on('data', (chunk) => {
      out += chunk;
      const address = /AIDF is running: (http:\/\/\S+)/.exec(out)?.[1];
      if (address) resolve(address);
    });
    server.stderr?.on('data', (chunk) => {
      out += chunk;
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  cluster?.remove();
});

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[reconnect] the database stops and starts: "Reconnecting…" under the header, then served (${language}, 390)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/v1/')) answers.push(r.status());
    });
    await page.goto(`${baseUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const banner = page.getByTestId('reconnecting');
    await expect(banner).toHaveCount(0);

    cluster.stop('fast');
    // A fresh load of the screen: every read it makes meets the server's 503.
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toHaveText(texts[language].reconnect.banner);
    expect(answers).toContain(503);
    await expect(page.getByTestId('offline-screen')).toHaveCount(0);
    // Under the header, not over it.
    const header = await page.locator('.app-header').boundingBox();
    const box = await banner.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    if (SAVE_SCREENSHOTS) {
      await page.screenshot({ path: path.join(SCREENSHOTS, language, 'reconnecting-390.png'), animations: 'disabled' });
    }

    cluster.start();
    // Retry-After (5 s) later the reads are served, and the banner goes with the first answer.
    await expect(banner).toHaveCount(0, { timeout: 40_000 });
    expect(answers.at(-1)).toBe(200);
    await expect(page.locator('.toast-error')).toHaveCount(0);
  });
}
