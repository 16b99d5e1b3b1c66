import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';
import { expectToast, toastLog } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';
import { expectWithdrawalStatus } from '../support/withdrawals.ts';

const texts = { en, zhCN, ar } as const;
const LRI = '\u2066';
const PDI = '\u2069';

test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[withdraw] the withdrawal timeline follows the payout to its arrival and says so once (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = texts[language].withdraw;
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    await operator(baseURL as string, ['credit', username, 'cow', '50', '--reason', 'e2e withdrawal funding']);

    await page.goto('/withdraw');
    const form = page.getByTestId('withdraw-form');
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('button[type="submit"]').click();
    const item = page.getByTestId('withdrawal').first();
    // The wallet's signature, the request and the list's refetch: on a loaded machine more than the default 5 s.
    await expectWithdrawalStatus(item, baseURL as string, /requested|sent|confirmed/, { timeout: 30_000 });
    // Without a reload the item moves on and the screen says it arrived, once.
    await expectWithdrawalStatus(item, baseURL as string, 'confirmed', { timeout: 90_000 });
    const arrived = t.moved.confirmed.replace('{{amount}}', `${LRI}9.95 COW${PDI}`);
    await expectToast(page, arrived);
    await expect(item).toContainText(t.status.confirmed);
    await screenshot(page, language, 'withdraw-timeline');
    expect((await toastLog(page))?.texts.filter((text) => text === arrived)).toHaveLength(1);
  });
}

test('[withdraw] a withdrawal sent before the balance has loaded goes to the server, not refused for a balance of 0 (en)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, rpcUrl: e2eChains().bscRpcUrl });
  await page.goto('/');
  const username = (await signInWithWallet(page, 'bsc')).trim();
  await operator(baseURL as string, ['credit', username, 'cow', '50', '--reason', 'e2e withdrawal funding']);

  // The balance's answer is held until the request went out: on a loaded machine it can come after the form.
  let requestSent = () => {};
  const sent = new Promise<void>((resolve) => {
    requestSent = resolve;
  });
  await page.route('**/v1/ma/account/assets/**', async (route) => {
    await sent;
    await route.continue();
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/v1/oms/assets/withdraw/web3')) requestSent();
  });
  await page.goto('/withdraw');
  const form = page.getByTestId('withdraw-form');
  // No balance shown while it is unknown (not "0 COW available").
  await expect(form.locator('input[name="amount"]')).toBeVisible();
  await expect(form.getByTestId('withdraw-available')).toHaveCount(0);
  await form.locator('input[name="amount"]').fill('10');
  await form.locator('button[type="submit"]').click();
  await expectToast(page, en.withdraw.requested.split('{{')[0] as string, { timeout: 30_000 });
  await expect(form.locator('.field-error')).toHaveCount(0);
  await expectWithdrawalStatus(page.getByTestId('withdrawal').first(), baseURL as string, /requested|sent|confirmed/, {
    timeout: 30_000,
  });
  // Once loaded, the balance is the one the withdrawal left.
  await expect(form.getByTestId('withdraw-available')).toContainText('40 COW', { timeout: 30_000 });
});
