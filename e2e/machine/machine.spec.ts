import { createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { e2eChains, screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';
import { expectToast, toastLog } from '../support/toasts.ts';
import { devBsc, injectEvmWallet, signInWithWallet } from '../support/wallets.ts';
import { injectPayingSolanaWallet } from './solana-wallet.ts';

const texts = { en, zhCN, ar } as const;
const dayAfter = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A fresh wallet with the dev faucet's grant (1 BNB, 100 EOEO…), through the faucet page's own call. */
async function fundedBscKey(request: APIRequestContext) {
  const key = generatePrivateKey();
  const res = await request.post('/dev/faucet', { data: { chain: 'bnb', address: privateKeyToAccount(key).address } });
  expect((await res.json()).code).toBe(200);
  return key;
}

/**
 * Signs in with the wallet, has the operator credit `credit` (its account exists from the sign-in on), then opens
 * /machine: the shop's first load already shows the credited balance, with no reload.
 */
async function signedInWithCredit(
  page: Page,
  base: string,
  language: 'en' | 'ar',
  chain: 'bsc' | 'solana',
  credit: [currency: string, amount: string],
) {
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/');
  const username = (await signInWithWallet(page, chain)).trim();
  await operator(base, ['credit', username, ...credit, '--reason', 'e2e machine part payment']);
  await page.goto('/machine');
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  return username;
}

/** Waits for the order's status after paying; a failure shows the status and every toast seen (support/toasts.ts). */
async function expectStatusAfterPay(page: Page, status: string) {
  const state = page.getByTestId('buy-dialog').getByTestId('order-state');
  await expect
    .poll(async () => `${await state.getAttribute('data-status')} ${JSON.stringify((await toastLog(page))?.texts)}`, {
      timeout: 60_000,
    })
    .toMatch(new RegExp(`^${status} `));
}

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'ar'] as const) {
  test(`[machine] buys a 100 machine with 0.1 of its 0.15 BNB in balance, pays the rest from the wallet, and it mines (${language})`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL as string;
    // The collection address is the e2e server's own (support/e2e-server.ts): a money setting needs two admins.
    const key = await fundedBscKey(request);
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, privateKey: key, rpcUrl: e2eChains().bscRpcUrl });
    await signedInWithCredit(page, base, language, 'bsc', ['bnb', '0.1']);

    // The price items, grouped by worth; the 100 machine paid in BNB opens its detail.
    const group = page.locator('[data-testid="worth-group"][data-worth="100"]');
    await expect(group.getByTestId('price-item')).toHaveCount(3);
    await screenshot(page, language, 'machine-shop');
    const bnbItem = group.getByTestId('price-item').filter({ hasText: '0.15 BNB' });
    await bnbItem.locator('.machine-price').click();
    const detail = page.getByTestId('machine-detail');
    await expect(detail.getByTestId('detail-daily')).toContainText('1 AIDF');
    await expect(detail.getByTestId('detail-cap')).toContainText('200 AIDF');
    await expect(detail.getByTestId('detail-days')).toContainText('200');
    await screenshot(page, language, 'dialog-machine-detail');

    // Buying: 0.1 BNB from the balance is held, 0.05 BNB is lacking (status 0).
    await detail.getByTestId('detail-buy').click();
    const dialog = page.getByTestId('buy-dialog');
    await screenshot(page, language, 'dialog-machine-buy');
    await dialog.getByTestId('buy-confirm').click();
    const state = dialog.getByTestId('order-state');
    await expect(state).toHaveAttribute('data-status', '0');
    await expect(dialog.getByTestId('order-lack')).toContainText('0.05 BNB');
    await screenshot(page, language, 'dialog-machine-order-lacking');

    // Paying the rest from the wallet: the transaction id is submitted (status 2), then confirmed (status 1).
    await dialog.getByTestId('order-pay').click();
    await expectStatusAfterPay(page, '2');
    await screenshot(page, language, 'dialog-machine-order-pending');
    await expectToast(page, language === 'en' ? 'Purchase successful' : 'تم الشراء بنجاح', { timeout: 90_000 });
    await expect(dialog).toHaveCount(0);
    const machine = page.getByTestId('machine-list').getByTestId('machine');
    await expect(machine).toHaveAttribute('data-status', 'running');
    await expect(machine.getByTestId('machine-mined')).toContainText('0 / 200 AIDF');
    // One machine running: the next purchase waits until it is out (81024).
    await expect(page.getByTestId('buy-item').first()).toBeDisabled();

    // The operator moves time forward: a day of mining is 1 AIDF (100 × 1 %).
    expect(await operator(base, ['run-job', 'machine-mining', '--date', dayAfter(1)])).toContain('done');
    await page.reload();
    await expect(machine.getByTestId('machine-mined')).toContainText('1 / 200 AIDF');
    await expect(machine.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    await screenshot(page, language, 'machine-mining');
  });
}

