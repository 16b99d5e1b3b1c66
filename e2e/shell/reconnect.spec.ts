import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_WITH_PARENT, leashedEnv } from '../../apps/server/test/main-process.ts';
import { type OwnCluster, startOwnCluster } from '../../apps/server/test/own-cluster.ts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { SAVE_SCREENSHOTS } from '../support/app.ts';
import { serverBuild } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';

/**
 * The production server (main.js of the built app) on a PostgreSQL cluster of this file's own, started as an operator
 * starts it with a REQUEST_SIGN_SECRET of its own:
 * - the built app (built with the dev default) takes the secret from the server, and its signed calls pass (before,
 *   every call answered "Invalid parameter");
 * - the real answer of a server whose database is away: the test stops the cluster under the open app and starts it
 *   again. The server answers 503 with Retry-After; the app shows "Reconnecting…" under its header, retries its reads
 *   and drops the banner once served.
 * One server for both: a start of the server (and of a cluster) is the dearest part of either test.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOTS = path.join(root, 'e2e', 'screenshots');
const texts = { en, zhCN, ar } as const;
const OWN_SECRET = 'an-operators-own-request-secret-16';

let cluster: OwnCluster;
let server: ChildProcess;
let baseUrl: string;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  // A cluster of its own, and the server's start: as the e2e server's fixture (support/test.ts), it may take minutes on
  // a loaded machine.
  test.setTimeout(240_000);
  cluster = await startOwnCluster();
  // The production start (main.js of this worker's build, as the operator commands run it): a tsx start of main.ts
  // took about three times the CPU.
  // The preload stops it when this worker ends in any way (a timed-out hook included): no server outlives the run.
  server = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, path.join(serverBuild(), 'main.js')], {
    cwd: root,
    env: leashedEnv({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      REQUEST_SIGN_SECRET: OWN_SECRET,
      DATABASE_URL: cluster.url,
      PORT: '0',
      HOST: '127.0.0.1',
      ROLES: 'api',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      CONSOLE_DIST_DIR: '/nonexistent',
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
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
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  cluster?.remove();
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
  // Signed and accepted (a server without the dev seed has no announcement to list: the answer is what counts).
  expect((await (await announcements).json()).code).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', /./);
  await expect(page.getByText('Invalid parameter')).toHaveCount(0);
  expect(refused).toEqual([]);
});

const LANGUAGES = ['en', 'zhCN', 'ar'] as const;

// The three languages' pages share one stop and one start of the database: each stop and start costs the cluster its
// shutdown and recovery and the app its Retry-After wait, and what each page shows depends only on its language.
test(`[reconnect] the database stops and starts: "Reconnecting…" under the header, then served (${LANGUAGES.join(', ')}; 390)`, async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pages = await Promise.all(
    LANGUAGES.map(async (language) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
      const answers: number[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/v1/')) answers.push(r.status());
      });
      await page.goto(`${baseUrl}/`);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const banner = page.getByTestId('reconnecting');
      await expect(banner).toHaveCount(0);
      return { language, context, page, answers, banner };
    }),
  );

  cluster.stop('fast');
  // A fresh load of the screen: every read it makes meets the server's 503.
  await Promise.all(
    pages.map(async ({ language, page, answers, banner }) => {
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await expect(banner).toHaveText(texts[language].reconnect.banner);
      expect(answers, language).toContain(503);
      await expect(page.getByTestId('offline-screen')).toHaveCount(0);
      // Under the header, not over it.
      const header = await page.locator('.app-header').boundingBox();
      const box = await banner.boundingBox();
      expect(header && box && box.y >= header.y + header.height, language).toBe(true);
      if (SAVE_SCREENSHOTS) {
        await page.screenshot({
          path: path.join(SCREENSHOTS, language, 'reconnecting-390.png'),
          animations: 'disabled',
        });
      }
    }),
  );

  cluster.start();
  // Retry-After (5 s) later the reads are served, and the banner goes with the first answer.
  await Promise.all(
    pages.map(async ({ language, context, page, answers, banner }) => {
      await expect(banner).toHaveCount(0, { timeout: 40_000 });
      expect(answers.at(-1), language).toBe(200);
      await expect(page.locator('.toast-error')).toHaveCount(0);
      await context.close();
    }),
  );
});
