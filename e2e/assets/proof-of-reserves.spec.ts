import fs from 'node:fs';
import { type ReservesProofFile, verifyInclusionProof } from '@aidf/contract';
import type { Page } from '@playwright/test';
import { verifyProofFile } from '../../apps/server/src/cli/reserves-verify.ts';
import { DEV_OPERATOR_TOKEN } from '../../apps/server/src/config.ts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, e2eSession, screenshot, signIn } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const LOCALES = { en, zhCN, ar };

/** The operator API with the automation credential, as `npm run operator` calls it. */
async function ops<T>(baseURL: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/ops/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
      'x-operator': 'e2e-reserves',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${method} ${route}: ${response.status} ${json.code} ${json.msg}`);
  return json.data;
}

type Report = {
  id: string;
  root: { hash: string; sums: string[] };
  publication: { status: string; txHash: string | null; blockNumber: string | null };
  status: string;
  chainHoldings: Record<string, { at?: string; error?: string }> | null;
};

/**
 * A report made now and published by the treasury's publisher (it follows the dev chain like a watcher): its root
 * is in a confirmed BNB Smart Chain transaction when this answers.
 */
async function publishedReport(base: string): Promise<Report> {
  const made = await ops<Report>(base, 'POST', '/reserves/reports', { reason: 'e2e proof of reserves' });
  let latest = made;
  await expect
    .poll(
      async () => {
        latest = await ops<Report>(base, 'GET', '/reserves/reports/latest');
        return latest.id === made.id ? latest.publication.status : 'superseded';
      },
      { timeout: 40_000, intervals: [500] },
    )
    .toBe('published');
  return latest;
}

/** Signs in as the worker's user, with a wallet on BNB Smart Chain whose account the session shows. */
async function signInWithBscWallet(page: Page) {
  await signIn(page);
  const wallet = await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
  await page.addInitScript((address) => {
    window.localStorage.setItem('address', address);
    window.sessionStorage.setItem('walletAddress', address);
  }, wallet.address());
  return wallet;
}

// The tests share the worker's signed-in user: its balances are credited once, each test runs a report of its own.
test.beforeAll(async ({ e2eServer }) => {
  const { username } = e2eSession();
  for (const [currency, amount] of [
    ['usdt', '12.5'],
    ['cow', '3.25'],
  ] as const) {
    await ops(e2eServer.url, 'POST', '/credit', { username, currency, submode: '00', amount, reason: 'e2e reserves' });
  }
});

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[assets] a user checks that their balance is included, its root read from the chain (${language})`, async ({
    page,
    baseURL,
  }) => {
    const t = LOCALES[language].reserves;
    const report = await publishedReport(baseURL as string);
    // English reads the chain through the user's wallet; the others without one, through the chain's RPC.
    const wallet = language === 'en' ? await signInWithBscWallet(page) : null;
    if (!wallet) await signIn(page);
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/personalAssets');
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('open-reserves-proof').click();
    const dialog = page.getByTestId('reserves-dialog');
    await expect(dialog.getByRole('heading', { name: t.title })).toBeVisible();
    const verdict = dialog.getByTestId('reserves-verdict');
    await expect(verdict).toHaveText(t.includedOnChain);
    await expect(verdict).toHaveAttribute('data-tone', 'ok');
    if (wallet) {
      expect(await wallet.calls()).toContain('eth_getTransactionByHash');
      await expect(dialog.getByTestId('reserves-checked-via')).toContainText(en.reserves.viaWallet);
    } else {
      await expect(dialog.getByTestId('reserves-checked-via')).toContainText(new URL(e2eChains().bscRpcUrl).host);
    }
    // The root the browser verified is the one the operator's report made and the chain holds.
    await expect(dialog.getByTestId('reserves-root')).toHaveText(report.root.hash);
    const explorer = dialog.getByTestId('reserves-explorer');
    await expect(explorer).toHaveAttribute('href', `https://bscscan.com/tx/${report.publication.txHash}`);
    await expect(explorer).toContainText(report.publication.blockNumber as string);
    await expect(dialog.getByTestId('reserves-leaf-usdt')).toContainText('12.5 USDT');
    await expect(dialog.getByTestId('reserves-leaf-cow')).toContainText('3.25 COW');
    await expect(dialog.getByTestId('reserves-coverage')).toBeVisible();
    // Percents grouped as the language groups numbers, Latin digits: "198,708.39 %", never "198708.39 %".
    for (const line of await dialog.getByTestId('reserves-coverage').locator('dd').allTextContents()) {
      expect(line).not.toMatch(/\d{4}/);
      expect(line).not.toMatch(/[\u0660-\u0669]/);
    }
    // The block BNB Smart Chain was read at; a report that could not read the chain (a busy node) says so instead.
    const readAt = report.chainHoldings?.bsc?.at;
    if (readAt) await expect(dialog.getByTestId('reserves-block')).toHaveText(readAt);
    else await expect(dialog.getByText(t.coverageIncomplete)).toBeVisible();
    // No proof file on a phone: there is no terminal to check it with.
    await expect(dialog.getByTestId('reserves-download')).toBeHidden();

    await screenshot(page, language, 'dialog-reserves-proof');
  });
}

test('[assets] on a computer, a user downloads the proof, which holds offline with its root on chain (en)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const report = await publishedReport(baseURL as string);
  await signIn(page);
  await page.goto('/personalAssets');
  await page.getByTestId('open-reserves-proof').click();
  const dialog = page.getByTestId('reserves-dialog');
  await expect(dialog.getByTestId('reserves-verdict')).toHaveAttribute('data-tone', 'ok');
  await expect(dialog.getByTestId('reserves-verify-command')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('reserves-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`proof-of-reserves-${report.id}.json`);
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as ReservesProofFile;
  expect(verifyInclusionProof(saved.proof)).toEqual({ ok: true });
  expect(saved.proof.root).toEqual(report.root);
  expect(saved.proof.userId).toBe(e2eSession().mid);
  expect(saved.publication.txHash).toBe(report.publication.txHash);
  const offline = await verifyProofFile(file, { rpcUrl: e2eChains().bscRpcUrl });
  expect(offline.lines).toContain(`root ${report.root.hash}`);
  expect(offline.code).toBe(0);
});

test('[assets] a user who signed up after the latest proof of reserves is told so (en)', async ({ page, baseURL }) => {
  await ops<Report>(baseURL as string, 'POST', '/reserves/reports', { reason: 'e2e proof of reserves' });
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  await page.goto('/');
  await signInWithWallet(page, 'bsc');
  await page.goto('/personalAssets');
  await page.getByTestId('open-reserves-proof').click();
  await expect(page.getByTestId('reserves-unavailable')).toHaveText(en.errors['81048']);
  await expect(page.getByTestId('reserves-verdict')).toHaveCount(0);
});