test('[machine] an order awaiting payment, paid from the wallet outside the app, turns paid on screen (en)', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  // The collection address the e2e server was started with (a money setting: one operator cannot change it).
  const [key, settings] = await Promise.all([fundedBscKey(request), operator(base, ['config'])]);
  const collection = /^machine\.collectionAddress\.bsc\s+(0x[0-9a-fA-F]{40})/m.exec(settings)?.[1] as `0x${string}`;
  expect(collection).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const { bscRpcUrl } = e2eChains();
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true, privateKey: key, rpcUrl: bscRpcUrl });
  await signedInWithCredit(page, base, 'en', 'bsc', ['bnb', '0.1']);
  const group = page.locator('[data-testid="worth-group"][data-worth="100"]');
  await group.getByTestId('price-item').filter({ hasText: '0.15 BNB' }).locator('.machine-price').click();
  await page.getByTestId('machine-detail').getByTestId('detail-buy').click();
  const dialog = page.getByTestId('buy-dialog');
  await dialog.getByTestId('buy-confirm').click();
  await expect(dialog.getByTestId('order-state')).toHaveAttribute('data-status', '0');

  // The lack is sent from the same wallet by hand (another app, say), and no transaction id is reported: the
  // watcher finds the payment and the open dialog, following the order, says it is paid.
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: devBsc(bscRpcUrl),
    transport: http(bscRpcUrl),
  });
  await wallet.sendTransaction({ to: collection, value: parseEther('0.05') });
  await expectToast(page, en.messages.ms40, { timeout: 90_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('machine-list').getByTestId('machine')).toHaveAttribute('data-status', 'running');
  expect((await toastLog(page))?.texts.filter((text) => text === en.messages.ms40)).toHaveLength(1);
});

test('[machine] buys a 100 machine paid in SOL: 0.3 of 0.6 SOL in balance, the rest from a Solana wallet (en)', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  const wallet = await injectPayingSolanaWallet(page);
  const res = await request.post('/dev/faucet', { data: { chain: 'sol', address: wallet.address } });
  expect((await res.json()).code).toBe(200);
  await signedInWithCredit(page, base, 'en', 'solana', ['sol', '0.3']);

  // BNB cannot be paid from a Solana wallet (ms69); the order is cancelled and its hold released.
  const group = page.locator('[data-testid="worth-group"][data-worth="100"]');
  await group.getByTestId('price-item').filter({ hasText: '0.15 BNB' }).getByTestId('buy-item').click();
  const dialog = page.getByTestId('buy-dialog');
  await dialog.getByTestId('buy-confirm').click();
  const state = dialog.getByTestId('order-state');
  await expect(dialog.getByTestId('order-lack')).toContainText('0.15 BNB');
  await dialog.getByTestId('order-pay').click();
  await expectToast(page, 'This currency cannot be paid on the current chain');
  await dialog.getByTestId('order-cancel').click();
  await expectToast(page, 'Order cancelled');
  await expect(page.getByTestId('open-order')).toHaveCount(0);

  await group.getByTestId('price-item').filter({ hasText: '0.6 SOL' }).getByTestId('buy-item').click();
  await dialog.getByTestId('buy-confirm').click();
  await expect(state).toHaveAttribute('data-status', '0');
  await expect(dialog.getByTestId('order-lack')).toContainText('0.3 SOL');
  await screenshot(page, 'en', 'dialog-machine-order-lacking-sol');

  await dialog.getByTestId('order-pay').click();
  await expectStatusAfterPay(page, '2');
  await expectToast(page, 'Purchase successful', { timeout: 90_000 });
  const machine = page.getByTestId('machine-list').getByTestId('machine');
  await expect(machine).toHaveAttribute('data-status', 'running');
  await screenshot(page, 'en', 'machine-bought-sol');
});

