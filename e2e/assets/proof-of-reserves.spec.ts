import fs from 'node:fs';
import { type InclusionProof, verifyInclusionProof } from '@aidf/contract';
import { verifyProofFile } from '../../apps/server/src/cli/reserves-verify.ts';
import { DEV_OPERATOR_TOKEN } from '../../apps/server/src/config.ts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import { e2eSession, screenshot, signIn } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const LOCALES = { en, ar };

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

type Report = { id: string; root: { hash: string; sums: string[] } };

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

for (const language of ['en', 'ar'] as const) {
  test(`[assets] a user checks that their balance is included in the proof of reserves (${language})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL as string;
    const t = LOCALES[language].reserves;
    const made = await ops<Report>(base, 'POST', '/reserves/reports', { reason: 'e2e proof of reserves' });
    const latest = await ops<Report>(base, 'GET', '/reserves/reports/latest');
    expect(latest.id).toBe(made.id);

    await signIn(page);
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/personalAssets');
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('open-reserves-proof').click();
    const dialog = page.getByTestId('reserves-dialog');
    await expect(dialog.getByRole('heading', { name: t.title })).toBeVisible();
    const verdict = dialog.getByTestId('reserves-verdict');
    await expect(verdict).toHaveText(t.included);
    await expect(verdict).toHaveAttribute('data-ok', 'true');
    // The root the browser verified against is the one the operator's report published.
    await expect(dialog.getByTestId('reserves-root')).toHaveText(latest.root.hash);
    await expect(dialog.getByTestId('reserves-leaf-usdt')).toContainText('12.5 USDT');
    await expect(dialog.getByTestId('reserves-leaf-cow')).toContainText('3.25 COW');
    await expect(dialog.getByTestId('reserves-leaf-bnb')).toContainText('0 BNB');
    const steps = Number(await dialog.getByTestId('reserves-steps').textContent());
    expect(steps).toBeGreaterThanOrEqual(0);

    // The downloaded file is the proof itself: it holds offline, as `npm run operator -- reserves-verify` reads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('reserves-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`proof-of-reserves-${made.id}.json`);
    const file = await download.path();
    const proof = JSON.parse(fs.readFileSync(file, 'utf8')) as InclusionProof;
    expect(verifyInclusionProof(proof)).toEqual({ ok: true });
    expect(proof.root).toEqual(latest.root);
    expect(proof.userId).toBe(e2eSession().mid);
    expect(proof.path).toHaveLength(steps);
    const offline = verifyProofFile(file);
    expect(offline.ok).toBe(true);
    expect(offline.lines).toContain(`root ${latest.root.hash}`);

    await screenshot(page, language, 'dialog-reserves-proof');
  });
}

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