/** Sets a password for the signed-in wallet account (signed by its wallet) and signs out. */
async function setPasswordAndSignOut(page: Page, password: string) {
  await page.goto('/me');
  await page.getByTestId('set-password').click();
  const reset = page.getByTestId('reset-password');
  await reset.locator('input[name="newPassword"]').fill(password);
  await reset.locator('input[name="confirmPassword"]').fill(password);
  await reset.locator('button[type="submit"]').click();
  await expect(reset).toHaveCount(0);
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('header-address')).toHaveCount(0);
}

/** Signs in by login name and password: a session without any connected wallet. */
async function passwordLogin(page: Page, language: keyof typeof texts, username: string, password: string) {
  await page.goto('/');
  await page.getByTestId('connect-wallet').click();
  await page.getByRole('button', { name: texts[language].auth.passwordLogin }).click();
  const login = page.getByTestId('password-login');
  await login.locator('input[name="loginName"]').fill(username);
  await login.locator('input[name="password"]').fill(password);
  await login.locator('button[type="submit"]').click();
  // A sign-in beside the other worker's browser and the API tests can take seconds.
  await expect(page.getByTestId('header-user')).toHaveText(username, { timeout: 30_000 });
}

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[machine] signed in by password, "Pay from wallet" connects the bound wallet and refuses another account with ms48 (${language})`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const base = baseURL as string;
    const t = texts[language];
    const key = await fundedBscKey(request);
    const wallet = await injectEvmWallet(page, {
      chainId: '0x38',
      knowsBsc: true,
      privateKey: key,
      rpcUrl: e2eChains().bscRpcUrl,
    });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    // An account whose bound address is the funded wallet's, with a password.
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    // The operator's credit and the password are independent once the account exists: both at once.
    await Promise.all([
      setPasswordAndSignOut(page, 'Secret123'),
      operator(base, ['credit', username, 'bnb', '0.1', '--reason', 'e2e machine part payment']),
    ]);

    // Signed in by password while the wallet shows another account: paying signs out with ms48.
    await wallet.switchAccount();
    await passwordLogin(page, language, username, 'Secret123');
    await page.goto('/machine');
    const group = page.locator('[data-testid="worth-group"][data-worth="100"]');
    await group.getByTestId('price-item').filter({ hasText: '0.15 BNB' }).getByTestId('buy-item').click();
    const dialog = page.getByTestId('buy-dialog');
    await dialog.getByTestId('buy-confirm').click();
    await expect(dialog.getByTestId('order-state')).toHaveAttribute('data-status', '0');
    await screenshot(page, language, 'dialog-machine-order-lacking-password-session');
    await dialog.getByTestId('order-pay').click();
    await expect(page.locator('.toast')).toHaveText(t.messages.ms48);
    await expect(page.getByTestId('header-user')).toHaveText(t.common.notLoggedIn);
    await screenshot(page, language, 'machine-pay-other-account-signed-out');
    if (language !== 'en') return;

    // The bound account in the wallet: the wallet is connected and pays the rest; the order is paid.
    await wallet.switchAccount(key);
    await passwordLogin(page, language, username, 'Secret123');
    await page.goto('/machine');
    await page.getByTestId('resume-order').click();
    await dialog.getByTestId('order-pay').click();
    await expectStatusAfterPay(page, '2');
    await expectToast(page, en.messages.ms40, { timeout: 90_000 });
    await expect(page.getByTestId('machine-list').getByTestId('machine')).toHaveAttribute('data-status', 'running');

    // Recharge from the wallet in the same password session: the wallet sends, the deposit is credited.
    await page.goto('/recharge');
    const form = page.getByTestId('recharge-form');
    await form.locator('input[name="amount"]').fill('10');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-stage', 'credited', { timeout: 60_000 });
  });
}
